/// Why ``JSONParser`` rejected its input, and where.
@_spi(Generated) public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The zero-based byte offset of the offending byte (the input's length at an unexpected end).
    public let offset: Int
    /// The one-based line of the offending byte (lines end at `\n`).
    public let line: Int
    /// The one-based column of the offending byte, counted in Unicode scalars within its line.
    public let column: Int
    /// What is wrong, e.g. `expected ',' or '}' after an object member`.
    public let message: String

    /// Creates an error.
    public init(offset: Int, line: Int, column: Int, message: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
    }

    /// Creates an error at `offset` in `bytes`, computing its line and column.
    init(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, message: String) {
        var line = 1
        var column = 1
        let end = min(offset, bytes.count)
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        self.init(offset: offset, line: line, column: column, message: message)
    }

    /// `line 3, column 7 (byte 41): expected ':' after an object key`.
    public var description: String {
        "line \(line), column \(column) (byte \(offset)): \(message)"
    }
}

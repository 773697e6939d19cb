/// UTF-8 text that lives as long as the process: the bytes of a string literal, or of a copy that is never freed.
///
/// A ``SchemaRule`` holds its locations as `LiteralText`, so a rule stays plain data (copied without reference
/// counting) whether it was written as `SchemaRule(..., at: "/pointer")` or read from a packed table
/// (``SchemaRule/table(_:patterns:)``), whose locations are slices of the table's literal.
@usableFromInline struct LiteralText: @unchecked Sendable {
    // @unchecked: the bytes are immutable and never freed, so sharing the pointer across threads is safe.
    @usableFromInline let start: UnsafePointer<UInt8>
    @usableFromInline let count: Int

    /// The bytes of `literal`. A one-scalar literal the compiler stored as a scalar, not as bytes, is copied once
    /// into memory that is never freed (rules are made for static tables only).
    init(_ literal: StaticString) {
        if literal.hasPointerRepresentation {
            start = literal.utf8Start
            count = literal.utf8CodeUnitCount
        } else {
            let bytes = Array(String(literal.unicodeScalar).utf8)
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            copy.initialize(from: bytes, count: bytes.count)
            start = UnsafePointer(copy)
            count = bytes.count
        }
    }

    /// `count` bytes at `start`, which must stay valid for the life of the process.
    init(start: UnsafePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }

    /// The text; built only when a failure is reported.
    var string: String {
        String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
}

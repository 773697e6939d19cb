extension SchemaRule {
    /// The rules of a table written as text, one row per line, the way generated validators declare them:
    ///
    /// ```swift
    /// let memberPropertyRules: [SchemaRule] = SchemaRule.table("""
    ///     in openapi.yaml
    ///     type=string format=uri @/components/schemas/Member/properties/avatar
    ///     -
    ///     type=string|null maxLength=40 pattern=0 @/components/schemas/Member/properties/nickname
    ///     """, patterns: [memberNicknamePattern])
    /// ```
    ///
    /// - `in <document>` sets the document of the rows after it (it is not a row);
    /// - `-` is ``anything``: a member checked by a generated function, or one with nothing to check;
    /// - any other line is a rule: space-separated keywords, then `@` and the schema's JSON pointer to the end of the
    ///   line. Keywords: `type=<name>|<name>…` (`type=` alone is the empty set), `draft4` (draft 4 integers),
    ///   `minLength=<n>`, `maxLength=<n>`, `pattern=<index into patterns>`, `format=<name>`.
    ///
    /// A table is one string literal instead of an array literal of initializer calls: the compiler emitted about a
    /// hundred bytes of machine code per row for the calls, and a tenth of a generated client's build went to them
    /// (Docs/performance.md). The locations are slices of the literal, so the rules stay plain data. The text is
    /// written by apigen; a line it cannot read is a programming error and stops the process with the line.
    public static func table(_ rows: StaticString, patterns: [ECMARegex] = []) -> [SchemaRule] {
        precondition(rows.hasPointerRepresentation, "SchemaRule.table: rows must be a string literal of lines")
        let retained = patterns.map { Unmanaged.passRetained($0) }
        let base = rows.utf8Start
        var reader = TableReader(bytes: UnsafeBufferPointer(start: base, count: rows.utf8CodeUnitCount))
        var rules: [SchemaRule] = []
        var document = LiteralText(start: base, count: 0)
        while let line = reader.nextLine() {
            if line.text == "-" {
                rules.append(.anything)
            } else if line.text.hasPrefix("in ") {
                document = LiteralText(start: base + line.offset + 3, count: line.count - 3)
            } else {
                rules.append(rule(line, base: base, document: document, patterns: retained))
            }
        }
        return rules
    }

    private static func rule(_ line: TableReader.Line, base: UnsafePointer<UInt8>, document: LiteralText,
                             patterns: [Unmanaged<ECMARegex>]) -> SchemaRule {
        guard let at = line.text.utf8.firstIndex(of: UInt8(ascii: "@")) else { malformed(line.text) }
        let keywordsCount = line.text.utf8.distance(from: line.text.utf8.startIndex, to: at)
        var types: JSONTypeSet?
        var draft4Integers = false
        var minLength: Int?
        var maxLength: Int?
        var pattern: Unmanaged<ECMARegex>?
        var format: JSONSchemaFormat?
        for keyword in line.text.utf8.prefix(keywordsCount).split(separator: UInt8(ascii: " ")) {
            let text = String(decoding: keyword, as: UTF8.self)
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count == 2 ? String(parts[1]) : nil
            switch (parts[0], value) {
            case ("type", let names?):
                var set: JSONTypeSet = []
                for name in names.split(separator: "|") {
                    guard let member = JSONTypeSet(name: String(name)) else { malformed(line.text) }
                    set.formUnion(member)
                }
                types = set
            case ("draft4", nil): draft4Integers = true
            case ("minLength", let number?):
                guard let limit = Int(number) else { malformed(line.text) }
                minLength = limit
            case ("maxLength", let number?):
                guard let limit = Int(number) else { malformed(line.text) }
                maxLength = limit
            case ("pattern", let index?):
                guard let position = Int(index), patterns.indices.contains(position) else { malformed(line.text) }
                pattern = patterns[position]
            case ("format", let name?): format = JSONSchemaFormat(name: name)
            default: malformed(line.text)
            }
        }
        let pointer = LiteralText(start: base + line.offset + keywordsCount + 1, count: line.count - keywordsCount - 1)
        return SchemaRule(types: types, draft4Integers: draft4Integers, minLength: minLength, maxLength: maxLength,
                          pattern: pattern, format: format, document: document, pointer: pointer)
    }

    private static func malformed(_ line: String) -> Never {
        preconditionFailure("SchemaRule.table: cannot read the row '\(line)'")
    }
}

/// The lines of a table's literal with their byte offsets (the literal's indentation is already stripped by the
/// compiler; an empty line is skipped).
private struct TableReader {
    struct Line {
        let text: String
        let offset: Int
        let count: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func nextLine() -> Line? {
        while position < bytes.count {
            let start = position
            while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
            let end = position
            position += 1
            if end > start {
                return Line(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self),
                            offset: start, count: end - start)
            }
        }
        return nil
    }
}

// libyaml, vendored by Yams as its `CYaml` module: the loader reads parser events straight into `SpecNode`s.
import CYaml

/// Loads YAML 1.1/1.2 through libyaml's event parser into a located ``SpecNode`` tree.
/// Plain scalars are resolved by the YAML 1.2 core schema (so `yes` stays a string), tags are ignored, aliases are
/// expanded, and merge keys (`<<: *anchor`) are applied with explicit keys winning.
///
/// Building the tree from events, instead of composing Yams' `Node` graph and converting it, halves the time to
/// load a large spec (the GitHub description is 3 MB of YAML).
struct YAMLLoader: ~Copyable {
    /// Expanded aliases can grow a small file exponentially ("billion laughs"); stop long before memory runs out.
    static let nodeLimit = 5_000_000

    private let file: String
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private var nodeCount = 0
    /// Anchored nodes as built where the anchor is defined; an alias copies one with the pointers of its own place.
    private var anchors: [String: SpecNode] = [:]

    private init(file: String) {
        self.file = file
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    static func load(_ text: String, file: String) throws(Diagnostic) -> SpecNode {
        var text = text
        text.makeContiguousUTF8()
        let result = text.utf8.withContiguousStorageIfAvailable { whole -> Result<SpecNode, Diagnostic> in
            // libyaml skips a byte order mark only when it detects the encoding itself; it is told UTF-8, so a mark
            // right before the first key became part of that key ("did not find expected <document start>").
            let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
            let bytes = whole.starts(with: byteOrderMark) ? UnsafeBufferPointer(rebasing: whole.dropFirst(3)) : whole
            var loader = YAMLLoader(file: file)
            yaml_parser_set_input_string(loader.parser, bytes.baseAddress, bytes.count)
            return Result { () throws(Diagnostic) in try loader.loadStream(bytes) }
        }
        guard let result else {
            throw Diagnostic(.error, "invalid YAML input: the text is not contiguous UTF-8", at: SourceLocation(file: file, line: 1, column: 1))
        }
        return try result.get()
    }

    // MARK: - Documents

    private mutating func loadStream(_ bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> SpecNode {
        var event = try next(bytes)
        defer { yaml_event_delete(&event) }
        guard event.type == YAML_STREAM_START_EVENT else { throw unexpected(event) }
        var start = try next(bytes)
        defer { yaml_event_delete(&start) }
        if start.type == YAML_STREAM_END_EVENT {
            throw Diagnostic(.error, "the document is empty", at: SourceLocation(file: file, line: 1, column: 1))
        }
        guard start.type == YAML_DOCUMENT_START_EVENT else { throw unexpected(start) }
        var first = try next(bytes)
        defer { yaml_event_delete(&first) }
        let root = try loadNode(first, pointer: "", bytes)
        var end = try next(bytes)
        defer { yaml_event_delete(&end) }
        guard end.type == YAML_DOCUMENT_END_EVENT else { throw unexpected(end) }
        var after = try next(bytes)
        defer { yaml_event_delete(&after) }
        if after.type != YAML_STREAM_END_EVENT {
            throw Diagnostic(.error, "invalid YAML: but found another document (expected a single document in the stream)",
                             at: location(after.start_mark))
        }
        return root
    }

    // MARK: - Nodes

    /// Builds the node that starts with `event` (which the caller deletes), consuming its events up to its end.
    private mutating func loadNode(_ event: yaml_event_t, pointer: String, _ bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> SpecNode {
        try count(at: event.start_mark, pointer: pointer)
        let node: SpecNode
        let anchor: UnsafeMutablePointer<yaml_char_t>?
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let value: ScalarValue = scalar.style == YAML_PLAIN_SCALAR_STYLE ? .resolvePlain(text) : .string(text)
            node = SpecNode(.scalar(value), location: location(event.start_mark), pointer: pointer)
            anchor = scalar.anchor
        case YAML_SEQUENCE_START_EVENT:
            var elements: [SpecNode] = []
            while true {
                var element = try next(bytes)
                defer { yaml_event_delete(&element) }
                if element.type == YAML_SEQUENCE_END_EVENT { break }
                elements.append(try loadNode(element, pointer: pointer + "/" + String(elements.count), bytes))
            }
            node = SpecNode(.sequence(elements), location: location(event.start_mark), pointer: pointer)
            anchor = event.data.sequence_start.anchor
        case YAML_MAPPING_START_EVENT:
            node = try loadMapping(event, pointer: pointer, bytes)
            anchor = event.data.mapping_start.anchor
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor)
            guard let target = anchors[name] else {
                throw Diagnostic(.error, "invalid YAML: found undefined alias '\(name)'", at: location(event.start_mark), pointer: pointer)
            }
            nodeCount -= 1  // `repointed` counts the alias' root again
            return try repointed(target, to: pointer)
        default:
            throw unexpected(event)
        }
        if let anchor { anchors[Self.string(anchor)] = node }
        return node
    }

    private mutating func loadMapping(_ start: yaml_event_t, pointer: String, _ bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> SpecNode {
        var entries: [SpecNode.Entry] = []
        var merged: [SpecNode.Entry] = []
        var seen = Set<String>()
        while true {
            var keyEvent = try next(bytes)
            defer { yaml_event_delete(&keyEvent) }
            if keyEvent.type == YAML_MAPPING_END_EVENT { break }
            guard keyEvent.type == YAML_SCALAR_EVENT else {
                throw Diagnostic(.error, "a mapping key must be a string, a number or a boolean, not a \(keyEvent.type == YAML_ALIAS_EVENT ? "YAML alias" : "collection")",
                                 at: location(keyEvent.start_mark), pointer: pointer,
                                 hint: "API descriptions are JSON documents: write the key as plain text")
            }
            let scalar = keyEvent.data.scalar
            let key = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let keyLocation = location(keyEvent.start_mark)
            var valueEvent = try next(bytes)
            defer { yaml_event_delete(&valueEvent) }
            if key == "<<", scalar.style == YAML_PLAIN_SCALAR_STYLE {
                let value = try loadNode(valueEvent, pointer: pointer, bytes)
                for source in value.elements ?? [value] {
                    guard let sourceEntries = source.entries else {
                        throw Diagnostic(.error, "a merge key '<<' must refer to a mapping or a list of mappings",
                                         at: source.location, pointer: pointer)
                    }
                    merged.append(contentsOf: sourceEntries)
                }
                continue
            }
            if !seen.insert(key).inserted {
                throw Diagnostic(.error, "duplicate key '\(key)' in mapping", at: keyLocation,
                                 pointer: pointer, hint: "remove one of the two '\(key)' entries")
            }
            let value = try loadNode(valueEvent, pointer: JSONPointer.appending(pointer, key), bytes)
            entries.append(SpecNode.Entry(key: key, keyLocation: keyLocation, value: value))
        }
        for entry in merged where seen.insert(entry.key).inserted {
            entries.append(SpecNode.Entry(key: entry.key, keyLocation: entry.keyLocation,
                                          value: try repointed(entry.value, to: JSONPointer.appending(pointer, entry.key))))
        }
        return SpecNode(.mapping(entries), location: location(start.start_mark), pointer: pointer)
    }

    /// A copy of `node` at `pointer` (an alias or a merged entry), counted against the node limit.
    private mutating func repointed(_ node: SpecNode, to pointer: String) throws(Diagnostic) -> SpecNode {
        if node.pointer == pointer { return node }
        try count(at: node.location, pointer: pointer)
        switch node.content {
        case .scalar:
            return SpecNode(node.content, location: node.location, pointer: pointer)
        case .sequence(let elements):
            var copies: [SpecNode] = []
            copies.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() { copies.append(try repointed(element, to: pointer + "/" + String(index))) }
            return SpecNode(.sequence(copies), location: node.location, pointer: pointer)
        case .mapping(let entries):
            var copies: [SpecNode.Entry] = []
            copies.reserveCapacity(entries.count)
            for entry in entries {
                copies.append(SpecNode.Entry(key: entry.key, keyLocation: entry.keyLocation,
                                             value: try repointed(entry.value, to: JSONPointer.appending(pointer, entry.key))))
            }
            return SpecNode(.mapping(copies), location: node.location, pointer: pointer)
        }
    }

    private mutating func count(at mark: yaml_mark_t, pointer: String) throws(Diagnostic) {
        try count(at: location(mark), pointer: pointer)
    }

    private mutating func count(at location: SourceLocation, pointer: String) throws(Diagnostic) {
        nodeCount += 1
        if nodeCount > Self.nodeLimit {
            throw Diagnostic(.error, "the document expands to more than \(Self.nodeLimit) nodes (alias expansion?)",
                             at: location, pointer: pointer)
        }
    }

    // MARK: - Events and errors

    /// The next event; the caller deletes it.
    private mutating func next(_ bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> yaml_event_t {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw parserError(bytes) }
        return event
    }

    private func parserError(_ bytes: UnsafeBufferPointer<UInt8>) -> Diagnostic {
        let parser = self.parser.pointee
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.error {
        case YAML_READER_ERROR:
            return Diagnostic(.error, "invalid YAML input: \(problem)", at: location(ofByte: parser.problem_offset, in: bytes))
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            let detail = parser.context.map { " (\(String(cString: $0)))" } ?? ""
            return Diagnostic(.error, "invalid YAML: \(problem)\(detail)", at: location(parser.problem_mark))
        case YAML_MEMORY_ERROR:
            return Diagnostic(.error, "invalid YAML: libyaml ran out of memory", at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return Diagnostic(.error, "invalid YAML: \(problem)", at: location(parser.problem_mark))
        }
    }

    private func unexpected(_ event: yaml_event_t) -> Diagnostic {
        Diagnostic(.error, "invalid YAML: unexpected parser event \(event.type.rawValue)", at: location(event.start_mark))
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1)
    }

    /// Line and column (in Unicode scalars, like libyaml's marks) of a byte offset.
    private func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var line = 1, column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    private static func string(_ pointer: UnsafePointer<yaml_char_t>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}

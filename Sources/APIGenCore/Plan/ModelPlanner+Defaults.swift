/// Members' `default` values: written as Swift literals, so an absent member decodes as its default and a value built
/// in code sends it.
extension ModelPlanner {
    /// Defaults with more values than this are left out (with a warning): a literal that large costs type-checking time
    /// in every build and is not what `default` is for.
    static let largestDefaultLiteral = 256

    /// The literal a member defaults to when absent, or nil: no `default`, a `null` one, or one apigen cannot apply,
    /// which is warned about (the member then has no default and stays optional).
    func memberDefault(of schema: Schema, usage: TypeUsage, property: String, model: String) -> String? {
        guard let node = schema.defaultValue, node.scalar != .null else { return nil }
        let subject = "the default \(describe(node)) of property '\(property)' of \(model)"
        if let keyword = keywordRefusing(node, in: schema) {
            // A reader that applies defaults (openapi-core) would make every value without the member invalid by the
            // description's own rules (openai: `{type: array, minItems: 1, default: []}`), so no one applies it.
            diagnostics.append(.warning(
                "\(subject) breaks its own `\(keyword)`; it is ignored (the member has no default)",
                at: node, hint: "fix the `default` in the API description"))
            return nil
        }
        if nodeCount(node, limit: Self.largestDefaultLiteral + 1) > Self.largestDefaultLiteral {
            diagnostics.append(.warning(
                "\(subject) holds more than \(Self.largestDefaultLiteral) values; apigen does not write it as a literal, and the member has no default",
                at: node, hint: "leave the default to the server, or shorten it"))
            return nil
        }
        if let literal = defaultLiteral(node, for: usage) { return literal }
        if refuses(node, usage) {
            diagnostics.append(.warning(
                "\(subject) is not a value of its type \(usage.swift); it is ignored (the member has no default)",
                at: node, hint: "fix the `default` in the API description"))
        }
        return nil
    }

    /// A Swift literal for a `default`, when the value fits the type; nil otherwise.
    func defaultLiteral(_ node: SpecNode, for usage: TypeUsage) -> String? {
        if let cases = usage.enumCases {
            guard let value = node.scalar else { return nil }
            return cases.first { $0.raw == value }.map { "." + $0.name }
        }
        // A union's default is the first case whose type can hold it (`"auto"` of `oneOf: [enum [auto], integer]`).
        if let cases = usage.unionCases {
            for unionCase in cases {
                if let literal = defaultLiteral(node, for: unionCase.usage) { return ".\(unionCase.name)(\(literal))" }
            }
            return nil
        }
        switch usage.container {
        case .array(of: let element):
            guard let elements = node.elements else { return nil }
            var literals: [String] = []
            for item in elements {
                guard let literal = defaultLiteral(item, for: element) else { return nil }
                literals.append(literal)
            }
            return "[" + literals.joined(separator: ", ") + "]"
        case .map(of: let value):
            guard let entries = node.entries else { return nil }
            if entries.isEmpty { return "[:]" }
            var literals: [String] = []
            for entry in entries {
                guard let literal = defaultLiteral(entry.value, for: value) else { return nil }
                literals.append(SwiftNaming.stringLiteral(entry.key) + ": " + literal)
            }
            return "[" + literals.joined(separator: ", ") + "]"
        case nil:
            break
        }
        if usage.swift == "JSONValue" { return jsonLiteral(node) }
        guard let value = node.scalar else { return nil }
        switch (usage.swift, value) {
        case ("String", .string(let text)): return SwiftNaming.stringLiteral(text)
        case ("Int", .int(let number)), ("Int64", .int(let number)): return String(number)
        case ("Int32", .int(let number)) where number >= Int(Int32.min) && number <= Int(Int32.max): return String(number)
        // `default: 3.0` is an integer to JSON Schema.
        case ("Int", .double(let number, _)), ("Int64", .double(let number, _)):
            return number.rounded() == number && abs(number) < 9.0e15 ? String(Int64(number)) : nil
        case ("Double", .int(let number)), ("Float", .int(let number)): return String(number)
        case ("Double", .double(let number, _)) where number.isFinite: return "\(number)"
        case ("Float", .double(let number, _)) where number.isFinite: return "\(number)"
        case ("Bool", .bool(let flag)): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// Whether the value is not one of the type at all (rather than one apigen does not write as a literal: a date, a
    /// struct, a union it cannot place).
    private func refuses(_ node: SpecNode, _ usage: TypeUsage) -> Bool {
        if usage.unionCases != nil { return false }
        if let cases = usage.enumCases { return node.scalar.map { value in !cases.contains { $0.raw == value } } ?? true }
        switch usage.container {
        case .array(of: let element):
            guard let elements = node.elements else { return true }
            return elements.contains { refuses($0, element) }
        case .map(of: let value):
            guard let entries = node.entries else { return true }
            return entries.contains { refuses($0.value, value) }
        case nil:
            return ["String", "Int", "Int64", "Int32", "Double", "Float", "Bool"].contains(usage.swift)
        }
    }

    /// The first of the schema's own keywords the default breaks (`type`, `enum`, lengths, item and member counts,
    /// bounds), mirroring the wire harness's judge (Scripts/wire/value_generation.py, `default_breaks_own_keywords`).
    private func keywordRefusing(_ node: SpecNode, in schema: Schema) -> String? {
        if let values = schema.enumValues, let value = node.scalar, !values.contains(value) { return "enum" }
        switch node.content {
        case .scalar(.string(let text)):
            let length = text.unicodeScalars.count
            if let minimum = schema.minLength, length < minimum { return "minLength" }
            if let maximum = schema.maxLength, length > maximum { return "maxLength" }
        case .scalar(.int), .scalar(.double):
            guard let number = node.number else { break }
            if let minimum = schema.minimum, number < minimum { return "minimum" }
            if let maximum = schema.maximum, number > maximum { return "maximum" }
            if let minimum = schema.exclusiveMinimum, number <= minimum { return "exclusiveMinimum" }
            if let maximum = schema.exclusiveMaximum, number >= maximum { return "exclusiveMaximum" }
        case .sequence(let elements):
            if let minimum = schema.minItems, elements.count < minimum { return "minItems" }
            if let maximum = schema.maxItems, elements.count > maximum { return "maxItems" }
        default:
            break
        }
        return nil
    }

    /// Any JSON value as a `JSONValue` literal (nil for numbers JSON cannot write).
    private func jsonLiteral(_ node: SpecNode) -> String? {
        switch node.content {
        case .scalar(.null): return "nil"
        case .scalar(.bool(let flag)): return flag ? "true" : "false"
        case .scalar(.int(let number)): return String(number)
        case .scalar(.double(let number, _)): return number.isFinite ? "\(number)" : nil
        case .scalar(.string(let text)): return SwiftNaming.stringLiteral(text)
        case .sequence(let elements):
            var literals: [String] = []
            for element in elements {
                guard let literal = jsonLiteral(element) else { return nil }
                literals.append(literal)
            }
            return "[" + literals.joined(separator: ", ") + "]"
        case .mapping(let entries):
            if entries.isEmpty { return "[:]" }
            var literals: [String] = []
            for entry in entries {
                guard let literal = jsonLiteral(entry.value) else { return nil }
                literals.append(SwiftNaming.stringLiteral(entry.key) + ": " + literal)
            }
            return "[" + literals.joined(separator: ", ") + "]"
        }
    }

    /// The number of values in a node, counting up to `limit`.
    private func nodeCount(_ node: SpecNode, limit: Int) -> Int {
        var count = 0
        var pending = [node]
        while let next = pending.popLast(), count < limit {
            count += 1
            switch next.content {
            case .scalar: break
            case .sequence(let elements): pending += elements
            case .mapping(let entries): pending += entries.map(\.value)
            }
        }
        return count
    }

    /// The default as the warning shows it: a scalar's text, or what kind of value it is.
    private func describe(_ node: SpecNode) -> String {
        node.scalar.map { "'\($0.description)'" } ?? node.kindName
    }
}

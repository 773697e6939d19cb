/// Writes a model property's `init(from:)` and `encode(to:)` statements, and a canonical shape's, from the planned
/// ``PropertyCoding`` values: the one place that knows which `KeyedDecodingContainer` / `KeyedEncodingContainer` call
/// reads or writes a member of a given presence and type.
enum PropertyCodingWriter {
    /// The statement of `init(from:)` that sets the property (or its box, `storageName`).
    static func decodeStatement(_ coding: PropertyCoding, name: String, storageName: String?) -> String {
        switch coding {
        case .member(let member):
            let read = memberRead(member)
            if let storageName { return "self.\(storageName) = try Indirect(" + read + ")" }
            return "self.\(name) = try " + read
        case .variant(let type):
            return "self.\(name) = try \(type)(from: decoder)"
        case .additionalProperties(let valueType, let declaredNames):
            return "self.\(name) = try container.decodeAdditionalProperties(\(valueType).self, excluding: \(list(declaredNames)))"
        case .position(let valueType, let isRequired):
            let read = "container.decode(\(valueType).self)"
            let value = isRequired ? read : "container.isAtEnd ? nil : \(read)"
            return storageName.map { "self.\($0) = try Indirect(\(value))" } ?? "self.\(name) = try \(value)"
        case .rest(let element):
            return "var rest: [\(element)] = []\n        while !container.isAtEnd { rest.append(try container.decode(\(element).self)) }\n        self.rest = rest"
        case .firstSpelling(let spellings):
            return "self.\(name) = try container.\(firstSpellingCall(spellings))"
        }
    }

    /// The statement of `encode(to:)` that writes the property (empty for a canonical field: shapes write it).
    static func encodeStatement(_ coding: PropertyCoding, name: String) -> String {
        switch coding {
        case .member(let member):
            let write = memberWrite(member, value: memberValue(member, name: name))
            return member.isReadOnly ? "if !RequestBodyEncoding.isActive { \(write) }" : write
        case .variant:
            return "try self.\(name).encode(to: encoder)"
        case .additionalProperties(_, let declaredNames):
            return "try container.encodeAdditionalProperties(self.\(name), excluding: \(list(declaredNames)))"
        case .position(_, let isRequired):
            // Positions after a missing one cannot be written: the array ends at the first missing position.
            return isRequired ? "try container.encode(self.\(name))"
                : "guard let \(name) = self.\(name) else { return }\n        try container.encode(\(name))"
        case .rest:
            return "for element in self.rest { try container.encode(element) }"
        case .firstSpelling:
            return ""
        }
    }

    /// The statements of `encode(to:shape:)` for one wire shape of a canonical model.
    static func shapeStatements(_ fields: [ShapeFieldCoding]) -> [String] {
        guard !fields.isEmpty else { return ["break"] }
        return fields.map { field in
            let key = "forKey: " + SwiftNaming.stringLiteral(field.wireName)
            let value = "self.\(field.propertyName)"
            switch field.kind {
            case .nullable(let isDate):
                return "try container.\(isDate ? "encodeNullableDateTime" : "encodeNullable")(\(value), \(key))"
            case .identifier(let asInteger, let isOptional):
                return "try container.encodeIdentifier\(isOptional ? "IfPresent" : "")(\(value), asInteger: \(asInteger), \(key))"
            case .dateTime(let ifPresent, let orNull):
                return "try container.encodeDateTime\(ifPresent ? "IfPresent" : orNull ? "OrNull" : "")(\(value), \(key))"
            case .value(let isOptional):
                return "try container.encode\(isOptional ? "IfPresent" : "")(\(value), \(key))"
            }
        }
    }

    private static func list(_ names: [String]) -> String {
        "[" + names.map(SwiftNaming.stringLiteral).joined(separator: ", ") + "]"
    }

    /// The `decodeFirst…` call that reads a canonical field from the first of its spellings present.
    private static func firstSpellingCall(_ spellings: SpellingsCoding) -> String {
        let keys = list(spellings.keys)
        let required = spellings.isRequired
        switch spellings.value {
        case .identifier(let textKeys):
            return "decodeFirstIdentifier\(required ? "" : "IfPresent")(forKeys: \(keys), textKeys: \(list(textKeys)))"
        case .nullable(let type):
            return "decodeFirstNullable(\(type).self, forKeys: \(keys))"
        case .nullableDateTime:
            return "decodeFirstNullableDateTime(forKeys: \(keys))"
        case .dateTime:
            return "decodeFirstDateTime\(required ? "" : "IfPresent")(forKeys: \(keys))"
        case .value(let type):
            return "decodeFirst\(required ? "" : "IfPresent")(\(type).self, forKeys: \(keys))"
        }
    }

    /// The call that reads a member, without its `try`.
    private static func memberRead(_ member: MemberCoding) -> String {
        let key = "forKey: \(SwiftNaming.stringLiteral(member.wireName))"
        let type = member.valueType
        let helper = member.dateTime.map { $0 == .single ? "DateTime" : "DateTimeArray" }
        switch member.presence {
        case .required:
            return helper.map { "container.decode\($0)(\(key))" } ?? "container.decode(\(type).self, \(key))"
        case .defaulted(let literal):
            return (helper.map { "container.decode\($0)IfPresent(\(key))" } ?? "container.decodeIfPresent(\(type).self, \(key))") + " ?? \(literal)"
        case .nullableDefaulted(let literal):
            return "container.decodeNullable(\(type).self, \(key)) ?? .value(\(literal))"
        case .nullableOptional:
            return helper != nil ? "container.decodeNullableDateTime(\(key))" : "container.decodeNullable(\(type).self, \(key))"
        case .requiredNullable, .optional:
            return helper.map { "container.decode\($0)IfPresent(\(key))" } ?? "container.decodeIfPresent(\(type).self, \(key))"
        }
    }

    /// `self.name`, converted to the canonical shape the member is sent as.
    private static func memberValue(_ member: MemberCoding, name: String) -> String {
        // `self.` because a property may be called `container` or `encoder`, like the locals of `encode(to:)`.
        let value = "self.\(name)"
        let chain = member.isOptionalValue ? "?" : ""
        switch member.sentShape {
        case .shape(let shape)?: return value + "\(chain).encoded(as: .\(shape))"
        case .eachElement(let shape)?: return value + "\(chain).map { $0.encoded(as: .\(shape)) }"
        case nil: return value
        }
    }

    private static func memberWrite(_ member: MemberCoding, value: String) -> String {
        let key = "forKey: \(SwiftNaming.stringLiteral(member.wireName))"
        let helper = member.dateTime.map { $0 == .single ? "DateTime" : "DateTimeArray" }
        switch member.presence {
        case .required, .defaulted:
            // An empty list is the one date-time array default with a literal.
            return helper.map { "try container.encode\($0)(\(value), \(key))" } ?? "try container.encode(\(value), \(key))"
        case .nullableDefaulted:
            return "try container.encodeNullable(\(value), \(key))"
        case .nullableOptional:
            return helper != nil ? "try container.encodeNullableDateTime(\(value), \(key))" : "try container.encodeNullable(\(value), \(key))"
        case .requiredNullable:
            return helper.map { "try container.encode\($0)OrNull(\(value), \(key))" } ?? "try container.encode(\(value), \(key))"
        case .optional:
            return helper.map { "try container.encode\($0)IfPresent(\(value), \(key))" } ?? "try container.encodeIfPresent(\(value), \(key))"
        }
    }
}

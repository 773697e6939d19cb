/// `envelope:` in `apigen.yml`: responses wrapped as `{status, reason, data}`.
public struct EnvelopeConfig: Sendable, Encodable, Equatable {
    /// Wire name of the status field.
    public var status = "status"
    /// Wire name of the reason (message) field.
    public var reason = "reason"
    /// Wire name of the payload field.
    public var data = "data"
    /// Status values that mean success; anything else is a server error.
    public var success: [String] = ["OK", "ok", "200"]

    /// The default envelope names.
    public init() {}
}

/// One entry of `models:`: several wire shapes that are one canonical Swift type.
public struct ModelMapping: Sendable, Encodable, Equatable {
    /// The canonical Swift type name.
    public var name: String
    /// References to the schemas that are this entity (`#/components/schemas/Profile`, `schemas/friend.json`),
    /// relative to the spec's root document.
    public var from: [String]
    /// Canonical field name -> the wire names it may arrive under, in order.
    public var fields: [FieldMapping]
    /// Where the entry is written, for diagnostics.
    public var location: SourceLocation?

    /// Creates a mapping.
    public init(name: String, from: [String], fields: [FieldMapping], location: SourceLocation? = nil) {
        self.name = name
        self.from = from
        self.fields = fields
        self.location = location
    }
}

/// A canonical field and its wire names.
public struct FieldMapping: Sendable, Encodable, Equatable {
    public var canonical: String
    public var wireNames: [String]

    /// Creates a field mapping.
    public init(canonical: String, wireNames: [String]) {
        self.canonical = canonical
        self.wireNames = wireNames
    }
}

extension GeneratorConfig {
    static func parseEnvelope(_ node: SpecNode, into diagnostics: inout [Diagnostic]) -> EnvelopeConfig? {
        guard let entries = node.entries else {
            diagnostics.append(.error("'envelope' must be a mapping with status, reason, data and success", at: node))
            return nil
        }
        var envelope = EnvelopeConfig()
        for entry in entries {
            switch entry.key {
            case "status", "reason", "data":
                guard let name = entry.value.string, !name.isEmpty else {
                    diagnostics.append(.error("'envelope.\(entry.key)' must be a field name", at: entry.value))
                    continue
                }
                if entry.key == "status" { envelope.status = name } else if entry.key == "reason" { envelope.reason = name } else { envelope.data = name }
            case "success":
                guard let values = entry.value.elements else {
                    diagnostics.append(.error("'envelope.success' must list the status values that mean success", at: entry.value))
                    continue
                }
                envelope.success = values.compactMap { $0.scalar?.description }
            default:
                diagnostics.append(Diagnostic(.error, "unknown key '\(entry.key)' in envelope", at: entry.keyLocation,
                                              hint: "known keys: status, reason, data, success"))
            }
        }
        return envelope
    }

    static func parseModels(_ node: SpecNode, into diagnostics: inout [Diagnostic]) -> [ModelMapping] {
        guard let entries = node.entries else {
            diagnostics.append(.error("'models' must map canonical type names to { from, fields }", at: node))
            return []
        }
        var models: [ModelMapping] = []
        for entry in entries {
            guard isValidIdentifier(entry.key) else {
                diagnostics.append(Diagnostic(.error, "model name '\(entry.key)' is not a valid Swift identifier", at: entry.keyLocation))
                continue
            }
            var mapping = ModelMapping(name: entry.key, from: [], fields: [], location: entry.keyLocation)
            for field in entry.value.entries ?? [] {
                switch field.key {
                case "from":
                    mapping.from = field.value.elements?.compactMap(\.string) ?? field.value.string.map { [$0] } ?? []
                    if mapping.from.isEmpty {
                        diagnostics.append(.error("'models.\(entry.key).from' must list schema references", at: field.value))
                    }
                case "fields":
                    for item in field.value.entries ?? [] {
                        let wire = item.value.elements?.compactMap(\.string) ?? item.value.string.map { [$0] } ?? []
                        guard isValidIdentifier(item.key), !wire.isEmpty else {
                            diagnostics.append(.error("field '\(item.key)' must be a Swift identifier mapped to a list of wire names",
                                                      at: item.value))
                            continue
                        }
                        mapping.fields.append(FieldMapping(canonical: item.key, wireNames: wire))
                    }
                default:
                    diagnostics.append(Diagnostic(.error, "unknown key '\(field.key)' in models.\(entry.key)", at: field.keyLocation,
                                                  hint: "known keys: from, fields"))
                }
            }
            models.append(mapping)
        }
        return models
    }
}

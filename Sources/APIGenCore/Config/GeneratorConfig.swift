import Foundation

/// The typed contents of `apigen.yml`. Paths are relative to the config file's folder; the CLI resolves them.
public struct GeneratorConfig: Sendable, Encodable, Equatable {
    /// Access level of generated declarations.
    public enum Access: String, Sendable, Encodable, CaseIterable {
        case `public`, `internal`, `package`

        /// The modifier of a declaration that only generated code calls (validator entry points, the
        /// `SecuritySchemes` namespace): public ones are hidden behind `@_spi(Generated)` as in the runtime; Swift
        /// allows `@_spi` on nothing narrower, and a package or internal client needs no such hiding.
        var generatedOnly: String {
            self == .public ? "@_spi(Generated) public" : rawValue
        }
    }

    /// The root document of the API description.
    public var spec: String = "api-spec/openapi.yaml"
    /// Folders besides the root document's own that `$ref`s may read from (shared schemas in a sibling folder).
    /// Anything else a reference points to is an error.
    public var referenceFolders: [String] = []
    /// Folder the generated Swift files go to.
    public var output: String = "Generated"
    /// Optional folder whose `*.mustache` files override the bundled templates by name.
    public var templates: String?
    /// Access level of generated declarations.
    public var access: Access = .public
    /// How generated models (structs and `oneOf`/`anyOf` enums) compare.
    ///
    /// `Hashable` by default, as users expect of value types; `equatable` or `none` emit less code for teams that
    /// never hash models (the compile-time effect is measured in Docs/performance.md). Tolerant enums are always
    /// `Hashable`.
    public enum ModelEquality: String, Sendable, Encodable, CaseIterable {
        /// `Equatable`: `==` over every property.
        case equatable
        /// `Hashable`: `==` and `hash(into:)` over every property; for `Set`, dictionary keys, `NavigationStack` paths
        /// (the default).
        case hashable
        /// Neither: the least code to compile.
        case none

        /// The conformance as written after `Codable` in a declaration, e.g. `, Equatable`.
        var conformance: String {
            switch self {
            case .equatable: return ", Equatable"
            case .hashable: return ", Hashable"
            case .none: return ""
            }
        }
    }
    /// How generated models compare.
    public var modelEquality: ModelEquality = .hashable
    /// Whether model struct properties are `var` (settable) instead of `let`.
    ///
    /// Off by default: models are immutable snapshots of what the server sent (`let` properties; a property that
    /// holds another model struct is stored in a box behind a read-only accessor). That emits far less code per
    /// model: no setter and `modify` accessor per property, and value witnesses that copy one reference instead of
    /// every field of every nested model (Docs/performance.md). `true` gives plain `var` properties.
    public var mutableModels = false
    /// Whether an error case carries its response's documented headers (`case status429(status:body:headers:)`).
    ///
    /// Off by default, because it changes the shape of every error case whose response documents a header, and an
    /// app's `case .status401(let status, let body)` then stops compiling: a project turns it on when it is ready to
    /// update its `catch` clauses. `apigen init` writes it on for new projects.
    public var errorHeaders = false
    /// The name of the generated client type; derived from `info.title` when absent.
    public var clientName: String?
    /// Name overrides: a schema name (`Profile`), `Schema.property`, or an operationId -> the Swift name to use.
    public var nameOverrides: [String: String] = [:]
    /// Response envelope unwrapping; nil when responses are not wrapped.
    public var envelope: EnvelopeConfig?
    /// Canonical models: several wire shapes decoded into one Swift type.
    public var models: [ModelMapping] = []
    /// operationIds whose calls are queued while offline.
    public var queueable: [String] = []
    /// What happens when a response does not match its schema.
    public enum ValidationMode: String, Sendable, Encodable, CaseIterable {
        /// The caller gets an error, except for values outside an `enum` (reported, decoded into the model's
        /// `unknown` case): servers add enum values without a new version.
        case reject
        /// The caller gets an error for every violation, values outside an `enum` included.
        case strict
        /// The failure is reported, the body is decoded anyway.
        case reportOnly = "report-only"
        /// No validator runs.
        case off

        /// The runtime's spelling.
        var runtimeCase: String { self == .reportOnly ? "reportOnly" : rawValue }
    }
    /// The default validation mode.
    public var validation: ValidationMode = .reject
    /// The operationId validation failure reports are sent to (its JSON body has the report's field names).
    public var validationReport: String?
    /// Per-operation validation modes, by operationId.
    public var validationOverrides: [String: ValidationMode] = [:]

    /// Whether to generate `WireDispatcher.swift`, which calls any operation by `METHOD /path` with JSON arguments
    /// (for conformance harnesses and tests; off by default: apps call the typed methods).
    public var wireDispatcher = false

    /// The default configuration.
    public init() {}

    static let knownKeys = ["spec", "output", "templates", "access", "modelEquality", "mutableModels", "errorHeaders", "clientName", "nameOverrides", "envelope", "models", "queueable", "validation", "validationOverrides", "validationReport", "wireDispatcher", "referenceFolders"]

    /// Parses `apigen.yml`; every problem is collected (unknown keys with their location, wrong types).
    public static func parse(bytes: [UInt8], path: String) -> (config: GeneratorConfig?, diagnostics: [Diagnostic]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let meaningful = text.split(separator: "\n").contains { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#") && trimmed != "---"
        }
        if !meaningful { return (GeneratorConfig(), []) }
        let document: SourceDocument
        do {
            document = try SourceDocument.load(bytes: bytes, path: path)
        } catch {
            return (nil, [error])
        }
        var diagnostics: [Diagnostic] = []
        var config = GeneratorConfig()
        guard let entries = document.root.entries else {
            if document.root.scalar == .null { return (config, []) }
            return (nil, [.error("apigen.yml must be a mapping of settings, found \(document.root.kindName)", at: document.root)])
        }
        func string(_ node: SpecNode, _ key: String) -> String? {
            guard let value = node.string, !value.isEmpty else {
                diagnostics.append(.error("'\(key)' must be a non-empty string, found \(node.string != nil ? "an empty string" : node.kindName)", at: node))
                return nil
            }
            return value
        }
        /// A path setting: `~` is not a folder apigen knows (the shell expands it, a YAML file does not, and Foundation
        /// expanded it for writing but not for comparing, so `--check` never passed).
        func pathSetting(_ node: SpecNode, _ key: String) -> String? {
            guard let value = string(node, key) else { return nil }
            guard value != "~", !value.hasPrefix("~/") else {
                diagnostics.append(.error("'\(key)' starts with '~', which apigen does not expand", at: node,
                                          hint: "write the path relative to apigen.yml (it is shared with everyone who clones the repository)"))
                return nil
            }
            return value
        }
        for entry in entries {
            switch entry.key {
            case "spec":
                guard let value = pathSetting(entry.value, "spec") else { break }
                // Read as a path, `https://host/x` would become `https:/host/x` and be reported as a missing file.
                if let scheme = ["http://", "https://", "file://"].first(where: { value.lowercased().hasPrefix($0) }) {
                    diagnostics.append(.error("'spec' must be a file path; apigen does not download descriptions", at: entry.value,
                                              hint: scheme == "file://"
                                                  ? "write the path without 'file://'"
                                                  : "download it next to apigen.yml (curl -fsSL -o api-spec/openapi.yaml \(value)) and name that file"))
                } else {
                    config.spec = value
                }
            case "output": config.output = pathSetting(entry.value, "output") ?? config.output
            case "referenceFolders":
                let folders = entry.value.elements?.compactMap(\.string) ?? entry.value.string.map { [$0] }
                if let folders, !folders.contains(where: \.isEmpty), folders.count == (entry.value.elements?.count ?? 1) {
                    let nodes = entry.value.elements ?? [entry.value]
                    config.referenceFolders = nodes.compactMap { pathSetting($0, "referenceFolders") }
                } else {
                    diagnostics.append(.error("'referenceFolders' must list folder paths", at: entry.value))
                }
            case "templates": config.templates = pathSetting(entry.value, "templates")
            case "clientName":
                if let name = string(entry.value, "clientName") {
                    if isValidIdentifier(name) { config.clientName = name } else {
                        diagnostics.append(.error("'clientName' must be a valid Swift identifier, found '\(SwiftNaming.commentText(name))'",
                                                  at: entry.value))
                    }
                }
            case "access":
                if let text = string(entry.value, "access") {
                    if let access = Access(rawValue: text) { config.access = access } else {
                        diagnostics.append(.error("'access' must be one of public, internal, package; found '\(text)'",
                                                  at: entry.value))
                    }
                }
            case "modelEquality":
                if let text = string(entry.value, "modelEquality") {
                    if let equality = ModelEquality(rawValue: text) { config.modelEquality = equality } else {
                        diagnostics.append(.error("'modelEquality' must be one of equatable, hashable, none; found '\(text)'",
                                                  at: entry.value))
                    }
                }
            case "mutableModels":
                switch entry.value.scalar {
                case .bool(let value): config.mutableModels = value
                default:
                    diagnostics.append(.error("'mutableModels' must be true or false", at: entry.value))
                }
            case "errorHeaders":
                switch entry.value.scalar {
                case .bool(let value): config.errorHeaders = value
                default:
                    diagnostics.append(.error("'errorHeaders' must be true or false", at: entry.value))
                }
            case "wireDispatcher":
                switch entry.value.scalar {
                case .bool(let value): config.wireDispatcher = value
                default:
                    diagnostics.append(.error("'wireDispatcher' must be true or false", at: entry.value))
                }
            case "nameOverrides":
                guard let overrides = entry.value.entries else {
                    if entry.value.scalar != .null {
                        diagnostics.append(.error("'nameOverrides' must map names to Swift names", at: entry.value))
                    }
                    continue
                }
                for override in overrides {
                    guard let name = override.value.string, isValidIdentifier(name) else {
                        diagnostics.append(.error("override for '\(override.key)' must be a valid Swift identifier",
                                                  at: override.value))
                        continue
                    }
                    config.nameOverrides[override.key] = name
                }
            case "envelope":
                if entry.value.scalar != .null { config.envelope = parseEnvelope(entry.value, into: &diagnostics) }
            case "models":
                if entry.value.scalar != .null { config.models = parseModels(entry.value, into: &diagnostics) }
            case "validation":
                if let text = string(entry.value, "validation") {
                    if let mode = ValidationMode(rawValue: text) { config.validation = mode } else {
                        diagnostics.append(.error("'validation' must be one of reject, strict, report-only, off; found '\(text)'", at: entry.value))
                    }
                }
            case "validationReport": config.validationReport = string(entry.value, "validationReport")
            case "validationOverrides":
                for item in entry.value.entries ?? [] {
                    guard let text = item.value.string, let mode = ValidationMode(rawValue: text) else {
                        diagnostics.append(.error("validation mode for '\(item.key)' must be one of reject, strict, report-only, off", at: item.value))
                        continue
                    }
                    config.validationOverrides[item.key] = mode
                }
            case "queueable":
                guard let list = entry.value.elements else {
                    diagnostics.append(.error("'queueable' must list operationIds", at: entry.value))
                    continue
                }
                config.queueable = list.compactMap(\.string)
            default:
                let suggestion = knownKeys.min { ResolverContext.editDistance($0, entry.key) < ResolverContext.editDistance($1, entry.key) }
                let hint = suggestion.map { ResolverContext.editDistance($0, entry.key) <= 3 ? "did you mean '\($0)'?" : "known keys: \(knownKeys.joined(separator: ", "))" }
                diagnostics.append(Diagnostic(.error, "unknown key '\(entry.key)' in apigen.yml", at: entry.keyLocation,
                                              pointer: JSONPointer.appending("", entry.key), hint: hint))
            }
        }
        return (diagnostics.contains { $0.severity == .error } ? nil : config, diagnostics)
    }

    static func isValidIdentifier(_ name: String) -> Bool { SwiftNaming.isValidIdentifier(name) }
}

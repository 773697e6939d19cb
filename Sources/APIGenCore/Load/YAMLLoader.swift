import Foundation
import Yams

/// Loads YAML 1.1/1.2 through Yams (libyaml) into a located ``SpecNode`` tree.
/// Plain scalars are resolved by the YAML 1.2 core schema (so `yes` stays a string), aliases are expanded,
/// and merge keys (`<<: *anchor`) are applied with explicit keys winning.
struct YAMLLoader {
    /// Expanded aliases can grow a small file exponentially ("billion laughs"); stop long before memory runs out.
    static let nodeLimit = 5_000_000

    private let file: String
    private var nodeCount = 0

    private init(file: String) { self.file = file }

    static func load(_ text: String, file: String) throws(Diagnostic) -> SpecNode {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, Yams.Resolver.basic)
        } catch let error as YamlError {
            throw diagnostic(for: error, file: file)
        } catch {
            throw Diagnostic(.error, "invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
        guard let root else {
            throw Diagnostic(.error, "the document is empty", at: SourceLocation(file: file, line: 1, column: 1))
        }
        var loader = YAMLLoader(file: file)
        return try loader.convert(root, pointer: "")
    }

    private func location(_ mark: Mark?) -> SourceLocation {
        SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    private mutating func convert(_ node: Node, pointer: String) throws(Diagnostic) -> SpecNode {
        nodeCount += 1
        if nodeCount > Self.nodeLimit {
            throw Diagnostic(.error, "the document expands to more than \(Self.nodeLimit) nodes (alias expansion?)",
                             at: location(node.mark), pointer: pointer)
        }
        switch node {
        case .scalar(let scalar):
            return SpecNode(.scalar(Self.value(of: scalar)), location: location(scalar.mark), pointer: pointer)
        case .sequence(let sequence):
            var elements: [SpecNode] = []
            elements.reserveCapacity(sequence.count)
            for (index, element) in sequence.enumerated() {
                elements.append(try convert(element, pointer: pointer + "/" + String(index)))
            }
            return SpecNode(.sequence(elements), location: location(sequence.mark), pointer: pointer)
        case .mapping(let mapping):
            return try convertMapping(mapping, pointer: pointer)
        case .alias(let alias):
            throw Diagnostic(.error, "unresolved YAML alias '\(alias.anchor)'", at: location(alias.mark), pointer: pointer)
        }
    }

    private mutating func convertMapping(_ mapping: Node.Mapping, pointer: String) throws(Diagnostic) -> SpecNode {
        var entries: [SpecNode.Entry] = []
        var merged: [SpecNode.Entry] = []
        var seen = Set<String>()
        for (keyNode, valueNode) in mapping {
            let key = Self.keyText(keyNode)
            if key == "<<", keyNode.scalar?.style == .plain {
                let sources: [Node]
                if case .sequence(let list) = valueNode { sources = Array(list) } else { sources = [valueNode] }
                for source in sources {
                    guard case .mapping(let sourceMapping) = source else {
                        throw Diagnostic(.error, "a merge key '<<' must refer to a mapping or a list of mappings",
                                         at: location(source.mark), pointer: pointer)
                    }
                    let converted = try convertMapping(sourceMapping, pointer: pointer)
                    merged.append(contentsOf: converted.entries ?? [])
                }
                continue
            }
            if seen.contains(key) {
                throw Diagnostic(.error, "duplicate key '\(key)' in mapping", at: location(keyNode.mark),
                                 pointer: pointer, hint: "remove one of the two '\(key)' entries")
            }
            seen.insert(key)
            let value = try convert(valueNode, pointer: JSONPointer.appending(pointer, key))
            entries.append(SpecNode.Entry(key: key, keyLocation: location(keyNode.mark), value: value))
        }
        for entry in merged where !seen.contains(entry.key) {
            seen.insert(entry.key)
            entries.append(entry)
        }
        return SpecNode(.mapping(entries), location: location(mapping.mark), pointer: pointer)
    }

    private static func keyText(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return scalar.string
        default: return (try? Yams.serialize(node: node).trimmingCharacters(in: .whitespacesAndNewlines)) ?? "?"
        }
    }

    private static func value(of scalar: Node.Scalar) -> ScalarValue {
        // Tags are ignored on purpose: explicit `!!str` is rare in API descriptions, and the YAML 1.2 core
        // schema applied to plain scalars is what JSON-minded authors expect.
        guard scalar.style == .plain else { return .string(scalar.string) }
        return ScalarValue.resolvePlain(scalar.string)
    }

    private static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        func at(_ mark: Mark) -> SourceLocation { SourceLocation(file: file, line: mark.line, column: mark.column) }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = context.map { " (\($0.text))" } ?? ""
            return Diagnostic(.error, "invalid YAML: \(problem)\(detail)", at: at(mark))
        case let .duplicatedKeysInMapping(duplicates, context):
            return Diagnostic(.error, "duplicate keys in mapping: \(duplicates.joined(separator: ", "))", at: at(context.mark))
        case let .reader(problem, _, _, _):
            return Diagnostic(.error, "invalid YAML input: \(problem)", at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return Diagnostic(.error, "invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
}

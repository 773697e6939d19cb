/// Generates Swift source that validates JSON-Schema-Test-Suite groups through apigen's real pipeline:
/// each group's schema is resolved like any spec, its validators are emitted by `ValidatorEmitter`, and the
/// group becomes one `enum` holding its functions and constants.
public enum ConformanceSuiteGenerator {
    /// One test group of a suite file.
    public struct Group: Sendable {
        public var file: String
        public var description: String
        /// The schema document (JSON text) with `$schema` set for the draft.
        public var schemaJSON: String
        public var tests: [(description: String, dataJSON: String, valid: Bool)]

        public init(file: String, description: String, schemaJSON: String, tests: [(description: String, dataJSON: String, valid: Bool)]) {
            self.file = file
            self.description = description
            self.schemaJSON = schemaJSON
            self.tests = tests
        }
    }

    /// The generated code for one group, or why it could not be generated.
    public struct GeneratedGroup: Sendable {
        public var enumName: String
        public var code: String?
        public var rootFunction: String?
        public var failure: String?

        public init(enumName: String, code: String? = nil, rootFunction: String? = nil, failure: String? = nil) {
            self.enumName = enumName
            self.code = code
            self.rootFunction = rootFunction
            self.failure = failure
        }
    }

    /// Resolves and emits one group. `remotes` maps `http://localhost:1234/` to the suite's `remotes` folder.
    public static func generate(_ group: Group, index: Int, provider: any SourceProvider,
                                remotes: [(prefix: String, folder: String)]) -> GeneratedGroup {
        let enumName = "G\(index)"
        let path = "suite/\(index).json"
        let combined = CombinedProvider(documents: [path: group.schemaJSON], fallback: provider)
        let result = Resolver.resolve(rootPath: path, provider: combined, remotes: remotes)
        if let error = result.diagnostics.first(where: { $0.severity == .error }) {
            return GeneratedGroup(enumName: enumName, failure: error.message)
        }
        guard let api = result.api, let root = api.schemaIDs[path + "#"] else {
            return GeneratedGroup(enumName: enumName, failure: "the schema did not resolve")
        }
        let naming = ValidatorNaming.positional(api, file: path)
        var emitter = ValidatorEmitter(api: api, naming: naming)
        var lines = ["enum \(enumName) {"]
        var functions: [String] = []
        for (ref, body) in emitter.bodies(from: [root]) {
            functions.append("    static func \(naming.functionName(ref))(_ instance: JSONInstance, _ context: ValidationContext) -> Bool {")
            functions += body.map { "        " + $0 }
            functions.append("    }")
        }
        let constants = emitter.constants(inFile: path)
        if !constants.isEmpty {
            let group = emitter.constantsGroup(ofFile: path)
            lines.append("    static let \(group.property) = \(group.type).make()")
            lines.append("    struct \(group.type) {")
            lines += constants.map { "        let \($0.name): \($0.type)" }
            lines.append("        static func make() -> \(group.type) {")
            for constant in constants {
                lines.append("            let \(constant.name): \(constant.type) = \(constant.expression)")
            }
            lines.append("            return \(group.type)(" + constants.map { "\($0.name): \($0.name)" }.joined(separator: ", ") + ")")
            lines.append("        }")
            lines.append("    }")
        }
        lines += functions
        lines.append("}")
        return GeneratedGroup(enumName: enumName, code: lines.joined(separator: "\n"), rootFunction: naming.functionName(root))
    }

    private struct CombinedProvider: SourceProvider {
        let documents: [String: String]
        let fallback: any SourceProvider

        func read(_ path: String) throws -> [UInt8] {
            if let text = documents[path] { return Array(text.utf8) }
            return try fallback.read(path)
        }
    }
}

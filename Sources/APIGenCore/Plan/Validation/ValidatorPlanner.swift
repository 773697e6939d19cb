/// Plans the compiled validators: every schema reachable from the roots gets one function; named schemas get a
/// public entry point. Functions are split into files so they compile in parallel.
enum ValidatorPlanner {
    static let functionsPerFile = 150
    /// The folder of the validator files. It sorts before `Models/` on purpose: SwiftPM hands a target's files to
    /// the compiler sorted by path, the driver compiles them in batches of ~25 consecutive files, and batches run
    /// in that order. Validator files are the largest of the output; as `Validators/`, after `Models/`, their
    /// batches ran last and one core compiled the final batch alone (GitHub: 29 s of an 83 s build, the other core
    /// idle for 15 s). Compiled before the models, they run while many small model batches keep both cores busy.
    static let folder = "Checks"

    static func plan(_ api: ResolvedAPI, roots: [SchemaRef], access: String, entryNames: [SchemaRef: String]) -> [ValidatorFilePlan] {
        guard !roots.isEmpty else { return [] }
        var emitter = ValidatorEmitter(api: api)
        let emitted = emitter.bodies(from: roots)
        let ordered = emitted.map(\.0)
        let functions = emitted.map { ref, lines in
            ValidatorFunctionPlan(name: ValidatorEmitter.functionName(ref), source: source(api[ref], api: api), lines: lines)
        }
        var entries: [ValidatorEntryPlan] = []
        var scope = NameScope()
        for ref in ordered {
            guard let name = entryNames[ref] else { continue }
            entries.append(ValidatorEntryPlan(name: scope.claim("validate" + name), function: ValidatorEmitter.functionName(ref),
                                              source: source(api[ref], api: api)))
        }
        var files = [ValidatorFilePlan(fileName: "\(folder)/Validators.swift", access: access, declaresNamespace: true,
                                       constants: emitter.constants, entryPoints: entries, functions: [])]
        var index = 0
        while index < functions.count {
            let chunk = Array(functions[index..<min(index + functionsPerFile, functions.count)])
            files.append(ValidatorFilePlan(fileName: "\(folder)/Validators+\(files.count).swift", access: access,
                                           declaresNamespace: false, constants: [], entryPoints: [], functions: chunk))
            index += functionsPerFile
        }
        return files
    }

    static func source(_ schema: Schema, api: ResolvedAPI) -> String {
        let file = schema.node.location.file
        let root = DocumentPath.directory(of: api.rootPath)
        let relative = !root.isEmpty && file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
        return SwiftNaming.commentText(relative + "#" + schema.node.pointer)
    }
}

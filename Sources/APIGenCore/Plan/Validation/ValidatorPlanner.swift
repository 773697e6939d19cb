/// Plans the compiled validators: every schema reachable from the roots gets one function; named schemas get a
/// public entry point. Functions are split into files so they compile in parallel.
enum ValidatorPlanner {
    static let functionsPerFile = 150

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
        var files = [ValidatorFilePlan(fileName: "Validators/Validators.swift", access: access, declaresNamespace: true,
                                       constants: emitter.constants, entryPoints: entries, functions: [])]
        var index = 0
        while index < functions.count {
            let chunk = Array(functions[index..<min(index + functionsPerFile, functions.count)])
            files.append(ValidatorFilePlan(fileName: "Validators/Validators+\(files.count).swift", access: access,
                                           declaresNamespace: false, constants: [], entryPoints: [], functions: chunk))
            index += functionsPerFile
        }
        return files
    }

    static func source(_ schema: Schema, api: ResolvedAPI) -> String {
        let file = schema.node.location.file
        let root = DocumentPath.directory(of: api.rootPath)
        let relative = !root.isEmpty && file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
        let location = relative + "#" + schema.node.pointer
        return location.utf8.contains(UInt8(ascii: "`")) ? location.replacingOccurrences(of: "`", with: "'") : location
    }
}

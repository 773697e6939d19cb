/// Plans the compiled validators: every schema reachable from the roots gets one function, named and filed by
/// ``ValidatorNaming`` (a component's validators in its model file, an operation's inline ones in its group's file,
/// others in `Checks/<Owner>+Validation.swift`); named schemas' functions are public behind `@_spi(Generated)`, like
/// the runtime's validation core they take (`JSONInstance`, `ValidationContext`).
enum ValidatorPlanner {
    static func plan(_ api: ResolvedAPI, roots: [SchemaRef], access: String, naming: ValidatorNaming) -> [ValidatorFilePlan] {
        guard !roots.isEmpty else { return [] }
        var emitter = ValidatorEmitter(api: api, naming: naming)
        let emitted = emitter.bodies(from: roots)
        // By section: a file, or an operation's part of its group file (placed next to its method by the plan).
        var functionsByFile: [String: [ValidatorFunctionPlan]] = [:]
        var sectionFiles: [String: String] = [:]
        for (ref, lines) in emitted {
            let isEntry = naming.entryPoints.contains(ref)
            let section = naming.section(ref)
            sectionFiles[section] = naming.fileName(ref)
            functionsByFile[section, default: []].append(ValidatorFunctionPlan(
                name: naming.functionName(ref), source: source(api[ref], api: api), lines: lines,
                accessModifier: isEntry && access != "internal" ? (GeneratorConfig.Access(rawValue: access)?.generatedOnly ?? access) + " " : "",
                isEntryPoint: isEntry))
        }
        var files: [ValidatorFilePlan] = []
        for section in functionsByFile.keys.sorted() {
            let constants = emitter.constants(inFile: section)
            let group = emitter.constantsGroup(ofFile: section)
            let file = sectionFiles[section] ?? section
            let isOperationSection = ValidatorNaming.isOperationSection(section)
            files.append(ValidatorFilePlan(fileName: file, access: access,
                                           constants: constants, hasConstants: !constants.isEmpty,
                                           constantsGroup: group.property, constantsType: group.type,
                                           functions: functionsByFile[section] ?? [],
                                           isAppendix: !file.hasPrefix(ValidatorNaming.folder + "/"),
                                           operation: isOperationSection ? section : "", isOperationSection: isOperationSection))
        }
        return files
    }

    static func source(_ schema: Schema, api: ResolvedAPI) -> String {
        let relative = DocumentPath.relative(schema.node.location.file, to: DocumentPath.directory(of: api.rootPath))
        return SwiftNaming.commentText(relative + "#" + schema.node.pointer)
    }
}

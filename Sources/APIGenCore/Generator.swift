/// The whole pipeline as one pure function: documents in (through a ``SourceProvider``), files out.
public enum Generator {
    /// What one run produced.
    public struct Outcome: Sendable {
        /// The files to write; nil when an error stopped generation.
        public var files: [OutputFile]?
        /// The plan the templates received (nil when resolution failed).
        public var plan: GenerationPlan?
        /// Every diagnostic of every stage, errors first by location.
        public var diagnostics: [Diagnostic]
        /// Texts of the documents read, for quoting lines.
        public var sources: [String: String]
        /// How long each stage that ran took, in order (`resolve`, `plan`, `render`).
        public var timings: [StageTiming] = []
        /// The resolved API the plan was made from (nil when resolution failed).
        public var api: ResolvedAPI?

        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Runs Load, Resolve, Plan and Render for `config.spec` (a path the provider understands).
    public static func generate(config: GeneratorConfig, provider: any SourceProvider,
                                templates: TemplateSet = .bundled) -> Outcome {
        var timings: [StageTiming] = []
        // The templates are parsed while the description is resolved: parsing them is about a tenth of a run's
        // instructions on a mid-sized description, and resolving uses one core.
        var resolvedOrNil: Resolver.Result?
        let library = StageTiming.measure("resolve", into: &timings) {
            SideBySide.run({ Result { () throws(DiagnosticsError) in try templates.library() } }, alongside: {
                resolvedOrNil = Resolver.resolve(rootPath: config.spec, provider: provider, readFolders: config.referenceFolders)
            })
        }
        guard let resolved = resolvedOrNil else { preconditionFailure("SideBySide.run returned before resolving") }
        var diagnostics = resolved.diagnostics
        guard let api = resolved.api, !diagnostics.contains(where: { $0.severity == .error }) else {
            return Outcome(files: nil, plan: nil, diagnostics: sorted(diagnostics), sources: resolved.sources, timings: timings)
        }
        let (planned, validators) = StageTiming.measure("plan", into: &timings) { Planner.planExceptValidators(api, config: config) }
        diagnostics += planned.diagnostics
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            var plan = planned.plan
            plan.placeValidators(validators.plan())
            return Outcome(files: nil, plan: plan, diagnostics: sorted(diagnostics), sources: resolved.sources, timings: timings, api: api)
        }
        // `render` includes planning the validators, which overlaps with rendering everything else.
        let rendered = StageTiming.measure("render", into: &timings) {
            Result { () throws(DiagnosticsError) in try Renderer.render(planned.plan, library: library.get(), planningValidators: validators) }
        }
        switch rendered {
        case .success(let (plan, files)):
            return Outcome(files: files, plan: plan, diagnostics: sorted(diagnostics), sources: resolved.sources, timings: timings, api: api)
        case .failure(let error):
            diagnostics += error.diagnostics
            var plan = planned.plan
            plan.placeValidators(validators.plan())
            return Outcome(files: nil, plan: plan, diagnostics: sorted(diagnostics), sources: resolved.sources, timings: timings, api: api)
        }
    }

    /// Diagnostics in a stable order: by file, line, column, then message.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        let unique = diagnostics.filter { seen.insert($0).inserted }
        return unique.sorted { lhs, rhs in
            switch (lhs.location, rhs.location) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return true
            case (_?, nil): return false
            default: return lhs.message < rhs.message
            }
        }
    }
}

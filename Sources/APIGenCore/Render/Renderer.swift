import Dispatch
import Mustache

/// Stage 4: renders a ``GenerationPlan`` through the templates into sorted, normalised files.
public enum Renderer {
    /// Renders every file. Output depends only on the plan and the templates.
    public static func render(_ plan: GenerationPlan, templates: TemplateSet) throws(DiagnosticsError) -> [OutputFile] {
        let library = try templates.library()
        let jobs = mainJobs(plan) + groupJobs(plan) + validatorJobs(plan.validatorFiles)
        return files(jobs, renderConcurrently(jobs, library: library))
    }

    /// Plans the validators on one core while the models and client render (on the other, and on both once the
    /// validators are planned), then renders the API groups (each operation's validators follow its method) and the
    /// validators: the same files as planning everything first, sooner. Returns the completed plan too.
    static func render(_ plan: GenerationPlan, library: MustacheLibrary,
                       planningValidators validators: Planner.PendingValidators) -> (GenerationPlan, [OutputFile]) {
        let jobs = mainJobs(plan)
        let planned = PlannedValidators()
        let results = RenderResults(count: jobs.count)
        // One flat loop (a nested concurrentPerform would run serially): iteration 0 plans the validators,
        // the others render; iterations are handed out in order as threads free up.
        DispatchQueue.concurrentPerform(iterations: jobs.count + 1) { index in
            if index == 0 {
                planned.files = validators.plan()
            } else {
                results.store(render(jobs[index - 1], library: library), at: index - 1)
            }
        }
        var plan = plan
        plan.placeValidators(planned.files)
        let more = groupJobs(plan) + validatorJobs(plan.validatorFiles)
        return (plan, files(jobs + more, results.texts + renderConcurrently(more, library: library)))
    }

    private static func mainJobs(_ plan: GenerationPlan) -> [RenderJob] {
        var jobs: [RenderJob] = []
        for file in plan.modelFiles { jobs.append(RenderJob(value: file, outputs: [("model-file", file.fileName)])) }
        jobs.append(RenderJob(value: plan.client, outputs: [("client", SwiftNaming.fileName(plan.client.name) + ".swift")]))
        if let dispatcher = plan.wireDispatcher {
            jobs.append(RenderJob(value: dispatcher, outputs: [("wire-dispatcher", "WireDispatcher.swift")]))
        }
        return jobs
    }

    /// API group files, each with its client accessor's file and its operations' validators' file: rendered once the validators are planned, because each operation's section is part of them.
    /// (The validators' file only when the output validates at all.) One job per group: its plan is converted for
    /// the templates once, not once per file.
    private static func groupJobs(_ plan: GenerationPlan) -> [RenderJob] {
        let validates = plan.validatesResponses
        return plan.groups.map { group in
            RenderJob(value: group, outputs: [("api-group", group.fileName), ("api-group-client", group.clientFileName)]
                + (validates ? [("api-group-validators", group.validatorsFileName)] : []))
        }
    }

    private static func validatorJobs(_ files: [ValidatorFilePlan]) -> [RenderJob] {
        files.map { RenderJob(value: $0, outputs: [("validators", $0.fileName)]) }
    }

    /// Jobs that share a path are one file: validators planned into a model or API group file follow its text,
    /// in job order (the file's own template first).
    private static func files(_ jobs: [RenderJob], _ texts: [[String]]) -> [OutputFile] {
        var contents: [String: String] = [:]
        for (path, text) in zip(jobs.flatMap { $0.outputs.map(\.path) }, texts.joined()) {
            if let existing = contents[path] { contents[path] = existing + "\n" + text } else { contents[path] = text }
        }
        return contents.map { OutputFile(path: $0.key, contents: $0.value) }.sorted { $0.path < $1.path }
    }

    /// The validator files, written by one iteration of the overlapped loop and read after it.
    private final class PlannedValidators: @unchecked Sendable {
        var files: [ValidatorFilePlan] = []
    }

    /// Files to render from one plan value: each output's template and the file's path.
    private struct RenderJob: Sendable {
        let value: any Encodable & Sendable
        let outputs: [(template: String, path: String)]
    }

    // Files are independent and rendering is pure (the library is immutable, each render builds its own context),
    // so they render on every core; each result goes to its job's slot and the caller sorts by path, so the output
    // does not depend on scheduling.
    private static func renderConcurrently(_ jobs: [RenderJob], library: MustacheLibrary) -> [[String]] {
        let results = RenderResults(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            results.store(render(jobs[index], library: library), at: index)
        }
        return results.texts
    }

    private static func render(_ job: RenderJob, library: MustacheLibrary) -> [String] {
        let context = MustacheContext.convert(job.value) ?? job.value
        return job.outputs.map { normalise(library.render(context, withTemplate: $0.template) ?? "") }
    }

    /// One slot per job, each written by exactly one iteration of `concurrentPerform` and read only after all of
    /// them have returned: no two threads touch the same slot, so no lock is needed.
    private final class RenderResults: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<[String]>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: [])
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        func store(_ texts: [String], at index: Int) { slots[index] = texts }

        var texts: [[String]] { Array(slots) }
    }

    /// Lines that start a declaration: a blank line separates them from a closing brace before them.
    static let declarationStarts = ["///", "@", "public ", "package ", "internal ", "private ", "fileprivate ", "enum ",
                                    "struct ", "extension ", "static ", "func ", "init(", "indirect ", "typealias ", "//"]

    /// Trailing whitespace removed, runs of blank lines folded to one, no blank line after `{` or before `}`,
    /// exactly one newline at the end: templates can be written for readability.
    static func normalise(_ text: String) -> String {
        // Works on UTF-8 bytes: generated files are large and mostly ASCII; Characters would be ten times slower.
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), cr = UInt8(ascii: "\r")
        var lines: [ArraySlice<UInt8>] = []
        let bytes = Array(text.utf8)
        var start = 0
        func indentation(_ line: ArraySlice<UInt8>) -> Int { line.prefix { $0 == space }.count }
        func content(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> { line.drop { $0 == space } }
        func isEmpty(_ line: ArraySlice<UInt8>?) -> Bool { line?.isEmpty ?? true }
        for index in 0...bytes.count where index == bytes.count || bytes[index] == newline {
            var line = bytes[start..<index]
            start = index + 1
            while let last = line.last, last == space || last == tab || last == cr { line = line.dropLast() }
            let body = content(line)
            if line.isEmpty {
                guard let previous = lines.last, !previous.isEmpty, previous.last != UInt8(ascii: "{"),
                      !content(previous).starts(with: Self.docPrefix) else { continue }
            } else if body.first == UInt8(ascii: "}"), let previous = lines.last, previous.isEmpty {
                lines.removeLast()
            } else if let previous = lines.last, content(previous).elementsEqual([UInt8(ascii: "}")]),
                      indentation(previous) == indentation(line),
                      Self.declarationStartBytes.contains(where: { body.starts(with: $0) }) {
                lines.append([])
            }
            lines.append(line)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for line in lines {
            output.append(contentsOf: line)
            output.append(newline)
        }
        if output.isEmpty { output.append(newline) }
        return String(decoding: output, as: UTF8.self)
    }

    private static let docPrefix = Array("///".utf8)
    private static let declarationStartBytes = declarationStarts.map { Array($0.utf8) }
}

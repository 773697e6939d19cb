import APIGenCore
import Foundation

// apigen-conformance: runs the official JSON-Schema-Test-Suite through apigen's real pipeline (resolve, emit
// compiled validators, compile them once, run every case) and prints pass/fail per draft and file.
//
//   swift run apigen-conformance [--draft NAME]... [--files a.json,b.json] [--suite PATH] [--write-doc FILE]

let arguments = Array(CommandLine.arguments.dropFirst())
func values(_ flag: String) -> [String] {
    var result: [String] = []
    var index = 0
    while index < arguments.count {
        if arguments[index] == flag, index + 1 < arguments.count { result.append(arguments[index + 1]); index += 2 } else { index += 1 }
    }
    return result
}

let allDrafts = ["draft3", "draft4", "draft6", "draft7", "draft2019-09", "draft2020-12"]
let drafts = values("--draft").isEmpty ? allDrafts : values("--draft")
let fileFilter = Set(values("--files").flatMap { $0.split(separator: ",").map(String.init) })
let suite = URL(fileURLWithPath: values("--suite").first ?? "../shared/corpus/JSON-Schema-Test-Suite")
let work = URL(fileURLWithPath: values("--work").first ?? ".build-conformance")
let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let documentPath = values("--write-doc").first

guard FileManager.default.fileExists(atPath: suite.appendingPathComponent("tests").path) else {
    FileHandle.standardError.write(Data("apigen-conformance: no test suite at \(suite.path) (pass --suite PATH)\n".utf8))
    exit(64)
}

let metaSchemaURIs = [
    "draft3": "http://json-schema.org/draft-03/schema#", "draft4": "http://json-schema.org/draft-04/schema#",
    "draft6": "http://json-schema.org/draft-06/schema#", "draft7": "http://json-schema.org/draft-07/schema#",
    "draft2019-09": "https://json-schema.org/draft/2019-09/schema", "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
]

struct DiskProvider: SourceProvider {
    func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
        return Array(data)
    }
}

struct CaseRecord {
    var draft: String
    var file: String
    var optional: Bool
    var group: String
    var test: String
    var passed = false
    var reason = ""
}

func suiteFiles(_ draft: String) -> [(relative: String, optional: Bool)] {
    let base = suite.appendingPathComponent("tests/\(draft)")
    var files: [(String, Bool)] = []
    let enumerator = FileManager.default.enumerator(atPath: base.path)
    while let path = enumerator?.nextObject() as? String {
        guard path.hasSuffix(".json") else { continue }
        let name = (path as NSString).lastPathComponent
        if !fileFilter.isEmpty && !fileFilter.contains(name) && !fileFilter.contains(path) { continue }
        files.append((path, path.hasPrefix("optional/")))
    }
    return files.sorted { $0.0 < $1.0 }
}

var records: [CaseRecord] = []
var sources: [String: String] = [:]   // file name -> Swift source
var tableLines: [String] = []
var groupIndex = 0
var caseFunctions: [String] = []
let remotes = [(prefix: "http://localhost:1234/", folder: suite.appendingPathComponent("remotes").path)]

for draft in drafts {
    var draftCode: [String] = []
    for (relative, optional) in suiteFiles(draft) {
        let path = suite.appendingPathComponent("tests/\(draft)/\(relative)").path
        guard let data = FileManager.default.contents(atPath: path),
              let document = try? SourceDocument.load(bytes: Array(data), path: path), let groups = document.root.elements else {
            continue
        }
        // The optional suites that test assertions apigen only makes on request: `format`, and draft-07 `content*`.
        let assertFormats = relative.hasPrefix("optional/format/") || relative == "optional/content.json"
        for group in groups {
            guard let schemaNode = group["schema"], let tests = group["tests"]?.elements else { continue }
            groupIndex += 1
            var schemaText = schemaNode.jsonText
            if schemaNode.isMapping, schemaNode["$schema"] == nil, let uri = metaSchemaURIs[draft] {
                let body = String(schemaText.dropFirst())
                schemaText = "{\"$schema\":\"\(uri)\"" + (body == "}" ? "}" : "," + body)
            }
            let groupDescription = group["description"]?.string ?? "group \(groupIndex)"
            var generated: ConformanceSuiteGenerator.GeneratedGroup
            if let value = schemaNode.bool {
                generated = .init(enumName: "G\(groupIndex)",
                                  code: "enum G\(groupIndex) {\n    static func v0(_ instance: JSONInstance, _ context: ValidationContext) -> Bool {\n"
                                      + (value ? "        true\n" : "        context.fail(keyword: \"false\", keywordLocation: \"\", schemaLocation: \"#\", message: \"the schema is false\")\n        return false\n")
                                      + "    }\n}",
                                  rootFunction: "v0", failure: nil)
            } else {
                generated = ConformanceSuiteGenerator.generate(
                    .init(file: relative, description: groupDescription, schemaJSON: schemaText, tests: []),
                    index: groupIndex, provider: DiskProvider(), remotes: remotes)
            }
            for test in tests {
                var record = CaseRecord(draft: draft, file: relative, optional: optional, group: groupDescription,
                                        test: test["description"]?.string ?? "")
                if let failure = generated.failure {
                    record.reason = "not generated: \(failure)"
                    records.append(record)
                    continue
                }
                let dataText = test["data"]?.jsonText ?? "null"
                let valid = test["valid"]?.bool ?? true
                draftCode.append("    check(\(records.count), \(SwiftNaming.stringLiteral(dataText)), \(valid), \(assertFormats), \(generated.enumName).\(generated.rootFunction!))")
                records.append(record)
            }
            if let code = generated.code { sources["Groups\(groupIndex / 40).swift", default: ""] += code + "\n\n" }
        }
    }
    // Plain call statements in small functions: a giant array literal of closures overwhelms the type checker.
    let draftName = draft.replacingOccurrences(of: "-", with: "_")
    var chunkIndex = 0
    var start = 0
    repeat {
        let chunk = draftCode[start..<min(start + 400, draftCode.count)]
        sources["Cases_\(draftName)_\(chunkIndex).swift"] = "func runCases_\(draftName)_\(chunkIndex)() {\n" + chunk.joined(separator: "\n") + "\n}\n"
        caseFunctions.append("runCases_\(draftName)_\(chunkIndex)()")
        chunkIndex += 1
        start += 400
    } while start < draftCode.count
}

// The runner of the generated package.
sources["main.swift"] = """
    @_spi(Generated) import APIRuntime
    import Foundation

    func check(_ index: Int, _ data: String, _ expected: Bool, _ assertFormats: Bool,
               _ validator: (JSONInstance, ValidationContext) -> Bool) {
        let outcome: String
        do {
            let instance = try JSONParser.parse(data)
            let report = ValidationContext.validate(instance, options: ValidationOptions(assertFormats: assertFormats), with: validator)
            outcome = report.isValid == expected ? "pass" : "fail\\t" + (expected ? "rejected a valid instance: " + (report.errors.first?.description ?? "") : "accepted an invalid instance")
        } catch {
            outcome = "fail\\tthe test data did not parse: \\(error)"
        }
        print("RESULT\\t\\(index)\\t\\(outcome)")
    }

    \(caseFunctions.joined(separator: "\n"))

    """
for (name, text) in sources where name != "main.swift" { sources[name] = "@_spi(Generated) import APIRuntime\nimport Foundation\n\n" + text }

let package = work.appendingPathComponent("Package")
let target = package.appendingPathComponent("Sources/ConformanceRun")
try? FileManager.default.removeItem(at: target)
try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
try Data("""
    // swift-tools-version:6.0
    import PackageDescription
    let package = Package(
        name: "ConformanceRun",
        platforms: [.macOS(.v13)],
        dependencies: [.package(path: \(SwiftNaming.stringLiteral(repository.path)))],
        targets: [.executableTarget(name: "ConformanceRun", dependencies: [.product(name: "APIRuntime", package: \(SwiftNaming.stringLiteral(repository.lastPathComponent.lowercased())))],
                                    swiftSettings: [.unsafeFlags(["-suppress-warnings"])])]
    )

    """.utf8).write(to: package.appendingPathComponent("Package.swift"))
for (name, text) in sources { try Data(text.utf8).write(to: target.appendingPathComponent(name)) }

func runProcess(_ arguments: [String], in directory: URL) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return (127, "\(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

print("apigen-conformance: \(records.count) tests in \(groupIndex) groups; compiling the generated validators…")
let build = runProcess(["swift", "build", "--package-path", package.path], in: package)
if build.status != 0 {
    print(build.output.split(separator: "\n").filter { $0.contains("error:") }.prefix(30).joined(separator: "\n"))
    print("apigen-conformance: the generated validators did not compile")
    exit(1)
}
let run = runProcess([package.appendingPathComponent(".build/debug/ConformanceRun").path], in: package)
for line in run.output.split(separator: "\n") where line.hasPrefix("RESULT\t") {
    let parts = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 3, let index = Int(parts[1]), records.indices.contains(index) else { continue }
    records[index].passed = parts[2] == "pass"
    if parts.count > 3 { records[index].reason = parts[3] }
}
if run.status != 0 {
    print("apigen-conformance: the runner exited with status \(run.status); unfinished cases count as failed")
}

// Report.
var report: [String] = ["# JSON-Schema-Test-Suite conformance", "",
                        "Produced by `swift run apigen-conformance --write-doc Docs/conformance.md` from `../shared/corpus/JSON-Schema-Test-Suite`.",
                        "Every schema goes through apigen's real pipeline (resolve, emit compiled Swift validators), the validators are compiled once,",
                        "and every case is run. Optional tests (including `format`, asserted there) are reported separately.", ""]
report += [
    "## How the hard parts are handled", "",
    "- `$dynamicRef` / `$recursiveRef`: validators keep the dynamic scope (the schema resources entered) at run time",
    "  and dispatch to the outermost resource defining the `$dynamicAnchor` (or the `$recursiveAnchor` run); APIs",
    "  without such references get no bookkeeping.",
    "- Meta-schemas (draft-03 to 2020-12 and the 2019-09/2020-12 vocabulary meta-schemas) are compiled into apigen,",
    "  so `$ref`s to them resolve offline; custom meta-schemas found locally supply the dialect and `$vocabulary`.",
    "- `format` is an annotation by default, as the drafts say, and asserted when a run asks for it (the runner asks",
    "  in the optional format suites); draft-07 `contentEncoding`/`contentMediaType` are asserted under the same",
    "  option (the runner asks in `optional/content.json`), and are annotations in later drafts, which forbid asserting them.",
    "",
    "Every test below 100% is listed under its draft with the reason the runner saw.",
    "",
]
report += ["| draft | required passed | required total | optional passed | optional total |", "|---|---|---|---|---|"]
var summaries: [String] = []
for draft in drafts {
    let required = records.filter { $0.draft == draft && !$0.optional }
    let optional = records.filter { $0.draft == draft && $0.optional }
    report.append("| \(draft) | \(required.filter(\.passed).count) | \(required.count) | \(optional.filter(\.passed).count) | \(optional.count) |")
    summaries.append("\(draft): \(required.filter(\.passed).count) of \(required.count) required tests passed")
}
for draft in drafts {
    report += ["", "## \(draft)", "", "| file | passed | total |", "|---|---|---|"]
    var files: [String] = []
    for record in records where record.draft == draft && !files.contains(record.file) { files.append(record.file) }
    for file in files {
        let subset = records.filter { $0.draft == draft && $0.file == file }
        report.append("| \(file) | \(subset.filter(\.passed).count) | \(subset.count) |")
    }
    let failures = records.filter { $0.draft == draft && !$0.passed }
    if !failures.isEmpty {
        report += ["", "Failures:", ""]
        for failure in failures {
            let reason = failure.reason.replacingOccurrences(of: "\n", with: " ").prefix(200)
            report.append("- `\(failure.file)` — \(failure.group) / \(failure.test): \(reason)")
        }
    }
}
// The console gets the tables and every failure; the prose is for the document.
var inFailures = false
for line in report {
    if line.hasPrefix("## ") { inFailures = false }
    if line == "Failures:" { inFailures = true }
    if line.hasPrefix("| ") || line.hasPrefix("## ") || line == "Failures:" || (inFailures && line.hasPrefix("- ")) { print(line) }
}
if let documentPath {
    try Data((report.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: documentPath))
    print("apigen-conformance: wrote \(documentPath)")
}
for summary in summaries { print(summary) }

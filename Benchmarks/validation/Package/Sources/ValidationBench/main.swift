// The Swift side of the validation benchmark: apigen's generated validator and JSONDecoder on the same bytes.
//
//   ValidationBench --valid payload-valid.json --invalid payload-invalid.json [--batches 20] [--runs 100] [--warmup 300]
//       prints one JSON object: per payload and measurement, the per-run average of every batch (µs) with the
//       median, min and max over the batches, plus the errors apigen reported (a correctness check)
//   ValidationBench --profile validate --payload payload-valid.json --iterations 2000
//       runs one measurement in a loop and nothing else (for valgrind --tool=callgrind)
//
// Measurements are interleaved: in every batch each measurement runs `runs` times in turn, so slow drift of the
// machine affects all of them alike.

@_spi(Generated) import APIRuntime
import Foundation
@_spi(Generated) import ValidationClient

nonisolated(unsafe) var sink = 0

struct Arguments {
    var values: [String: String] = [:]

    init() {
        var iterator = CommandLine.arguments.dropFirst().makeIterator()
        while let name = iterator.next() {
            guard name.hasPrefix("--"), let value = iterator.next() else {
                fail("usage: ValidationBench --valid FILE --invalid FILE [--batches N] [--runs N] [--warmup N]")
            }
            values[String(name.dropFirst(2))] = value
        }
    }

    func int(_ name: String, _ fallback: Int) -> Int { values[name].flatMap { Int($0) } ?? fallback }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

func load(_ path: String) -> Data {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return data
}

func parse(_ data: Data) -> JSONInstance {
    do { return try JSONParser.parse(data) } catch { fail("JSONParser failed: \(error)") }
}

let collectAll = ValidationOptions()
let stopAtFirst = ValidationOptions(stopAtFirstError: true)

/// One timed operation; returns something derived from its result so that the work cannot be optimised away.
struct Measurement {
    let name: String
    let what: String
    let body: () -> Int
}

func measurements(for data: Data) -> [Measurement] {
    let parsed = parse(data)
    let decoder = JSONDecoder()
    return [
        Measurement(name: "parse", what: "JSONParser.parse(bytes)") {
            switch parse(data) {
            case .object(let object): return object.count
            default: return 0
            }
        },
        Measurement(name: "validate", what: "validateEnvelope on the parsed instance, all errors collected") {
            ValidationContext.validate(parsed, options: collectAll, with: validateEnvelope).errors.count
        },
        Measurement(name: "validateFirst", what: "validateEnvelope on the parsed instance, stopAtFirstError") {
            ValidationContext.validate(parsed, options: stopAtFirst, with: validateEnvelope).errors.count
        },
        Measurement(name: "parseValidate", what: "JSONParser.parse + validateEnvelope (all errors)") {
            ValidationContext.validate(parse(data), options: collectAll, with: validateEnvelope).errors.count
        },
        Measurement(name: "decode", what: "JSONDecoder.decode(Envelope.self) of the same bytes") {
            do { return try decoder.decode(Envelope.self, from: data).data.items.count } catch { return -1 }
        },
        Measurement(name: "parseValidateDecode", what: "parse + validate + JSONDecoder: what a generated call does") {
            let report = ValidationContext.validate(parse(data), options: collectAll, with: validateEnvelope)
            do { return try decoder.decode(Envelope.self, from: data).data.items.count + report.errors.count } catch { return -1 }
        },
    ]
}

func perRunMicroseconds(_ body: () -> Int, runs: Int) -> Double {
    let clock = ContinuousClock()
    var local = 0
    let start = clock.now
    for _ in 0..<runs { local &+= body() }
    let elapsed = start.duration(to: clock.now)
    sink &+= local
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(runs)
}

func summary(_ values: [Double]) -> [String: Any] {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    return ["median": median, "min": sorted.first ?? 0, "max": sorted.last ?? 0, "batches": values]
}

func errorList(_ report: ValidationReport) -> [[String: String]] {
    report.errors.map { ["instanceLocation": $0.instanceLocation, "keyword": $0.keyword, "message": $0.message] }
}

let arguments = Arguments()

if let profiled = arguments.values["profile"] {
    guard let path = arguments.values["payload"] else { fail("--profile needs --payload FILE") }
    guard let measurement = measurements(for: load(path)).first(where: { $0.name == profiled }) else {
        fail("unknown measurement \(profiled)")
    }
    for _ in 0..<arguments.int("iterations", 2000) { sink &+= measurement.body() }
    print("sink \(sink)")
    exit(0)
}

guard let validPath = arguments.values["valid"], let invalidPath = arguments.values["invalid"] else {
    fail("usage: ValidationBench --valid FILE --invalid FILE [--batches N] [--runs N] [--warmup N]")
}
let batches = arguments.int("batches", 20)
let runs = arguments.int("runs", 100)
let warmup = arguments.int("warmup", 300)

var output: [String: Any] = ["batches": batches, "runsPerBatch": runs, "warmupRuns": warmup]
var payloads: [String: Any] = [:]
var plans: [(payload: String, measurement: Measurement)] = []

for (label, path) in [("valid", validPath), ("invalid", invalidPath)] {
    let data = load(path)
    let instance = parse(data)
    let all = ValidationContext.validate(instance, options: collectAll, with: validateEnvelope)
    let first = ValidationContext.validate(instance, options: stopAtFirst, with: validateEnvelope)
    var decodes: Any = true
    do { _ = try JSONDecoder().decode(Envelope.self, from: data) } catch { decodes = "\(error)" }
    payloads[label] = [
        "bytes": data.count,
        "errors": errorList(all),
        "errorsFirst": errorList(first),
        "decodes": decodes,
        "what": [String: String](uniqueKeysWithValues: measurements(for: data).map { ($0.name, $0.what) }),
    ] as [String: Any]
    plans += measurements(for: data).map { (label, $0) }
}

for plan in plans { _ = perRunMicroseconds(plan.measurement.body, runs: warmup) }

var results: [String: [Double]] = [:]
for _ in 0..<batches {
    for plan in plans {
        results["\(plan.payload)/\(plan.measurement.name)", default: []].append(perRunMicroseconds(plan.measurement.body, runs: runs))
    }
}

for (label, _) in [("valid", 0), ("invalid", 1)] {
    var entry = payloads[label] as! [String: Any]
    var timings: [String: Any] = [:]
    for plan in plans where plan.payload == label {
        timings[plan.measurement.name] = summary(results["\(label)/\(plan.measurement.name)"]!)
    }
    entry["timings"] = timings
    payloads[label] = entry
}
output["payloads"] = payloads
output["sink"] = sink

let json = try JSONSerialization.data(withJSONObject: output, options: [.sortedKeys, .prettyPrinted])
FileHandle.standardOutput.write(json)
FileHandle.standardOutput.write(Data("\n".utf8))

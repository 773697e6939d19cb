// The wire conformance driver (Scripts/wire.py): the same file for every API description. It reads one call per
// line on standard input, `{"operation": "GET /pets/{id}", "arguments": {...}, "baseURL": "http://127.0.0.1:N/v1"}`,
// calls it through the generated `WireDispatcher`, and writes one line per call to standard output:
// `{"outcome": {...}}` (see WireOutcome in the generated WireDispatcher.swift) or `{"failure": "..."}` when the
// call could not be dispatched.
import APIRuntime
import Foundation
import WireClient

struct Call: Decodable {
    let operation: String
    let arguments: JSONValue
    let baseURL: String
}

struct Line: Encodable {
    var outcome: WireOutcome?
    var failure: String?
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]

func write(_ line: Line) {
    let data = (try? encoder.encode(line)) ?? Data(#"{"failure":"the outcome could not be encoded"}"#.utf8)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

while let text = readLine(strippingNewline: true) {
    if text.isEmpty { continue }
    do {
        let call = try JSONDecoder().decode(Call.self, from: Data(text.utf8))
        guard let baseURL = URL(string: call.baseURL) else { throw WireArguments.Failure.notAnObject }
        let arguments = try WireArguments(json: try JSONEncoder().encode(call.arguments))
        let outcome = try await WireDispatcher.call(call.operation, arguments: arguments, baseURL: baseURL)
        write(Line(outcome: outcome))
    } catch {
        write(Line(failure: String(describing: error)))
    }
}

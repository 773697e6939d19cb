// Decoding hostile free-form (`JSONValue`) bodies two ways in one process, alternating: through `JSONDecoder` alone
// (how generated models decoded them before the runtime read free-form values from the parsed body) and through
// `APIClient.decode` (parse once with the runtime's `JSONParser`, then read free-form values from that tree).
//
//     swift run -c release --package-path Benchmarks FreeFormBench [--rounds N]
//
// Prints a Markdown table of the median wall time per body and side; nothing here asserts on time. Both sides must
// decode equal values, or the run fails.

@_spi(Generated) import APIRuntime
import Foundation
import HTTPTypes

struct Holder: Decodable, Equatable {
    var free: JSONValue
}

struct Body {
    let name: String
    let bytes: Data
}

func nested(_ open: String, _ close: String, depth: Int, leaf: String) -> String {
    String(repeating: open, count: depth) + leaf + String(repeating: close, count: depth)
}

func bodies() -> [Body] {
    let arrayChain = nested("[", "]", depth: 500, leaf: "1")
    let objectChain = nested(#"{"a":"#, "}", depth: 500, leaf: "1")
    let strings = "[" + Array(repeating: #""item""#, count: 1_000_000).joined(separator: ",") + "]"
    let cases: [(String, String)] = [
        ("1 kB: arrays nested 500 deep", arrayChain),
        ("10 kB: ten 500-deep array chains", "[" + Array(repeating: arrayChain, count: 10).joined(separator: ",") + "]"),
        ("30 kB: ten 500-deep object chains", "[" + Array(repeating: objectChain, count: 10).joined(separator: ",") + "]"),
        ("7 MB: a flat array of a million strings", strings),
    ]
    return cases.map { Body(name: $0.0, bytes: Data((#"{"free":"# + $0.1 + "}").utf8)) }
}

func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let roundsArgument = CommandLine.arguments.firstIndex(of: "--rounds").map { CommandLine.arguments[$0 + 1] }
let rounds = roundsArgument.flatMap(Int.init) ?? 3
let client = APIClient(baseURL: URL(string: "http://127.0.0.1")!)
let operation = OperationInfo(id: "getFreeForm", method: "GET", path: "/free-form")
let clock = ContinuousClock()

print("| body | JSONDecoder alone (s) | APIClient.decode (s) | ratio |")
print("| --- | ---: | ---: | ---: |")
for body in bodies() {
    var plain: [Double] = []
    var viaClient: [Double] = []
    for _ in 0..<rounds {
        var plainValue: Holder?
        plain.append(seconds(try clock.measure { plainValue = try JSONDecoder().decode(Holder.self, from: body.bytes) }))
        var clientValue: Holder?
        let response = APIResponse(status: 200, headerFields: [.contentType: "application/json"], body: body.bytes)
        viaClient.append(seconds(try clock.measure { clientValue = try client.decode(Holder.self, from: response, operation: operation) }))
        guard plainValue == clientValue else {
            FileHandle.standardError.write(Data("error: the two sides decoded different values for \(body.name)\n".utf8))
            exit(1)
        }
    }
    let left = median(plain)
    let right = median(viaClient)
    print("| \(body.name) | \(String(format: "%.3f", left)) | \(String(format: "%.4f", right)) | \(String(format: "%.0f×", left / right)) |")
}

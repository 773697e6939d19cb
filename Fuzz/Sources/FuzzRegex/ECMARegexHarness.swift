@_spi(Generated) import APIRuntime
import Foundation

/// libFuzzer entry: the ECMA-262 regex parser, compiler and matcher (the same files generate-time pattern checks
/// compile). Input: one flag byte (bit 0: lenient syntax), the pattern, a NUL byte, then the subject.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzECMARegex(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let flags = bytes.first else { return 0 }
    let rest = bytes.dropFirst()
    let split = rest.firstIndex(of: 0) ?? rest.endIndex
    let pattern = String(decoding: rest[..<split], as: UTF8.self)
    let subject = String(decoding: rest[split...].dropFirst(), as: UTF8.self)
    let syntax: ECMARegex.Syntax = flags & 1 == 0 ? .unicode : .lenient
    let regex = ECMARegex(compiling: pattern, syntax: syntax)
    // A pattern past the engine's limits (groups nested deeper than 200, too many instructions) does not compile
    // and is not parsed to its end, so `syntaxError` cannot vouch for it either way; every other pattern compiles
    // exactly when it has no syntax error.
    let pastLimits = regex.compileError.map { $0.kind != .syntax } ?? false
    if !pastLimits && regex.isValid != (ECMARegex.syntaxError(in: pattern, syntax: syntax) == nil) {
        fatalError("syntaxError and compiling disagree on \(pattern.debugDescription)")
    }
    _ = regex.compileError?.description
    // Budgets far below the default (10M steps and more, about 2 s under ASan): a pattern that backtracks
    // catastrophically within the default budget is what the budget is for, not a hang; a search that overruns
    // its budget is a finding.
    for budget in [1_000, 300_000] {
        var stepsLeft = budget
        _ = regex.evaluate(subject, stepsLeft: &stepsLeft)
        if stepsLeft < 0 { fatalError("the step budget went negative: \(stepsLeft) of \(budget)") }
    }
    return 0
}

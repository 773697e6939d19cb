/// How long one pipeline stage took (`apigen generate --timings` prints them).
public struct StageTiming: Sendable, Equatable {
    /// The stage: `resolve`, `plan`, `render`, or a stage the command line adds (`write`).
    public var stage: String
    /// Wall-clock time in seconds.
    public var seconds: Double

    public init(stage: String, seconds: Double) {
        self.stage = stage
        self.seconds = seconds
    }

    /// Runs `body` and appends its wall-clock time as `stage` to `timings`.
    public static func measure<Value>(_ stage: String, into timings: inout [StageTiming], _ body: () throws -> Value) rethrows -> Value {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try body()
        let elapsed = start.duration(to: clock.now).components
        timings.append(StageTiming(stage: stage, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18))
        return value
    }
}

/// What a generated method does to `__request` before sending it, in order: typed steps the planner decides; the
/// Swift statements templates read (`requestStatements[]`) are written from them when rendering
/// (`RequestStatementWriter`).
public struct RequestStatements: Sendable, Equatable {
    public var steps: [RequestStep]

    public init(_ steps: [RequestStep] = []) { self.steps = steps }

    public var isEmpty: Bool { steps.isEmpty }

    mutating func append(_ step: RequestStep) { steps.append(step) }
}

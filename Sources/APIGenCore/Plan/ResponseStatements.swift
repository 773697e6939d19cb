/// What a generated method does with a response of one status, in order: typed steps the planner decides; the
/// Swift statements templates read (`statements[]`, `defaultStatements[]`) are written from them when rendering
/// (`ResponseStatementWriter`).
public struct ResponseStatements: Sendable, Equatable {
    public var steps: [ResponseStep]
    /// Set when a returned stream goes out beside its response's documented headers, read into the struct of this
    /// name (a streamed method's `WithHeaders` variant).
    public var returnedHeaders: String?

    public init(_ steps: [ResponseStep] = []) { self.steps = steps }

    /// These statements with every validator named (see ``ResponseValidation``).
    func namingValidators(_ naming: ValidatorNaming) -> ResponseStatements {
        var copy = self
        copy.steps = steps.map { $0.namingValidators(naming) }
        return copy
    }
}

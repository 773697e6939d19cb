/// Names the validators that plans refer to by schema (``ResponseValidation``) once ``ValidatorNaming`` is done: it
/// runs beside model and operation planning, which therefore cannot know the names yet.
extension APIGroupPlan {
    func namingValidators(_ naming: ValidatorNaming) -> APIGroupPlan {
        var copy = self
        copy.operations = operations.map { $0.namingValidators(naming) }
        return copy
    }
}

extension OperationPlan {
    func namingValidators(_ naming: ValidatorNaming) -> OperationPlan {
        var copy = self
        copy.responseCases = responseCases.map { $0.namingValidators(naming) }
        copy.defaultStatements = defaultStatements.namingValidators(naming)
        copy.stream?.cases = stream?.cases.map { $0.namingValidators(naming) } ?? []
        copy.download?.headCases = download?.headCases.map { $0.namingValidators(naming) } ?? []
        copy.supportTypes = supportTypes.map { $0.namingValidators(naming) }
        return copy
    }
}

extension ResponseCasePlan {
    func namingValidators(_ naming: ValidatorNaming) -> ResponseCasePlan {
        var copy = self
        copy.statements = statements.namingValidators(naming)
        return copy
    }
}

extension ModelFilePlan {
    func namingValidators(_ naming: ValidatorNaming) -> ModelFilePlan {
        var copy = self
        copy.models = models.map { $0.namingValidators(naming) }
        return copy
    }
}

extension ModelPlan {
    /// Only a server-sent event union reads data through a validator.
    func namingValidators(_ naming: ValidatorNaming) -> ModelPlan {
        guard isEventUnion else { return self }
        var copy = self
        copy.eventCases = eventCases.map { $0.namingValidators(naming) }
        return copy
    }
}

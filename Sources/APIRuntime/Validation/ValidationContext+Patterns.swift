extension ValidationContext {
    /// Whether `regex` matches `string`, spending steps from this run's ``ValidationOptions/regexStepBudget``:
    /// generated validators check `pattern` and `patternProperties` through this, so however many values a body
    /// holds, all its pattern checks together stay within one budget. A check that finds the budget spent fails.
    public func matches(_ regex: ECMARegex, _ string: String) -> Bool {
        regex.evaluate(string, stepsLeft: &regexStepsLeft) == .match
    }

    /// Steps of ``ValidationOptions/regexStepBudget`` not spent yet.
    public var regexStepsRemaining: Int { regexStepsLeft }
}

/// How a validation run behaves.
@_spi(Generated) public struct ValidationOptions: Sendable, Hashable {
    /// The default: formats are annotations only, at most 100 errors are collected, all are collected.
    public static let `default` = ValidationOptions()

    /// Whether `format` is asserted (`date-time`, `email`, ...). JSON Schema 2020-12 treats `format` as an
    /// annotation unless asked otherwise, so this is off by default.
    public var assertFormats: Bool
    /// How many errors are collected before validation stops; at least 1.
    public var maxErrors: Int
    /// Whether validation stops at the first error (``maxErrors`` of 1 does the same).
    public var stopAtFirstError: Bool
    /// The regular expression matcher steps all `pattern` checks of one run may take together (each match is
    /// also bounded, by ten million steps plus a thousand per input byte, 100 million at most). Once spent, every
    /// further pattern check fails, so a body of many values crafted against a backtracking pattern costs seconds,
    /// not hours.
    public var regexStepBudget: Int

    /// The default ``regexStepBudget``: 500 million steps, about ten seconds in a release build at worst.
    public static let defaultRegexStepBudget = 500_000_000

    /// Creates options.
    public init(assertFormats: Bool = false, maxErrors: Int = 100, stopAtFirstError: Bool = false,
                regexStepBudget: Int = ValidationOptions.defaultRegexStepBudget) {
        self.assertFormats = assertFormats
        self.maxErrors = max(1, maxErrors)
        self.stopAtFirstError = stopAtFirstError
        self.regexStepBudget = max(0, regexStepBudget)
    }
}

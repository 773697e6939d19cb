extension JSONNumber {
    /// The number `literal` spells, for constants in generated validators: apigen writes only literals it has
    /// checked against JSON's grammar, so this never fails there; should it be handed anything else it still does
    /// not trap: it takes the nearest finite `Double` of the text, or zero.
    public init(literal: String) {
        if let parsed = JSONNumber(literal) {
            self = parsed
        } else if let double = Double(literal), let exact = JSONNumber(exactly: double) {
            self = exact
        } else {
            self.init(Int64(0))
        }
    }
}

/// One argument of a generated method, as values: its declaration, and the argument of a call that hands it on to
/// another variant of the method, are written from them.
public struct MethodParameter: Sendable, Equatable {
    /// The argument label, escaped when it is a keyword.
    public var label: String
    /// The name the method's body reads it by (`OperationPlanner.localName(for:scope:)`).
    public var local: String
    /// The Swift type, `?` included for an optional argument.
    public var type: String
    /// The default value as Swift text (`nil`, a string literal); nil when the argument has none.
    public var defaultValue: String?

    /// `label local: Type = default`.
    public var declaration: String {
        (label == local ? label : label + " " + local) + ": " + type + (defaultValue.map { " = " + $0 } ?? "")
    }

    /// `label: local`.
    public var forwardingArgument: String {
        SwiftNaming.callLabel(label) + ": " + local
    }
}

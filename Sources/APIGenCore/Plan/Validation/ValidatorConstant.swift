/// A reference to one constant of a file's validators: a stored property of the file's constants group
/// (`__memberConstants`, a file-private global), which the file's functions read as
/// `__memberConstants.memberTypesString`.
///
/// A function's code reads it through ``inFunction``; a constant built inside the group from another (a rule naming
/// its type set or its pattern) names it alone (``inGroup``).
struct ValidatorConstantReference: CustomStringConvertible, Sendable {
    /// The file's constants group, e.g. `__memberConstants`.
    let group: String
    /// The constant, e.g. `memberTypesString`.
    let name: String
    /// A value the runtime names itself (`.stringOrNull`, a `JSONTypeSet` member): nothing is declared for it.
    var runtimeMember: String?

    init(group: String, name: String) {
        self.group = group
        self.name = name
    }

    /// A value the runtime provides as a static member of `type`.
    init(runtime type: String, member: String) {
        group = ""
        name = ""
        runtimeType = type
        runtimeMember = member
    }

    /// The runtime type whose static member `runtimeMember` is.
    private var runtimeType = ""

    var description: String { group + "." + name }

    /// The value as a validator function reads it: `__memberConstants.memberTypesString`, `JSONTypeSet.string`.
    var inFunction: String { runtimeMember.map { runtimeType + "." + $0 } ?? description }

    /// The value as the constants group reads it (a row of a table): `memberTypesString`, `.string`.
    var inGroup: String { runtimeMember.map { "." + $0 } ?? name }
}

/// One constant of a file's validators, as the template declares it in the file's constants group.
public struct ValidatorConstantPlan: Encodable, Sendable {
    /// The stored property, e.g. `memberTypesString`.
    public var name: String
    /// Its type, e.g. `JSONTypeSet`, `[SchemaRule]`.
    public var type: String
    /// The value, e.g. `[.string, .null]`; a table's is a multi-line string literal read by the runtime
    /// (`SchemaRule.table(_:patterns:)`, `JSONPropertyTable(lines:)`), so it spans several lines.
    public var expression: String
    /// Whether the value names other constants of the group (a rule or a table of rules naming type sets and
    /// patterns); those are built first.
    public var readsConstants: Bool
    /// Whether this is the last constant, for the template's argument list.
    public var isLast = false
}

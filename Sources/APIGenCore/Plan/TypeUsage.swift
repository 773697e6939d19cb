/// How a schema is written where it is used, and what the planner needs to know about that type.
struct TypeUsage: Sendable {
    /// The Swift type, without optionality.
    var swift: String
    /// The struct this type is, when it is a struct by value (through aliases), for recursion boxing.
    var directStruct: String?
    /// `Date` from `format: date-time`: coded by the runtime helpers, not by the decoder's strategy.
    var isDateTime = false
    /// `[Date]` of `date-time` items.
    var isDateTimeArray = false
    /// Can be sent as a path, query, header or cookie value (`ParameterEncodable`).
    var isParameterCapable = false
    /// A generated tolerant enum, with its cases by raw value, for default values.
    var enumCases: [(raw: ScalarValue, name: String)]?
    /// A generated union, with its cases and their types, for default values.
    var unionCases: [(name: String, usage: TypeUsage)]?
    /// `Data` of `format: binary`.
    var isBinary = false
    /// An array whose elements are parameter-capable (for exploded query arrays).
    var isParameterArray = false
    /// `[Data]` of `format: binary` (or `byte`) items: a multipart part of one file per element.
    var isBinaryArray = false
    /// What an array (`[X]`) or a map (`[String: X]`) holds, for default values.
    var container: Container?

    /// The element usage of a collection type.
    indirect enum Container: Sendable {
        /// `[X]`: each element is an X.
        case array(of: TypeUsage)
        /// `[String: X]`: each value is an X.
        case map(of: TypeUsage)
    }

    static let json = TypeUsage(swift: "JSONValue")

    /// `[Data]` of files: a multipart part of one file per element.
    static var files: TypeUsage {
        var usage = TypeUsage(swift: "[Data]")
        usage.isBinaryArray = true
        return usage
    }

    static func primitive(_ swift: String) -> TypeUsage {
        TypeUsage(swift: swift, isParameterCapable: true)
    }
}

/// One failed keyword: where in the instance, which keyword of which schema, and why.
public struct ValidationError: Sendable, Hashable, CustomStringConvertible, Error {
    /// The JSON pointer to the failing value in the instance, e.g. `/data/items/3/ident` (empty for the root).
    public let instanceLocation: String
    /// The JSON pointer to the keyword within its schema, e.g. `/properties/ident/pattern`.
    public let keywordLocation: String
    /// The schema object holding the keyword: its document and a `#` pointer, e.g.
    /// `schemas/friend.json#/properties/ident`.
    public let schemaLocation: String
    /// The keyword, e.g. `pattern`.
    public let keyword: String
    /// What is wrong, e.g. `"x42" does not match pattern ^[0-9]+$`.
    public let message: String
    /// The response header the failing value was read from (its name as the description writes it), with
    /// `instanceLocation` inside its value (`/1` for the second item of a list); nil when the value is in the body.
    public let header: String?

    /// Creates an error.
    public init(instanceLocation: String, keywordLocation: String, schemaLocation: String, keyword: String, message: String,
                header: String? = nil) {
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.schemaLocation = schemaLocation
        self.keyword = keyword
        self.message = message
        self.header = header
    }

    /// `/data/items/3/ident: "x42" does not match pattern ^[0-9]+$ (schemas/friend.json#/properties/ident)`;
    /// the root instance shows as `/`; a header's value as `header X-RateLimit-Remaining: ...`.
    public var description: String {
        if let header { return "header \(header)\(instanceLocation): \(message) (\(schemaLocation))" }
        return "\(instanceLocation.isEmpty ? "/" : instanceLocation): \(message) (\(schemaLocation))"
    }

    /// This error as found in the value of response header `name`.
    func inHeader(_ name: String) -> ValidationError {
        ValidationError(instanceLocation: instanceLocation, keywordLocation: keywordLocation, schemaLocation: schemaLocation,
                        keyword: keyword, message: message, header: name)
    }
}

/// The standard error messages, so generated code stays short and messages stay uniform.
///
/// Pass them as the `message` of ``ValidationContext/fail(keyword:keywordLocation:schemaLocation:message:)``;
/// they are evaluated only when an error is recorded. Values are shown as abbreviated JSON.
@_spi(Generated) public enum ValidationMessage {
    /// `"x42" is not of type "integer"` (several types: `is not of type "string", "null"`).
    public static func type(_ value: JSONInstance, expected: JSONTypeSet) -> String {
        "\(value.abbreviatedJSON()) is not of type \(expected.names.map { "\"\($0)\"" }.joined(separator: ", "))"
    }

    /// `"id" is a required property`.
    public static func required(_ name: String) -> String {
        "\(JSONInstance.quoted(name)) is a required property"
    }

    /// `"b" is required when "a" is present` (dependentRequired).
    public static func dependentRequired(_ name: String, presentProperty: String) -> String {
        "\(JSONInstance.quoted(name)) is required when \(JSONInstance.quoted(presentProperty)) is present"
    }

    /// `additional property "x" is not allowed`.
    public static func additionalProperty(_ name: String) -> String {
        "additional property \(JSONInstance.quoted(name)) is not allowed"
    }

    /// `unevaluated property "x" is not allowed`.
    public static func unevaluatedProperty(_ name: String) -> String {
        "unevaluated property \(JSONInstance.quoted(name)) is not allowed"
    }

    /// `unevaluated item 3 is not allowed`.
    public static func unevaluatedItem(_ index: Int) -> String {
        "unevaluated item \(index) is not allowed"
    }

    /// `additional item 3 is not allowed` (`items: false` after `prefixItems`).
    public static func additionalItem(_ index: Int) -> String {
        "additional item \(index) is not allowed"
    }

    /// `property name "x" is invalid`.
    public static func propertyName(_ name: String) -> String {
        "property name \(JSONInstance.quoted(name)) is invalid"
    }

    /// `0 is less than the minimum of 1`.
    public static func minimum(_ value: JSONNumber, _ limit: JSONNumber) -> String {
        "\(value) is less than the minimum of \(limit)"
    }

    /// `1 is less than or equal to the exclusive minimum of 1`.
    public static func exclusiveMinimum(_ value: JSONNumber, _ limit: JSONNumber) -> String {
        "\(value) is less than or equal to the exclusive minimum of \(limit)"
    }

    /// `5 is greater than the maximum of 3`.
    public static func maximum(_ value: JSONNumber, _ limit: JSONNumber) -> String {
        "\(value) is greater than the maximum of \(limit)"
    }

    /// `3 is greater than or equal to the exclusive maximum of 3`.
    public static func exclusiveMaximum(_ value: JSONNumber, _ limit: JSONNumber) -> String {
        "\(value) is greater than or equal to the exclusive maximum of \(limit)"
    }

    /// `7 is not a multiple of 2`.
    public static func multipleOf(_ value: JSONNumber, _ divisor: JSONNumber) -> String {
        "\(value) is not a multiple of \(divisor)"
    }

    /// `"ab" is shorter than 3 characters`.
    public static func minLength(_ value: String, _ limit: Int) -> String {
        "\(JSONInstance.string(value).abbreviatedJSON()) is shorter than \(limit) character\(limit == 1 ? "" : "s")"
    }

    /// `"abcd" is longer than 3 characters`.
    public static func maxLength(_ value: String, _ limit: Int) -> String {
        "\(JSONInstance.string(value).abbreviatedJSON()) is longer than \(limit) character\(limit == 1 ? "" : "s")"
    }

    /// `"x42" does not match pattern ^[0-9]+$`.
    public static func pattern(_ value: String, _ pattern: String) -> String {
        "\(JSONInstance.string(value).abbreviatedJSON()) does not match pattern \(pattern)"
    }

    /// `pattern ^[a-z+$ is not a valid ECMA-262 regular expression: ...` for a pattern that failed to compile.
    public static func invalidPattern(_ regex: ECMARegex) -> String {
        "pattern \(regex.pattern) is not a valid ECMA-262 regular expression: \(regex.compileError?.description ?? "unknown error")"
    }

    /// `"2024-13-01" is not a valid "date"`.
    public static func format(_ value: String, _ format: String) -> String {
        "\(JSONInstance.string(value).abbreviatedJSON()) is not a valid \"\(format)\""
    }

    /// `[] has fewer than 1 item`.
    public static func minItems(_ value: [JSONInstance], _ limit: Int) -> String {
        "\(JSONInstance.array(value).abbreviatedJSON()) has fewer than \(limit) item\(limit == 1 ? "" : "s")"
    }

    /// `[1,2,3] has more than 2 items`.
    public static func maxItems(_ value: [JSONInstance], _ limit: Int) -> String {
        "\(JSONInstance.array(value).abbreviatedJSON()) has more than \(limit) item\(limit == 1 ? "" : "s")"
    }

    /// `items 0 and 2 are equal`.
    public static func uniqueItems(_ first: Int, _ second: Int) -> String {
        "items \(first) and \(second) are equal"
    }

    /// `{} has fewer than 1 property`.
    public static func minProperties(_ value: JSONObject, _ limit: Int) -> String {
        "\(JSONInstance.object(value).abbreviatedJSON()) has fewer than \(limit) propert\(limit == 1 ? "y" : "ies")"
    }

    /// `{"a":1,"b":2} has more than 1 property`.
    public static func maxProperties(_ value: JSONObject, _ limit: Int) -> String {
        "\(JSONInstance.object(value).abbreviatedJSON()) has more than \(limit) propert\(limit == 1 ? "y" : "ies")"
    }

    /// `"x" is not one of ["a","b"]`.
    public static func enumeration(_ value: JSONInstance, _ allowed: [JSONInstance]) -> String {
        "\(value.abbreviatedJSON()) is not one of \(JSONInstance.array(allowed).abbreviatedJSON(maxLength: 120))"
    }

    /// `"x" is not equal to the constant "a"`.
    public static func constant(_ value: JSONInstance, _ expected: JSONInstance) -> String {
        "\(value.abbreviatedJSON()) is not equal to the constant \(expected.abbreviatedJSON())"
    }

    /// `[1,2] does not contain a matching item` (or fewer than `minContains`).
    public static func contains(_ value: [JSONInstance], matched: Int, minimum: Int) -> String {
        if matched == 0 { return "\(JSONInstance.array(value).abbreviatedJSON()) does not contain a matching item" }
        return "\(JSONInstance.array(value).abbreviatedJSON()) contains \(matched) matching item\(matched == 1 ? "" : "s"), fewer than \(minimum)"
    }

    /// `[1,2,3] contains 3 matching items, more than 2` (maxContains).
    public static func maxContains(_ value: [JSONInstance], matched: Int, maximum: Int) -> String {
        "\(JSONInstance.array(value).abbreviatedJSON()) contains \(matched) matching item\(matched == 1 ? "" : "s"), more than \(maximum)"
    }

    /// `1 is not valid under any of the given schemas`.
    public static func anyOf(_ value: JSONInstance) -> String {
        "\(value.abbreviatedJSON()) is not valid under any of the given schemas"
    }

    /// `"mention" is not a "kind" the description lists (like, friend_request)`: a discriminated union met a kind
    /// it does not know; its model keeps the value in its undocumented case.
    public static func discriminator(_ value: String, property: String, known: [String]) -> String {
        "\(JSONInstance.string(value).abbreviatedJSON()) is not a \(JSONInstance.string(property).abbreviatedJSON()) the description lists (\(known.joined(separator: ", ")))"
    }

    /// `1 is not valid under any of the given schemas` / `1 is valid under more than one of the given
    /// schemas (0 and 2)` for `oneOf`.
    public static func oneOf(_ value: JSONInstance, matches: [Int]) -> String {
        if matches.count < 2 { return anyOf(value) }
        return "\(value.abbreviatedJSON()) is valid under more than one of the given schemas (\(matches[0]) and \(matches[1]))"
    }

    /// `1 should not be valid under {"type":"integer"}`.
    public static func not(_ value: JSONInstance, schema: String) -> String {
        "\(value.abbreviatedJSON()) should not be valid under \(schema)"
    }

    /// `1 does not match the "then" schema` for `if`/`then`/`else`.
    public static func conditional(_ value: JSONInstance, branch: String) -> String {
        "\(value.abbreviatedJSON()) does not match the \"\(branch)\" schema"
    }

    /// `1 has a type or matches a schema that "disallow" excludes` (draft-03).
    public static func disallowed(_ value: JSONInstance) -> String {
        "\(value.abbreviatedJSON()) has a type or matches a schema that \"disallow\" excludes"
    }

    /// `"eyJ" is not valid base64-encoded application/json content`.
    public static func content(_ value: String, encoding: String?, mediaType: String?) -> String {
        let described = [encoding.map { $0 + "-encoded" }, mediaType].compactMap { $0 }.joined(separator: " ")
        return "\(JSONInstance.string(value).abbreviatedJSON()) is not valid \(described) content"
    }

    /// `the schema at openapi.yaml#/components/schemas/Loop applies itself to the same value again without
    /// descending into it; checking it would never end`.
    public static func endlessLoop(_ schemaLocation: String) -> String {
        "the schema at \(schemaLocation) applies itself to the same value again without descending into it; checking it would never end"
    }

    /// `false schema does not allow 1`.
    public static func falseSchema(_ value: JSONInstance) -> String {
        "false schema does not allow \(value.abbreviatedJSON())"
    }
}

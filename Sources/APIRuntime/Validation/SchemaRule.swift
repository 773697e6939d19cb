/// A leaf subschema checked from data instead of a generated function: `type` (with `nullable` folded in), `format`,
/// `minLength`, `maxLength`, `pattern` and annotations, nothing else.
///
/// Most subschemas of a real API are such leaves (`{type: string, format: uri}`); a function per leaf made the GitHub
/// client's validators half of its generated code. A rule checks exactly what that function checked, in the same
/// order, and reports the same keyword, locations and message. Generated code keeps a table per object schema and
/// calls functions directly for the members that need one:
///
/// ```swift
/// let memberPropertyRules: [SchemaRule] = SchemaRule.table("""
///     in openapi.yaml
///     type=string format=uri @/components/schemas/Member/properties/avatar
///     -
///     """)  // the second row, "profile", is checked by validateMemberProfile
/// ...
/// switch __index {
/// case 1: if !context.validate(member.value, at: "profile", validateMemberProfile) { ... }
/// default: if !context.validate(member.value, at: member.key, Self.memberPropertyRules[__index]) { ... }
/// }
/// ```
///
/// A rule is plain data (its locations are bytes of a literal, its regex an unmanaged reference the rule keeps alive for
/// the life of the process), so reading one from its table costs no reference counting, and a valid value (the common
/// case) is checked by ``isValid(_:_:)`` without touching the instance path; only a value that fails is checked again by ``report(_:_:)``, with the member or element on the path.
@_spi(Generated) public struct SchemaRule: Sendable {
    @usableFromInline let types: JSONTypeSet?
    @usableFromInline let draft4Integers: Bool
    @usableFromInline let format: JSONSchemaFormat?
    @usableFromInline let minLength: Int?
    @usableFromInline let maxLength: Int?
    /// Retained once when the rule is made and never released: rules live in static tables, and an unmanaged
    /// reference keeps the rule free of reference counting (an earlier variant whose rows held strong references, to
    /// enum values, bounds and items as well as regexes, measured 27% slower validation).
    @usableFromInline let pattern: Unmanaged<ECMARegex>?
    /// The document of the schema, as `schemaLocation` names it (relative to the root document's folder).
    @usableFromInline let document: LiteralText
    /// The JSON pointer of the schema in its document.
    @usableFromInline let pointer: LiteralText

    /// A leaf schema, checked in the order a generated function checks it: `types`, then for strings `minLength`,
    /// `maxLength`, `pattern` and `format` (a runtime format name; unknown names are annotations). `document` and
    /// `pointer` locate the schema. A rule keeps `pattern` alive for the rest of the process: make rules for static
    /// tables only.
    public init(
        types: JSONTypeSet? = nil, draft4Integers: Bool = false, minLength: Int? = nil, maxLength: Int? = nil,
        pattern: ECMARegex? = nil, format: String? = nil, in document: StaticString, at pointer: StaticString
    ) {
        self.types = types
        self.draft4Integers = draft4Integers
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern.map { Unmanaged.passRetained($0) }
        self.format = format.flatMap(JSONSchemaFormat.init(name:))
        self.document = LiteralText(document)
        self.pointer = LiteralText(pointer)
    }

    /// A rule read from a packed table (``table(_:patterns:)``); `pattern` is already retained for good.
    init(types: JSONTypeSet?, draft4Integers: Bool, minLength: Int?, maxLength: Int?, pattern: Unmanaged<ECMARegex>?,
         format: JSONSchemaFormat?, document: LiteralText, pointer: LiteralText) {
        self.types = types
        self.draft4Integers = draft4Integers
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.format = format
        self.document = document
        self.pointer = pointer
    }

    /// A member checked elsewhere (by a generated function), or a schema that accepts everything.
    public static let anything = SchemaRule(in: "", at: "")

    /// Whether `instance` passes; records nothing.
    @inlinable
    public func isValid(_ instance: JSONInstance, _ context: ValidationContext) -> Bool {
        if let types, !types.matches(instance, draft4Integers: draft4Integers) { return false }
        guard case .string(let string) = instance else { return true }
        if let minLength, !SchemaCheck.hasLength(string, atLeast: minLength) { return false }
        if let maxLength, !SchemaCheck.hasLength(string, atMost: maxLength) { return false }
        if let pattern, !pattern._withUnsafeGuaranteedRef({ context.matches($0, string) }) { return false }
        if let format, context.assertsFormats, !format.isValid(string) { return false }
        return true
    }

    /// Checks `instance` and records every failure on `context`, like a generated function records them.
    public func report(_ instance: JSONInstance, _ context: ValidationContext) -> Bool {
        var valid = true
        if let types, !types.matches(instance, draft4Integers: draft4Integers) {
            if !fail("type", ValidationMessage.type(instance, expected: types), context) { return false }
            valid = false
        }
        guard case .string(let string) = instance else { return valid }
        if let minLength, !SchemaCheck.hasLength(string, atLeast: minLength) {
            if !fail("minLength", ValidationMessage.minLength(string, minLength), context) { return false }
            valid = false
        }
        if let maxLength, !SchemaCheck.hasLength(string, atMost: maxLength) {
            if !fail("maxLength", ValidationMessage.maxLength(string, maxLength), context) { return false }
            valid = false
        }
        if let pattern, !pattern._withUnsafeGuaranteedRef({ context.matches($0, string) }) {
            if !fail("pattern", ValidationMessage.pattern(string, pattern._withUnsafeGuaranteedRef(\.pattern)), context) { return false }
            valid = false
        }
        if let format, context.assertsFormats, !format.isValid(string) {
            if !fail("format", ValidationMessage.format(string, format.rawValue), context) { return false }
            valid = false
        }
        return valid
    }

    /// Records that `keyword` failed; returns false when the run must stop. Locations are built only here.
    private func fail(_ keyword: String, _ message: @autoclosure () -> String, _ context: ValidationContext) -> Bool {
        // A probe only notes the failure: build nothing for it.
        if context.isProbing {
            context.fail(keyword: keyword, keywordLocation: "", schemaLocation: "", message: "")
            return !context.shouldStop
        }
        let pointer = pointer.string
        context.fail(keyword: keyword, keywordLocation: pointer + "/" + keyword, schemaLocation: document.string + "#" + pointer,
                     message: message())
        return !context.shouldStop
    }
}

extension ValidationContext {
    /// `properties` without `patternProperties` or `additionalProperties`, every member a rule: validates every member
    /// `table` declares with the rule at its position.
    @inlinable
    public func validateProperties(_ object: JSONObject, _ table: JSONPropertyTable, _ rules: [SchemaRule]) -> Bool {
        var valid = true
        for member in object {
            guard let index = table.index(of: member) else { continue }
            if !validate(member.value, at: member.key, rules[index]) {
                if stop { return false }
                valid = false
            }
        }
        return valid
    }

    /// Validates the member `key` of the current object with `rule`; `key` is on the instance path of every failure.
    @inlinable
    public func validate(_ value: JSONInstance, at key: String, _ rule: SchemaRule) -> Bool {
        if rule.isValid(value, self) { return true }
        path.append(.key(key))
        let valid = rule.report(value, self)
        if !stop { path.removeLast() }
        return valid
    }

    /// Validates the element at `index` of the current array with `rule`; `index` is on the path of every failure.
    @inlinable
    public func validate(_ value: JSONInstance, at index: Int, _ rule: SchemaRule) -> Bool {
        if rule.isValid(value, self) { return true }
        path.append(.index(index))
        let valid = rule.report(value, self)
        if !stop { path.removeLast() }
        return valid
    }
}

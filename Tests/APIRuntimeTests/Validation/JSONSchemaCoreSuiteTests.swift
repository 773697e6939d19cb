@_spi(Generated) import APIRuntime
import Foundation
import XCTest

/// Runs core draft2020-12 files of the official suite through ``SuiteSchemaInterpreter``, an interpreter
/// that drives the runtime (context, probes, annotation scopes, keyword helpers) exactly as generated
/// validators are meant to. It proves the runtime API is sufficient, including `unevaluatedProperties`
/// and `unevaluatedItems`. Groups using identifiers, anchors, dynamic or remote references are skipped.
final class JSONSchemaCoreSuiteTests: XCTestCase {
    private func run(_ file: String, knownFailures: [String: String] = [:], line: UInt = #line) throws {
        let (optional, reason) = JSONSchemaSuiteSupport.optionalDirectory()
        guard let directory = optional?.deletingLastPathComponent() else {
            print("Skipping \(file): \(reason)")
            throw XCTSkip(reason)
        }
        let cases = try JSONSchemaSuiteSupport.cases(file, in: directory).filter { SuiteSchemaInterpreter.supports($0.schema) }
        JSONSchemaSuiteSupport.check(file, cases, knownFailures: knownFailures, isValid: { testCase in
            let interpreter = SuiteSchemaInterpreter(root: testCase.schema)
            let report = ValidationContext.validate(testCase.data) { instance, context in
                interpreter.validate(instance, testCase.schema, context)
            }
            // A valid instance must produce no error and an invalid one at least one.
            return report.isValid
        }, line: line)
    }

    func testType() throws { try run("type.json") }
    func testEnum() throws { try run("enum.json") }
    func testConst() throws { try run("const.json") }
    func testMultipleOf() throws { try run("multipleOf.json") }
    func testNumericLimits() throws {
        try run("minimum.json")
        try run("maximum.json")
        try run("exclusiveMinimum.json")
        try run("exclusiveMaximum.json")
    }

    func testStrings() throws {
        try run("minLength.json")
        try run("maxLength.json")
        try run("pattern.json")
    }

    func testArrays() throws {
        try run("items.json")
        try run("prefixItems.json")
        try run("contains.json")
        try run("minContains.json")
        try run("maxContains.json")
        try run("uniqueItems.json")
        try run("minItems.json")
        try run("maxItems.json")
    }

    func testObjects() throws {
        try run("properties.json")
        try run("patternProperties.json")
        try run("additionalProperties.json")
        try run("required.json")
        try run("dependentRequired.json")
        try run("dependentSchemas.json")
        try run("propertyNames.json")
        try run("minProperties.json")
        try run("maxProperties.json")
    }

    func testApplicators() throws {
        try run("allOf.json")
        try run("anyOf.json")
        try run("oneOf.json")
        try run("not.json")
        try run("if-then-else.json")
        try run("boolean_schema.json")
        try run("ref.json")
    }

    func testUnevaluated() throws {
        try run("unevaluatedProperties.json")
        try run("unevaluatedItems.json")
    }
}

/// A schema interpreter written the way the generator emits code: one keyword after another, `probe` for
/// speculative branches, annotation scopes around schemas with `unevaluated*`.
struct SuiteSchemaInterpreter {
    let root: JSONInstance

    private static let supportedKeywords: Set<String> = [
        "$schema", "$defs", "$comment", "description", "title", "default", "examples", "format", "$ref",
        "type", "enum", "const", "multipleOf", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum",
        "minLength", "maxLength", "pattern", "items", "prefixItems", "contains", "minContains", "maxContains",
        "uniqueItems", "minItems", "maxItems", "properties", "patternProperties", "additionalProperties",
        "required", "dependentRequired", "dependentSchemas", "propertyNames", "minProperties", "maxProperties",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "unevaluatedProperties", "unevaluatedItems",
    ]

    /// Whether every keyword (recursively) is one this interpreter handles and every `$ref` is local.
    static func supports(_ schema: JSONInstance) -> Bool {
        switch schema {
        case .bool: return true
        case .object(let object):
            for member in object {
                guard supportedKeywords.contains(member.key) else { return false }
                if member.key == "$ref" {
                    guard let reference = member.value.stringValue, reference.hasPrefix("#") else { return false }
                    continue
                }
                switch member.key {
                case "enum", "const", "required", "type", "dependentRequired", "default", "examples", "description", "title", "$comment", "$schema":
                    continue
                case "properties", "patternProperties", "$defs", "dependentSchemas":
                    guard case .object(let children) = member.value, children.allSatisfy({ supports($0.value) }) else { return false }
                case "allOf", "anyOf", "oneOf", "prefixItems":
                    guard case .array(let children) = member.value, children.allSatisfy(supports) else { return false }
                default:
                    if case .object = member.value, !supports(member.value) { return false }
                }
            }
            return true
        default:
            return false
        }
    }

    private func resolve(_ reference: String) -> JSONInstance? {
        var pointer = String(reference.dropFirst())
        pointer = pointer.removingPercentEncoding ?? pointer
        var current = root
        guard !pointer.isEmpty else { return root }
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let next = current[key] {
                current = next
            } else if let index = Int(key), let next = current[index] {
                current = next
            } else {
                return nil
            }
        }
        return current
    }

    private func fail(_ context: ValidationContext, _ keyword: String, _ message: @autoclosure () -> String) {
        context.fail(keyword: keyword, keywordLocation: "/" + keyword, schemaLocation: "suite.json#", message: message())
    }

    func validate(_ instance: JSONInstance, _ schema: JSONInstance, _ context: ValidationContext) -> Bool {
        if case .bool(let allowed) = schema {
            if !allowed { fail(context, "false", ValidationMessage.falseSchema(instance)) }
            return allowed
        }
        guard case .object(let keywords) = schema else { return true }
        let tracksUnevaluated = keywords["unevaluatedProperties"] != nil || keywords["unevaluatedItems"] != nil
        let scope = tracksUnevaluated ? context.beginAnnotationScope() : nil
        var valid = true
        // Records a failed keyword; returns true when validation must stop now.
        func failed(_ keyword: String, _ message: @autoclosure () -> String) -> Bool {
            fail(context, keyword, message())
            valid = false
            return context.shouldStop
        }

        if let reference = keywords["$ref"]?.stringValue, let target = resolve(reference) {
            if !validate(instance, target, context) {
                valid = false
                if context.shouldStop { return false }
            }
        }
        if let type = keywords["type"] {
            var types = JSONTypeSet()
            for name in type.arrayValue ?? [type] { types.formUnion(JSONTypeSet(name: name.stringValue ?? "") ?? []) }
            if !types.matches(instance), failed("type", ValidationMessage.type(instance, expected: types)) { return false }
        }
        if case .array(let allowed)? = keywords["enum"], !SchemaCheck.isOneOf(instance, allowed),
           failed("enum", ValidationMessage.enumeration(instance, allowed)) { return false }
        if let constant = keywords["const"], !SchemaCheck.equals(instance, constant),
           failed("const", ValidationMessage.constant(instance, constant)) { return false }

        switch instance {
        case .number(let number):
            if let divisor = keywords["multipleOf"]?.numberValue, !number.isMultiple(of: divisor),
               failed("multipleOf", ValidationMessage.multipleOf(number, divisor)) { return false }
            if let limit = keywords["maximum"]?.numberValue, !(number <= limit), failed("maximum", ValidationMessage.maximum(number, limit)) { return false }
            if let limit = keywords["minimum"]?.numberValue, !(number >= limit), failed("minimum", ValidationMessage.minimum(number, limit)) { return false }
            if let limit = keywords["exclusiveMaximum"]?.numberValue, !(number < limit),
               failed("exclusiveMaximum", ValidationMessage.exclusiveMaximum(number, limit)) { return false }
            if let limit = keywords["exclusiveMinimum"]?.numberValue, !(number > limit),
               failed("exclusiveMinimum", ValidationMessage.exclusiveMinimum(number, limit)) { return false }
        case .string(let string):
            if let limit = keywords["minLength"]?.numberValue?.int64Value, !SchemaCheck.hasLength(string, atLeast: Int(limit)),
               failed("minLength", ValidationMessage.minLength(string, Int(limit))) { return false }
            if let limit = keywords["maxLength"]?.numberValue?.int64Value, !SchemaCheck.hasLength(string, atMost: Int(limit)),
               failed("maxLength", ValidationMessage.maxLength(string, Int(limit))) { return false }
            if let pattern = keywords["pattern"]?.stringValue, !ECMARegex.cached(pattern).matches(string),
               failed("pattern", ValidationMessage.pattern(string, pattern)) { return false }
        case .array(let elements):
            if !validateArray(elements, keywords, context, failed) { valid = false }
            if context.shouldStop { return false }
        case .object(let object):
            if !validateObject(object, keywords, context, failed) { valid = false }
            if context.shouldStop { return false }
        default:
            break
        }

        // Applicators on the same instance.
        if case .array(let schemas)? = keywords["allOf"] {
            for subschema in schemas where !validate(instance, subschema, context) {
                valid = false
                if context.shouldStop { return false }
            }
        }
        if case .array(let schemas)? = keywords["anyOf"] {
            var matched = false
            for subschema in schemas {
                if context.probe({ validate(instance, subschema, $0) }) {
                    matched = true
                    // Without annotation collection the first match is enough.
                    if !context.isCollectingAnnotations { break }
                }
            }
            if !matched, failed("anyOf", ValidationMessage.anyOf(instance)) { return false }
        }
        if case .array(let schemas)? = keywords["oneOf"] {
            var matches: [Int] = []
            for (index, subschema) in schemas.enumerated() where context.probe({ validate(instance, subschema, $0) }) {
                matches.append(index)
            }
            if matches.count != 1, failed("oneOf", ValidationMessage.oneOf(instance, matches: matches)) { return false }
        }
        if let negated = keywords["not"], context.probe(keepingAnnotations: false, { validate(instance, negated, $0) }),
           failed("not", ValidationMessage.not(instance, schema: negated.abbreviatedJSON())) { return false }
        if let condition = keywords["if"] {
            let branch = context.probe { validate(instance, condition, $0) } ? keywords["then"] : keywords["else"]
            if let branch, !validate(instance, branch, context) {
                valid = false
                if context.shouldStop { return false }
            }
        }

        if let scope {
            let evaluated = context.endAnnotationScope(scope)
            if let unevaluated = keywords["unevaluatedProperties"], case .object(let object) = instance {
                for member in object where !evaluated.contains(property: member.key) {
                    context.noteEvaluated(property: member.key)
                    context.push(member.key)
                    let ok = validate(member.value, unevaluated, context)
                    context.pop()
                    if !ok, failed("unevaluatedProperties", ValidationMessage.unevaluatedProperty(member.key)) { return false }
                }
            }
            if let unevaluated = keywords["unevaluatedItems"], case .array(let elements) = instance {
                for (index, element) in elements.enumerated() where !evaluated.contains(item: index) {
                    context.noteEvaluated(item: index)
                    context.push(index)
                    let ok = validate(element, unevaluated, context)
                    context.pop()
                    if !ok, failed("unevaluatedItems", ValidationMessage.unevaluatedItem(index)) { return false }
                }
            }
        }
        return valid
    }

    private func validateArray(
        _ elements: [JSONInstance],
        _ keywords: JSONObject,
        _ context: ValidationContext,
        _ failed: (String, @autoclosure () -> String) -> Bool
    ) -> Bool {
        var valid = true
        if let limit = keywords["minItems"]?.numberValue?.int64Value, elements.count < limit,
           failed("minItems", ValidationMessage.minItems(elements, Int(limit))) { return false }
        if let limit = keywords["maxItems"]?.numberValue?.int64Value, elements.count > limit,
           failed("maxItems", ValidationMessage.maxItems(elements, Int(limit))) { return false }
        if keywords["uniqueItems"]?.boolValue == true, let (first, second) = SchemaCheck.firstDuplicate(in: elements),
           failed("uniqueItems", ValidationMessage.uniqueItems(first, second)) { return false }
        var prefixCount = 0
        if case .array(let prefix)? = keywords["prefixItems"] {
            prefixCount = min(prefix.count, elements.count)
            for index in 0..<prefixCount {
                context.push(index)
                let ok = validate(elements[index], prefix[index], context)
                context.pop()
                if !ok {
                    valid = false
                    if context.shouldStop { return false }
                }
            }
            context.noteEvaluated(itemsBelow: prefixCount)
        }
        if let items = keywords["items"] {
            for index in prefixCount..<max(prefixCount, elements.count) {
                context.push(index)
                let ok = validate(elements[index], items, context)
                context.pop()
                if !ok {
                    if case .bool(false) = items {
                        if failed("items", ValidationMessage.additionalItem(index)) { return false }
                    }
                    valid = false
                    if context.shouldStop { return false }
                }
            }
            context.noteEvaluatedAllItems()
        }
        if let contains = keywords["contains"] {
            var matched = 0
            for (index, element) in elements.enumerated() {
                let ok = context.probe { probe in
                    probe.push(index)
                    return validate(element, contains, probe)
                }
                if ok {
                    matched += 1
                    context.noteEvaluated(item: index)
                }
            }
            let minimum = Int(keywords["minContains"]?.numberValue?.int64Value ?? 1)
            if matched < minimum, failed("contains", ValidationMessage.contains(elements, matched: matched, minimum: minimum)) { return false }
            if let maximum = keywords["maxContains"]?.numberValue?.int64Value, matched > maximum,
               failed("maxContains", ValidationMessage.maxContains(elements, matched: matched, maximum: Int(maximum))) { return false }
        }
        return valid
    }

    private func validateObject(
        _ object: JSONObject,
        _ keywords: JSONObject,
        _ context: ValidationContext,
        _ failed: (String, @autoclosure () -> String) -> Bool
    ) -> Bool {
        var valid = true
        if let limit = keywords["minProperties"]?.numberValue?.int64Value, object.count < limit,
           failed("minProperties", ValidationMessage.minProperties(object, Int(limit))) { return false }
        if let limit = keywords["maxProperties"]?.numberValue?.int64Value, object.count > limit,
           failed("maxProperties", ValidationMessage.maxProperties(object, Int(limit))) { return false }
        if case .array(let names)? = keywords["required"] {
            for name in names.compactMap(\.stringValue) where !object.contains(key: name) {
                if failed("required", ValidationMessage.required(name)) { return false }
            }
        }
        if case .object(let dependencies)? = keywords["dependentRequired"] {
            for dependency in dependencies where object.contains(key: dependency.key) {
                for name in dependency.value.arrayValue?.compactMap(\.stringValue) ?? [] where !object.contains(key: name) {
                    if failed("dependentRequired", ValidationMessage.dependentRequired(name, presentProperty: dependency.key)) { return false }
                }
            }
        }
        let properties = keywords["properties"]?.objectValue ?? JSONObject()
        let patterns = keywords["patternProperties"]?.objectValue ?? JSONObject()
        for member in object {
            var covered = false
            if let subschema = properties[member.key] {
                covered = true
                context.noteEvaluated(property: member.key)
                context.push(member.key)
                let ok = validate(member.value, subschema, context)
                context.pop()
                if !ok {
                    valid = false
                    if context.shouldStop { return false }
                }
            }
            for pattern in patterns where ECMARegex.cached(pattern.key).matches(member.key) {
                covered = true
                context.noteEvaluated(property: member.key)
                context.push(member.key)
                let ok = validate(member.value, pattern.value, context)
                context.pop()
                if !ok {
                    valid = false
                    if context.shouldStop { return false }
                }
            }
            if !covered, let additional = keywords["additionalProperties"] {
                context.noteEvaluated(property: member.key)
                context.push(member.key)
                let ok = validate(member.value, additional, context)
                context.pop()
                if !ok {
                    if case .bool(false) = additional {
                        if failed("additionalProperties", ValidationMessage.additionalProperty(member.key)) { return false }
                    }
                    valid = false
                    if context.shouldStop { return false }
                }
            }
            if let names = keywords["propertyNames"], !context.probe({ validate(.string(member.key), names, $0) }) {
                if failed("propertyNames", ValidationMessage.propertyName(member.key)) { return false }
            }
        }
        if case .object(let dependents)? = keywords["dependentSchemas"] {
            for dependent in dependents where object.contains(key: dependent.key) {
                if !validate(.object(object), dependent.value, context) {
                    valid = false
                    if context.shouldStop { return false }
                }
            }
        }
        return valid
    }
}

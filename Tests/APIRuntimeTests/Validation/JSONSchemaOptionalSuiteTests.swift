@_spi(Generated) import APIRuntime
import XCTest

/// Runs the optional JSON-Schema-Test-Suite files about regular expressions and numbers
/// (`ecmascript-regex.json`, `non-bmp-regex.json`, `float-overflow.json`, `bignum.json`) through a small
/// interpreter that calls the runtime exactly as generated validators do.
final class JSONSchemaOptionalSuiteTests: XCTestCase {
    private func run(_ file: String, knownFailures: [String: String] = [:], line: UInt = #line) throws {
        let (directory, reason) = JSONSchemaSuiteSupport.optionalDirectory()
        guard let directory else {
            print("Skipping \(file): \(reason)")
            throw XCTSkip(reason)
        }
        let cases = try JSONSchemaSuiteSupport.cases(file, in: directory)
        JSONSchemaSuiteSupport.check(file, cases, knownFailures: knownFailures, isValid: { testCase in
            ValidationContext.validate(testCase.data) { instance, context in
                SuiteKeywordInterpreter.validate(instance, against: testCase.schema, context)
            }.isValid
        }, line: line)
    }

    func testECMAScriptRegex() throws { try run("ecmascript-regex.json") }
    func testNonBMPRegex() throws { try run("non-bmp-regex.json") }
    func testFloatOverflow() throws { try run("float-overflow.json") }
    func testBignum() throws { try run("bignum.json") }
}

/// The keywords used by the optional regex and number files, written the way the generator emits them.
enum SuiteKeywordInterpreter {
    static func validate(_ instance: JSONInstance, against schema: JSONInstance, _ context: ValidationContext) -> Bool {
        if case .bool(let allowed) = schema {
            if !allowed { context.fail(keyword: "false", keywordLocation: "", schemaLocation: "#", message: ValidationMessage.falseSchema(instance)) }
            return allowed
        }
        guard case .object(let keywords) = schema else { return true }
        var valid = true
        if let name = keywords["type"]?.stringValue, let types = JSONTypeSet(name: name), !types.matches(instance) {
            context.fail(keyword: "type", keywordLocation: "/type", schemaLocation: "#", message: ValidationMessage.type(instance, expected: types))
            if context.shouldStop { return false }
            valid = false
        }
        switch instance {
        case .string(let string):
            if let pattern = keywords["pattern"]?.stringValue, !ECMARegex.cached(pattern).matches(string) {
                context.fail(keyword: "pattern", keywordLocation: "/pattern", schemaLocation: "#", message: ValidationMessage.pattern(string, pattern))
                if context.shouldStop { return false }
                valid = false
            }
        case .number(let number):
            let checks: [(String, (JSONNumber, JSONNumber) -> Bool)] = [
                ("multipleOf", { $0.isMultiple(of: $1) }), ("maximum", { $0 <= $1 }), ("minimum", { $0 >= $1 }),
                ("exclusiveMaximum", { $0 < $1 }), ("exclusiveMinimum", { $0 > $1 }),
            ]
            for (keyword, check) in checks {
                if let limit = keywords[keyword]?.numberValue, !check(number, limit) {
                    context.fail(keyword: keyword, keywordLocation: "/\(keyword)", schemaLocation: "#", message: "\(number) fails \(keyword) \(limit)")
                    if context.shouldStop { return false }
                    valid = false
                }
            }
        case .object(let object):
            guard case .object(let patterns)? = keywords["patternProperties"] else { break }
            let additionalAllowed = keywords["additionalProperties"]?.boolValue ?? true
            for member in object {
                var matched = false
                for pattern in patterns where ECMARegex.cached(pattern.key).matches(member.key) {
                    matched = true
                    context.push(member.key)
                    if !validate(member.value, against: pattern.value, context) { valid = false }
                    context.pop()
                    if context.shouldStop { return false }
                }
                if !matched && !additionalAllowed {
                    context.fail(keyword: "additionalProperties", keywordLocation: "/additionalProperties", schemaLocation: "#",
                                 message: ValidationMessage.additionalProperty(member.key))
                    if context.shouldStop { return false }
                    valid = false
                }
            }
        default:
            break
        }
        return valid
    }
}

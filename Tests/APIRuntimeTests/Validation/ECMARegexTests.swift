@_spi(Generated) import APIRuntime
import XCTest

final class ECMARegexTests: XCTestCase {
    private func regex(_ pattern: String, _ syntax: ECMARegex.Syntax = .unicode, file: StaticString = #filePath, line: UInt = #line) -> ECMARegex {
        let compiled = ECMARegex(compiling: pattern, syntax: syntax)
        XCTAssertNil(compiled.compileError, "\(pattern): \(compiled.compileError.map(String.init(describing:)) ?? "")", file: file, line: line)
        return compiled
    }

    private func assertMatches(_ pattern: String, _ yes: [String], _ no: [String] = [], syntax: ECMARegex.Syntax = .unicode, file: StaticString = #filePath, line: UInt = #line) {
        let compiled = regex(pattern, syntax, file: file, line: line)
        for string in yes {
            XCTAssertTrue(compiled.matches(string), "/\(pattern)/ should match \(string.debugDescription)", file: file, line: line)
        }
        for string in no {
            XCTAssertFalse(compiled.matches(string), "/\(pattern)/ should not match \(string.debugDescription)", file: file, line: line)
        }
    }

    func testUnanchoredSearchAndAnchors() {
        assertMatches("abc", ["abc", "xxabcxx"], ["ab", "acb"])
        assertMatches("^abc", ["abcd"], ["xabc"])
        assertMatches("abc$", ["xabc"], ["abcx", "abc\n"])
        assertMatches("^$", [""], ["\n", "a"])
        assertMatches("", ["", "anything"])
        assertMatches("^[a-z]+$", ["abc"], ["", "abC", "ab1", "abc\n"])
    }

    func testDotExcludesLineTerminatorsOnly() {
        assertMatches("^.$", ["a", "é", "😀", "\u{0}", "\u{85}"], ["\n", "\r", "\u{2028}", "\u{2029}", "ab"])
    }

    func testClassEscapesAreECMA() {
        assertMatches("^\\d+$", ["0123456789"], ["٣", "৪", "a"])
        assertMatches("^\\w+$", ["aZ_09"], ["é", "-"])
        assertMatches("^\\s$", [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "\u{A0}", "\u{FEFF}", "\u{2003}", "\u{2028}", "\u{3000}", "\u{1680}"], ["\u{1}", "\u{2013}", "\u{200B}"])
        assertMatches("^\\S$", ["a", "\u{200B}"], [" ", "\u{FEFF}"])
        assertMatches("^\\D\\W$", ["a-"], ["1-", "a_"])
        assertMatches("^[\\d-z]$", ["1", "-", "z"], ["a"], syntax: .lenient)
    }

    func testUnicodeProperties() {
        assertMatches("^\\p{Letter}+$", ["école", "Straße", "日本"], ["a1", ""])
        assertMatches("^\\p{L}\\p{Lu}$", ["aB"], ["ab"])
        assertMatches("^\\p{digit}+$", ["42", "৪২"], ["-%#"])
        assertMatches("^\\P{L}$", ["1"], ["a"])
        assertMatches("^[\\p{N}\\p{P}]+$", ["1,2.3!"], ["a"])
        assertMatches("^\\p{General_Category=Decimal_Number}$", ["٣"], ["x"])
        assertMatches("^\\p{Script=Greek}+$", ["αβγ"], ["abc"])
        assertMatches("^\\p{sc=Hira}$", ["あ"], ["ア"])
        assertMatches("^\\p{ASCII_Hex_Digit}+$", ["00ff"], ["g"])
        assertMatches("^\\p{Any}$", ["x", "😀"], [""])
        assertMatches("^\\p{Emoji_Presentation}$", ["😀"], ["a"])
        assertMatches("^\\p{RI}{2}$", ["🇫🇷"], ["ab"])
        XCTAssertNotNil(ECMARegex.syntaxError(in: "\\p{NotAProperty}"))
        XCTAssertNotNil(ECMARegex.syntaxError(in: "\\p{letter}"))  // names are case-sensitive
    }

    func testEscapes() {
        assertMatches("^\\cC$", ["\u{3}"], ["\\cC"])
        assertMatches("^\\cc$", ["\u{3}"])
        assertMatches("^\\t\\n\\v\\f\\r\\0$", ["\t\n\u{B}\u{C}\r\u{0}"])
        assertMatches("^\\x41\\u0042\\u{1F600}$", ["AB😀"])
        assertMatches("^\\uD83D\\uDE00$", ["😀"])
        assertMatches("^\\/\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\$", ["/.*+?()[]{}|^$\\"])
        assertMatches("^[\\b]$", ["\u{8}"])
        assertMatches("^[\\-]$", ["-"])
    }

    func testNonBMPCodePointsAreSingleCharacters() {
        assertMatches("^🐲*$", ["", "🐲", "🐲🐲"], ["🐉", "D"])
        assertMatches("^.$", ["🐲"])
        assertMatches("^[🐲🐉]{2}$", ["🐲🐉"], ["🐲"])
        assertMatches("^[\\u{1F400}-\\u{1F4FF}]$", ["🐲"], ["😀"])
    }

    func testQuantifiers() {
        assertMatches("^a{2,3}$", ["aa", "aaa"], ["a", "aaaa"])
        assertMatches("^a{2}$", ["aa"], ["a", "aaa"])
        assertMatches("^a{2,}$", ["aa", "aaaaa"], ["a"])
        assertMatches("^(ab)+$", ["ab", "abab"], ["", "aba"])
        assertMatches("^(?:ab){2,3}c$", ["ababc", "abababc"], ["abc", "ababababc"])
        assertMatches("^a*?b$", ["aaab", "b"])
        assertMatches("^(a|ab)(c|bcd)(d*)$", ["abcd"])
        assertMatches("^(a*)*$", ["", "aaaa"], ["b"])
        assertMatches("^(a*|b)*c$", ["abbac"])
        assertMatches("^(?:a+?)+?b$", ["aaab"])
        assertMatches("^x(?:a|b|)+y$", ["xy", "xaby"])
    }

    func testAlternationAndGroups() {
        assertMatches("^(cat|dog)s?$", ["cat", "dogs"], ["cow"])
        assertMatches("a|b|c", ["xxc"], ["xyz"])
        assertMatches("^(?<year>\\d{4})-(?<month>\\d{2})$", ["2024-01"], ["24-01"])
    }

    func testBackreferences() {
        assertMatches("^(a+)b\\1$", ["aabaa"], ["aaba"])
        assertMatches("^(?<q>['\"]).*\\k<q>$", ["'x'", "\"y\""], ["'z\""])
        assertMatches("^\\1(a)$", ["a"])  // forward reference matches empty
        assertMatches("^(?:(a)|b)\\1$", ["aa", "b"], ["ab"])
        assertMatches("^(?:(a)|b)+\\1$", ["abb", "aa"], ["aba"])  // captures reset per iteration
        assertMatches("^(.)\\1$", ["😀😀"], ["😀😁"])
    }

    func testLookarounds() {
        assertMatches("^(?=.*\\d)(?=.*[a-z]).{6,}$", ["abc123"], ["abcdef", "123456", "a1"])
        assertMatches("^(?!foo)\\w+$", ["bar"], ["foobar"])
        assertMatches("(?<=\\$)\\d+", ["$42"], ["42"])
        assertMatches("(?<!\\$)\\b\\d+", ["42"], ["$42"])
        assertMatches("(?<=a+)b", ["aaab"], ["b"])
        assertMatches("(?<=^(?:ab)+)c", ["ababc"], ["abac"])
        assertMatches("(?<=(\\d)(\\d))x\\1\\2", ["12x12"], ["12x21"])
        assertMatches("^(?=(a+))a*b\\1$", ["aaabaaa"], ["aaaba"])
        assertMatches("(?<=é)x", ["éx"], ["ex"])
    }

    func testWordBoundaries() {
        assertMatches("\\bcat\\b", ["a cat.", "cat"], ["concat", "cats"])
        assertMatches("\\Bcat", ["concat"], ["cat"])
        assertMatches("\\bé", [], ["é"])  // é is not an ECMA word character
    }

    func testCharacterClasses() {
        assertMatches("^[]$", [], ["", "a"])
        assertMatches("^[^]$", ["a", "\n", "😀"], [""])
        assertMatches("^[^a-c]+$", ["xyz"], ["xaz"])
        assertMatches("^[a-]$", ["a", "-"], ["b"])
        assertMatches("^[-a]$", ["a", "-"])
        assertMatches("^[\\w.-]+@$", ["a.b-c@"])
        assertMatches("[a-z]cole", ["ecole"], ["école"])
        assertMatches("^[^\\d\\s]$", ["a"], ["1", " "])
    }

    func testUnicodeSyntaxErrors() {
        for bad in ["(", ")", "[a", "a{2,1}", "*a", "a**", "\\a", "\\-", "{", "}", "]", "a{", "(?i)abc", "(?P<n>x)",
                    "(?#c)", "\\1", "\\k<x>", "(?<a>x)(?<a>y)", "[z-a]", "[\\d-z]", "\\c", "\\x4", "\\u12", "\\u{110000}",
                    "^*", "(?<=a)*", "\\", "\\00", "(?<1a>x)", "a{1}{2}"]
        {
            XCTAssertNotNil(ECMARegex.syntaxError(in: bad), "\(bad) should be a syntax error")
            XCTAssertThrowsError(try ECMARegex(bad), bad)
        }
    }

    func testValidPatternsFromTheSuite() {
        for good in ["([abc])+\\s+$", "(?<name>x)", "(?<n>a)\\k<n>", "(?<=a+)b", "[]", "[^]", "\\cA", "a{,5}".replacingOccurrences(of: "{,5}", with: "{0,5}"),
                     "^(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]+)$", "/", "\\/", "(?=a)", "(?!a)", "(?<!a)", "\\0", "\\u{10FFFF}"]
        {
            XCTAssertNil(ECMARegex.syntaxError(in: good), good)
        }
    }

    func testModifierGroupsAreValidButUnsupported() {
        XCTAssertNil(ECMARegex.syntaxError(in: "(?i:abc)"))
        XCTAssertThrowsError(try ECMARegex("(?i:abc)")) { error in
            XCTAssertEqual((error as? ECMARegexError)?.kind, .unsupported)
        }
        XCTAssertNotNil(ECMARegex.syntaxError(in: "(?ii:abc)"))
        XCTAssertNotNil(ECMARegex.syntaxError(in: "(?-:abc)"))
    }

    func testLenientSyntax() {
        assertMatches("^\\-\\a\\_$", ["-a_"], syntax: .lenient)
        assertMatches("^a{$", ["a{"], syntax: .lenient)
        assertMatches("^}]$", ["}]"], syntax: .lenient)
        assertMatches("^\\101$", ["A"], syntax: .lenient)
        assertMatches("^\\8$", ["8"], syntax: .lenient)
        assertMatches("^(?=a)*a$", ["a"], syntax: .lenient)
        assertMatches("^\\p{L}$", ["é"], syntax: .lenient)
        assertMatches("^\\k$", ["k"], syntax: .lenient)
    }

    func testInvalidPatternsNeverTrap() {
        let invalid = ECMARegex(compiling: "^(abc")
        XCTAssertFalse(invalid.isValid)
        XCTAssertFalse(invalid.matches("abc"))
        XCTAssertEqual(invalid.evaluate("abc"), .invalidPattern)
        XCTAssertEqual(invalid.compileError?.kind, .syntax)
        XCTAssertEqual(invalid.compileError?.description, "at 1: unterminated group")
        XCTAssertEqual(ECMARegex(compiling: String(repeating: "(", count: 500) + String(repeating: ")", count: 500)).compileError?.kind, .tooLarge)
        XCTAssertEqual(ECMARegex(compiling: "(?:ab){100000}").compileError?.kind, .tooLarge)
    }

    func testCatastrophicBacktrackingIsBounded() {
        let evil = regex("^(a+)+$")
        let input = String(repeating: "a", count: 40) + "!"
        XCTAssertEqual(evil.evaluate(input), .stepLimitExceeded)
        XCTAssertTrue(evil.matches(String(repeating: "a", count: 40)))
    }

    func testLongInputsDoNotOverflowTheStack() {
        let long = String(repeating: "ab", count: 50_000)
        XCTAssertTrue(regex("^(?:ab)*$").matches(long))
        XCTAssertTrue(regex("^(a|b)*$").matches(long))
        XCTAssertTrue(regex("^[ab]*?$").matches(long))
        XCTAssertTrue(regex("b$").matches(long))
    }

    func testSharedAcrossThreads() {
        let shared = regex("^[a-z]+\\d{2,}$")
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for _ in 0..<200 {
                XCTAssertTrue(shared.matches("abc\(index)0"))
                XCTAssertFalse(shared.matches("ABC\(index)0"))
            }
        }
    }

    func testCache() {
        XCTAssertTrue(ECMARegex.cached("^x$") === ECMARegex.cached("^x$"))
        XCTAssertFalse(ECMARegex.cached("^x$") === ECMARegex.cached("^x$", syntax: .lenient))
        XCTAssertEqual(ECMARegex.cached("^x$").description, "/^x$/u")
    }
}

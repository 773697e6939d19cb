@testable import APIGenCore
import XCTest

/// The byte-level searches the validator emitter uses on generated lines.
final class UTF8SearchTests: XCTestCase {
    func testContainsSequence() {
        XCTAssertTrue("let valid = false".utf8.containsSequence("valid = false".utf8))
        XCTAssertTrue("abc".utf8.containsSequence("".utf8))
        XCTAssertTrue("aaab".utf8.containsSequence("aab".utf8), "a partial match does not hide a later one")
        XCTAssertFalse("ab".utf8.containsSequence("abc".utf8))
        XCTAssertFalse("checkTyp".utf8.containsSequence("checkType".utf8))
        XCTAssertTrue("é__declared = true".utf8.containsSequence("__declared = true".utf8))
    }

    func testContainsSequenceAgreesWithANaiveSearchOnShortAndLongText() {
        func naive(_ haystack: String, _ needle: String) -> Bool {
            let h = Array(haystack.utf8), n = Array(needle.utf8)
            if n.isEmpty { return true }
            guard h.count >= n.count else { return false }
            return (0...(h.count - n.count)).contains { Array(h[$0..<$0 + n.count]) == n }
        }
        let long = String(repeating: "try container.encode(value, forKey: \"é\")\n", count: 40)
        let haystacks = ["", "a", "ab", "aab", "Self.envelopeFormat", "x Self.envelopeForma", long, long + "__calledAt", "__calledAt" + long]
        let needles = ["", "a", "b", "ab", "aab", "__calledAt", "Self.envelopeFormat", "é\")", "forKey: \"é\")\ntry", long]
        var matches = 0
        for haystack in haystacks {
            for needle in needles {
                let expected = naive(haystack, needle)
                XCTAssertEqual(haystack.utf8.containsSequence(needle.utf8), expected, "'\(haystack.prefix(30))' / '\(needle.prefix(30))'")
                if expected { matches += 1 }
            }
        }
        XCTAssertGreaterThan(matches, 20, "the cases must include matches, not only misses")
    }
}

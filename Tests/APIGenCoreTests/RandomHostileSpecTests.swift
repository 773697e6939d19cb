@testable import APIGenCore
import Foundation
import XCTest

/// The fast slice of the generated-spec property test: seeded random hostile descriptions through the whole
/// pipeline in-process. Each either generates or stops with error diagnostics; never a crash, a path outside the
/// output folder, an identifier that is not one, injected code or a force unwrap.
final class RandomHostileSpecTests: XCTestCase {
    static let declaration = try! NSRegularExpression(
        pattern: #"^\s*(?:public |internal |package |private |static |indirect |fileprivate )*(struct|enum|class|typealias|func|case|let|var)\s+(`?[^\s:(<={,`]+`?)"#,
        options: [.anchorsMatchLines])

    func testRandomHostileSpecs() throws {
        let count = Int(ProcessInfo.processInfo.environment["APIGEN_RANDOM_SPECS"] ?? "") ?? 300
        var generated = 0, refused = 0
        for seed in 1...UInt64(count) {
            var random = HostileSpecGenerator(seed: seed)
            let spec = random.spec()
            let outcome = generate(yaml: spec)
            guard let files = outcome.files else {
                XCTAssertTrue(outcome.hasErrors, "seed \(seed): no files and no error\n\(spec)")
                refused += 1
                continue
            }
            generated += 1
            for file in files {
                let segments = file.path.split(separator: "/", omittingEmptySubsequences: false)
                XCTAssertFalse(file.path.hasPrefix("/") || segments.contains { $0.isEmpty || $0 == "." || $0 == ".." }
                               || file.path.unicodeScalars.contains { $0.value < 0x20 || $0 == "\\" } || !file.path.hasSuffix(".swift"),
                               "seed \(seed): unsafe path \(file.path.debugDescription)")
                check(file.contents, seed: seed, path: file.path)
            }
        }
        print("RandomHostileSpecTests: \(generated) generated, \(refused) refused with diagnostics")
        XCTAssertGreaterThan(generated, count / 10, "the generator must produce usable descriptions too")
        XCTAssertGreaterThan(refused, 0, "and hostile ones that are refused")
    }

    private func check(_ contents: String, seed: UInt64, path: String) {
        let text = codeOnly(contents, seed: seed, path: path)
        let range = NSRange(text.startIndex..., in: text)
        for match in Self.declaration.matches(in: text, range: range) {
            let keyword = String(text[Range(match.range(at: 1), in: text)!])
            var name = String(text[Range(match.range(at: 2), in: text)!])
            if keyword == "case", name.first == "." || name.first == "\"" || name.first?.isNumber == true || name == "let" || name == "var" {
                continue  // a switch case, not a declaration
            }
            let quoted = name.hasPrefix("`")
            if quoted { name = String(name.dropFirst().dropLast()) }
            XCTAssertTrue(SwiftNaming.isValidIdentifier(name) || (quoted && SwiftNaming.keywords.contains(name)),
                          "seed \(seed) \(path): \(keyword) \(name.debugDescription) is not an identifier")
        }
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) where line.contains("struct Injected") {
            let code = line.drop { $0 == " " }
            XCTAssertTrue(code.hasPrefix("//") || line.contains("\""), "seed \(seed) \(path): injected line \(line)")
        }
        XCTAssertFalse(text.contains(")!"), "seed \(seed) \(path): force unwrap")
        XCTAssertFalse(contents.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 || (0x7F...0x9F).contains($0.value)
                                                        || $0.value == 0x202E || ($0.value < 0x20 && $0 != "\n") },
                       "seed \(seed) \(path): a raw line break or control character outside escapes")
    }

    /// `contents` with the content lines of its multi-line string literals (validator tables: a row or a property
    /// name per line) blanked, so that the checks above read code only. Fails when a content line could end its
    /// literal early: a quote that no backslash escapes.
    private func codeOnly(_ contents: String, seed: UInt64, path: String) -> String {
        var inLiteral = false
        var lines: [Substring] = []
        for line in contents.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " }
            if inLiteral {
                if trimmed.hasPrefix("\"\"\"") {
                    inLiteral = false
                    lines.append(line)
                    continue
                }
                var escaped = false
                for character in line {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else {
                        XCTAssertNotEqual(character, "\"", "seed \(seed) \(path): a quote ends a table literal early: \(line)")
                    }
                }
                lines.append("")
            } else {
                // A comment may end with quotes written in the description; a literal opens in code only.
                inLiteral = !trimmed.hasPrefix("//") && line.hasSuffix("\"\"\"")
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}

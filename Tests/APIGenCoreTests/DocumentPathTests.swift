@testable import APIGenCore
import XCTest

final class DocumentPathTests: XCTestCase {
    /// The straightforward normalisation on `Substring`s the byte-level code replaced, as the reference.
    private func referenceNormalise(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// Both paths of `normalise` must agree with the reference on every combination of awkward segments.
    func testNormaliseAgreesWithTheReferenceOnAwkwardSegments() {
        let segments = ["a", "b.yml", ".", "..", "", ".hidden", "x..y", "c.", "é"]
        var checked = 0
        var fastPathTaken = 0
        for prefix in ["", "/"] {
            for first in segments {
                for second in segments {
                    for third in segments {
                        for suffix in ["", "/"] {
                            let path = prefix + [first, second, third].joined(separator: "/") + suffix
                            XCTAssertEqual(DocumentPath.normalise(path), referenceNormalise(path), "path '\(path)'")
                            XCTAssertEqual(DocumentPath.normaliseSegments(path), referenceNormalise(path), "path '\(path)'")
                            if DocumentPath.isNormal(path) { fastPathTaken += 1 }
                            checked += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(checked, 2 * 9 * 9 * 9 * 2)
        XCTAssertGreaterThan(fastPathTaken, 0, "no path took the fast path: the comparison proved nothing about it")
        for path in ["", "/", "a", "/a/b.yml", "resources/droplets/models/droplet.yml"] {
            XCTAssertTrue(DocumentPath.isNormal(path), path)
            XCTAssertEqual(DocumentPath.normalise(path), path)
        }
        for (path, expected) in [("a/./b", "a/b"), ("a/../b", "b"), ("../a", "../a"), ("a//b", "a/b"), ("a/b/", "a/b"),
                                 ("/../a", "/../a"), ("./a", "a")] {
            XCTAssertFalse(DocumentPath.isNormal(path), path)
            XCTAssertEqual(DocumentPath.normalise(path), expected, path)
        }
    }

    func testResolveJoinsAgainstTheReferringFilesFolder() {
        XCTAssertEqual(DocumentPath.resolve("models/droplet.yml", against: "spec/resources/droplets/list.yml"),
                       "spec/resources/droplets/models/droplet.yml")
        XCTAssertEqual(DocumentPath.resolve("../../shared/meta.yml", against: "spec/resources/droplets/list.yml"), "spec/shared/meta.yml")
        XCTAssertEqual(DocumentPath.resolve("other.yml", against: "root.yml"), "other.yml")
        XCTAssertEqual(DocumentPath.resolve("/abs/x.yml", against: "spec/root.yml"), "/abs/x.yml")
    }

    func testDirectoryAndFragmentSplitWorkOnBytesAndKeepNonASCIIText() {
        XCTAssertEqual(DocumentPath.directory(of: "spec/ré sources/x.yml"), "spec/ré sources")
        XCTAssertEqual(DocumentPath.directory(of: "x.yml"), "")
        XCTAssertEqual(DocumentPath.directory(of: "/x.yml"), "")
        XCTAssertEqual(DocumentPath.splitFragment("models/é.yml#/components/schemas/Ü").document, "models/é.yml")
        XCTAssertEqual(DocumentPath.splitFragment("models/é.yml#/components/schemas/Ü").fragment, "/components/schemas/Ü")
        XCTAssertEqual(DocumentPath.splitFragment("#/a#b").document, "")
        XCTAssertEqual(DocumentPath.splitFragment("#/a#b").fragment, "/a#b", "only the first # splits")
        XCTAssertEqual(DocumentPath.splitFragment("plain.yml").document, "plain.yml")
        XCTAssertEqual(DocumentPath.splitFragment("plain.yml").fragment, "")
        XCTAssertEqual(DocumentPath.splitFragment("a.yml#").fragment, "")
    }

    /// A document's stem names the objects it holds (`shared/per_page.yml` -> `per_page`).
    func testStemIsTheLastSegmentWithoutItsExtension() {
        let cases = ["shared/parameters/per_page.yml": "per_page", "api.yaml": "api", "a/b.c/d": "d", "dir/.hidden": ".hidden",
                     "dir/name.": "name", "ünï/cödé.yaml": "cödé", "trailing/": "trailing", "": "", "/": "/", "noext": "noext"]
        for (path, stem) in cases { XCTAssertEqual(DocumentPath.stem(of: path), stem, path) }
    }
}

@testable import APIGenCore
import XCTest

/// The quoted source line and caret under each diagnostic, rendered one at a time or as a batch.
final class DiagnosticRendererTests: XCTestCase {
    private let sources = [
        "api.yaml": "openapi: 3.1.0\r\ninfo:\n\ttitle: x\npaths: {}",
        "empty.yaml": "",
        "trailing.yaml": "a: 1\n",
    ]

    private func diagnostic(_ file: String, line: Int, column: Int = 1) -> Diagnostic {
        Diagnostic(.warning, "look here", at: SourceLocation(file: file, line: line, column: column))
    }

    func testQuotesTheLineWithItsCaret() {
        let rendered = DiagnosticRenderer(sources: sources).render(diagnostic("api.yaml", line: 3, column: 2))
        XCTAssertEqual(rendered, "api.yaml:3:2: warning: look here\n     title: x\n     ^")
    }

    func testBatchRendersEveryLineAsOneAtATimeDoes() {
        let renderer = DiagnosticRenderer(sources: sources)
        var diagnostics: [Diagnostic] = []
        for line in 0...6 { diagnostics.append(diagnostic("api.yaml", line: line, column: 3)) }
        for line in 0...2 { diagnostics += [diagnostic("empty.yaml", line: line), diagnostic("trailing.yaml", line: line)] }
        diagnostics.append(diagnostic("missing.yaml", line: 1))
        diagnostics.append(Diagnostic(.error, "nowhere"))
        XCTAssertEqual(renderer.render(diagnostics), diagnostics.map(renderer.render))
        // The batch is not trivially equal because nothing is quoted: the first line drops its `\r`, the last has
        // no newline after it, and a file's empty last line is still a line.
        let batch = renderer.render(diagnostics)
        XCTAssertEqual(batch[1].split(separator: "\n", omittingEmptySubsequences: false)[1], "    openapi: 3.1.0")
        XCTAssertEqual(batch[4].split(separator: "\n", omittingEmptySubsequences: false)[1], "    paths: {}")
        XCTAssertEqual(batch[5], "api.yaml:5:3: warning: look here")
        XCTAssertEqual(batch[12].split(separator: "\n", omittingEmptySubsequences: false)[1], "    ")
    }
}

@testable import APIGenCore
import XCTest

final class StatusPatternTests: XCTestCase {
    func testStatusKeysBecomeCodesOrClassesAndDefaultIsNone() {
        XCTAssertEqual(StatusPattern("404"), .code(404))
        XCTAssertEqual(StatusPattern("4XX"), .statusClass(4))
        XCTAssertEqual(StatusPattern("2xx"), .statusClass(2), "OpenAPI allows either case of X")
        XCTAssertNil(StatusPattern("default"))
        XCTAssertNil(StatusPattern("4X"))
        XCTAssertEqual(StatusPattern("404")?.swift, "404")
        XCTAssertEqual(StatusPattern("5XX")?.swift, "500...599")
        XCTAssertTrue(StatusPattern.statusClass(5).isClass)
        XCTAssertFalse(StatusPattern.code(500).isClass)
    }

    /// A class goes after the exact codes whatever the description's order, so `404` wins over `4XX`.
    func testExactCodesAreMatchedBeforeTheirClass() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: Statuses, version: '1' }
            paths:
              /things:
                get:
                  operationId: listThings
                  responses:
                    '204': { description: none }
                    '4XX': { description: any client error }
                    '404': { description: not found }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        let exact = try? XCTUnwrap(api.range(of: "case 404:"))
        let range = try? XCTUnwrap(api.range(of: "case 400...499:"))
        XCTAssertNotNil(exact, api)
        XCTAssertNotNil(range, api)
        if let exact, let range { XCTAssertLessThan(exact.lowerBound, range.lowerBound, api) }
    }
}

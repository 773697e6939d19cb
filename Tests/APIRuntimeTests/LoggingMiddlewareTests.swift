@_spi(Generated) import APIRuntime
import APIRuntimeTesting
import Foundation
import XCTest

final class LoggingMiddlewareTests: XCTestCase {
    func testLogsRequestAndResponseWithSecretsRedacted() async throws {
        let records = TestLock<[LogRecord]>([])
        let logger = ClosureLogger(minimumLevel: .trace) { record in records.withLock { $0.append(record) } }
        let mock = MockTransport(defaultHandler: { _ in
            HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json", "Set-Cookie": "sid=secret-cookie"],
                body: Data(#"{"access_token":"server-secret","name":"Ann"}"#.utf8))
        })
        let logging = LoggingMiddleware(logger: logger, logsBodies: true)
        let request = HTTPRequest(
            method: "POST", url: URL(string: "https://api.test/login?password=hunter2&user=ann")!,
            headers: ["Authorization": "Bearer abc.def", "Content-Type": "application/json"],
            body: Data(#"{"user":"ann","password":"hunter2","profile":{"newPassword":"x2","age":3}}"#.utf8))
        _ = try await sendThrough(logging, request, transport: mock)

        let logged = records.current
        XCTAssertEqual(logged.map(\.level), [.debug, .info])
        let text = logged.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        for secret in ["hunter2", "abc.def", "x2", "server-secret", "secret-cookie"] {
            XCTAssertFalse(text.contains(secret), "\(secret) leaked:\n\(text)")
        }
        XCTAssertTrue(text.contains("user=ann"))
        XCTAssertEqual(logged[1].metadata["body"], #"{"access_token":"<redacted>","name":"Ann"}"#)
        XCTAssertEqual(logged[1].metadata["status"], "200")
        XCTAssertEqual(logged[1].metadata["operation"], "getItems")
        XCTAssertEqual(logged[1].message, "← 200 POST https://api.test/login?password=%3Credacted%3E&user=ann")
    }

    func testFailuresAreLoggedAtTheFailureLevelAndRethrown() async throws {
        let records = TestLock<[LogRecord]>([])
        let logger = ClosureLogger(minimumLevel: .info) { record in records.withLock { $0.append(record) } }
        let mock = MockTransport(offline: true)
        do {
            _ = try await sendThrough(LoggingMiddleware(logger: logger), .get("https://api.test/x"), transport: mock)
            XCTFail("expected the offline error")
        } catch {}
        XCTAssertEqual(records.current.map(\.level), [.error], "the debug-level request line is filtered out")
        XCTAssertNotNil(records.current.first?.metadata["error"])
    }

    func testRedactorHandlesFormsUnparseableJSONAndBinary() {
        let redactor = Redactor()
        XCTAssertEqual(
            redactor.body(Data("user=a&Password=p%20w&client_secret=s".utf8), contentType: "application/x-www-form-urlencoded"),
            "user=a&Password=<redacted>&client_secret=<redacted>")
        XCTAssertEqual(
            redactor.body(Data(#"{"password":"#.utf8), contentType: "application/json"),
            "<12 bytes, unparseable JSON not shown>")
        XCTAssertEqual(redactor.body(Data([0xFF, 0xD8, 0xFF]), contentType: "image/jpeg"), "<3 bytes of image/jpeg>")
        XCTAssertEqual(redactor.headers(["Cookie": "a=b", "Accept": "x"]), "Cookie: <redacted>\nAccept: x")
        XCTAssertEqual(LogLevel.allCases.map(\.rawValue), ["trace", "debug", "info", "notice", "warning", "error", "critical"])
        XCTAssertLessThan(LogLevel.debug, LogLevel.error)
    }
}

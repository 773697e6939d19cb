@_spi(Generated) import APIRuntime
import APIRuntimeMiddleware
import APIRuntimeTesting
import Foundation
import InMemoryLogging
import Logging
import HTTPTypes
import XCTest

final class LoggingMiddlewareTests: XCTestCase {
    func testLogsRequestAndResponseWithSecretsRedacted() async throws {
        let (logger, records) = Self.recordingLogger(level: .trace)
        let mock = MockTransport(defaultHandler: { _ in
            APIResponse(
                status: 200, headerFields: [.contentType: "application/json", .setCookie: "sid=secret-cookie"],
                body: Data(#"{"access_token":"server-secret","name":"Ann"}"#.utf8))
        })
        let logging = LoggingMiddleware(logger: logger, logsBodies: true)
        let request = APIRequest(
            method: .post, url: URL(string: "https://api.test/login?password=hunter2&user=ann")!,
            headerFields: [.authorization: "Bearer abc.def", .contentType: "application/json"],
            body: Data(#"{"user":"ann","password":"hunter2","profile":{"newPassword":"x2","age":3}}"#.utf8))
        _ = try await sendThrough(logging, request, transport: mock)

        let logged = records.entries
        XCTAssertEqual(logged.map(\.level), [.debug, .info])
        let text = logged.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        for secret in ["hunter2", "abc.def", "x2", "server-secret", "secret-cookie"] {
            XCTAssertFalse(text.contains(secret), "\(secret) leaked:\n\(text)")
        }
        XCTAssertTrue(text.contains("user=ann"))
        XCTAssertEqual(logged[1].metadata["body"], .string(#"{"access_token":"<redacted>","name":"Ann"}"#))
        XCTAssertEqual(logged[1].metadata["status"], .string("200"))
        XCTAssertEqual(logged[1].metadata["operation"], .string("getItems"))
        XCTAssertEqual(logged[1].message.description, "← 200 POST https://api.test/login?password=%3Credacted%3E&user=ann")
    }

    func testFailuresAreLoggedAtTheFailureLevelAndRethrown() async throws {
        let (logger, records) = Self.recordingLogger(level: .info)
        let mock = MockTransport(offline: true)
        do {
            _ = try await sendThrough(LoggingMiddleware(logger: logger), .get("https://api.test/x"), transport: mock)
            XCTFail("expected the offline error")
        } catch {}
        XCTAssertEqual(records.entries.map(\.level), [.error], "the debug-level request line is filtered out")
        XCTAssertNotNil(records.entries.first?.metadata["error"])
    }

    func testNothingIsRedactedForLinesTheLoggerDrops() async throws {
        // A body the redactor would have to parse: with the logger at .error, neither line is written.
        let (logger, records) = Self.recordingLogger(level: .error)
        let mock = MockTransport(defaultHandler: { _ in APIResponse.json(#"{"token":"t"}"#) })
        _ = try await sendThrough(LoggingMiddleware(logger: logger, logsBodies: true), .get("https://api.test/x"), transport: mock)
        XCTAssertEqual(records.entries.count, 0)
    }

    /// A swift-log `Logger` whose lines at or above `level` are kept in memory.
    static func recordingLogger(level: Logger.Level) -> (Logger, InMemoryLogHandler) {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test", factory: { _ in handler })
        logger.logLevel = level
        return (logger, handler)
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
        XCTAssertEqual(redactor.headers([.cookie: "a=b", .accept: "x"]), "Cookie: <redacted>\nAccept: x")
    }

    /// Secrets are found at any depth the parser accepts (512), and numbers keep their JSON kind. (The redactor used
    /// to decode `JSONValue` through JSONDecoder, whose failed scalar tries cost time in proportion to the depth: 10 kB
    /// of nested arrays took 8.7 s in a release build; measured in Docs/robustness.md, not asserted here.)
    func testRedactorMasksSecretsAtAnyDepthThroughTheRuntimesParser() {
        let depth = 400
        let body = String(repeating: "[", count: depth) + #"{"token":"t0k","n":12345678901234567,"x":1.5,"ok":true}"#
            + String(repeating: "]", count: depth)
        let logged = Redactor().body(Data(body.utf8), contentType: "application/json", limit: 1_000_000)
        XCTAssertEqual(logged, String(repeating: "[", count: depth) + #"{"n":12345678901234567,"ok":true,"token":"<redacted>","x":1.5}"#
            + String(repeating: "]", count: depth))
        let tooDeep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        XCTAssertEqual(Redactor().body(Data(tooDeep.utf8), contentType: "application/json"), "<1200 bytes, unparseable JSON not shown>")
    }
}

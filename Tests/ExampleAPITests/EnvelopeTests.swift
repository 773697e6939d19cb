@_spi(Generated) import APIRuntime
import APIRuntimeTesting
import ExampleAPI
import Foundation
import XCTest

/// `{status, reason, data}` unwrapping in the generated methods.
final class EnvelopeTests: XCTestCase {
    private func api(_ body: String, status: Int = 200) -> MemberAPI {
        let transport = MockTransport()
        transport.on("GET /v1/members/me", respond: .json(body, status: status))
        return MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
    }

    func testSuccessReturnsTheData() async throws {
        let member = try await api(#"{"status": "ok", "reason": null, "data": {"id": 1, "username": "a", "email": "e", "avatarUrl": "https://c/a", "createdAt": "2024-01-01T00:00:00Z", "role": "member", "karma": 0}}"#).members.getProfile()
        XCTAssertEqual(member.id, 1)
    }

    func testServerErrorStatusBecomesATypedError() async throws {
        do {
            _ = try await api(#"{"status": "BANNED", "reason": "account suspended", "data": null}"#).members.getProfile()
            XCTFail("expected an error")
        } catch APIError.envelopeStatus(let operation, let status, let reason, let httpStatus) {
            XCTAssertEqual(operation, "getProfile")
            XCTAssertEqual(status, "BANNED")
            XCTAssertEqual(reason, "account suspended")
            XCTAssertEqual(httpStatus, 200)
        }
    }

    func testMissingRequiredDataIsATypedError() async throws {
        // The spec requires `data`, so the validator rejects the body first, naming the missing property.
        do {
            _ = try await api(#"{"status": "OK", "reason": null}"#).members.getProfile()
            XCTFail("expected an error")
        } catch APIError.invalidResponse(_, _, let report) {
            XCTAssertTrue(report.errors.contains { $0.keyword == "required" && $0.message.contains("data") }, "\(report)")
        }
        // Without validation the envelope check itself reports it.
        let client = APIClient(baseURL: URL(string: "https://x")!, transport: MockTransport())
        let operation = OperationInfo(id: "getProfile", method: "GET", path: "/members/me")
        XCTAssertThrowsError(try client.decodeRequiredEnvelope(
            Member.self, from: .json(#"{"status": "OK"}"#), operation: operation, format: EnvelopeTests.format)) { error in
            guard case APIError.envelopeMissingData(let operation, let httpStatus) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(operation, "getProfile")
            XCTAssertEqual(httpStatus, 200)
        }
    }

    func testNumericSuccessStatusAndOptionalData() throws {
        let client = APIClient(baseURL: URL(string: "https://x")!, transport: MockTransport())
        let operation = OperationInfo(id: "x", method: "GET", path: "/x")
        XCTAssertEqual(try client.decodeEnvelope(Int.self, from: .json(#"{"status": 200, "data": 5}"#), operation: operation,
                                                 format: EnvelopeTests.format), 5)
        XCTAssertNil(try client.decodeEnvelope(Int.self, from: .json(#"{"status": "ok", "data": null}"#), operation: operation,
                                               format: EnvelopeTests.format))
    }

    static let format = EnvelopeFormat(statusKey: "status", reasonKey: "reason", dataKey: "data", successValues: ["OK", "ok", "200"])
}

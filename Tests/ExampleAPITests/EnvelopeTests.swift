import APIRuntime
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
        let member = try await api(#"{"status": "ok", "reason": null, "data": {"id": 1, "username": "a", "email": "e", "avatarUrl": "https://c/a", "createdAt": "2024-01-01T00:00:00Z", "role": "member"}}"#).members.getProfile()
        XCTAssertEqual(member.id, 1)
    }

    func testServerErrorStatusBecomesATypedError() async throws {
        do {
            _ = try await api(#"{"status": "BANNED", "reason": "account suspended", "data": null}"#).members.getProfile()
            XCTFail("expected an error")
        } catch let error as EnvelopeError {
            XCTAssertEqual(error, .serverError(operation: "getProfile", status: "BANNED", reason: "account suspended", httpStatus: 200))
        }
    }

    func testMissingRequiredDataIsATypedError() async throws {
        do {
            _ = try await api(#"{"status": "OK", "reason": null}"#).members.getProfile()
            XCTFail("expected an error")
        } catch let error as EnvelopeError {
            XCTAssertEqual(error, .missingData(operation: "getProfile", httpStatus: 200))
        }
    }

    func testNumericSuccessStatus() async throws {
        let member = try await api(#"{"status": 200, "data": {"id": "7", "username": "a", "email": "e", "avatarUrl": "https://c/a", "role": "member"}}"#).members.getProfile()
        XCTAssertEqual(member.id, 7)
    }
}

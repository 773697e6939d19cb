import APIRuntime
import APIRuntimeTesting
import ExampleAPI
import Foundation
import HTTPTypes
import XCTest

/// The compiled validators run on every response before decoding.
final class ResponseValidationTests: XCTestCase {
    private func friendsAPI(_ body: String) -> MemberAPI {
        let transport = MockTransport()
        transport.on("GET /v1/members/{memberId}/friends", respond: .json(body))
        return MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
    }

    func testInvalidFriendIsRejectedWithPathKeywordAndSchema() async throws {
        let api = friendsAPI("""
            {"status": "OK", "reason": null, "data": {"page": 1, "pageSize": 20, "total": 1, "items": [
              {"ident": "x42", "user_name": "bob", "avatar_url": "https://c/b.jpg", "is_online": true}]}}
            """)
        do {
            _ = try await api.members.getFriends(memberID: 1)
            XCTFail("an invalid body must not reach the caller")
        } catch APIError.invalidResponse(let operation, let status, let report) {
            XCTAssertEqual(operation, "getFriends")
            XCTAssertEqual(status, 200)
            let first = try XCTUnwrap(report.errors.first)
            XCTAssertEqual(first.instanceLocation, "/data/items/0/ident")
            XCTAssertEqual(first.keyword, "pattern")
            XCTAssertEqual(first.schemaLocation, "schemas/friend.json#/properties/ident")
            XCTAssertTrue(first.description.contains("x42"), first.description)
        }
    }

    func testAllErrorsAreCollected() async throws {
        let api = friendsAPI("""
            {"status": "OK", "data": {"page": "one", "pageSize": 20, "total": 1, "items": [
              {"ident": "1", "user_name": "bob", "avatar_url": "https://c/b.jpg"},
              {"ident": "2", "avatar_url": "https://c/b.jpg", "is_online": "yes"}]}}
            """)
        do {
            _ = try await api.members.getFriends(memberID: 1)
            XCTFail("expected a validation error")
        } catch APIError.invalidResponse(_, _, let report) {
            let locations = Set(report.errors.map(\.instanceLocation))
            XCTAssertTrue(locations.contains("/data/page"), "\(locations)")
            XCTAssertTrue(locations.contains("/data/items/0") || locations.contains("/data/items/1"), "\(locations)")
            XCTAssertGreaterThanOrEqual(report.errors.count, 3)
        }
    }

    func testNewEnumValueReachesTheCallerInItsUndocumentedCase() async throws {
        let transport = MockTransport()
        transport.on("GET /v1/members/me", respond: .json(#"{"status": "ok", "reason": null, "data": {"id": 1, "username": "a", "email": "e@x.io", "avatarUrl": "https://c/a", "createdAt": "2024-01-01T00:00:00Z", "role": "superadmin", "karma": 0}}"#))
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        let member = try await api.members.getProfile()
        XCTAssertEqual(member.role, .undocumented("superadmin"))
    }

    func testANewNotificationKindIsKeptWholeAndReportedWithoutFailingTheCall() async throws {
        let mention = #"{"id": "7c7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f90", "kind": "mention", "createdAt": "2024-01-01T00:00:00Z", "priority": 2, "in": "thread 9"}"#
        let transport = MockTransport()
        transport.on("GET /v1/notifications", respond: .json(#"{"status": "ok", "data": {"page": 1, "pageSize": 20, "total": 1, "items": [\#(mention)]}}"#))
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        let failures = Locked<[ResponseValidationFailure]>([])
        api.client.setValidationFailureHandler { failure in failures.withLock { $0.append(failure) } }
        let page = try await api.notifications.listNotifications()
        guard case .undocumented(let raw) = try XCTUnwrap(page.items.first) else {
            return XCTFail("a kind the description does not list is kept in the undocumented case: \(page.items)")
        }
        XCTAssertEqual(raw, try JSONDecoder().decode(JSONValue.self, from: Data(mention.utf8)), "kept whole, unknown members included")
        let reported = try XCTUnwrap(failures.withLock { $0.first }, "the new kind is still reported")
        XCTAssertEqual(reported.report.errors.map(\.keyword), ["discriminator"])
        XCTAssertEqual(reported.report.errors.first?.instanceLocation, "/data/items/0")
        XCTAssertTrue(reported.report.errors[0].description.contains(#""mention""#), reported.report.description)
    }

    func testDocumentedErrorStatusWithAProxyPageKeepsItsStatusAndBody() async throws {
        let transport = MockTransport()
        let page = Data("<html><body>502 Bad Gateway</body></html>".utf8)
        transport.on("GET /v1/members/{memberId}", respond: APIResponse(status: 404, headerFields: [.contentType: "text/html"], body: page))
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        do {
            _ = try await api.members.getMember(memberID: 7)
            XCTFail("a 404 must throw")
        } catch GetMemberError.undocumentedBody(let status, let body, let problem) {
            XCTAssertEqual(status, 404)
            XCTAssertEqual(body, page)
            guard case .invalidResponse(_, _, let report) = problem else { return XCTFail("\(problem)") }
            XCTAssertTrue(report.description.contains("not JSON"), report.description)
        }
    }

    func testDocumentedErrorStatusWithItsDocumentedBodyIsTyped() async throws {
        let transport = MockTransport()
        transport.on("GET /v1/members/{memberId}", respond: .json(#"{"status": "error", "reason": "gone", "data": {"code": "not_found", "message": "No such member"}}"#, status: 404))
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        do {
            _ = try await api.members.getMember(memberID: 7)
            XCTFail("a 404 must throw")
        } catch GetMemberError.status404(let status, let body) {
            XCTAssertEqual(status, 404)
            XCTAssertEqual(body.reason, "gone")
        }
    }

    func testEnvelopeItselfIsValidated() async throws {
        let transport = MockTransport()
        transport.on("GET /v1/members/me", respond: .json(#"{"reason": null, "data": {}}"#))
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        do {
            _ = try await api.members.getProfile()
            XCTFail("expected a validation error")
        } catch APIError.invalidResponse(_, _, let report) {
            XCTAssertTrue(report.errors.contains { $0.keyword == "required" && $0.instanceLocation == "" }, "\(report)")
        }
    }

    func testNonJSONBodyIsAnInvalidResponse() async throws {
        let api = friendsAPI("<html>502 Bad Gateway</html>")
        do {
            _ = try await api.members.getFriends(memberID: 1)
            XCTFail("expected a validation error")
        } catch APIError.invalidResponse(_, _, let report) {
            XCTAssertEqual(report.errors.first?.keyword, "json")
        }
    }
}

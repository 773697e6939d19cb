import APIRuntime
import APIRuntimeTesting
import ExampleAPI
import Foundation
import XCTest

/// Validation failures are reported to `reportError` (`validationReport:` in apigen.yml), once, never in a loop.
final class ValidationReportTests: XCTestCase {
    private func waitFor(_ condition: @escaping () -> Bool) async {
        for _ in 0..<200 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
    }

    func testARepeatedFailureIsReportedOnceEvenWhenTheReportEndpointFails() async throws {
        for reportResponse in [APIResponse(status: 500), .json("{\"status\": 12}", status: 200), APIResponse(status: 404),
                               .json("not json", status: 204)] {
            let transport = MockTransport()
            transport.on("GET /v1/members/me", respond: .json(#"{"status": "OK", "data": {"id": "not a number"}}"#))
            transport.on("POST /v1/reports/errors", respond: reportResponse)
            let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
            api.installValidationReporting(account: { "account-7" })
            for _ in 0..<3 {
                do { _ = try await api.members.getProfile(); XCTFail("expected a validation error") } catch APIError.invalidResponse {}
            }
            await waitFor { transport.requests.contains { $0.url.path.hasSuffix("/reports/errors") } }
            try await Task.sleep(for: .milliseconds(100))
            let reports = transport.requests.filter { $0.url.path.hasSuffix("/reports/errors") }
            XCTAssertEqual(reports.count, 1, "three identical failures within the window make one report (report endpoint answered \(reportResponse.status))")
            let body = try XCTUnwrap(reports.first?.body)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            XCTAssertEqual(object["account"] as? String, "account-7")
            XCTAssertEqual(object["command"] as? String, "getProfile GET /members/me")
            XCTAssertEqual(object["status"] as? Int, 200)
            XCTAssertTrue((object["schema"] as? String)?.contains("openapi.yaml#/components/schemas/") ?? false, "\(object)")
            XCTAssertTrue((object["response"] as? String)?.contains("not a number") ?? false)
            XCTAssertNotNil(object["calledAt"] as? String)
        }
    }

    func testSecretsAreRedactedInReports() async throws {
        let transport = MockTransport()
        transport.on("POST /v1/auth/email", respond: .json(#"{"status": "OK"}"#))
        transport.on("POST /v1/reports/errors", respond: APIResponse(status: 204))
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        api.installValidationReporting(account: { nil })
        do {
            _ = try await api.auth.loginWithEmail(body: EmailLogin(email: "a@b.c", password: "hunter2hunter2"))
            XCTFail("expected a validation error")
        } catch APIError.invalidResponse {}
        await waitFor { transport.requests.contains { $0.url.path.hasSuffix("/reports/errors") } }
        let report = try XCTUnwrap(transport.requests.first { $0.url.path.hasSuffix("/reports/errors") }?.body)
        let text = String(decoding: report, as: UTF8.self)
        XCTAssertFalse(text.contains("hunter2"), text)
        XCTAssertTrue(text.contains("***"), text)
    }

    func testATokenResponseFailingValidationIsReportedWithoutItsTokens() async throws {
        let transport = MockTransport()
        transport.on("POST /v1/auth/email", respond: .json(
            #"{"status": "OK", "data": {"accessToken": "acc-1234-secret", "refreshToken": "ref-5678-secret", "tokenType": "Mac"}}"#))
        transport.on("POST /v1/reports/errors", respond: APIResponse(status: 204))
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        api.installValidationReporting(account: { nil })
        do {
            _ = try await api.auth.loginWithEmail(body: EmailLogin(email: "a@b.c", password: "hunter2hunter2"))
            XCTFail("expected a validation error")
        } catch APIError.invalidResponse {}
        let text = try await reportText(transport)
        XCTAssertFalse(text.contains("acc-1234-secret"), text)
        XCTAssertFalse(text.contains("ref-5678-secret"), text)
        XCTAssertFalse(text.contains("hunter2"), text)
        XCTAssertTrue(text.contains("accessToken"), "the field stays, its value goes: \(text)")
    }

    func testSpecDeclaredSecretsAndCredentialsInUseAreRedactedInReportedResponses() async throws {
        XCTAssertTrue(MemberAPI.secretFields.isSuperset(of: ["password", "refreshToken"]), "\(MemberAPI.secretFields)")
        let transport = MockTransport()
        transport.on("GET /v1/members/me", respond: .json(#"{"status": "OK", "data": {"id": "x", "username": "bearer-value-xyz"}}"#))
        transport.on("POST /v1/reports/errors", respond: APIResponse(status: 204))
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!,
                            credentials: .init(bearerAuth: BearerCredential("bearer-value-xyz")), transport: transport)
        api.installValidationReporting(account: { nil })
        do { _ = try await api.members.getProfile(); XCTFail("expected a validation error") } catch APIError.invalidResponse {}
        let text = try await reportText(transport)
        XCTAssertFalse(text.contains("bearer-value-xyz"), text)
        XCTAssertTrue(text.contains("username"), text)
    }

    func testEachClientReportsOnlyItsOwnFailures() async throws {
        let transport = MockTransport()
        transport.on("GET /v1/members/me", respond: .json(#"{"status": "OK", "data": {"id": "x"}}"#))
        transport.on("POST /v1/reports/errors", respond: APIResponse(status: 204))
        let reporting = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        let silent = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        reporting.installValidationReporting(account: { nil })
        do { _ = try await silent.members.getProfile(); XCTFail("expected a validation error") } catch APIError.invalidResponse {}
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertFalse(transport.requests.contains { $0.url.path.hasSuffix("/reports/errors") })
    }

    func testReportsInFlightAreBounded() async throws {
        let transport = MockTransport()
        transport.on("GET /v1/members/me", respond: .json(#"{"status": "OK", "data": {"id": "x"}}"#))
        transport.on("POST /v1/reports/errors") { _ in
            try await Task.sleep(for: .milliseconds(500))
            return APIResponse(status: 204)
        }
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        api.installValidationReporting(account: { nil }, maxInFlight: 2, duplicateWindow: 0)
        for _ in 0..<6 {
            do { _ = try await api.members.getProfile(); XCTFail("expected a validation error") } catch APIError.invalidResponse {}
        }
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertEqual(transport.requests.filter { $0.url.path.hasSuffix("/reports/errors") }.count, 2)
    }

    /// A report call that fails is not retried, and not lost silently either: the reporter counts it.
    func testAFailedReportIsCountedWithItsError() async throws {
        for (answer, fails) in [(APIResponse(status: 500), true), (APIResponse(status: 204), false)] {
            let transport = MockTransport()
            transport.on("GET /v1/members/me", respond: .json(#"{"status": "OK", "data": {"id": "x"}}"#))
            transport.on("POST /v1/reports/errors", respond: answer)
            let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
            let reporter = api.installValidationReporting(account: { nil })
            do { _ = try await api.members.getProfile(); XCTFail("expected a validation error") } catch APIError.invalidResponse {}
            await waitFor { reporter.failedCount > 0 || transport.requests.contains { $0.url.path.hasSuffix("/reports/errors") } }
            try await Task.sleep(for: .milliseconds(100))
            XCTAssertEqual(reporter.failedCount, fails ? 1 : 0, "report endpoint answered \(answer.status)")
            XCTAssertEqual(reporter.lastFailure != nil, fails, reporter.lastFailure ?? "")
            if fails { XCTAssertTrue(reporter.lastFailure?.contains("500") ?? false, reporter.lastFailure ?? "") }
            XCTAssertEqual(reporter.droppedCount, 0)
        }
    }

    private func reportText(_ transport: MockTransport) async throws -> String {
        await waitFor { transport.requests.contains { $0.url.path.hasSuffix("/reports/errors") } }
        let report = try XCTUnwrap(transport.requests.first { $0.url.path.hasSuffix("/reports/errors") }?.body)
        return String(decoding: report, as: UTF8.self)
    }
}

@_spi(Generated) import APIRuntime
import APIRuntimeTesting
import Foundation
import HTTPTypes
import XCTest

/// How an APIClient with credentials turns each scheme kind into bytes on the request.
final class CredentialSelectionTests: XCTestCase {
    private static let basic = SecurityScheme(name: "basic", kind: .http(scheme: "basic"))
    private static let hoba = SecurityScheme(name: "hoba", kind: .http(scheme: "HOBA"))
    private static let certificate = SecurityScheme(name: "certificate", kind: .mutualTLS)
    private static let query = SecurityScheme(name: "query", kind: .apiKey(name: "key", location: .query))
    private static let cookie = SecurityScheme(name: "cookie", kind: .apiKey(name: "sid", location: .cookie))
    private static let oidc = SecurityScheme(name: "oidc", kind: .openIdConnect)

    private func send(
        _ requirements: [SecurityRequirement]?, credentials: [String: any SchemeCredential],
        builder: RequestBuilder = RequestBuilder(method: "GET", path: "/items")
    ) async throws -> APIRequest {
        let transport = MockTransport(defaultHandler: { _ in APIResponse(status: 204) })
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: transport,
                               credentials: CredentialSet(credentials))
        _ = try await client.send(builder, operation: OperationInfo(id: "op", method: "GET", path: "/items", security: requirements))
        return try XCTUnwrap(transport.requests.last)
    }

    func testBasicAndOtherHTTPSchemesGoInAuthorization() async throws {
        let basic = try await send([SecurityRequirement([.init(Self.basic)])],
                                   credentials: ["basic": BasicCredential(username: "ann", password: "p:w")])
        XCTAssertEqual(basic.headerFields[.authorization], "Basic " + Data("ann:p:w".utf8).base64EncodedString())
        let hoba = try await send([SecurityRequirement([.init(Self.hoba)])], credentials: ["hoba": HTTPAuthorizationCredential("v1")])
        XCTAssertEqual(hoba.headerFields[.authorization], "HOBA v1")
        let oidc = try await send([SecurityRequirement([.init(Self.oidc)])], credentials: ["oidc": BearerCredential("id-t")])
        XCTAssertEqual(oidc.headerFields[.authorization], "Bearer id-t")
    }

    func testQueryAndCookieKeysAreAddedToWhatTheRequestAlreadyHas() async throws {
        var builder = RequestBuilder(method: "GET", path: "/items")
        builder.query("page", 2)
        builder.cookie("theme", "dark")
        let request = try await send(
            [SecurityRequirement([.init(Self.query), .init(Self.cookie)])],
            credentials: ["query": APIKeyCredential("k/1"), "cookie": APIKeyCredential("s 1")], builder: builder)
        XCTAssertEqual(request.url.absoluteString, "https://api.test/items?page=2&key=k%2F1")
        XCTAssertEqual(request.headerFields[.cookie], "theme=dark; sid=s%201")
    }

    func testMutualTLSIsLeftToTheTransport() async throws {
        let request = try await send([SecurityRequirement([.init(Self.certificate)])], credentials: [:])
        XCTAssertNil(request.headerFields[.authorization])
    }

    func testUndeclaredSecuritySendsNoCredentialsOfTheClientsOwn() async throws {
        let request = try await send(nil, credentials: ["basic": BasicCredential(username: "a", password: "b")])
        XCTAssertNil(request.headerFields[.authorization])
    }

    func testTheAccountIsADigestOfTheCredentialsWhenTheAppNamesNone() async throws {
        func account(_ token: String) async throws -> String? {
            try await APIClient(baseURL: URL(string: "https://api.test")!,
                                credentials: CredentialSet(["bearer": BearerCredential(token)])).currentAccount()
        }
        let ann = try await account("ann")
        let annAgain = try await account("ann")
        let bob = try await account("bob")
        XCTAssertNotNil(ann)
        XCTAssertEqual(ann, annAgain)
        XCTAssertNotEqual(ann, bob)
        XCTAssertFalse(ann?.contains("ann") ?? true, "the partition name does not reveal the credential")
        let named = try await APIClient(baseURL: URL(string: "https://api.test")!, accountProvider: { "user-7" },
                                        credentials: CredentialSet(["bearer": BearerCredential("ann")])).currentAccount()
        XCTAssertEqual(named, "user-7")
    }

    func testARefreshedTokenKeepsTheAccountPartition() async throws {
        let token = TestBox("old")
        let transport = MockTransport(defaultHandler: { request in
            APIResponse(status: request.headerFields[.authorization] == "Bearer new" ? 204 : 401)
        })
        let bearer = SecurityScheme(name: "bearer", kind: .http(scheme: "bearer"))
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: transport, credentials: CredentialSet([
            "bearer": BearerCredential(token: { token.value }, refresh: { _ in token.value = "new"; return "new" }),
        ]))
        let before = try await client.currentAccount()
        let response = try await client.send(RequestBuilder(method: "GET", path: "/x"), operation: OperationInfo(
            id: "op", method: "GET", path: "/x", security: [SecurityRequirement([.init(bearer)])]))
        XCTAssertEqual(response.status, 204)
        let after = try await client.currentAccount()
        XCTAssertEqual(before, after)
    }
}

/// A value shared with `@Sendable` closures.
final class TestBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

import APIRuntime
import APIRuntimeTesting
import ExampleAPI
import Foundation
import HTTPTypes
import XCTest

/// The generated example client, exercised end to end over the mock transport.
final class ExampleAPIClientTests: XCTestCase {
    private let base = URL(string: "https://api.example.com/v1")!

    private func client(_ transport: MockTransport) -> MemberAPI {
        MemberAPI(baseURL: base, transport: transport)
    }

    private let profileJSON = """
        {"status": "OK", "reason": null, "data": {
          "id": 9007199254740993, "username": "ann", "email": "ann@example.com", "displayName": null,
          "avatarUrl": "https://cdn.example.com/a.jpg", "createdAt": "2024-05-01T10:20:30.123456Z",
          "role": "admin", "karma": 12}}
        """

    func testProfileDecodesWithAbsentVsNullAndUnknownEnumValues() async throws {
        let transport = MockTransport()
        transport.on("GET /v1/members/me", respond: .json(profileJSON))
        let profile = try await client(transport).members.getProfile()
        XCTAssertEqual(profile.id, 9_007_199_254_740_993, "int64 ids above 2^53 survive")
        XCTAssertEqual(profile.displayName, .null, "null: the member cleared it")
        XCTAssertNil(profile.lastSeenAt, "absent")
        XCTAssertEqual(profile.role, .admin)
        let unknownRole = try JSONDecoder().decode(Member.self, from: Data(#"{"id": 1, "username": "a", "avatarUrl": "https://c/a", "role": "superuser"}"#.utf8))
        XCTAssertEqual(unknownRole.role, .undocumented("superuser"), "models tolerate unknown enum values when validation is off")
        XCTAssertEqual(try XCTUnwrap(profile.createdAt).timeIntervalSince1970, 1_714_558_830.123456, accuracy: 0.000_001)
        XCTAssertEqual(transport.requests.first?.headerFields[.accept], "application/json")
    }

    /// Issue 20: a test stubs an operation by its generated name (`MembersAPI.getProfile`, the `OperationInfo` the
    /// method sends with) instead of restating its method and path; the stub answers that operation only.
    func testAnOperationIsStubbedByItsGeneratedName() async throws {
        let transport = MockTransport()
        transport.on(MembersAPI.getProfile, respond: .json(profileJSON))
        let api = client(transport)
        let profile = try await api.members.getProfile()
        XCTAssertEqual(profile.username, "ann")
        XCTAssertEqual(MembersAPI.getProfile.id, "getProfile")
        XCTAssertEqual(MembersAPI.getProfile.method, "GET")
        XCTAssertEqual(MembersAPI.getProfile.path, "/members/me")
        XCTAssertEqual(MembersAPI.getProfile.securityDescription, "bearerAuth")
        do {
            _ = try await api.members.getMember(memberID: 7)
            XCTFail("a stub of getProfile answered getMember")
        } catch {
            XCTAssertTrue("\(error)".contains("no handler for GET"), "\(error)")
        }
    }

    func testFriendsRequestCarriesEveryParameterKind() async throws {
        let transport = MockTransport()
        transport.on("GET /v1/members/{memberId}/friends", respond: .json("""
            {"status": "OK", "reason": null, "data": {"items": [
              {"ident": "42", "user_name": "bob", "avatar_url": "https://cdn.example.com/b.jpg", "is_online": true}
            ], "page": 1, "pageSize": 20, "total": 1}}
            """))
        let requestID = UUID(uuidString: "8F2C1E4A-0000-4000-8000-000000000001")!
        let friends = try await client(transport).members.getFriends(
            memberID: 42, page: 2, sort: .asc2, fields: ["user_name", "is_online"], xRequestID: requestID, session: "s 1")
        XCTAssertEqual(friends.items.first?.id, 42, "the friend's string ident is the member id 42")
        XCTAssertEqual(friends.items.first?.username, "bob")
        let request = try XCTUnwrap(transport.requests.first)
        XCTAssertEqual(request.url.path, "/v1/members/42/friends")
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
        XCTAssertTrue(query.contains("page=2"), query)
        XCTAssertTrue(query.contains("sort=asc"), query)
        XCTAssertTrue(query.contains("fields=user_name,is_online") || query.contains("fields=user_name%2Cis_online"), query)
        XCTAssertEqual(request.headerFields[HTTPField.Name("X-Request-ID")!], "8f2c1e4a-0000-4000-8000-000000000001")
        XCTAssertNotNil(request.headerFields[.cookie]?.hasPrefix("session="))
    }

    /// A documented response header (`X-RateLimit-Remaining: {type: integer}`) reaches the caller of the
    /// `WithHeaders` variant, typed; the plain method returns the same body.
    func testDocumentedResponseHeadersAreReturnedByTheWithHeadersVariant() async throws {
        let transport = MockTransport()
        let body = #"{"status": "OK", "reason": null, "data": {"items": [], "page": 1, "pageSize": 20, "total": 0}}"#
        transport.on("GET /v1/members/{memberId}/friends", respond: APIResponse(
            status: 200, headerFields: [.contentType: "application/json", HTTPField.Name("X-RateLimit-Remaining")!: "41"],
            body: Data(body.utf8)))
        let api = client(transport).members
        let (friends, headers) = try await api.getFriendsWithHeaders(memberID: 7)
        XCTAssertEqual(headers, GetFriendsResponseHeaders(xRateLimitRemaining: 41))
        XCTAssertEqual(friends.total, 0)
        let plain = try await api.getFriends(memberID: 7)
        XCTAssertEqual(plain.total, friends.total)
    }

    /// A documented header is validated like the body (`X-RateLimit-Remaining: {type: integer, minimum: 0}`): under
    /// `validation: reject` a value that is not the documented integer, or is below its minimum, fails the call with the
    /// header named, and the failure handler gets the report; an absent optional header is fine.
    func testAResponseHeaderItsSchemaRefusesFailsTheCall() async throws {
        let transport = MockTransport()
        let body = #"{"status": "OK", "reason": null, "data": {"items": [], "page": 1, "pageSize": 20, "total": 0}}"#
        let members = client(transport)
        let reports = Locked<[ResponseValidationFailure]>([])
        members.client.setValidationFailureHandler { failure in reports.withLock { $0.append(failure) } }
        let expected = [
            "many": #"header X-RateLimit-Remaining: "many" is not of type "integer" (openapi.yaml#/paths/~1members~1{memberId}~1friends/get/responses/200/headers/X-RateLimit-Remaining/schema)"#,
            "-1": "header X-RateLimit-Remaining: -1 is less than the minimum of 0 (openapi.yaml#/paths/~1members~1{memberId}~1friends/get/responses/200/headers/X-RateLimit-Remaining/schema)",
        ]
        for (value, message) in expected.sorted(by: { $0.key < $1.key }) {
            transport.on("GET /v1/members/{memberId}/friends", respond: APIResponse(
                status: 200, headerFields: [.contentType: "application/json", HTTPField.Name("X-RateLimit-Remaining")!: value],
                body: Data(body.utf8)))
            for call in [{ _ = try await members.members.getFriends(memberID: 7) },
                         { _ = try await members.members.getFriendsWithHeaders(memberID: 7) }] as [() async throws -> Void] {
                do {
                    try await call()
                    XCTFail("X-RateLimit-Remaining: \(value) was accepted")
                } catch APIError.invalidResponse(let operation, let status, let report) {
                    XCTAssertEqual(operation, "getFriends")
                    XCTAssertEqual(status, 200)
                    XCTAssertEqual(report.errors.map(\.header), ["X-RateLimit-Remaining"])
                    XCTAssertEqual(report.description, message)
                }
            }
        }
        XCTAssertEqual(reports.withLock { $0.map(\.report.errors.count) }, [1, 1, 1, 1])
        transport.on("GET /v1/members/{memberId}/friends", respond: APIResponse(
            status: 200, headerFields: [.contentType: "application/json", HTTPField.Name("X-RateLimit-Remaining")!: "0"],
            body: Data(body.utf8)))
        let (_, headers) = try await members.members.getFriendsWithHeaders(memberID: 7)
        XCTAssertEqual(headers.xRateLimitRemaining, 0)
        transport.on("GET /v1/members/{memberId}/friends", respond: .json(body))
        let (_, absent) = try await members.members.getFriendsWithHeaders(memberID: 7)
        XCTAssertNil(absent.xRateLimitRemaining)
    }

    func testReadOnlyMembersAreLeftOutOfRequestBodiesOnly() async throws {
        let transport = MockTransport()
        let configJSON = #"{"version": 3, "pushEnabled": true, "theme": "dark", "default": true}"#
        transport.on("PUT /v1/config", respond: .json(#"{"status": "OK", "reason": null, "data": \#(configJSON)}"#))
        let fetched = try JSONDecoder().decode(Config.self, from: Data(configJSON.utf8))
        XCTAssertEqual(fetched.default, true)
        // Sent back unchanged: the server-computed `default` is not part of the request.
        let stored = try await client(transport).config.updateConfig(body: fetched)
        let sent = try JSONSerialization.jsonObject(with: try XCTUnwrap(transport.requests.first?.body)) as? [String: Any]
        XCTAssertEqual(sent?["version"] as? Int, 3)
        XCTAssertNil(sent?["default"], "read-only members are never sent")
        XCTAssertEqual(stored.default, true, "and still decoded from the response")
        // Encoded outside a request (an app's cache, the response store), every member is kept.
        let kept = try JSONSerialization.jsonObject(with: JSONEncoder().encode(fetched)) as? [String: Any]
        XCTAssertEqual(kept?["default"] as? Bool, true)
    }

    func testDocumentedErrorIsThrownTyped() async throws {
        let transport = MockTransport()
        transport.on("GET /v1/members/me", respond: .json(#"{"status": "UNAUTHORIZED", "reason": "expired", "data": {"code": "token_expired", "message": "Token expired"}}"#, status: 401))
        do {
            _ = try await client(transport).members.getProfile()
            XCTFail("expected an error")
        } catch let error as GetProfileError {
            guard case .status401(let status, _, let headers) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(status, 401)
            XCTAssertNil(headers.wwwAuthenticate, "not sent")
        }
    }

    func testUndocumentedStatusAndTruncatedBodyAreAPIErrors() async throws {
        let transport = MockTransport()
        transport.on("GET /v1/members/me", respond: APIResponse(status: 418, body: Data("teapot".utf8)))
        do {
            _ = try await client(transport).members.getProfile()
            XCTFail("expected an error")
        } catch let error as APIError {
            guard case .unexpectedStatus(let operation, let status, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(operation, "getProfile")
            XCTAssertEqual(status, 418)
        }
        transport.on("GET /v1/members/me", respond: .json(String(profileJSON.prefix(80))))
        do {
            _ = try await client(transport).members.getProfile()
            XCTFail("expected an error")
        } catch APIError.invalidResponse(let operation, _, let report) {
            XCTAssertEqual(operation, "getProfile")
            XCTAssertEqual(report.errors.first?.keyword, "json", "a truncated body is an invalid response")
        }
    }

    func testDiscriminatedNotificationsAndRecursiveComments() async throws {
        let transport = MockTransport()
        transport.on("GET /v1/notifications", respond: .json("""
            {"status": "OK", "reason": null, "data": {"page": 1, "pageSize": 20, "total": 2, "items": [
              {"id": "8f2c1e4a-0000-4000-8000-000000000002", "kind": "friend_request", "createdAt": "2024-05-01T10:20:30Z",
               "priority": 2, "from": {"ident": "7", "user_name": "cy", "avatar_url": "https://c/x", "is_online": false}},
              {"id": "8f2c1e4a-0000-4000-8000-000000000003", "kind": "like", "createdAt": "2024-05-01T10:20:30Z",
               "priority": 1, "likedBy": {"ident": "8", "user_name": "di", "avatar_url": "https://c/y", "is_online": true},
               "target": {"id": 5, "authorId": 1, "body": "hi", "createdAt": "2024-05-01T10:20:30Z",
                          "parent": {"id": 4, "authorId": 2, "body": "root", "createdAt": "2024-05-01T10:00:00Z"}}}
            ]}}
            """))
        let response = try await client(transport).notifications.listNotifications()
        guard case .friendRequestNotification(let request) = response.items[0] else { return XCTFail("\(response.items[0])") }
        XCTAssertEqual(request.from.username, "cy")
        XCTAssertEqual(request.priority, .value2)
        guard case .likeNotification(let like) = response.items[1] else { return XCTFail("\(response.items[1])") }
        guard case .comment(let comment) = like.target else { return XCTFail("\(like.target)") }
        XCTAssertEqual(comment.parent?.body, "root")
    }

    func testMultipartUploadAndBinaryDownload() async throws {
        let transport = MockTransport()
        transport.on("POST /v1/members/me/avatar") { request in
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            XCTAssertTrue(request.headerFields[.contentType]?.hasPrefix("multipart/form-data; boundary=") ?? false)
            XCTAssertTrue(body.contains("name=\"file\"; filename=\"a.jpg\""), body)
            XCTAssertTrue(body.contains("name=\"crop\""), body)
            return .json(#"{"status": "OK", "reason": null, "data": {"avatarUrl": "https://cdn.example.com/n.jpg"}}"#)
        }
        transport.on("GET /v1/members/{memberId}/avatar", respond: APIResponse(status: 200, headerFields: [.contentType: "image/jpeg"],
                                                                                 body: Data([0xFF, 0xD8, 0xFF])))
        let api = client(transport)
        let uploaded = try await api.media.uploadAvatar(
            file: MultipartFile(data: Data([0xFF, 0xD8]), filename: "a.jpg", contentType: "image/jpeg"),
            crop: UploadAvatarCrop(x: 1, y: 2, size: 3))
        XCTAssertEqual(uploaded.avatarURL.absoluteString, "https://cdn.example.com/n.jpg")
        let image = try await api.media.downloadAvatar(memberID: 1)
        XCTAssertEqual(image, Data([0xFF, 0xD8, 0xFF]))
    }

    func testServers() throws {
        XCTAssertEqual(try MemberAPI.Servers.production(version: "v2").absoluteString, "https://api.example.com/v2")
    }

    func testNestedModelsAreStoredInABox() throws {
        // `data: Member` is kept behind one reference: copying the envelope does not copy Member's fields.
        XCTAssertLessThan(MemoryLayout<ProfileResponse>.size, MemoryLayout<Member>.size)
        let envelope = try JSONDecoder().decode(ProfileResponse.self, from: Data(profileJSON.utf8))
        let copy = ProfileResponse(status: envelope.status, reason: envelope.reason, data: envelope.data)
        XCTAssertEqual(copy, envelope, "equality looks through the box")
        XCTAssertEqual(Set([copy, envelope]).count, 1, "so does hashing")
    }

    func testAbsentVersusNullIsKeptInEnvelopes() throws {
        let envelope = try JSONDecoder().decode(ProfileResponse.self, from: Data(profileJSON.utf8))
        XCTAssertEqual(envelope.reason, .null, "present and null")
        let encoded = try JSONEncoder().encode(envelope)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        XCTAssertTrue(object.keys.contains("reason"), "explicit null is written back as null")
        // Models are immutable (`mutableModels` is off): the copy without `reason` is built with the memberwise init.
        let absent = ProfileResponse(status: envelope.status, reason: nil, data: envelope.data)
        let withoutReason = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(absent)) as? [String: Any])
        XCTAssertFalse(withoutReason.keys.contains("reason"), "absent stays absent")
    }
}

import APIRuntime
import APIRuntimeStore
import APIRuntimeOffline
import APIRuntimeTesting
import ExampleAPI
import Foundation
import HTTPTypes
import XCTest

/// `trackNotification` is queueable (`queueable:` in apigen.yml): offline calls are stored and replayed in order.
final class OfflineQueueClientTests: XCTestCase {
    func testQueueableCallMadeOfflineIsReplayedInOrderExactlyOnce() async throws {
        let transport = MockTransport()
        transport.on("POST /v1/notifications/{notificationId}/track", respond: APIResponse(status: 202))
        let queue = OfflineQueue(storage: InMemoryStorage())
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport, middlewares: [queue])
        let ids = (1...3).map { _ in UUID() }
        transport.offline = true
        for id in ids {
            do {
                try await api.notifications.trackNotification(notificationID: id, body: TrackNotificationRequest(event: .opened, at: Date()))
                XCTFail("an offline queueable call reports that it was queued")
            } catch is RequestQueuedError {}
        }
        let pending = try await queue.pendingCount()
        XCTAssertEqual(pending, 3)
        transport.removeAllRequests()
        transport.offline = false
        _ = await queue.flush()
        let remaining = try await queue.pendingCount()
        XCTAssertEqual(remaining, 0)
        let sent = transport.requests.map { $0.url.path }
        XCTAssertEqual(sent, ids.map { "/v1/notifications/\($0.uuidString.lowercased())/track" }, "replayed once each, in order")
        let keys = Set(transport.requests.compactMap { $0.headerFields[HTTPField.Name("Idempotency-Key")!] })
        XCTAssertEqual(keys.count, 3, "every entry carries its own idempotency key")
    }

    func testNonQueueableCallFailsOfflineInsteadOfQueueing() async throws {
        let transport = MockTransport()
        let queue = OfflineQueue(storage: InMemoryStorage())
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport, middlewares: [queue])
        transport.offline = true
        do {
            _ = try await api.members.getProfile()
            XCTFail("expected a transport error")
        } catch is RequestQueuedError {
            XCTFail("getProfile is not queueable")
        } catch {}
        let pending = try await queue.pendingCount()
        XCTAssertEqual(pending, 0)
    }

    func testEntriesQueuedForOneUserAreNeverReplayedWithTheNextUsersCredentials() async throws {
        let transport = MockTransport()
        transport.on("POST /v1/notifications/{notificationId}/track", respond: APIResponse(status: 202))
        let queue = OfflineQueue(storage: InMemoryStorage())
        let session = Session(token: "ann-token")
        let api = MemberAPI(baseURL: URL(string: "https://api.example.com/v1")!, credentials: session.credentials,
                            transport: transport, middlewares: [queue])
        transport.offline = true
        do {
            try await api.notifications.trackNotification(notificationID: UUID(), body: TrackNotificationRequest(event: .opened, at: Date()))
            XCTFail("an offline queueable call reports that it was queued")
        } catch is RequestQueuedError {}
        let stored = try await queue.pending()
        XCTAssertNil(stored.first?.request.headerFields[.authorization], "no credential is written to the queue")

        transport.removeAllRequests()
        transport.offline = false
        session.token = "bob-token"
        _ = await queue.flush()
        XCTAssertTrue(transport.requests.isEmpty, "Ann's entry is not sent while Bob is signed in")
        let waiting = try await queue.pendingCount()
        XCTAssertEqual(waiting, 1)

        session.token = "ann-token"
        _ = await queue.flush()
        XCTAssertEqual(transport.requests.map { $0.headerFields[.authorization] }, ["Bearer ann-token"])
    }
}

import LoopbackTestServer
@_spi(Generated) import APIRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

/// What a hostile server (or anyone in between) can send: bodies larger than the app should hold.
final class URLSessionTransportLimitsTests: XCTestCase {
    func testDefaultLimitIs32MiB() {
        XCTAssertEqual(URLSessionTransport().maxResponseSize, 32 * 1024 * 1024)
    }

    func testBodyAnnouncedOverTheLimitIsRefused() async throws {
        let server = try LoopbackServer { _ in ServerReply(body: Data(repeating: 0x41, count: 5_000)) }
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 10, maxResponseSize: 1_000)
        do {
            _ = try await transport.send(APIRequest(method: .get, url: server.baseURL))
            XCTFail("a 5000-byte body passed a 1000-byte limit")
        } catch APIError.responseTooLarge(_, let limit, let announcedLength) {
            XCTAssertEqual(limit, 1_000)
            XCTAssertEqual(announcedLength, 5_000)
        }
    }

    /// Without `Content-Length` the body is counted as it arrives; the transfer stops at the limit.
    func testUnannouncedBodyIsCutOffAtTheLimit() async throws {
        let size = 4 * 1024 * 1024
        let server = try LoopbackServer { _ in ServerReply(body: Data(repeating: 0x42, count: size), announcesLength: false) }
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 10, maxResponseSize: 64 * 1024)
        do {
            _ = try await transport.send(APIRequest(method: .get, url: server.baseURL))
            XCTFail("a 4 MiB body passed a 64 KiB limit")
        } catch let error as APIError {
            guard case .responseTooLarge(_, _, let announcedLength) = error else { return XCTFail("\(error)") }
            XCTAssertNil(announcedLength)
            XCTAssertTrue(error.description.contains("65536 bytes"), error.description)
        }
        // At the limit exactly, the body arrives whole.
        let exact = URLSessionTransport(timeout: 10, maxResponseSize: size)
        let response = try await exact.send(APIRequest(method: .get, url: server.baseURL))
        XCTAssertEqual(response.body.count, size)
    }

    /// ``APIClient`` hands the error to the caller as it is (not as a transport failure to retry).
    func testAPIClientRethrowsTheTypedError() async throws {
        let server = try LoopbackServer { _ in ServerReply(body: Data(repeating: 0x43, count: 2_000)) }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10, maxResponseSize: 100))
        do {
            _ = try await client.send(APIRequest(method: .get, url: server.baseURL), operation: OperationInfo(id: "big", method: "GET", path: "/"))
            XCTFail("expected APIError.responseTooLarge")
        } catch APIError.responseTooLarge {
        }
    }
}

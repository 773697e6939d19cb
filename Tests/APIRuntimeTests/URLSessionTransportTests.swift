@_spi(Generated) import APIRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

final class URLSessionTransportTests: XCTestCase {
    func testSharedSessionDoesNotCache() {
        let configuration = URLSessionTransport.sharedSession.configuration
        XCTAssertNil(configuration.urlCache)
        XCTAssertEqual(configuration.requestCachePolicy, .reloadIgnoringLocalCacheData)
        XCTAssertEqual(URLSessionTransport().timeout, 60)
        XCTAssertEqual(URLSessionTransport(timeout: 5).timeout, 5)
    }

    func testConnectionRefusedThrowsQuickly() async throws {
        let transport = URLSessionTransport(timeout: 5)
        let start = ContinuousClock.now
        do {
            _ = try await transport.send(APIRequest(method: .get, url: URL(string: "http://127.0.0.1:1/x")!))
            XCTFail("expected a URLError")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .cannotConnectToHost)
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func testAPIClientWrapsTheURLError() async throws {
        let client = APIClient(baseURL: URL(string: "http://127.0.0.1:1")!, transport: URLSessionTransport(timeout: 5))
        do {
            _ = try await client.send(
                RequestBuilder(method: "GET", path: "/x"), operation: OperationInfo(id: "x", method: "GET", path: "/x"))
            XCTFail("expected APIError.transport")
        } catch APIError.transport(let underlying) {
            XCTAssertTrue(underlying is URLError, "\(underlying)")
        }
    }
}

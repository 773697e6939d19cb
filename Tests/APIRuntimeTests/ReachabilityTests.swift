import LoopbackTestServer
@_spi(Generated) import APIRuntime
import APIRuntimeOffline
import APIRuntimeTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

final class ReachabilityTests: XCTestCase {
    func testManualReachabilityYieldsTheCurrentStatusThenChangesOnly() async throws {
        let reachability = ManualReachability(.unreachable)
        var iterator = reachability.updates().makeAsyncIterator()
        let initial = await iterator.next()
        XCTAssertEqual(initial, .unreachable)
        reachability.set(.unreachable)
        reachability.set(.reachable)
        let change = await iterator.next()
        XCTAssertEqual(change, .reachable, "setting the same status again is not a change")
        XCTAssertEqual(reachability.status, .reachable)
    }

    func testProbeReportsReachableForAnyResponseAndUnreachableWithoutOne() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 404) })
        let probe = ProbeReachability(url: URL(string: "https://api.test/health")!, transport: mock, clock: ManualClock())
        XCTAssertEqual(probe.status, .unknown)
        let first = await probe.probe()
        XCTAssertEqual(first, .reachable, "any HTTP response proves the network path")
        XCTAssertEqual(mock.requests.first?.method, .head)
        mock.offline = true
        let second = await probe.probe()
        XCTAssertEqual(second, .unreachable)
    }

    func testProbeAgainstALoopbackServerThatGoesAway() async throws {
        let server = try LoopbackServer { _ in .status(200) }
        defer { server.stop() }
        let probe = ProbeReachability(
            url: server.baseURL.appendingPathComponent("health"), interval: .milliseconds(50),
            transport: URLSessionTransport(timeout: 2))
        var iterator = probe.updates().makeAsyncIterator()
        let unknown = await iterator.next()
        XCTAssertEqual(unknown, .unknown)
        let reachable = await iterator.next()
        XCTAssertEqual(reachable, .reachable)
        server.pause()
        let unreachable = await iterator.next()
        XCTAssertEqual(unreachable, .unreachable)
        server.resume()
        let back = await iterator.next()
        XCTAssertEqual(back, .reachable)
        probe.stop()
    }

    func testConnectivityClassification() {
        XCTAssertTrue(APIError.isConnectivityFailure(URLError(.notConnectedToInternet)))
        XCTAssertTrue(APIError.isConnectivityFailure(APIError.transport(URLError(.cannotConnectToHost))))
        XCTAssertTrue(APIError.isConnectivityFailure(URLError(.timedOut)))
        XCTAssertFalse(APIError.isConnectivityFailure(URLError(.cancelled)))
        XCTAssertFalse(APIError.isConnectivityFailure(URLError(.badURL)))
        XCTAssertFalse(APIError.isConnectivityFailure(CancellationError()))
        XCTAssertTrue(APIError.isTransientFailure(URLError(.badServerResponse)))
    }
}

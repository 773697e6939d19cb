import HTTPTypes
@_spi(Generated) import APIRuntime
@testable import APIRuntimeMiddleware
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Operations used across the runtime tests.
enum TestOperations {
    static let getItems = OperationInfo(id: "getItems", method: "GET", path: "/items")
    static let search = OperationInfo(id: "search", method: "POST", path: "/search")
    static let postMessage = OperationInfo(id: "postMessage", method: "POST", path: "/messages", isQueueable: true)
}

/// A token provider whose server-side truth is a `TestLock`: `refreshToken` issues `t<n+1>`.
final class TestTokenProvider: AuthTokenProvider {
    private let state: TestLock<(token: String?, refreshes: Int)>
    private let refreshDelay: Duration
    private let failure: (any Error)?

    init(token: String? = "t1", refreshDelay: Duration = .milliseconds(50), failure: (any Error)? = nil) {
        state = TestLock((token, 0))
        self.refreshDelay = refreshDelay
        self.failure = failure
    }

    var refreshes: Int { state.current.refreshes }
    var current: String? { state.current.token }

    func token() async throws -> String? {
        state.current.token
    }

    func refreshToken(rejected: String?) async throws -> String {
        let number = state.withLock { state -> Int in
            state.refreshes += 1
            return state.refreshes
        }
        try await Task.sleep(for: refreshDelay)
        if let failure { throw failure }
        let token = "t\(number + 1)"
        state.withLock { $0.token = token }
        return token
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
}

extension APIRequest {
    static func get(_ url: String, headerFields: HTTPFields = [:]) -> APIRequest {
        APIRequest(method: .get, url: URL(string: url)!, headerFields: headerFields)
    }
}

/// Runs `request` through `middleware` with `transport` as the next step, as an APIClient chain would.
func sendThrough(
    _ middleware: some ClientMiddleware, _ request: APIRequest, operation: OperationInfo = TestOperations.getItems,
    transport: any HTTPTransport
) async throws -> APIResponse {
    try await middleware.intercept(request, operation: operation) { try await transport.send($0) }
}

func temporaryDirectory(_ name: String = #function) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("APIRuntimeTests-" + UUID().uuidString.prefix(8) + "-" + name.filter(\.isLetter))
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

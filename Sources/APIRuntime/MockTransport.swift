import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A scriptable ``HTTPTransport`` for tests: answers from handlers registered per route, records every request,
/// and can simulate latency and being offline. Safe to use from several tasks at once.
///
/// ```swift
/// let mock = MockTransport()
/// mock.on("GET /members/{id}", respond: .json(#"{"id": 1}"#))
/// let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock)
/// ```
public final class MockTransport: HTTPTransport {
    /// Produces the response for a request.
    public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    /// Thrown when no route matches a request and there is no default handler.
    public struct UnhandledRequestError: Error, CustomStringConvertible {
        /// The request's method.
        public let method: String
        /// The request's URL.
        public let url: URL

        /// Names the request and how to handle it.
        public var description: String {
            "MockTransport has no handler for \(method) \(url.absoluteString); "
                + "register one with on(\"\(method) \(url.path)\", ...) or set defaultHandler"
        }
    }

    private struct Route {
        let key: String
        let method: String
        let segments: [String]
        let handler: Handler
    }

    private struct State {
        var routes: [Route] = []
        var defaultHandler: Handler?
        var requests: [HTTPRequest] = []
        var latency: Duration
        var offline: Bool
    }

    private let state: Locked<State>

    /// A transport with no routes.
    /// - Parameters:
    ///   - latency: How long every request waits before it is answered; the wait ends early with
    ///     `CancellationError` when the task is cancelled.
    ///   - offline: When true, every request fails with `URLError(.notConnectedToInternet)`.
    ///   - defaultHandler: Answers requests no route matches; nil makes them throw ``UnhandledRequestError``.
    public init(latency: Duration = .zero, offline: Bool = false, defaultHandler: Handler? = nil) {
        state = Locked(State(defaultHandler: defaultHandler, latency: latency, offline: offline))
    }

    /// Answers requests matching `route` with `handler`, replacing an earlier handler for the same route.
    ///
    /// `route` is `"METHOD /path"`. The path is compared with the request URL's whole path, segment by segment
    /// after percent-decoding, so it includes the base URL's path (`"GET /v1/members"` for a base URL ending in
    /// `/v1`). A segment written `{name}` matches any one segment. Routes without placeholders win over routes
    /// with them; otherwise the earliest registered route wins.
    public func on(_ route: String, _ handler: @escaping Handler) {
        let parts = route.split(separator: " ", maxSplits: 1)
        precondition(parts.count == 2, "MockTransport route must be \"METHOD /path\", got \"\(route)\"")
        let method = parts[0].uppercased()
        let newRoute = Route(
            key: method + " " + parts[1], method: method, segments: Self.segments(of: String(parts[1])),
            handler: handler)
        state.withLock { state in
            if let index = state.routes.firstIndex(where: { $0.key == newRoute.key }) {
                state.routes[index] = newRoute
            } else {
                state.routes.append(newRoute)
            }
        }
    }

    /// Answers requests matching `route` with a fixed response (see ``on(_:_:)`` for the route syntax).
    public func on(_ route: String, respond response: HTTPResponse) {
        on(route) { _ in response }
    }

    /// Answers requests no route matches; nil makes them throw ``UnhandledRequestError``.
    public var defaultHandler: Handler? {
        get { state.withLock { $0.defaultHandler } }
        set { state.withLock { $0.defaultHandler = newValue } }
    }

    /// How long every request waits before it is answered.
    public var latency: Duration {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue } }
    }

    /// When true, every request fails with `URLError(.notConnectedToInternet)`.
    public var offline: Bool {
        get { state.withLock { $0.offline } }
        set { state.withLock { $0.offline = newValue } }
    }

    /// Every request received so far, in order, including ones that failed.
    public var requests: [HTTPRequest] {
        state.withLock { $0.requests }
    }

    /// Forgets the recorded requests; routes and settings stay.
    public func removeAllRequests() {
        state.withLock { $0.requests.removeAll() }
    }

    /// Records `request`, waits ``latency``, then fails if ``offline`` or answers with the matching handler.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (latency, offline, handler) = state.withLock { state in
            state.requests.append(request)
            return (state.latency, state.offline, Self.handler(for: request, in: state))
        }
        if latency > .zero {
            try await Task.sleep(for: latency)
        }
        try Task.checkCancellation()
        if offline {
            throw URLError(.notConnectedToInternet, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
        }
        guard let handler else {
            throw UnhandledRequestError(method: request.method, url: request.url)
        }
        return try await handler(request)
    }

    private static func handler(for request: HTTPRequest, in state: State) -> Handler? {
        let method = request.method.uppercased()
        let path = URLComponents(url: request.url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? ""
        let segments = Self.segments(of: path).map { $0.removingPercentEncoding ?? $0 }
        let candidates = state.routes.filter { route in
            route.method == method && route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { pattern, segment in
                    isPlaceholder(pattern) ? !segment.isEmpty : pattern == segment
                }
        }
        let exact = candidates.first { !$0.segments.contains(where: isPlaceholder) }
        return (exact ?? candidates.first)?.handler ?? state.defaultHandler
    }

    private static func segments(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    private static func isPlaceholder(_ segment: String) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}")
    }
}

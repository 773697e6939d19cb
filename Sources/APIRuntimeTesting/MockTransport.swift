import APIRuntime
import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A scriptable `HTTPTransport` for tests: answers from handlers registered per route or per operation,
/// plays scripts of ``MockStep``s (latency, status codes, offline, truncated and wrong-typed bodies), records
/// every request, and can simulate latency and offline periods. Safe to use from several tasks at once.
///
/// ```swift
/// let mock = MockTransport()
/// mock.on("GET /members/{id}", respond: .json(#"{"id": 1}"#))
/// mock.script(MembersAPI.getProfileOperation, [.offline, .status(503), .delayed(.seconds(1), .json("{}"))])
/// let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock)
/// ```
public final class MockTransport: HTTPTransport {
    /// Produces the response for a request.
    public typealias Handler = @Sendable (APIRequest) async throws -> APIResponse

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
        /// Operation routes match the end of the path, so they work under any base URL path.
        let matchesSuffix: Bool
        let handler: Handler
    }

    private struct State {
        var routes: [Route] = []
        var defaultHandler: Handler?
        var requests: [APIRequest] = []
        var latency: Duration
        var offline: Bool
        var offlineRequests = 0
        var offlineUntil: Duration?
    }

    private let state: Locked<State>
    /// The clock scripted delays and offline periods use.
    public let clock: any RuntimeClock

    /// A transport with no routes.
    /// - Parameters:
    ///   - latency: How long every request waits before it is answered; the wait ends early with
    ///     `CancellationError` when the task is cancelled.
    ///   - offline: When true, every request fails with `URLError(.notConnectedToInternet)`.
    ///   - defaultHandler: Answers requests no route matches; nil makes them throw ``UnhandledRequestError``.
    ///   - clock: The clock for ``MockStep/delayed(_:_:)`` and ``goOffline(for:)``; a ``ManualClock`` makes
    ///     scripted delays instant.
    public init(
        latency: Duration = .zero, offline: Bool = false, defaultHandler: Handler? = nil,
        clock: any RuntimeClock = SystemClock()
    ) {
        state = Locked(State(defaultHandler: defaultHandler, latency: latency, offline: offline))
        self.clock = clock
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
        add(Route(
            key: method + " " + parts[1], method: method, segments: Self.segments(of: String(parts[1])),
            matchesSuffix: false, handler: handler))
    }

    /// Answers requests for `operation` (its method and path template, matched at the end of the request path
    /// so any base URL path works) with `handler`.
    public func on(_ operation: OperationInfo, _ handler: @escaping Handler) {
        let method = operation.method.uppercased()
        add(Route(
            key: "operation " + method + " " + operation.path, method: method,
            segments: Self.segments(of: operation.path), matchesSuffix: true, handler: handler))
    }

    /// Answers requests for `operation` with a fixed response.
    public func on(_ operation: OperationInfo, respond response: APIResponse) {
        on(operation) { _ in response }
    }

    /// Answers successive requests matching `route` with successive `steps`; the last step repeats.
    public func script(_ route: String, _ steps: [MockStep]) {
        on(route, Self.player(steps, clock: clock))
    }

    /// Answers successive requests for `operation` with successive `steps`; the last step repeats.
    public func script(_ operation: OperationInfo, _ steps: [MockStep]) {
        on(operation, Self.player(steps, clock: clock))
    }

    /// Fails the next `count` requests with `URLError(.notConnectedToInternet)`, then answers normally.
    public func goOffline(forNext count: Int) {
        state.withLock { $0.offlineRequests = max(0, count) }
    }

    /// Fails every request with `URLError(.notConnectedToInternet)` for `duration` on ``clock``.
    public func goOffline(for duration: Duration) {
        let until = clock.uptime() + duration
        state.withLock { $0.offlineUntil = until }
    }

    private func add(_ newRoute: Route) {
        state.withLock { state in
            if let index = state.routes.firstIndex(where: { $0.key == newRoute.key }) {
                state.routes[index] = newRoute
            } else {
                state.routes.append(newRoute)
            }
        }
    }

    /// Answers requests matching `route` with a fixed response (see ``on(_:_:)-(String,_)`` for the route syntax).
    public func on(_ route: String, respond response: APIResponse) {
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
    public var requests: [APIRequest] {
        state.withLock { $0.requests }
    }

    /// Forgets the recorded requests; routes and settings stay.
    public func removeAllRequests() {
        state.withLock { $0.requests.removeAll() }
    }

    /// Records `request`, waits ``latency``, then fails if ``offline`` or answers with the matching handler.
    public func send(_ request: APIRequest) async throws -> APIResponse {
        let now = clock.uptime()
        let (latency, offline, handler) = state.withLock { state in
            state.requests.append(request)
            var offline = state.offline
            if state.offlineRequests > 0 {
                state.offlineRequests -= 1
                offline = true
            }
            if let until = state.offlineUntil {
                if now < until {
                    offline = true
                } else {
                    state.offlineUntil = nil
                }
            }
            return (state.latency, offline, Self.handler(for: request, in: state))
        }
        if latency > .zero {
            try await Task.sleep(for: latency)
        }
        try Task.checkCancellation()
        if offline {
            throw URLError(.notConnectedToInternet, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
        }
        guard let handler else {
            throw UnhandledRequestError(method: request.method.rawValue, url: request.url)
        }
        return try await handler(request)
    }

    private static func handler(for request: APIRequest, in state: State) -> Handler? {
        let method = request.method.rawValue.uppercased()
        let path = URLComponents(url: request.url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? ""
        let segments = Self.segments(of: path).map { $0.removingPercentEncoding ?? $0 }
        let candidates = state.routes.filter { route in
            guard route.method == method,
                  route.matchesSuffix ? route.segments.count <= segments.count : route.segments.count == segments.count
            else { return false }
            return zip(route.segments, segments.suffix(route.segments.count)).allSatisfy { pattern, segment in
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

extension MockTransport {
    // Plays `steps` in order across calls; the last one repeats.
    fileprivate static func player(_ steps: [MockStep], clock: any RuntimeClock) -> Handler {
        precondition(!steps.isEmpty, "a MockTransport script needs at least one step")
        let position = Locked(0)
        return { request in
            let index = position.withLock { position -> Int in
                defer { position += 1 }
                return min(position, steps.count - 1)
            }
            return try await steps[index].perform(for: request, clock: clock)
        }
    }
}

/// One scripted answer of a ``MockTransport`` script.
public indirect enum MockStep: Sendable {
    /// Answer with `response`.
    case respond(APIResponse)
    /// Answer with an empty-bodied response of this status.
    case status(Int)
    /// Answer with a JSON body given as text.
    case json(String, status: Int = 200)
    /// Throw `error` (e.g. `URLError(.timedOut)`, `URLError(.cannotConnectToHost)`).
    case fail(any Error)
    /// Throw `URLError(.notConnectedToInternet)`.
    case offline
    /// Wait `delay` on the transport's clock, then perform the step.
    case delayed(Duration, MockStep)
    /// Answer with `response` whose body is cut after `keepingBytes` bytes while `Content-Length` still
    /// announces the full length, as a server that closed early would leave it.
    case truncated(APIResponse, keepingBytes: Int)
    /// Throw `URLError(.networkConnectionLost)`, as `URLSession` does when the connection closes mid-body.
    case connectionLost
    /// Answer with `response` relabelled as `contentType` (e.g. an HTML error page where JSON was expected is
    /// `.wrongContentType(.init(status: 200, body: html), contentType: "text/html")`).
    case wrongContentType(APIResponse, contentType: String)

    func perform(for request: APIRequest, clock: any RuntimeClock) async throws -> APIResponse {
        switch self {
        case .respond(let response):
            return response
        case .status(let status):
            return APIResponse(status: status)
        case .json(let text, let status):
            return .json(text, status: status)
        case .fail(let error):
            throw error
        case .offline:
            throw URLError(.notConnectedToInternet, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
        case .delayed(let delay, let step):
            try await clock.sleep(for: delay)
            return try await step.perform(for: request, clock: clock)
        case .truncated(var response, let keepingBytes):
            response.headerFields[.contentLength] = String(response.body.count)
            response.body = response.body.prefix(max(0, keepingBytes))
            return response
        case .connectionLost:
            throw URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
        case .wrongContentType(var response, let contentType):
            response.headerFields[.contentType] = contentType
            return response
        }
    }
}

import APIRuntime
import Tracing
import HTTPTypes

/// Starts a client span for every request an `APIClient` sends, named by the operation's `operationId`, through
/// swift-distributed-tracing (so any tracer an app bootstraps, e.g. swift-otel, receives it), and propagates the
/// trace to the server in the request's header fields (`traceparent` with a W3C tracer).
///
/// Attributes follow OpenTelemetry's HTTP client conventions without anything secret: `http.request.method`,
/// `url.template` (the path template, e.g. `/members/{id}`, never the filled-in path or the query, which may carry
/// identifiers or API keys), `server.address`, `server.port`, `url.scheme`, and `http.response.status_code`. A 4xx or
/// 5xx status marks the span as an error; a thrown error is recorded on it. Put it first in the middleware list
/// so the span covers retries, authentication and the cache.
public struct TracingMiddleware: ClientMiddleware {
    let tracer: any Tracer

    /// A middleware over `tracer`; by default the one the app bootstrapped with `InstrumentationSystem.bootstrap(_:)`
    /// (a no-op tracer when none was).
    public init(tracer: any Tracer = InstrumentationSystem.tracer) {
        self.tracer = tracer
    }

    /// Runs `next` inside a client span for `operation`.
    public func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        let span = tracer.startSpan(operation.id, context: InstrumentationContext.current ?? .topLevel, ofKind: .client)
        defer { span.end() }
        span.attributes["http.request.method"] = request.method.rawValue
        span.attributes["url.template"] = operation.path
        if let host = request.url.host { span.attributes["server.address"] = host }
        if let port = request.url.port { span.attributes["server.port"] = port }
        if let scheme = request.url.scheme { span.attributes["url.scheme"] = scheme }
        var request = request
        tracer.inject(span.context, into: &request.headerFields, using: HeaderFieldInjector())
        do {
            let response = try await next(request)
            span.attributes["http.response.status_code"] = response.status
            if response.status >= 400 {
                span.setStatus(SpanStatus(code: .error, message: "HTTP \(response.status)"))
            }
            return response
        } catch {
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error))
            throw error
        }
    }
}

/// Writes the tracer's propagation fields into a request's header fields.
struct HeaderFieldInjector: Injector {
    /// A key that is not an HTTP token (no propagation format uses one) is left out.
    func inject(_ value: String, forKey key: String, into carrier: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        carrier[name] = value
    }
}

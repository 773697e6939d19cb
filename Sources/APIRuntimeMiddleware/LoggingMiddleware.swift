import APIRuntime
import Logging
import HTTPTypes

/// Logs each request and its outcome through a swift-log `Logger` with secrets redacted (``Redactor``).
///
/// A request is logged at `requestLevel` (`→ GET url` with headers, and the body when ``logsBodies``), its
/// response at `responseLevel` (`← 200 GET url` with status, duration, size and source), a failure at
/// `failureLevel`. Put it first in the middleware list so it sees what the caller sees.
public struct LoggingMiddleware: ClientMiddleware {
    let logger: Logger
    let requestLevel: Logger.Level
    let responseLevel: Logger.Level
    let failureLevel: Logger.Level
    /// Whether request and response bodies are included (redacted, cut to ``bodyLimit`` bytes).
    public let logsBodies: Bool
    /// The most body bytes logged.
    public let bodyLimit: Int
    /// How secrets are hidden.
    public let redactor: Redactor

    /// A logging middleware writing to `logger` (its `logLevel` filters the lines); bodies are off by default.
    public init(
        logger: Logger, requestLevel: Logger.Level = .debug, responseLevel: Logger.Level = .info,
        failureLevel: Logger.Level = .error, logsBodies: Bool = false, bodyLimit: Int = 4_096,
        redactor: Redactor = Redactor()
    ) {
        self.logger = logger
        self.requestLevel = requestLevel
        self.responseLevel = responseLevel
        self.failureLevel = failureLevel
        self.logsBodies = logsBodies
        self.bodyLimit = bodyLimit
        self.redactor = redactor
    }

    /// Logs `request`, passes it on, and logs the response or the error.
    public func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        let url = redactor.url(request.url)
        var metadata = ["operation": operation.id, "method": request.method.rawValue, "url": url]
        if let context = RequestContext.current {
            metadata["request_id"] = String(context.id)
        }
        // Redacting headers and bodies costs more than the request itself: only for lines the logger keeps.
        if logger.logLevel <= requestLevel {
            var requestMetadata = metadata
            requestMetadata["headers"] = redactor.headers(request.headerFields)
            if logsBodies, request.body != nil {
                requestMetadata["body"] = redactor.body(
                    request.body, contentType: request.headerFields[.contentType], limit: bodyLimit)
            }
            log(requestLevel, "→ \(request.method) \(url)", requestMetadata)
        }
        let start = ContinuousClock.now
        do {
            let response = try await next(request)
            guard logger.logLevel <= responseLevel else { return response }
            metadata["status"] = String(response.status)
            metadata["duration_ms"] = String(Int(((ContinuousClock.now - start).seconds * 1000).rounded()))
            metadata["bytes"] = Self.isStreaming ? "streamed" : String(response.body.count)
            metadata["source"] = RequestContext.current?.report.source.rawValue ?? ResponseSource.network.rawValue
            if logsBodies, !Self.isStreaming {
                metadata["body"] = redactor.body(
                    response.body, contentType: response.headerFields[.contentType], limit: bodyLimit)
            }
            metadata["headers"] = redactor.headers(response.headerFields)
            log(responseLevel, "← \(response.status) \(request.method) \(url)", metadata)
            return response
        } catch {
            metadata["error"] = String(describing: error)
            metadata["duration_ms"] = String(Int(((ContinuousClock.now - start).seconds * 1000).rounded()))
            log(failureLevel, "✕ \(request.method) \(url)", metadata)
            throw error
        }
    }

    private func log(_ level: Logger.Level, _ message: String, _ metadata: [String: String]) {
        logger.log(level: level, "\(message)", metadata: metadata.mapValues { .string($0) }, source: "APIRuntime")
    }
}

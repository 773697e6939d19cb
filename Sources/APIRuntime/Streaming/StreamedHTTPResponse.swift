import Foundation
import HTTPTypes

/// A response whose head has arrived and whose body is still arriving (``HTTPBodyStream``).
public struct StreamedHTTPResponse: Sendable {
    /// The status and the header fields.
    public var head: HTTPResponse
    /// The body, as it arrives.
    public var body: HTTPBodyStream

    /// Creates a response from its head.
    public init(head: HTTPResponse, body: HTTPBodyStream) {
        self.head = head
        self.body = body
    }

    /// Creates a response with the status code `status` (`0...999`; a code outside is read as `500`).
    public init(status: Int, headerFields: HTTPFields = [:], body: HTTPBodyStream) {
        self.init(head: APIResponse(status: status, headerFields: headerFields).head, body: body)
    }

    /// A streamed response over an already complete response (for transports and middlewares that buffer).
    public init(_ response: APIResponse) {
        self.init(head: response.head, body: HTTPBodyStream(response.body))
    }

    /// The status code, e.g. `200`.
    public var status: Int {
        head.status.code
    }

    /// The header fields.
    public var headerFields: HTTPFields {
        get { head.headerFields }
        set { head.headerFields = newValue }
    }

    /// Whether the status is in `200...299`.
    public var isSuccess: Bool {
        (200...299).contains(status)
    }

    /// Reads the whole body (at most `limit` bytes, ``URLSessionTransport/defaultMaxResponseSize`` by default) into
    /// an ``APIResponse``, e.g. to read a documented error.
    public func collected(upTo limit: Int = URLSessionTransport.defaultMaxResponseSize, url: URL) async throws -> APIResponse {
        APIResponse(head: head, body: try await body.collect(upTo: limit, url: url))
    }
}

import Foundation

/// An HTTP response with its whole body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, e.g. `200`.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body; empty when there is none.
    public var body: Data
    /// Whether the runtime served this response locally (a fresh `HTTPCache` hit or the `ResponseStore`, both in
    /// `APIRuntimeStore`) instead of the network. The client then reuses what it validated and decoded from the same
    /// bytes before. Not part of equality.
    public var isLocal = false
    /// The body parsed once (see ``ParsedBodyMemo``); nil for responses not returned by ``APIClient``. Not part of
    /// equality.
    var parsedBodyMemo: ParsedBodyMemo?

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a JSON body given as text and `Content-Type: application/json`; handy in tests.
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    /// A response with `value` encoded as JSON and `Content-Type: application/json`; handy in tests.
    public static func json(
        _ value: some Encodable, status: Int = 200, encoder: JSONEncoder = JSONEncoder()
    ) throws -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: try encoder.encode(value))
    }

    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.body == rhs.body
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(headers)
        hasher.combine(body)
    }

    /// Whether the status is in `200...299`.
    public var isSuccess: Bool {
        (200...299).contains(status)
    }

    /// The body decoded as UTF-8 (invalid bytes replaced), for messages and logs.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}

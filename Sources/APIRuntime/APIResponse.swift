import Foundation
import HTTPTypes

/// A response with its whole body: the swift-http-types ``head`` (status and header fields) and the body.
public struct APIResponse: Sendable, Hashable {
    /// The status and the header fields.
    public var head: HTTPResponse
    /// The body; empty when there is none.
    public var body: Data
    /// Whether the runtime served this response locally (a fresh `HTTPCache` hit or the `ResponseStore`, both in
    /// `APIRuntimeStore`) instead of the network. The client then reuses what it validated and decoded from the same
    /// bytes before. Not part of equality.
    public var isLocal = false
    /// The body parsed once (see ``ParsedBodyMemo``); nil for responses not returned by ``APIClient``. Not part of
    /// equality.
    var parsedBodyMemo: ParsedBodyMemo?

    /// Creates a response from its head.
    public init(head: HTTPResponse, body: Data = Data()) {
        self.head = head
        self.body = body
    }

    /// Creates a response with the status code `status` (`0...999`, what swift-http-types allows; a code outside is read as `500`).
    public init(status: Int, headerFields: HTTPFields = [:], body: Data = Data()) {
        let code = (0...999).contains(status) ? status : 500
        self.init(head: HTTPResponse(status: .init(code: code), headerFields: headerFields), body: body)
    }

    /// A response with a JSON body given as text and `Content-Type: application/json`; handy in tests.
    public static func json(_ text: String, status: Int = 200) -> APIResponse {
        APIResponse(status: status, headerFields: [.contentType: "application/json"], body: Data(text.utf8))
    }

    /// A response with `value` encoded as JSON and `Content-Type: application/json`; handy in tests.
    public static func json(
        _ value: some Encodable, status: Int = 200, encoder: JSONEncoder = JSONEncoder()
    ) throws -> APIResponse {
        APIResponse(status: status, headerFields: [.contentType: "application/json"], body: try encoder.encode(value))
    }

    public static func == (lhs: APIResponse, rhs: APIResponse) -> Bool {
        lhs.head == rhs.head && lhs.body == rhs.body
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(head)
        hasher.combine(body)
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
}

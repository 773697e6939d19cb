import HTTPTypes


/// Sends one HTTP request and returns the complete response.
///
/// Implementations return every status code as a response; they throw only when no response was received
/// (connection failures, timeouts, cancellation).
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    func send(_ request: APIRequest) async throws -> APIResponse
}

import Foundation
import HTTPTypes

/// The body of one received response parsed once into a ``JSONInstance``, shared by the steps a generated method
/// runs on that response (the envelope status check, then validation) so the bytes are not parsed twice.
///
/// ``APIClient/send(_:operation:)`` attaches a fresh memo to every response it returns, after the middleware chain:
/// a response kept by a cache or a store never carries a memo, so stored responses do not pin parsed trees in
/// memory.
final class ParsedBodyMemo: @unchecked Sendable {
    // Guarded by `lock`; the generated method uses a response from one task, so the lock is never contended.
    private let lock = NSLock()
    private var result: Result<JSONInstance, JSONParseError>?
    private var parsedBody: Data?

    /// The parsed body, parsing `body` on first use; a body that is not JSON throws the same error every time.
    /// A different body (the caller changed the response's body) is parsed afresh and not kept.
    func instance(of body: Data) throws(JSONParseError) -> JSONInstance {
        lock.lock()
        defer { lock.unlock() }
        if let result, let parsedBody {
            guard parsedBody == body else { return try JSONParser.parse(body) }
            return try result.get()
        }
        let parsed: Result<JSONInstance, JSONParseError>
        do {
            parsed = .success(try JSONParser.parse(body))
        } catch {
            parsed = .failure(error)
        }
        result = parsed
        parsedBody = body
        return try parsed.get()
    }
}

extension APIResponse {
    /// The body parsed as JSON: once per response returned by ``APIClient/send(_:operation:)``, on every call for
    /// responses made elsewhere.
    func parsedBody() throws(JSONParseError) -> JSONInstance {
        if let parsedBodyMemo { return try parsedBodyMemo.instance(of: body) }
        return try JSONParser.parse(body)
    }
}

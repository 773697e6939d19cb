import Foundation
import HTTPTypes

/// Why the body of a documented error response is not the documented one (an HTML page from a proxy, an empty body,
/// JSON of another shape). The status is still the documented one: the caller gets it with the raw body.
public enum ResponseBodyProblem: Error, Sendable, CustomStringConvertible {
    /// The body failed the response's validator (a body that is not JSON at all included).
    case invalid(ValidationReport)
    /// The body passed validation (or none ran) but could not be decoded; the message names the JSON path.
    case undecodable(String)

    public var description: String {
        switch self {
        case .invalid(let report): return "the body does not match its schema: \(report)"
        case .undecodable(let message): return "the body could not be decoded: \(message)"
        }
    }
}

@_spi(Generated) extension APIClient {
    /// The error to throw for a documented error status: `documented` with the decoded body when the body is the
    /// documented one, otherwise `undocumented` with what is wrong with it, so the status is never hidden behind a
    /// validation or decoding error. A validation failure is reported like any other (``ValidationMode``).
    public func documentedError<Body: Decodable>(
        _ type: Body.Type, from response: APIResponse, operation: OperationInfo, mode: ValidationMode,
        request: RequestBuilder? = nil, calledAt: Date? = nil,
        validator: ((JSONInstance, ValidationContext) -> Bool)?,
        documented: (Body) -> any Error, undocumented: (ResponseBodyProblem) -> any Error
    ) -> any Error {
        if let validator {
            do {
                try validateResponse(response, operation: operation, mode: mode, request: request, calledAt: calledAt,
                                     validator: validator)
            } catch let failure as ResponseValidationError {
                return undocumented(.invalid(failure.report))
            } catch {
                return undocumented(.undecodable(String(describing: error)))
            }
        }
        do {
            return documented(try decode(Body.self, from: response, operation: operation))
        } catch APIError.decoding(_, _, let message) {
            return undocumented(.undecodable(message))
        } catch {
            return undocumented(.undecodable(String(describing: error)))
        }
    }
}

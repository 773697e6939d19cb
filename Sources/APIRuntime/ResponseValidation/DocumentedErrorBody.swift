import Foundation
import HTTPTypes

@_spi(Generated) extension APIClient {
    /// The error to throw for a documented error status: `documented` with the decoded body when the body is the
    /// documented one, otherwise `undocumented` with what is wrong with it, so the status is never hidden behind a
    /// validation or decoding error. A validation failure is reported like any other (``ValidationMode``).
    public func documentedError<Body: Decodable>(
        _ type: Body.Type, from response: APIResponse, operation: OperationInfo, mode: ValidationMode,
        request: RequestBuilder? = nil, calledAt: Date? = nil,
        validator: ((JSONInstance, ValidationContext) -> Bool)?,
        documented: (Body) -> any Error, undocumented: (APIError) -> any Error
    ) -> any Error {
        if let validator {
            do {
                try validateResponse(response, operation: operation, mode: mode, request: request, calledAt: calledAt,
                                     validator: validator)
            } catch let failure as APIError {
                return undocumented(failure)
            } catch {
                return undocumented(.decoding(operation: operation.id, status: response.status, message: String(describing: error)))
            }
        }
        do {
            return documented(try decode(Body.self, from: response, operation: operation))
        } catch let failure as APIError {
            return undocumented(failure)
        } catch {
            return undocumented(.decoding(operation: operation.id, status: response.status, message: String(describing: error)))
        }
    }
}

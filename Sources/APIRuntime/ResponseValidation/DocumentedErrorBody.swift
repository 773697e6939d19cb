import Foundation
import HTTPTypes

@_spi(Generated) extension APIClient {
    /// The error to throw for a documented error status: `documented` with the decoded body when the response is the
    /// documented one, otherwise `undocumented` with what is wrong with it, so the status is never hidden behind a
    /// validation or decoding error. The documented `headers` are checked with the body, as one report; a validation
    /// failure is reported like any other (``ValidationMode``).
    public func documentedError<Body: Decodable>(
        _ type: Body.Type, from response: APIResponse, operation: OperationInfo, mode: ValidationMode,
        request: RequestBuilder? = nil, calledAt: Date? = nil,
        validator: ((JSONInstance, ValidationContext) -> Bool)?, headers: [ResponseHeaderCheck] = [],
        documented: (Body) -> any Error, undocumented: (APIError) -> any Error
    ) -> any Error {
        if let validator {
            do {
                try validateResponse(response, operation: operation, mode: mode, request: request, calledAt: calledAt,
                                     headers: headers, validator: validator)
            } catch {
                return undocumented(error)
            }
        } else if let failure = rejectedHeaders(of: response, operation: operation, mode: mode, request: request,
                                                calledAt: calledAt, headers: headers) {
            return undocumented(failure)
        }
        do {
            return documented(try decode(Body.self, from: response, operation: operation))
        } catch let failure as APIError {
            return undocumented(failure)
        } catch {
            return undocumented(.decoding(operation: operation.id, status: response.status, message: String(describing: error)))
        }
    }

    /// The error to throw for a documented error status read without a JSON body (none, text or bytes) whose
    /// documented `headers` can be wrong: `documented()` when they are as documented (or the mode lets a failure
    /// through), otherwise `undocumented` with the ``APIError/invalidResponse(operation:status:report:)`` naming them.
    public func documentedError(
        from response: APIResponse, operation: OperationInfo, mode: ValidationMode, request: RequestBuilder? = nil,
        calledAt: Date? = nil, headers: [ResponseHeaderCheck],
        documented: () -> any Error, undocumented: (APIError) -> any Error
    ) -> any Error {
        if let failure = rejectedHeaders(of: response, operation: operation, mode: mode, request: request,
                                         calledAt: calledAt, headers: headers) {
            return undocumented(failure)
        }
        return documented()
    }

    /// The failure a header check throws in `mode`, after it was reported; nil when the headers pass or `mode` lets
    /// their failure through.
    private func rejectedHeaders(of response: APIResponse, operation: OperationInfo, mode: ValidationMode,
                                 request: RequestBuilder?, calledAt: Date?, headers: [ResponseHeaderCheck]) -> APIError? {
        guard !headers.isEmpty else { return nil }
        do {
            try validateResponseHeaders(response, operation: operation, mode: mode, request: request, calledAt: calledAt,
                                        headers: headers)
            return nil
        } catch {
            return error
        }
    }
}

import Foundation
import HTTPTypes

/// Reads the `data` of one server-sent event as JSON of a documented type: what a generated enum of event types
/// (one case per `event` name) uses for each name whose data the description types.
@_spi(Generated) public struct EventDataReader: Sendable {
    let client: APIClient
    let response: (status: Int, headerFields: HTTPFields)
    let request: RequestBuilder
    let operation: OperationInfo
    let calledAt: Date
    /// The event's position in the stream, for error messages.
    let index: Int

    /// `data` checked as JSON, validated by `validator` in `mode` (a failure is reported like any response body's)
    /// and decoded into `type`; throws ``APIError/malformedStreamItem(operation:index:message:)`` or the validation
    /// error.
    public func json<Value: Decodable & Sendable>(
        _ type: Value.Type, from data: String, mode: ValidationMode = .off,
        validator: (@Sendable (JSONInstance, ValidationContext) -> Bool)? = nil
    ) throws -> Value {
        try client.decodeItem(type, Data(data.utf8), index: index, status: response.status, headerFields: response.headerFields,
                              request: request, operation: operation, calledAt: calledAt, mode: mode, validator: validator)
    }
}

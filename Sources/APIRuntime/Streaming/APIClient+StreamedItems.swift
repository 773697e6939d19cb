import Foundation
import HTTPTypes

@_spi(Generated) extension APIClient {
    /// The events of `response` (an operation's `text/event-stream` success) with `data` validated by `validator`
    /// (in `mode`) and decoded as JSON into `type`; reconnection (opt-in, ``ServerSentEvents/reconnecting(_:)``)
    /// sends `request` again with `Last-Event-ID`.
    public func serverSentEvents<Payload: Decodable & Sendable>(
        of type: Payload.Type, from response: StreamedHTTPResponse, request: RequestBuilder, operation: OperationInfo,
        mode: ValidationMode = .off, validator: (@Sendable (JSONInstance, ValidationContext) -> Bool)? = nil
    ) -> ServerSentEvents<Payload> {
        let decode = itemDecoder(type, status: response.status, headerFields: response.headerFields, request: request,
                                 operation: operation, mode: mode, validator: validator)
        return ServerSentEvents(first: response, operationID: operation.id, connect: reconnector(request, operation: operation),
                                decode: { _, data, index in try decode(Data(data.utf8), index) })
    }

    /// The events of `response` typed by their `event` name: `decode` (a generated enum's initializer) reads each
    /// event's data, as JSON through `reader` (validated and decoded like ``serverSentEvents(of:from:request:operation:mode:validator:)``)
    /// or as text.
    public func serverSentEvents<Payload: Sendable>(
        from response: StreamedHTTPResponse, request: RequestBuilder, operation: OperationInfo,
        decode: @escaping @Sendable (_ event: String, _ data: String, _ reader: EventDataReader) throws -> Payload
    ) -> ServerSentEvents<Payload> {
        let calledAt = Date()
        let (status, headerFields) = (response.status, response.headerFields)
        return ServerSentEvents(first: response, operationID: operation.id, connect: reconnector(request, operation: operation),
                                decode: { [self] event, data, index in
            try decode(event, data, EventDataReader(client: self, response: (status, headerFields), request: request,
                                                    operation: operation, calledAt: calledAt, index: index))
        })
    }

    /// The events of `response` with `data` as text (an event stream whose description gives no JSON schema).
    public func serverSentEvents(from response: StreamedHTTPResponse, request: RequestBuilder,
                                 operation: OperationInfo) -> ServerSentEvents<String> {
        ServerSentEvents(first: response, operationID: operation.id, connect: reconnector(request, operation: operation),
                         decode: { _, data, _ in data })
    }

    /// The items of `response` (an operation's JSON Lines, NDJSON or JSON Sequence success), each validated by
    /// `validator` (in `mode`) and decoded into `type` as it arrives.
    public func jsonStream<Item: Decodable & Sendable>(
        of type: Item.Type, from response: StreamedHTTPResponse, format: JSONSequenceFormat, request: RequestBuilder,
        operation: OperationInfo, mode: ValidationMode = .off,
        validator: (@Sendable (JSONInstance, ValidationContext) -> Bool)? = nil
    ) -> JSONStream<Item> {
        JSONStream(response, format: format, operationID: operation.id,
                   decode: itemDecoder(type, status: response.status, headerFields: response.headerFields, request: request,
                                       operation: operation, mode: mode, validator: validator))
    }

    private func reconnector(_ request: RequestBuilder, operation: OperationInfo) -> ServerSentEvents<Never>.Connect {
        { [self] lastEventID in
            var httpRequest = try request.build(baseURL: baseURL)
            httpRequest.headerFields[.accept] = "text/event-stream"
            httpRequest.headerFields[.lastEventID] = try lastEventID.map { try HTTPFieldCheck.field(name: "Last-Event-ID", value: $0).value }
            return try await stream(httpRequest, operation: operation)
        }
    }

    /// Checks one item's bytes (JSON, then the schema) and decodes them; failures name the item's index.
    private func itemDecoder<Item: Decodable & Sendable>(
        _ type: Item.Type, status: Int, headerFields: HTTPFields, request: RequestBuilder, operation: OperationInfo,
        mode: ValidationMode, validator: (@Sendable (JSONInstance, ValidationContext) -> Bool)?
    ) -> @Sendable (Data, Int) throws -> Item {
        let calledAt = Date()
        return { [self] bytes, index in
            try decodeItem(type, bytes, index: index, status: status, headerFields: headerFields, request: request,
                           operation: operation, calledAt: calledAt, mode: mode, validator: validator)
        }
    }

    /// Checks the bytes of item `index` (JSON, then the schema in `mode`) and decodes them into `type`.
    func decodeItem<Item: Decodable>(
        _ type: Item.Type, _ bytes: Data, index: Int, status: Int, headerFields: HTTPFields, request: RequestBuilder,
        operation: OperationInfo, calledAt: Date, mode: ValidationMode,
        validator: (@Sendable (JSONInstance, ValidationContext) -> Bool)?
    ) throws -> Item {
        // One parse serves the JSON check, the validator and the decoding.
        let parsed = ParsedBodyMemo()
        let instance: JSONInstance
        do {
            instance = try parsed.instance(of: bytes)
        } catch {
            throw APIError.malformedStreamItem(operation: operation.id, index: index, message: "not JSON: \(error)")
        }
        if let validator, mode != .off {
            var item = APIResponse(status: status, headerFields: headerFields, body: bytes)
            item.parsedBodyMemo = parsed
            try validateResponse(item, operation: operation, mode: mode, request: request, calledAt: calledAt, validator: validator)
        }
        do {
            if decodesFromParsedTree {
                return try JSONInstanceDecoder.decode(Item.self, from: instance, userInfo: decoder.userInfo)
            }
            return try decoder.decoding(ParsedBodySource(body: bytes, memo: parsed)).decode(Item.self, from: bytes)
        } catch let error as DecodingError {
            throw APIError.malformedStreamItem(operation: operation.id, index: index,
                                               message: DecodingErrorMessage.describe(error, body: bytes))
        }
    }
}

import Foundation
import HTTPTypes

/// The field names and success values of a `{status, reason, data}` response envelope.
@_spi(Generated) public struct EnvelopeFormat: Sendable, Hashable {
    public var statusKey: String
    public var reasonKey: String
    public var dataKey: String
    /// Status values that mean success (numbers are compared by their decimal text).
    public var successValues: Set<String>

    /// Creates a format.
    public init(statusKey: String, reasonKey: String, dataKey: String, successValues: Set<String>) {
        self.statusKey = statusKey
        self.reasonKey = reasonKey
        self.dataKey = dataKey
        self.successValues = successValues
    }
}

private struct EnvelopeKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Decodes an envelope's status and reason, and its data as `Payload`, from any decoder.
struct EnvelopeBody<Payload: Decodable>: Decodable {
    var status: String
    var reason: String?
    var data: Payload?

    init(from decoder: any Decoder) throws {
        guard let format = decoder.userInfo[EnvelopeBody.formatKey] as? EnvelopeFormatBox else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no envelope format"))
        }
        let container = try decoder.container(keyedBy: EnvelopeKey.self)
        let statusKey = EnvelopeKey(format.format.statusKey)
        if let text = try? container.decode(String.self, forKey: statusKey) {
            status = text
        } else if let number = try? container.decode(Int64.self, forKey: statusKey) {
            status = String(number)
        } else if let flag = try? container.decode(Bool.self, forKey: statusKey) {
            status = flag ? "true" : "false"
        } else {
            throw DecodingError.keyNotFound(statusKey, .init(codingPath: decoder.codingPath,
                                                             debugDescription: "the envelope has no '\(statusKey.stringValue)'"))
        }
        reason = try? container.decodeIfPresent(String.self, forKey: EnvelopeKey(format.format.reasonKey))
        data = try container.decodeIfPresent(Payload.self, forKey: EnvelopeKey(format.format.dataKey))
    }

    static var formatKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "apigen.envelopeFormat")! }
}

final class EnvelopeFormatBox: Sendable {
    let format: EnvelopeFormat
    init(_ format: EnvelopeFormat) { self.format = format }
}

@_spi(Generated) extension APIClient {
    /// Unwraps an envelope: returns `data` when `status` is a success value, throws
    /// ``APIError/envelopeStatus(operation:status:reason:httpStatus:)`` otherwise; nil when data is absent or null.
    public func decodeEnvelope<Payload: Decodable>(_ type: Payload.Type, from response: APIResponse,
                                                   operation: OperationInfo, format: EnvelopeFormat) throws -> Payload? {
        if response.isLocal, let known = localResults.value(Payload?.self, kind: .envelope, operation: operation.id, body: response.body) {
            return known
        }
        let decoder = JSONDecoder()
        decoder.userInfo[EnvelopeBody<Payload>.formatKey] = EnvelopeFormatBox(format)
        decoder.userInfo[ParsedBodySource.userInfoKey] = ParsedBodySource(body: response.body, memo: response.parsedBodyMemo)
        guard !response.body.isEmpty else {
            throw APIError.decoding(operation: operation.id, status: response.status,
                                    message: "empty body, expected an envelope with \(Payload.self)")
        }
        let body: EnvelopeBody<Payload>
        do {
            if let instance = try? response.parsedBody() {
                body = try JSONInstanceDecoder.decode(EnvelopeBody<Payload>.self, from: instance, userInfo: decoder.userInfo)
            } else {
                body = try decoder.decode(EnvelopeBody<Payload>.self, from: response.body)
            }
        } catch let error as DecodingError {
            throw APIError.decoding(operation: operation.id, status: response.status,
                                    message: DecodingErrorMessage.describe(error, body: response.body))
        } catch {
            throw APIError.decoding(operation: operation.id, status: response.status, message: String(describing: error))
        }
        guard format.successValues.contains(body.status) else {
            throw APIError.envelopeStatus(operation: operation.id, status: body.status, reason: body.reason,
                                            httpStatus: response.status)
        }
        if response.isLocal { localResults.store(body.data, kind: .envelope, operation: operation.id, body: response.body) }
        return body.data
    }

    /// ``decodeEnvelope(_:from:operation:format:)`` for payloads the API description requires.
    public func decodeRequiredEnvelope<Payload: Decodable>(_ type: Payload.Type, from response: APIResponse,
                                                           operation: OperationInfo, format: EnvelopeFormat) throws -> Payload {
        guard let payload = try decodeEnvelope(type, from: response, operation: operation, format: format) else {
            throw APIError.envelopeMissingData(operation: operation.id, httpStatus: response.status)
        }
        return payload
    }

    /// Checks the status of an envelope whose data is not used (`Void` operations).
    public func checkEnvelope(from response: APIResponse, operation: OperationInfo, format: EnvelopeFormat) throws {
        _ = try decodeEnvelope(IgnoredPayload.self, from: response, operation: operation, format: format)
    }

    /// Throws ``APIError/envelopeStatus(operation:status:reason:httpStatus:)`` when the envelope's status is not a
    /// success value; a body that is not an envelope passes (validation and decoding report it precisely).
    /// Generated methods call it before validating, so a server error is reported as such even when its body does
    /// not match the success schema.
    public func checkEnvelopeStatus(of response: APIResponse, operation: OperationInfo, format: EnvelopeFormat) throws {
        if response.isLocal, localResults.value(Bool.self, kind: .envelopeStatus, operation: operation.id, body: response.body) == true {
            return
        }
        // The fast parser, not JSONDecoder, and parsed once: validation reuses the same tree.
        guard let instance = try? response.parsedBody(), case .object(let object) = instance else { return }
        let status: String
        switch object[format.statusKey] {
        case .string(let text)?: status = text
        case .number(let number)?:
            guard let value = number.int64Value else { return }
            status = String(value)
        case .bool(let flag)?: status = flag ? "true" : "false"
        default: return
        }
        guard format.successValues.contains(status) else {
            throw APIError.envelopeStatus(operation: operation.id, status: status, reason: object[format.reasonKey]?.stringValue,
                                            httpStatus: response.status)
        }
        if response.isLocal { localResults.store(true, kind: .envelopeStatus, operation: operation.id, body: response.body) }
    }
}

/// Decodes any JSON value and keeps nothing: the status check does not need the payload.
struct IgnoredPayload: Decodable {
    init(from decoder: any Decoder) throws {}
}

// The unions apigen generates for two schemas that list each other (ModelSnippetTests checks that this is still
// what it generates):
//   CycleShape: { oneOf: [ { $ref: '#/components/schemas/CycleFigure' }, { type: string } ] }
//   CycleFigure: { oneOf: [ { $ref: '#/components/schemas/CycleShape' }, { type: integer } ] }

@_spi(Generated) import APIRuntime
import Foundation

public indirect enum CycleFigure: Codable, Hashable, Sendable {
    case cycleShape(CycleShape)
    case int(Int)

    /// CycleFigure is among its own variants through other unions: decoding it again from the same value fails at
    /// once (instead of recursing forever), so the union that tried it goes on with its next variant.
    public init(from decoder: any Decoder) throws {
        self = try UnionRecursionGuard.decode(Self.self, from: decoder) { try Self(variantsFrom: decoder) }
    }

    private init(variantsFrom decoder: any Decoder) throws {
        if let value = try? CycleShape(from: decoder) {
            self = .cycleShape(value)
            return
        }
        if let value = try? Int(from: decoder) {
            self = .int(value)
            return
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "the value matches none of the variants"))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .cycleShape(let value): try value.encode(to: encoder)
        case .int(let value): try value.encode(to: encoder)
        }
    }
}

public indirect enum CycleShape: Codable, Hashable, Sendable {
    case cycleFigure(CycleFigure)
    case string(String)

    /// CycleShape is among its own variants through other unions: decoding it again from the same value fails at
    /// once (instead of recursing forever), so the union that tried it goes on with its next variant.
    public init(from decoder: any Decoder) throws {
        self = try UnionRecursionGuard.decode(Self.self, from: decoder) { try Self(variantsFrom: decoder) }
    }

    private init(variantsFrom decoder: any Decoder) throws {
        if let value = try? CycleFigure(from: decoder) {
            self = .cycleFigure(value)
            return
        }
        if let value = try? String(from: decoder) {
            self = .string(value)
            return
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "the value matches none of the variants"))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .cycleFigure(let value): try value.encode(to: encoder)
        case .string(let value): try value.encode(to: encoder)
        }
    }
}

/// How a model's stored property is read from and written to JSON, as a value. The `init(from:)` and `encode(to:)`
/// statements are written from it when rendering (`PropertyCodingWriter`).
public enum PropertyCoding: Sendable, Equatable {
    /// A member of the object, keyed by its wire name.
    case member(MemberCoding)
    /// The `allOf`/`anyOf`/`oneOf` variant: decoded from the whole object, encoded into it.
    case variant(typeName: String)
    /// `additionalProperties`: every member whose name is not declared, as values of `valueType`.
    case additionalProperties(valueType: String, declaredNames: [String])
    /// One position of a tuple (a JSON array); an optional one is nil when the array ends before it.
    case position(valueType: String, isRequired: Bool)
    /// The elements of a tuple after its positions.
    case rest(elementType: String)
    /// A canonical model's field: read from the first of its spellings present, written per shape instead.
    case firstSpelling(SpellingsCoding)
}

/// A keyed member of an object.
public struct MemberCoding: Sendable, Equatable {
    /// Whether the member must be there, may be `null`, or has a default.
    public enum Presence: Sendable, Equatable {
        /// Required, not nullable.
        case required
        /// Optional with a default, not nullable: absent is the default.
        case defaulted(literal: String)
        /// Optional with a default and nullable: absent is the default, `null` stays `null` (`Nullable`).
        case nullableDefaulted(literal: String)
        /// Optional and nullable: absent and `null` are told apart (`Nullable?`).
        case nullableOptional
        /// Required and nullable: nil is the `null` the server sent, written back as `null`.
        case requiredNullable
        /// Optional: nil when absent, left out when nil.
        case optional
    }

    /// How a date-time value is written, when the runtime's RFC 3339 helpers read it.
    public enum DateTime: Sendable, Equatable {
        case single
        case array
    }

    /// A member that is a shape of a canonical model is written with that shape's field names.
    public enum SentShape: Sendable, Equatable {
        /// The member is the shape.
        case shape(String)
        /// The member is an array of the shape.
        case eachElement(String)
    }

    /// The member's name in the API description.
    public var wireName: String
    /// The type decoded (`Indirect<...>` when the struct is boxed for recursion).
    public var valueType: String
    public var presence: Presence
    public var dateTime: DateTime?
    public var sentShape: SentShape?
    /// Whether the model's value may be nil where the shape conversion is applied (`?.encoded(as:)`).
    public var isOptionalValue: Bool
    /// `readOnly`: not sent in request bodies.
    public var isReadOnly: Bool
}

/// A canonical model's field: the wire names it arrives as, and how its value is read.
public struct SpellingsCoding: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        /// A `FlexibleIdentifier`; `textKeys` are the spellings whose shapes send it as a string.
        case identifier(textKeys: [String])
        /// A value that keeps `null` apart from absent.
        case nullable(type: String)
        case nullableDateTime
        case dateTime
        case value(type: String)
    }

    /// The wire names, in the order they are tried.
    public var keys: [String]
    public var value: Value
    public var isRequired: Bool
}

/// How one field is written in one wire shape of a canonical model (`encode(to:shape:)`).
public struct ShapeFieldCoding: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `Nullable` (a `Date` one through the date-time helper).
        case nullable(isDate: Bool)
        /// A `FlexibleIdentifier` written as a number or a string, as this shape sends it.
        case identifier(asInteger: Bool, isOptional: Bool)
        /// A date-time: nil left out (`ifPresent`) or written as `null` (`orNull`).
        case dateTime(ifPresent: Bool, orNull: Bool)
        case value(isOptional: Bool)
    }

    /// The field's name in this shape.
    public var wireName: String
    /// The model's property.
    public var propertyName: String
    public var kind: Kind
}

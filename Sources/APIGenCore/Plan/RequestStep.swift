/// One thing a generated method does to its request before sending it, as a value: what is sent where, in which
/// style, read from which argument. Swift text for it is written only when rendering (``RequestStatements``).
public enum RequestStep: Sendable, Equatable {
    /// The `Accept` header, when the documented responses are read as something other than `application/json`
    /// (`OperationPlanner.acceptHeader(for:)`); set first, so a header parameter named `Accept` replaces it.
    case accept(String)
    /// A query item the path key itself carries (`/devices/{id}?api-version=2020-03-13`), sent on every call.
    case fixedQueryItem(name: String, value: String)
    /// An argument sent as a path, query, header or cookie parameter.
    case parameter(ParameterWrite)
    /// The description documents a redirect the caller reads, so redirects are not followed.
    case keepRedirects
    /// The body from one argument: JSON, a form, text or bytes.
    case body(BodyWrite)
    /// A `multipart/form-data` body with one argument per part.
    case multipart(MultipartWrite)
}

/// One argument sent as a parameter.
public struct ParameterWrite: Sendable, Equatable {
    /// What kind of value the argument is, which decides how it is serialised.
    public enum Value: Sendable, Equatable {
        /// A scalar (number, string, boolean, enum, date).
        case scalar
        /// An array of scalars.
        case array
        /// An object (a model or a map), written in the parameter's style.
        case object
        /// Any value, sent as JSON text (the parameter's `content` is a JSON media type).
        case json
        /// A string the caller serialised: the parameter's type cannot be written as a parameter.
        case preSerialised
        /// An object whose members are form fields (a `querystring` parameter whose content is
        /// `application/x-www-form-urlencoded`), with the `encoding` entries that change how a field is written.
        case form(fields: [FormFieldEncoding])
    }

    /// The parameter's name in the API description.
    public var wireName: String
    /// The name the method's body reads the argument by.
    public var local: String
    public var location: ParameterLocation
    public var value: Value
    /// The description's `style`, or the location's default.
    public var style: ParameterStyleName
    public var explode: Bool
    public var allowReserved: Bool
    public var isRequired: Bool
}

/// A body sent from one argument.
public struct BodyWrite: Sendable, Equatable {
    /// How the argument becomes the body.
    public enum Encoding: Sendable, Equatable {
        /// JSON; `contentType` is the media type sent when it is not plain `application/json`.
        case json(contentType: String?)
        /// `application/x-www-form-urlencoded`, with the description's per-field `encoding` entries that change how a
        /// field is written.
        case form(fields: [FormFieldEncoding])
        /// A `String` argument sent as UTF-8 text with this media type.
        case text(mediaType: String)
        /// A `Data` argument sent as is with this media type.
        case binary(mediaType: String)
    }

    /// The name the method's body reads the argument by.
    public var local: String
    public var encoding: Encoding
    /// Whether the argument is optional and the body left out when it is nil.
    public var isOptional: Bool
    /// Whether the argument is optional because the body may be JSON `null` (a nil argument sends `null`).
    public var sendsNull: Bool
    /// The shape of a canonical model the body is sent as (its field names), if it is one.
    public var shape: String?
    /// The argument a raw body's `Content-Type` is read from, when the description allows a wildcard (`*/*`);
    /// nil: the encoding's own media type is sent.
    public var contentTypeArgument: String? = nil
}

/// A form field whose `encoding` entry changes how it is written.
public struct FormFieldEncoding: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Written like a query parameter of this style.
        case styled(ParameterStyleName, explode: Bool, allowReserved: Bool)
        /// Written as JSON text.
        case json
    }

    public var name: String
    public var kind: Kind
}

/// A `multipart/form-data` body built from one argument per part (and one per header of a part).
public struct MultipartWrite: Sendable, Equatable {
    /// How one part is written.
    public enum PartEncoding: Sendable, Equatable {
        /// A `MultipartFile` (or an array of them: one file part per element).
        case file
        /// A scalar, or an array of scalars (one part per element, all with the part's name).
        case value
        /// Any value as JSON text.
        case json
    }

    /// One part, sent when its argument is given.
    public struct Part: Sendable, Equatable {
        /// The part's name in the API description.
        public var wireName: String
        /// The name the method's body reads the argument by.
        public var local: String
        public var encoding: PartEncoding
        /// The `Content-Type` written for the part, when the description's `encoding` entry states one that applies.
        public var contentType: String?
        public var headers: [PartHeader]
    }

    /// A header of one part (`encoding.<part>.headers`), from its own argument.
    public struct PartHeader: Sendable, Equatable {
        /// The header's name.
        public var name: String
        /// The name the method's body reads the argument by.
        public var local: String
        /// Whether the argument is required (the header and its part are).
        public var isRequired: Bool
        /// Whether the value is an array of scalars (written comma-separated) rather than one scalar.
        public var isArray: Bool
        /// Whether the description requires the header but its part is optional: giving the part without the header
        /// is refused before sending.
        public var isRequiredWithPart: Bool
    }

    /// When the body is sent.
    public enum Condition: Sendable, Equatable {
        /// The body is required: always.
        case always
        /// The optional body's one part is the one it requires: when that argument is given.
        case whenGiven(local: String)
        /// The optional body is sent when any part is given; the parts it requires are then checked before sending.
        case whenAnyGiven(locals: [String], requiredParts: [RequiredPart])
    }

    /// A part the schema requires, checked when an optional body is sent.
    public struct RequiredPart: Sendable, Equatable {
        public var local: String
        public var wireName: String
    }

    public var parts: [Part]
    public var condition: Condition
}

import HTTPTypes

extension MultipartForm {
    /// The header fields of one part besides `Content-Disposition` and `Content-Type`: an API description's
    /// `encoding.<part>.headers`. Values are written in `simple` style (an array's elements joined by `,`).
    public struct PartHeaders: Sendable {
        /// The fields in the order given, without those whose value was nil.
        public let fields: [(name: String, value: String)]

        /// No fields.
        public init() {
            fields = []
        }

        /// The given fields in order; a nil value leaves its field out. Throws ``APIError/invalidHeaderName(_:byte:)`` or ``APIError/invalidHeaderValue(name:byte:)`` for a name
        /// that is not visible ASCII without `:`, or a value holding CR, LF, NUL or another control character: it
        /// would end the part's header line and could inject fields or a part of its own.
        public init(_ fields: KeyValuePairs<String, String?>) throws(APIError) {
            var kept: [(name: String, value: String)] = []
            for (name, value) in fields {
                guard let value else { continue }
                try HTTPFieldCheck.check(name: name, value: value)
                kept.append((name, value))
            }
            self.fields = kept
        }
    }
}

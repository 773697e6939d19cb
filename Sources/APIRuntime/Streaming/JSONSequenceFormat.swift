/// How the items of a streamed JSON body are delimited.
@_spi(Generated) public enum JSONSequenceFormat: String, Sendable, Hashable {
    /// JSON Lines / NDJSON (`application/jsonl`, `application/x-ndjson`): one JSON text per line (LF, CRLF
    /// tolerated), blank lines skipped; the last line may lack its newline.
    case lines
    /// JSON Text Sequences, RFC 7464 (`application/json-seq`): each text starts with RS (0x1E) and ends with LF.
    case sequence

    /// The format for `mediaType`, nil when it is not a streamed JSON type.
    public init?(mediaType: String) {
        let type = mediaType.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
        switch type {
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines":
            self = .lines
        case "application/json-seq": self = .sequence
        default: return nil
        }
    }
}

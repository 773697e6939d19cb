import Foundation

/// The `Accept` header of an operation's requests. A content-negotiating server (JAX-RS, Spring, ASP.NET) answers
/// 406 Not Acceptable when no representation it has matches `Accept`, so a client that reads `image/png` or
/// `text/csv` must not say `Accept: application/json`, which is what the runtime sends when nothing else is set.
extension OperationPlanner {
    /// The weight given to media types only error and redirect responses are documented with: accepted, but below
    /// the success types, so a server that has both representations picks the one the method returns.
    static let errorMediaTypeWeight = "q=0.5"

    /// The media types the generated method reads the documented responses as, success responses' first (in document
    /// order), then the other responses' with a lower weight (none without success content); nil when that is just
    /// `application/json` (the runtime's default) or when no response has content.
    ///
    /// A response with a JSON media type is read as JSON, so only its JSON media types are listed; any other response
    /// is read as text or bytes whatever its type, so all of its media types are.
    static func acceptHeader(for operation: Operation) -> String? {
        var success: [String] = []
        var others: [String] = []
        for response in operation.responses {
            let isSuccess = isReturned(status: response.status, by: operation)
            let json = response.contents.filter { isJSON($0.mediaType) }
            for content in json.isEmpty ? response.contents : json {
                guard let range = acceptableRange(content.mediaType) else { continue }
                if isSuccess {
                    if !success.contains(range) { success.append(range) }
                } else if !others.contains(range) {
                    others.append(range)
                }
            }
        }
        others.removeAll { success.contains($0) }
        // Without success content there is nothing to prefer: the error types are listed as they are.
        let ranges = success.isEmpty ? others : success + others.map { $0 + ";" + errorMediaTypeWeight }
        return ranges.isEmpty || ranges == ["application/json"] ? nil : ranges.joined(separator: ", ")
    }

    /// A `content` key as an `Accept` media range: type and subtype lowercased, the parameters that select a
    /// representation kept (`version=2`, `profile=…`), `charset` (which `Accept-Charset` would negotiate) and any
    /// weight left out; nil when the key is no `type/subtype` of tokens. Parameters that are not `token=token` or
    /// `token="quoted"` are dropped, so no spec text that HTTP could not carry reaches the header.
    static func acceptableRange(_ mediaType: String) -> String? {
        let pieces = mediaType.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let typeAndSubtype = pieces[0].lowercased().split(separator: "/", omittingEmptySubsequences: false)
        guard typeAndSubtype.count == 2, typeAndSubtype.allSatisfy({ !$0.isEmpty && isToken($0) }) else { return nil }
        var range = pieces[0].lowercased()
        for parameter in pieces.dropFirst() {
            let nameAndValue = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard nameAndValue.count == 2, isToken(nameAndValue[0]) else { continue }
            let name = nameAndValue[0].lowercased()
            let value = nameAndValue[1]
            guard name != "charset", name != "q", isToken(value) || isQuotedString(value) else { continue }
            range += ";" + name + "=" + value
        }
        return range
    }

    private static func isToken(_ text: some StringProtocol) -> Bool { ResolverContext.isFieldName(String(text)) }

    /// An RFC 9110 quoted-string of visible ASCII and spaces (escapes included), so no control byte can reach a header.
    private static func isQuotedString(_ text: String) -> Bool {
        text.utf8.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"")
            && text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || (0x21...0x7E).contains($0) }
    }
}

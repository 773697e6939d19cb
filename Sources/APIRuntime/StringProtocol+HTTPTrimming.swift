// Shared by header parsers of every product (Cache-Control, Retry-After, media types).

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    package var trimmingSpaces: String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(characters[first...last])
    }

    /// The text without one pair of surrounding double quotes.
    package var trimmingQuotes: String {
        let text = String(self)
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        return String(text.dropFirst().dropLast())
    }
}

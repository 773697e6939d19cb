extension String.UTF8View {
    /// Whether `needle` occurs in these bytes. Generated source is compared byte for byte, without Unicode
    /// equivalence, and this is far cheaper than Foundation's `range(of:)` on the planner's many short lines.
    func containsSequence(_ needle: String.UTF8View) -> Bool {
        let needleCount = needle.count
        guard needleCount > 0 else { return true }
        guard let first = needle.first, count >= needleCount else { return false }
        var index = startIndex
        let lastStart = self.index(endIndex, offsetBy: -needleCount)
        while index <= lastStart {
            if self[index] == first, self[index...].starts(with: needle) { return true }
            formIndex(after: &index)
        }
        return false
    }
}

/// `/`-separated path arithmetic for documents and `$ref`s, independent of the file system.
enum DocumentPath {
    /// The folder part of `path` ("" when none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Resolves `relative` against the folder of `base` and normalises `.` and `..`.
    static func resolve(_ relative: String, against base: String) -> String {
        if relative.hasPrefix("/") { return normalise(relative) }
        let directory = directory(of: base)
        return normalise(directory.isEmpty ? relative : directory + "/" + relative)
    }

    /// Removes `.` segments and folds `..` where possible.
    static func normalise(_ path: String) -> String {
        // Most paths are already normal; splitting and joining each one was 4% of generating a multi-file spec.
        isNormal(path) ? path : normaliseSegments(path)
    }

    /// `normalise` the slow way, segment by segment (on UTF-8 bytes: most specs' `../` references take this path).
    static func normaliseSegments(_ path: String) -> String {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = Array(path.utf8)
        var segments: [Range<Int>] = []
        func isParent(_ segment: Range<Int>) -> Bool { segment.count == 2 && bytes[segment.lowerBound] == dot && bytes[segment.lowerBound + 1] == dot }
        var start = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == slash {
            let segment = start..<end
            start = end + 1
            if segment.isEmpty || (segment.count == 1 && bytes[segment.lowerBound] == dot) { continue }
            if isParent(segment), let last = segments.last, !isParent(last) {
                segments.removeLast()
                continue
            }
            segments.append(segment)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1)
        if bytes.first == slash { result.append(slash) }
        for (index, segment) in segments.enumerated() {
            if index > 0 { result.append(slash) }
            result.append(contentsOf: bytes[segment])
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `normalise` would return `path` unchanged: no empty segment, no trailing `/` and no segment that
    /// starts with `.` (which covers `.` and `..`, and conservatively sends `.hidden` down the slow path).
    static func isNormal(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var previous: UInt8? = nil
        for byte in path.utf8 {
            if byte == dot, previous == nil || previous == slash { return false }
            if byte == slash, previous == slash { return false }
            previous = byte
        }
        return previous != slash || path.utf8.count == 1
    }

    /// The file name without folder and extension (`schemas/friend.json` -> `friend`).
    static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

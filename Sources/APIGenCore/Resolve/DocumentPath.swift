/// `/`-separated path arithmetic for documents and `$ref`s, independent of the file system.
enum DocumentPath {
    /// The folder part of `path` ("" when none).
    static func directory(of path: String) -> String {
        // On bytes: `lastIndex(of:)` on the Characters was a third of following a `$ref`.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(decoding: path.utf8[..<slash], as: UTF8.self)
    }

    /// `file` relative to `directory` when it is inside it, else as given: how schema locations and comments in generated
    /// code name a document (relative to the root document's folder), so output never depends on where apigen runs.
    static func relative(_ file: String, to directory: String) -> String {
        !directory.isEmpty && file.hasPrefix(directory + "/") ? String(file.dropFirst(directory.count + 1)) : file
    }

    /// A reference split at its first `#` into the document part and the fragment ("" when there is none).
    static func splitFragment(_ reference: String) -> (document: String, fragment: String) {
        guard let hash = reference.utf8.firstIndex(of: UInt8(ascii: "#")) else { return (reference, "") }
        return (String(decoding: reference.utf8[..<hash], as: UTF8.self),
                String(decoding: reference.utf8[reference.utf8.index(after: hash)...], as: UTF8.self))
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
        withBytes(of: path) { bytes in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            var segments: [Range<Int>] = []
            segments.reserveCapacity(16)
            func isParent(_ segment: Range<Int>) -> Bool {
                segment.count == 2 && bytes[segment.lowerBound] == dot && bytes[segment.lowerBound + 1] == dot
            }
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
            return String(unsafeUninitializedCapacity: bytes.count + 1) { output in
                var count = 0
                if bytes.first == slash {
                    output[0] = slash
                    count = 1
                }
                for (index, segment) in segments.enumerated() {
                    if index > 0 {
                        output[count] = slash
                        count += 1
                    }
                    for position in segment {
                        output[count] = bytes[position]
                        count += 1
                    }
                }
                return count
            }
        }
    }

    /// Whether `normalise` would return `path` unchanged: no empty segment, no trailing `/` and no segment that
    /// starts with `.` (which covers `.` and `..`, and conservatively sends `.hidden` down the slow path).
    static func isNormal(_ path: String) -> Bool {
        withBytes(of: path) { bytes in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            guard let first = bytes.first else { return true }
            if first == dot { return false }
            var previous = first
            for byte in bytes.dropFirst() {
                if byte == dot, previous == slash { return false }
                if byte == slash, previous == slash { return false }
                previous = byte
            }
            return previous != slash || bytes.count == 1
        }
    }

    /// Runs `body` over the UTF-8 bytes of `text` without copying them when the string is stored contiguously
    /// (iterating `String.UTF8View` byte by byte costs tens of instructions per byte).
    private static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The file name without folder and extension (`schemas/friend.json` -> `friend`).
    static func stem(of path: String) -> String {
        // Bytes, not Characters: `/` is ASCII, and this runs for every object a description keeps in a file of its own.
        let name = path.utf8.split(separator: UInt8(ascii: "/")).last.map { String(Substring($0)) } ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

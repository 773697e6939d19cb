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
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// The file name without folder and extension (`schemas/friend.json` -> `friend`).
    static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

/// A generated file: a path relative to the output folder and its full text.
public struct OutputFile: Sendable, Hashable {
    /// `/`-separated path relative to the output folder, e.g. `Models/Member.swift`.
    public var path: String
    /// The file's contents, normalised (no trailing spaces, single blank lines, one final newline).
    public var contents: String

    /// Creates a file.
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

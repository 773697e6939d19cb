/// Reads documents for the core, which never touches the file system itself.
/// The CLI reads files; tests serve documents from memory.
public protocol SourceProvider: Sendable {
    /// Returns the bytes of the document at `path` (a normalised, `/`-separated path).
    func read(_ path: String) throws -> [UInt8]
}

/// Serves documents from a dictionary: tests, previews and `apigen plan` on piped input.
public struct InMemorySourceProvider: SourceProvider {
    /// Documents by path.
    public var files: [String: String]

    /// Creates a provider over `files`.
    public init(_ files: [String: String]) { self.files = files }

    public func read(_ path: String) throws -> [UInt8] {
        guard let text = files[path] else { throw InMemorySourceProviderError(path: path) }
        return Array(text.utf8)
    }
}

/// The error ``InMemorySourceProvider`` throws for an unknown path.
public struct InMemorySourceProviderError: Error, CustomStringConvertible {
    /// The missing path.
    public var path: String
    public var description: String { "no such file: \(path)" }
}

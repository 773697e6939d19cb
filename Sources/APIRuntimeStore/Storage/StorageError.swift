import APIRuntime

/// Why a storage operation failed. Storage never crashes the app and never falls back to memory: a file that
/// cannot be opened throws ``cannotOpen(path:message:)`` from the storage's initializer, a damaged file is replaced
/// by an empty one (with a `ClientEvent.storageError(message:)`) and the failed operation throws ``corrupt(path:message:)``.
public enum StorageError: Error, CustomStringConvertible {
    /// The file could not be opened or created (a directory, no permission, a full disk, not a database and not
    /// replaceable). Nothing was opened; the app chooses another path, ``InMemoryStorage``, or to go without.
    case cannotOpen(path: String, message: String)
    /// The file was damaged; it was moved aside and an empty store is used from now on.
    case corrupt(path: String, message: String)
    /// The underlying store reported an error.
    case failed(message: String)

    /// Explains the failure.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let message):
            "The store at \(path) cannot be opened: \(message)"
        case .corrupt(let path, let message):
            "The store at \(path) was damaged (\(message)); it was replaced by an empty store."
        case .failed(let message):
            "Storage failed: \(message)"
        }
    }
}

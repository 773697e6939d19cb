/// Why a storage operation failed. Storage never crashes the app: a damaged file is replaced by an empty one
/// (with a ``ClientEvent/storageError(message:)``) and the failed operation throws this error.

import APIRuntime

public enum StorageError: Error, CustomStringConvertible {
    /// The file was damaged; it was moved aside and an empty store is used from now on.
    case corrupt(path: String, message: String)
    /// The underlying store reported an error.
    case failed(message: String)

    /// Explains the failure.
    public var description: String {
        switch self {
        case .corrupt(let path, let message):
            "The store at \(path) was damaged (\(message)); it was replaced by an empty store."
        case .failed(let message):
            "Storage failed: \(message)"
        }
    }
}

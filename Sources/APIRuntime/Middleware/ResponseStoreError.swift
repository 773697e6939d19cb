import Foundation

/// Errors of the local response store.
public enum ResponseStoreError: Error, CustomStringConvertible {
    /// ``FetchPolicy/cacheOnly`` found no usable stored response.
    case notStored(operation: String, url: URL)

    /// Explains the error.
    public var description: String {
        switch self {
        case .notStored(let operation, let url):
            "No stored response for \(operation) (\(url.absoluteString)) and the fetch policy is cacheOnly."
        }
    }
}

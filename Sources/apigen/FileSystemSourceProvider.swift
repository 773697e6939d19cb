import APIGenCore
import Foundation

/// Reads spec documents from disk for the core.
struct FileSystemSourceProvider: SourceProvider {
    func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw SourceReadError.classify(path) }
        return Array(data)
    }
}

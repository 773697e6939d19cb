#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Why a description file could not be read, in the words a user acts on (the path is in the diagnostic around it).
enum SourceReadError: Error, CustomStringConvertible, Equatable {
    case missing
    case folder
    /// The system refused to read it: the reason as `strerror` gives it (`Permission denied`).
    case unreadable(String)

    var description: String {
        switch self {
        case .missing: return "no such file"
        case .folder: return "it is a folder, not a file"
        case .unreadable(let reason): return reason
        }
    }

    /// What is at `path` when reading it failed.
    static func classify(_ path: String) -> SourceReadError {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
        if isFolder.boolValue { return .folder }
        // `contents(atPath:)` keeps the reason to itself; opening the file again recovers it.
        guard let file = fopen(path, "rb") else { return .unreadable(FileErrorReason.lastSystemError()) }
        fclose(file)
        return .unreadable("the file could not be read")
    }
}

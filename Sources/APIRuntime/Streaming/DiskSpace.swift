import Foundation

/// Free space on a volume, checked before and during downloads that write through FoundationNetworking.
///
/// FoundationNetworking's download task writes each chunk with a `try!` (swift-corelibs-foundation,
/// `_NativeProtocol.notifyDelegate(aboutReceivedData:)`): a full disk crashes the process instead of failing the
/// task. Checking the free space before the transfer and every few MiB during it turns that into a typed error for
/// every case but another process filling the disk faster than the reserve between two checks.
enum DiskSpace {
    /// The free space a download leaves: 64 MiB.
    static let defaultReserve: Int64 = 64 * 1024 * 1024
    /// The reserve downloads started in this task keep (tests raise it to see the check fire without filling a disk).
    @TaskLocal static var reserve: Int64 = defaultReserve
    /// How many bytes may arrive between two checks: 4 MiB.
    static let checkInterval: Int64 = 4 * 1024 * 1024

    /// Bytes free for this process on the volume holding `directory`; nil when the system does not say.
    static func available(at directory: URL) -> Int64? {
        guard let attributes = try? FileManager.default.attributesOfFileSystem(forPath: directory.path),
              let free = attributes[.systemFreeSize] as? NSNumber else { return nil }
        return free.int64Value
    }

    /// Throws `CocoaError(.fileWriteOutOfSpace)` naming `directory` unless `needed` more bytes fit there and leave
    /// `reserve` free. A volume whose free space is unknown passes.
    static func check(_ needed: Int64, fitIn directory: URL, leaving reserve: Int64) throws {
        guard let free = available(at: directory) else { return }
        let (total, overflow) = needed.addingReportingOverflow(reserve)
        guard overflow || free < total else { return }
        throw outOfSpace(directory, needed: needed, free: free, reserve: reserve)
    }

    static func outOfSpace(_ directory: URL, needed: Int64?, free: Int64, reserve: Int64) -> CocoaError {
        let size = needed.map { "\($0) bytes" } ?? "a body of unknown size"
        return CocoaError(.fileWriteOutOfSpace, userInfo: [
            NSFilePathErrorKey: directory.path,
            NSLocalizedDescriptionKey:
                "not enough free space in \(directory.path) for \(size): \(free) bytes free, \(reserve) kept in reserve",
        ])
    }

    /// The directory where the transport's download task keeps the body until it is complete.
    static var transportTemporaryDirectory: URL {
        URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
    }
}

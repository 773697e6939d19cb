import Foundation

/// The temporary file FoundationNetworking writes a download task's body to, found so that it can be removed when
/// the task stops early.
///
/// swift-corelibs-foundation names the file `<UUID>.tmp` in `NSTemporaryDirectory()`, does not say which one, and
/// leaves it behind when a download task is cancelled or fails: a stopped 1 GiB download would leave up to 1 GiB
/// in the temporary directory. The file is recognised by its name's shape, by being written since the task
/// started, and by its size; it is removed only when exactly one file matches and its size is exactly the bytes
/// the task reported, so a file of another transfer is never touched (its writer would crash on the next chunk).
struct LeftoverDownloadFile: Sendable {
    let url: URL

    /// The one `<UUID>.tmp` file in the temporary directory written since `start` and holding at least `bytes`;
    /// nil when there is none or more than one.
    static func find(writtenSince start: Date, holdingAtLeast bytes: Int64) -> LeftoverDownloadFile? {
        let directory = DiskSpace.transportTemporaryDirectory
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let entries = try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: keys, options: [.skipsSubdirectoryDescendants]) else { return nil }
        let slack: TimeInterval = 1  // file times are in whole seconds on some file systems
        let matches = entries.filter { entry in
            guard isTransportName(entry.lastPathComponent),
                  let values = try? entry.resourceValues(forKeys: Set(keys)),
                  let modified = values.contentModificationDate, let size = values.fileSize else { return false }
            return modified >= start.addingTimeInterval(-slack) && Int64(size) >= bytes
        }
        guard matches.count == 1, let match = matches.first else { return nil }
        return LeftoverDownloadFile(url: match)
    }

    /// Removes the file if it holds exactly `bytes` (what its task wrote); anything else means it is not this task's.
    func remove(ifHolding bytes: Int64) {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber,
              size.int64Value == bytes else { return }
        // Best effort: a file that cannot be removed stays for the system's clean-up of the temporary directory.
        try? FileManager.default.removeItem(at: url)
    }

    /// Whether `name` is `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX.tmp` (an upper-case UUID).
    static func isTransportName(_ name: String) -> Bool {
        guard name.hasSuffix(".tmp") else { return false }
        let stem = name.dropLast(4)
        guard stem.count == 36, UUID(uuidString: String(stem)) != nil else { return false }
        return stem.allSatisfy { $0 == "-" || $0.isNumber || ("A"..."F").contains($0) }
    }
}

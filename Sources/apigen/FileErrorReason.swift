#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a file operation's error says, in the system's words (`No space left on device`, `Is a directory`) rather
/// than Foundation's framing (`The operation could not be completed. (NSCocoaErrorDomain error 512.)`).
enum FileErrorReason {
    static func describe(_ error: Error) -> String {
        guard let cocoa = error as? CocoaError else { return String(describing: error) }
        if let posix = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        // Some Foundation paths report no system error; these are the system's words for the same conditions.
        let equivalent: [CocoaError.Code: Int32] = [
            .fileWriteFileExists: EEXIST, .fileNoSuchFile: ENOENT, .fileReadNoSuchFile: ENOENT,
            .fileWriteNoPermission: EACCES, .fileReadNoPermission: EACCES, .fileWriteOutOfSpace: ENOSPC,
            .fileWriteVolumeReadOnly: EROFS,
        ]
        if let code = equivalent[cocoa.code] { return String(cString: strerror(code)) }
        return cocoa.localizedDescription
    }

    /// The reason of the C library call that just failed (`errno`), e.g. after `fopen` or `fwrite`.
    static func lastSystemError() -> String { String(cString: strerror(errno)) }
}

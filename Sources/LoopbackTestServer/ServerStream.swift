#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The body of a streamed ``ServerReply``, written piece by piece from the connection's thread.
public final class ServerStream: @unchecked Sendable {
    // @unchecked Sendable is safe: it is used from the one connection thread that created it, except `isAborted`,
    // which is behind `lock`.
    private let connection: Int32
    private let chunked: Bool
    private let lock = NSLock()
    private var aborted = false

    init(connection: Int32, chunked: Bool) {
        self.connection = connection
        self.chunked = chunked
    }

    /// Whether ``abort()`` was called.
    public var isAborted: Bool {
        lock.withLock { aborted }
    }

    /// Sends `data` (as one chunk when chunked); false once the client has gone.
    @discardableResult
    public func send(_ data: Data) -> Bool {
        guard !data.isEmpty else { return true }
        guard chunked else { return writeRaw(data) }
        var framed = Data(String(data.count, radix: 16).utf8)
        framed.append(contentsOf: [0x0D, 0x0A])
        framed.append(data)
        framed.append(contentsOf: [0x0D, 0x0A])
        return writeRaw(framed)
    }

    /// Sends `text` as UTF-8.
    @discardableResult
    public func send(_ text: String) -> Bool {
        send(Data(text.utf8))
    }

    /// Drops the connection without ending the body: the client sees a truncated transfer.
    public func abort() {
        lock.withLock { aborted = true }
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        shutdown(connection, Int32(SHUT_RDWR))
    }

    /// Waits up to `timeout` seconds for the client to close the connection; true when it did.
    public func waitForClientClose(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var scratch = [UInt8](repeating: 0, count: 4_096)
        while Date() < deadline {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            if poller.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
            let count = recv(connection, &scratch, scratch.count, 0)
            if count == 0 { return true }
            if count < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { return true }
        }
        return false
    }

    func writeRaw(_ data: Data) -> Bool {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        return data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                #if canImport(Glibc)
                let sent = Glibc.send(connection, raw.baseAddress! + offset, raw.count - offset, flags)
                #else
                let sent = Darwin.send(connection, raw.baseAddress! + offset, raw.count - offset, flags)
                #endif
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}

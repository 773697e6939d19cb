#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import APIRuntime
import Foundation
import HTTPTypes

/// A request the loopback server received.
public struct ServerRequest: Sendable {
    public let method: String
    /// The request target: path and query.
    public let target: String
    public let headerFields: HTTPFields
    public let body: Data
    /// The body's length as received (``body`` holds at most the server's `maxStoredBodyBytes` of it).
    public let bodyByteCount: Int

    public var path: String {
        String(target.split(separator: "?", maxSplits: 1).first ?? "")
    }

    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}

/// What the loopback server sends back.
public struct ServerReply: Sendable {
    /// A reply.
    public init(status: Int = 200, headers: [(String, String)] = [], body: Data = Data(), delay: TimeInterval = 0,
                closeAfterBodyBytes: Int? = nil, closeWithoutResponse: Bool = false, announcesLength: Bool = true,
                stream: (@Sendable (ServerStream) -> Void)? = nil) {
        self.stream = stream
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.closeAfterBodyBytes = closeAfterBodyBytes
        self.closeWithoutResponse = closeWithoutResponse
        self.announcesLength = announcesLength
    }

    public var status = 200
    public var headers: [(String, String)] = []
    public var body = Data()
    /// Seconds to wait before answering.
    public var delay: TimeInterval = 0
    /// Announce the whole body but send only this many bytes, then close the connection.
    public var closeAfterBodyBytes: Int?
    /// Close the connection without answering.
    public var closeWithoutResponse = false
    /// Whether `Content-Length` is added; without it the body ends when the connection closes.
    public var announcesLength = true

    /// Sends the head, then lets `body` write the body piece by piece with `Transfer-Encoding: chunked` (or, with a
    /// `Content-Length` in `headers`, as raw bytes). The chunked body ends properly when `body` returns, unless it
    /// called ``ServerStream/abort()``.
    public var stream: (@Sendable (ServerStream) -> Void)?

    /// A streamed reply (see ``stream``).
    public static func streamed(status: Int = 200, headers: [(String, String)] = [],
                                _ body: @escaping @Sendable (ServerStream) -> Void) -> ServerReply {
        ServerReply(status: status, headers: headers, stream: body)
    }

    public static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> ServerReply {
        ServerReply(status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8))
    }

    public static func status(_ status: Int, headers: [(String, String)] = []) -> ServerReply {
        ServerReply(status: status, headers: headers)
    }
}

/// A small HTTP/1.1 server on 127.0.0.1 for tests: one request per connection (`Connection: close`), a thread
/// per connection, scripted replies, and a bounded lifetime after which it stops by itself.
public final class LoopbackServer: @unchecked Sendable {
    // @unchecked Sendable is safe: mutable state lives in `state` behind `lock`; the listening socket belongs to
    // the accept thread and each accepted socket to its connection thread.
    private struct State {
        var requests: [ServerRequest] = []
        var wantsListening = true
        var isListening = false
        var stopped = false
        var openConnections = 0
    }

    private let lock = NSLock()
    private var state = State()
    private let handler: @Sendable (ServerRequest) -> ServerReply
    /// Request bodies are counted whole but kept only up to this many bytes (uploads of any size stay cheap).
    private let maxStoredBodyBytes: Int
    public private(set) var port: UInt16 = 0

    /// Starts listening on an ephemeral loopback port; stops after `lifetime` seconds at the latest.
    public init(lifetime: TimeInterval = 60, maxStoredBodyBytes: Int = .max,
                handler: @escaping @Sendable (ServerRequest) -> ServerReply) throws {
        self.handler = handler
        self.maxStoredBodyBytes = maxStoredBodyBytes
        let listener = try Self.openListener(port: 0)
        port = listener.port
        state.isListening = true
        let deadline = Date().addingTimeInterval(lifetime)
        Thread { [self] in acceptLoop(listener.descriptor, deadline: deadline) }.start()
    }

    deinit {
        stop()
    }

    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Every request received so far, in order of arrival.
    public var requests: [ServerRequest] {
        withLock { $0.requests }
    }

    /// Stops accepting connections (open ones finish).
    public func stop() {
        withLock { $0.stopped = true }
    }

    /// Closes the listening socket so connections are refused, until ``resume()``.
    public func pause() {
        withLock { $0.wantsListening = false }
        waitUntil { !$0.isListening }
    }

    /// Listens again on the same port.
    public func resume() {
        withLock { $0.wantsListening = true }
        waitUntil { $0.isListening }
    }

    // MARK: - Sockets

    private func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    private func waitUntil(_ condition: (State) -> Bool) {
        for _ in 0..<400 where !withLock({ condition($0) }) {
            usleep(5_000)
        }
    }

    private func acceptLoop(_ initial: Int32, deadline: Date) {
        var descriptor = initial
        while Date() < deadline {
            let (stopped, wantsListening) = withLock { ($0.stopped, $0.wantsListening) }
            if stopped { break }
            if !wantsListening, descriptor >= 0 {
                close(descriptor)
                descriptor = -1
                withLock { $0.isListening = false }
            } else if wantsListening, descriptor < 0 {
                if let listener = try? Self.openListener(port: port) {
                    descriptor = listener.descriptor
                    withLock { $0.isListening = true }
                }
            }
            guard descriptor >= 0 else {
                usleep(5_000)
                continue
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { continue }
            let admitted = withLock { state -> Bool in
                guard state.openConnections < 64 else { return false }
                state.openConnections += 1
                return true
            }
            guard admitted else {
                close(connection)
                continue
            }
            Thread { [self] in
                serve(connection)
                withLock { $0.openConnections -= 1 }
            }.start()
        }
        if descriptor >= 0 {
            close(descriptor)
        }
        withLock { $0.isListening = false }
    }

    private static func openListener(port: UInt16) throws -> (descriptor: Int32, port: UInt16) {
        #if os(Linux)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        return (descriptor, UInt16(bigEndian: actual.sin_port))
    }

    // MARK: - One connection

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard let request = readRequest(connection) else { return }
        withLock { $0.requests.append(request) }
        let reply = handler(request)
        if reply.delay > 0 {
            usleep(useconds_t(reply.delay * 1_000_000))
        }
        guard !reply.closeWithoutResponse else { return }
        if let stream = reply.stream {
            serveStream(reply, stream, on: connection)
            return
        }
        var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        for (name, value) in reply.headers {
            head += "\(name): \(value)\r\n"
        }
        let hasBody = reply.status != 304 && reply.status != 204 && !(100..<200).contains(reply.status)
        if hasBody, reply.announcesLength, !reply.headers.contains(where: { $0.0.lowercased() == "content-length" }) {
            head += "Content-Length: \(reply.body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        var bytes = Data(head.utf8)
        if hasBody {
            bytes += reply.closeAfterBodyBytes.map { reply.body.prefix($0) } ?? reply.body
        }
        write(bytes, to: connection)
        shutdown(connection, Int32(SHUT_WR))
    }

    private func readRequest(_ connection: Int32) -> ServerRequest? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let terminator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            headerEnd = buffer.range(of: terminator)
        }
        guard let headerEnd else { return nil }
        let lines = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers = HTTPFields()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            guard let name = HTTPField.Name(String(line[..<colon])) else { continue }
            headers.append(HTTPField(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        if headers[.expect]?.lowercased() == "100-continue" {
            write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: connection)
        }
        let length = Int(headers[.contentLength] ?? "0") ?? 0
        var body = Data(buffer[headerEnd.upperBound...].prefix(min(length, maxStoredBodyBytes)))
        var received = buffer.count - headerEnd.upperBound
        while received < length {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            received += count
            if body.count < maxStoredBodyBytes {
                body.append(contentsOf: chunk[0..<min(count, maxStoredBodyBytes - body.count)])
            }
        }
        return ServerRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), headerFields: headers, body: body.prefix(length),
            bodyByteCount: min(received, length))
    }

    private func serveStream(_ reply: ServerReply, _ body: @Sendable (ServerStream) -> Void, on connection: Int32) {
        let chunked = !reply.headers.contains { $0.0.lowercased() == "content-length" }
        var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\n"
        for (name, value) in reply.headers {
            head += "\(name): \(value)\r\n"
        }
        if chunked { head += "Transfer-Encoding: chunked\r\n" }
        head += "Connection: close\r\n\r\n"
        let stream = ServerStream(connection: connection, chunked: chunked)
        guard stream.writeRaw(Data(head.utf8)) else { return }
        body(stream)
        if chunked, !stream.isAborted {
            _ = stream.writeRaw(Data("0\r\n\r\n".utf8))
        }
        if !stream.isAborted { shutdown(connection, Int32(SHUT_WR)) }
    }

    private func write(_ data: Data, to connection: Int32) {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, flags)
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

// One request through apigen's generated client (BenchClient, generated from ../api-spec) against a bare
// URLSession + JSONDecoder call to the same loopback server, alternating request by request; then durable
// enqueues into the runtime's offline queue over SQLite.
//
//     RuntimeBench --url http://127.0.0.1:PORT/v1 [--requests N] [--warmup N] [--enqueue N] [--enqueue-warmup N]
//                  [--profile-side 0|1|2|3]   (one side only, nothing measured: for `perf record`)
//     RuntimeBench --url ... --transport-breakdown [--requests N] [--warmup N]
//                  (where the client's extra time goes: see transportBreakdown below; bench.py does not run it)
//
// Prints one JSON object: the per-request latencies in microseconds of both loops, in request order, and the
// per-enqueue latencies. bench.py runs it, serves the payload and computes the medians; nothing here asserts on
// time.

import APIRuntime
import APIRuntimeOffline
import APIRuntimeStore
import BenchClient
import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - The bare baseline: the same payload, decoded with hand-written Codable structs.

struct BareFriend: Decodable {
    let ident: String
    let userName: String
    let displayName: String?
    let avatarURL: URL
    let isOnline: Bool
    let mutualFriends: Int?
    let friendsSince: String?

    enum CodingKeys: String, CodingKey {
        case ident
        case userName = "user_name"
        case displayName = "display-name"
        case avatarURL = "avatar_url"
        case isOnline = "is_online"
        case mutualFriends = "mutual_friends"
        case friendsSince = "friends_since"
    }
}

struct BarePage: Decodable {
    let items: [BareFriend]
    let page: Int
    let pageSize: Int
    let total: Int
}

struct BareEnvelope: Decodable {
    let status: String
    let reason: String?
    let data: BarePage
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}

/// What a user would write without a generator: URLSession, a status check, JSONDecoder.
struct BareClient: Sendable {
    let session: URLSession
    let url: URL
    let decoder = JSONDecoder()

    init(baseURL: URL) {
        // Same configuration as URLSessionTransport.sharedSession: no URL cache, so neither side is served locally.
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
        url = URL(string: baseURL.absoluteString + "/members/42/friends?page=1")!
    }

    func friends() async throws -> BarePage {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw BenchFailure(description: "bare: unexpected response \(response)")
        }
        let envelope = try decoder.decode(BareEnvelope.self, from: data)
        guard envelope.status == "ok" else { throw BenchFailure(description: "bare: status \(envelope.status)") }
        return envelope.data
    }
}

// MARK: - Arguments

func argument(_ name: String, default value: String? = nil) -> String? {
    let arguments = CommandLine.arguments
    if let index = arguments.firstIndex(of: name), index + 1 < arguments.count { return arguments[index + 1] }
    return value
}

func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
}

// MARK: - Offline queue: one durable enqueue

/// The queue's SQLite file in the temporary directory; removing it removes its WAL and shared-memory files too.
struct QueueFile {
    let path = NSTemporaryDirectory() + "runtime-bench-queue-\(ProcessInfo.processInfo.processIdentifier).sqlite"

    func remove() {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}

/// The call a user would have queued offline: the spec's queueable `trackNotification`, as the generated client
/// builds it. The queue adds the idempotency key and strips `Authorization` before storing it.
enum TrackNotification {
    static let operation = OperationInfo(
        id: "trackNotification", method: "POST", path: "/notifications/{notificationId}/track", isQueueable: true)
    static let body = Data(#"{"at":"2024-05-01T12:00:00Z","event":"opened"}"#.utf8)

    static func request(_ index: Int, baseURL: URL) -> APIRequest {
        let notification = UUID().uuidString.lowercased()
        return APIRequest(
            method: .post, url: URL(string: baseURL.absoluteString + "/notifications/\(notification)/track")!,
            headerFields: [
                .contentType: "application/json", .accept: "application/json", .authorization: "Bearer bench-token-\(index)",
            ],
            body: body)
    }
}

/// Enqueues `warmup + count` calls into a fresh queue file, timing each `enqueue` (which returns only after its
/// transaction committed), and returns the last `count` times. Then opens the file again and fails unless every
/// entry is there, in order and as stored: a figure for writes that did not happen would be worthless.
func measureEnqueue(count: Int, warmup: Int, baseURL: URL, clock: ContinuousClock) async throws -> [Double] {
    let file = QueueFile()
    file.remove()
    defer { file.remove() }
    // Opening throws rather than fall back to memory; a WAL file is what the figure is about.
    let storage = try SQLiteStorage(path: file.path)
    let journalMode = try await storage.journalMode()
    guard journalMode == "wal" else {
        throw BenchFailure(description: "queue store at \(file.path): journal mode \(journalMode)")
    }
    let queue = OfflineQueue(storage: storage)
    var ids: [String] = []
    var times: [Double] = []
    for index in 0..<(warmup + count) {
        let request = TrackNotification.request(index, baseURL: baseURL)
        let start = clock.now
        let entry = try await queue.enqueue(request, operation: TrackNotification.operation, account: "member-42")
        let elapsed = microseconds(clock.now - start)
        ids.append(entry.id)
        if index >= warmup { times.append(elapsed) }
    }
    await storage.close()

    let reopened = try SQLiteStorage(path: file.path)
    let stored = try await OfflineQueue(storage: reopened).pending()
    await reopened.close()
    guard stored.map(\.id) == ids else {
        throw BenchFailure(description: "the reopened queue holds \(stored.count) of \(ids.count) enqueued entries")
    }
    guard stored.allSatisfy({
        $0.request.body == TrackNotification.body && $0.request.headerFields[.authorization] == nil
            && $0.request.headerFields[HTTPField.Name("Idempotency-Key")!] == $0.idempotencyKey
    }) else {
        throw BenchFailure(description: "the reopened queue's entries differ from what was enqueued")
    }
    return times
}

func run() async throws {
    guard let urlText = argument("--url"), let baseURL = URL(string: urlText) else {
        throw BenchFailure(description: "usage: RuntimeBench --url http://127.0.0.1:PORT/v1 [--requests N] [--warmup N] "
                               + "[--enqueue N] [--enqueue-warmup N]")
    }
    let requests = Int(argument("--requests", default: "1000")!)!
    let warmup = Int(argument("--warmup", default: "200")!)!
    let enqueues = Int(argument("--enqueue", default: "2000")!)!
    let enqueueWarmup = Int(argument("--enqueue-warmup", default: "100")!)!

    let api = MemberAPI(baseURL: baseURL)
    let bare = BareClient(baseURL: baseURL)
    let clock = ContinuousClock()

    // Both sides must see the same data, or the comparison means nothing.
    let viaClient = try await api.members.getFriends(memberID: 42, page: 1)
    let viaBare = try await bare.friends()
    guard viaClient.items.count == viaBare.items.count, viaClient.items.count > 0,
          viaClient.total == viaBare.total else {
        throw BenchFailure(description: "client and bare call disagree: \(viaClient.items.count) vs \(viaBare.items.count) items")
    }
    let viaClientCount = viaClient.items.count
    // The same generated client with the runtime's HTTP cache in front of the transport: the server sends
    // `Cache-Control: max-age=3600`, so after the first call every call is a hit that never reaches the server.
    let sqlitePath = NSTemporaryDirectory() + "runtime-bench-\(ProcessInfo.processInfo.processIdentifier).sqlite"
    try? FileManager.default.removeItem(atPath: sqlitePath)
    defer { try? FileManager.default.removeItem(atPath: sqlitePath) }
    let cachedInMemory = MemberAPI(baseURL: baseURL, middlewares: [HTTPCache(storage: InMemoryStorage())])
    let cachedInSQLite = MemberAPI(baseURL: baseURL, middlewares: [HTTPCache(storage: try SQLiteStorage(path: sqlitePath))])
    // The same file without the storage's memory of recent responses: every hit is read from the file on the
    // storage's own queue (what a hit costs more than a second after the previous read of the same entry).
    let cachedInSQLiteFile = MemberAPI(
        baseURL: baseURL, middlewares: [HTTPCache(storage: try SQLiteStorage(path: sqlitePath, memoryCapacity: 0))])
    let cachedClients = [cachedInMemory, cachedInSQLite, cachedInSQLiteFile]
    for cached in cachedClients {
        let primed = try await cached.members.getFriends(memberID: 42, page: 1)
        guard primed.items.count == viaClientCount else { throw BenchFailure(description: "cached client disagrees") }
    }


    if CommandLine.arguments.contains("--transport-breakdown") {
        try await transportBreakdown(api: api, bare: bare, baseURL: baseURL, requests: requests, warmup: warmup)
        return
    }

    // 0: generated client, 1: bare call, 2: generated client + HTTPCache in memory, 3: the same over SQLite,
    // 4: over SQLite reading every hit from the file.
    let sides = Array(0...4)
    var times: [[Double]] = Array(repeating: [], count: sides.count)
    var checksum = 0

    // `--profile-side N` runs only one side, for `perf record`; bench.py never passes it.
    if let profiled = argument("--profile-side").flatMap(Int.init), sides.contains(profiled) {
        for _ in 0..<(warmup + requests) {
            switch profiled {
            case 0: checksum &+= try await api.members.getFriends(memberID: 42, page: 1).items.count
            case 1: checksum &+= try await bare.friends().items.count
            default: checksum &+= try await cachedClients[profiled - 2].members.getFriends(memberID: 42, page: 1).items.count
            }
        }
        print("profiled side \(profiled): checksum \(checksum)")
        return
    }

    for index in 0..<(warmup + requests) {
        // 0 1 2 3 4, then 4 3 2 1 0: no side always runs right after the same other one.
        for side in (index % 2 == 0 ? sides : sides.reversed()) {
            let start = clock.now
            switch side {
            case 0: checksum &+= try await api.members.getFriends(memberID: 42, page: 1).items.count
            case 1: checksum &+= try await bare.friends().items.count
            default: checksum &+= try await cachedClients[side - 2].members.getFriends(memberID: 42, page: 1).items.count
            }
            let elapsed = microseconds(clock.now - start)
            if index >= warmup { times[side].append(elapsed) }
        }
    }

    // After the request loop, so the queue's fsyncs never overlap a measured request.
    let enqueueTimes = try await measureEnqueue(
        count: enqueues, warmup: enqueueWarmup, baseURL: baseURL, clock: clock)

    let result: [String: Any] = [
        "items": viaClientCount,
        "checksum": checksum,
        // Requests that reached the server: the two checks, the cache primes (the file-only client shares the
        // SQLite client's file, already primed), then sides 0 and 1 only.
        "expected_server_requests": 4 + 2 * (warmup + requests),
        "client_us": times[0],
        "bare_us": times[1],
        "cache_memory_us": times[2],
        "cache_sqlite_us": times[3],
        "cache_sqlite_file_us": times[4],
        "enqueue_us": enqueueTimes,
        "enqueue_directory": NSTemporaryDirectory(),
    ]
    let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
    FileHandle.standardOutput.write(json)
    FileHandle.standardOutput.write(Data("\n".utf8))
}

/// Splits the generated client's extra time over the bare call, alternating request by request like the main loop:
/// 0 the generated client, 1 the bare call, 2 the generated client over a session without a delegate (URLSession's
/// own `data(for:)` path), 3 `URLSessionTransport.send` alone (the transport, no client), 4 the bare call decoding
/// nothing (the network part of the bare call). Prints the median of each side in microseconds, as JSON.
func transportBreakdown(api: MemberAPI, bare: BareClient, baseURL: URL, requests: Int, warmup: Int) async throws {
    let configuration = URLSessionConfiguration.default
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let plainSession = URLSession(configuration: configuration)
    let plainAPI = MemberAPI(baseURL: baseURL, transport: URLSessionTransport(session: plainSession))
    let transport = URLSessionTransport()
    let transportRequest = APIRequest(method: .get, url: bare.url, headerFields: [.accept: "application/json"])
    let clock = ContinuousClock()
    let names = ["client", "bare", "client_plain_session", "transport_only", "bare_network_only"]
    var times: [[Double]] = Array(repeating: [], count: names.count)
    var checksum = 0
    for index in 0..<(warmup + requests) {
        let order = Array(0..<names.count)
        for side in (index % 2 == 0 ? order : order.reversed()) {
            let start = clock.now
            switch side {
            case 0: checksum &+= try await api.members.getFriends(memberID: 42, page: 1).items.count
            case 1: checksum &+= try await bare.friends().items.count
            case 2: checksum &+= try await plainAPI.members.getFriends(memberID: 42, page: 1).items.count
            case 3: checksum &+= try await transport.send(transportRequest).body.count
            default:
                var request = URLRequest(url: bare.url)
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                checksum &+= try await bare.session.data(for: request).0.count
            }
            if index >= warmup { times[side].append(microseconds(clock.now - start)) }
        }
    }
    var medians: [String: Any] = ["checksum": checksum, "requests": requests]
    for (name, values) in zip(names, times) {
        medians[name] = values.sorted()[values.count / 2]
    }
    let json = try JSONSerialization.data(withJSONObject: medians, options: [.sortedKeys])
    FileHandle.standardOutput.write(json)
    FileHandle.standardOutput.write(Data("\n".utf8))
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

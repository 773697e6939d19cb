// Downloads 1 GiB to a file and uploads it back through APIClient and URLSessionTransport over loopback (the file as
// the body, then as a multipart part read from disk, as generated methods send `MultipartFile(contentsOf:)`), and
// reports the peak resident memory above the process baseline for each (Linux: /proc/self/status, with the peak
// reset through /proc/self/clear_refs before each transfer).
@_spi(Generated) import APIRuntime
import APIRuntimeDownloads
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3, let port = Int(arguments[1]), let size = Int64(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: TransferBench PORT BYTES [DIRECTORY]\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: arguments.count > 3 ? arguments[3] : NSTemporaryDirectory())
let mib = 1024.0 * 1024.0

/// VmRSS and VmHWM (peak) of this process in bytes.
func memory() -> (current: Int64, peak: Int64) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (-1, -1) }
    func field(_ name: String) -> Int64 {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return -1 }
        return (Int64(line.split(separator: " ").dropFirst().first ?? "") ?? -1) * 1024
    }
    return (field("VmRSS"), field("VmHWM"))
}

/// Makes VmHWM start again from the current RSS.
func resetPeak() {
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
        handle.write(Data("5".utf8))
        try? handle.close()
    }
}

/// Peak progress seen, to check progress reached the size.
final class ProgressProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var last: TransferProgress?
    private var calls = 0
    var record: @Sendable (TransferProgress) -> Void {
        { [self] progress in lock.withLock { last = progress; calls += 1 } }
    }
    var summary: (TransferProgress?, Int) { lock.withLock { (last, calls) } }
}

func downloadRequest(size: Int64, ranges: Bool = true) -> RequestBuilder {
    var request = RequestBuilder(method: "GET", path: "/download")
    request.query("size", String(size))
    request.query("ranges", ranges ? "1" : "0")
    return request
}

let client = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: URLSessionTransport(timeout: 120))
let file = directory.appendingPathComponent("transfer-bench-\(getpid()).bin")
defer { try? FileManager.default.removeItem(at: file) }

// Warm-up: one small download and upload so lazily loaded code and the session exist before the baseline.
let warmFile = directory.appendingPathComponent("transfer-bench-warm-\(getpid()).bin")
_ = try await client.download(downloadRequest(size: 65_536),
                              operation: OperationInfo(id: "download", method: "GET", path: "/download"), to: warmFile)
_ = try await client.upload(RequestBuilder(method: "PUT", path: "/upload"), fromFile: warmFile,
                            operation: OperationInfo(id: "upload", method: "PUT", path: "/upload"))
try? FileManager.default.removeItem(at: warmFile)

print("| transfer | bytes | seconds | MiB/s | baseline RSS (MiB) | peak RSS (MiB) | peak above baseline (MiB) | progress callbacks | last progress |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---|")

func report(_ name: String, bytes: Int64, seconds: Double, baseline: Int64, peak: Int64, probe: ProgressProbe) {
    let (last, calls) = probe.summary
    let progress = last.map { "\($0.completedBytes) / \($0.expectedBytes.map(String.init) ?? "?")" } ?? "none"
    print(String(format: "| %@ | %lld | %.2f | %.0f | %.1f | %.1f | **%.1f** | %d | %@ |", name, bytes, seconds,
                 Double(bytes) / mib / seconds, Double(baseline) / mib, Double(peak) / mib,
                 Double(peak - baseline) / mib, calls, progress))
}

// Downloads: a server that honours Range (segments of APIClient.defaultDownloadSegmentSize), then one that does not.
for ranges in [true, false] {
    resetPeak()
    let baseline = memory().current
    let probe = ProgressProbe()
    let start = Date()
    let download = try await client.download(downloadRequest(size: size, ranges: ranges),
                                             operation: OperationInfo(id: "download", method: "GET", path: "/download"),
                                             to: file, progress: probe.record)
    let seconds = Date().timeIntervalSince(start)
    let peak = memory().peak
    let onDisk = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? -1
    guard download.byteCount == size, onDisk == size else {
        FileHandle.standardError.write(Data("download size mismatch: \(download.byteCount) reported, \(onDisk) on disk\n".utf8))
        exit(1)
    }
    let name = ranges ? "download to file, server honours Range (status \(download.status))"
        : "download to file, server ignores Range (status \(download.status))"
    report(name, bytes: size, seconds: seconds, baseline: baseline, peak: peak, probe: probe)
}

// Upload.
resetPeak()
let baseline = memory().current
let uploadProbe = ProgressProbe()
let start = Date()
let response = try await client.upload(RequestBuilder(method: "PUT", path: "/upload"), fromFile: file,
                                       operation: OperationInfo(id: "upload", method: "PUT", path: "/upload"),
                                       progress: uploadProbe.record)
let seconds = Date().timeIntervalSince(start)
let peak = memory().peak
guard response.status == 201, response.bodyText == #"{"received": \#(size)}"# else {
    FileHandle.standardError.write(Data("upload failed: \(response.status) \(response.bodyText)\n".utf8))
    exit(1)
}
report("upload from file", bytes: size, seconds: seconds, baseline: baseline, peak: peak, probe: uploadProbe)

// Multipart upload with the file as a part read from disk: the form is written to a temporary file (the part copied
// in 1 MiB chunks), which is uploaded like the plain file; both steps are inside the measured interval.
resetPeak()
let multipartBaseline = memory().current
let multipartProbe = ProgressProbe()
let multipartStart = Date()
var multipartRequest = RequestBuilder(method: "POST", path: "/upload")
multipartRequest.multipartBody { form in
    form.append("note", "transfer benchmark")
    form.append("file", MultipartFile(contentsOf: file, contentType: "application/octet-stream"))
}
let multipartResponse = try await client.send(multipartRequest, operation: OperationInfo(id: "uploadForm", method: "POST", path: "/upload"),
                                              uploadProgress: multipartProbe.record)
let multipartSeconds = Date().timeIntervalSince(multipartStart)
let multipartPeak = memory().peak
let sent = multipartProbe.summary.0?.completedBytes ?? -1
guard multipartResponse.status == 201, multipartResponse.bodyText == #"{"received": \#(sent)}"#, sent > size else {
    FileHandle.standardError.write(Data("multipart upload failed: \(multipartResponse.status) \(multipartResponse.bodyText), \(sent) bytes sent\n".utf8))
    exit(1)
}
report("multipart upload, file part read from disk", bytes: sent, seconds: multipartSeconds, baseline: multipartBaseline,
       peak: multipartPeak, probe: multipartProbe)

// The download cache: the same 1 GiB from a server that honours Range, kept on disk; its `data` is mapped from the
// file, so reading its size (and its last byte) must not bring the body into memory.
let cacheDirectory = directory.appendingPathComponent("transfer-bench-cache-\(getpid())")
defer { try? FileManager.default.removeItem(at: cacheDirectory) }
resetPeak()
let cacheBaseline = memory().current
let cacheProbe = ProgressProbe()
let cacheStart = Date()
var cacheURLComponents = URLComponents(string: "http://127.0.0.1:\(port)/download")!
cacheURLComponents.queryItems = [URLQueryItem(name: "size", value: String(size)), URLQueryItem(name: "ranges", value: "1")]
let cached = try await DownloadCache(directory: cacheDirectory, transport: URLSessionTransport(timeout: 120),
                                     limits: .init(maxAge: nil, maxCount: nil, maxBytes: nil))
    .file(from: cacheURLComponents.url!, progress: cacheProbe.record)
let cacheSeconds = Date().timeIntervalSince(cacheStart)
guard cached.data.count == Int(size), cached.data.last != nil else {
    FileHandle.standardError.write(Data("download cache size mismatch: \(cached.data.count)\n".utf8))
    exit(1)
}
let cachePeak = memory().peak
report("DownloadCache.file, server honours Range", bytes: size, seconds: cacheSeconds, baseline: cacheBaseline, peak: cachePeak,
       probe: cacheProbe)

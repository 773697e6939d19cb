import Dispatch
import Foundation

/// Reads and parses, on background threads, the files a spec refers to by relative `$ref`, while resolution runs.
///
/// Resolution follows references one at a time on one thread; on a spec split over many files (DigitalOcean's:
/// ~1,500) half of it was reading and parsing them. The prefetcher is only a cache in front of that: it reports
/// nothing and decides nothing. Resolution still asks for each document when it reaches it, in the same order,
/// and gets the prefetched parse if there is one (waiting for it when a worker is parsing it right then);
/// otherwise it loads the file itself as before. Diagnostics, document order and output are the same with or
/// without it. A file the prefetcher could not read or parse is left to resolution, which reports why; a
/// prefetched file resolution never reaches (a `$ref` in an unused part of the spec, or a relative path that
/// resolution resolves against a `$id` instead) is simply dropped.
///
/// Workers go depth first in document order, the order resolution follows references in, so the file
/// resolution needs next is usually parsed or being parsed. There is one worker per core (at most eight):
/// resolution itself is lighter than parsing and often waits for a file, and its core would idle then. On
/// DigitalOcean's spec this took resolve from 161 to 148 ms (medians of 20 alternating runs) against parsing in
/// waves before resolving.
final class DocumentPrefetcher: @unchecked Sendable {
    private enum State {
        case queued
        case loading
        case loaded(SourceDocument)
        /// Could not be read or parsed; resolution loads it and reports why.
        case failed
        /// Handed to resolution, or claimed by it before a worker started on it.
        case taken
    }

    private let provider: any SourceProvider
    private let condition = NSCondition()
    // Everything below is guarded by `condition`.
    private var states: [String: State] = [:]
    /// Paths waiting for a worker; the last one is loaded next (depth first).
    private var stack: [String] = []
    private var idleWorkers = 0
    private var workers = 0
    private var stopped = false

    init(provider: any SourceProvider) { self.provider = provider }

    /// Starts loading, in the background, every file reachable from `root` through relative references.
    /// Workers block on a condition while idle, so they are capped: parsing keeps ahead of resolution long before.
    static let maximumWorkers = 8

    func start(from root: SourceDocument, workers maximum: Int = min(maximumWorkers, ProcessInfo.processInfo.activeProcessorCount)) {
        let references = Self.referencedFiles(in: root.root, of: root.path)
        condition.lock()
        states[root.path] = .taken
        push(references)
        let count = stack.isEmpty ? 0 : maximum
        workers = count
        condition.unlock()
        for _ in 0..<count {
            DispatchQueue.global(qos: .userInitiated).async { self.work() }
        }
    }

    /// The parsed document at `path` when a worker has it (waiting while one is parsing it); nil when resolution
    /// should load the file itself. Either way the path is resolution's from now on.
    func take(_ path: String) -> SourceDocument? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch states[path] {
            case .loaded(let document):
                states[path] = .taken
                return document
            case .loading:
                condition.wait()
            case .queued, nil:
                states[path] = .taken
                return nil
            case .failed, .taken:
                return nil
            }
        }
    }

    /// Queues the files `document` refers to: for a document resolution loaded itself, so the workers keep ahead
    /// of it below that document too.
    func prefetchReferences(of document: SourceDocument) {
        let references = Self.referencedFiles(in: document.root, of: document.path)
        condition.lock()
        push(references)
        condition.signal()
        condition.unlock()
    }

    /// Stops the workers after the files they are parsing; what they produce is dropped.
    func stop() {
        condition.lock()
        stopped = true
        stack.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every queued file is loaded and the workers wait for more (tests).
    func waitUntilIdle() {
        condition.lock()
        while workers > 0, !(stack.isEmpty && idleWorkers == workers) { condition.wait() }
        condition.unlock()
    }

    /// Paths in reverse, so that the first reference of a document is loaded first. Caller holds the lock.
    private func push(_ paths: [String]) {
        for path in paths.reversed() where states[path] == nil {
            states[path] = .queued
            stack.append(path)
        }
    }

    private func work() {
        condition.lock()
        while true {
            if stopped { break }
            guard let path = stack.popLast() else {
                idleWorkers += 1
                condition.broadcast()
                // Resolution may still queue the references of a file it loaded itself.
                condition.wait()
                idleWorkers -= 1
                continue
            }
            guard case .queued = states[path] else { continue }
            states[path] = .loading
            condition.unlock()
            let result = load(path)
            condition.lock()
            if let (document, references) = result {
                states[path] = .loaded(document)
                push(references)
            } else {
                states[path] = .failed
            }
            condition.broadcast()
        }
        workers -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func load(_ path: String) -> (SourceDocument, [String])? {
        guard let bytes = try? provider.read(path), let document = try? SourceDocument.load(bytes: bytes, path: path) else {
            return nil
        }
        return (document, Self.referencedFiles(in: document.root, of: path))
    }

    /// Keys whose references resolution never follows (sample code under `x-codeSamples` was half of
    /// DigitalOcean's files): their files would be parsed for nothing. A property of that name is only
    /// loaded later instead of ahead.
    private static let skippedKeys: Set<String> = ["example", "examples", "links"]

    /// The normalised paths of the files that `$ref`s under `node` name, relative to `file`, in document order:
    /// references with a scheme (`https:`, `urn:`) are left to resolution, which serves them from bundled or
    /// mapped documents, and so are those under extensions and examples.
    static func referencedFiles(in node: SpecNode, of file: String) -> [String] {
        var paths: [String] = []
        var seen: Set<String> = []
        var seenPaths: Set<String> = []
        func visit(_ node: SpecNode) {
            switch node.content {
            case .mapping(let entries):
                for entry in entries {
                    if entry.key == "$ref", case .scalar(.string(let reference)) = entry.value.content {
                        let filePart = DocumentPath.splitFragment(reference).document
                        if !filePart.isEmpty, !filePart.utf8.contains(UInt8(ascii: ":")), seen.insert(filePart).inserted {
                            let path = DocumentPath.resolve(filePart, against: file)
                            if seenPaths.insert(path).inserted { paths.append(path) }
                        }
                    } else if !skippedKeys.contains(entry.key), !entry.key.hasPrefix("x-") {
                        visit(entry.value)
                    }
                }
            case .sequence(let elements):
                elements.forEach(visit)
            case .scalar:
                break
            }
        }
        visit(node)
        return paths
    }
}

import Dispatch

/// Reads and parses, on every core, the files a spec refers to by relative `$ref`, before resolution asks for them.
///
/// Resolution follows references one at a time on one thread; on a spec split over thousands of files
/// (DigitalOcean's: ~2,900) a third of it was reading and parsing them. The prefetcher is only a cache in front of
/// that: it reports nothing and decides nothing. Resolution still asks for each document when it reaches it, in the
/// same order, and gets the prefetched parse if there is one: diagnostics, document order and output are the same
/// with or without it. A file the prefetcher could not read or parse is left out, so resolution reads it itself
/// and reports why; a prefetched file resolution never reaches (a `$ref` in an unused part of the spec, or a
/// relative path that resolution resolves against a `$id` instead) is simply dropped.
struct DocumentPrefetcher: Sendable {
    let provider: any SourceProvider

    /// Every document reachable from `root` through relative file references, parsed, by normalised path
    /// (`root` itself not included).
    func documents(reachableFrom root: SourceDocument) -> [String: SourceDocument] {
        var loaded: [String: SourceDocument] = [:]
        var seen: Set<String> = [root.path]
        var wave = Self.referencedFiles(in: root.root, of: root.path).filter { seen.insert($0).inserted }
        // Breadth first, one wave of newly found files at a time: each wave is loaded on every core.
        while !wave.isEmpty {
            let results = Slots<(SourceDocument, [String])>(count: wave.count)
            let paths = wave
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                results[index] = load(paths[index])
            }
            wave = []
            for (path, result) in zip(paths, results.values) {
                guard let (document, references) = result else { continue }
                loaded[path] = document
                wave += references.filter { seen.insert($0).inserted }
            }
        }
        return loaded
    }

    private func load(_ path: String) -> (SourceDocument, [String])? {
        guard let bytes = try? provider.read(path), let document = try? SourceDocument.load(bytes: bytes, path: path) else {
            return nil
        }
        return (document, Self.referencedFiles(in: document.root, of: path))
    }

    /// The normalised paths of the files that `$ref`s under `node` name, relative to `file`: references with a
    /// scheme (`https:`, `urn:`) are left to resolution, which serves them from bundled or mapped documents, and so
    /// are those under extensions and examples.
    /// Keys whose references resolution never follows (sample code under `x-codeSamples` was half of
    /// DigitalOcean's files): their files would be parsed for nothing. A property of that name is only
    /// loaded later instead of ahead.
    private static let skippedKeys: Set<String> = ["example", "examples", "links"]

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

/// One result slot per iteration of `concurrentPerform`: each is written by exactly one iteration and read only
/// after all have returned, so no lock is needed.
private final class Slots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    subscript(index: Int) -> Value? {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    var values: [Value?] { Array(storage) }
}

@testable import APIGenCore
import Foundation
import XCTest

/// Prefetching referenced files on every core: which files it loads, and that resolution stays as it was.
final class DocumentPrefetcherTests: XCTestCase {
    /// Serves documents from memory and counts how often each path is read (from any thread).
    private final class CountingProvider: SourceProvider, @unchecked Sendable {
        let files: [String: String]
        /// A read of `gate.path` waits for `gate.open` (to hold a worker at a known file).
        let gate: (path: String, open: DispatchSemaphore)?
        private let lock = NSLock()
        private var counts: [String: Int] = [:]

        init(_ files: [String: String], gate: (path: String, open: DispatchSemaphore)? = nil) {
            self.files = files
            self.gate = gate
        }

        func read(_ path: String) throws -> [UInt8] {
            if let gate, gate.path == path { gate.open.wait() }
            lock.withLock { counts[path, default: 0] += 1 }
            guard let text = files[path] else { throw InMemorySourceProviderError(path: path) }
            return Array(text.utf8)
        }

        func reads(of path: String) -> Int { lock.withLock { counts[path] ?? 0 } }
    }

    private let files = [
        "api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /pets:
                get:
                  $ref: 'paths/pets.yaml'
                  x-codeSamples: [{ $ref: 'examples/curl.yaml' }]
            components:
              schemas:
                Pet: { $ref: 'schemas/pet.yaml' }
                Remote: { $ref: 'https://example.com/schema.json' }
                Missing: { $ref: 'schemas/missing.yaml' }
                Broken: { $ref: 'schemas/broken.yaml#/Broken' }
            """,
        "api/paths/pets.yaml": """
            operationId: listPets
            responses:
              '200':
                description: ok
                content: { application/json: { schema: { type: array, items: { $ref: '../schemas/pet.yaml' } } } }
                links: { self: { $ref: '../links/self.yaml' } }
            """,
        "api/schemas/pet.yaml": """
            type: object
            properties:
              owner: { $ref: './owner.yaml#/Owner' }
              root: { $ref: '../openapi.yaml#/components/schemas/Pet' }
            example: { $ref: '../examples/pet.yaml' }
            """,
        "api/schemas/owner.yaml": "Owner: { type: object, properties: { name: { type: string } } }",
        "api/schemas/broken.yaml": "Broken: { type: [unclosed",
        "api/examples/curl.yaml": "lang: curl",
        "api/examples/pet.yaml": "name: Rex",
        "api/links/self.yaml": "operationId: listPets",
    ]

    func testLoadsEveryFileReachableThroughRelativeReferencesExceptExamplesExtensionsAndURLs() throws {
        let provider = CountingProvider(files)
        let root = try SourceDocument.load(bytes: Array(files["api/openapi.yaml"]!.utf8), path: "api/openapi.yaml")
        let prefetcher = DocumentPrefetcher(provider: provider)
        prefetcher.start(from: root, workers: 2)
        prefetcher.waitUntilIdle()
        defer { prefetcher.stop() }
        // The cycle back to the root ends; `links`, `example` and `x-` extensions are never followed by
        // resolution, so their files are not loaded.
        XCTAssertEqual(prefetcher.take("api/schemas/owner.yaml")?.root["Owner"]?["type"]?.string, "object")
        XCTAssertNotNil(prefetcher.take("api/paths/pets.yaml"))
        XCTAssertNotNil(prefetcher.take("api/schemas/pet.yaml"))
        XCTAssertNil(prefetcher.take("api/schemas/pet.yaml"), "a document is handed out once")
        // The missing and the unparsable file are left to resolution, which reports them.
        XCTAssertNil(prefetcher.take("api/schemas/broken.yaml"))
        XCTAssertNil(prefetcher.take("api/schemas/missing.yaml"))
        XCTAssertEqual(provider.reads(of: "api/schemas/broken.yaml"), 1)
        XCTAssertEqual(provider.reads(of: "api/schemas/missing.yaml"), 1)
        XCTAssertEqual(provider.reads(of: "api/openapi.yaml"), 0, "the root is the caller's")
        XCTAssertEqual(provider.reads(of: "api/examples/curl.yaml") + provider.reads(of: "api/examples/pet.yaml")
                       + provider.reads(of: "api/links/self.yaml"), 0)
    }

    func testAPathResolutionClaimsFirstIsNeverLoadedByAWorker() throws {
        // The one worker takes the root's first reference first (depth first) and is held reading it; meanwhile
        // resolution claims a file still queued behind it.
        let gate = DispatchSemaphore(value: 0)
        let provider = CountingProvider(files, gate: ("api/paths/pets.yaml", gate))
        let root = try SourceDocument.load(bytes: Array(files["api/openapi.yaml"]!.utf8), path: "api/openapi.yaml")
        let prefetcher = DocumentPrefetcher(provider: provider)
        prefetcher.start(from: root, workers: 1)
        defer { prefetcher.stop() }
        XCTAssertNil(prefetcher.take("api/schemas/pet.yaml"), "still queued: resolution loads it itself")
        gate.signal()
        prefetcher.waitUntilIdle()
        XCTAssertEqual(provider.reads(of: "api/paths/pets.yaml"), 1)
        XCTAssertEqual(provider.reads(of: "api/schemas/pet.yaml"), 0, "a claimed file is skipped by the workers")
        XCTAssertEqual(provider.reads(of: "api/schemas/owner.yaml"), 0, "only pet.yaml refers to it")
        // Resolution queues the references of a file it loaded itself.
        let pet = try SourceDocument.load(bytes: Array(files["api/schemas/pet.yaml"]!.utf8), path: "api/schemas/pet.yaml")
        prefetcher.prefetchReferences(of: pet)
        prefetcher.waitUntilIdle()
        XCTAssertNotNil(prefetcher.take("api/schemas/owner.yaml"))
        XCTAssertEqual(provider.reads(of: "api/schemas/pet.yaml"), 0)
    }

    /// The whole resolution, many times: whatever the workers' timing, the result is the same as without them.
    func testResolutionIsTheSameWhateverTheWorkersTiming() throws {
        let reference = Resolver.resolve(rootPath: "api/openapi.yaml", provider: InMemorySourceProvider(files))
        for _ in 0..<50 {
            let result = Resolver.resolve(rootPath: "api/openapi.yaml", provider: InMemorySourceProvider(files))
            XCTAssertEqual(result.api?.documents, reference.api?.documents)
            XCTAssertEqual(result.diagnostics, reference.diagnostics)
            XCTAssertEqual(result.api?.operations.map(\.operationId), reference.api?.operations.map(\.operationId))
        }
    }

    func testResolutionReadsEachFileOnceAndStillReportsTheFilesThatCouldNotBePrefetched() throws {
        let provider = CountingProvider(files)
        let result = Resolver.resolve(rootPath: "api/openapi.yaml", provider: provider)
        for path in ["api/openapi.yaml", "api/paths/pets.yaml", "api/schemas/pet.yaml", "api/schemas/owner.yaml"] {
            XCTAssertEqual(provider.reads(of: path), 1, "\(path) was read more than once")
        }
        let api = try XCTUnwrap(result.api)
        XCTAssertEqual(api.documents, ["api/openapi.yaml", "api/schemas/pet.yaml", "api/schemas/owner.yaml", "api/paths/pets.yaml"],
                       "documents are registered in resolution order, not in the order they were prefetched")
        let messages = result.diagnostics.filter { $0.severity == .error }.map(\.message)
        XCTAssertEqual(messages.count, 3, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("remote reference 'https://example.com/schema.json' cannot be resolved") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("cannot read referenced file 'api/schemas/missing.yaml'") }, "\(messages)")
        let yamlError = try XCTUnwrap(result.diagnostics.first { $0.message.hasPrefix("invalid YAML") })
        XCTAssertEqual(yamlError.location?.file, "api/schemas/broken.yaml")
    }

    func testReferencedFilesAreNormalisedRelativeToTheReferringFile() throws {
        let node = try SourceDocument.load(bytes: Array("""
            a: { $ref: '../shared/./x.yaml#/A' }
            b: { $ref: '../shared/x.yaml#/B' }
            c: { $ref: '#/a' }
            d: { $ref: 'urn:example:thing' }
            e: { $ref: 'sub/y.json' }
            """.utf8), path: "spec/resources/r.yaml").root
        XCTAssertEqual(DocumentPrefetcher.referencedFiles(in: node, of: "spec/resources/r.yaml"),
                       ["spec/shared/x.yaml", "spec/resources/sub/y.json"])
    }
}

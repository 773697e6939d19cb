import APIGenCore
import Foundation

/// Serves the fuzzer's bytes, unchanged (invalid UTF-8 included), as the one document there is.
struct FuzzInputProvider: SourceProvider {
    let path: String
    let bytes: [UInt8]

    func read(_ path: String) throws -> [UInt8] {
        guard path == self.path else { throw CocoaError(.fileNoSuchFile) }
        return bytes
    }
}

/// libFuzzer entry: spec bytes through the loader (YAML, or JSON when they start with `{`), the resolver and the
/// planner, in process and without the file system. Any outcome but a crash, a hang or a leak is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let path = bytes.first == UInt8(ascii: "{") ? "api/spec.json" : "api/spec.yaml"
    let resolved = Resolver.resolve(rootPath: path, provider: FuzzInputProvider(path: path, bytes: bytes))
    guard let api = resolved.api, !resolved.diagnostics.contains(where: { $0.severity == .error }) else { return 0 }
    var config = GeneratorConfig()
    config.spec = path
    _ = Planner.plan(api, config: config)
    return 0
}

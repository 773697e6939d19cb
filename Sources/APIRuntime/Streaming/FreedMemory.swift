#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the allocator keeps for reuse back to the system, between download segments.
///
/// FoundationNetworking allocates every received chunk on its own threads and frees it on others; glibc keeps what
/// they freed in per-thread arenas, so the resident size of a long download grew to several times what was live
/// (Docs/benchmarks.md, "Transfers"). glibc's `malloc_trim` returns it; it is looked up at run time because the
/// `Glibc` module does not export `malloc.h`, and elsewhere (Apple platforms, musl) this does nothing.
enum FreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
        #else
        return nil
        #endif
    }()

    /// Releases freed memory to the system where the allocator supports it.
    static func release() {
        _ = trim?(0)
    }
}

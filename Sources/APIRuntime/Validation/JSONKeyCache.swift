/// Member names of up to 16 bytes that ``JSONParser`` has already turned into `String`s during one parse, found by
/// their FNV-1a hash and compared by their bytes held as two words, so a repeated name is not decoded again.
///
/// Direct-mapped: a slot per hash value modulo the slot count, a new name replaces whatever was there. A miss
/// costs one comparison; a hit returns the very `String` made for the same bytes, so a parse gives the same
/// result with the cache as without it.
final class JSONKeyCache {
    /// The longest name (in UTF-8 bytes) that is cached.
    static let maxLength = 16
    private static let slotCount = 64

    private struct Entry {
        var hash: UInt32
        var length: Int
        var low: UInt64
        var high: UInt64
        var string: String
    }

    // Exclusivity is not checked dynamically: the parser is single-threaded and never nests accesses.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Entry>

    init() {
        slots = UnsafeMutablePointer<Entry>.allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Entry(hash: 0, length: -1, low: 0, high: 0, string: ""), count: Self.slotCount)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The `length` (at most 16) bytes at `pointer` as two little-endian words, zero beyond `length`. Reads 16 bytes:
    /// the caller guarantees they are inside the buffer.
    @inline(__always)
    static func words(_ pointer: UnsafeRawPointer, length: Int) -> (low: UInt64, high: UInt64) {
        var low = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
        var high = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if length < 8 {
            low &= (1 &<< UInt64(length &* 8)) &- 1
            high = 0
        } else if length < 16 {
            high &= (1 &<< UInt64((length &- 8) &* 8)) &- 1
        }
        return (low, high)
    }

    /// The string stored for exactly these bytes, if any.
    @inline(__always)
    func lookup(hash: UInt32, length: Int, low: UInt64, high: UInt64) -> String? {
        let entry = slots + Int(hash & UInt32(Self.slotCount - 1))
        guard entry.pointee.hash == hash, entry.pointee.length == length, entry.pointee.low == low,
              entry.pointee.high == high else { return nil }
        return entry.pointee.string
    }

    /// Remembers `string` as the decoding of these bytes.
    @inline(__always)
    func store(_ string: String, hash: UInt32, length: Int, low: UInt64, high: UInt64) {
        (slots + Int(hash & UInt32(Self.slotCount - 1))).pointee = Entry(hash: hash, length: length, low: low, high: high,
                                                                          string: string)
    }
}

import Foundation

/// SHA-256 (FIPS 180-4) for cache keys and download file names. Hand-written because CryptoKit is not
/// available on Linux and the runtime takes no third-party dependency. It runs on every cache lookup, so the
/// rounds work on unsafe buffers.
package enum SHA256 {
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// Four bytes from `base` as a big-endian word. (One expression of four shifted and or-ed conversions took
    /// 0.2 s to type-check on every clean build of the core.)
    @inline(__always)
    private static func bigEndianWord(_ bytes: UnsafeBufferPointer<UInt8>, at base: Int) -> UInt32 {
        var word: UInt32 = UInt32(bytes[base])
        word = word &<< 8 | UInt32(bytes[base + 1])
        word = word &<< 8 | UInt32(bytes[base + 2])
        return word &<< 8 | UInt32(bytes[base + 3])
    }

    /// The 32-byte digest of `data`.
    package static func digest(_ data: some Sequence<UInt8>) -> [UInt8] {
        var message = Array(data)
        let bitLength = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 {
            message.append(0)
        }
        for shift in stride(from: 56, through: 0, by: -8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }

        var hash: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        // Unsafe buffers: every cache lookup hashes its key, and bounds checks in the rounds doubled the cost.
        var storage = [UInt32](repeating: 0, count: 64)
        storage.withUnsafeMutableBufferPointer { words in
            roundConstants.withUnsafeBufferPointer { constants in
                message.withUnsafeBufferPointer { bytes in
                    for chunk in stride(from: 0, to: bytes.count, by: 64) {
                        for index in 0..<16 {
                            words[index] = bigEndianWord(bytes, at: chunk + index * 4)
                        }
                        for index in 16..<64 {
                            let s0 = rotate(words[index - 15], 7) ^ rotate(words[index - 15], 18) ^ (words[index - 15] >> 3)
                            let s1 = rotate(words[index - 2], 17) ^ rotate(words[index - 2], 19) ^ (words[index - 2] >> 10)
                            words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
                        }
                        var (a, b, c, d, e, f, g, h) = hash
                        for index in 0..<64 {
                            let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                            let choice = (e & f) ^ (~e & g)
                            let temp1 = h &+ s1 &+ choice &+ constants[index] &+ words[index]
                            let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                            let majority = (a & b) ^ (a & c) ^ (b & c)
                            let temp2 = s0 &+ majority
                            h = g
                            g = f
                            f = e
                            e = d &+ temp1
                            d = c
                            c = b
                            b = a
                            a = temp1 &+ temp2
                        }
                        hash = (hash.0 &+ a, hash.1 &+ b, hash.2 &+ c, hash.3 &+ d,
                                hash.4 &+ e, hash.5 &+ f, hash.6 &+ g, hash.7 &+ h)
                    }
                }
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in [hash.0, hash.1, hash.2, hash.3, hash.4, hash.5, hash.6, hash.7] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// The digest of `data` as 64 lowercase hexadecimal digits.
    package static func hex(_ data: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result = [UInt8]()
        result.reserveCapacity(64)
        for byte in digest(data) {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}

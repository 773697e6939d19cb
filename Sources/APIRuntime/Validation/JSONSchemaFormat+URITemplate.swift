extension JSONSchemaFormat {
    /// `uri-template` (RFC 6570, level 4): literals (no space, quote, `<>\^`|`, stray braces, or bad
    /// percent-encodings) and `{expressions}` with an optional operator among `+#./;?&` and a
    /// comma-separated list of variable names with an optional `:1`-`:9999` prefix or `*` explode.
    public static func isValidURITemplate(_ string: String) -> Bool {
        let scalars = string.unicodeScalars.map(\.value)
        var index = 0
        func isHex(_ position: Int) -> Bool {
            position < scalars.count && scalars[position] < 0x80 && isHexDigit(UInt8(scalars[position]))
        }
        func percentEncoded() -> Bool {
            guard scalars[index] == 0x25, isHex(index + 1), isHex(index + 2) else { return false }
            index += 3
            return true
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == 0x7B {
                index += 1
                guard index < scalars.count else { return false }
                if "+#./;?&".unicodeScalars.contains(where: { $0.value == scalars[index] }) { index += 1 }
                // variable-list = varspec *( "," varspec )
                while true {
                    // varname = varchar *( ["."] varchar )
                    var characters = 0
                    var previousWasDot = false
                    while index < scalars.count {
                        let character = scalars[index]
                        if character == 0x25 {
                            guard percentEncoded() else { return false }
                        } else if character < 0x80, isAlpha(UInt8(character)) || isDigit(UInt8(character)) || character == 0x5F {
                            index += 1
                        } else if character == 0x2E, characters > 0, !previousWasDot {
                            index += 1
                            previousWasDot = true
                            continue
                        } else {
                            break
                        }
                        characters += 1
                        previousWasDot = false
                    }
                    guard characters > 0, !previousWasDot, index < scalars.count else { return false }
                    if scalars[index] == 0x3A {
                        index += 1
                        let start = index
                        while index < scalars.count, scalars[index] < 0x80, isDigit(UInt8(scalars[index])) { index += 1 }
                        let length = index - start
                        guard length >= 1, length <= 4, scalars[start] != 0x30 else { return false }
                    } else if scalars[index] == 0x2A {
                        index += 1
                    }
                    guard index < scalars.count else { return false }
                    if scalars[index] == 0x2C {
                        index += 1
                        continue
                    }
                    guard scalars[index] == 0x7D else { return false }
                    index += 1
                    break
                }
            } else if scalar == 0x25 {
                guard percentEncoded() else { return false }
            } else {
                switch scalar {
                case 0x00...0x20, 0x22, 0x3C, 0x3E, 0x5C, 0x5E, 0x60, 0x7C, 0x7D, 0x7F: return false
                case 0x80...0x9F: return false
                default: index += 1
                }
            }
        }
        return true
    }
}

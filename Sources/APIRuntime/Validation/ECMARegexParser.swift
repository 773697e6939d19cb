/// Parses ECMA-262 pattern syntax into ``ECMARegexNode``s.
///
/// `.unicode` follows the grammar with the `u` flag exactly (what JSON Schema's `format: regex` and the
/// official test suite expect): identity escapes only for syntax characters, no lone `{`, `}` or `]`, no
/// octal escapes. `.lenient` adds the Annex B leniencies found in real-world schemas (`\-`, `\a`, lone
/// braces, `\8`) while keeping Unicode semantics for matching.
struct ECMARegexParser {
    private let scalars: [UInt32]
    private let lenient: Bool
    private var position = 0
    private var depth = 0
    private(set) var captureCount = 0
    private(set) var hasBackreferences = false
    /// Capture numbers by name, from the pre-scan.
    private var groupNumbers: [String: Int] = [:]
    private var totalCaptures = 0
    private var seenNames: Set<String> = []

    /// The deepest group nesting accepted (deeper patterns would risk the stack).
    static let maxNesting = 200

    init(pattern: String, lenient: Bool) {
        scalars = pattern.unicodeScalars.map(\.value)
        self.lenient = lenient
    }

    /// Parses the whole pattern.
    mutating func parse() throws(ECMARegexError) -> ECMARegexNode {
        prescanGroups()
        let node = try parseDisjunction()
        if position < scalars.count {
            throw syntax("unmatched ')'")
        }
        return node
    }

    // MARK: - Structure

    private mutating func parseDisjunction() throws(ECMARegexError) -> ECMARegexNode {
        var alternatives = [try parseAlternative()]
        while peek == ascii("|") {
            position += 1
            alternatives.append(try parseAlternative())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func parseAlternative() throws(ECMARegexError) -> ECMARegexNode {
        var terms: [ECMARegexNode] = []
        while let scalar = peek, scalar != ascii("|"), scalar != ascii(")") {
            terms.append(try parseTerm())
        }
        switch terms.count {
        case 0: return .empty
        case 1: return terms[0]
        default: return .sequence(terms)
        }
    }

    private mutating func parseTerm() throws(ECMARegexError) -> ECMARegexNode {
        let scalar = peek!
        switch scalar {
        case ascii("^"):
            position += 1
            try rejectQuantifier()
            return .inputStart
        case ascii("$"):
            position += 1
            try rejectQuantifier()
            return .inputEnd
        case ascii("\\") where peek(1) == ascii("b") || peek(1) == ascii("B"):
            let negated = peek(1) == ascii("B")
            position += 2
            try rejectQuantifier()
            return .wordBoundary(negated: negated)
        case ascii("(") where peek(1) == ascii("?"):
            let ahead: Bool
            let negative: Bool
            let length: Int
            switch (peek(2), peek(3)) {
            case (ascii("="), _): (ahead, negative, length) = (true, false, 3)
            case (ascii("!"), _): (ahead, negative, length) = (true, true, 3)
            case (ascii("<"), ascii("=")): (ahead, negative, length) = (false, false, 4)
            case (ascii("<"), ascii("!")): (ahead, negative, length) = (false, true, 4)
            default: return try parseQuantifier(try parseAtom())
            }
            let start = position
            position += length
            let body = try parseNested(openedAt: start)
            let look = ECMARegexNode.look(body, ahead: ahead, negative: negative)
            // Annex B allows quantifying a lookahead without the u flag.
            if ahead && lenient { return try parseQuantifier(look) }
            try rejectQuantifier()
            return look
        default:
            return try parseQuantifier(try parseAtom())
        }
    }

    /// Parses a group body up to and including its `)`.
    private mutating func parseNested(openedAt start: Int) throws(ECMARegexError) -> ECMARegexNode {
        depth += 1
        if depth > ECMARegexParser.maxNesting {
            throw ECMARegexError(kind: .tooLarge, offset: position, message: "groups nested deeper than \(ECMARegexParser.maxNesting)")
        }
        let body = try parseDisjunction()
        guard peek == ascii(")") else { throw ECMARegexError(kind: .syntax, offset: start, message: "unterminated group") }
        position += 1
        depth -= 1
        return body
    }

    private mutating func rejectQuantifier() throws(ECMARegexError) {
        guard let scalar = peek else { return }
        if scalar == ascii("*") || scalar == ascii("+") || scalar == ascii("?")
            || (scalar == ascii("{") && braceQuantifier(at: position) != nil)
        {
            throw syntax("nothing to repeat")
        }
    }

    private mutating func parseQuantifier(_ atom: ECMARegexNode) throws(ECMARegexError) -> ECMARegexNode {
        guard let scalar = peek else { return atom }
        let start = position
        let min: Int
        let max: Int?
        switch scalar {
        case ascii("*"):
            (min, max) = (0, nil)
            position += 1
        case ascii("+"):
            (min, max) = (1, nil)
            position += 1
        case ascii("?"):
            (min, max) = (0, 1)
            position += 1
        case ascii("{"):
            guard let (low, high, end) = braceQuantifier(at: position) else {
                if lenient { return atom }
                throw syntax("incomplete quantifier")
            }
            (min, max) = (low, high)
            position = end
        default:
            return atom
        }
        var greedy = true
        if peek == ascii("?") {
            greedy = false
            position += 1
        }
        if let max, max < min {
            throw ECMARegexError(kind: .syntax, offset: start, message: "numbers out of order in {} quantifier")
        }
        return .quantified(atom, min: min, max: max, greedy: greedy)
    }

    /// `{n}`, `{n,}` or `{n,m}` at `start`: the bounds and the position after `}`.
    private func braceQuantifier(at start: Int) -> (Int, Int?, Int)? {
        var index = start + 1
        func number() -> Int? {
            var value: Int?
            while index < scalars.count, let digit = decimalDigit(scalars[index]) {
                value = Swift.min((value ?? 0) * 10 + digit, 1 << 40)
                index += 1
            }
            return value
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if index < scalars.count && scalars[index] == ascii(",") {
            index += 1
            high = number()
        }
        guard index < scalars.count, scalars[index] == ascii("}") else { return nil }
        return (low, high, index + 1)
    }

    // MARK: - Atoms

    private mutating func parseAtom() throws(ECMARegexError) -> ECMARegexNode {
        let scalar = peek!
        switch scalar {
        case ascii("."):
            position += 1
            return .any
        case ascii("("):
            return try parseGroup()
        case ascii(")"):
            throw syntax("unmatched ')'")
        case ascii("["):
            return try parseClass()
        case ascii("\\"):
            return try parseAtomEscape()
        case ascii("*"), ascii("+"), ascii("?"):
            throw syntax("nothing to repeat")
        case ascii("{"):
            if lenient && braceQuantifier(at: position) == nil {
                position += 1
                return .scalar(scalar)
            }
            throw syntax(braceQuantifier(at: position) == nil ? "lone '{'" : "nothing to repeat")
        case ascii("}"), ascii("]"):
            if lenient {
                position += 1
                return .scalar(scalar)
            }
            throw syntax("lone '\(Character(Unicode.Scalar(scalar)!))'")
        default:
            position += 1
            return .scalar(scalar)
        }
    }

    private mutating func parseGroup() throws(ECMARegexError) -> ECMARegexNode {
        let start = position
        position += 1  // (
        guard peek == ascii("?") else {
            captureCount += 1
            let number = captureCount
            return .group(try parseNested(openedAt: start), capture: number)
        }
        switch peek(1) {
        case ascii(":"):
            position += 2
            return .group(try parseNested(openedAt: start), capture: nil)
        case ascii("<"):
            position += 2
            let nameStart = position
            let name = try parseGroupName()
            guard seenNames.insert(name).inserted else {
                throw ECMARegexError(kind: .syntax, offset: nameStart, message: "duplicate capture group name '\(name)'")
            }
            captureCount += 1
            let number = captureCount
            return .group(try parseNested(openedAt: start), capture: number)
        default:
            // ES2025 modifiers: (?ims-ims:...)
            position += 1
            var seen: Set<UInt32> = []
            var sawDash = false
            var count = 0
            while let scalar = peek, scalar != ascii(":") {
                if scalar == ascii("-") && !sawDash {
                    sawDash = true
                } else if scalar == ascii("i") || scalar == ascii("m") || scalar == ascii("s"), seen.insert(scalar).inserted {
                    count += 1
                } else {
                    throw ECMARegexError(kind: .syntax, offset: start, message: "invalid group")
                }
                position += 1
            }
            guard peek == ascii(":"), count > 0 else {
                throw ECMARegexError(kind: .syntax, offset: start, message: "invalid group")
            }
            position += 1
            return .modifiers(try parseNested(openedAt: start), offset: start)
        }
    }

    /// Parses `name>` of `(?<name>` or `\k<name>`.
    private mutating func parseGroupName() throws(ECMARegexError) -> String {
        let start = position
        var name = String.UnicodeScalarView()
        while let scalar = peek, scalar != ascii(">") {
            guard let value = Unicode.Scalar(scalar) else { break }
            let valid = name.isEmpty
                ? value == "$" || value == "_" || value.properties.isIDStart
                : value == "$" || value == "\u{200C}" || value == "\u{200D}" || value.properties.isIDContinue
            guard valid else { break }
            name.append(value)
            position += 1
        }
        guard !name.isEmpty, peek == ascii(">") else {
            throw ECMARegexError(kind: .syntax, offset: start, message: "invalid capture group name")
        }
        position += 1
        return String(name)
    }

    private mutating func parseAtomEscape() throws(ECMARegexError) -> ECMARegexNode {
        let start = position
        position += 1  // backslash
        guard let scalar = peek else { throw ECMARegexError(kind: .syntax, offset: start, message: "\\ at end of pattern") }
        switch scalar {
        case ascii("d"), ascii("D"), ascii("w"), ascii("W"), ascii("s"), ascii("S"):
            position += 1
            return .set(ECMARegexCharSet(ranges: classEscapeRanges(scalar), properties: [], negated: false))
        case ascii("p"), ascii("P"):
            if let item = try parseProperty() {
                return .set(ECMARegexCharSet(ranges: [], properties: [item], negated: false))
            }
            position += 1
            return .scalar(scalar)
        case ascii("1")...ascii("9"):
            let digitsStart = position
            var number = 0
            while let value = peek, let digit = decimalDigit(value) {
                number = Swift.min(number * 10 + digit, 1 << 40)
                position += 1
            }
            if number <= totalCaptures {
                hasBackreferences = true
                return .backreference(number)
            }
            guard lenient else {
                throw ECMARegexError(kind: .syntax, offset: start, message: "invalid backreference \\\(number)")
            }
            position = digitsStart
            return .scalar(legacyOctalOrIdentity())
        case ascii("k"):
            guard !lenient || !groupNumbers.isEmpty else {
                position += 1
                return .scalar(scalar)
            }
            position += 1
            guard peek == ascii("<") else { throw ECMARegexError(kind: .syntax, offset: start, message: "invalid named reference") }
            position += 1
            let name = try parseGroupName()
            guard let number = groupNumbers[name] else {
                throw ECMARegexError(kind: .syntax, offset: start, message: "undefined capture group name '\(name)'")
            }
            hasBackreferences = true
            return .backreference(number)
        default:
            return .scalar(try parseCharacterEscape(inClass: false, start: start))
        }
    }

    /// Parses the escape after a backslash (at `position`) that stands for one code point.
    private mutating func parseCharacterEscape(inClass: Bool, start: Int) throws(ECMARegexError) -> UInt32 {
        let scalar = peek!
        position += 1
        switch scalar {
        case ascii("f"): return 0x0C
        case ascii("n"): return 0x0A
        case ascii("r"): return 0x0D
        case ascii("t"): return 0x09
        case ascii("v"): return 0x0B
        case ascii("c"):
            if let letter = peek, isASCIILetter(letter) || (lenient && inClass && (decimalDigit(letter) != nil || letter == ascii("_"))) {
                position += 1
                return letter % 32
            }
            guard lenient else { throw ECMARegexError(kind: .syntax, offset: start, message: "invalid control escape") }
            position -= 1  // the backslash stands for itself, `c` is read next
            return ascii("\\")
        case ascii("0"):
            if let next = peek, decimalDigit(next) != nil {
                guard lenient else { throw ECMARegexError(kind: .syntax, offset: start, message: "invalid decimal escape") }
                position -= 1
                return legacyOctalOrIdentity()
            }
            return 0
        case ascii("1")...ascii("9"):
            // Only reachable inside a class.
            guard lenient else { throw ECMARegexError(kind: .syntax, offset: start, message: "invalid class escape") }
            position -= 1
            return legacyOctalOrIdentity()
        case ascii("x"):
            if let high = peek.flatMap(hexDigit), let low = peek(1).flatMap(hexDigit) {
                position += 2
                return UInt32(high * 16 + low)
            }
            guard lenient else { throw ECMARegexError(kind: .syntax, offset: start, message: "invalid hexadecimal escape") }
            return scalar
        case ascii("u"):
            if let value = try parseUnicodeEscapeBody(start: start) { return value }
            return scalar
        case ascii("-") where inClass:
            return scalar
        default:
            if isSyntaxCharacter(scalar) || scalar == ascii("/") { return scalar }
            // Annex B identity escape: any other character stands for itself.
            guard lenient else { throw ECMARegexError(kind: .syntax, offset: start, message: "invalid escape") }
            return scalar
        }
    }

    /// After `\u`: `{hex}` or `XXXX` (joining a `\uXXXX\uXXXX` surrogate pair); nil in lenient mode when
    /// malformed (then `u` stands for itself).
    private mutating func parseUnicodeEscapeBody(start: Int) throws(ECMARegexError) -> UInt32? {
        if peek == ascii("{") {
            var index = position + 1
            var value: UInt32 = 0
            var digits = 0
            while index < scalars.count, let digit = hexDigit(scalars[index]) {
                value = Swift.min(value * 16 + UInt32(digit), 0x110000)
                digits += 1
                index += 1
            }
            if digits > 0, index < scalars.count, scalars[index] == ascii("}"), value <= 0x10FFFF {
                position = index + 1
                return value
            }
        } else if let value = hex4(at: position) {
            position += 4
            if value >= 0xD800 && value <= 0xDBFF, peek == ascii("\\"), peek(1) == ascii("u"),
               let low = hex4(at: position + 2), low >= 0xDC00 && low <= 0xDFFF
            {
                position += 6
                return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            return value
        }
        guard lenient else { throw ECMARegexError(kind: .syntax, offset: start, message: "invalid Unicode escape") }
        return nil
    }

    private func hex4(at index: Int) -> UInt32? {
        guard index + 4 <= scalars.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexDigit(scalars[index + offset]) else { return nil }
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    /// Annex B: `\0`-`\377` octal, or `\8`/`\9` as the digit itself. `position` is at the first digit.
    private mutating func legacyOctalOrIdentity() -> UInt32 {
        let first = scalars[position]
        guard first <= ascii("7") else {
            position += 1
            return first
        }
        var value: UInt32 = 0
        var count = 0
        while count < 3, let scalar = peek, scalar >= ascii("0"), scalar <= ascii("7"), value * 8 + (scalar - ascii("0")) <= 0o377 {
            value = value * 8 + (scalar - ascii("0"))
            position += 1
            count += 1
        }
        return value
    }

    /// After `\p` or `\P` (at `p`): `{name}` or `{name=value}`. Nil in lenient mode when there is no `{`.
    private mutating func parseProperty() throws(ECMARegexError) -> ECMARegexPropertyItem? {
        let start = position - 1
        let negated = peek == ascii("P")
        guard peek(1) == ascii("{") else {
            if lenient { return nil }
            throw ECMARegexError(kind: .syntax, offset: start, message: "invalid property escape")
        }
        var index = position + 2
        var text = String.UnicodeScalarView()
        while index < scalars.count, scalars[index] != ascii("}") {
            guard let value = Unicode.Scalar(scalars[index]), value.isASCII,
                  value.properties.isAlphabetic || decimalDigit(scalars[index]) != nil || value == "_" || value == "="
            else { break }
            text.append(value)
            index += 1
        }
        guard index < scalars.count, scalars[index] == ascii("}") else {
            throw ECMARegexError(kind: .syntax, offset: start, message: "invalid property escape")
        }
        let parts = String(text).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let property = parts.count == 2
            ? ECMARegexProperty.resolve(name: parts[0], value: parts[1])
            : ECMARegexProperty.resolve(name: parts[0], value: nil)
        guard let property else {
            throw ECMARegexError(kind: .syntax, offset: start, message: "unknown Unicode property '\(String(text))'")
        }
        position = index + 1
        return ECMARegexPropertyItem(property: property, negated: negated)
    }

    // MARK: - Character classes

    private enum ClassAtom {
        case scalar(UInt32)
        case set([(UInt32, UInt32)], [ECMARegexPropertyItem])
    }

    private mutating func parseClass() throws(ECMARegexError) -> ECMARegexNode {
        let start = position
        position += 1  // [
        var negated = false
        if peek == ascii("^") {
            negated = true
            position += 1
        }
        var ranges: [(UInt32, UInt32)] = []
        var properties: [ECMARegexPropertyItem] = []
        func add(_ atom: ClassAtom) {
            switch atom {
            case .scalar(let scalar): ranges.append((scalar, scalar))
            case .set(let more, let items):
                ranges += more
                properties += items
            }
        }
        while true {
            guard let scalar = peek else {
                throw ECMARegexError(kind: .syntax, offset: start, message: "unterminated character class")
            }
            if scalar == ascii("]") {
                position += 1
                break
            }
            let atomStart = position
            let first = try parseClassAtom()
            if peek == ascii("-"), let next = peek(1), next != ascii("]") {
                position += 1
                let second = try parseClassAtom()
                if case .scalar(let low) = first, case .scalar(let high) = second {
                    guard low <= high else {
                        throw ECMARegexError(kind: .syntax, offset: atomStart, message: "range out of order in character class")
                    }
                    ranges.append((low, high))
                } else {
                    guard lenient else {
                        throw ECMARegexError(kind: .syntax, offset: atomStart, message: "invalid character class range")
                    }
                    add(first)
                    add(.scalar(ascii("-")))
                    add(second)
                }
            } else {
                add(first)
            }
        }
        let set = ECMARegexCharSet(ranges: ranges, properties: properties, negated: negated)
        return .set(set)
    }

    private mutating func parseClassAtom() throws(ECMARegexError) -> ClassAtom {
        let scalar = peek!
        guard scalar == ascii("\\") else {
            position += 1
            return .scalar(scalar)
        }
        let start = position
        position += 1
        guard let escaped = peek else { throw ECMARegexError(kind: .syntax, offset: start, message: "\\ at end of pattern") }
        switch escaped {
        case ascii("b"):
            position += 1
            return .scalar(0x08)
        case ascii("d"), ascii("D"), ascii("w"), ascii("W"), ascii("s"), ascii("S"):
            position += 1
            return .set(classEscapeRanges(escaped), [])
        case ascii("p"), ascii("P"):
            if let item = try parseProperty() { return .set([], [item]) }
            position += 1
            return .scalar(escaped)
        case ascii("k") where !lenient:
            throw ECMARegexError(kind: .syntax, offset: start, message: "invalid escape in character class")
        default:
            return .scalar(try parseCharacterEscape(inClass: true, start: start))
        }
    }

    private func classEscapeRanges(_ letter: UInt32) -> [(UInt32, UInt32)] {
        switch letter {
        case ascii("d"): ECMARegexCharSet.digitRanges
        case ascii("D"): ECMARegexCharSet.complement(ECMARegexCharSet.digitRanges)
        case ascii("w"): ECMARegexCharSet.wordRanges
        case ascii("W"): ECMARegexCharSet.complement(ECMARegexCharSet.wordRanges)
        case ascii("s"): ECMARegexCharSet.spaceRanges
        default: ECMARegexCharSet.complement(ECMARegexCharSet.spaceRanges)
        }
    }

    // MARK: - Pre-scan

    /// Counts capture groups and records group names before parsing, so that forward references
    /// (`\2(a)(b)`, `\k<x>(?<x>a)`) resolve.
    private mutating func prescanGroups() {
        var index = 0
        var inClass = false
        var count = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == ascii("\\") {
                index += 2
                continue
            }
            if inClass {
                if scalar == ascii("]") { inClass = false }
            } else if scalar == ascii("[") {
                inClass = true
            } else if scalar == ascii("(") {
                if index + 1 < scalars.count && scalars[index + 1] == ascii("?") {
                    if index + 3 < scalars.count, scalars[index + 2] == ascii("<"),
                       scalars[index + 3] != ascii("="), scalars[index + 3] != ascii("!")
                    {
                        count += 1
                        var end = index + 3
                        var name = String.UnicodeScalarView()
                        while end < scalars.count, scalars[end] != ascii(">"), let value = Unicode.Scalar(scalars[end]) {
                            name.append(value)
                            end += 1
                        }
                        if groupNumbers[String(name)] == nil { groupNumbers[String(name)] = count }
                    }
                } else {
                    count += 1
                }
            }
            index += 1
        }
        totalCaptures = count
    }

    // MARK: - Helpers

    private var peek: UInt32? {
        position < scalars.count ? scalars[position] : nil
    }

    private func peek(_ offset: Int) -> UInt32? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private func syntax(_ message: String) -> ECMARegexError {
        ECMARegexError(kind: .syntax, offset: position, message: message)
    }

    private func ascii(_ character: Unicode.Scalar) -> UInt32 {
        character.value
    }

    private func decimalDigit(_ scalar: UInt32) -> Int? {
        scalar >= 0x30 && scalar <= 0x39 ? Int(scalar - 0x30) : nil
    }

    private func hexDigit(_ scalar: UInt32) -> Int? {
        switch scalar {
        case 0x30...0x39: Int(scalar - 0x30)
        case 0x41...0x46: Int(scalar - 0x41 + 10)
        case 0x61...0x66: Int(scalar - 0x61 + 10)
        default: nil
        }
    }

    private func isASCIILetter(_ scalar: UInt32) -> Bool {
        (scalar >= 0x41 && scalar <= 0x5A) || (scalar >= 0x61 && scalar <= 0x7A)
    }

    private func isSyntaxCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x5E, 0x24, 0x5C, 0x2E, 0x2A, 0x2B, 0x3F, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x7C: true
        default: false
        }
    }
}

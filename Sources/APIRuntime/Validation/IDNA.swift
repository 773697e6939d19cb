import Foundation

/// IDNA2008 label rules (RFC 5891-5893) for `hostname` A-labels and `idn-hostname`.
///
/// Code point validity follows the RFC 5892 derivation from Unicode properties (exceptions, unassigned,
/// LDH, joiners, stability under NFKC case folding, ignorables, old Hangul jamo, letters/digits/marks).
/// Two inputs the standard library does not provide are approximated by tables: scripts (for the
/// contextual rules) and Joining_Type/Bidi_Class (for the ZWNJ and Bidi rules), which makes those
/// checks best effort outside the common scripts.
enum IDNA {
    /// The RFC 5892 derived property of a code point.
    enum DerivedProperty {
        case pvalid
        case contextJ
        case contextO
        case disallowed
        case unassigned
    }

    /// Whether `label` (code points, no dots) is a valid U-label: NFC, hyphen rules, no leading combining
    /// mark, every code point PVALID or allowed by its contextual rule.
    static func isValidULabel(_ label: [UInt32]) -> Bool {
        guard !label.isEmpty, label.first != 0x2D, label.last != 0x2D else { return false }
        if label.count >= 4 && label[2] == 0x2D && label[3] == 0x2D { return false }
        guard let first = Unicode.Scalar(label[0]) else { return false }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: break
        }
        guard isNFC(label) else { return false }
        for index in label.indices {
            switch derivedProperty(label[index]) {
            case .pvalid: continue
            case .contextJ: guard contextJAllows(label, at: index) else { return false }
            case .contextO: guard contextOAllows(label, at: index) else { return false }
            case .disallowed, .unassigned: return false
            }
        }
        return true
    }

    /// Decodes and checks an A-label given without its `xn--` prefix: valid Punycode that round-trips,
    /// decodes to something non-ASCII, and is a valid U-label. Returns the U-label.
    static func uLabel(fromPunycode encoded: [UInt8]) -> [UInt32]? {
        guard let decoded = Punycode.decode(encoded), decoded.contains(where: { $0 >= 0x80 }),
              let reencoded = Punycode.encode(decoded),
              reencoded.map({ $0 | 0x20 }) == encoded.map({ $0 | 0x20 }),
              isValidULabel(decoded)
        else { return nil }
        return decoded
    }

    /// The RFC 5892 §2 derived property of `scalar`.
    static func derivedProperty(_ value: UInt32) -> DerivedProperty {
        if let exception = exceptions[value] { return exception }
        guard let scalar = Unicode.Scalar(value) else { return .disallowed }
        let properties = scalar.properties
        if properties.generalCategory == .unassigned && !properties.isNoncharacterCodePoint { return .unassigned }
        switch value {
        case 0x61...0x7A, 0x30...0x39, 0x2D: return .pvalid
        case 0x200C, 0x200D: return .contextJ
        default: break
        }
        if value < 0x80 { return .disallowed }
        if isUnstable(scalar) { return .disallowed }
        if properties.isDefaultIgnorableCodePoint || properties.isWhitespace || properties.isNoncharacterCodePoint { return .disallowed }
        switch value {
        case 0x20D0...0x20FF, 0x1D100...0x1D1FF, 0x1D200...0x1D24F: return .disallowed  // ignorable blocks
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return .disallowed  // old Hangul jamo
        default: break
        }
        switch properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter, .nonspacingMark, .spacingMark:
            return .pvalid
        default:
            return .disallowed
        }
    }

    /// RFC 5892 §2.6 exceptions.
    private static let exceptions: [UInt32: DerivedProperty] = {
        var table: [UInt32: DerivedProperty] = [:]
        for value: UInt32 in [0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007] { table[value] = .pvalid }
        for value: UInt32 in [0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB] { table[value] = .contextO }
        for value: UInt32 in 0x0660...0x0669 { table[value] = .contextO }
        for value: UInt32 in 0x06F0...0x06F9 { table[value] = .contextO }
        for value: UInt32 in [0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B] {
            table[value] = .disallowed
        }
        return table
    }()

    /// RFC 5892 §2.2: `toNFKC(toCaseFold(toNFKC(cp))) != cp`.
    private static func isUnstable(_ scalar: Unicode.Scalar) -> Bool {
        let original = String(Character(scalar))
        let folded = original.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCompatibilityMapping
        return !folded.unicodeScalars.elementsEqual(original.unicodeScalars)
    }

    private static func isNFC(_ label: [UInt32]) -> Bool {
        var string = String.UnicodeScalarView()
        for value in label {
            guard let scalar = Unicode.Scalar(value) else { return false }
            string.append(scalar)
        }
        return String(string).precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value) == label
    }

    // MARK: - Contextual rules (RFC 5892 appendix A)

    private static func contextJAllows(_ label: [UInt32], at index: Int) -> Bool {
        if index > 0, let before = Unicode.Scalar(label[index - 1]), before.properties.canonicalCombiningClass.rawValue == 9 {
            return true  // preceded by a virama
        }
        guard label[index] == 0x200C else { return false }
        // (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*(Joining_Type:{R,D})
        var before = index - 1
        while before >= 0 && joiningType(label[before]) == .transparent { before -= 1 }
        guard before >= 0, [.left, .dual].contains(joiningType(label[before])) else { return false }
        var after = index + 1
        while after < label.count && joiningType(label[after]) == .transparent { after += 1 }
        return after < label.count && [.right, .dual].contains(joiningType(label[after]))
    }

    private static func contextOAllows(_ label: [UInt32], at index: Int) -> Bool {
        let value = label[index]
        switch value {
        case 0x00B7:
            return index > 0 && index + 1 < label.count && label[index - 1] == 0x6C && label[index + 1] == 0x6C
        case 0x0375:
            return index + 1 < label.count && isGreek(label[index + 1])
        case 0x05F3, 0x05F4:
            return index > 0 && isHebrew(label[index - 1])
        case 0x30FB:
            return label.contains { $0 != 0x30FB && (isHiragana($0) || isKatakana($0) || isHan($0)) }
        case 0x0660...0x0669:
            return !label.contains { (0x06F0...0x06F9).contains($0) }
        case 0x06F0...0x06F9:
            return !label.contains { (0x0660...0x0669).contains($0) }
        default:
            return false
        }
    }

    private static func isGreek(_ value: UInt32) -> Bool {
        (0x0370...0x03FF).contains(value) && value != 0x037E && value != 0x0387 || (0x1F00...0x1FFF).contains(value)
    }

    private static func isHebrew(_ value: UInt32) -> Bool {
        (0x0591...0x05F4).contains(value) || (0xFB1D...0xFB4F).contains(value)
    }

    private static func isHiragana(_ value: UInt32) -> Bool {
        (0x3041...0x309F).contains(value) || (0x1B001...0x1B11F).contains(value)
    }

    private static func isKatakana(_ value: UInt32) -> Bool {
        (0x30A0...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0xFF66...0xFF9D).contains(value)
            || (0x32D0...0x32FE).contains(value) || (0x1B000...0x1B000).contains(value)
    }

    private static func isHan(_ value: UInt32) -> Bool {
        switch value {
        case 0x2E80...0x2FDF, 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0x20000...0x3134F:
            true
        default:
            false
        }
    }

    // MARK: - Joining types

    private enum JoiningType {
        case dual, left, right, transparent, none
    }

    /// Right-joining letters of the Arabic and Syriac blocks (ArabicShaping.txt); the other letters of the
    /// joining scripts are taken as dual-joining.
    private static let rightJoining: [ClosedRange<UInt32>] = [
        0x0622...0x0625, 0x0627...0x0627, 0x0629...0x0629, 0x062F...0x0632, 0x0648...0x0648, 0x0671...0x0673,
        0x0675...0x0677, 0x0688...0x0699, 0x06C0...0x06C0, 0x06C3...0x06CB, 0x06CD...0x06CD, 0x06CF...0x06CF,
        0x06D2...0x06D3, 0x06D5...0x06D5, 0x06EE...0x06EF, 0x0710...0x0710, 0x0715...0x0719, 0x071E...0x071E,
        0x0728...0x0728, 0x072A...0x072A, 0x072C...0x072C, 0x072F...0x072F, 0x074D...0x074D, 0x0759...0x075B,
        0x076B...0x076C, 0x0771...0x0771, 0x0773...0x0774, 0x0778...0x0779, 0x08AA...0x08AC, 0x08AE...0x08AE,
        0x08B1...0x08B2, 0x08B9...0x08B9,
    ]

    private static func joiningType(_ value: UInt32) -> JoiningType {
        guard let scalar = Unicode.Scalar(value) else { return .none }
        if value == 0x200C || value == 0x200D { return .none }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return .transparent
        case .otherLetter:
            let joining = (0x0620...0x074F).contains(value) || (0x0750...0x077F).contains(value)
                || (0x07CA...0x07EA).contains(value) || (0x0860...0x08FF).contains(value) || (0x1807...0x18AA).contains(value)
            guard joining, value != 0x0621, value != 0x0674 else { return .none }
            return rightJoining.contains { $0.contains(value) } ? .right : .dual
        default:
            return .none
        }
    }

    // MARK: - Bidi rule (RFC 5893)

    private enum BidiClass {
        case leftToRight, rightToLeft, arabicLetter, europeanNumber, arabicNumber
        case europeanSeparator, commonSeparator, europeanTerminator, otherNeutral, boundaryNeutral, nonspacingMark, other
    }

    private static func bidiClass(_ value: UInt32) -> BidiClass {
        switch value {
        case 0x30...0x39, 0x06F0...0x06F9, 0x00B2, 0x00B3, 0x00B9: return .europeanNumber
        case 0x0660...0x0669, 0x066B, 0x066C: return .arabicNumber
        case 0x2B, 0x2D: return .europeanSeparator
        case 0x2C, 0x2E, 0x2F, 0x3A, 0xA0: return .commonSeparator
        case 0x23...0x25, 0xA2...0xA5, 0xB0, 0xB1: return .europeanTerminator
        case 0x200B...0x200D: return .boundaryNeutral
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return .other }
        let category = scalar.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark { return .nonspacingMark }
        switch value {
        case 0x0590...0x05FF, 0x07C0...0x085F, 0xFB1D...0xFB4F, 0x10800...0x10FFF, 0x1E800...0x1EDFF:
            return .rightToLeft
        case 0x0600...0x07BF, 0x0860...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF, 0x1EE00...0x1EEFF:
            return .arabicLetter
        default:
            break
        }
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            return .leftToRight
        case .control, .format:
            return .boundaryNeutral
        default:
            return .otherNeutral
        }
    }

    /// Whether a domain with these labels passes RFC 5893: when any label has a right-to-left character
    /// (R, AL or AN), every label must satisfy the Bidi rule.
    static func satisfiesBidiRule(_ labels: [[UInt32]]) -> Bool {
        let isBidiDomain = labels.contains { label in
            label.contains { [.rightToLeft, .arabicLetter, .arabicNumber].contains(bidiClass($0)) }
        }
        guard isBidiDomain else { return true }
        return labels.allSatisfy(labelSatisfiesBidiRule)
    }

    private static func labelSatisfiesBidiRule(_ label: [UInt32]) -> Bool {
        let classes = label.map(bidiClass)
        guard let first = classes.first else { return false }
        let significantLast = classes.last { $0 != .nonspacingMark }
        switch first {
        case .rightToLeft, .arabicLetter:
            let allowed: [BidiClass] = [.rightToLeft, .arabicLetter, .arabicNumber, .europeanNumber, .europeanSeparator,
                                        .commonSeparator, .europeanTerminator, .otherNeutral, .boundaryNeutral, .nonspacingMark]
            guard classes.allSatisfy(allowed.contains) else { return false }
            guard let last = significantLast, [.rightToLeft, .arabicLetter, .europeanNumber, .arabicNumber].contains(last) else { return false }
            return !(classes.contains(.europeanNumber) && classes.contains(.arabicNumber))
        case .leftToRight:
            let allowed: [BidiClass] = [.leftToRight, .europeanNumber, .europeanSeparator, .commonSeparator,
                                        .europeanTerminator, .otherNeutral, .boundaryNeutral, .nonspacingMark]
            guard classes.allSatisfy(allowed.contains) else { return false }
            guard let last = significantLast, last == .leftToRight || last == .europeanNumber else { return false }
            return true
        default:
            return false
        }
    }
}

import Foundation

/// A Unicode property usable in `\p{...}` / `\P{...}`, with ECMA-262's names and aliases.
///
/// General categories and the binary properties come from the standard library's Unicode data.
/// `Script`/`Script_Extensions` values, `Extended_Pictographic` and `Emoji_Component`, which the standard
/// library does not expose, are answered by ICU through `NSRegularExpression` (slow, but only for
/// non-ASCII code points of such rare classes).
enum ECMARegexProperty: Sendable {
    /// A union of general categories, one bit each (see ``categoryBit(_:)``).
    case generalCategory(UInt32)
    /// A binary property the standard library knows.
    case binary(@Sendable (Unicode.Scalar.Properties) -> Bool)
    /// Every code point.
    case any
    /// U+0000...U+007F.
    case ascii
    /// Every assigned code point.
    case assigned
    /// Fixed inclusive ranges.
    case ranges([(UInt32, UInt32)])
    /// A property ICU answers.
    case icu(ECMARegexICUProperty)

    /// Whether `scalar` has the property.
    func contains(_ scalar: UInt32) -> Bool {
        switch self {
        case .any:
            return true
        case .ascii:
            return scalar < 0x80
        case .generalCategory(let mask):
            guard let value = Unicode.Scalar(scalar) else { return mask & (1 << 27) != 0 }  // surrogates: Cs
            return mask & (1 << ECMARegexProperty.categoryBit(value.properties.generalCategory)) != 0
        case .assigned:
            guard let value = Unicode.Scalar(scalar) else { return true }
            return value.properties.generalCategory != .unassigned
        case .binary(let test):
            guard let value = Unicode.Scalar(scalar) else { return false }
            return test(value.properties)
        case .ranges(let ranges):
            return ranges.contains { scalar >= $0.0 && scalar <= $0.1 }
        case .icu(let property):
            return property.contains(scalar)
        }
    }

    /// Resolves `\p{name}` (`value` nil) or `\p{name=value}`; nil when ECMA-262 does not define it.
    static func resolve(name: String, value: String?) -> ECMARegexProperty? {
        guard let value else {
            if let mask = categoryMasks[name] { return .generalCategory(mask) }
            return binaryProperty(name)
        }
        switch name {
        case "General_Category", "gc":
            return categoryMasks[value].map(ECMARegexProperty.generalCategory)
        case "Script", "sc", "Script_Extensions", "scx":
            guard isScriptValueName(value) else { return nil }
            let key = name.hasPrefix("Script_") || name == "scx" ? "scx" : "sc"
            return ECMARegexICUProperty.make("\\p{\(key)=\(value)}").map(ECMARegexProperty.icu)
        default:
            return nil
        }
    }

    private static func isScriptValueName(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, first.properties.isUppercase, first.isASCII else { return false }
        return value.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_") }
    }

    // MARK: - General categories

    /// The bit of a general category in a ``generalCategory(_:)`` mask.
    static func categoryBit(_ category: Unicode.GeneralCategory) -> UInt32 {
        switch category {
        case .uppercaseLetter: 0
        case .lowercaseLetter: 1
        case .titlecaseLetter: 2
        case .modifierLetter: 3
        case .otherLetter: 4
        case .nonspacingMark: 5
        case .spacingMark: 6
        case .enclosingMark: 7
        case .decimalNumber: 8
        case .letterNumber: 9
        case .otherNumber: 10
        case .connectorPunctuation: 11
        case .dashPunctuation: 12
        case .openPunctuation: 13
        case .closePunctuation: 14
        case .initialPunctuation: 15
        case .finalPunctuation: 16
        case .otherPunctuation: 17
        case .mathSymbol: 18
        case .currencySymbol: 19
        case .modifierSymbol: 20
        case .otherSymbol: 21
        case .spaceSeparator: 22
        case .lineSeparator: 23
        case .paragraphSeparator: 24
        case .control: 25
        case .format: 26
        case .surrogate: 27
        case .privateUse: 28
        case .unassigned: 29
        @unknown default: 29
        }
    }

    private static func bits(_ values: UInt32...) -> UInt32 {
        values.reduce(0) { $0 | 1 << $1 }
    }

    /// ECMA-262 table "Value aliases and canonical values for General_Category".
    private static let categoryMasks: [String: UInt32] = {
        let letter = bits(0, 1, 2, 3, 4)
        let mark = bits(5, 6, 7)
        let number = bits(8, 9, 10)
        let punctuation = bits(11, 12, 13, 14, 15, 16, 17)
        let symbol = bits(18, 19, 20, 21)
        let separator = bits(22, 23, 24)
        let other = bits(25, 26, 27, 28, 29)
        let table: [([String], UInt32)] = [
            (["Cased_Letter", "LC"], bits(0, 1, 2)),
            (["Close_Punctuation", "Pe"], bits(14)),
            (["Connector_Punctuation", "Pc"], bits(11)),
            (["Control", "Cc", "cntrl"], bits(25)),
            (["Currency_Symbol", "Sc"], bits(19)),
            (["Dash_Punctuation", "Pd"], bits(12)),
            (["Decimal_Number", "Nd", "digit"], bits(8)),
            (["Enclosing_Mark", "Me"], bits(7)),
            (["Final_Punctuation", "Pf"], bits(16)),
            (["Format", "Cf"], bits(26)),
            (["Initial_Punctuation", "Pi"], bits(15)),
            (["Letter", "L"], letter),
            (["Letter_Number", "Nl"], bits(9)),
            (["Line_Separator", "Zl"], bits(23)),
            (["Lowercase_Letter", "Ll"], bits(1)),
            (["Mark", "M", "Combining_Mark"], mark),
            (["Math_Symbol", "Sm"], bits(18)),
            (["Modifier_Letter", "Lm"], bits(3)),
            (["Modifier_Symbol", "Sk"], bits(20)),
            (["Nonspacing_Mark", "Mn"], bits(5)),
            (["Number", "N"], number),
            (["Open_Punctuation", "Ps"], bits(13)),
            (["Other", "C"], other),
            (["Other_Letter", "Lo"], bits(4)),
            (["Other_Number", "No"], bits(10)),
            (["Other_Punctuation", "Po"], bits(17)),
            (["Other_Symbol", "So"], bits(21)),
            (["Paragraph_Separator", "Zp"], bits(24)),
            (["Private_Use", "Co"], bits(28)),
            (["Punctuation", "P", "punct"], punctuation),
            (["Separator", "Z"], separator),
            (["Space_Separator", "Zs"], bits(22)),
            (["Spacing_Mark", "Mc"], bits(6)),
            (["Surrogate", "Cs"], bits(27)),
            (["Symbol", "S"], symbol),
            (["Titlecase_Letter", "Lt"], bits(2)),
            (["Unassigned", "Cn"], bits(29)),
            (["Uppercase_Letter", "Lu"], bits(0)),
        ]
        var masks: [String: UInt32] = [:]
        for (names, mask) in table {
            for name in names { masks[name] = mask }
        }
        return masks
    }()

    // MARK: - Binary properties

    /// ECMA-262 table "Binary Unicode property aliases".
    private static func binaryProperty(_ name: String) -> ECMARegexProperty? {
        switch name {
        case "Any": return .any
        case "ASCII": return .ascii
        case "Assigned": return .assigned
        case "ASCII_Hex_Digit", "AHex": return .binary { $0.isASCIIHexDigit }
        case "Alphabetic", "Alpha": return .binary { $0.isAlphabetic }
        case "Bidi_Control", "Bidi_C": return .binary { $0.isBidiControl }
        case "Bidi_Mirrored", "Bidi_M": return .binary { $0.isBidiMirrored }
        case "Case_Ignorable", "CI": return .binary { $0.isCaseIgnorable }
        case "Cased": return .binary { $0.isCased }
        case "Changes_When_Casefolded", "CWCF": return .binary { $0.changesWhenCaseFolded }
        case "Changes_When_Casemapped", "CWCM": return .binary { $0.changesWhenCaseMapped }
        case "Changes_When_Lowercased", "CWL": return .binary { $0.changesWhenLowercased }
        case "Changes_When_NFKC_Casefolded", "CWKCF": return .binary { $0.changesWhenNFKCCaseFolded }
        case "Changes_When_Titlecased", "CWT": return .binary { $0.changesWhenTitlecased }
        case "Changes_When_Uppercased", "CWU": return .binary { $0.changesWhenUppercased }
        case "Dash": return .binary { $0.isDash }
        case "Default_Ignorable_Code_Point", "DI": return .binary { $0.isDefaultIgnorableCodePoint }
        case "Deprecated", "Dep": return .binary { $0.isDeprecated }
        case "Diacritic", "Dia": return .binary { $0.isDiacritic }
        case "Emoji": return .binary { $0.isEmoji }
        case "Emoji_Component", "EComp": return ECMARegexICUProperty.make("\\p{Emoji_Component}").map(ECMARegexProperty.icu)
        case "Emoji_Modifier", "EMod": return .binary { $0.isEmojiModifier }
        case "Emoji_Modifier_Base", "EBase": return .binary { $0.isEmojiModifierBase }
        case "Emoji_Presentation", "EPres": return .binary { $0.isEmojiPresentation }
        case "Extended_Pictographic", "ExtPict": return ECMARegexICUProperty.make("\\p{Extended_Pictographic}").map(ECMARegexProperty.icu)
        case "Extender", "Ext": return .binary { $0.isExtender }
        case "Grapheme_Base", "Gr_Base": return .binary { $0.isGraphemeBase }
        case "Grapheme_Extend", "Gr_Ext": return .binary { $0.isGraphemeExtend }
        case "Hex_Digit", "Hex": return .binary { $0.isHexDigit }
        case "IDS_Binary_Operator", "IDSB": return .binary { $0.isIDSBinaryOperator }
        case "IDS_Trinary_Operator", "IDST": return .binary { $0.isIDSTrinaryOperator }
        case "ID_Continue", "IDC": return .binary { $0.isIDContinue }
        case "ID_Start", "IDS": return .binary { $0.isIDStart }
        case "Ideographic", "Ideo": return .binary { $0.isIdeographic }
        case "Join_Control", "Join_C": return .binary { $0.isJoinControl }
        case "Logical_Order_Exception", "LOE": return .binary { $0.isLogicalOrderException }
        case "Lowercase", "Lower": return .binary { $0.isLowercase }
        case "Math": return .binary { $0.isMath }
        case "Noncharacter_Code_Point", "NChar": return .binary { $0.isNoncharacterCodePoint }
        case "Pattern_Syntax", "Pat_Syn": return .binary { $0.isPatternSyntax }
        case "Pattern_White_Space", "Pat_WS": return .binary { $0.isPatternWhitespace }
        case "Quotation_Mark", "QMark": return .binary { $0.isQuotationMark }
        case "Radical": return .binary { $0.isRadical }
        case "Regional_Indicator", "RI": return .ranges([(0x1F1E6, 0x1F1FF)])
        case "Sentence_Terminal", "STerm": return .binary { $0.isSentenceTerminal }
        case "Soft_Dotted", "SD": return .binary { $0.isSoftDotted }
        case "Terminal_Punctuation", "Term": return .binary { $0.isTerminalPunctuation }
        case "Unified_Ideograph", "UIdeo": return .binary { $0.isUnifiedIdeograph }
        case "Uppercase", "Upper": return .binary { $0.isUppercase }
        case "Variation_Selector", "VS": return .binary { $0.isVariationSelector }
        case "White_Space", "space": return .binary { $0.isWhitespace }
        case "XID_Continue", "XIDC": return .binary { $0.isXIDContinue }
        case "XID_Start", "XIDS": return .binary { $0.isXIDStart }
        default: return nil
        }
    }
}

/// `\p{...}` or `\P{...}` inside a class.
struct ECMARegexPropertyItem: Sendable {
    let property: ECMARegexProperty
    let negated: Bool

    @inline(__always)
    func matches(_ scalar: UInt32) -> Bool {
        property.contains(scalar) != negated
    }
}

/// A Unicode property answered by ICU: a compiled one-character `NSRegularExpression`.
final class ECMARegexICUProperty: @unchecked Sendable {
    // @unchecked is safe: NSRegularExpression is immutable and documented as thread-safe.
    private let expression: NSRegularExpression

    private init(expression: NSRegularExpression) {
        self.expression = expression
    }

    /// Compiles an ICU property pattern such as `\p{sc=Greek}`; nil when ICU rejects it.
    static func make(_ pattern: String) -> ECMARegexICUProperty? {
        guard let expression = try? NSRegularExpression(pattern: "^" + pattern + "$") else { return nil }
        return ECMARegexICUProperty(expression: expression)
    }

    /// Whether ICU says `scalar` has the property.
    func contains(_ scalar: UInt32) -> Bool {
        guard let value = Unicode.Scalar(scalar) else { return false }
        let string = String(Character(value))
        let range = NSRange(location: 0, length: string.utf16.count)
        return expression.firstMatch(in: string, options: [], range: range) != nil
    }
}

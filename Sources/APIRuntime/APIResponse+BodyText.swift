import Foundation
import HTTPTypes

extension APIResponse {
    /// The body as text, decoded in the charset its `Content-Type` names: UTF-8 when it names none, names UTF-8 or
    /// US-ASCII (a subset), or names one this runtime does not know; ISO-8859-1, windows-1252 and UTF-16 as they
    /// say. Bytes the charset does not allow are replaced (U+FFFD). Generated methods return `text/*` responses
    /// this way; it is also what messages and logs show.
    ///
    /// Servers that are not told otherwise often send ISO-8859-1 (servlet containers, Spring's
    /// `StringHttpMessageConverter` before Spring 6), so reading every body as UTF-8 turned "é" into "�".
    public var bodyText: String {
        switch Self.charset(of: headerFields[.contentType]) {
        case "iso-8859-1", "iso_8859-1", "latin1", "l1", "iso-ir-100", "cp819", "ibm819", "csisolatin1":
            // Every byte is the code point of the same number: no Foundation needed, nothing to replace.
            var text = String.UnicodeScalarView()
            text.append(contentsOf: body.map { Unicode.Scalar($0) })
            return String(text)
        case "windows-1252", "cp1252":
            return String(data: body, encoding: .windowsCP1252) ?? String(decoding: body, as: UTF8.self)
        case "utf-16":
            return String(data: body, encoding: .utf16) ?? String(decoding: body, as: UTF8.self)
        case "utf-16le":
            return String(decoding: Self.codeUnits(body, bigEndian: false), as: UTF16.self)
        case "utf-16be":
            return String(decoding: Self.codeUnits(body, bigEndian: true), as: UTF16.self)
        default:
            return String(decoding: body, as: UTF8.self)
        }
    }

    /// The `charset` parameter of a `Content-Type` value, lowercased and unquoted; nil when there is none.
    static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let nameAndValue = parameter.split(separator: "=", maxSplits: 1)
            if nameAndValue.count == 2, nameAndValue[0].trimmingSpaces.lowercased() == "charset" {
                return nameAndValue[1].trimmingSpaces.trimmingQuotes.lowercased()
            }
        }
        return nil
    }

    /// The body as 16-bit code units of the given byte order (an odd last byte is dropped).
    private static func codeUnits(_ body: Data, bigEndian: Bool) -> [UInt16] {
        let bytes = [UInt8](body)
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? (first << 8) | second : (second << 8) | first)
            index += 2
        }
        return units
    }
}

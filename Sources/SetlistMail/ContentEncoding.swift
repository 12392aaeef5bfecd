import Foundation

/// The transfer encodings of the message body parts (RFC 2045 section 6).
public enum ContentEncoding {
    /// The longest encoded line, not counting CRLF (RFC 2045 sections 6.7 and 6.8).
    public static let lineLimit = 76

    /// Base64 in lines of 76 characters, each ending in CRLF.
    public static func base64(_ data: Data) -> String {
        let encoded = Array(data.base64EncodedString().utf8)
        var result = ""
        result.reserveCapacity(encoded.count + encoded.count / lineLimit * 2 + 2)
        var start = 0
        while start < encoded.count {
            let end = min(start + lineLimit, encoded.count)
            result += String(decoding: encoded[start..<end], as: UTF8.self) + "\r\n"
            start = end
        }
        return result
    }

    /// Quoted-printable text: lines of at most 76 characters separated by CRLF (a final line end
    /// of the text gives a final CRLF), long lines broken
    /// with soft line breaks between characters (never inside a UTF-8 sequence), spaces at the
    /// end of a line encoded, and lines that start with "." or "From " encoded so that no mail
    /// system along the way changes them.
    public static func quotedPrintable(_ text: String) -> String {
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return unified.split(separator: "\n", omittingEmptySubsequences: false)
            .map { quotedPrintableLine(String($0)) }.joined(separator: "\r\n")
    }

    private static func quotedPrintableLine(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var result = ""
        var column = 0
        for (index, scalar) in scalars.enumerated() {
            let isLast = index == scalars.count - 1
            let bytes = Array(String(scalar).utf8)
            var unit: String
            switch scalar {
            case " ", "\t":
                unit = isLast ? "=" + HeaderText.hex(bytes[0]) : String(scalar)
            case "=":
                unit = "=3D"
            case "!"..."~":
                unit = String(scalar)
            default:
                unit = bytes.map { "=" + HeaderText.hex($0) }.joined()
            }
            // Encoded when it starts a line, here or after a soft break.
            let guarded = scalar == "." || (scalar == "F" && scalars[index...].starts(with: "From ".unicodeScalars))
            if column == 0, guarded {
                unit = "=" + HeaderText.hex(bytes[0])
            }
            // Room must stay for the "=" of a soft break unless this is the line's last unit.
            let room = isLast ? lineLimit : lineLimit - 1
            if column + unit.count > room {
                result += "=\r\n"
                column = 0
                if guarded { unit = "=" + HeaderText.hex(bytes[0]) }
            }
            result += unit
            column += unit.count
        }
        return result
    }
}

/// MIME header parameters (RFC 2045 section 5.1) with RFC 2231 for values that are not ASCII.
public enum MIMEParameter {
    /// `name="value"` for a printable ASCII value (quoted, with `"` and `\` escaped).
    public static func quoted(_ name: String, _ value: String) -> String {
        name + "=\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The value as RFC 2231 extended parameters: `name*=utf-8''%C5%99...`, or, when that would
    /// not fit `limit` characters, continued as `name*0*=utf-8''...`, `name*1*=...`. Each section
    /// holds whole Unicode scalars (never part of a UTF-8 sequence): parsers decode them one by one.
    public static func extended(_ name: String, _ value: String, limit: Int = 70) -> [String] {
        let escaped = value.unicodeScalars.map { String($0).utf8.map(percentEscaped).joined() }
        let whole = name + "*=utf-8''" + escaped.joined()
        if whole.count <= limit { return [whole] }
        var parts: [String] = []
        var current = ""
        var index = 0
        func head(_ n: Int) -> String { n == 0 ? "\(name)*0*=utf-8''" : "\(name)*\(n)*=" }
        for piece in escaped {
            if !current.isEmpty, head(index).count + current.count + piece.count > limit {
                parts.append(head(index) + current)
                index += 1
                current = ""
            }
            current += piece
        }
        parts.append(head(index) + current)
        return parts
    }

    /// An ASCII stand-in for a file name: accents dropped ("Můj" → "Muj"), other characters that
    /// are not printable ASCII made "_", the extension kept; the part before the extension is
    /// shortened when the whole would be longer than `limit` characters.
    public static func asciiFallback(_ fileName: String, limit: Int = 60) -> String {
        var result = String.UnicodeScalarView()
        for scalar in fileName.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\"" && scalar != "\\" && scalar != "?" {
                    result.append(scalar)
                } else if scalar.properties.isWhitespace {
                    result.append(" ")
                } else if result.last != "_" {
                    result.append("_")
                }
            }
        }
        let ascii = String(result)
        guard ascii.count > limit else { return ascii }
        let dot = ascii.lastIndex(of: ".").map { ascii.distance(from: ascii.startIndex, to: $0) } ?? ascii.count
        let suffix = ascii.count - dot <= 10 ? String(ascii.suffix(ascii.count - dot)) : ""
        return String(ascii.prefix(limit - suffix.count)) + suffix
    }

    private static func percentEscaped(_ byte: UInt8) -> String {
        // attribute-char of RFC 2231: ASCII printable except specials, space, "*", "'" and "%".
        let specials: Set<UInt8> = Set("()<>@,;:\\\"/[]?=*'% ".utf8)
        if byte > 0x20, byte < 0x7F, !specials.contains(byte) {
            return String(UnicodeScalar(byte))
        }
        return "%" + HeaderText.hex(byte)
    }
}

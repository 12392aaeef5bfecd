import Foundation
import SetlistSupport

/// File names made from what people type (a playlist's name), safe on every system a band
/// member may save them on. The PDF, the .plsts and the attachments of one email all use this,
/// so they carry the same name.
public enum FileName {
    /// `text` as a file name: letters of any language stay (composed, NFC); path separators and
    /// the characters Windows forbids (`\ / : * ? " < > |`) become "-"; white space becomes one
    /// space; the other ``ControlCharacters`` are dropped; a leading dot, dash or space (a hidden
    /// file, an option) and a trailing dot or space go; the result is cut between characters to
    /// `maximumBytes` of UTF-8, well below the 255 of most file systems. `fallback` when nothing is left.
    public static func safe(_ text: String, fallback: String = "setlist", maximumBytes: Int = 120) -> String {
        var name = ""
        var pendingSpace = false
        for scalar in Text.normalized(text).unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !name.isEmpty
                continue
            }
            if ControlCharacters.isForbidden(scalar) { continue }
            if pendingSpace { name.unicodeScalars.append(" ") }
            pendingSpace = false
            switch scalar {
            case "/", "\\", ":", "*", "?", "\"", "<", ">", "|": name.unicodeScalars.append("-")
            default: name.unicodeScalars.append(scalar)
            }
        }
        while let first = name.first, first == "." || first == "-" || first == " " { name.removeFirst() }
        while name.utf8.count > maximumBytes { name.removeLast() }
        while let last = name.last, last == "." || last == " " { name.removeLast() }
        return name.isEmpty ? fallback : name
    }

    /// The file for a playlist's document: its safe name, then `suffix` and the extension, like
    /// "Můj koncert-short.pdf" or "AC-DC night.plsts".
    public static func forPlaylist(_ playlistName: String, suffix: String = "", extension fileExtension: String) -> String {
        safe(playlistName) + suffix + "." + fileExtension
    }
}

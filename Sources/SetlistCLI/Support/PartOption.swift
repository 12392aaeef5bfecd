import ArgumentParser
import SetlistModel

extension Part {
    /// The part of `--part`, shared by `add-contact`, `edit-contact` and `pdf`.
    static func option(_ text: String) throws -> Part {
        do {
            return try Part.parse(text)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The help of `--part`.
    static let optionHelp =
        "concert (the default), Bb, Eb or F (a transposing instrument's written pitch), capo N (the shapes for a capo on fret N), lyrics (words only) or numbers (Nashville numbers)."
}

import SetlistModel

/// Large letters for the song title, drawn with block characters so that it reads from across a
/// stage: a 3×5 pixel font (M, N and W wider), two pixel rows to a text row with half blocks.
/// Accents are dropped and letters upper-cased; text with other characters cannot be drawn.
public enum BigFont {
    /// The lines of `text` drawn at `scale` (1 gives three rows, 2 five, 4 ten), or nil when a
    /// character is not in the font.
    public static func render(_ text: String, scale: Int = 1) -> [String]? {
        var pixels = Array(repeating: "", count: 5)
        for (index, character) in Text.fold(text).uppercased().enumerated() {
            guard let glyph = glyphs[character] else { return nil }
            for row in 0..<5 { pixels[row] += (index > 0 ? "." : "") + glyph[row] }
        }
        let scaled = pixels.flatMap { row in
            Array(repeating: String(row.flatMap { Array(repeating: $0, count: scale) }), count: scale)
        }
        return stride(from: 0, to: scaled.count, by: 2).map { top in
            let upper = Array(scaled[top]), lower = top + 1 < scaled.count ? Array(scaled[top + 1]) : []
            var line = ""
            for column in upper.indices {
                let a = upper[column] == "#", b = column < lower.count && lower[column] == "#"
                line += a && b ? "█" : a ? "▀" : b ? "▄" : " "
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The columns `text` takes at `scale`, or nil when it cannot be drawn.
    public static func width(_ text: String, scale: Int = 1) -> Int? {
        var total = 0
        for (index, character) in Text.fold(text).uppercased().enumerated() {
            guard let glyph = glyphs[character] else { return nil }
            total += (index > 0 ? 1 : 0) + glyph[0].count
        }
        return total * scale
    }

    /// Text rows one line of big text takes at `scale`.
    public static func height(scale: Int) -> Int { (5 * scale + 1) / 2 }

    private static let glyphs: [Character: [String]] = [
        "A": [".#.", "#.#", "###", "#.#", "#.#"], "B": ["##.", "#.#", "##.", "#.#", "##."],
        "C": [".##", "#..", "#..", "#..", ".##"], "D": ["##.", "#.#", "#.#", "#.#", "##."],
        "E": ["###", "#..", "##.", "#..", "###"], "F": ["###", "#..", "##.", "#..", "#.."],
        "G": [".##", "#..", "#.#", "#.#", ".##"], "H": ["#.#", "#.#", "###", "#.#", "#.#"],
        "I": ["###", ".#.", ".#.", ".#.", "###"], "J": ["..#", "..#", "..#", "#.#", ".#."],
        "K": ["#.#", "#.#", "##.", "#.#", "#.#"], "L": ["#..", "#..", "#..", "#..", "###"],
        "M": ["#...#", "##.##", "#.#.#", "#...#", "#...#"], "N": ["#..#", "##.#", "#.##", "#..#", "#..#"],
        "O": [".#.", "#.#", "#.#", "#.#", ".#."], "P": ["##.", "#.#", "##.", "#..", "#.."],
        "Q": [".#.", "#.#", "#.#", "##.", ".##"], "R": ["##.", "#.#", "##.", "#.#", "#.#"],
        "S": [".##", "#..", ".#.", "..#", "##."], "T": ["###", ".#.", ".#.", ".#.", ".#."],
        "U": ["#.#", "#.#", "#.#", "#.#", "###"], "V": ["#.#", "#.#", "#.#", "#.#", ".#."],
        "W": ["#...#", "#...#", "#.#.#", "##.##", "#...#"], "X": ["#.#", "#.#", ".#.", "#.#", "#.#"],
        "Y": ["#.#", "#.#", ".#.", ".#.", ".#."], "Z": ["###", "..#", ".#.", "#..", "###"],
        "0": ["###", "#.#", "#.#", "#.#", "###"], "1": [".#.", "##.", ".#.", ".#.", "###"],
        "2": ["##.", "..#", ".#.", "#..", "###"], "3": ["##.", "..#", ".#.", "..#", "##."],
        "4": ["#.#", "#.#", "###", "..#", "..#"], "5": ["###", "#..", "##.", "..#", "##."],
        "6": [".##", "#..", "###", "#.#", "###"], "7": ["###", "..#", ".#.", ".#.", ".#."],
        "8": ["###", "#.#", "###", "#.#", "###"], "9": ["###", "#.#", "###", "..#", "##."],
        " ": ["..", "..", "..", "..", ".."], ".": [".", ".", ".", ".", "#"], ",": [".", ".", ".", "#", "#"],
        "!": ["#", "#", "#", ".", "#"], "?": ["##.", "..#", ".#.", "...", ".#."], "-": ["...", "...", "###", "...", "..."],
        "'": ["#", "#", ".", ".", "."], "’": ["#", "#", ".", ".", "."], ":": [".", "#", ".", "#", "."],
        "/": ["..#", "..#", ".#.", "#..", "#.."], "&": [".#.", "#.#", ".#.", "#.#", ".##"],
        "(": [".#", "#.", "#.", "#.", ".#"], ")": ["#.", ".#", ".#", ".#", "#."],
    ]
}

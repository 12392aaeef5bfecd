import CQRCode

/// A QR code as rows of modules (true: dark), made by libqrencode.
public struct QRCode: Hashable, Sendable {
    /// The modules, `width` rows of `width`, without the quiet zone.
    public let rows: [[Bool]]

    /// The code of `text`; throws when libqrencode is missing or the text too long for a code.
    public init(_ text: String) throws(BandPageError) {
        var failure: UnsafePointer<CChar>?
        guard let code = setlist_qr_encode(text, &failure) else {
            throw .qrCode(failure.map { String(cString: $0) } ?? "libqrencode failed")
        }
        defer { setlist_qr_free(code) }
        let width = Int(code.pointee.width)
        // libqrencode's lowest bit of each byte is the module's colour; the other bits describe it.
        let modules = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        rows = (0..<width).map { row in (0..<width).map { modules[row * width + $0] & 1 == 1 } }
    }

    /// The code in Unicode half blocks, two rows of modules to a line of text, inside a quiet zone
    /// of `margin` modules. With `colour`, dark modules are black on white whatever the terminal's
    /// own colours (a phone reads dark on light best); without it the blocks draw the light
    /// modules, which reads right on a terminal of light text on a dark background.
    public func lines(margin: Int = 2, colour: Bool) -> [String] {
        let width = rows.count + 2 * margin
        let blank = [Bool](repeating: false, count: width)
        var padded = [[Bool]](repeating: blank, count: margin)
        padded += rows.map { blank.prefix(margin) + $0 + blank.prefix(margin) }
        padded += [[Bool]](repeating: blank, count: margin + 1)
        var lines: [String] = []
        for top in stride(from: 0, to: rows.count + 2 * margin, by: 2) {
            var line = ""
            for column in 0..<width {
                // What the glyph's foreground draws: dark modules in colour, light ones without.
                let upper = padded[top][column] == colour, lower = padded[top + 1][column] == colour
                line += upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
            }
            lines.append(colour ? "\u{1B}[30;47m" + line + "\u{1B}[0m" : line)
        }
        return lines
    }
}

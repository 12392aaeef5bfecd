import SetlistModel
import SetlistStageMode
import SetlistTerminal

/// The screen stage mode shows first and on w when the band follows: where to point the phones,
/// as an address and a QR code, and the leader's keys for the band.
public struct AddressScreen: Sendable {
    /// The page's addresses, the one to scan first.
    public var urls: [String]
    /// The first address's code; nil when libqrencode is missing (the reason is in `qrProblem`).
    public var code: QRCode?
    public var qrProblem: String?

    public init(urls: [String]) {
        self.urls = urls
        do {
            code = try QRCode(urls[0])
        } catch {
            qrProblem = error.description
        }
    }

    /// The lines for a terminal of `size`: the code when it fits, else the address alone. At the
    /// `start` of the show they say that the first key starts it (and does nothing else), so that
    /// the leader's first → is not taken for a step.
    public func lines(size: TerminalSize, appearance: Appearance, moment: AddressMoment = .during) -> [String] {
        let width = max(size.columns, 1)
        func fit(_ text: String, _ style: ScreenLine.Style = .normal) -> String {
            ScreenLine(Cells.truncate(text, to: width), style).rendered(appearance)
        }
        // An address is never cut: on a narrow terminal it goes on over the next lines, so that
        // it can still be typed in.
        func whole(_ lead: String, _ url: String, _ style: ScreenLine.Style) -> [String] {
            let room = max(width - lead.count, 8)
            return stride(from: 0, to: url.count, by: room).map { start in
                let piece = url.dropFirst(start).prefix(room)
                return fit((start == 0 ? lead : String(repeating: " ", count: lead.count)) + piece, style)
            }
        }
        var head = [fit("The band follows on their phones: open", .heading)] + whole("  ", urls[0], .heading)
        head += urls.dropFirst().flatMap { whole("  or ", $0, .dim) }
        let keys =
            moment == .start
            ? [
                fit("m message to the band · l look ahead, b send the band there · w this screen", .dim),
                fit("Press any key to start (it only puts this screen away) · q quit", .heading),
            ]
            : [
                fit("m message to the band · l look ahead, b send the band there", .dim),
                fit("w this screen · any key: back to the song · q quit", .dim),
            ]
        let picture = code?.lines(colour: appearance == .color) ?? []
        let pictureWidth = (code?.rows.count ?? 0) + 4
        var lines = head
        if !picture.isEmpty, pictureWidth <= width, head.count + picture.count + keys.count <= size.rows {
            lines += picture
        } else if let qrProblem {
            lines.append(fit(qrProblem, .dim))
        } else if code != nil {
            lines.append(fit("(a larger terminal shows the address as a QR code)", .dim))
        }
        lines += keys
        return Array(lines.prefix(max(size.rows, 1)))
    }
}

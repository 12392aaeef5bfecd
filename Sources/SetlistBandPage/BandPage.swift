import Foundation
import SetlistModel
import SetlistStageMode
import SetlistTerminal

/// The band page of one stage mode (`setlist live --serve`): its server, the address screen that
/// says where to point the phones, and the views the phones are sent, each only when it changed.
public final class BandPage {
    /// The port when none is given.
    public static let defaultPort = 8765

    public let server: BandPageServer
    /// What stage mode leads the band through.
    public let link: BandPageLink

    /// Serves on `bind` (default: this computer's network addresses and loopback; 0.0.0.0 or ::
    /// every address, showing the network ones) at `port`
    /// (default: ``defaultPort``), the paths behind `token`. `zone` is the band's, for the plan's
    /// times on the phones.
    public init(port: Int?, bind: [String], token: String, appearance: Appearance, zone: TimeZone) throws(BandPageError) {
        let addresses = try ServeAddresses(bind: bind, network: NetworkAddresses.local())
        let broadcast = BandBroadcast()
        server = try BandPageServer(
            broadcast: broadcast, page: BandPageDocument.html, addresses: addresses.listen, port: port ?? Self.defaultPort, token: token)
        // The address to scan comes first: a network one (a phone cannot reach 127.0.0.1), when there is one.
        let screen = AddressScreen(urls: addresses.shown.map(server.url(for:)))
        let warning =
            addresses.shown.contains { !ServeAddresses.isLoopback($0) }
            ? nil
            : addresses.servesEveryAddress
                ? "No network: join the venue's Wi-Fi or start a hotspot, then run this again."
                : "Only this computer can open these (--bind names no network address): phones cannot reach them."
        var last: BandView?
        // A count-in's start on the laptop's clock, worked out once: the view stays the same
        // while it counts.
        var counted: (cue: CountIn, view: BandView.CountIn)?
        let charts = BandCharts()
        link = BandPageLink(
            addressScreen: { size, moment in
                var lines = screen.lines(size: size, appearance: appearance, moment: moment)
                if let warning, lines.count < size.rows { lines.insert(Cells.truncate(warning, to: size.columns), at: 2) }
                return lines
            },
            publish: { cue in
                var view = BandView(
                    playlist: cue.playlist, position: cue.position, notation: cue.notation, message: cue.message, zone: zone, now: Date(),
                    charts: charts)
                if let countIn = cue.countIn {
                    if counted?.cue != countIn {
                        counted = (countIn, .init(start: BandClock.milliseconds(at: countIn.start), bpm: countIn.bpm, beats: countIn.beats))
                    }
                    view.countIn = counted?.view
                }
                guard view != last else { return }
                last = view
                broadcast.publish(view)
            })
    }

    /// Closes the server and every connection.
    public func stop() { server.stop() }
}

import Foundation
import SetlistLive
import SetlistModel
import SetlistStage
import SetlistTerminal

/// The server of `setlist live --serve` and what stage mode needs of it: the address screen and
/// a publisher that sends the band a view only when it changed.
final class FollowersServer {
    /// The port when none is given.
    static let defaultPort = 8765

    let server: FollowServer
    let band: LiveBand

    /// Serves on `bind` (default: this computer's network addresses and loopback) at `port`, the
    /// paths behind `token`.
    init(port: Int?, bind: [String], token: String, appearance: Appearance, zone: TimeZone) throws(StageError) {
        let network = NetworkAddresses.local()
        let addresses = bind.isEmpty ? network + ["127.0.0.1"] : bind
        let broadcast = StageBroadcast()
        let server = try FollowServer(
            broadcast: broadcast, page: FollowPage.html, addresses: addresses, port: port ?? Self.defaultPort, token: token)
        self.server = server
        // The address to scan: a network one (a phone cannot reach 127.0.0.1), when there is one.
        let reachable = addresses.filter { !$0.hasPrefix("127.") && $0 != "::1" }
        let screen = AddressScreen(urls: (reachable.isEmpty ? addresses : reachable).map(server.url(for:)))
        var last: StageView?
        band = LiveBand(
            addressScreen: { size, moment in
                var lines = screen.lines(size: size, appearance: appearance, moment: moment)
                if reachable.isEmpty, lines.count < size.rows {
                    let warning =
                        bind.isEmpty
                        ? "No network: join the venue's Wi-Fi or start a hotspot, then run this again."
                        : "Only this computer can open these (--bind names no network address): phones cannot reach them."
                    lines.insert(Cells.truncate(warning, to: size.columns), at: 2)
                }
                return lines
            },
            publish: { cue in
                let view = StageView(
                    playlist: cue.playlist, position: cue.position, notation: cue.notation, message: cue.message, zone: zone)
                guard view != last else { return }
                last = view
                broadcast.publish(view)
            })
    }

    /// Closes the server and every connection.
    func stop() { server.stop() }
}

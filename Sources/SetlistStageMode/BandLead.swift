import Foundation
import SetlistModel

/// The leader's side of a band that follows (`setlist live --serve`): the song the band is on,
/// looking ahead on the terminal without moving the band, and a short message to every phone.
///
/// Keys, before the navigator's: m types a message (Enter sends it, an empty one clears it, Esc
/// cancels; it shows until the next song); l looks ahead (the band stays; b sends the band to the
/// song shown, l again comes back to the band's song); w shows the page's address and QR code.
public struct BandLead: Hashable, Sendable {
    /// What the session does with a key.
    public enum Outcome: Hashable, Sendable {
        /// Taken here; the screen changed.
        case redraw
        /// Not a key of this part: the navigator's.
        case pass
        /// Show the page's address until the next key.
        case showAddress
    }

    /// The longest message, in characters: it must fit a phone's line or two.
    public static let messageLimit = 80

    /// The 1-based position the band is on.
    public private(set) var position: Int
    /// Whether the terminal is looking ahead while the band stays.
    public private(set) var lookingAhead = false
    /// The message being typed, nil when none is.
    public private(set) var typing: String?
    /// The message the band sees, until the next song.
    public private(set) var message: String?

    /// The band on `position`.
    public init(position: Int) { self.position = position }

    /// The status line while typing or looking ahead; nil otherwise.
    public var status: String? {
        if let typing {
            let full = typing.count >= Self.messageLimit ? " (\(Self.messageLimit) characters at most)" : ""
            return "Message to the band: \(typing)_\(full)   (Enter sends, Esc cancels)"
        }
        if lookingAhead { return "Looking ahead; the band is on \(position). b sends the band here, l goes back." }
        return nil
    }

    /// The status line while the phones show a message (and nothing else is said): the leader
    /// sees what the band reads.
    public var messageStatus: String? {
        message.map { "To the band: \($0)   (m, then Enter, clears it)" }
    }

    /// Applies a key; `navigator` is the terminal's, which l and b move.
    public mutating func handle(_ key: Key, navigator: inout StageNavigator) -> Outcome {
        if let typed = typing {
            switch key {
            case .enter:
                let text = typed.trimmingCharacters(in: .whitespaces)
                message = text.isEmpty ? nil : text
                typing = nil
            case .escape: typing = nil
            case .interrupt:
                typing = nil
                return .pass
            case .backspace: typing = String(typed.dropLast())
            case .character(let c) where !c.isNewline && typed.count < Self.messageLimit:
                // Control characters never reach a phone: the page shows text only.
                if !c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { typing = typed + String(c) }
            default: break
            }
            return .redraw
        }
        switch key {
        case .character("m"):
            typing = ""
            return .redraw
        case .character("w"):
            return .showAddress
        case .character("l"):
            if lookingAhead { navigator.show(position) }
            lookingAhead.toggle()
            return .redraw
        case .character("b") where lookingAhead:
            lookingAhead = false
            moveBand(to: navigator.position)
            return .redraw
        default:
            return .pass
        }
    }

    /// After the navigator moved: the band goes with it unless the leader is looking ahead.
    public mutating func follow(_ navigator: StageNavigator) {
        if lookingAhead {
            position = min(position, navigator.count)
        } else {
            moveBand(to: navigator.position)
        }
    }

    /// After the setlist changed elsewhere from `old` to `new` and the navigator followed it:
    /// while the leader looks ahead, the band stays on its song wherever it is now (its number
    /// would be another song's after a song before it was removed).
    public mutating func follow(_ navigator: StageNavigator, from old: Playlist, to new: Playlist) {
        guard lookingAhead else { return moveBand(to: navigator.position) }
        position = StageNavigator.position(following: position, from: old, to: new).position
    }

    private mutating func moveBand(to target: Int) {
        if target != position { message = nil }
        position = target
    }
}

/// What the band is shown: the setlist, the song the band is on, the leader's message and the
/// bar being counted in.
public struct BandCue: Hashable, Sendable {
    public var playlist: Playlist
    public var position: Int
    public var message: String?
    public var notation: KeyNotation
    public var countIn: CountIn?

    public init(playlist: Playlist, position: Int, message: String?, notation: KeyNotation, countIn: CountIn? = nil) {
        self.playlist = playlist
        self.position = position
        self.message = message
        self.notation = notation
        self.countIn = countIn
    }
}

/// When the address screen shows: before the show, where the first key only puts it away and
/// starts the show, or on w during it.
public enum AddressMoment: Hashable, Sendable {
    case start, during
}

/// What stage mode needs of the band page it serves (SetlistBandPage's `BandPage` makes it):
/// the address screen, and where what the band sees goes.
public struct BandPageLink {
    /// The screen that tells the band where to point their phones, for a terminal of a size, at
    /// the start of the show or during it.
    public var addressScreen: (TerminalSize, AddressMoment) -> [String]
    /// Called with what the band sees whenever it may have changed, and once a second while
    /// the screen follows the clock; the receiver decides what is new.
    public var publish: (BandCue) -> Void

    public init(addressScreen: @escaping (TerminalSize, AddressMoment) -> [String], publish: @escaping (BandCue) -> Void) {
        self.addressScreen = addressScreen
        self.publish = publish
    }
}

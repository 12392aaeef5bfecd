import SetlistModel
import Testing

@testable import SetlistStageMode

@Suite struct StageNavigatorTests {
    func after(_ keys: [Key], count: Int = 15, from position: Int = 1) -> StageNavigator {
        var navigator = StageNavigator(count: count, position: position)
        for key in keys { _ = navigator.handle(key) }
        return navigator
    }

    @Test(arguments: [Key.right, .character(" "), .character("n"), .character("j"), .down, .pageDown, .enter])
    func nextKeys(key: Key) {
        var navigator = StageNavigator(count: 15, position: 3)
        #expect(navigator.handle(key) == .redraw)
        #expect(navigator.position == 4)
    }

    @Test(arguments: [Key.left, .character("p"), .character("k"), .up, .pageUp, .backspace])
    func previousKeys(key: Key) {
        var navigator = StageNavigator(count: 15, position: 3)
        #expect(navigator.handle(key) == .redraw)
        #expect(navigator.position == 2)
    }

    @Test func firstAndLast() {
        #expect(after([.end]).position == 15)
        #expect(after([.character("G")]).position == 15)
        #expect(after([.home], from: 9).position == 1)
        #expect(after([.character("g")], from: 9).position == 1)
    }

    @Test(arguments: [Key.character("q"), .character("Q"), .interrupt])
    func quitKeys(key: Key) {
        var navigator = StageNavigator(count: 15, position: 3)
        #expect(navigator.handle(key) == .quit)
    }

    /// Esc is the key most easily hit by accident on stage: it does not quit, and the status line
    /// says which key does.
    @Test func escapeDoesNotQuit() {
        var navigator = StageNavigator(count: 15, position: 3)
        #expect(navigator.handle(.escape) == .redraw)
        #expect(navigator.position == 3)
        #expect(navigator.status == "Esc does not quit on stage: press q to quit.")
        #expect(navigator.handle(.escape) == .nothing, "said once is enough")
        #expect(navigator.handle(.character("n")) == .redraw)
        #expect(navigator.status == nil)
        #expect(navigator.handle(.character("q")) == .quit)
    }

    @Test func numberAndEnterJumps() {
        var navigator = StageNavigator(count: 15)
        #expect(navigator.handle(.character("1")) == .redraw)
        #expect(navigator.status?.hasPrefix("Go to song: 1_") == true)
        _ = navigator.handle(.character("2"))
        #expect(navigator.position == 1)
        #expect(navigator.handle(.enter) == .redraw)
        #expect(navigator.position == 12)
        #expect(navigator.status == nil)
    }

    @Test func backspaceAndEscapeEditTheNumber() {
        #expect(after([.character("1"), .character("4"), .backspace, .character("3"), .enter]).position == 13)
        var navigator = after([.character("9"), .escape])
        #expect(navigator.status == nil)
        #expect(navigator.position == 1)
        #expect(navigator.handle(.escape) != .quit)
    }

    @Test func jumpOutOfRangeSaysWhy() {
        let navigator = after([.character("9"), .character("9"), .enter], from: 4)
        #expect(navigator.position == 4)
        #expect(navigator.status == "There is no song 99: the songs are 1 to 15.")
        #expect(after([.character("0"), .enter], from: 4).status == "There is no song 0: the songs are 1 to 15.")
    }

    @Test func anotherKeyCancelsTheNumber() {
        let navigator = after([.character("5"), .right], from: 2)
        #expect(navigator.position == 3)
        #expect(navigator.status == nil)
    }

    @Test func edgesStayPutWithAMessage() {
        var navigator = StageNavigator(count: 3, position: 3)
        #expect(navigator.handle(.right) == .redraw)
        #expect(navigator.position == 3)
        #expect(navigator.status == "That was the last song. g goes to the first.")
        #expect(navigator.handle(.right) == .nothing)
        _ = navigator.handle(.home)
        #expect(navigator.handle(.left) == .redraw)
        #expect(navigator.status == "This is the first song.")
    }

    @Test func unknownKeysChangeNothing() {
        var navigator = StageNavigator(count: 3, position: 2)
        #expect(navigator.handle(.character("x")) == .nothing)
        #expect(navigator.position == 2)
    }

    @Test func startIsKeptInRange() {
        #expect(StageNavigator(count: 5, position: 9).position == 5)
        #expect(StageNavigator(count: 5, position: 0).position == 1)
    }

    /// ↓ scrolls the notes a line and Page Down a page; once the end of the notes shows, both go
    /// to the next song, whose notes start at the top.
    @Test func downScrollsTheNotesThenGoesOn() {
        var navigator = StageNavigator(count: 5, position: 2)
        navigator.notes = NotesScroll(maximum: 10, page: 4)
        #expect(navigator.handle(.down) == .redraw)
        #expect(navigator.scroll == 1 && navigator.position == 2)
        _ = navigator.handle(.pageDown)
        #expect(navigator.scroll == 5)
        _ = navigator.handle(.pageDown)
        _ = navigator.handle(.pageDown)
        #expect(navigator.scroll == 10, "a page down stops at the end")
        #expect(navigator.handle(.down) == .redraw)
        #expect(navigator.position == 3 && navigator.scroll == 0)
        #expect(navigator.notes == .none, "the next song's notes are not laid out yet")
    }

    /// ↑ and Page Up scroll back to the top, then go to the previous song.
    @Test func upScrollsBackThenGoesToThePreviousSong() {
        var navigator = StageNavigator(count: 5, position: 2)
        navigator.notes = NotesScroll(maximum: 10, page: 4)
        for _ in 0..<6 { _ = navigator.handle(.down) }
        _ = navigator.handle(.pageUp)
        #expect(navigator.scroll == 2)
        _ = navigator.handle(.up)
        _ = navigator.handle(.pageUp)
        #expect(navigator.scroll == 0 && navigator.position == 2)
        _ = navigator.handle(.up)
        #expect(navigator.position == 1)
    }

    /// The song keys never scroll: → and ← go to the next and previous song from any scroll.
    @Test func songKeysIgnoreTheScroll() {
        var navigator = StageNavigator(count: 5, position: 2)
        navigator.notes = NotesScroll(maximum: 10, page: 4)
        _ = navigator.handle(.pageDown)
        _ = navigator.handle(.right)
        #expect(navigator.position == 3 && navigator.scroll == 0)
        navigator.notes = NotesScroll(maximum: 10, page: 4)
        _ = navigator.handle(.down)
        _ = navigator.handle(.left)
        #expect(navigator.position == 2 && navigator.scroll == 0)
    }

    /// Every move starts the new song at its top: a number and Enter, Home and End too, not only
    /// the arrows; and the number of the song shown takes it back to its top.
    @Test(arguments: [[Key.character("4"), .enter], [.end], [.home], [.character("g")], [.character("G")]])
    func everyMoveStartsTheSongAtItsTop(keys: [Key]) {
        var navigator = StageNavigator(count: 5, position: 2)
        navigator.notes = NotesScroll(maximum: 10, page: 4)
        _ = navigator.handle(.pageDown)
        #expect(navigator.scroll == 4)
        for key in keys { _ = navigator.handle(key) }
        #expect(navigator.position != 2)
        #expect(navigator.scroll == 0, "\(keys)")
        #expect(navigator.notes == .none, "the new song's notes are not laid out yet")
    }

    @Test func theNumberOfTheSongShownTakesItToItsTop() {
        var navigator = StageNavigator(count: 5, position: 2)
        navigator.notes = NotesScroll(maximum: 10, page: 4)
        _ = navigator.handle(.pageDown)
        _ = navigator.handle(.character("2"))
        #expect(navigator.handle(.enter) == .redraw)
        #expect(navigator.position == 2 && navigator.scroll == 0)
    }

    /// A smaller screen (a resize) pulls the scroll back inside what scrolls.
    @Test func aSmallerScrollRangeClampsTheScroll() {
        var navigator = StageNavigator(count: 5, position: 2)
        navigator.notes = NotesScroll(maximum: 10, page: 4)
        _ = navigator.handle(.end)
        navigator.notes = NotesScroll(maximum: 10, page: 4)
        for _ in 0..<8 { _ = navigator.handle(.down) }
        navigator.notes = NotesScroll(maximum: 3, page: 2)
        #expect(navigator.scroll == 3)
    }

    static func playlist(_ names: [String]) -> Playlist {
        Playlist(name: "P", items: names.map { .song(SongCopy(id: "id-" + $0, originalID: nil, fields: SongFields(name: $0))) })
    }

    /// A reload keeps the copy shown, wherever it now is; its scroll stays.
    @Test func followKeepsTheSameCopy() {
        var navigator = StageNavigator(count: 4, position: 3)
        navigator.notes = NotesScroll(maximum: 10, page: 4)
        _ = navigator.handle(.down)
        let remark = navigator.follow(from: Self.playlist(["A", "B", "C", "D"]), to: Self.playlist(["New", "C", "A", "B", "D", "E"]))
        #expect(navigator.position == 2)
        #expect(navigator.count == 6)
        #expect(navigator.scroll == 1)
        #expect(remark == "The setlist was changed elsewhere.")
    }

    /// The copy shown was removed: the first song after it still there, else the last before it.
    @Test func followFallsBackWhenTheCopyWasRemoved() {
        let old = Self.playlist(["A", "B", "C", "D", "E"])
        var navigator = StageNavigator(count: 5, position: 2)
        #expect(navigator.follow(from: old, to: Self.playlist(["A", "E", "D"])) == "'B' was removed elsewhere.")
        #expect(navigator.position == 3, "C is gone too: D, the next one left")
        navigator = StageNavigator(count: 5, position: 5)
        _ = navigator.follow(from: old, to: Self.playlist(["B", "A", "C"]))
        #expect(navigator.position == 3, "nothing after E: C, the last one before it")
        navigator = StageNavigator(count: 5, position: 4)
        _ = navigator.follow(from: old, to: Self.playlist(["X", "Y"]))
        #expect(navigator.position == 2 && navigator.count == 2, "nothing left of the old list: the position, kept in range")
    }

    @Test func followKeepsTheNumberBeingTyped() {
        var navigator = StageNavigator(count: 3, position: 1)
        _ = navigator.handle(.character("4"))
        _ = navigator.follow(from: Self.playlist(["A", "B", "C"]), to: Self.playlist(["A", "B", "C", "D"]))
        _ = navigator.handle(.enter)
        #expect(navigator.position == 4)
    }
}

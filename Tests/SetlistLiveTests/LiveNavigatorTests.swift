import Testing

@testable import SetlistLive

@Suite struct LiveNavigatorTests {
    func after(_ keys: [Key], count: Int = 15, from position: Int = 1) -> LiveNavigator {
        var navigator = LiveNavigator(count: count, position: position)
        for key in keys { _ = navigator.handle(key) }
        return navigator
    }

    @Test(arguments: [Key.right, .character(" "), .character("n"), .character("j"), .down, .pageDown, .enter])
    func nextKeys(key: Key) {
        var navigator = LiveNavigator(count: 15, position: 3)
        #expect(navigator.handle(key) == .redraw)
        #expect(navigator.position == 4)
    }

    @Test(arguments: [Key.left, .character("p"), .character("k"), .up, .pageUp, .backspace])
    func previousKeys(key: Key) {
        var navigator = LiveNavigator(count: 15, position: 3)
        #expect(navigator.handle(key) == .redraw)
        #expect(navigator.position == 2)
    }

    @Test func firstAndLast() {
        #expect(after([.end]).position == 15)
        #expect(after([.character("G")]).position == 15)
        #expect(after([.home], from: 9).position == 1)
        #expect(after([.character("g")], from: 9).position == 1)
    }

    @Test(arguments: [Key.character("q"), .character("Q"), .escape, .interrupt])
    func quitKeys(key: Key) {
        var navigator = LiveNavigator(count: 15, position: 3)
        #expect(navigator.handle(key) == .quit)
    }

    @Test func numberAndEnterJumps() {
        var navigator = LiveNavigator(count: 15)
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
        #expect(navigator.handle(.escape) == .quit)
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
        var navigator = LiveNavigator(count: 3, position: 3)
        #expect(navigator.handle(.right) == .redraw)
        #expect(navigator.position == 3)
        #expect(navigator.status == "That was the last song. g goes to the first.")
        #expect(navigator.handle(.right) == .nothing)
        _ = navigator.handle(.home)
        #expect(navigator.handle(.left) == .redraw)
        #expect(navigator.status == "This is the first song.")
    }

    @Test func unknownKeysChangeNothing() {
        var navigator = LiveNavigator(count: 3, position: 2)
        #expect(navigator.handle(.character("x")) == .nothing)
        #expect(navigator.position == 2)
    }

    @Test func startIsKeptInRange() {
        #expect(LiveNavigator(count: 5, position: 9).position == 5)
        #expect(LiveNavigator(count: 5, position: 0).position == 1)
    }
}

import Testing
@testable import SetlistLive

@Test func LiveErrorMessageSaysWhatToDo() {
    let error: LiveError = .notATerminal
    #expect(error.description.contains("show PLAYLIST --at N"))
}

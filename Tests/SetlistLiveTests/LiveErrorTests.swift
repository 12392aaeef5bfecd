import Testing

@testable import SetlistLive

@Test func LiveErrorMessageSaysWhatToDo() {
    let error: LiveError = .notATerminal
    #expect(error.description.contains("show PLAYLIST --at N"))
}

@Test func liveErrorExitStatuses() {
    #expect(LiveError.notATerminal.exitStatus == 64)
    #expect(LiveError.emptyPlaylist("Koncert").exitStatus == 1)
    #expect(LiveError.emptyPlaylist("Koncert").description.contains("setlist add \"Koncert\""))
    #expect(LiveError.terminal("poll failed").exitStatus == 1)
}

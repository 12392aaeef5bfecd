import Testing

@testable import SetlistStageMode

@Test func stageModeErrorMessageSaysWhatToDo() {
    let error: StageModeError = .notATerminal
    #expect(error.description.contains("show PLAYLIST --at N"))
}

@Test func liveErrorExitStatuses() {
    #expect(StageModeError.notATerminal.exitStatus == 64)
    #expect(StageModeError.emptyPlaylist("Koncert").exitStatus == 1)
    #expect(StageModeError.emptyPlaylist("Koncert").description.contains("setlist add \"Koncert\""))
    #expect(StageModeError.terminal("poll failed").exitStatus == 1)
}

import Testing

@testable import SetlistModel
@testable import SetlistStore

/// Every error of the library reports through one protocol: its message and its exit status.
@Test func libraryErrorsAreSetlistErrorsThatFailWithStatusOne() {
    let errors: [any SetlistError] = [
        LibraryError.noPlaylists, ValueError.invalidKey("X#"), UndoError.nothingToUndo,
    ]
    #expect(errors.map(\.exitStatus) == [1, 1, 1])
    #expect(errors[1].description.contains("\"X#\" is not a key"))
}

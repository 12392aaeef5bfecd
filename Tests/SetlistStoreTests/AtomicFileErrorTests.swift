import Foundation
import SetlistModel
import SetlistStore
import Testing

@testable import SetlistSupport

@Suite struct AtomicFileErrorTests {
    @Test func namesThePathAndTheReason() throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/Concert.pdf")
        do {
            try AtomicFile.write(Data("x".utf8), to: url)
            Issue.record("wrote into a folder that does not exist")
        } catch {
            #expect(error.path == url.path)
            #expect(error.reason == "No such file or directory")
            #expect(
                error.description
                    == "Cannot write \(url.path): No such file or directory. Check that the folder exists and that you may write to it.")
        }
    }

    /// A reason with full stops in it stays whole (share once cut messages at the first ".").
    @Test func keepsReasonsWhole() {
        let error = AtomicFileError(path: "/a/b.eml", reason: "cannot create the folder (The file “b.eml” couldn’t be saved.)", advice: nil)
        #expect(error.detail == "cannot create the folder (The file “b.eml” couldn’t be saved.).")
        #expect(LibraryError(error).description == error.description)
    }
}

@Suite struct FailureTextTests {
    /// Foundation's wording already ends in a full stop; messages once doubled it ("permission..").
    @Test func aReadFailureIsTheSystemsReasonWithOneFullStop() {
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/songs.json"))
            Issue.record("read a file that does not exist")
        } catch {
            #expect(FailureText.reason(error) == "No such file or directory.")
        }
        #expect(FailureText.reason(CocoaError(.fileReadCorruptFile)).hasSuffix("."))
        #expect(!FailureText.reason(CocoaError(.fileReadCorruptFile)).hasSuffix(".."))
    }
}

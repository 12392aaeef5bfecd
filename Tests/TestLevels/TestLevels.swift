import Foundation
import Testing

/// What a test needs beyond the toolchain, so that a contributor without a browser or poppler
/// runs the rest green, and `Scripts/test` runs everything. A suite without one of these tags is
/// a unit test: the libraries' own logic, in process, needing nothing but Swift.
extension Tag {
    /// Runs a program nobody here wrote: poppler, qpdf, Python, msmtp, git, tmux, faketime, zbarimg.
    @Tag public static var externalTools: Self
    /// Drives a real browser.
    @Tag public static var browser: Self
    /// Runs the built `setlist` program as a process.
    @Tag public static var endToEnd: Self
}

extension Trait where Self == ConditionTrait {
    /// Runs when every program in `programs` is on the PATH, and is skipped, naming the one that
    /// is not, when one is missing. `SETLIST_TEST_ALL=1` (set by `Scripts/test`, which installs
    /// them all) runs it anyway, so that a missing program fails the suite rather than skip it.
    public static func needs(_ programs: String...) -> Self {
        let missing = programs.first { !TestTools.isInstalled($0) }
        return .enabled(
            if: TestTools.runsEverything || missing == nil,
            Comment(rawValue: "needs \(missing ?? programs.joined(separator: ", ")), which is not installed; Scripts/test installs it"))
    }
}

/// The programs on this machine that tests may need.
public enum TestTools {
    /// Whether `SETLIST_TEST_ALL=1` asks for every test whatever is installed.
    public static let runsEverything = ProcessInfo.processInfo.environment["SETLIST_TEST_ALL"] == "1"

    /// Whether `program` is an executable file in a folder of `$PATH`.
    public static func isInstalled(_ program: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(program)")
        }
    }
}

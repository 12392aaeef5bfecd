// swift-tools-version:6.0
// The libFuzzer targets of setlist, kept out of the main package so that `swift build` and
// `swift test` there never build with `-sanitize=fuzzer`. Run them with `Scripts/fuzz`.
//
// SetlistSupport, SetlistModel, SetlistStore and SetlistExchange are the main package's own sources (symbolic links), compiled
// here with the fuzzer's instrumentation.
import PackageDescription

let package = Package(
    name: "setlist-fuzz",
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "SetlistSupport"),
        .target(name: "SetlistModel", dependencies: ["SetlistSupport"]),
        .target(name: "SetlistStore", dependencies: ["SetlistSupport", "SetlistModel"]),
        .target(name: "SetlistExchange", dependencies: ["SetlistSupport", "SetlistModel"]),
        // Starts libFuzzer from each target's own main.
        .target(name: "FuzzDriver"),
        // Lengths, keys, tempos, names, notes and email addresses typed by people.
        .executableTarget(name: "FuzzValues", dependencies: ["SetlistModel", "SetlistStore", "FuzzDriver"]),
        // Library files edited by hand or damaged: load, check and repair.
        .executableTarget(name: "FuzzLibrary", dependencies: ["SetlistModel", "SetlistStore", "FuzzDriver"]),
        // .plsts documents from other people: read, validate, import.
        .executableTarget(name: "FuzzPlsts", dependencies: ["SetlistModel", "SetlistStore", "SetlistExchange", "FuzzDriver"]),
    ]
)

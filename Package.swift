// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "setlist",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "setlist", targets: ["setlist"]),
        .library(name: "SetlistModel", targets: ["SetlistModel"]),
        .library(name: "SetlistStore", targets: ["SetlistStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // Only its sockets (FlyingSocks): its HTTP target imports FoundationNetworking, which would
        // link libcurl and its libraries into every command's start (docs/architecture.md).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // The ZIP archives other apps back up to (SongbookPro, OpenLP); zlib is linked in by
        // Scripts/release-build, so no command loads a library for it.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // Cairo, Pango and PangoCairo, found through pkg-config.
        .systemLibrary(
            name: "CCairoPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        // What every module stands on and none owns: JSON read and written directly, atomic files,
        // locks, child processes, hashes, hex, and the Latin-text shortcuts of the text rules.
        .target(name: "SetlistSupport"),
        // The model (songs, setlists of copies, contacts), the operations commands make on it,
        // values (lengths, keys, text rules) and their JSON.
        .target(name: "SetlistModel", dependencies: ["SetlistSupport"]),
        // The library on disk: its files, the lock, history and undo, recovery, check and repair,
        // sync tools' copies and git merges.
        .target(name: "SetlistStore", dependencies: ["SetlistSupport", "SetlistModel"]),
        // The .plsts document: encoding, validation, import and update.
        .target(name: "SetlistExchange", dependencies: ["SetlistSupport", "SetlistModel"]),
        // Other apps' songs and sets, read (SongbookPro, OnSong, OpenSong, OpenLyrics, OpenLP) and
        // written (OpenLyrics): their own strict XML reader and bounded ZIP reading.
        .target(
            name: "SetlistAppFormats",
            dependencies: ["SetlistSupport", "SetlistModel", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // Song lists from spreadsheets (CSV), ChordPro files and other apps' files, in and out.
        .target(
            name: "SetlistSpreadsheet",
            dependencies: [
                "SetlistSupport", "SetlistModel", "SetlistExchange", "SetlistAppFormats", .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        // What a PDF setlist is (styles, paper, file) and the seam its drawing comes through.
        .target(name: "SetlistPDF", dependencies: ["SetlistSupport", "SetlistModel"]),
        // Cairo's, Pango's and GLib's functions, loaded (dlopen) only when a command draws.
        .target(name: "CDrawingLibraries", dependencies: ["CCairoPango"]),
        // PDF setlists rendered with Cairo and laid out with Pango.
        .target(name: "SetlistPDFCairo", dependencies: ["SetlistSupport", "SetlistModel", "SetlistPDF", "CDrawingLibraries"]),
        // The email message (RFC 5322 / MIME) and its delivery.
        .target(name: "SetlistMail", dependencies: ["SetlistSupport", "SetlistModel", "SetlistExchange"]),
        // The terminal's look (lines of text and their emphasis), for stage mode and the commands' output.
        .target(name: "SetlistTerminal"),
        // Stage mode (`setlist live`): the terminal's screen, its keys, the session, the gig log.
        .target(name: "SetlistStageMode", dependencies: ["SetlistSupport", "SetlistModel", "SetlistStore", "SetlistTerminal"]),
        // libqrencode, found through pkg-config; CQRCode loads it (dlopen) when stage mode serves.
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(name: "CQRCode", dependencies: ["CQREncode"]),
        // The band page: what `setlist live --serve` serves to the members' phones, its events, and
        // its address as a QR code.
        .target(
            name: "SetlistBandPage",
            dependencies: [
                "SetlistSupport", "SetlistModel", "SetlistStageMode", "SetlistTerminal", "CQRCode",
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ]
        ),
        // The commands; the executable only calls into this.
        .target(
            name: "SetlistCLI",
            dependencies: [
                "SetlistSupport", "SetlistModel", "SetlistStore", "SetlistExchange", "SetlistSpreadsheet", "SetlistPDF", "SetlistMail",
                "SetlistTerminal",
                "SetlistStageMode", "SetlistBandPage", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The drawing libraries come in by dlopen when a command draws (CDrawingLibraries);
        // Scripts/release-build drops the links to them that SwiftPM adds, so that no other
        // command loads them.
        .executableTarget(name: "setlist", dependencies: ["SetlistCLI", "SetlistPDFCairo"]),
        // Times the commands as whole processes against references it builds (Scripts/benchmark, docs/performance.md).
        .executableTarget(
            name: "setlist-benchmarks",
            dependencies: [
                "SetlistSupport", "SetlistModel", "SetlistStore", "SetlistBandPage", "SetlistStageMode", "LossyNetwork",
                .product(name: "FlyingSocks", package: "FlyingFox"), .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),

        .testTarget(name: "SetlistSupportTests", dependencies: ["SetlistSupport", "SeededRandom"]),
        .testTarget(
            name: "SetlistModelTests",
            dependencies: [
                "SetlistSupport", "SetlistModel", "SeededRandom", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SetlistStoreTests",
            dependencies: [
                "SetlistSupport", "SetlistModel", "SetlistStore", "SeededRandom", "JSONTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ], resources: [.copy("Golden")]
        ),
        .testTarget(
            name: "SetlistExchangeTests",
            dependencies: [
                "SetlistSupport", "SetlistExchange", "SetlistModel", "SeededRandom", "JSONTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ], resources: [.copy("Corpus")]),
        .testTarget(
            name: "SetlistSpreadsheetTests", dependencies: ["SetlistSpreadsheet", "SetlistModel"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "SetlistAppFormatsTests",
            dependencies: [
                "TestLevels", "SetlistAppFormats", "SetlistModel", "SetlistSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "SetlistPDFTests",
            dependencies: ["TestLevels", "SetlistSupport", "SetlistPDF", "SetlistPDFCairo", "SetlistModel", "SetlistStore", "CCairoPango"],
            resources: [.copy("Golden")]),
        // Python's email parser and an SMTP sink, shared by the mail and end-to-end tests.
        .target(name: "MailTestSupport", dependencies: ["SetlistSupport", "SetlistModel", "SetlistStore"], path: "Tests/MailTestSupport"),
        .testTarget(
            name: "SetlistMailTests",
            dependencies: [
                "TestLevels", "SetlistMail", "SetlistExchange", "SetlistModel", "MailTestSupport", "SetlistPDF", "SetlistPDFCairo",
                "SeededRandom",
            ]),
        .testTarget(name: "SetlistTerminalTests", dependencies: ["SetlistTerminal"]),
        .testTarget(name: "SetlistStageModeTests", dependencies: ["SetlistStageMode", "SetlistModel", "SetlistStore", "SetlistTerminal"]),
        .testTarget(
            name: "SetlistBandPageTests",
            dependencies: [
                "TestLevels", "SetlistBandPage", "SetlistStageMode", "SetlistModel", "SeededRandom", "BrowserTestSupport", "LossyNetwork",
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ]),
        // The tests' levels (tags) and the programs a test needs (`.needs("qpdf")`), see Tests/TestLevels.
        .target(name: "TestLevels", path: "Tests/TestLevels"),
        // Foundation's JSON writer, to check setlist's layout against and to write files as another program does.
        .target(name: "JSONTestSupport", dependencies: ["SetlistSupport"], path: "Tests/JSONTestSupport"),
        // The seeded generator of the randomised tests, and their ids drawn from it ($SETLIST_SEED repeats a run).
        .target(
            name: "SeededRandom",
            dependencies: ["SetlistModel", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/SeededRandom"
        ),
        // Headless Chromium on the band page, for the page's and stage mode's tests.
        .target(name: "BrowserTestSupport", path: "Tests/BrowserTestSupport"),
        // A venue's Wi-Fi emulated on loopback (jitter, stalls, outages, dead connections): for the
        // band page's tests and the benchmarks.
        .target(name: "LossyNetwork", path: "Tests/LossyNetwork"),
        // Runs commands in-process against a temporary library (see TemporaryLibrary.swift).
        .target(name: "CLITestSupport", dependencies: ["SetlistCLI", "SetlistPDFCairo"], path: "Tests/CLITestSupport"),
        // The commands run in-process: arguments, messages, tables, exit statuses, files written.
        .testTarget(
            name: "SetlistCLITests",
            dependencies: [
                "TestLevels", "SetlistSupport", "SetlistCLI", "SetlistModel", "SetlistStore", "SetlistStageMode", "CLITestSupport",
                "MailTestSupport", "SeededRandom", "JSONTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // What needs the real program: its exit, signals, locks between processes, SIGKILL, tmux, msmtp.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TestLevels", "SetlistSupport", "setlist", "SetlistModel", "SetlistStore", "CLITestSupport", "MailTestSupport",
                "SeededRandom",
                "BrowserTestSupport",
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ]),
    ]
)

import ArgumentParser
import Foundation
import SetlistModel
import SetlistStore

/// Shell completion of names from the library (`setlist --generate-completion-script`). The shell
/// runs `setlist ---completion …` on every Tab, so these read the library without locking or
/// repairing it, write nothing, and offer nothing — never an error — when it is missing or broken.
extension CompletionKind {
    static var playlists: CompletionKind { .custom { words, _, _ in CompletionNames(shellWords: words).playlists } }
    static var songs: CompletionKind { .custom { words, _, _ in CompletionNames(shellWords: words).songs } }
    /// For `add [PLAYLIST] SONG...` and the like.
    static var playlistsAndSongs: CompletionKind {
        .custom { words, _, _ in
            let names = CompletionNames(shellWords: words)
            return names.playlists + names.songs
        }
    }
    static var contacts: CompletionKind {
        .custom { words, _, _ in CompletionNames(shellWords: words).library.contacts.flatMap { [$0.name, $0.email] } }
    }
}

/// The names in the library the command line being completed works on.
struct CompletionNames {
    let library: Library

    /// The names for a completion the shell asked this process for.
    ///
    /// swift-argument-parser calls a completion with the shell's words alone, while it parses and
    /// before any command or context exists. The shell starts `setlist ---completion …` as a
    /// process of its own for every Tab, so the library is the one this process's environment and
    /// working folder name: read here from the process, explicitly, as `CommandContext.process`
    /// reads them for a command.
    init(shellWords words: [String]) {
        self.init(words, environment: CommandContext.processEnvironment(), currentDirectory: FileManager.default.currentDirectoryPath)
    }

    /// `words` are the shell words as typed (quotes and backslashes kept); a `--library DIR`
    /// among them chooses the library, as it would when the command runs in `environment` and
    /// `currentDirectory`.
    init(_ words: [String], environment: [String: String], currentDirectory: String) {
        var option: String?
        for (index, word) in words.enumerated() {
            if word == "--library", index + 1 < words.count {
                option = Self.unquoted(words[index + 1])
            } else if word.hasPrefix("--library=") {
                option = Self.unquoted(String(word.dropFirst("--library=".count)))
            }
        }
        if let path = option, path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] {
            option = home + path.dropFirst()
        }
        let root = LibraryLocation.resolve(option: option, environment: environment, currentDirectory: currentDirectory)
        library = LibraryStore(root: root).peek()
    }

    var playlists: [String] { unique(library.playlists.map(\.name)) }
    var songs: [String] { unique(library.songs.map(\.name)) }

    private func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// A shell word without its quotes or backslash escapes (enough for a folder name).
    static func unquoted(_ word: String) -> String {
        if word.count >= 2, let first = word.first, first == "'" || first == "\"", word.last == first {
            return String(word.dropFirst().dropLast())
        }
        var result = ""
        var escaped = false
        for character in word {
            if character == "\\" && !escaped {
                escaped = true
                continue
            }
            result.append(character)
            escaped = false
        }
        return result
    }
}

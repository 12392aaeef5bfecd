import Foundation

/// Where the library folder is: `--library DIR`, else `$SETLIST_HOME`, else
/// `$XDG_DATA_HOME/setlist`, else `~/.local/share/setlist`.
public enum LibraryLocation {
    public static func resolve(option: String?, environment: [String: String], currentDirectory: String) -> URL {
        func absolute(_ path: String) -> URL {
            let expanded = path.hasPrefix("~/") ? (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst(1) : path
            return URL(fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
                .standardizedFileURL
        }
        if let option, !option.isEmpty { return absolute(option) }
        if let home = environment["SETLIST_HOME"], !home.isEmpty { return absolute(home) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return absolute(xdg).appendingPathComponent("setlist") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/setlist")
    }
}

/// The version of setlist: shown by `setlist --version` and written into the documents it makes
/// (the .plsts generator, the PDF creator, the email User-Agent). The install script reads this file.
public enum SetlistVersion {
    /// The version number, like "0.1.0".
    public static let current = "0.1.0"

    /// The program and its version as documents name their maker: "setlist 0.1.0".
    public static let generator = "setlist \(current)"
}

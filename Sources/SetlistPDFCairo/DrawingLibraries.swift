import CDrawingLibraries
import SetlistPDF

/// Cairo, Pango and GLib, loaded the first time something draws: setlist does not link them, so
/// the commands that do not draw start without loading them (docs/performance.md).
enum DrawingLibraries {
    /// Loads the libraries (once; later calls give the same answer) and gives their functions.
    @discardableResult
    static func load() throws(PDFError) -> UnsafePointer<SetlistDrawingFunctions> {
        var error: UnsafePointer<CChar>?
        guard let functions = setlist_drawing_functions(&error) else {
            throw .librariesUnavailable(detail: error.map { String(cString: $0) } ?? "unknown reason")
        }
        return functions
    }
}

/// The functions of Cairo, Pango and GLib that setlist calls, by their own names. Only for code
/// that runs after ``DrawingLibraries/load()`` succeeded (every drawing starts in
/// ``Typesetter/withTypesetter(_:)``, which loads them).
var cairoPango: UnsafePointer<SetlistDrawingFunctions> {
    do { return try DrawingLibraries.load() } catch { preconditionFailure("Cairo and Pango are used before DrawingLibraries.load()") }
}

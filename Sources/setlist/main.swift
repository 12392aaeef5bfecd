import Foundation
import SetlistCLI
import SetlistPDFCairo

let arguments = SetlistMain.processArguments
// Only `pdf` and `share` load Cairo and Pango; they start setting up the fonts at once, in a thread
// of their own, while the command reads the library.
if CommandLineWords(bytes: arguments).draws { PDFRenderer.prepareFonts() }
exit(
    SetlistMain.run(bytes: arguments) { arguments in
        var context = CommandContext.process(arguments: arguments)
        context.drawing = PDFRenderer()
        return context
    })

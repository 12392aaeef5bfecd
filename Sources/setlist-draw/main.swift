import Foundation
import SetlistCLI
import SetlistPDFCairo

// setlist with the drawing linked in: `setlist pdf` and `setlist share` come here (DrawingProgram).
PDFRenderer.prepareFonts()
exit(
    SetlistMain.run(bytes: SetlistMain.processArguments) { arguments in
        var context = CommandContext.process(arguments: arguments)
        context.drawing = PDFRenderer()
        return context
    })

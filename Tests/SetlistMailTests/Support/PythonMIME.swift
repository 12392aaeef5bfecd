import Foundation
import MailTestSupport

/// The message checks of these tests, by Python's `email` package (Tests/MailTestSupport).
enum PythonMIME {
    static func check(_ messages: [Data]) throws -> [MIMECheck] { try Python.checkMessages(messages) }
    static func check(_ message: Data) throws -> MIMECheck { try Python.checkMessage(message) }
}

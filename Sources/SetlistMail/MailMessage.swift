import Foundation
import SetlistModel
import SetlistSupport

/// A file attached to a message.
public struct MailAttachment: Hashable, Sendable {
    /// The file name the recipient sees, any Unicode; control characters and path separators are
    /// replaced when the message is written.
    public var fileName: String
    /// The MIME type, such as `application/pdf`.
    public var mimeType: String
    public var data: Data

    public init(fileName: String, mimeType: String, data: Data) {
        self.fileName = fileName
        self.mimeType = mimeType
        self.data = data
    }
}

/// An email message with a plain-text body and attachments, written as RFC 5322 / MIME:
/// multipart/mixed, a UTF-8 quoted-printable text part, base64 attachments, CRLF line ends.
public struct MailMessage: Sendable {
    public var from: Mailbox
    public var to: [Mailbox]
    public var subject: String
    public var date: Date
    /// The id inside the angle brackets of Message-ID, like `abc123@example.com`
    /// (see ``MessageID``).
    public var messageID: String
    /// The text of the message; line ends are written as CRLF.
    public var body: String
    public var attachments: [MailAttachment]
    /// Written as the User-Agent header when set, like "setlist/0.1.0".
    public var userAgent: String?

    public init(
        from: Mailbox, to: [Mailbox], subject: String, date: Date, messageID: String, body: String,
        attachments: [MailAttachment] = [], userAgent: String? = nil
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.messageID = messageID
        self.body = body
        self.attachments = attachments
        self.userAgent = userAgent
    }

    /// The whole message as it goes into a file or to the mail system: ASCII only, every line
    /// ending in CRLF and no longer than 78 characters (but for an address longer than that).
    public func rendered() -> Data {
        let textPart = [
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "",
            ContentEncoding.quotedPrintable(body),
        ].joined(separator: "\r\n")
        let parts = [textPart] + attachments.map(Self.attachmentPart)
        let boundary = Self.boundary(for: messageID, avoiding: parts)

        var headers = [
            HeaderText.addresses("From", [from]),
            HeaderText.addresses("To", to),
            HeaderText.unstructured("Subject", subject),
            "Date: " + MailDate.format(date),
            "Message-ID: <" + Text.oneLine(messageID).replacingOccurrences(of: " ", with: "") + ">",
            "MIME-Version: 1.0",
            "Content-Type: multipart/mixed;\r\n " + MIMEParameter.quoted("boundary", boundary),
        ]
        if let userAgent { headers.append(HeaderText.unstructured("User-Agent", userAgent)) }

        var text = headers.joined(separator: "\r\n") + "\r\n\r\n"
        text += "This is a MIME message: a text and \(attachments.count) attached file\(attachments.count == 1 ? "" : "s").\r\n"
        for part in parts {
            text += "\r\n--" + boundary + "\r\n" + part
        }
        text += "\r\n--" + boundary + "--\r\n"
        return Data(text.utf8)
    }

    /// The headers and base64 body of one attachment. A non-ASCII name goes in RFC 2231 form in
    /// Content-Disposition (`filename*`) with an ASCII stand-in as `name` in Content-Type, for
    /// programs that read no RFC 2231; each header holds one spelling only, so strict parsers
    /// find no duplicate parameter.
    static func attachmentPart(_ attachment: MailAttachment) -> String {
        let name = safeFileName(attachment.fileName)
        let typeName = MIMEParameter.quoted("name", MIMEParameter.asciiFallback(name, limit: 60))
        let disposition =
            HeaderText.isPlain(name) && name.count <= 60
            ? [MIMEParameter.quoted("filename", name)]
            : MIMEParameter.extended("filename", name)
        return [
            "Content-Type: " + mimeType(attachment.mimeType) + ";\r\n " + typeName,
            "Content-Disposition: attachment;\r\n " + disposition.joined(separator: ";\r\n "),
            "Content-Transfer-Encoding: base64",
            "",
            ContentEncoding.base64(attachment.data),
        ].joined(separator: "\r\n")
    }

    /// `type/subtype` when the text is one (RFC 2045 tokens), else application/octet-stream.
    static func mimeType(_ text: String) -> String {
        let token = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&^_.+-")
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(token.contains) }) else {
            return "application/octet-stream"
        }
        return text.lowercased()
    }

    /// The attachment's name made safe by ``FileName/safe(_:fallback:maximumBytes:)``: without
    /// control characters or path separators, which a receiving program might otherwise follow
    /// out of its download folder. Names setlist makes pass unchanged.
    static func safeFileName(_ fileName: String) -> String {
        FileName.safe(fileName, fallback: "attachment", maximumBytes: 255)
    }

    /// A boundary made from the message id, so the same message is written the same way twice,
    /// and checked against the parts. "=_" cannot occur in quoted-printable or base64 text.
    static func boundary(for messageID: String, avoiding parts: [String]) -> String {
        var attempt = 0
        while true {
            let candidate = "=_setlist_" + MessageID.digest(Data((messageID + "#\(attempt)").utf8))
            if !parts.contains(where: { ByteSearch.contains(candidate, inUTF8Of: $0) }) { return candidate }
            attempt += 1
        }
    }
}

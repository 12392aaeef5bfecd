import Foundation
import MailTestSupport
import SetlistModel
import TestLevels
import Testing

@testable import SetlistMail

/// Header injection and Unicode in names, subjects and file names.
@Suite(.tags(.externalTools), .needs("python3")) struct HeaderTests {
    static let evilTexts = [
        "Hi\r\nBcc: eve@evil.example",
        "Hi\nBcc: eve@evil.example",
        "Hi\rBcc: eve@evil.example",
        "Hi\r\n\r\nInjected body",
        "Hi\u{85}Bcc: eve@evil.example",
        "Hi\u{2028}Bcc: eve@evil.example",
        "Hi\0\u{7}\u{1B}[31mBcc: eve@evil.example",
    ]

    @Test(arguments: evilTexts)
    func controlCharactersNeverInjectAHeader(evil: String) throws {
        let message = MessageTests.message(
            subject: evil, from: Mailbox(name: evil, address: "jirka@example.com"),
            to: [Mailbox(name: evil, address: "pepa@example.com")],
            attachments: [
                MailAttachment(fileName: evil + ".pdf", mimeType: "application/pdf\r\nBcc: eve@evil.example", data: Data("x".utf8))
            ])
        let check = try PythonMIME.check(message.rendered())
        #expect(check.headers["bcc"] == nil)
        #expect(check.defects == [])
        #expect(check.headerNames == ["From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type", "User-Agent"])
        #expect(check.parts.count == 2)
        let shown = Text.oneLine(evil)
        #expect(check.header("subject") == shown)
        #expect(check.from.map(\.address) == ["jirka@example.com"])
        #expect(check.to.map(\.address) == ["pepa@example.com"])
        #expect(check.toAddresses == ["pepa@example.com"])
        #expect(check.to.map(\.name) == [shown])
        for part in check.parts {
            #expect(!part.headers.contains { $0[0].lowercased() == "bcc" })
        }
        #expect(check.attachments.first?.filename?.contains("\n") == false)
        #expect(check.attachments.first?.contentType == "application/octet-stream")
    }

    /// An address that did not pass validation (a hand-edited contacts file) cannot inject either.
    @Test(arguments: evilTexts)
    func controlCharactersInAnAddressNeverInjectAHeader(evil: String) throws {
        let message = MessageTests.message(
            subject: "S", from: Mailbox(name: "Jirka", address: "jirka@example.com"),
            to: [Mailbox(name: "Pepa", address: "pepa@example.com>" + evil), Mailbox(name: nil, address: evil + "@example.com")])
        let check = try PythonMIME.check(message.rendered())
        #expect(check.headers["bcc"] == nil)
        #expect(check.headerNames == ["From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type", "User-Agent"])
        #expect(check.parts.count == 1)
    }

    @Test(arguments: [
        "Setlist: Můj koncert",
        "Příliš žluťoučký kůň úpěl ďábelské ódy",
        "🎸🥁 Koncert 👨‍👩‍👧‍👦 rodina 🇨🇿",
        "Looks like =?utf-8?Q?an_encoded_word?= but is not",
        "Plain ASCII subject",
        "Quotes \"and\" back\\slashes, commas; and <brackets>",
        String(repeating: "👨‍👩‍👧‍👦", count: 30),
        String(repeating: "x", count: 200),
        "Ünïcödé " + String(repeating: "ž", count: 100),
    ])
    func subjectsAndNamesRoundTrip(text: String) throws {
        let message = MessageTests.message(
            subject: text, from: Mailbox(name: text, address: "a@example.com"),
            to: [Mailbox(name: text, address: "b@example.com"), Mailbox(name: nil, address: "c@example.com")],
            attachments: [MailAttachment(fileName: text + ".plsts", mimeType: "application/vnd.setlist+json", data: Data("{}".utf8))])
        let check = try PythonMIME.check(message.rendered())
        #expect(check.defects == [])
        #expect(check.raw.asciiOnly)
        #expect(check.raw.badEncodedWords == [])
        #expect(check.raw.maxLine <= 78)
        #expect(check.header("subject") == text)
        #expect(check.from == [.init(name: text, address: "a@example.com")])
        #expect(check.to == [.init(name: text, address: "b@example.com"), .init(name: "", address: "c@example.com")])
        #expect(check.attachments.first?.filename == MailMessage.safeFileName(text + ".plsts"))
    }

    /// GMime (notmuch, mu, Evolution, Geary) joins adjacent encoded words before decoding them:
    /// a base64 word padded with "=" before another cut "Setlist: Koncert v Plzni – Šťastné Vánoce"
    /// at "Šťastné V". Each header must read the same joined as word by word (Python).
    @Test(arguments: [
        "Setlist: Koncert v Plzni – Šťastné Vánoce",
        "Setlist: Koncert v Plzni – Šťastné Vánoce 2024 🎄",
        "Žluťoučký kůň úpěl ďábelské ódy, Šťastný, Čížek a Řehoř",
        "a" + String(repeating: "中文", count: 40),
        String(repeating: "👨‍👩‍👧‍👦", count: 12),
        "Ünïcödé " + String(repeating: "ž", count: 100),
    ])
    func encodedWordsReadTheSameJoinedAsGMimeDoes(text: String) throws {
        let message = MessageTests.message(
            subject: text, from: Mailbox(name: text, address: "a@example.com"),
            to: [Mailbox(name: text, address: "b@example.com"), Mailbox(name: nil, address: "c@example.com")]
        ).rendered()
        let subject = try #require(JoinedEncodedWords.rawHeader("Subject", in: message))
        #expect(subject.components(separatedBy: "=?").count > 2, "the text takes several encoded words: \(subject)")
        #expect(JoinedEncodedWords.decode(subject) == text, "\(subject)")
        #expect(JoinedEncodedWords.rawHeader("From", in: message).flatMap(JoinedEncodedWords.decode) == "\(text) <a@example.com>")
        #expect(
            JoinedEncodedWords.rawHeader("To", in: message).flatMap(JoinedEncodedWords.decode)
                == "\(text) <b@example.com>, c@example.com")
        let check = try PythonMIME.check(message)
        #expect(check.raw.badEncodedWords == [])
        #expect(check.raw.maxLine <= 78)
        #expect(check.header("subject") == text)
        #expect(check.from == [.init(name: text, address: "a@example.com")])
    }

    @Test func randomUnicodeSubjectsRoundTrip() throws {
        let pool: [Character] =
            Array("aZ09 ,;:\"'\\()<>@.=?_-ěščřžýáíéůúťďňĚŠČŘŽÝÁÍÉŮÚ ") + ["🎸", "👨‍👩‍👧‍👦", "🇨🇿", "e\u{301}", "中", "文", "\u{200D}", "∑", "♯", "♭"]
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let texts = (0..<60).map { _ in String((0..<(1 + next(120))).map { _ in pool[next(pool.count)] }) }
        let messages = texts.map { MessageTests.message(subject: $0, to: [Mailbox(name: $0, address: "b@example.com")]).rendered() }
        let checks = try PythonMIME.check(messages)
        for (text, (raw, check)) in zip(texts, zip(messages, checks)) {
            let expected = Text.oneLine(text)
            #expect(check.defects == [], "\(text)")
            #expect(check.raw.badEncodedWords == [], "\(text)")
            #expect(check.raw.maxLine <= 78, "\(text)")
            #expect(check.header("subject") == expected, "\(text)")
            #expect(check.to.first?.name == expected, "\(text)")
            #expect(JoinedEncodedWords.rawHeader("Subject", in: raw).flatMap(JoinedEncodedWords.decode) == expected, "\(text)")
        }
    }

    /// An emoji with joiners stays in one word where the words can end on whole 3-byte groups;
    /// where they cannot, Q words still hold whole UTF-8 sequences.
    @Test func encodedWordsKeepCharactersWhole() {
        let family = "👨‍👩‍👧‍👦"
        // 25 bytes and "ab" make 27: base64 words can end after each pair.
        let base64 = HeaderText.encodedWords(String(repeating: family + "ab", count: 10), limit: 75)
        #expect(base64.count == 10)
        for word in base64 {
            #expect(word.count <= 75 && word.hasPrefix("=?utf-8?B?") && !word.contains("=?="), "\(word)")
            let text = Data(base64Encoded: String(word.dropFirst("=?utf-8?B?".count).dropLast(2))).flatMap {
                String(data: $0, encoding: .utf8)
            }
            #expect(text == family + "ab", "\(word)")
        }
        // Families alone (25 bytes each) leave no such place: Q, split between scalars.
        let text = String(repeating: family, count: 10)
        let q = HeaderText.encodedWords(text, limit: 75)
        #expect(q.allSatisfy { $0.count <= 75 && $0.hasPrefix("=?utf-8?Q?") })
        let decoded = q.map {
            String(data: EncodingTests.decodeQP(String($0.dropFirst("=?utf-8?Q?".count).dropLast(2)) + "="), encoding: .utf8)
        }
        #expect(decoded.allSatisfy { $0 != nil })
        #expect(decoded.compactMap { $0 }.joined() == text)
        #expect(JoinedEncodedWords.decode(q.joined(separator: " ")) == text)
    }

    @Test func plainHeadersStayReadable() {
        #expect(HeaderText.unstructured("Subject", "Setlist: Concert") == "Subject: Setlist: Concert")
        #expect(
            HeaderText.addresses("To", [Mailbox(name: "Pepa Kytara", address: "pepa@example.com")]) == "To: Pepa Kytara <pepa@example.com>")
        #expect(
            HeaderText.addresses("To", [Mailbox(name: "Novák, Jirka", address: "j@example.com")])
                == "To: =?utf-8?Q?Nov=C3=A1k=2C_Jirka?= <j@example.com>")
        #expect(HeaderText.addresses("To", [Mailbox(name: "Doe, John", address: "j@example.com")]) == "To: \"Doe, John\" <j@example.com>")
        #expect(HeaderText.unstructured("Subject", "Setlist: Můj koncert") == "Subject: =?utf-8?Q?Setlist=3A_M=C5=AFj_koncert?=")
    }

    @Test func fileNamesLoseControlsAndPathSeparators() {
        #expect(MailMessage.safeFileName("../../etc/passwd") == "etc-passwd")
        #expect(MailMessage.safeFileName("a\r\nb.pdf") == "a b.pdf")
        #expect(MailMessage.safeFileName("...") == "attachment")
        #expect(MIMEParameter.asciiFallback("Můj koncert 🎸.pdf") == "Muj koncert _.pdf")
        let long = MIMEParameter.extended("filename", String(repeating: "ř", count: 40) + ".pdf")
        #expect(long.count > 1)
        #expect(long.allSatisfy { $0.count <= 70 })
        #expect(long[0].hasPrefix("filename*0*=utf-8''%C5%99"))
    }
}

import Foundation
import Testing

@testable import SetlistAppFormats

@Suite struct XMLReaderTests {
    func read(_ text: String, file: String = "song.xml") throws(AppFormatError) -> XMLElement {
        try XMLReader.read(Array(text.utf8), file: file)
    }

    func problem(_ text: String) -> (line: Int, column: Int, message: String)? {
        do {
            _ = try read(text)
            return nil
        } catch .malformedXML(_, let line, let column, let message) {
            return (line, column, message)
        } catch {
            return nil
        }
    }

    @Test func readsElementsAttributesTextAndNamespaces() throws {
        let root = try read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9" xml:lang="cs">
              <properties><titles><title>Tom &amp; Jerry&#x2019;s &lt;song&gt;</title></titles></properties>
              <lyrics><verse name="v1"><lines>one<br/>two <![CDATA[<three>]]></lines></verse></lyrics>
            </song>
            """)
        #expect(root.name == "song")
        #expect(root.namespace == "http://openlyrics.info/namespace/2009/song")
        #expect(root[attribute: "version"] == "0.9")
        #expect(root[attribute: "xml:lang"] == "cs")
        #expect(root.element("properties")?.element("titles")?.value(of: "title") == "Tom & Jerry’s <song>")
        let lines = try #require(root.element("lyrics")?.element("verse")?.element("lines"))
        #expect(
            lines.children == [.text("one"), .element(XMLElement(name: "br", namespace: root.namespace, line: 5)), .text("two <three>")])
        #expect(lines.line == 5)
    }

    @Test func prefixedNamesAreReadByTheirLocalNames() throws {
        let root = try read(#"<ol:song xmlns:ol="urn:x"><ol:title a='1'>T</ol:title></ol:song>"#)
        #expect(root.name == "song" && root.namespace == "urn:x")
        #expect(root.element("title")?[attribute: "a"] == "1")
    }

    @Test func lineEndsBecomeNewlines() throws {
        let root = try read("<a>one\r\ntwo\rthree</a>")
        #expect(root.text == "one\ntwo\nthree")
    }

    /// The refusal of a fixture, nil when it was read.
    func refusal(ofFixture name: String, file: String) throws -> AppFormatError? {
        let bytes = try Fixture.bytes(name)
        do {
            _ = try XMLReader.read(bytes, file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func aBillionLaughsIsRefusedAtItsDoctype() throws {
        let error = try #require(try refusal(ofFixture: "hostile/billion-laughs.xml", file: "laughs.xml"))
        #expect(error == .malformedXML(file: "laughs.xml", line: 2, column: 1, message: error.message))
        #expect(error.message.contains("DTD"))
    }

    @Test func anExternalEntityIsNeverFetched() throws {
        let error = try #require(try refusal(ofFixture: "hostile/external-entity.xml", file: "ext.xml"))
        #expect(error.description.hasPrefix("ext.xml, line 2, column 1: the file declares a DTD"))
        #expect(!error.description.contains("root:"))
    }

    @Test func anEntityNoDTDDeclaresIsNamedWhereItStands() throws {
        let found = try #require(problem("<a>\n  <b>Caf&eacute;</b></a>"))
        #expect(found.line == 2 && found.column == 9)
        #expect(found.message.contains("&eacute;"))
    }

    @Test func malformedXMLIsPlacedByLineAndColumn() throws {
        let error = try #require(try refusal(ofFixture: "hostile/malformed.xml", file: "Songs/bad"))
        #expect(
            error.description
                == "Songs/bad, line 5, column 1: this is not well-formed XML: </song> closes <title> of line 2. Nothing was imported.")
        #expect(problem("<a>") != nil)
        #expect(problem("<a></a><b/>")?.message.contains("more follows") == true)
        #expect(problem("<a b=c/>")?.message.contains("quotes") == true)
        #expect(problem("<a b='1' b='2'/>")?.message.contains("twice") == true)
        #expect(problem("<a>x & y</a>")?.message.contains("bare &") == true)
        #expect(problem("<a>\u{1}</a>")?.message.contains("control character") == true)
        #expect(problem("<p:a/>")?.message.contains("not declared") == true)
        #expect(problem("  hello")?.column == 3)
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "<a>", count: 5000) + String(repeating: "</a>", count: 5000)
        #expect(problem(deep)?.message.contains("nested") == true)
    }

    @Test func aDeclaredWindows1250EncodingIsRead() throws {
        var bytes = Array(#"<?xml version="1.0" encoding="windows-1250"?><title>"#.utf8)
        bytes += [0x50, 0xF8, 0xED, 0x9E, 0x6C, 0x69, 0x9A] // "Přížliš" in windows-1250
        bytes += Array("</title>".utf8)
        #expect(try XMLReader.read(bytes, file: "cz.xml").text == "Přížliš")
    }

    @Test func byteOrderMarksAreRead() throws {
        #expect(try XMLReader.read([0xEF, 0xBB, 0xBF] + Array("<a>x</a>".utf8), file: "a").text == "x")
        let utf16 = [UInt8]([0xFF, 0xFE]) + Array("<a>שלום</a>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try XMLReader.read(utf16, file: "a").text == "שלום")
    }

    @Test func bytesThatAreNotUTF8AreNamedByLine() {
        do {
            _ = try XMLReader.read(Array("<a>\nok\n".utf8) + [0xE9] + Array("</a>".utf8), file: "x.xml")
            Issue.record("read")
        } catch {
            #expect(error.description.hasPrefix("x.xml, line 3, column 1: this is not UTF-8"))
        }
    }
}

extension AppFormatError {
    var message: String {
        if case .malformedXML(_, _, _, let message) = self { return message }
        return ""
    }
}

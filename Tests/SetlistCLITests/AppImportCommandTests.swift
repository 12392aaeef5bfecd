import CLITestSupport
import Foundation
import Testing
import ZIPFoundation

/// import-songs of other apps' files: SongbookPro, OnSong, OpenSong, OpenLyrics, OpenLP.
@Suite struct AppImportCommandTests {
    static let songbookData = """
        1.0
        {"songs":[{"Id":4,"author":"John Newton","Capo":0,"content":"{c: Verse 1}\\n[G]Amazing [C]grace, how [G]sweet","key":10,"KeyShift":0,\
        "name":"Amazing Grace","Deleted":false,"Duration":245,"TempoInt":72},\
        {"Id":7,"author":"Traditional","Capo":2,"content":"[Em]Are you going to [D]Scarborough [Em]Fair?","key":7,"name":"Scarborough Fair","Deleted":false},\
        {"Id":8,"author":"Nobody","content":"[A]x","key":0,"name":"Binned","Deleted":true}],
        "sets":[{"details":{"Id":1,"name":"Sunday Service","Deleted":0},"contents":[\
        {"Id":1,"Order":0,"Capo":0,"SongId":4,"keyOfset":2,"Deleted":0},{"Id":2,"Order":1,"Capo":3,"SongId":7,"keyOfset":0,"Deleted":0}]}],
        "folders":[]}
        """

    static func zip(_ members: [(String, Data)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (name, data) in members {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        return try #require(archive.data)
    }

    func write(_ data: Data, _ name: String, in lib: TemporaryLibrary) throws {
        try data.write(to: lib.folder.appendingPathComponent(name))
    }

    @Test func aSongbookProBackupBringsItsSongsAndSets() throws {
        let lib = try TemporaryLibrary()
        try write(try Self.zip([("dataFile.txt", Data(Self.songbookData.utf8))]), "Band.sbpbackup", in: lib)
        let out = try lib.ok("import-songs", "Band.sbpbackup")
        #expect(out.contains("Band.sbpbackup: 2 songs, 1 set (SongbookPro backup)"))
        #expect(out.contains("  left out Band.sbpbackup, song 3 (Binned): deleted in SongbookPro"))
        #expect(out.contains("+ Amazing Grace — John Newton"))
        #expect(out.contains("Made the setlist 'Sunday Service' of 2 songs (Band.sbpbackup)."))
        #expect(out.contains("  Scarborough Fair: capo 3 in this set, its chart the shapes"))
        // The song's own capo (2) is its chart's; the set's (3) its copy's, each the shapes for it.
        #expect(try lib.ok("chart", "Scarborough Fair").contains("capo 2: D minor shapes"))
        let copy = try lib.ok("chart", "2", "--in", "Sunday Service")
        #expect(copy.contains("capo 3: C♯ minor shapes") && copy.contains("C#m"))
        let show = try lib.ok("show", "Sunday Service")
        #expect(show.contains("A major") && show.contains("E minor"))
        #expect(try lib.ok("song", "Amazing Grace").contains("G major"))
        #expect(try lib.ok("chart", "1", "--in", "Sunday Service", "--chordpro").contains("[A]Amazing [D]grace"))

        // The same backup again adds nothing and leaves the setlist.
        let again = try lib.ok("import-songs", "Band.sbpbackup")
        #expect(again.contains("2 already in the repertoire"))
        #expect(again.contains("The setlist 'Sunday Service' (Band.sbpbackup) is already there: left as it is."))
    }

    @Test func setsOfOneNameAreSetlistsOfTwoAndANameLikeAPathGivesWay() throws {
        let lib = try TemporaryLibrary()
        let data = """
            1.0
            {"songs":[{"Id":1,"name":"One","content":"[C]x","key":3}],"sets":[\
            {"details":{"name":"Sunday"},"contents":[{"SongId":1,"Order":0}]},\
            {"details":{"name":"sunday"},"contents":[{"SongId":1,"Order":0,"keyOfset":2}]},\
            {"details":{"name":"../../etc"},"contents":[{"SongId":1,"Order":0}]}]}
            """
        try write(try Self.zip([("dataFile.txt", Data(data.utf8))]), "Band.sbp", in: lib)
        let out = try lib.ok("import-songs", "Band.sbp")
        #expect(out.contains("Made the setlist 'Sunday' of 1 song (Band.sbp)."))
        #expect(out.contains("Made the setlist 'sunday 2' of 1 song (Band.sbp)."))
        #expect(
            out.contains("The set '../../etc' (Band.sbp) is named 'Band set': The playlist name \"../../etc\" looks like a file path.\n"))
        #expect(out.contains("Made the setlist 'Band set' of 1 song (Band.sbp)."))
        #expect(try lib.ok("show", "sunday 2").contains("D major"))
        // Again: every setlist is there, and none is made twice.
        let again = try lib.ok("import-songs", "Band.sbp")
        #expect(!again.contains("Made the setlist"))
        #expect(try lib.ok("playlists").components(separatedBy: "\n").filter { $0.contains("unday") || $0.contains("Band") }.count == 3)
    }

    @Test func aFileIsKnownByItsContentNotItsName() throws {
        let lib = try TemporaryLibrary()
        try write(try Self.zip([("dataFile.txt", Data(Self.songbookData.utf8))]), "backup.zip", in: lib)
        #expect(try lib.ok("import-songs", "backup.zip").contains("(SongbookPro backup)"))
    }

    @Test func everyRefusedFileLeavesTheLibraryByteForByte() throws {
        let lib = try TemporaryLibrary()
        try lib.ok("add-song", "Kept", "--author", "Someone")
        let before = try lib.snapshot()
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE song [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9"><properties><titles><title>&b;</title></titles></properties></song>
            """
        try write(Data(laughs.utf8), "laughs.xml", in: lib)
        try write(
            Data(laughs.replacingOccurrences(of: #"<!ENTITY a "aaaaaaaaaa">"#, with: #"<!ENTITY a SYSTEM "file:///etc/passwd">"#).utf8),
            "ext.xml", in: lib)
        try write(Data("<song>\n<title>x</song>".utf8), "Broken", in: lib)
        try write(Data([0x80, 0x02, 0x5D, 0x71, 0x00, 0x2E]), "service.osd", in: lib)
        try write(Data("SQLite format 3\u{0}rest".utf8), "OnSong.backup", in: lib)
        try write(try Self.zip([("song.pdf", Data([1]))]), "empty.sbpbackup", in: lib)
        try write(try Self.zip([("dataFile.txt", Data("1.0\n{\"songs\": [".utf8))]), "cut.sbp", in: lib)
        let refusals: [(String, String)] = [
            ("laughs.xml", "laughs.xml, line 2, column 1: the file declares a DTD"),
            ("ext.xml", "ext.xml, line 2, column 1: the file declares a DTD"),
            ("Broken", "Broken, line 2, column 9: this is not well-formed XML: </song> closes <title> of line 2."),
            ("service.osd", "OpenLP 2.0 service (.osd, a Python pickle)"),
            ("OnSong.backup", "OnSong backup (.backup)"),
            ("empty.sbpbackup", "without dataFile.txt"),
            ("cut.sbp", "cut.sbp: its dataFile.txt cannot be read"),
        ]
        for (file, message) in refusals {
            let result = try lib.run("import-songs", file)
            #expect(result.status == 1, "\(file)")
            #expect(result.stderr.contains(message), "\(file): \(result.stderr)")
            #expect(try lib.snapshot() == before, "\(file)")
        }
    }

    static let openLyrics = """
        <?xml version="1.0" encoding="UTF-8"?>
        <song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9">
          <properties><titles><title>Amazing Grace</title></titles><authors><author>John Newton</author></authors><key>G</key></properties>
          <lyrics><verse name="v1"><lines><chord root="G"/>Amazing <chord root="C"/>grace</lines></verse></lyrics>
        </song>
        """

    @Test func anOpenSongFolderWithItsSetAndAnOnSongAndAnOpenLyricsFile() throws {
        let lib = try TemporaryLibrary()
        let folder = lib.folder.appendingPathComponent("OpenSong")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            "<song><title>Be Thou My Vision</title><author>Traditional</author><key>D</key><lyrics>[V1]\n.D\n Be thou my vision</lyrics></song>"
                .utf8
        )
        .write(to: folder.appendingPathComponent("Be Thou My Vision"))
        try Data(
            #"<set name="Evening"><slide_groups><slide_group name="Be Thou My Vision" type="song" path=""/><slide_group name="Psalm 23" type="scripture"/></slide_groups></set>"#
                .utf8
        )
        .write(to: folder.appendingPathComponent("Evening"))
        try Data("just notes".utf8).write(to: folder.appendingPathComponent("README"))
        try write(Data("Invented Tune\nNobody\nKey: Am\n\nVerse 1:\n[Am]la [G..]la\n".utf8), "tune.onsong", in: lib)
        try write(Data(Self.openLyrics.utf8), "grace.xml", in: lib)
        let out = try lib.ok("import-songs", "OpenSong", "tune.onsong", "grace.xml")
        #expect(out.contains("OpenSong/Be Thou My Vision: 1 song (OpenSong)"))
        #expect(out.contains("OpenSong/Evening: 0 songs, 1 set (OpenSong set)"))
        #expect(out.contains("  left out OpenSong/Evening, line 1: scripture slide 'Psalm 23': not a song"))
        #expect(out.contains("OpenSong/README: no song file, not read"))
        #expect(out.contains("tune.onsong: 1 song (OnSong)") && out.contains("grace.xml: 1 song (OpenLyrics)"))
        #expect(out.contains("Made the setlist 'Evening' of 1 song (OpenSong/Evening)."))
        #expect(try lib.ok("chart", "Invented Tune", "--chordpro").contains("[Am]la [G]la"))
        #expect(try lib.ok("chart", "Be Thou My Vision", "--chordpro").contains("[D]Be thou my vision"))
    }

    @Test func anOpenLPServiceBecomesASetlistInServiceOrder() throws {
        let lib = try TemporaryLibrary()
        let items: [Any] = [
            ["openlp_core": ["openlp-servicefile-version": 3]],
            ["serviceitem": ["header": ["plugin": "songs", "title": "Amazing Grace", "xml_version": Self.openLyrics]]],
            ["serviceitem": ["header": ["plugin": "images", "title": "Logo"]]],
        ]
        try write(try Self.zip([("Morning.osj", try JSONSerialization.data(withJSONObject: items))]), "Morning.osz", in: lib)
        let out = try lib.ok("import-songs", "Morning.osz")
        #expect(out.contains("Morning.osz: 1 song, 1 set (OpenLP service)"))
        #expect(out.contains("  left out Morning.osz, item 2: image 'Logo': not a song"))
        #expect(out.contains("Made the setlist 'Morning' of 1 song (Morning.osz)."))
    }

    @Test func aSongAlreadyThereKeepsItsChartUnlessUpdate() throws {
        let lib = try TemporaryLibrary()
        try write(Data(Self.openLyrics.utf8), "grace.xml", in: lib)
        try lib.ok("import-songs", "grace.xml")
        try write(
            Data(Self.openLyrics.replacingOccurrences(of: "grace</lines>", with: "grace, how sweet</lines>").utf8), "grace.xml", in: lib)
        #expect(try lib.ok("import-songs", "grace.xml").contains("1 already in the repertoire"))
        #expect(!(try lib.ok("chart", "Amazing Grace", "--chordpro")).contains("how sweet"))
        #expect(try lib.ok("import-songs", "grace.xml", "--update").contains("chart changed"))
        #expect(try lib.ok("chart", "Amazing Grace", "--chordpro").contains("[C]grace, how sweet"))
    }
}

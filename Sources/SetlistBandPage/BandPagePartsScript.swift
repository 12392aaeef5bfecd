import Foundation
import SetlistModel

/// Each member's part on the band page (``Part``): the page offers the parts ``Part/table``
/// lists, keeps the one chosen on the phone, and shows the song's keys, heading and chart as that
/// part reads them. It spells nothing itself: keys come from the view's key names, chords from
/// the moves, numbers and words setlist sends (``BandView``), the heading's words from the table.
extension BandPageDocument {
    /// The table as the script's JSON: one short line.
    static var partTable: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Plain strings and numbers cannot fail to encode.
        return (try? encoder.encode(Part.table)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    static let partsStyle = """
        .part{color:var(--accent);margin-bottom:8px}
        .chart.words{font-size:calc(24px*var(--scale))}
        select{font:inherit;color:var(--fg);background:var(--bg);border:0;border-radius:8px;padding:8px;min-height:44px;max-width:100%}
        """

    static let partsBody = """
        <div><label for="part">Part</label><select id="part"></select></div>
        """

    static var partsScript: String {
        """
        const parts = \(partTable);
        function part() { return parts.find(p => p.value === settings.part) || parts[0]; }
        // Semitones from the chart as the copy's key sounds to the chart read: the phone's transpose
        // and the part's shift (a capo's shapes are its fret down); concert pitch keeps the chart's capo.
        function partMove(song) {
          const p = part();
          return settings.transpose + (p.value === "concert" ? -(song.capo || 0) : p.shift);
        }
        // The key as the part reads it (written pitch, a capo's shapes); null for concert pitch.
        function partKey(key) {
          const p = part();
          return key && p.shift ? keyName(view.keyNames, key, settings.transpose + p.shift) : null;
        }
        function partChord(segment, up) {
          return part().reads === "numbers" ? chordAt(segment.numbers, up, segment.number || segment.chord) : chordAt(segment.moves, up, segment.chord);
        }
        // A comment's or a grid's text with the chords in it.
        function partText(row, up) {
          return part().reads === "numbers" ? chordAt(row.numberedTexts, up, row.numbered || row.text) : chordAt(row.texts, up, row.text);
        }
        // "E♭ part · written in A major · sounds C major", in the model's words.
        function partLine(song) {
          const p = part();
          if (!p.heading) return null;
          const text = !song.key ? p.name
            : p.heading.replace("{written}", () => partKey(song.key)).replace("{sounds}", () => keyText(song.key, true));
          return el("div", "part", text);
        }
        function startParts() {
          const menu = $("part");
          for (const p of parts) { const option = el("option", null, p.name); option.value = p.value; menu.append(option); }
          menu.value = part().value;
          menu.onchange = () => { settings.part = menu.value; save(); render(); };
        }
        """
    }
}

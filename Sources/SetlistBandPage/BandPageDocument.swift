/// The page the band's phones open: one small document with its style and script inside, no
/// outside resources (a venue often has no internet). It follows the server's events, keeps each
/// member's own settings (text size, dark or light, transpose, part) in the phone's localStorage, and
/// reconnects by itself (to stage mode started again, too) without ever covering the song.
public enum BandPageDocument {
    /// The whole page.
    public static var html: String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="referrer" content="no-referrer">
        <title>setlist</title>
        <style>\(style)\(BandPageCountIn.style)</style></head>
        <body class="dark">\(BandPageCountIn.banner)\(body)<script>\(script)</script></body></html>
        """
    }

    static let style = """
        :root{--fg:#f2f2f2;--dim:#a9a9a9;--bg:#111;--panel:#222;--accent:#ffcc33;--alert:#ff4d4d;--scale:1}
        body.light{--fg:#111;--dim:#555;--bg:#fafafa;--panel:#e8e8e8;--accent:#8a5a00;--alert:#c00000}
        *{box-sizing:border-box}
        html,body{margin:0;background:var(--bg);color:var(--fg);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        body{font-size:calc(18px*var(--scale));line-height:1.35;padding:env(safe-area-inset-top) 12px 64px}
        header{display:flex;gap:8px;align-items:center;padding:8px 0;color:var(--dim);font-size:calc(15px*var(--scale))}
        header .name{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        #status{color:var(--accent)}
        button{font:inherit;color:var(--fg);background:var(--panel);border:0;border-radius:8px;padding:8px 12px;min-width:44px;min-height:44px}
        #message{display:none;background:var(--alert);color:#fff;font-weight:700;font-size:calc(30px*var(--scale));
          text-align:center;padding:14px;border-radius:10px;margin:6px 0 10px;overflow-wrap:anywhere}
        #message.on{display:block}
        .set{color:var(--accent);font-weight:600}
        h1{font-size:calc(40px*var(--scale));line-height:1.1;margin:4px 0 6px;overflow-wrap:anywhere}
        .author{color:var(--dim);margin-bottom:8px}
        .facts{font-size:calc(22px*var(--scale));font-weight:600;margin-bottom:6px;display:flex;flex-wrap:wrap;column-gap:14px}
        .facts span{min-width:0;overflow-wrap:anywhere}
        .planned{color:var(--accent);margin-bottom:8px}
        .notes{white-space:pre-wrap;overflow-wrap:anywhere;border-left:3px solid var(--panel);padding-left:10px;margin:10px 0}
        .chart{margin:12px 0;font-size:calc(19px*var(--scale))}
        .chart .row{display:flex;flex-wrap:wrap;align-items:flex-end;min-height:1.2em}
        .chart .seg{display:inline-flex;flex-direction:column;min-width:0;max-width:100%}
        .chart .nc .c{display:none}
        .chart .c{color:var(--accent);font-weight:700;min-height:1.25em;padding-right:.35em;white-space:pre-wrap;overflow-wrap:anywhere}
        .chart .l{white-space:pre-wrap;overflow-wrap:anywhere}
        .chart .chorus{border-left:3px solid var(--accent);padding-left:10px}
        .chart .h{color:var(--accent);font-weight:600;margin-top:8px}
        .chart .cm{color:var(--dim);font-style:italic}
        .chart .v{font-family:ui-monospace,Menlo,Consolas,monospace;white-space:pre;overflow-x:auto;font-size:.85em}
        .next{border-top:1px solid var(--panel);padding-top:10px;margin-top:14px;font-size:calc(20px*var(--scale))}
        .next b{color:var(--accent)}
        ol{list-style:none;padding:0;margin:0}
        li{padding:8px 6px;border-bottom:1px solid var(--panel);display:flex;gap:10px}
        li .n{color:var(--dim);min-width:2.2em;text-align:right}
        li .t{flex:1;overflow-wrap:anywhere}
        li .k{color:var(--dim);white-space:nowrap}
        li.now{background:var(--panel);font-weight:700}
        li.brk{color:var(--accent);font-weight:600;border-bottom:0;padding-top:16px}
        #settings{display:none;background:var(--panel);border-radius:10px;padding:10px;margin:8px 0}
        #settings.on{display:block}
        #settings div{display:flex;gap:8px;align-items:center;margin:6px 0;flex-wrap:wrap}
        #settings label{min-width:6.5em}
        .hint{color:var(--dim);font-size:calc(14px*var(--scale))}
        .hidden{display:none}
        \(partsStyle)
        """

    static let body = """
        <header><span class="name" id="playlist">setlist</span><span id="counter"></span>
        <span id="status">connecting…</span>
        <button id="listButton" aria-label="The whole setlist">☰</button><button id="settingsButton" aria-label="Settings">Aa</button></header>
        <section id="settings">
        <div><label>Text size</label><button data-act="smaller">A−</button><button data-act="larger">A+</button></div>
        <div><label>Colours</label><button data-act="theme">Dark / light</button></div>
        <div><label>Transpose</label><button data-act="down">−1</button><span id="transpose">0</span><button data-act="up">+1</button>
        <button data-act="reset">0</button></div>
        \(partsBody)
        <div><label>Screen</label><button data-act="wake" id="wakeButton">Keep screen on</button></div>
        <p class="hint" id="wakeHint">If the screen still dims, turn off auto-lock while you play: on an iPhone, Settings → Display &amp; Brightness → Auto-Lock → Never; on Android, Settings → Display → Screen timeout.</p>
        \(BandPageCountIn.setting)
        </section>
        <div id="message" role="alert"></div>
        <main id="stage"><p class="hint">Waiting for the leader's laptop…</p></main>
        <section id="list" class="hidden"><ol id="songs"></ol></section>
        """

    /// How long, in milliseconds, the page waits for anything on its stream before it starts
    /// anew: a few missed heartbeats.
    static let watchdog = Int(BandPageServer.heartbeat * 1000 * 2.5)

    /// How long, in milliseconds, a new stream may take to open before the page tries again: the
    /// server answers at once, so a stream silent this long asked on a connection that goes
    /// nowhere (one the browser opened ahead, left behind by a dead Wi-Fi).
    static let opening = Int(BandPageServer.heartbeat * 1000)

    /// The script. It starts only on the real page (the element `stage` exists), so a test can
    /// load it alone and call ``keyName``.
    static var script: String {
        """
        "use strict";
        const settings = {scale: 1, theme: "dark", transpose: 0};
        try { Object.assign(settings, JSON.parse(localStorage.getItem("setlist.follow") || "{}")); } catch (e) {}
        let view = null, source = null, lastEvent = 0, opened = false, ended = false, moved = false, probing = null, wakeLock = null;

        function keyName(names, key, semitones) {
          if (!key) return null;
          const list = names[key.mode];
          if (!list) return key.name;
          return list[(((key.pitchClass + semitones) % 12) + 12) % 12];
        }
        // setlist spells every moved chord (each chord comes with its name for each transpose):
        // the page only picks the one of its transpose.
        function chordAt(names, semitones, written) {
          if (!names || !semitones) return written;
          return names[((semitones % 12) + 12) % 12] || written;
        }
        \(partsScript)
        \(pedalScript)
        function $(id) { return document.getElementById(id); }
        function el(tag, cls, text) {
          const node = document.createElement(tag);
          if (cls) node.className = cls;
          if (text != null) node.textContent = text;
          return node;
        }
        function save() { try { localStorage.setItem("setlist.follow", JSON.stringify(settings)); } catch (e) {} }
        function applySettings() {
          document.documentElement.style.setProperty("--scale", settings.scale);
          document.body.className = settings.theme;
          const t = settings.transpose;
          $("transpose").textContent = t > 0 ? "+" + t : String(t);
        }
        function keyText(key, sounding) {
          if (!sounding && partKey(key)) return partKey(key);
          const name = keyName(view.keyNames, key, settings.transpose);
          if (!name) return null;
          return settings.transpose && key ? name + " (" + key.name + " " + (settings.transpose > 0 ? "+" : "−") + Math.abs(settings.transpose) + ")" : name;
        }
        function songLine(song) {
          const parts = [song.length, keyText(song.key), song.bpm ? song.bpm + " BPM" : null].filter(Boolean);
          return song.position + ". " + song.title + (parts.length ? " (" + parts.join(", ") + ")" : "");
        }
        function render() {
          if (!view) return;
          $("playlist").textContent = view.playlist;
          $("counter").textContent = view.position + "/" + view.songs.length;
          const message = $("message");
          message.textContent = view.message || "";
          message.className = view.message ? "on" : "";
          const song = view.songs[view.position - 1];
          const stage = $("stage");
          stage.replaceChildren();
          if (!song) { stage.append(el("p", "hint", "No songs.")); return; }
          if (song.set) stage.append(el("div", "set", song.set));
          stage.append(el("h1", null, song.title));
          if (song.author) stage.append(el("div", "author", "by " + song.author));
          const facts = el("div", "facts");
          facts.append(el("span", null, "Length " + (song.length || "—")));
          facts.append(el("span", null, "Key " + (keyText(song.key) || "—")));
          facts.append(el("span", null, song.bpm ? song.bpm + " BPM" : "BPM —"));
          if (song.capo && part().value === "concert") facts.append(el("span", null, "Capo " + song.capo));
          stage.append(facts);
          const partHeading = partLine(song);
          if (partHeading) stage.append(partHeading);
          if (view.planned) stage.append(el("div", "planned", view.planned));
          if (song.notes) stage.append(el("div", "notes", song.notes));
          if (song.chart) stage.append(chart(song));
          const next = el("div", "next");
          const brk = view.breaks.find(b => b.after === view.position);
          const after = view.songs[view.position];
          if (brk) {
            next.append(el("b", null, "Break, then " + brk.label));
            if (after) next.append(el("div", null, songLine(after)));
          } else if (after) {
            next.append(el("b", null, "Next: "), document.createTextNode(songLine(after)));
          } else {
            next.append(el("b", null, "Last song"));
          }
          stage.append(next);
          renderList();
        }
        // Chords over their syllables; moved by the phone's part and transpose when the chart has a
        // key (a chart without one is shown as written, as everywhere in setlist).
        function chart(song) {
          const words = part().reads === "none" && song.words, up = partMove(song);
          const box = el("div", words ? "chart words" : "chart");
          for (const row of words || song.chart) {
            let line;
            if (row.kind === "lyrics") {
              line = el("div", row.segments.some(s => s.chord) ? "row" : "row nc");
              for (const segment of row.segments) {
                const seg = el("span", "seg");
                const name = segment.chord ? partChord(segment, up) : "";
                seg.append(el("span", "c", name), el("span", "l", segment.text));
                line.append(seg);
              }
            } else if (row.kind === "heading") line = el("div", "h", row.text);
            else if (row.kind === "comment") line = el("div", "cm", partText(row, up));
            else if (row.kind === "key") line = el("div", "cm", "Key: " + chordAt(row.texts, up, row.key.name));
            else if (row.kind === "verbatim") line = el("div", "v", partText(row, up));
            else line = el("div", "row", " ");
            if (row.chorus) line.classList.add("chorus");
            box.append(line);
          }
          return box;
        }
        function renderList() {
          const list = $("songs");
          list.replaceChildren();
          view.songs.forEach((song, index) => {
            view.breaks.filter(b => b.after === index).forEach(b => list.append(el("li", "brk", b.label)));
            const item = el("li", song.position === view.position ? "now" : null);
            item.append(el("span", "n", song.position + "."), el("span", "t", song.title), el("span", "k", keyText(song.key) || ""));
            list.append(item);
          });
        }
        function status(text) { $("status").textContent = text; }
        // After the end, or when the stream was refused: asks every 2 s whether stage mode is back
        // at this address (a restart keeps it) and follows it again when it is. 403 means it runs
        // with another secret (the laptop's code was made anew): say so and keep asking.
        function probe() {
          if (probing) return;
          probing = setTimeout(() => {
            fetch("state", { cache: "no-store" }).then((response) => {
              probing = null;
              if (response.ok) { ended = false; moved = false; connect(); return; }
              if (response.status === 403) {
                moved = true;
                status("stage mode was started with a new address: scan its code on the leader's screen");
              }
              probe();
            }, () => { probing = null; probe(); });
          }, 2000);
        }
        function connect() {
          if (ended) return;
          if (source) source.close();
          source = new EventSource("events");
          lastEvent = Date.now();
          opened = false;
          source.addEventListener("open", () => { lastEvent = Date.now(); opened = true; moved = false; status(""); syncClock(); });
          source.addEventListener("view", (event) => {
            lastEvent = Date.now();
            const next = JSON.parse(event.data);
            // An old event never overwrites a newer song; a stage mode started again counts anew.
            if (view && next.run === view.run && next.sequence <= view.sequence) return;
            view = next;
            status("");
            render();
            followCountIn(view);
          });
          source.addEventListener("heartbeat", () => { lastEvent = Date.now(); });
          source.addEventListener("end", () => {
            ended = true;
            source.close();
            status("stage mode has ended");
            probe();
          });
          source.addEventListener("error", () => {
            if (ended) return;
            if (!moved) status("reconnecting…");
            if (source.readyState === EventSource.CLOSED) probe();
          });
        }
        async function keepAwake() {
          if (!("wakeLock" in navigator)) { $("wakeHint").className = "hint"; return; }
          try {
            wakeLock = await navigator.wakeLock.request("screen");
            $("wakeButton").textContent = "Screen stays on";
          } catch (e) { $("wakeHint").className = "hint"; }
        }
        function start() {
          applySettings();
          startCountIn();
          startParts();
          document.addEventListener("keydown", pedal);
          if (!window.isSecureContext) $("wakeButton").className = "hidden";
          $("settingsButton").onclick = () => $("settings").classList.toggle("on");
          $("listButton").onclick = () => { $("list").classList.toggle("hidden"); $("stage").classList.toggle("hidden"); };
          $("settings").onclick = (event) => {
            const act = event.target.dataset && event.target.dataset.act;
            if (!act) return;
            if (act === "smaller") settings.scale = Math.max(0.6, Math.round((settings.scale - 0.1) * 10) / 10);
            if (act === "larger") settings.scale = Math.min(2.5, Math.round((settings.scale + 0.1) * 10) / 10);
            if (act === "theme") settings.theme = settings.theme === "dark" ? "light" : "dark";
            if (act === "up") settings.transpose = Math.min(11, settings.transpose + 1);
            if (act === "down") settings.transpose = Math.max(-11, settings.transpose - 1);
            if (act === "reset") settings.transpose = 0;
            if (act === "wake") keepAwake();
            save(); applySettings(); render();
          };
          // iOS drops an event stream in the background (or a dead Wi-Fi keeps it open, silent)
          // without an error: start anew when the page shows again, and whenever nothing, not
          // even the heartbeat the server sends every few seconds, came for a while.
          document.addEventListener("visibilitychange", () => {
            if (document.visibilityState === "visible") {
              connect();
              if (wakeLock) keepAwake();
            }
          });
          setInterval(() => {
            if (!ended && !moved && Date.now() - lastEvent > (opened ? \(watchdog) : \(opening))) { status("reconnecting…"); connect(); }
          }, 500);
          connect();
        }
        \(BandPageCountIn.script)
        if (document.getElementById("stage")) start();
        """
    }
}

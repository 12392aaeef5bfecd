/// The band page's count-in (`c` in stage mode): the beats of one bar flashed on every phone at
/// the same moment, and a click on the phones whose member turned it on. The laptop is the clock:
/// the page asks it the time (`clock`) 16 times when its stream opens and every minute, keeps
/// the fastest round trips (``BandClockEstimate`` mirrors `estimateOffset`), and schedules each
/// beat on its own clock. ``BandPageDocument`` puts these in the page.
enum BandPageCountIn {
    static let style = """
        #countin{display:none;position:fixed;left:0;right:0;top:0;z-index:9;text-align:center;font-weight:800;
          font-size:calc(64px*var(--scale));line-height:1.4;background:var(--panel);color:var(--fg)}
        #countin.on{display:block}
        #countin.beat{background:var(--accent);color:#000}
        #countin .bpm{display:block;font-size:calc(16px*var(--scale));font-weight:600;line-height:1.6}
        """

    /// The bar across the top of the screen the beats show in.
    static let banner = """
        <div id="countin" aria-live="off"></div>
        """

    /// The row of the settings that turns the click on.
    static let setting = """
        <div><label>Count-in</label><button id="clickButton" aria-pressed="false">Click off</button></div>
        <p class="hint">The beats flash on every phone in step. A click plays on this phone only while the page \
        is open (an iPhone's silent switch silences it; tap the page once after opening it).</p>
        """

    static var script: String {
        """
        // The laptop is the clock: clockOffset is its time minus this phone's (null until known).
        let clock = () => performance.now();
        let clockOffset = null, clockSyncing = false, countInKey = null, countInTimers = [], countInWaiting = null, audio = null;

        // The midpoint of each ping is the laptop's time, wrong by at most half the round trip: keep
        // the fastest (within \(Int(BandClockEstimate.slack)) ms of the fastest, at most five), take their middle.
        // BandClockEstimate (Swift) does the same, step for step.
        function estimateOffset(samples) {
          const usable = samples.filter(s => s.received >= s.sent).sort((a, b) =>
            (a.received - a.sent) - (b.received - b.sent) || a.sent - b.sent);
          if (!usable.length) return null;
          const fastest = usable[0].received - usable[0].sent;
          const offsets = usable.filter(s => s.received - s.sent <= fastest + \(BandClockEstimate.slack)).slice(0, \(BandClockEstimate.kept))
            .map(s => s.laptop - (s.sent + s.received) / 2).sort((a, b) => a - b);
          const middle = offsets.length >> 1;
          return offsets.length % 2 ? offsets[middle] : (offsets[middle - 1] + offsets[middle]) / 2;
        }
        // One ping: when the request left and its answer began to come, without the connection's
        // setup (Resource Timing), else around the whole fetch.
        async function ping() {
          const url = new URL("clock", location.href).href;
          const before = clock();
          const response = await fetch(url, { cache: "no-store" });
          const body = await response.json();
          const after = clock();
          const shift = clock() - performance.now();
          const entries = performance.getEntriesByName ? performance.getEntriesByName(url) : [];
          const entry = entries[entries.length - 1];
          if (performance.clearResourceTimings) performance.clearResourceTimings();
          if (entry && entry.requestStart > 0 && entry.responseStart >= entry.requestStart)
            return { sent: entry.requestStart + shift, laptop: body.t, received: entry.responseStart + shift };
          return { sent: before, laptop: body.t, received: after };
        }
        async function syncClock() {
          if (clockSyncing) return;
          clockSyncing = true;
          const samples = [];
          try {
            for (let i = 0; i < \(BandClockEstimate.pings); i++) {
              try { samples.push(await ping()); } catch (e) {}
              await new Promise(done => setTimeout(done, 30));
            }
          } finally { clockSyncing = false; }
          const offset = estimateOffset(samples);
          if (offset !== null) clockOffset = offset;
          if (countInWaiting && clockOffset !== null) { const c = countInWaiting; countInWaiting = null; scheduleCountIn(c); }
        }
        function stopCountIn() {
          countInTimers.forEach(clearTimeout);
          countInTimers = [];
          countInWaiting = null;
          $("countin").className = "";
        }
        // Each view carries the count-in until it is over: a new one is scheduled, the same one
        // left running, none stops it.
        function followCountIn(view) {
          const c = view.countIn;
          const key = c ? c.start + "/" + c.bpm + "/" + c.beats : null;
          if (key === countInKey) return;
          countInKey = key;
          stopCountIn();
          if (!c) return;
          if (clockOffset === null) { countInWaiting = c; syncClock(); return; }
          scheduleCountIn(c);
        }
        function scheduleCountIn(c) {
          const interval = 60000 / c.bpm, first = c.start - clockOffset, banner = $("countin");
          const show = (text, beat) => {
            banner.replaceChildren(document.createTextNode(text), el("span", "bpm", c.bpm + " BPM"));
            banner.className = beat ? "on beat" : "on";
          };
          const at = (time, action) => countInTimers.push(setTimeout(action, Math.max(0, time - clock())));
          show("Count-in", false);
          for (let beat = 1; beat <= c.beats; beat++) {
            const time = first + (beat - 1) * interval;
            // A beat already past (an event held up on the way) is not shown late.
            if (time < clock() - 20) continue;
            at(time, () => show(String(beat), true));
            at(time + Math.min(150, interval / 2), () => { banner.className = "on"; });
            click(time, beat === 1);
          }
          at(first + c.beats * interval, () => { banner.className = ""; });
        }
        // A short click on the audio clock, at the beat's time on this phone's clock.
        function click(time, accent) {
          if (!settings.click || !audio) return;
          if (audio.state === "suspended") audio.resume();
          const stamp = audio.getOutputTimestamp ? audio.getOutputTimestamp() : null;
          const now = stamp && stamp.performanceTime ? stamp.contextTime + (performance.now() - stamp.performanceTime) / 1000 : audio.currentTime;
          const when = Math.max(audio.currentTime, now + (time - clock()) / 1000);
          const tone = audio.createOscillator(), gain = audio.createGain();
          tone.frequency.value = accent ? 1760 : 1320;
          gain.gain.setValueAtTime(0.8, when);
          gain.gain.exponentialRampToValueAtTime(0.001, when + 0.05);
          tone.connect(gain).connect(audio.destination);
          tone.start(when);
          tone.stop(when + 0.06);
        }
        // A page may make sound only after a touch: the audio starts with the button, or with the
        // first touch after a reload.
        function startAudio() {
          if (!settings.click) return;
          const Context = window.AudioContext || window.webkitAudioContext;
          if (!audio && Context) audio = new Context();
          if (audio && audio.state === "suspended") audio.resume();
        }
        function showClick() {
          const button = $("clickButton");
          button.textContent = settings.click ? "Click on" : "Click off";
          button.setAttribute("aria-pressed", settings.click ? "true" : "false");
        }
        function startCountIn() {
          showClick();
          $("clickButton").onclick = () => { settings.click = !settings.click; save(); showClick(); startAudio(); };
          document.addEventListener("pointerdown", startAudio);
          // Clocks drift, and a phone may have slept: estimate again now and then.
          setInterval(() => { if (!ended && !moved) syncClock(); }, 60000);
        }
        """
    }
}

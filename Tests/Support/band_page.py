"""Opens the band page of `setlist live --serve` in a browser and answers commands from standard
input, one per line, so that a test can step the leader and check what a phone shows. The browser
is $SETLIST_BROWSER's engine: chromium (headless Chromium through Selenium, the default), webkit
(WebKitGTK, Safari's engine, through Selenium and WebKitWebDriver; run it under xvfb-run) or
firefox (Firefox ESR through Marionette, marionette-driver). Commands:

  title TEXT        wait (up to 10 s) until the song's title is TEXT; prints "ok" or what it is
  within SECONDS    how long title and text wait from now on
  text TEXT         wait until the page's visible text contains TEXT
  click SELECTOR    click an element (a CSS selector)
  reload            load the page again (what a phone does after its screen was locked)
  screenshot PATH   save a PNG of the page
  eval EXPRESSION   prints the JSON of what a JavaScript expression on the page gives
  quit

Usage: [SETLIST_BROWSER=chromium|webkit|firefox] python3 band_page.py URL [WIDTH HEIGHT]
"""
import base64
import fcntl
import json
import os
import shutil
import sys
import tempfile
import time


# A window is at least some 450 to 500 pixels wide in WebKitGTK and Firefox (no phone emulation
# there): a phone's narrower screen is a frame of its width, the page loaded in it; returns the frame.
FRAME = """
const frame = document.createElement("iframe");
frame.src = %s;
frame.style = "border:0;position:absolute;left:0;top:0;width:%dpx;height:" + Math.min(%d, window.innerHeight) + "px";
document.body.style.margin = "0";
document.body.append(frame);
return frame;
"""


class Phone:
    """A browser showing the page on a phone's screen, in a frame of the screen's width when the
    window cannot be that narrow. Each engine's class gives navigate, top, into, element, run and
    capture."""

    def fit(self, width, height, narrow):
        self.width, self.height, self.narrow, self.frame = width, height, narrow, None

    def get(self, url):
        if not self.narrow:
            return self.navigate(url)
        self.top()
        self.navigate("about:blank")
        self.frame = self.run(FRAME % (json.dumps(url), self.width, self.height))
        self.into(self.frame)

    def reload(self, url):
        # In a frame, the frame reloads: the page stays where its storage is kept.
        if not self.narrow:
            return self.get(url)
        self.run("location.reload()")
        time.sleep(1)

    def text(self, selector):
        return self.element(selector).text

    def click(self, selector):
        self.element(selector).click()

    def screenshot(self, path):
        # The frame as the window shows it, taken from the top (a frame of another origin cannot
        # take itself).
        if not self.narrow:
            return self.capture(path, None)
        self.top()
        try:
            self.capture(path, self.frame)
        finally:
            self.into(self.frame)


class Selenium(Phone):
    """Chromium or WebKitGTK through Selenium's WebDriver."""

    def __init__(self, engine, width, height):
        from selenium import webdriver
        from selenium.webdriver.common.by import By
        self.by = By
        if engine == "chromium":
            from selenium.webdriver.chrome.service import Service
            options = webdriver.ChromeOptions()
            for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                             f"--window-size={max(width, 500)},{height}"]:
                options.add_argument(argument)
            # A window is at least 500 pixels wide; a phone's narrower screen is emulated.
            options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}})
            self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        else:
            from selenium.webdriver.webkitgtk.service import Service
            options = webdriver.WebKitGTKOptions()
            # Scroll bars over the page, as on a phone: none takes width from it.
            options.overlay_scrollbars_enabled = True
            self.driver = webdriver.WebKitGTK(service=Service("/usr/bin/WebKitWebDriver"), options=options)
            self.driver.set_window_size(width, height)
        self.driver.set_page_load_timeout(30)
        self.fit(width, height, engine != "chromium" and self.run("return window.innerWidth") > width)

    def navigate(self, url):
        self.driver.get(url)

    def top(self):
        self.driver.switch_to.default_content()

    def into(self, frame):
        self.driver.switch_to.frame(frame)

    def element(self, selector):
        return self.driver.find_element(self.by.CSS_SELECTOR, selector)

    def run(self, script):
        return self.driver.execute_script(script)

    def capture(self, path, frame):
        if frame is None:
            self.driver.save_screenshot(path)
        else:
            frame.screenshot(path)

    def quit(self):
        self.driver.quit()


class Firefox(Phone):
    """Firefox ESR through Marionette (marionette-driver), headless, with a profile of its own."""

    def __init__(self, width, height):
        from marionette_driver.marionette import Marionette
        from marionette_driver.by import By
        self.by = By
        self.folder = tempfile.mkdtemp(prefix="setlist-firefox-")
        # Marionette deletes the file gecko_log names when it starts: one of our own, in our folder.
        log = os.path.join(self.folder, "gecko.log")
        open(log, "w").close()
        os.environ["MOZ_HEADLESS"] = "1"
        os.environ["MOZ_HEADLESS_WIDTH"], os.environ["MOZ_HEADLESS_HEIGHT"] = str(width), str(height)
        self.client = Marionette(host="127.0.0.1", port=0, bin=shutil.which("firefox-esr") or "firefox-esr",
                                 gecko_log=log, headless=True, startup_timeout=120,
                                 # One process for the page and its frame: a screenshot takes both.
                                 prefs={"fission.autostart": False})
        self.client.start_session()
        self.client.timeout.page_load = 30
        self.client.set_window_rect(width=width, height=height)
        self.fit(width, height, self.run("return window.innerWidth") > width)

    def navigate(self, url):
        self.client.navigate(url)

    def top(self):
        self.client.switch_to_frame()

    def into(self, frame):
        self.client.switch_to_frame(frame)

    def element(self, selector):
        return self.client.find_element(self.by.CSS_SELECTOR, selector)

    def run(self, script):
        return self.client.execute_script(script, sandbox=None)

    def capture(self, path, frame):
        with open(path, "wb") as file:
            file.write(base64.b64decode(self.client.screenshot(element=frame)))

    def quit(self):
        try:
            # Quits Firefox and removes its profile now, not when Python is shutting down.
            self.client.cleanup()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def main():
    url = sys.argv[1]
    width, height = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (390, 844)
    engine = os.environ.get("SETLIST_BROWSER") or "chromium"
    # One browser at a time, whichever test runs it: the suite runs tests in parallel, and several
    # browsers starting at once on a small, busy machine left a page load hanging for minutes.
    lock = open("/tmp/setlist-follow-page.lock", "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    driver = Firefox(width, height) if engine == "firefox" else Selenium(engine, width, height)
    try:
        for attempt in range(3):
            try:
                driver.get(url)
                break
            except Exception:
                if attempt == 2:
                    raise
        print("ready", flush=True)
        within = 10
        for line in sys.stdin:
            command, _, argument = line.rstrip("\n").partition(" ")
            if command == "quit":
                break
            if command in ("title", "text"):
                deadline = time.time() + within
                seen = ""
                while time.time() < deadline:
                    try:
                        if command == "title":
                            seen = driver.text("#stage h1")
                            if seen == argument:
                                break
                        else:
                            seen = driver.text("body")
                            if argument in seen:
                                break
                    except Exception:
                        pass
                    time.sleep(0.05)
                else:
                    print("no: " + seen.replace("\n", " | "), flush=True)
                    continue
                print("ok", flush=True)
            elif command == "within":
                within = float(argument)
                print("ok", flush=True)
            elif command == "click":
                driver.click(argument)
                print("ok", flush=True)
            elif command == "reload":
                driver.reload(url)
                print("ok", flush=True)
            elif command == "eval":
                print(json.dumps(driver.run("return " + argument)), flush=True)
            elif command == "screenshot":
                driver.screenshot(argument)
                print("ok", flush=True)
            else:
                print("no: unknown command " + command, flush=True)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()

"""Opens the band page of `setlist live --serve` in headless Chromium and answers commands from
standard input, one per line, so that a test can step the leader and check what a phone shows:

  title TEXT        wait (up to 10 s) until the song's title is TEXT; prints "ok" or what it is
  within SECONDS    how long title and text wait from now on
  text TEXT         wait until the page's visible text contains TEXT
  click SELECTOR    click an element (a CSS selector)
  reload            load the page again (what a phone does after its screen was locked)
  screenshot PATH   save a PNG of the page
  eval EXPRESSION   prints the JSON of what a JavaScript expression on the page gives
  quit

Usage: python3 band_page.py URL [WIDTH HEIGHT]
"""
import fcntl
import json
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def main():
    url = sys.argv[1]
    width, height = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (390, 844)
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={max(width, 500)},{height}"]:
        options.add_argument(argument)
    # A window is at least 500 pixels wide; a phone's narrower screen is emulated.
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}})
    # One browser at a time, whichever test runs it: the suite runs tests in parallel, and several
    # Chromiums starting at once on a small, busy machine left a page load hanging for minutes.
    lock = open("/tmp/setlist-follow-page.lock", "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
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
                            seen = driver.find_element(By.CSS_SELECTOR, "#stage h1").text
                            if seen == argument:
                                break
                        else:
                            seen = driver.find_element(By.TAG_NAME, "body").text
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
                driver.find_element(By.CSS_SELECTOR, argument).click()
                print("ok", flush=True)
            elif command == "reload":
                driver.get(url)
                print("ok", flush=True)
            elif command == "eval":
                print(json.dumps(driver.execute_script("return " + argument)), flush=True)
            elif command == "screenshot":
                driver.save_screenshot(argument)
                print("ok", flush=True)
            else:
                print("no: unknown command " + command, flush=True)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()

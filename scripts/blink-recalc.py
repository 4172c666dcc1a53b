#!/usr/bin/python3
"""Blink's style recalculation, timed from Chromium's trace, for stylebench's `blink` section.

stylebench writes the workload as a page (the tree as custom elements, the stylesheet as CSS),
starts this script and talks to it in JSON lines: one request on stdin, one answer on stdout.
Between two browser rounds stylebench runs its own match + apply, so both are measured
alternately in one session.

    {"cmd": "load", "path": "/tmp/…/page.html"}      -> {"elements": 10012, "rules": 311}
    {"cmd": "check", "selectors": […], "declarations": [[property, value], …]}
        -> {"counts": […], "hashes": […], "unsupported": […]}
    {"cmd": "round"}                                  -> {"js": milliseconds}
    {"cmd": "collect", "rounds": 20, "elements": 10012}
        -> {"recalc": [ms, …], "style": [ms, …], "styled": [n, …], "cacheHits": [n, …]}
    {"cmd": "quit"}

A round toggles the class `sr-recalc` on <html>; the stylesheet's last rule, `.sr-recalc *`,
makes Blink invalidate every element, and `getComputedStyle` forces the style update (style and
layout tree only, no layout). The round then waits two animation frames and 40 ms so that the
frame's own work is over before stylebench times its side on the same cores. The time is the `UpdateLayoutTree` trace
event's duration (devtools.timeline, what DevTools shows as "Recalculate Style"), read from
chromedriver's performance log; `Document::updateStyle` (blink_style) is the recalculation
within it, with Blink's counters (elements styled, matched-properties cache hits).

stylebench runs it as `blink-recalc.py --browser CHROMIUM`. By hand, on the page that
`stylebench --write-page FOLDER` writes:

    /usr/bin/python3 scripts/blink-recalc.py --page FOLDER/page.html [--rounds N] [--browser PATH]
"""
import json
import os
import shutil
import sys
import time

ROUND = """
const done = arguments[0];
const start = performance.now();
document.documentElement.classList.toggle('sr-recalc');
getComputedStyle(document.body).color;
const js = performance.now() - start;
requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done(js), 40)));
"""

CHECK = """
const [selectors, declarations] = arguments;
const position = new Map();
document.body.querySelectorAll('*').forEach((e, i) => position.set(e, i));
const counts = [], hashes = [];
for (const selector of selectors) {
  const found = document.querySelectorAll(selector);
  let hash = 0;
  for (const e of found) {
    const p = position.has(e) ? position.get(e) + 1 : 0;  // 0: an element outside the tree
    hash = (hash * 1000003 + p) % 2147483647;
  }
  counts.push(found.length);
  hashes.push(hash);
}
const unsupported = declarations.filter(([p, v]) => !CSS.supports(p, v));
return {counts, hashes, unsupported};
"""


def answer(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def executable(*candidates):
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def start_browser(browser=None):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser = executable(browser, os.environ.get("STYLERUN_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"))
    driver_path = executable("/usr/bin/chromedriver", shutil.which("chromedriver"))
    if not browser:
        raise RuntimeError("Chromium not found")
    if not driver_path:
        raise RuntimeError("chromedriver not found (Debian: chromium-driver)")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking",
                     "--disable-component-update", "--window-size=1280,900"):
        options.add_argument(argument)
    options.binary_location = browser
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    options.add_experimental_option("perfLoggingPrefs", {
        "enableNetwork": False, "enablePage": False, "traceCategories": "devtools.timeline,blink_style"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(120)
    driver.set_script_timeout(300)
    return driver


class Trace:
    """The trace events chromedriver has collected, read from its performance log."""

    def __init__(self, driver):
        self.driver = driver

    def drain(self):
        events = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Tracing.dataCollected":
                events.append(message["params"])
        return events

    def recalcs(self, rounds, elements, tries=20):
        """The last `rounds` full style updates (UpdateLayoutTree over at least `elements`
        elements), each with the Document::updateStyle inside it, in time order."""
        events = []
        for _ in range(tries):
            events += self.drain()
            full = [e for e in events if e.get("name") == "UpdateLayoutTree"
                    and e.get("args", {}).get("elementCount", 0) >= elements]
            if len(full) >= rounds:
                break
            time.sleep(0.25)
        full.sort(key=lambda e: e["ts"])
        if len(full) < rounds:
            raise RuntimeError(f"the trace holds {len(full)} full style recalculations, not {rounds}")
        styles = [e for e in events if e.get("name") == "Document::updateStyle"]
        result = {"recalc": [], "style": [], "styled": [], "cacheHits": []}
        for e in full[-rounds:]:
            inner = [s for s in styles if e["ts"] <= s["ts"] and s["ts"] + s.get("dur", 0) <= e["ts"] + e["dur"]
                     and s.get("tid") == e.get("tid")]
            counters = inner[0].get("args", {}).get("counters", {}) if inner else {}
            result["recalc"].append(e["dur"] / 1000)
            result["style"].append(sum(s.get("dur", 0) for s in inner) / 1000)
            result["styled"].append(counters.get("elementsStyled", -1))
            result["cacheHits"].append(counters.get("matchedPropertyCacheHit", -1))
        return result


def serve(browser):
    try:
        driver = start_browser(browser)
    except Exception as error:  # selenium missing, no browser, the browser would not start
        answer({"error": str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__})
        return
    trace = Trace(driver)
    try:
        answer({"ready": True, "browser": driver.capabilities.get("browserVersion", "?")})
        for line in sys.stdin:
            request = json.loads(line)
            command = request.get("cmd")
            try:
                if command == "load":
                    driver.get("file://" + request["path"])
                    elements = driver.execute_script("return document.body.querySelectorAll('*').length")
                    rules = driver.execute_script("return document.styleSheets[0].cssRules.length")
                    trace.drain()
                    answer({"elements": elements, "rules": rules})
                elif command == "check":
                    answer(driver.execute_script(CHECK, request["selectors"], request["declarations"]))
                elif command == "round":
                    answer({"js": driver.execute_async_script(ROUND)})
                elif command == "collect":
                    answer(trace.recalcs(request["rounds"], request["elements"]))
                elif command == "quit":
                    break
                else:
                    answer({"error": f"unknown command {command!r}"})
            except Exception as error:
                answer({"error": str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__})
    finally:
        driver.quit()


def by_hand(page, rounds, browser):
    driver = start_browser(browser)
    try:
        trace = Trace(driver)
        driver.get("file://" + os.path.abspath(page))
        elements = driver.execute_script("return document.body.querySelectorAll('*').length")
        for _ in range(3):
            driver.execute_async_script(ROUND)
        trace.recalcs(3, elements)
        for _ in range(rounds):
            driver.execute_async_script(ROUND)
        result = trace.recalcs(rounds, elements)
        median = sorted(result["recalc"])[len(result["recalc"]) // 2]
        print(f"{elements} elements: UpdateLayoutTree median {median:.2f} ms over {rounds} rounds; "
              f"elements styled {result['styled'][0]}, cache hits {result['cacheHits'][0]}")
    finally:
        driver.quit()


def option(name, default=None):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv[:-1] else default


if __name__ == "__main__":
    if "--page" in sys.argv:
        by_hand(option("--page"), int(option("--rounds", "15")), option("--browser"))
    else:
        serve(option("--browser"))

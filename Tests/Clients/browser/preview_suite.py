#!/usr/bin/env python3
"""`stylerun preview` in a real headless Chromium: the screen, live saves, errors, themes,
the inspector, screenshots of every example against reviewed PNGs, and the time from a save to
updated pixels.

    preview_suite.py path/to/stylerun [--update-screenshots] [--only NAME]

Each test starts `stylerun preview COPY.lua --no-open --port 0` on a copy of an example in a
temporary folder, so saves never touch the repository. Exits 1 when a test fails.
"""
import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

import browser
import pngdiff

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
EXAMPLES = sorted(name[:-4] for name in os.listdir(os.path.join(ROOT, "examples")) if name.endswith(".lua"))
SCREENSHOTS = os.path.join(HERE, "screenshots")
# A pixel differs when a channel is off by more than 48 of 255; a screenshot passes when at most
# this fraction of its pixels differ (anti-aliasing and font hinting move a few edges).
PIXEL_TOLERANCE = 0.02


class Preview:
    """A running `stylerun preview` on a copy of an example."""

    def __init__(self, stylerun, folder, name, text=None, extra=()):
        self.path = os.path.join(folder, name + ".lua")
        if text is None:
            with open(os.path.join(ROOT, "examples", name + ".lua"), encoding="utf-8") as f:
                text = f.read()
        self.original = text
        self.write(text)
        self.errors = tempfile.TemporaryFile()
        self.process = subprocess.Popen([stylerun, "preview", self.path, "--no-open", "--port", "0", *extra],
                                        stdout=subprocess.PIPE, stderr=self.errors, text=True)
        line = self.process.stdout.readline()
        match = re.fullmatch(r"Previewing (.+) at (http://127\.0\.0\.1:(\d+)/)\n", line)
        if not match or match.group(1) != self.path:
            self.stop(check=False)
            raise AssertionError(f"the first line was {line!r}")
        self.url = match.group(2)

    def write(self, text):
        with open(self.path, "w", encoding="utf-8") as f:
            f.write(text)

    def edit(self, old, new):
        text = self.original.replace(old, new)
        assert text != self.original, f"{old!r} is not in the script"
        self.write(text)

    def stop(self, check=True):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise AssertionError("stylerun preview did not stop on SIGTERM")
        if check:
            assert self.process.returncode == 0, f"exit status {self.process.returncode}"


def wait(driver, script, timeout=10, message=""):
    """Waits until the JavaScript expression `script` is truthy; returns its value."""
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.02).until(lambda d: d.execute_script("return " + script))
    except Exception:
        raise AssertionError(f"timed out waiting for {message or script}")


def open_page(driver, preview):
    driver.get(preview.url)
    wait(driver, "window.stylerun && window.stylerun.updates >= 1", message="the first update")


def overlay_text(driver):
    return driver.find_element(By.CSS_SELECTOR, '[data-stylerun="error"]').text


# Tests ------------------------------------------------------------------------------------------

def test_screen_renders(driver, stylerun, folder):
    preview = Preview(stylerun, folder, "themes")
    try:
        open_page(driver, preview)
        sign_up = driver.find_element(By.ID, "signUp")
        assert sign_up.get_attribute("data-kind") == "Button"
        assert sign_up.get_attribute("class") == "auth__button auth__button--outlined"
        assert sign_up.text == "Sign up"
        kinds = driver.execute_script("return [...document.querySelectorAll('[data-kind]')].map(e => e.dataset.kind)")
        assert kinds[:3] == ["StackView", "View", "Label"], kinds
        assert driver.execute_script("return document.querySelectorAll('[data-stylerun=\"error\"]').length") == 0
        widths = [o.get_attribute("value") for o in Select(driver.find_element(By.CSS_SELECTOR, 'select[data-stylerun="device"]')).options]
        assert widths == ["320", "375", "390", "430", "768"], widths
        Select(driver.find_element(By.CSS_SELECTOR, 'select[data-stylerun="device"]')).select_by_value("320")
        wait(driver, "document.querySelector('[data-stylerun=\"screen\"]').getBoundingClientRect().width === 320")
    finally:
        preview.stop()


def test_save_updates_in_place(driver, stylerun, folder):
    preview = Preview(stylerun, folder, "sign-in")
    try:
        driver.set_window_size(900, 400)
        open_page(driver, preview)
        button = driver.find_element(By.ID, "signIn")
        driver.find_element(By.ID, "title").click()
        driver.execute_script("""
            window.__marker = 'kept';
            window.scrollTo(0, 150);
            window.__changed = [];
            new MutationObserver(records => records.forEach(r => {
              if (r.attributeName === 'data-stylerun-changed' && r.target.hasAttribute('data-stylerun-changed')) window.__changed.push(r.target.id);
            })).observe(document.querySelector('[data-stylerun="screen"]'), {attributes: true, subtree: true});""")
        scroll = driver.execute_script("return window.scrollY")
        assert scroll > 0, "the page should scroll in a short window"
        preview.edit('title = "Sign in"', 'title = "Log in now"')
        WebDriverWait(driver, 10, 0.02).until(lambda d: button.text == "Log in now")  # the same element, updated
        assert driver.execute_script("return window.__marker") == "kept", "the page was reloaded"
        assert driver.execute_script("return performance.getEntriesByType('navigation').length") == 1
        assert driver.execute_script("return window.scrollY") == scroll, "the scroll position was lost"
        assert "signIn" in driver.execute_script("return window.__changed"), "the changed view was not highlighted"
        inspector = driver.find_element(By.CSS_SELECTOR, '[data-stylerun="inspector"]')
        assert "Label#title" in inspector.text, "the open inspector did not survive the update"
    finally:
        driver.set_window_size(1200, 900)
        preview.stop()


def test_broken_save_shows_overlay_and_fix_removes_it(driver, stylerun, folder):
    preview = Preview(stylerun, folder, "sign-in")
    try:
        open_page(driver, preview)
        preview.edit('title = "Sign in"', 'title = "Good"')
        wait(driver, "document.getElementById('signIn').textContent === 'Good'")
        line = next(i + 1 for i, text in enumerate(preview.original.splitlines()) if "b.titleColor = color.systemBackground" in text)
        broken = preview.original.replace('title = "Sign in"', 'title = "Broken"').replace("b.titleColor = color.systemBackground", "b.titleColour = color.systemBackground")
        preview.write(broken)
        wait(driver, "document.querySelector('[data-stylerun=\"error\"]')", message="the error overlay")
        text = overlay_text(driver)
        assert re.search(rf"sign-in\.lua:{line}:\d+: error: .*titleColour", text), text
        assert "Did you mean 'titleColor'?" in text, text
        assert "b.titleColour = color.systemBackground" in text, "the code frame is missing: " + text
        assert "^" in text, text
        assert driver.find_element(By.ID, "signIn").text == "Good", "the last good screen was not kept"
        status = driver.find_element(By.CSS_SELECTOR, '[data-stylerun="status"]')
        assert status.get_attribute("data-state") == "error"
        preview.edit('title = "Sign in"', 'title = "Fixed"')
        wait(driver, "document.getElementById('signIn').textContent === 'Fixed'")
        wait(driver, "!document.querySelector('[data-stylerun=\"error\"]')", message="the overlay to go")
    finally:
        preview.stop()


def test_broken_at_start(driver, stylerun, folder):
    with open(os.path.join(ROOT, "examples", "subscribe.lua"), encoding="utf-8") as f:
        good = f.read()
    preview = Preview(stylerun, folder, "subscribe", text=good.replace("spacing = grid(6)", "spacing = grid(6"))
    try:
        open_page(driver, preview)
        text = overlay_text(driver)
        assert re.search(r"subscribe\.lua:\d+:\d+: error:", text), text
        assert "nothing to show until the script loads" in text, text
        assert driver.execute_script("return document.querySelectorAll('[data-kind]').length") == 0
        preview.write(good)
        wait(driver, "document.getElementById('subscribe')", message="the screen")
        wait(driver, "!document.querySelector('[data-stylerun=\"error\"]')", message="the overlay to go")
    finally:
        preview.stop()


def test_theme_switch(driver, stylerun, folder):
    preview = Preview(stylerun, folder, "themes")
    try:
        open_page(driver, preview)
        select = Select(driver.find_element(By.CSS_SELECTOR, 'select[data-stylerun="theme"]'))
        assert [o.get_attribute("value") for o in select.options] == ["bright", "dark"]
        assert select.first_selected_option.get_attribute("value") == "bright"
        root = driver.find_element(By.ID, "root")
        assert root.value_of_css_property("background-color") == "rgba(255, 255, 255, 1)"
        select.select_by_value("dark")
        wait(driver, "getComputedStyle(document.getElementById('root')).backgroundColor === 'rgb(0, 0, 0)'", message="the dark theme")
        assert driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor") == "rgb(0, 0, 0)", \
            "the page around the screen did not follow the screen's background"
        assert driver.find_element(By.ID, "signIn").value_of_css_property("background-color") == "rgba(0, 0, 255, 1)"
    finally:
        preview.stop()


def test_inspector(driver, stylerun, folder):
    preview = Preview(stylerun, folder, "sign-in")
    try:
        open_page(driver, preview)
        ActionChains(driver).move_to_element(driver.find_element(By.ID, "title")).perform()
        wait(driver, "document.getElementById('title').hasAttribute('data-stylerun-hover')", message="the hover outline")
        driver.find_element(By.ID, "signIn").click()
        inspector = driver.find_element(By.CSS_SELECTOR, '[data-stylerun="inspector"]')
        assert inspector.find_element(By.CSS_SELECTOR, '[data-stylerun="heading"]').text == "Button#signIn"
        assert inspector.find_element(By.CSS_SELECTOR, '[data-field="kind"]').text == "Button"
        assert inspector.find_element(By.CSS_SELECTOR, '[data-field="id"]').text == "signIn"
        path = inspector.find_element(By.CSS_SELECTOR, '[data-stylerun="path"]').text
        assert path == "View#screen › StackView#root › Button#signIn", path
        row = inspector.find_element(By.CSS_SELECTOR, 'tr[data-property="titleColor"]:not([data-stylerun])')
        # An opaque colour as the tree writes it (Color.displayHex), not the JSON's #000000FF.
        assert "#000000" in row.text and "#000000FF" not in row.text and "style #1" in row.text, row.text
        line = next(i + 1 for i, t in enumerate(preview.original.splitlines()) if "mut(Button.titleColor, color.label)" in t)
        assert row.find_element(By.CSS_SELECTOR, "[data-location]").text.endswith(f"sign-in.lua:{line}"), row.text
        insets = inspector.find_element(By.CSS_SELECTOR, 'tr[data-property="contentEdgeInsets"]:not([data-stylerun])')
        assert "appearance(Button)" in insets.text, insets.text
        overridden = inspector.find_elements(By.CSS_SELECTOR, 'tr[data-stylerun="overridden"][data-property="titleColor"]')
        assert overridden and "default" in overridden[-1].text, "what titleColor overrode is not listed"
        defaults = inspector.find_element(By.CSS_SELECTOR, 'details[data-section="defaults"]')
        defaults.find_element(By.TAG_NAME, "summary").click()
        alpha = defaults.find_element(By.CSS_SELECTOR, 'tr[data-property="alpha"]')
        assert "1" in alpha.text and "default" in alpha.text, alpha.text
        inspector.find_element(By.CSS_SELECTOR, '[data-stylerun="parent"]').click()
        inspector = driver.find_element(By.CSS_SELECTOR, '[data-stylerun="inspector"]')
        assert inspector.find_element(By.CSS_SELECTOR, '[data-stylerun="heading"]').text == "StackView#root"
        children = inspector.find_elements(By.CSS_SELECTOR, '[data-stylerun="child"]')
        assert len(children) == 9, len(children)
        children[0].click()
        heading = driver.find_element(By.CSS_SELECTOR, '[data-stylerun="inspector"] [data-stylerun="heading"]')
        assert heading.text == "ImageView#logo"
        ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
        wait(driver, "document.querySelector('[data-stylerun=\"heading\"]').textContent === 'Label#title'", message="the next sibling")
        ActionChains(driver).send_keys(Keys.ARROW_UP).perform()
        wait(driver, "document.querySelector('[data-stylerun=\"heading\"]').textContent === 'StackView#root'", message="the parent")
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        wait(driver, "!document.querySelector('[data-stylerun=\"inspector\"]')", message="the inspector to close")
        with urllib.request.urlopen(preview.url + "explain.json") as response:
            explain = response.read().decode()
        assert '"reference": "#signIn"' in explain
    finally:
        preview.stop()


def test_screenshots(driver, stylerun, folder, update=False):
    failures = []
    os.makedirs(SCREENSHOTS, exist_ok=True)
    # Tall enough for the tallest screen: an element's screenshot stops at the window's edge.
    driver.set_window_size(1200, 1600)
    for name in EXAMPLES:
        preview = Preview(stylerun, folder, name)
        try:
            open_page(driver, preview)
            driver.execute_script("document.documentElement.setAttribute('data-stylerun-capture', '')")
            png = browser.screenshot(driver, '[data-stylerun="screen"]', os.path.join(folder, name + ".png"))
        finally:
            preview.stop()
        reviewed = os.path.join(SCREENSHOTS, name + ".png")
        if update or not os.path.exists(reviewed):
            with open(reviewed, "wb") as f:
                f.write(png)
            print(f"  recorded {os.path.relpath(reviewed, ROOT)}: review it before committing")
            continue
        with open(reviewed, "rb") as f:
            fraction, expected, actual = pngdiff.difference(f.read(), png)
        print(f"  {name}: {fraction * 100:.2f} % of pixels differ ({expected[0]}×{expected[1]} reviewed, {actual[0]}×{actual[1]} now)")
        if fraction > PIXEL_TOLERANCE:
            kept = os.path.join(tempfile.gettempdir(), f"stylerun-{name}-actual.png")
            shutil.copy(os.path.join(folder, name + ".png"), kept)
            failures.append(f"{name} differs from {os.path.relpath(reviewed, ROOT)} ({fraction * 100:.2f} %); see {kept}")
    driver.set_window_size(1200, 900)
    assert not failures, "; ".join(failures)


def test_static_page_looks_like_the_preview(driver, stylerun, folder):
    """`stylerun FILE --format html` draws with the same renderer: its screen matches the
    preview's reviewed screenshots."""
    failures = []
    for name in EXAMPLES:
        page = os.path.join(folder, name + ".html")
        result = subprocess.run([stylerun, os.path.join(ROOT, "examples", name + ".lua"), "--format", "html", "-o", page],
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        driver.get("file://" + page)
        png = browser.screenshot(driver, '[data-stylerun="screen"]', os.path.join(folder, name + ".png"))
        with open(os.path.join(SCREENSHOTS, name + ".png"), "rb") as f:
            fraction, _, _ = pngdiff.difference(f.read(), png)
        if fraction > PIXEL_TOLERANCE:
            failures.append(f"{name}: {fraction * 100:.2f} % of pixels differ")
    assert not failures, "; ".join(failures)


def test_save_to_pixels_latency(driver, stylerun, folder):
    preview = Preview(stylerun, folder, "sign-in")
    samples = []
    try:
        open_page(driver, preview)
        colors = [("rgb(250, 250, 250)", "rgb(250, 250, 250)"), ("rgb(240, 240, 255)", "rgb(240, 240, 255)")]
        for i in range(20):
            source, expected = colors[i % 2]
            text = preview.original.replace("backgroundColor = color.systemBackground", f"backgroundColor = {source}")
            time.sleep(0.15)  # one save at a time, each past the watcher's debounce
            start = time.time() * 1000
            preview.write(text)
            wait(driver, f"getComputedStyle(document.getElementById('screen')).backgroundColor === '{expected}' && window.stylerun.painted > {start}")
            samples.append(driver.execute_script("return window.stylerun.painted") - start)
    finally:
        preview.stop()
    samples.sort()
    print(f"  save → updated pixels over {len(samples)} saves: p50 {statistics.median(samples):.0f} ms, "
          f"p90 {samples[int(len(samples) * 0.9) - 1]:.0f} ms, max {samples[-1]:.0f} ms (a completed save is reported at once)")


TRAITS_SCRIPT = """-- States, traits and contrast in the preview.
appearance(Label, concat(
  mut(Label.textColor, "#111111"),
  when({ colorScheme = "dark" }, mut(Label.textColor, "#FFD60A"))
))
rule("#big", when({ contentSize = ">= accessibilityMedium" }, mut(Label.textColor, "#AF52DE")))
rule("#wide", when({ horizontalSizeClass = "regular" }, mut(Label.textColor, "#34C759")))
rule("#gray", mut(Label.textColor, "#767676"))
rule("#pale", mut(Label.textColor, "#EEEEEE"))
appearance(Button, concat(
  mut(Button.titleColor, "#0040DD"),
  when("highlighted", mut(Button.titleColor, "#FF9500")),
  when("disabled", concat(mut(Button.titleColor, "#8E8E93"), mut(View.alpha, 0.5)))
))
return StackView { id = "root", axis = "vertical", backgroundColor = "#FFFFFF",
  Label { id = "scheme", text = "Scheme" },
  Label { id = "big", text = "Big" },
  Label { id = "wide", text = "Wide" },
  Label { id = "gray", text = "Gray on white" },
  Label { id = "pale", text = "Pale" },
  Button { id = "go", title = "Go" },
}
"""


def color_of(driver, element_id):
    return driver.execute_script(f"return getComputedStyle(document.getElementById('{element_id}')).color")


def wait_color(driver, element_id, expected, message):
    wait(driver, f"getComputedStyle(document.getElementById('{element_id}')).color === '{expected}'",
         message=f"{message} (#{element_id} is {color_of(driver, element_id)}, expected {expected})")


def choose(driver, name, value):
    Select(driver.find_element(By.CSS_SELECTOR, f'select[data-stylerun="{name}"]')).select_by_value(value)


def set_width(driver, points):
    """Types a width into the toolbar's width field, as a person would, and commits it."""
    field = driver.find_element(By.CSS_SELECTOR, 'input[data-stylerun="width"]')
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(str(points), Keys.ENTER)


def test_trait_toolbar(driver, stylerun, folder):
    preview = Preview(stylerun, folder, "traits", text=TRAITS_SCRIPT)
    try:
        open_page(driver, preview)
        assert color_of(driver, "scheme") == "rgb(17, 17, 17)"
        sizes = [o.get_attribute("value") for o in Select(driver.find_element(By.CSS_SELECTOR, 'select[data-stylerun="contentSize"]')).options]
        assert sizes == ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
                         "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
                         "accessibilityExtraExtraExtraLarge"], sizes
        marker = driver.execute_script("window.__marker = 'kept'; return window.stylerun.state().screenVersion")
        choose(driver, "colorScheme", "dark")
        wait_color(driver, "scheme", "rgb(255, 214, 10)", "the dark rule")
        assert driver.execute_script("return window.__marker") == "kept", "switching traits reloaded the page"
        assert driver.execute_script("return window.stylerun.state().traits.colorScheme") == "dark"
        choose(driver, "contentSize", "extraExtraExtraLarge")
        wait(driver, "window.stylerun.state().traits.contentSize === 'extraExtraExtraLarge'", message="xxxL")
        assert color_of(driver, "big") == "rgb(255, 214, 10)", "xxxL is not an accessibility size: #big keeps dark's colour"
        choose(driver, "contentSize", "accessibilityMedium")
        wait_color(driver, "big", "rgb(175, 82, 222)", "the accessibility size rule")
        choose(driver, "layoutDirection", "rightToLeft")
        wait(driver, "getComputedStyle(document.getElementById('scheme')).direction === 'rtl'", message="the right-to-left page")
        assert driver.find_element(By.CSS_SELECTOR, '[data-stylerun="screen"]').get_attribute("dir") == "rtl"
        assert color_of(driver, "wide") != "rgb(52, 199, 89)", "compact at 375 points"
        set_width(driver, 700)
        wait_color(driver, "wide", "rgb(52, 199, 89)", "the regular size class at 700 points")
        assert driver.find_element(By.CSS_SELECTOR, '[data-stylerun="sizeClass"]').text == "regular"
        wait(driver, "document.querySelector('[data-stylerun=\"screen\"]').getBoundingClientRect().width === 700")
        set_width(driver, 599)
        wait(driver, "getComputedStyle(document.getElementById('wide')).color !== 'rgb(52, 199, 89)'", message="compact again below 600")
        set_width(driver, 700)
        wait_color(driver, "wide", "rgb(52, 199, 89)", "regular again")
        # A save keeps the traits; so does reloading the page, from its address.
        preview.edit('text = "Scheme"', 'text = "Saved"')
        wait(driver, "document.getElementById('scheme').textContent === 'Saved'", message="the save")
        assert color_of(driver, "scheme") == "rgb(255, 214, 10)", "the save lost the dark scheme"
        assert "colorScheme=dark" in driver.current_url and "width=700" in driver.current_url, driver.current_url
        driver.refresh()
        open_page_again = wait(driver, "window.stylerun && window.stylerun.updates >= 1", message="the reloaded page")
        assert open_page_again
        wait_color(driver, "scheme", "rgb(255, 214, 10)", "dark after a reload")
        assert Select(driver.find_element(By.CSS_SELECTOR, 'select[data-stylerun="colorScheme"]')).first_selected_option.get_attribute("value") == "dark"
        assert driver.find_element(By.CSS_SELECTOR, 'input[data-stylerun="width"]').get_attribute("value") == "700"
        assert color_of(driver, "wide") == "rgb(52, 199, 89)"
        assert driver.find_element(By.CSS_SELECTOR, '[data-stylerun="screen"]').get_attribute("dir") == "rtl"
    finally:
        driver.get("about:blank")
        preview.stop()


def test_starting_traits(driver, stylerun, folder):
    preview = Preview(stylerun, folder, "traits", text=TRAITS_SCRIPT, extra=("--trait", "colorScheme=dark", "--trait", "contentSize=accessibilityLarge"))
    try:
        open_page(driver, preview)
        assert color_of(driver, "scheme") == "rgb(255, 214, 10)"
        assert color_of(driver, "big") == "rgb(175, 82, 222)"
        select = Select(driver.find_element(By.CSS_SELECTOR, 'select[data-stylerun="contentSize"]'))
        assert select.first_selected_option.get_attribute("value") == "accessibilityLarge"
    finally:
        preview.stop()


def test_states(driver, stylerun, folder):
    preview = Preview(stylerun, folder, "traits", text=TRAITS_SCRIPT)
    try:
        open_page(driver, preview)
        go = driver.find_element(By.ID, "go")
        assert color_of(driver, "go") == "rgb(0, 64, 221)"
        ActionChains(driver).click_and_hold(go).perform()
        wait_color(driver, "go", "rgb(255, 149, 0)", "the pressed button's highlighted title")
        ActionChains(driver).release(go).perform()
        wait_color(driver, "go", "rgb(0, 64, 221)", "the released button")
        wait(driver, "Object.keys(window.stylerun.state().stateOverrides).length === 0", message="the release")
        inspector = driver.find_element(By.CSS_SELECTOR, '[data-stylerun="inspector"]')
        assert inspector.find_element(By.CSS_SELECTOR, '[data-stylerun="heading"]').text == "Button#go", inspector.text
        disabled = inspector.find_element(By.CSS_SELECTOR, '[data-stylerun="state-values"][data-state="disabled"]')
        assert "#8E8E93" in disabled.find_element(By.CSS_SELECTOR, 'tr[data-property="titleColor"]').text, disabled.text
        assert "0.5" in disabled.find_element(By.CSS_SELECTOR, 'tr[data-property="alpha"]').text, disabled.text
        highlighted = inspector.find_element(By.CSS_SELECTOR, '[data-stylerun="state-values"][data-state="highlighted"]')
        assert "#FF9500" in highlighted.text, highlighted.text
        Select(inspector.find_element(By.CSS_SELECTOR, 'select[data-stylerun="state"]')).select_by_value("disabled")
        wait(driver, "getComputedStyle(document.getElementById('go')).opacity === '0.5'", message="the disabled button")
        wait(driver, "(document.querySelector('[data-stylerun=\"inspector\"] [data-field=\"state\"]') || {}).textContent.includes('now disabled')",
             message="the inspector in the disabled state")
        inspector = driver.find_element(By.CSS_SELECTOR, '[data-stylerun="inspector"]')
        row = inspector.find_element(By.CSS_SELECTOR, '[data-section="styled"] tr[data-property="titleColor"]:not([data-stylerun])')
        assert "#8E8E93" in row.text and "appearance(Button)" in row.text, row.text
        normal = inspector.find_element(By.CSS_SELECTOR, '[data-stylerun="state-values"][data-state="normal"]')
        assert "#0040DD" in normal.text, normal.text
        assert Select(inspector.find_element(By.CSS_SELECTOR, 'select[data-stylerun="state"]')).first_selected_option.get_attribute("value") == "disabled"
        assert not inspector.find_elements(By.CSS_SELECTOR, '[data-stylerun="contrast"]'), "a disabled control is exempt from contrast"
        Select(inspector.find_element(By.CSS_SELECTOR, 'select[data-stylerun="state"]')).select_by_value("")
        wait_color(driver, "go", "rgb(0, 64, 221)", "the button in its own state")
    finally:
        preview.stop()


def test_contrast(driver, stylerun, folder):
    preview = Preview(stylerun, folder, "traits", text=TRAITS_SCRIPT)
    try:
        open_page(driver, preview)
        driver.find_element(By.ID, "gray").click()
        readout = driver.find_element(By.CSS_SELECTOR, '[data-stylerun="inspector"] [data-stylerun="contrast"]')
        assert readout.find_element(By.CSS_SELECTOR, '[data-stylerun="ratio"]').text == "4.54:1", readout.text
        assert readout.find_element(By.CSS_SELECTOR, '[data-stylerun="threshold"]').text == "needs 4.5:1 (AA, normal text)", readout.text
        assert readout.find_element(By.CSS_SELECTOR, "[data-passes]").get_attribute("data-passes") == "true"
        assert "#767676 on #FFFFFF" in readout.text, readout.text
        driver.find_element(By.ID, "pale").click()
        readout = driver.find_element(By.CSS_SELECTOR, '[data-stylerun="inspector"] [data-stylerun="contrast"]')
        assert readout.find_element(By.CSS_SELECTOR, '[data-stylerun="ratio"]').text == "1.16:1", readout.text
        assert readout.find_element(By.CSS_SELECTOR, "[data-passes]").get_attribute("data-passes") == "false"
        assert "#767676 passes" in readout.text, readout.text
        outlined = lambda: driver.execute_script("return [...document.querySelectorAll('[data-stylerun-a11y]')].map(e => e.id)")
        assert outlined() == [], "outlines before the switch"
        driver.find_element(By.CSS_SELECTOR, 'input[data-stylerun="a11y"]').click()
        wait(driver, "document.querySelectorAll('[data-stylerun-a11y]').length > 0", message="the failure outlines")
        assert outlined() == ["pale"], outlined()
        assert driver.find_element(By.ID, "pale").value_of_css_property("outline-style") == "solid"
        # In dark the labels turn yellow on the white stack: those fail too; #767676 still passes.
        choose(driver, "colorScheme", "dark")
        wait(driver, "document.querySelectorAll('[data-stylerun-a11y]').length > 1", message="dark's failures")
        wait(driver, "document.querySelectorAll('[data-stylerun-a11y]').length === 4", message="dark's four failures")
        assert sorted(outlined()) == ["big", "pale", "scheme", "wide"], outlined()
        # A screenshot of the toolbar and the inspector, to look at.
        driver.find_element(By.ID, "gray").click()
        choose(driver, "colorScheme", "light")
        wait(driver, "document.querySelectorAll('[data-stylerun-a11y]').length === 1", message="light again")
        driver.find_element(By.ID, "pale").click()
        shot = os.path.join(tempfile.gettempdir(), "stylerun-preview-toolbar-inspector.png")
        driver.save_screenshot(shot)
        print(f"  toolbar and inspector: {shot}")
    finally:
        preview.stop()



LAYOUT_SCRIPT = """
return StackView {
  id = "root", axis = "vertical", spacing = 12, alignment = "fill",
  isLayoutMarginsRelativeArrangement = true, layoutMargins = insets(20, 16, 24, 16),
  Label { id = "title", text = "A title", font = font.system(28, "bold") },
  Label { id = "body", numberOfLines = 0, font = font.preferred("body"),
          text = "A long paragraph that wraps onto several lines at a phone's width, and onto fewer at a tablet's." },
  View {
    id = "card", layoutMargins = insets(10, 12, 10, 12),
    Label { id = "note", text = "Inside a card's margins", numberOfLines = 0 },
    StackView {
      id = "row", axis = "horizontal", spacing = 8, alignment = "center", distribution = "fill",
      Label { id = "price", text = "$4.99" },
      Button { id = "buy", title = "Buy now", contentEdgeInsets = insets(10, 20, 10, 20) },
    },
  },
  Button { id = "more", title = "Learn more", contentEdgeInsets = insets(8, 16, 8, 16) },
}
"""

# Every element's box, relative to the screen, with its frame from the server's layout.
BOXES_SCRIPT = """
const screen = document.querySelector('[data-stylerun="screen"]').getBoundingClientRect();
const frames = new Map(window.stylerun.state().explain.map((v) => [v.reference, v.frame]));
return [...document.querySelectorAll('[data-stylerun="screen"] [data-ref]')].map((e) => {
  const r = e.getBoundingClientRect();
  return { ref: e.dataset.ref, box: [r.left - screen.left, r.top - screen.top, r.width, r.height],
           frame: frames.get(e.dataset.ref) || null };
});
"""


def layout_frames(stylerun, path, width, content_size=None):
    """`stylerun FILE --layout --width W --format json`'s frames, by id."""
    command = [stylerun, path, "--layout", "--width", str(width), "--format", "json"]
    if content_size:
        command += ["--trait", f"contentSize={content_size}"]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    import json
    frames = {}
    pending = [json.loads(result.stdout)]
    while pending:
        view = pending.pop()
        if view.get("id"):
            frames[view["id"]] = view["frame"]
        pending.extend(view.get("children", []))
    return frames


def test_frames_match_the_layout(driver, stylerun, folder):
    """Each element sits at the frame the layout computed, within a point: at 320 and 768
    points, and at the largest accessibility text size."""
    preview = Preview(stylerun, folder, "layout", text=LAYOUT_SCRIPT)
    try:
        open_page(driver, preview)
        heights = {}
        for width, size in [(320, None), (768, None), (768, "accessibilityExtraExtraExtraLarge")]:
            if size:
                choose(driver, "contentSize", size)
                wait(driver, f"window.stylerun.state().traits.contentSize === '{size}'", message=size)
            else:
                set_width(driver, width)
            wait(driver, f"window.stylerun.state().width === {width} && document.getElementById('root').getBoundingClientRect().width === {width}",
                 message=f"the layout at {width} points")
            expected = layout_frames(stylerun, preview.path, width, size)
            boxes = driver.execute_script(BOXES_SCRIPT)
            assert len(boxes) == 9, boxes
            for entry in boxes:
                frame = entry["frame"]
                assert frame is not None, f"{entry['ref']} has no frame in the state"
                view_id = entry["ref"].lstrip("#")
                cli = expected[view_id]
                want = [frame["x"], frame["y"], frame["width"], frame["height"]]
                assert all(abs(a - b) <= 1e-6 for a, b in zip(want, [cli["x"], cli["y"], cli["width"], cli["height"]])), \
                    f"{entry['ref']} at {width}: the server's frame {want} is not the CLI's {cli}"
                assert all(abs(a - b) <= 1 for a, b in zip(entry["box"], want)), \
                    f"{entry['ref']} at {width}{' ' + size if size else ''}: drawn at {entry['box']}, laid out at {want}"
            heights[(width, size)] = expected["body"]["height"]
        # The cases differ, so the check is not of one layout three times.
        assert heights[(320, None)] > heights[(768, None)], heights
        assert heights[(768, "accessibilityExtraExtraExtraLarge")] > heights[(768, None)], heights
        # The inspector shows the frame and why.
        driver.find_element(By.ID, "buy").click()
        wait(driver, "document.querySelector('[data-stylerun=\"frame-reason\"]')", message="the inspector's frame")
        reason = driver.find_element(By.CSS_SELECTOR, '[data-stylerun="frame-reason"]').text
        assert "StackView#row" in reason, reason
        assert driver.find_element(By.CSS_SELECTOR, '[data-stylerun="frame-value"]').text.startswith("Frame: "), "no frame value"
    finally:
        driver.get("about:blank")
        preview.stop()

TESTS = [test_screen_renders, test_save_updates_in_place, test_broken_save_shows_overlay_and_fix_removes_it,
         test_broken_at_start, test_theme_switch, test_inspector, test_trait_toolbar, test_starting_traits,
         test_states, test_contrast, test_frames_match_the_layout, test_screenshots, test_static_page_looks_like_the_preview,
         test_save_to_pixels_latency]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stylerun")
    parser.add_argument("--update-screenshots", action="store_true")
    parser.add_argument("--only")
    args = parser.parse_args()
    stylerun = os.path.abspath(args.stylerun)
    driver = browser.start(width=1200, height=900)
    failed = passed = 0
    try:
        for test in TESTS:
            if args.only and args.only not in test.__name__:
                continue
            folder = tempfile.mkdtemp(prefix="stylerun-browser-")
            started = time.time()
            try:
                if test is test_screenshots:
                    test(driver, stylerun, folder, update=args.update_screenshots)
                else:
                    test(driver, stylerun, folder)
                passed += 1
                print(f"PASS {test.__name__} ({time.time() - started:.1f} s)")
            except Exception:
                failed += 1
                print(f"FAIL {test.__name__}")
                traceback.print_exc()
            finally:
                shutil.rmtree(folder, ignore_errors=True)
    finally:
        driver.quit()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Starting Debian's headless Chromium through Selenium, and screenshots of one element."""
import base64
import os
import shutil

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def chromedriver_path():
    for candidate in ("/usr/bin/chromedriver", shutil.which("chromedriver")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise SystemExit("chromedriver is not installed (Debian: chromium-driver); run scripts/setup --for-tests")


def start(width=480, height=900):
    """A headless Chromium with a fixed window, one device pixel per CSS pixel, no network
    beyond what the page asks of loopback."""
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--force-device-scale-factor=1", "--font-render-hinting=none",
                     "--disable-lcd-text", "--disable-extensions", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    if os.path.exists("/usr/bin/chromium"):
        options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service(chromedriver_path()), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


def screenshot(driver, selector, out):
    """Writes a PNG of the element `selector` names once the page's fonts are ready."""
    driver.execute_async_script("const done = arguments[0]; document.fonts.ready.then(() => done(true));")
    element = driver.find_element(By.CSS_SELECTOR, selector)
    png = element.screenshot_as_png
    with open(out, "wb") as f:
        f.write(png)
    return png

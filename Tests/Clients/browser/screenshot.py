#!/usr/bin/env python3
"""Screenshots of an HTML render in headless Chromium.

    screenshot.py page.html out.png [--width 375] [--selector '[data-stylerun="screen"]']

Opens the page from a file (or an http:// address), waits for fonts, and writes a PNG of the
element the selector names (default: the screen), at one device pixel per CSS pixel. Reusable
by any test that wants pixels of a `stylerun FILE --format html` page.
"""
import argparse
import os
import sys

import browser


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page")
    parser.add_argument("out")
    parser.add_argument("--width", type=int, default=480, help="window width in CSS pixels")
    parser.add_argument("--selector", default='[data-stylerun="screen"]')
    args = parser.parse_args()
    url = args.page if "://" in args.page else "file://" + os.path.abspath(args.page)
    driver = browser.start(width=args.width)
    try:
        driver.get(url)
        browser.screenshot(driver, args.selector, args.out)
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())

"""Writes docs/web-*.png: the pages of `trickbook serve`, as a person sees them (needs Chromium).

    python docs/web_screenshots.py [workbench] [table] [table-ar] [compare] [compare-ar]

writes the named ones (all four when none is named).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent / "tests"))

from webserver import CHROMIUM_ARGS, chromium, running  # noqa: E402

VARIANT = """format: trickbook-ruleset/2
id: tarneeb-61
title: Tarneeb to 61
extends: tarneeb-41
description: >
  Tarneeb 41 played on to 61 points.
match:
  wins: total(side) >= 61
  when_both: higher-totl
"""


def workbench(page: Page, url: str) -> None:
    page.goto(f"{url}/workbench")
    page.wait_for_selector("#status.good")
    page.fill("#text", VARIANT)
    page.wait_for_selector("#problems li.error")
    page.screenshot(path=DOCS / "web-workbench.png")


def table(page: Page, url: str, name: str = "web-table.png") -> None:
    """A Tarneeb 41 table in mid-trick, as North sees it, in the page's language."""
    page.goto(f"{url}/tables?ruleset=tarneeb-41")
    page.wait_for_selector("[data-seat='3']")
    page.click("#create")
    link = page.get_attribute("[data-link-seat='0']", "href")
    page.goto(url + str(link))
    for move in range(40):
        page.wait_for_selector("#actions [data-action], #hand button.card.legal")
        if move >= 8 and page.locator("#trick .card").count() >= 2:
            break  # North to play, with cards on the table
        seen = page.evaluate("Number(document.body.dataset.updates || 0)")
        buttons = page.locator("#actions [data-action]")
        (buttons.nth(min(2, buttons.count() - 1)) if buttons.count() else page.locator("#hand .legal").first).click()
        page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    page.wait_for_selector("#hand button.card.legal")
    page.screenshot(path=DOCS / name, full_page=True)


def table_in_arabic(page: Page, url: str) -> None:
    table(page, url, "web-table-ar.png")


def compare(page: Page, url: str, name: str = "web-compare.png") -> None:
    page.goto(f"{url}/compare")
    page.wait_for_selector("[data-picker='1']")
    page.fill("#matches", "40")
    page.click("#start")
    page.wait_for_selector("#comparison", timeout=300_000)
    page.screenshot(path=DOCS / name, full_page=True)


def compare_in_arabic(page: Page, url: str) -> None:
    compare(page, url, "web-compare-ar.png")


SHOTS = {"workbench": (workbench, "en-US"), "table": (table, "en-US"), "table-ar": (table_in_arabic, "ar")}
SHOTS["compare"] = (compare, "en-US")
SHOTS["compare-ar"] = (compare_in_arabic, "ar")


def main() -> None:
    wanted = sys.argv[1:] or list(SHOTS)
    with tempfile.TemporaryDirectory() as data, running(Path(data)) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        for name in wanted:
            shoot, locale = SHOTS[name]
            page = browser.new_context(locale=locale, viewport={"width": 1280, "height": 860}).new_page()
            page.set_default_timeout(30_000)
            shoot(page, server.url)
        browser.close()
    print(f"wrote the screenshots of {', '.join(wanted)} in docs/")


if __name__ == "__main__":
    main()

"""Writes docs/web-*.png: the three pages of `trickbook serve`, as a person sees them (needs Chromium)."""

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


def table(page: Page, url: str) -> None:
    page.goto(f"{url}/tables?ruleset=call-break")
    page.wait_for_selector("[data-seat='3']")
    page.click("#create")
    link = page.get_attribute("[data-link-seat='0']", "href")
    page.goto(url + str(link))
    for _ in range(12):
        page.wait_for_selector("#actions [data-action], #hand button.card.legal")
        seen = page.evaluate("Number(document.body.dataset.updates || 0)")
        buttons = page.locator("#actions [data-action]")
        (buttons.nth(min(2, buttons.count() - 1)) if buttons.count() else page.locator("#hand .legal").first).click()
        page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    page.wait_for_selector("#hand button.card.legal")
    page.click("#last-toggle")
    page.screenshot(path=DOCS / "web-table.png", full_page=True)


def compare(page: Page, url: str) -> None:
    page.goto(f"{url}/compare")
    page.wait_for_selector("[data-picker='1']")
    page.fill("#matches", "40")
    page.click("#start")
    page.wait_for_selector("#comparison", timeout=300_000)
    page.screenshot(path=DOCS / "web-compare.png", full_page=True)


def main() -> None:
    with tempfile.TemporaryDirectory() as data, running(Path(data)) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        for shoot in (workbench, table, compare):
            page = browser.new_page(viewport={"width": 1280, "height": 860})
            page.set_default_timeout(30_000)
            shoot(page, server.url)
        browser.close()
    print("wrote docs/web-workbench.png, docs/web-table.png, docs/web-compare.png")


if __name__ == "__main__":
    main()

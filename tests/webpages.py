"""What browser tests share: a page in a given language and size, and a table created as a person does."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Page, sync_playwright

from webserver import CHROMIUM_ARGS, Server, chromium


@contextmanager
def launched_browser() -> Iterator[Browser]:
    """Debian's Chromium, driven by Playwright (whose own browser download is not needed)."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def new_page(browser: Browser, locale: str = "en-US", width: int = 1280, height: int = 900) -> Page:
    """A new browser whose language (its Accept-Language) is `locale`; its waits allow 20 s."""
    page = browser.new_context(locale=locale, viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(20_000)
    return page


def create_table(page: Page, server: Server, ruleset: str, seats: list[str]) -> dict[str, str]:
    """Creates a table from the Tables page as a person does; returns each person's link by seat number."""
    page.goto(f"{server.url}/tables?ruleset={ruleset}")
    for seat, player in enumerate(seats):
        page.select_option(f"[data-seat='{seat}']", player)
    page.click("#create")
    page.wait_for_selector("[data-link-seat]")
    links = page.locator("[data-link-seat]")
    return {
        links.nth(i).get_attribute("data-link-seat") or "": links.nth(i).get_attribute("href") or ""
        for i in range(links.count())
    }

"""The workbench offers `trickbook upgrade` for a ruleset of an older format: through the web API and in Chromium."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import expect, sync_playwright

from trickbook.ruleset import formats
from webserver import CHROMIUM_ARGS, Server, chromium, running

FIRST_RELEASE_SPADES = Path(__file__).parent / "data" / "formats" / "format-1" / "first-release" / "rulesets"


def _call(server: Server, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def test_the_workbench_offers_the_upgrade_of_an_old_saved_ruleset_and_the_upgraded_text_loads(tmp_path: Path) -> None:
    """A ruleset saved in format 1 opens with the upgrade on offer (its text, diff and changes in words); the
    upgraded text loads with the same rule book and offers nothing more."""
    old = (FIRST_RELEASE_SPADES / "cardems-spades.yaml").read_text(encoding="utf-8")
    old = old.replace("id: cardems-spades", "id: my-spades", 1)
    with running(tmp_path) as server:
        assert _call(server, "/api/rulesets", {"text": old})["id"] == "my-spades"
        opened = _call(server, "/api/rulesets/my-spades")["text"]
        offered = _call(server, "/api/study", {"text": opened})
        assert offered["errors"] == [] and offered["upgrade"] is not None
        upgrade = offered["upgrade"]
        assert upgrade["format"] == formats.FIRST
        assert upgrade["text"].startswith(f"format: {formats.CURRENT}\n")
        assert "+sides: [[0, 2], [1, 3]]" in upgrade["diff"]
        assert any("its table is written out" in note for note in upgrade["notes"])
        again = _call(server, "/api/study", {"text": upgrade["text"]})
        assert again["errors"] == [] and again["upgrade"] is None
        assert again["book"] == offered["book"]


def test_an_author_opens_an_old_ruleset_in_the_browser_and_upgrades_it_with_one_click(tmp_path: Path) -> None:
    """The notice names the older format, shows the diff on request and applies it; the upgraded text loads."""
    old = (FIRST_RELEASE_SPADES / "cardems-spades.yaml").read_text(encoding="utf-8")
    with running(tmp_path) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_default_timeout(20_000)
        page.goto(f"{server.url}/workbench")
        expect(page.locator("#status")).to_contain_text("tarneeb-41: loads")
        expect(page.locator("#upgrade")).to_be_hidden()
        page.fill("#text", old)
        expect(page.locator("#upgrade")).to_be_visible()
        expect(page.locator("#upgrade-says")).to_contain_text(f"older format {formats.FIRST}")
        page.click("#upgrade-show")
        expect(page.locator("#upgrade-diff")).to_contain_text("+sides: [[0, 2], [1, 3]]")
        page.click("#upgrade-apply")
        expect(page.locator("#upgrade")).to_be_hidden()
        expect(page.locator("#status")).to_contain_text("cardems-spades: loads")
        assert page.input_value("#text").startswith(f"format: {formats.CURRENT}\n")
        browser.close()

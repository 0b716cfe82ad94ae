"""`trickbook serve` in a real Chromium, clicked as a person would: the workbench, tables and comparisons."""

from __future__ import annotations

import json
import re
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from webpages import create_table, launched_browser, new_page
from webserver import Server, running

# The page's own waits allow 20 s (set_default_timeout below); assertions wait as long, so a loaded machine (the
# whole suite on two cores) does not fail a page that is only slow.
expect.set_options(timeout=20_000)

BROKEN = """format: trickbook-ruleset/1
id: to-sixty-one
title: Tarneeb to 61
extends: tarneeb-41
match:
  wins: total(side) >=
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launched_browser() as launched:
        yield launched


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("web")) as started:
        yield started


def _my_turn(page: Page) -> bool:
    return page.locator("#actions [data-action], #hand button.card.legal").count() > 0


def _updates(page: Page) -> int:
    """How many times the page has been drawn from a message of the server."""
    return int(page.evaluate("Number(document.body.dataset.updates || 0)"))


def _move(page: Page) -> None:
    """Makes a legal move by clicking (an action button such as a bid if there is one, else a legal card), then
    waits until the server's answer is drawn."""
    seen = _updates(page)
    buttons = page.locator("#actions [data-action]")
    if buttons.count():
        buttons.first.click()
    else:
        page.locator("#hand button.card.legal").first.click()
    page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")


def _play_to_the_hands_end(page: Page) -> None:
    """Clicks the first choice offered (`_move`) until the hand is over and the page offers the next one."""
    for _ in range(200):
        page.wait_for_function("document.querySelector('#actions [data-action], #hand button.card.legal, #ready')")
        if page.locator("#ready").count():
            return
        _move(page)
    pytest.fail("the hand did not end within 200 clicks")


def _hand_number(page: Page) -> int:
    return int(page.locator("[data-fact='hand']").inner_text())


def test_a_spades_player_sees_each_sides_bags_after_a_hand(browser: Browser, server: Server) -> None:
    """Counters kept across hands are part of the score: after a hand of Spades, a line per counter gives each
    side's bags, which are its overtricks (no side starts with any)."""
    page = new_page(browser)
    links = create_table(page, server, "cardems-spades", ["human", "heuristic", "heuristic", "heuristic"])
    page.goto(server.url + links["0"])
    expect(page.locator("[data-counter='bags']")).to_have_text("bags: North-South 0, East-West 0")
    _play_to_the_hands_end(page)
    scored = page.evaluate("page.log.filter((e) => e.type === 'hand_scored').pop()")
    bags = [line["points"] for line in scored["lines"] if line["rule"] == "contract"]
    contract = [points % 10 if points > 0 else 0 for points in bags]  # made: 10 a trick bid and 1 an overtrick
    expect(page.locator("[data-counter='bags']")).to_have_text(
        f"bags: North-South {contract[0]}, East-West {contract[1]}"
    )


def test_the_persons_seat_does_not_cover_the_bid_buttons(browser: Browser, server: Server) -> None:
    """The person's own place at the table, taller for its "Let a bot play this seat" button, ends above the row
    of bids, on a wide screen and on a phone (it covered the middle bids' tops)."""
    for width in (1280, 390):
        page = new_page(browser, width=width)
        links = create_table(page, server, "cardems-spades", ["human", "random", "random", "random"])
        page.goto(server.url + links["0"])
        page.wait_for_selector("#actions [data-action]")
        seat, actions = page.locator(".seat.me").bounding_box(), page.locator("#actions").bounding_box()
        assert seat is not None and actions is not None
        assert seat["y"] + seat["height"] <= actions["y"], (width, seat, actions)


def test_an_author_sees_an_error_at_its_line_fixes_it_and_the_rule_book_changes(
    browser: Browser, server: Server
) -> None:
    page = new_page(browser)
    page.goto(f"{server.url}/workbench")
    expect(page.locator("#status")).to_contain_text("tarneeb-41: loads")
    page.fill("#text", BROKEN)
    problem = page.locator("#problems li.error").first
    expect(problem).to_contain_text("line 6, column 21")
    expect(problem).to_contain_text("the expression does not parse here")
    expect(page.locator("#gutter span.err")).to_have_text("6")
    page.fill("#text", BROKEN.replace(">=\n", ">= 61\n"))
    expect(page.locator("#status")).to_contain_text("to-sixty-one: loads")
    expect(page.locator("#problems li")).to_have_count(0)
    book = page.frame_locator("iframe.book")
    expect(book.locator("h1")).to_contain_text("Tarneeb to 61")
    expect(book.locator("body")).to_contain_text("61")
    page.click("text=Changes")
    expect(page.locator("#diff")).to_contain_text("61")
    page.click("#save")
    expect(page.locator("#status")).to_contain_text("saved as to-sixty-one")
    page.goto(f"{server.url}/tables?ruleset=to-sixty-one")
    expect(page.locator("#picker select").first).to_have_value("to-sixty-one")


def test_an_arabic_author_reads_an_expression_error_in_arabic_and_its_quoted_line_left_to_right(
    browser: Browser, server: Server
) -> None:
    """On an Arabic workbench the expression checker's problem and hint are Arabic, and the line it quotes with
    the carets under the mistake reads left to right (a right-to-left paragraph showed `61 =< totl(side)`)."""
    page = new_page(browser, locale="ar")
    page.goto(f"{server.url}/workbench")
    page.wait_for_selector("#status")
    page.fill("#text", BROKEN.replace("total(side) >=\n", "totl(side) >= 61\n"))
    problem = page.locator("#problems li.error").first
    expect(problem).to_contain_text("اسم غير معروف 'totl'")
    expect(problem).to_contain_text("تلميح: هل تقصد 'total'؟")
    code, carets = page.locator("#problems li.error .excerpt").all()
    assert code.inner_text().strip() == "totl(side) >= 61" and carets.inner_text().strip() == "^^^^"
    assert code.evaluate("(e) => getComputedStyle(e).direction") == "ltr"
    code_box, caret_box = code.bounding_box(), carets.bounding_box()
    assert code_box is not None and caret_box is not None
    assert code_box["x"] == caret_box["x"]  # the carets start where the quoted line does: under `totl`


def test_a_person_plays_a_whole_hand_against_bots_by_clicking(browser: Browser, server: Server) -> None:
    page = new_page(browser)
    links = create_table(page, server, "call-break", ["human", "heuristic", "heuristic", "heuristic"])
    assert list(links) == ["0"]
    page.goto(server.url + links["0"])
    page.wait_for_selector("#hand button.card")
    expect(page.locator("#hand button.card")).to_have_count(13)
    _play_to_the_hands_end(page)
    expect(page.locator("#score")).to_contain_text("Last hand:")
    expect(page.locator("#bidding")).to_contain_text("North bid")
    page.click("#ready")
    expect(page.locator("[data-fact='hand']")).to_have_text("2")
    expect(page.locator("#hand button.card")).to_have_count(13)


def test_each_line_of_the_score_sheet_is_read_on_one_line_in_arabic(browser: Browser, server: Server) -> None:
    """After a hand of Call Break in Arabic, each cell of the score sheet ("+22 = 22") stays on one line: a total
    broken after its "=" read as two numbers."""
    page = new_page(browser, locale="ar")
    links = create_table(page, server, "call-break", ["human", "random", "random", "random"])
    page.goto(server.url + links["0"])
    _play_to_the_hands_end(page)
    lines = page.evaluate(
        """[...document.querySelectorAll('#sheet td')].map((cell) => {
             const range = document.createRange(); range.selectNodeContents(cell);
             return [cell.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
           })"""
    )
    assert len(lines) == 5 and all(count == 1 for _text, count in lines), lines


def test_a_dealer_at_euchre_takes_the_upcard_and_lays_a_card_away_by_clicking(browser: Browser, server: Server) -> None:
    page = new_page(browser)
    links = create_table(page, server, "euchre", ["human", "random", "random", "random"])
    page.goto(server.url + links["0"])
    for _ in range(400):
        page.wait_for_function("document.querySelector('#actions [data-action], #hand button.card.legal, #ready')")
        if page.locator("#exchange").count():
            break
        ready = page.locator("#ready")
        trump = page.locator("#actions [data-action^='trump']")
        if ready.count() or trump.count():
            # Name trump whenever offered: as the dealer in round 1 that makes North exchange.
            seen = _updates(page)
            (ready if ready.count() else trump).first.click()
            page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
        else:
            _move(page)
    else:
        pytest.fail("North never dealt a hand whose trump was made in round 1")
    expect(page.locator("#exchange")).to_have_text("Lay a card away: click it.")
    expect(page.locator("#hand button.card")).to_have_count(6)
    expect(page.locator("#bidding")).to_contain_text("North took")
    laid = page.locator("#hand button.card.legal").first.get_attribute("data-card")
    _move(page)
    expect(page.locator("#exchange")).to_have_count(0)
    sent = page.evaluate("page.log.filter((e) => e.type === 'action' && e.action === 'discard')")
    assert sent[-1] == {"type": "action", "seat": 0, "action": "discard", "cards": [laid]}
    held = page.locator("#hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert laid not in held and len(held) in (5, 0), "five cards left, or none shown if North sat out a hand now over"


def test_a_declarer_at_skat_takes_the_skat_lays_two_away_and_names_grand_by_clicking(
    browser: Browser, server: Server
) -> None:
    page = new_page(browser)
    links = create_table(page, server, "skat", ["human", "random", "random"])
    page.goto(server.url + links["0"])
    # North bids or holds the highest value it may; when another player's 264 leaves it nothing to bid, it passes
    # and asks for the next deal.
    for _ in range(400):
        page.wait_for_function("document.querySelector('#actions [data-action], #hand button.card.legal, #ready')")
        if page.locator("#actions [data-action='take']").count():
            break
        seen = _updates(page)
        bids = page.locator("#actions [data-action^='bid ']")
        ready = page.locator("#ready")
        if bids.count():
            bids.last.click()
        elif ready.count():
            ready.click()
        else:
            _move(page)
            continue
        page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    else:
        pytest.fail("North never won the bidding")
    expect(page.locator("#actions [data-action]")).to_have_count(2)  # take, or pass to play from the hand
    expect(page.locator("#exchange-choice")).to_contain_text("takes the skat ('take')")
    roles = page.locator("[data-role]").evaluate_all("places => places.map(p => p.dataset.role)")
    assert sorted(roles) == ["Forehand", "Middlehand", "Rearhand"], roles
    seen = _updates(page)
    page.locator("#actions [data-action='take']").click()
    page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    expect(page.locator("#hand button.card")).to_have_count(12)
    expect(page.locator("#exchange")).to_have_text("Lay a card away: click it.")
    for _ in range(2):
        _move(page)
    expect(page.locator("#hand button.card")).to_have_count(10)
    games = page.locator("#actions [data-action]").evaluate_all("buttons => buttons.map(b => b.dataset.action)")
    assert games[:5] == ["trump C", "trump S", "trump H", "trump D", "grand"], games
    seen = _updates(page)
    page.locator("#actions [data-action='grand']").click()
    page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    sent = page.evaluate("page.log.filter((e) => e.type === 'action' && e.seat === 0).map((e) => e.action)")
    assert sent[-4:] == ["take", "discard", "discard", "game"], sent


def test_a_declarer_at_bridge_plays_the_dummys_cards_by_clicking_them(browser: Browser, server: Server) -> None:
    page = new_page(browser)
    links = create_table(page, server, "contract-bridge", ["human", "heuristic", "heuristic", "heuristic"])
    page.goto(server.url + links["0"])
    # North bids 7NT at once (nobody can bid higher); if South named no trump first, South declares, and North
    # votes for another deal until North declares one.
    for _ in range(600):
        page.wait_for_function(
            "document.querySelector('#actions [data-action], #hand button.card.legal, #dummy button.card.legal, "
            "#ready, #actions button.primary')"
        )
        dummy_turn = page.locator("#dummy button.card.legal")
        if dummy_turn.count():
            break
        seen = _updates(page)
        grand = page.locator("#actions [data-action='bid 7NT']")
        again = page.locator("#actions button.primary")
        if grand.count():
            grand.click()
        elif again.count() and not page.locator("#actions [data-action]").count():
            again.first.click()
        else:
            _move(page)
        page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    else:
        pytest.fail("North never declared a deal")
    expect(page.locator("#dummy")).to_contain_text("Dummy (South)")
    expect(page.locator("#hand button.card.legal")).to_have_count(0)
    before = page.locator("#dummy button.card").count()
    chosen = dummy_turn.first.get_attribute("data-card")
    seen = _updates(page)
    dummy_turn.first.click()
    page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    played = page.evaluate(
        "page.log.filter((e) => e.type === 'action' && e.action === 'play').map((e) => [e.seat, e.card])"
    )
    assert [2, chosen] in played, "the card went down as South's, chosen by North"
    assert page.locator("#dummy button.card").count() in (before - 1, 0)


def test_an_illegal_card_is_refused_with_the_rule(browser: Browser, server: Server) -> None:
    page = new_page(browser)
    links = create_table(page, server, "whist", ["human", "heuristic", "heuristic", "heuristic"])
    page.goto(server.url + links["0"])
    page.wait_for_selector("#hand button.card")
    expect(page.get_by_role("heading", name="Bids and passes")).to_be_hidden()  # Whist has nothing before its tricks
    for _ in range(60):
        dim = page.locator("#hand button.card.dim:not([disabled])")
        if dim.count():
            dim.first.click()
            expect(page.locator(".notice.bad")).to_contain_text("Refused:")
            expect(page.locator(".notice.bad")).to_contain_text("follow")
            return
        page.wait_for_function("document.querySelector('#hand button.card.legal, #ready')")
        if page.locator("#ready").count():
            page.click("#ready")
            continue
        _move(page)
    pytest.fail("no moment came when a card could not be played")


class Watch:
    """Every message one page's socket received, parsed."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.messages: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def wait_for_more(self, count: int) -> None:
        for _ in range(200):
            if len(self.messages) > count:
                return
            self.page.wait_for_timeout(50)
        pytest.fail("the page heard nothing from the server within 10 s")

    def _socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda frame: self.messages.append(json.loads(frame)))


def _hidden_cards_never_reach(watch: Watch, seat: int, others: Page) -> None:
    """No message to `seat` carries another seat's deal or passed cards, and its page shows none of the cards
    another person holds."""
    for message in watch.messages:
        if message["type"] != "page":
            continue
        view = message["page"]["view"]
        assert message["page"]["seat"] == seat and view["seat"] == seat
        for event in [*message["page"]["log"], *message["news"]]:
            if event["type"] == "cards_dealt":
                assert event["seat"] == seat
            if event["type"] == "cards_passed":
                assert seat in (event["seat"], event["to"])
            if event["type"] == "your_turn":
                assert event["seat"] == seat
    held = set(others.locator("#hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)"))
    mine = watch.messages[-1]["page"]["view"]["hand"]
    assert not held & set(mine)
    shown = set(watch.page.locator("[data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)"))
    assert not held & shown


def test_two_people_at_one_table_never_see_each_others_cards_and_a_restart_continues(
    browser: Browser, tmp_path: Path
) -> None:
    with running(tmp_path) as server:
        host = new_page(browser)
        links = create_table(host, server, "whist", ["human", "human", "heuristic", "heuristic"])
        assert sorted(links) == ["0", "1"]
        assert links["0"] != links["1"]
        pages = [new_page(browser), new_page(browser)]
        watches = [Watch(p) for p in pages]
        for seat, page in enumerate(pages):
            page.goto(server.url + links[str(seat)])
            page.wait_for_selector("#hand button.card")
        for moves in (8, 12):
            for _ in range(moves):
                _one_person_moves(pages)
                for seat in (0, 1):
                    _hidden_cards_never_reach(watches[seat], seat, pages[1 - seat])
            if moves == 8:
                held = _cards_held(pages)
                heard = [len(w.messages) for w in watches]
                server.stop()
                server.start()
                for watch, count in zip(watches, heard, strict=True):
                    watch.wait_for_more(count)
                assert _cards_held(pages) == held, "the restarted table stands where it stood"
        assert _cards_held(pages) <= held - 4, "both people went on playing after the restart"


def _cards_held(pages: list[Page]) -> int:
    return sum(page.locator("#hand button.card").count() for page in pages)


def _one_person_moves(pages: list[Page]) -> None:
    """Whoever of the people is to move clicks a legal move; waits for the server's answer."""
    for _ in range(200):
        for page in pages:
            if _my_turn(page):
                _move(page)
                return
        pages[0].wait_for_timeout(50)
    pytest.fail("neither person got a turn within 10 s")


def test_a_comparison_runs_to_the_end_with_progress_and_shows_the_table_and_figure(
    browser: Browser, server: Server
) -> None:
    page = new_page(browser)
    page.goto(f"{server.url}/compare")
    page.wait_for_selector("[data-picker='1']")
    page.select_option("#players", "random")
    page.fill("#matches", "6")
    page.fill("#cap", "20")
    page.check("#skill")
    page.click("#start")
    expect(page.locator("#bar")).to_be_visible()
    expect(page.locator("#status")).to_have_text("done", timeout=60_000)
    table = page.locator("#comparison")
    expect(table).to_contain_text("6 matches per ruleset")
    expect(table.locator("th")).to_have_text(["95% intervals in brackets", "tarneeb-41@2", "syrian-tarneeb-41@1"])
    expect(table).to_contain_text("hands per match")
    expect(table).to_contain_text("skill: the stronger player's party wins")
    expect(page.locator("text=Paired differences against tarneeb-41")).to_be_visible()
    figure = page.locator("img[alt^='distributions']")
    expect(figure).to_be_visible()
    assert figure.evaluate("image => image.naturalWidth") > 100


def test_an_option_that_changes_the_number_of_players_changes_the_seats(browser: Browser, server: Server) -> None:
    page = new_page(browser)
    page.goto(f"{server.url}/tables?ruleset=oh-hell")
    expect(page.locator("[data-seat]")).to_have_count(4)
    page.select_option("select[aria-label='players']", "5")
    expect(page.locator("[data-seat]")).to_have_count(5)
    page.click("#create")
    page.wait_for_selector("[data-link-seat='0']")
    page.goto(server.url + (page.get_attribute("[data-link-seat='0']", "href") or ""))
    expect(page.locator("#seats .seat")).to_have_count(5)
    expect(page.locator("#seats .seat .who")).to_have_text(["Seat 0 (you)", "Seat 1", "Seat 2", "Seat 3", "Seat 4"])


def test_an_option_that_takes_a_list_of_numbers_is_typed_in_a_box(browser: Browser, server: Server) -> None:
    page = new_page(browser)
    page.goto(f"{server.url}/tables?ruleset=oh-hell")
    expect(page.locator("input[aria-label='sequence list']")).to_be_hidden()
    page.select_option("select[aria-label='sequence']", "(list)")
    page.fill("input[aria-label='sequence list']", "3, 1")
    page.select_option("[data-seat='0']", "human")
    page.click("#create")
    page.wait_for_selector("[data-link-seat='0']")
    page.goto(server.url + (page.get_attribute("[data-link-seat='0']", "href") or ""))
    expect(page.locator("#hand button.card")).to_have_count(3)


def test_a_person_passes_three_cards_at_hearts_by_clicking_them_and_sees_points_taken_and_hearts_broken(
    browser: Browser, server: Server
) -> None:
    page = new_page(browser)
    links = create_table(page, server, "hearts", ["human", "heuristic", "heuristic", "heuristic"])
    page.goto(server.url + links["0"])
    expect(page.locator("#passing")).to_have_text("Choose 3 cards to pass to East: click them one by one.")
    given = []
    for _ in range(3):
        chosen = page.locator("#hand button.card.legal").first
        given.append(chosen.get_attribute("data-card"))
        _move(page)
    expect(page.locator("#passing")).to_have_count(0)
    expect(page.locator("#hand button.card")).to_have_count(13)
    held = set(page.locator("#hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)"))
    assert not held & set(given), "the three cards went to East"
    expect(page.locator("#bidding")).to_contain_text("North passed")
    expect(page.locator('[data-fact="broken-H"]')).to_have_text("not broken yet")
    for _ in range(400):  # play my cards as they become legal until a heart is played somewhere
        if page.locator('[data-fact="broken-H"]').inner_text() == "broken":
            break
        if page.locator("#hand button.card.legal").count():
            _move(page)
        else:
            page.wait_for_timeout(50)
    expect(page.locator('[data-fact="broken-H"]')).to_have_text("broken")
    points = page.locator('[data-fact="points"]').inner_text()
    assert points.startswith("North ") and ", East " in points, "each player's card points taken this hand"


@contextmanager
def _another_site() -> Iterator[str]:
    """Another site on this machine (a plain HTTP server on another port): Chromium keeps public sites' pages from
    sending to this machine at all, so the other site that can reach a local trickbook is a local one."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _OtherSite)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _OtherSite(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b"<!doctype html><title>another site</title><p>another site</p>"
        self.send_response(200)
        self.send_header("content-type", "text/html")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_a_page_of_another_site_cannot_save_a_ruleset_but_the_workbench_can(browser: Browser, server: Server) -> None:
    """Issue 29 item 3: a real browser's cross-site `text/plain` POST (no preflight) changes nothing."""
    page = new_page(browser)
    forged = json.dumps({"text": "format: trickbook-ruleset/1\nid: from-elsewhere\nextends: whist\n"})
    with _another_site() as elsewhere:
        page.goto(elsewhere)
        sent = page.evaluate(
            """([url, body]) => fetch(url,
                {method: "POST", mode: "no-cors", headers: {"content-type": "text/plain"}, body}
            ).then((answer) => answer.type)""",
            [f"{server.url}/api/rulesets", forged],
        )
    assert sent == "opaque", "the browser sent the request (another site's page cannot read the answer)"
    page.goto(f"{server.url}/workbench")
    expect(page.locator("#status")).to_contain_text("tarneeb-41: loads")
    page.fill("#text", "format: trickbook-ruleset/1\nid: from-here\nextends: whist\n")
    expect(page.locator("#status")).to_contain_text("from-here: loads")
    page.click("#save")
    expect(page.locator("#status")).to_contain_text("saved as from-here")
    saved = page.evaluate("fetch('/api/rulesets').then((r) => r.json())")
    assert {"from-here"} == {r["id"] for r in saved if r["saved"]} & {"from-here", "from-elsewhere"}


def test_the_workbench_asks_before_it_replaces_a_saved_ruleset(browser: Browser, server: Server) -> None:
    """Issue 29 item 4: saving over an id asks first; yes makes the text that id's new version."""
    page = new_page(browser)
    page.goto(f"{server.url}/workbench")
    expect(page.locator("#status")).to_contain_text("tarneeb-41: loads")
    asked: list[str] = []
    for title, answer, said in [
        ("One", None, "saved as asked-first (version 1)"),
        ("Two", False, "not saved: the saved version is kept"),
        ("Two", True, "saved as asked-first (version 2)"),
    ]:
        if answer is not None:
            page.once(
                "dialog",
                lambda dialog, yes=answer: (asked.append(dialog.message), dialog.accept() if yes else dialog.dismiss()),
            )
        page.fill("#text", f"format: trickbook-ruleset/1\nid: asked-first\ntitle: {title}\nextends: whist\n")
        expect(page.locator("#status")).to_contain_text("asked-first: loads")
        page.click("#save")
        expect(page.locator("#status")).to_have_text(said)
    assert len(asked) == 2 and asked[0].startswith('A ruleset "asked-first" is already saved. Replace it')


def test_a_long_comparison_is_cancelled_with_its_button(browser: Browser, server: Server) -> None:
    """Issue 29 item 5: the Cancel button stops a comparison at the matches in play."""
    page = new_page(browser)
    page.goto(f"{server.url}/compare")
    page.wait_for_selector("[data-picker='1']")
    page.select_option("#players", "random")
    page.fill("#matches", "1000")
    page.click("#start")
    expect(page.locator("#status")).to_contain_text("of 2000 matches played")
    page.click("#cancel")
    expect(page.locator("#status")).to_have_text("cancelled", timeout=30_000)
    expect(page.locator("#result")).to_contain_text("cancelled after ")
    expect(page.locator("#cancel")).to_be_hidden()


def test_a_person_finds_their_seat_again_and_the_creator_every_seats_link(browser: Browser, server: Server) -> None:
    """Issue 29 item 7: "my tables" in the browser's storage, and copy buttons for the links."""
    creator = browser.new_context(
        viewport={"width": 1280, "height": 900}, permissions=["clipboard-read", "clipboard-write"]
    )
    page = creator.new_page()
    page.set_default_timeout(20_000)
    links = {
        seat: server.url + link
        for seat, link in create_table(page, server, "whist", ["human", "human", "random", "random"]).items()
    }
    page.click("[data-link-seat='1'] + button.copy")
    assert page.evaluate("navigator.clipboard.readText()") == links["1"]
    seat = creator.new_page()
    seat.goto(links["0"])
    expect(seat.locator("#title")).to_contain_text("you are")
    seat.click("text=Copy my link")
    assert seat.evaluate("navigator.clipboard.readText()") == links["0"]
    page.goto(f"{server.url}/tables")
    table = page.locator("[data-my-table]").first
    expect(table).to_contain_text("(you created it)")
    assert [a.get_attribute("href") for a in table.locator("[data-my-seat]").all()] == [links["0"], links["1"]]
    expect(table.locator("li").first).to_contain_text("(opened here)")
    table.locator("[data-my-seat]").nth(1).click()
    expect(page.locator("#title")).to_contain_text("you are")
    assert page.url == links["1"]
    other = new_page(browser)
    other.goto(links["1"])
    expect(other.locator("#title")).to_contain_text("you are")
    other.goto(f"{server.url}/tables")
    mine = other.locator("[data-my-table]")
    expect(mine).to_have_count(1)
    assert [a.get_attribute("href") for a in mine.locator("[data-my-seat]").all()] == [links["1"]]
    expect(mine).not_to_contain_text("(you created it)")


def test_a_card_the_clock_passes_at_hearts_reaches_only_its_receiver(browser: Browser, server: Server) -> None:
    """Issue 29: the turn clock's pass for an absent North is told to North as cards and to East (the receiver)
    once handed over; South, another person at the table, never learns them."""
    request = urllib.request.Request(
        server.url + "/api/tables",
        data=json.dumps(
            {"ruleset": "hearts", "seats": ["human", "human", "human", "heuristic"], "turn_seconds": 5}
        ).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        links = json.loads(response.read())["links"]
    pages = {seat: new_page(browser) for seat in (1, 2)}
    watches = {seat: Watch(page) for seat, page in pages.items()}
    for seat, page in pages.items():
        page.goto(server.url + links[str(seat)])
        page.wait_for_selector("#hand button.card")
    # North (seat 0) never comes: after its 5 s the rules pass three of its cards to East. East and South pass.
    for seat in (1, 2):
        page = pages[seat]
        for _ in range(3):
            try:
                page.wait_for_selector("#hand button.card.legal", timeout=20_000)
            except PlaywrightTimeout:
                break  # on a slow machine the clock may have passed for East or South too
            _move(page)
    received: set[str] = set()
    for _ in range(300):  # North's clock runs out 5 s after the deal; then the cards change hands
        received = {
            card
            for message in watches[1].messages
            for event in [*message.get("page", {}).get("log", []), *message.get("news", [])]
            if event["type"] == "cards_passed" and event["seat"] == 0 and event["to"] == 1
            for card in event["cards"]
        }
        if received:
            break
        pages[1].wait_for_timeout(100)
    assert len(received) == 3, "East was handed the three cards the clock passed"
    for message in watches[2].messages:
        for event in [*message.get("page", {}).get("log", []), *message.get("news", [])]:
            assert not (event["type"] == "cards_passed" and event["seat"] == 0), "South is not told North's cards"
            if event["type"] == "timed_out" and event["seat"] == 0:  # South's own clock may run out too: its own
                assert event.get("hidden") and not received & set(json.dumps(event).split('"')), event
    shown = set(pages[2].locator("[data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)"))
    assert not received & shown


def test_a_holder_at_trex_shows_a_queen_by_clicking_it_and_everyone_is_told(browser: Browser, server: Server) -> None:
    """Trex's doubling through the table: in Queens the person clicks a queen to show it (the prompt says so), the
    log tells it in words, and `pass` ends the person's showing. The deal is secret and North may hold no queen
    whenever Queens is played (about one match in a hundred), so a match that ends first is followed by another,
    as a person clicks "Play again"."""
    page = new_page(browser)
    links = create_table(page, server, "trex", ["human", "random", "random", "random"])
    page.goto(server.url + links["0"])
    for _ in range(3000):
        page.wait_for_function(
            "document.querySelector('#actions [data-action], #hand button.card.legal, #ready, "
            "#result ~ button.primary')"
        )
        if page.locator("#showing").count() and page.locator("#hand button.card.legal").count():
            break
        queens = page.locator("#actions [data-action='queens']")
        ready = page.locator("#ready, #result ~ button.primary")
        if queens.count() or ready.count():  # name Queens whenever North may: it holds a queen in most deals
            seen = _updates(page)
            (queens if queens.count() else ready).first.click()
            page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
        else:
            _move(page)
    else:
        pytest.fail("North was never asked to show a card it holds")
    expect(page.locator("#showing")).to_have_text("Show a card by clicking it, or pass.")
    expect(page.locator("[data-fact='trump']")).to_have_text(re.compile(r"the game (queens|king of hearts)"))
    shown = page.locator("#hand button.card.legal").first.get_attribute("data-card")
    assert shown is not None and shown[0] in "QK"
    seen = _updates(page)
    page.locator("#hand button.card.legal").first.click()
    page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    sent = page.evaluate("page.log.filter((e) => e.type === 'action' && e.action === 'show')")
    assert sent[-1] == {"type": "action", "seat": 0, "action": "show", "card": shown}
    expect(page.locator("body")).to_contain_text("North showed")


def test_at_belote_the_hand_grows_to_eight_once_trump_is_made_and_shown_melds_are_told(
    browser: Browser, server: Server
) -> None:
    """Belote's deal in stages and its declarations through the table: five cards and the turned one, then eight
    once someone takes; each card a player shows is told in the log, and the hand ends with its score. The deal is
    secret, so the bots may take before North speaks: hands are played until North has been offered the turned
    card holding five."""
    page = new_page(browser)
    links = create_table(page, server, "belote", ["human", "heuristic", "heuristic", "heuristic"])
    page.goto(server.url + links["0"])
    page.wait_for_selector("#hand button.card")
    offered_with: set[int] = set()
    sizes: set[int] = set()
    showed = False
    melds = ""
    for _ in range(1600):
        page.wait_for_function("document.querySelector('#actions [data-action], #hand button.card.legal, #ready')")
        sizes.add(page.locator("#hand button.card").count())
        if page.locator("[data-fact='melds']").count():
            melds = page.locator("[data-fact='melds']").inner_text()
        if page.locator("#ready").count():
            if offered_with and showed:
                break
            seen = _updates(page)
            page.locator("#ready").click()
            page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
            continue
        if not showed and page.locator("#showing").count() and page.locator("#hand button.card.legal").count():
            seen = _updates(page)
            page.locator("#hand button.card.legal").first.click()  # a declaration's card, shown to everyone
            page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
            expect(page.locator("body")).to_contain_text("North showed")
            showed = True
            continue
        take = page.locator("#actions [data-action^='trump']")
        if take.count():  # take whenever offered, so the rest of the deal comes to North too
            offered_with.add(page.locator("#hand button.card").count())
            seen = _updates(page)
            take.first.click()
            page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
            # The rest of the deal in the hand's log: North's own three cards by name, the others' as counts.
            log = page.locator("#bidding").inner_text()
            assert re.search(r"North drew (10|[7-9AKQJ])[♠♥♦♣] (10|[7-9AKQJ])[♠♥♦♣] (10|[7-9AKQJ])[♠♥♦♣]", log), log
            for seat in ("East", "South", "West"):
                assert f"{seat} drew 3 cards face down" in log, log
            continue
        _move(page)
    else:
        pytest.fail("North was not offered the turned card within 1600 clicks")
    assert offered_with == {5} and max(sizes) == 8 and 8 in sizes and showed, (offered_with, sizes)
    expect(page.locator("#score")).to_contain_text("Last hand:")
    assert "North-South" in melds and "East-West" in melds, "the melds shown are on screen during the play"


def test_a_long_run_of_bids_at_pinochle_is_a_few_buttons_and_a_list_to_choose_from(
    browser: Browser, server: Server
) -> None:
    """Pinochle's bids run from 100 to 1000 in tens: the lowest four legal ones are buttons, the rest one list; a
    bid chosen from the list is made (1000 ends the auction at once, so North declares)."""
    page = new_page(browser)
    links = create_table(page, server, "pinochle", ["human", "heuristic", "heuristic", "heuristic"])
    page.goto(server.url + links["0"])
    page.wait_for_selector("#bid-choice")
    mine = page.locator("[data-fact='own-melds']")
    expect(mine).to_have_text(re.compile(r"^♠ \d+ ♥ \d+ ♣ \d+ ♦ \d+$"))  # the seat's own melds under each trump
    bids = page.locator("#actions [data-action^='bid ']")
    expect(bids).to_have_count(4)
    lowest = int((bids.first.get_attribute("data-action") or "").split()[1])
    options = page.locator("#bid-choice option").evaluate_all("options => options.map(o => o.value)")
    assert options == [f"bid {value}" for value in range(lowest + 40, 1001, 10)]
    seen = _updates(page)
    page.select_option("#bid-choice", "bid 1000")
    page.click("#bid-chosen")
    page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    sent = page.evaluate("page.log.filter((e) => e.type === 'action' && e.seat === 0)")
    assert sent[0] == {"type": "action", "seat": 0, "action": "bid", "value": 1000}
    page.wait_for_selector("#actions [data-action^='trump']")
    seen = _updates(page)
    page.click("#actions [data-action='trump H']")
    page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    expect(mine).to_have_text(re.compile(r"^\d+$"))  # under the trump named


def test_an_estimation_player_is_told_when_the_players_estimate_their_tricks(browser: Browser, server: Server) -> None:
    """After Estimation's auction every player but the caller estimates: the table says so beside the declarer,
    as the terminal does, and says nothing of it once the play begins."""
    page = new_page(browser)
    links = create_table(page, server, "estimation", ["human", "heuristic", "heuristic", "heuristic"])
    page.goto(server.url + links["0"])
    estimates = page.locator('[data-fact="estimates"]')
    for _ in range(60):
        page.wait_for_function("document.querySelector('#actions [data-action], #hand button.card.legal, #ready')")
        if estimates.count():
            break
        _move(page)
    declarer = page.locator('[data-fact="declarer"]').inner_text()
    expect(estimates).to_have_text(f"every player but {declarer} says the tricks they will take")
    while not page.locator("#hand button.card.legal").count():
        _move(page)
        page.wait_for_function("document.querySelector('#actions [data-action], #hand button.card.legal, #ready')")
    expect(estimates).to_have_count(0)


_BOXES = """() => {
  const box = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  return { seats: [...document.querySelectorAll('#seats .seat')].map(box),
           played: [...document.querySelectorAll('#trick .played')].map(box) }; }"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("width", [1280, 420])
def test_the_cards_of_a_six_seat_trick_overlap_neither_each_other_nor_the_seats(
    browser: Browser, server: Server, width: int
) -> None:
    """Kout's six cards to a trick sit on a wider ring, smaller, than four do: every card and its player's name
    stay readable, on a wide screen and a phone's."""
    page = new_page(browser, width=width)
    links = create_table(page, server, "kout", ["human"] + ["heuristic"] * 5)
    page.goto(server.url + links["0"])
    most = 0
    for _ in range(80):  # until the person has played last to a trick, the five others' cards on the table
        page.wait_for_function("document.querySelector('#actions [data-action], #hand button.card.legal, #ready')")
        shown = page.evaluate(_BOXES)
        played, seats = shown["played"], shown["seats"]
        most = max(most, len(played))
        for i, card in enumerate(played):
            assert not any(_overlap(card, other) for other in played[i + 1 :]), f"cards overlap: {played}"
            assert not any(_overlap(card, seat) for seat in seats), f"a card covers a seat: {card} {seats}"
        if most == 5:
            break
        if page.locator("#ready").count():
            page.click("#ready")
            expect(page.locator("#ready")).to_have_count(0)
        else:
            _move(page)
    assert most == 5, "a trick with five cards on the table was seen"


def test_the_open_tables_say_where_each_table_is_and_who_sits_where_in_the_pages_language(
    browser: Browser, server: Server
) -> None:
    """The list of open tables names each seat as the table does and its player as the seat choices do, and the
    table's state in words, in English and in Arabic."""
    page = new_page(browser)
    create_table(page, server, "kout", ["human", "random"] + ["heuristic"] * 4)
    page.goto(server.url + "/tables")
    listed = page.locator("#open li", has_text="Player 2: random bot").first  # other tests sit bots elsewhere
    expect(listed).to_have_text(
        "Kout Bo 6: match 1, playing; Player 1: a person, Player 2: random bot, Player 3: heuristic bot, "
        "Player 4: heuristic bot, Player 5: heuristic bot, Player 6: heuristic bot"
    )
    arabic = new_page(browser, locale="ar")
    arabic.goto(server.url + "/tables")
    expect(arabic.locator("#open li", has_text="اللاعب ٢: روبوت عشوائي").first).to_contain_text(
        "كوت بو ٦: المباراة 1، يُلعب؛ اللاعب ١: لاعب، اللاعب ٢: "
    )


def test_a_bots_settings_are_said_in_the_pages_language(browser: Browser, server: Server) -> None:
    """A bot's playouts are told in words, in English and in Arabic, at the table and in the open tables."""
    page = new_page(browser)
    links = create_table(page, server, "whist", ["human", "mcts:playouts=100", "random", "random"])
    page.goto(server.url + "/tables")
    expect(page.locator("#open li", has_text="East: mcts bot (100 playouts)").first).to_be_visible()
    arabic = new_page(browser, locale="ar")
    arabic.goto(server.url + links["0"])
    expect(arabic.get_by_text("روبوت mcts (المحاكيات: 100)")).to_be_visible()

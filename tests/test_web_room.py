"""The table page as a card room, in a real Chromium: Arabic and English, right to left, seats given to a bot and
back, and a phone's width."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from webpages import create_table, launched_browser, new_page
from webserver import Server, running

ARABIC_LETTER = "[\u0600-\u06ff]"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with launched_browser() as launched:
        yield launched


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("room")) as started:
        yield started


def _updates(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.updates || 0)"))


def _move(page: Page) -> None:
    """Makes the first legal move by clicking, and waits until the server's answer is drawn."""
    seen = _updates(page)
    buttons = page.locator("#actions [data-action]")
    if buttons.count():
        buttons.first.click()
    else:
        page.locator("#hand button.card.legal").first.click()
    page.wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")


def _my_turn_or_trick(page: Page) -> None:
    page.wait_for_function(
        "document.querySelector('#actions [data-action], #hand button.card.legal') || "
        "document.querySelector('#last .card')"
    )


def test_a_tarneeb_table_in_arabic_bids_and_plays_a_trick_right_to_left(browser: Browser, server: Server) -> None:
    page = new_page(browser, locale="ar-SY")
    links = create_table(page, server, "tarneeb-41", ["human", "heuristic", "heuristic", "heuristic"])
    expect(page.locator("h1")).to_have_text("ابدأ طاولة")
    page.goto(server.url + links["0"])
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
    expect(page.locator("#title")).to_contain_text("طرنيب 41: أنت الشمال")
    expect(page.locator("h2").first).to_have_text("المزايدات والباس")
    expect(page.locator("h2").first).to_be_visible()
    expect(page.locator("#facts")).to_contain_text("الطرنيب")
    expect(page.locator("[data-seat='1']")).to_contain_text("روبوت ذكي")  # who plays a seat, in Arabic too
    expect(page.locator("[data-seat='0']")).to_contain_text("لاعب")
    for _ in range(60):
        _my_turn_or_trick(page)
        if page.locator("#last .card").count():
            break
        _move(page)
    else:
        pytest.fail("no trick was played within 60 moves")
    bids = page.locator("#bidding").inner_text()
    assert "زايد" in bids or "باس" in bids, bids
    assert "bid" not in bids and "passed" not in bids, bids
    first_card = page.locator("#last .card").first
    page.click("#last-toggle")
    expect(first_card).to_have_text(re.compile(r"^(10|[2-9AKQJ])[♠♥♦♣]$"))
    assert first_card.evaluate("node => getComputedStyle(node).direction") == "ltr"
    trump = page.locator("[data-fact='trump']").inner_text()
    assert any(word in trump for word in ("كبي", "ديناري", "بستوني", "سباتي")), trump
    expect(page.locator("#last")).to_contain_text("أكلها")


def _people(browser: Browser, server: Server, links: dict[str, str]) -> list[Page]:
    """Each person's page, each in a browser of its own."""
    pages = []
    for seat in sorted(links, key=int):
        page = new_page(browser, width=1000, height=700)
        page.goto(server.url + links[seat])
        page.wait_for_selector("#seats .seat")
        pages.append(page)
    return pages


def _whose_turn(pages: list[Page]) -> int | None:
    """The seat whose page offers a move now (waiting a moment for the pages to catch up), else None."""
    for _ in range(20):
        for seat, page in enumerate(pages):
            if page.locator("#actions [data-action], #hand button.card.legal").count():
                return seat
        pages[0].wait_for_timeout(100)
    return None


def test_a_four_person_table_where_an_absent_person_is_replaced_by_a_bot_and_takes_the_seat_back(
    browser: Browser, server: Server
) -> None:
    creator = new_page(browser, locale="ar")
    links = create_table(creator, server, "tarneeb-41", ["human"] * 4)
    pages = _people(browser, server, {"0": links["0"], "1": links["1"], "2": links["2"], "3": links["3"]})
    absent = 3
    owner = creator  # the creator's own browser sits at seat 0 and holds the creator's token
    owner.goto(server.url + links["0"])
    pages[0].context.close()
    pages[0] = owner
    expect(owner.locator("[data-seat-control]")).to_have_count(4)
    assert pages[1].locator("[data-seat-control]").count() == 0, "only the creator's browser has the buttons"
    # Everyone but the absent person moves until the match waits for them.
    while (seat := _whose_turn(pages)) != absent:
        assert seat is not None, "nobody can move"
        _move(pages[seat])
    owner.click(f"[data-seat-control='{absent}']")
    expect(pages[absent].locator("#stood-in")).to_be_visible()
    expect(owner.locator(f"[data-seat='{absent}']")).to_contain_text("روبوت ذكي")  # the stand-in, in Arabic
    expect(owner.locator(f"[data-seat-control='{absent}']")).to_have_text("أعد المقعد لصاحبه")
    seat = _whose_turn(pages)
    assert seat is not None and seat != absent, "the bot moved for the absent person and the match went on"
    moves = 0
    while moves < 6 and (seat := _whose_turn(pages)) is not None:
        assert seat != absent
        _move(pages[seat])
        moves += 1
    assert moves == 6, "the others played on with the bot at the absent seat"
    owner.click(f"[data-seat-control='{absent}']")
    expect(pages[absent].locator("#stood-in")).to_have_count(0)
    expect(owner.locator(f"[data-seat-control='{absent}']")).to_have_text("دع روبوتاً يلعب هذا المقعد")
    while (seat := _whose_turn(pages)) != absent:
        assert seat is not None, "nobody can move"
        _move(pages[seat])
    _move(pages[absent])  # the person is back and plays their own seat again
    for page in {*pages, creator}:
        page.context.close()


def _click_action(pages: list[Page], action: str) -> int:
    """The seat whose turn it is clicks the button of `action`; returns that seat."""
    seat = _whose_turn(pages)
    assert seat is not None, f"nobody can {action}"
    seen = _updates(pages[seat])
    pages[seat].click(f"#actions [data-action='{action}']")
    pages[seat].wait_for_function(f"Number(document.body.dataset.updates || 0) > {seen}")
    return seat


def test_a_bridge_auction_shows_a_redoubled_no_trump_contract_and_seats_sit_around_the_table(
    browser: Browser, server: Server
) -> None:
    creator = new_page(browser)
    links = create_table(creator, server, "contract-bridge", ["human"] * 4)
    creator.context.close()
    pages = _people(browser, server, links)
    declarer = _click_action(pages, "bid 1NT")
    expect(pages[declarer].locator("#actions [data-action]")).to_have_count(0)
    doubler = _click_action(pages, "double")
    _click_action(pages, "redouble")
    for _ in range(3):
        _click_action(pages, "pass")
    page = pages[doubler]
    names = ["North", "East", "South", "West"]
    expect(page.locator("[data-fact='contract']")).to_have_text(f"1 no trump redoubled by {names[declarer]}")
    bidding = page.locator("#bidding")
    expect(bidding).to_contain_text(f"{names[declarer]} bid 1 no trump")
    expect(bidding).to_contain_text(f"{names[doubler]} doubled")
    expect(bidding).to_contain_text("redoubled")
    leader = _whose_turn(pages)
    assert leader == (declarer + 1) % 4
    _move(pages[leader])
    dummy = (declarer + 2) % 4
    expect(pages[declarer].locator("#dummy-turn")).to_contain_text(f"from the dummy ({names[dummy]})")
    assert pages[declarer].locator("#dummy button.card.legal").count() > 0, "the dummy's legal cards are marked"
    # This page's seat at the bottom, its partner across at the top, the others left and right.
    box = []
    for seat in range(4):
        found = page.locator(f"#seats [data-seat='{seat}']").bounding_box()
        assert found is not None
        box.append(found)
    me, left, partner, right = doubler, (doubler + 1) % 4, (doubler + 2) % 4, (doubler + 3) % 4
    assert box[me]["y"] > box[left]["y"] > box[partner]["y"]
    assert box[left]["x"] < box[me]["x"] < box[right]["x"]
    for each in pages:
        each.context.close()


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_every_page_and_a_tables_top_bar_fit_a_phone_390_pixels_wide(
    browser: Browser, server: Server, locale: str
) -> None:
    page = new_page(browser, locale=locale, width=390, height=844)
    fits = "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    for path in ("/", "/workbench", "/tables", "/compare"):
        page.goto(server.url + path)
        page.wait_for_selector("header.top")
        if path == "/workbench":
            expect(page.locator("#status")).to_contain_text("tarneeb-41")
        wide, screen = page.evaluate(fits)
        assert wide <= screen == 390, f"{path} is {wide} pixels wide on a 390-pixel screen"
    links = create_table(page, server, "tarneeb-41", ["human", "heuristic", "heuristic", "heuristic"])
    page.goto(server.url + links["0"])
    page.wait_for_selector("#hand button.card")
    bar = page.evaluate(
        "[document.querySelector('header.top').scrollWidth, document.querySelector('header.top').clientWidth]"
    )
    assert bar[0] <= bar[1] <= 390, f"the top bar needs {bar[0]} pixels"
    wide, screen = page.evaluate(fits)
    assert wide <= screen, f"the table page is {wide} pixels wide on a 390-pixel screen"
    page.context.close()

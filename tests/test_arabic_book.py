"""The rule book, the refusals and the web server's answers to malformed requests, all in Arabic for a person who
asked for it; the English rule book stays as it was (`tests/test_golden.py`, `tests/test_explain_diff_trace.py`)."""

from __future__ import annotations

import functools
import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.sync.client import connect

from helpers import rules
from trickbook import Game, i18n
from trickbook.book.explain import explain
from trickbook.errors import IllegalAction, Said
from trickbook.resources import bundled_ruleset_ids
from trickbook.ruleset.loader import load_ruleset
from webserver import Server, running

CODE = re.compile(r"`[^`]*`")
QUOTED = re.compile(r"'[A-Za-z][A-Za-z0-9 ]*'")
"""An action's code as a player types it, quoted: `('show' and the card)`, `('pass')`."""
CARD = re.compile(r"\b(10|[2-9AKQJT])[♠♥♦♣]")
LATIN_WORDS = re.compile(r"[A-Za-z][A-Za-z'.-]*(?:[ ,/-]+[A-Za-z][A-Za-z'.-]*)*")
"""A run of Latin words: what is left of an English sentence once cards and code are taken out."""
CODES = re.compile(r"[A-Z]{1,2}(?: [A-Z]{1,2})*")
"""Rank and suit codes as the cards show them (`A K Q J`, `(JK, 🃏)`), and a formula's one-letter names (`P`)."""

ALLOWED = {
    "NT": "the strain no trump in an auction of calls, written as the bid codes are (`1NT`)",
    "Cardems": "the name of the card-game app whose rules a ruleset follows, part of its title",
    "catsatcards.com": "a web site's address, which a reader types as it is",
    "jawaker.com": "a web site's address, which a reader types as it is",
    "FAMILY-RULES": "the name of the document a version cites, as the source line writes it",
    "SEED-RULES": "the name of the document a version cites, as the source line writes it",
    "BBUM Games": "the name of the site whose rules a version follows",
    "cardrulesplus.com": "a web site's address, which a reader types as it is",
    "eliters.com": "a web site's address, which a reader types as it is",
    "bufton.org": "a web site's address, which a reader types as it is",
    "sheepsheadrules.com": "a web site's address, which a reader types as it is",
    "nil": "a named bid's code in a score table's first column, as a player types the bid",
}
"""Latin words an Arabic rule book may still show, each with why: names and codes, not sentences."""

SOURCE = re.compile(r"^المصدر: .*$", re.MULTILINE)
"""The source line cites a page by its own title and file name, as written; a citation is not translated."""


def _english_left(text: str) -> list[str]:
    """The runs of Latin words in a text once its code, cards, source citation, codes and names are taken out."""
    text = CARD.sub("", QUOTED.sub("", CODE.sub("", SOURCE.sub("", text))))
    runs = [run.rstrip(".") for run in LATIN_WORDS.findall(text)]
    return [run for run in runs if run not in ALLOWED and not CODES.fullmatch(run)]


@pytest.mark.parametrize("ruleset", bundled_ruleset_ids())
def test_every_rule_book_in_arabic_says_every_sentence_in_arabic(ruleset: str) -> None:
    """Every sentence `explain --lang ar` writes is Arabic, but for code in backticks, cards and the codes in
    ALLOWED (single capital letters are suit and rank codes, such as `(JK, 🃏)`)."""
    book = explain(load_ruleset(ruleset), "md", "ar")
    assert _english_left(book) == []


@pytest.mark.parametrize("ruleset", ["tarneeb-41", "skat", "euchre", "five-hundred"])
def test_the_deck_is_named_in_arabic(ruleset: str) -> None:
    loaded = load_ruleset(ruleset)
    book = explain(loaded, "md", "ar")
    assert loaded.deck.title not in book
    assert loaded.word("ar", loaded.deck.title) in book


def test_the_english_rule_book_names_the_deck_in_english() -> None:
    loaded = load_ruleset("tarneeb-41")
    assert "**Cards.** Standard 52-card deck: 52 cards, suits ♠ spades" in explain(loaded)


def _hearts_lead_refusal() -> tuple[Game, str]:
    """A hearts game at the moment a leader holds hearts and other cards while hearts are not broken."""
    for seed in range(1, 40):
        game = Game(rules("hearts"), seed)
        deck = game.rules.deck
        hearts = next(i for i, s in enumerate(deck.suits) if s.name == "hearts")
        for _ in range(200):
            if game.is_over():
                break
            actor = game.actor
            held = game.hand(actor) if actor is not None else ()
            if actor is not None and not game.trick and game.legal_actions() and len(game.legal_actions()) < 40:
                led_hearts = [c for c in held if deck.suit_of[c] == hearts]
                others = [c for c in held if deck.suit_of[c] != hearts]
                legal = set(game.legal_actions())
                if led_hearts and others and led_hearts[0] not in legal and others[0] in legal:
                    return game, deck.codes[led_hearts[0]]
            game.apply(game.legal_actions()[0])
    raise AssertionError("no hand where hearts could not be led")


def test_a_suit_not_yet_broken_is_refused_with_its_name_as_the_ruleset_says_it_in_arabic() -> None:
    game, card = _hearts_lead_refusal()
    with pytest.raises(IllegalAction) as refused:
        game.apply(game.rules.deck.parse_card(card))
    assert str(refused.value).startswith("♥ (hearts) may not be led until broken"), "English is unchanged"
    words = functools.partial(game.rules.word, "ar")
    arabic = refused.value.said.in_language(i18n.gettext("ar"), words)
    assert arabic.startswith("لا يجوز البدء بـ♥ (" + game.rules.word("ar", "hearts") + ")")
    assert "hearts" not in arabic and game.rules.word("ar", "hearts") != "hearts"
    kept = Said.from_json(json.loads(json.dumps(refused.value.said.as_json())))
    assert kept == refused.value.said, "a seat's log keeps the suit as a term, to say in any language later"


def _post(server: Server, path: str, body: bytes, language: str) -> tuple[int, str]:
    request = urllib.request.Request(
        server.url + path,
        data=body,
        headers={"content-type": "application/json", "accept-language": language, "origin": server.url},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, str(json.loads(response.read()))
    except urllib.error.HTTPError as refused:
        return refused.code, str(json.loads(refused.read())["error"])


def _table(server: Server) -> tuple[str, str]:
    body = json.dumps({"ruleset": "whist", "seats": ["human", "random", "random", "random"]}).encode()
    request = urllib.request.Request(
        server.url + "/api/tables", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        table = json.loads(response.read())
    return str(table["id"]), str(table["links"]["0"].split("#", 1)[1])


def _error(socket: object) -> str:
    for _ in range(50):
        message = json.loads(socket.recv(timeout=10))  # type: ignore[attr-defined]
        if message["type"] == "error":
            return str(message["message"])
    raise AssertionError("no error message")


def test_malformed_requests_and_messages_are_answered_in_the_pages_language(tmp_path: Path) -> None:
    with running(tmp_path, []) as server:
        status, said = _post(server, "/api/tables", b"{not json", "ar")
        assert status == 400 and said.startswith("متن الطلب بغير صيغة JSON")
        status, said = _post(server, "/api/tables", b"{not json", "en-GB,en")
        assert status == 400 and said.startswith("the request body is not JSON")
        status, said = _post(server, "/api/tables", b"[1]", "ar;q=0.9")
        assert status == 400 and said == "متن الطلب كائن JSON"
        table_id, token = _table(server)
        url = f"ws://127.0.0.1:{server.port}/ws/table/{table_id}"
        with connect(url, origin=server.url, open_timeout=10) as socket:
            socket.send(json.dumps({"type": "hello", "token": token, "language": "ar"}))
            socket.send("{oops")
            assert _error(socket).startswith("الرسالة بغير صيغة JSON")
            socket.send(json.dumps({"type": "dance"}))
            assert _error(socket).startswith("نوع رسالة غير معروف 'dance'")
            socket.send(json.dumps({"type": "act", "action": 7}))
            assert _error(socket).startswith("رسالة 'act' فيها 'action'")
            socket.send(json.dumps({"type": "vote", "rematch": "yes"}))
            assert _error(socket).startswith("رسالة 'vote' فيها 'rematch'")
        with connect(url, origin=server.url, open_timeout=10) as socket:
            socket.send(json.dumps({"type": "hello", "token": token, "language": "en"}))
            socket.send(json.dumps({"type": "dance"}))
            assert _error(socket) == "unknown message type 'dance'; known: 'act', 'ready', 'vote', 'tick'"


def test_the_seats_offered_when_a_table_is_made_are_named_in_the_pages_language(tmp_path: Path) -> None:
    """The Tables page lists each seat to choose a player for by the name the table will show it by."""
    with running(tmp_path, []) as server:
        status, said = _post(server, "/api/seating", json.dumps({"ruleset": "whist"}).encode(), "ar")
        assert status == 200
        assert said == str(
            {"seats": ["الشمال", "الشرق", "الجنوب", "الغرب"], "sides": ["الشمال والجنوب", "الشرق والغرب"]}
        )
        status, said = _post(server, "/api/seating", json.dumps({"ruleset": "kout"}).encode(), "en")
        assert said == str({"seats": [f"Player {n}" for n in range(1, 7)], "sides": ["First team", "Second team"]})

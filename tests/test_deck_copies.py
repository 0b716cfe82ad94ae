"""Decks holding every card more than once (a deck file's `copies`), as Pinochle's 48 cards hold A 10 K Q J 9 of
each suit twice: copies share a code and a claim on a trick, the first played of two equal cards wins (Bicycle's
Partnership Pinochle: "If duplicate cards are played to the same trick, the one played first ranks higher"), a
seat holding both has one choice, records name them by code, and melds count cards held twice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import legal, play_trick, simulated, stacked_game
from trickbook import Game, Rules, load_ruleset
from trickbook.book.explain import explain
from trickbook.cards import Deck
from trickbook.cli import main
from trickbook.engine.melds import meld_points
from trickbook.errors import Location, RulesetError
from trickbook.players import make_player, parse_player_specs
from trickbook.record.writer import dumps, match_record
from trickbook.ruleset.deck import load_deck
from trickbook.tools.simulate import play_match, play_on, resume_match

SUITS = [
    {"code": "S", "name": "spades", "symbol": "♠", "colour": "black"},
    {"code": "H", "name": "hearts", "symbol": "♥", "colour": "red"},
    {"code": "C", "name": "clubs", "symbol": "♣", "colour": "black"},
    {"code": "D", "name": "diamonds", "symbol": "♦", "colour": "red"},
]
RANKS = [
    {"code": "A", "name": "ace", "order": 14},
    {"code": "T", "name": "ten", "order": 13, "aliases": ["10"]},
    {"code": "K", "name": "king", "order": 12},
    {"code": "Q", "name": "queen", "order": 11},
    {"code": "J", "name": "jack", "order": 10},
    {"code": "9", "name": "nine", "order": 9},
]
DOUBLED: dict[str, Any] = {
    "format": "trickbook-deck/1",
    "id": "doubled-48",
    "title": "Pinochle deck of 48 cards",
    "suits": SUITS,
    "ranks": RANKS,
    "copies": 2,
}

MELDS: dict[str, Any] = {
    "from": "dealt",
    "kinds": {
        "double_run": {
            "cards": [{"rank": r, "suit": "trump"} for r in "ATKQJ"],
            "sets": 2,
            "group": "sequences",
            "points": 1500,
        },
        "run": {"cards": [{"rank": r, "suit": "trump"} for r in "ATKQJ"], "group": "sequences", "points": 150},
        "royal_marriage": {
            "cards": [{"rank": "K", "suit": "trump"}, {"rank": "Q", "suit": "trump"}],
            "group": "sequences",
            "points": 40,
        },
        "marriage": {
            "cards": [{"rank": "K", "suit": "each-plain"}, {"rank": "Q", "suit": "each-plain"}],
            "group": "sequences",
            "points": 20,
        },
        "double_pinochle": {"cards": ["QS", "JD"], "sets": 2, "group": "pinochles", "points": 300},
        "pinochle": {"cards": ["QS", "JD"], "group": "pinochles", "points": 40},
        "aces_around": {"ranks": ["A"], "group": "aces", "points": 100},
        "double_aces": {"ranks": ["A"], "sets": 2, "group": "aces", "points": 1000},
    },
}

RULESET: dict[str, Any] = {
    "format": "trickbook-ruleset/2",
    "id": "doubled-whist",
    "title": "Whist with a doubled deck",
    "deck": "doubled-48.yaml",
    "seats": 4,
    "sides": [[0, 2], [1, 3]],
    "direction": "clockwise",
    "dealer": {"first": 0, "after_hand": "next"},
    "deal": {"hand_size": 12},
    "bidding": {"kind": "none"},
    "trump": {"mode": "fixed", "suit": "H"},
    "play": {"first_lead": "after-dealer", "must": {"beat": True, "trump": True, "overtrump": True}},
    "scoring": {
        "by": "side",
        "card_points": {"ranks": {"A": 10, "T": 10, "K": 10}},
        "rules": {"points": {"for": "side", "points": "points(side) + melds(side)"}},
    },
    "melds": MELDS,
    "match": {"wins": "total(side) >= 1000", "when_both": "higher-total"},
}


def write(folder: Path, **changes: Any) -> Path:
    """The doubled deck and a ruleset using it, with `changes` to the ruleset's top-level keys."""
    (folder / "doubled-48.yaml").write_text(yaml.safe_dump(DOUBLED, allow_unicode=True), encoding="utf-8")
    path = folder / "doubled.yaml"
    path.write_text(yaml.safe_dump({**RULESET, **changes}, allow_unicode=True), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def doubled(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    return load_ruleset(str(write(tmp_path_factory.mktemp("doubled"))))


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck(DOUBLED)


def test_a_doubled_deck_holds_each_card_twice_under_one_code(deck: Deck) -> None:
    assert deck.size == 48
    assert deck.copies == 2
    assert [r.code for r in deck.faces] == ["9", "J", "Q", "K", "T", "A"]
    assert deck.codes.count("AS") == 2
    first, second = deck.read_cards(["AS", "as"]) or []
    assert first != second
    assert deck.codes[first] == deck.codes[second] == "AS"
    assert deck.twins[first] == deck.twins[second] == 1 << first | 1 << second
    assert deck.read_cards(["AS", "AS", "AS"]) is None
    assert deck.read_cards(["AS"], taken=1 << first) == [second]
    assert deck.parse_card("A♠") == first
    assert deck.one_of_each(1 << first | 1 << second) == 1 << first
    assert deck.one_of_each(1 << second) == 1 << second
    for trump in range(-1, 4):
        for led in range(4):
            assert deck.strength[trump + 1][led][first] == deck.strength[trump + 1][led][second]


def test_a_suit_of_more_than_sixteen_cards_counting_copies_is_refused() -> None:
    with pytest.raises(RulesetError, match="a suit would hold 18 cards"):
        load_deck({**DOUBLED, "copies": 3})
    assert load_deck({**DOUBLED, "ranks": RANKS[:5], "copies": 3}).size == 60


def test_of_two_equal_cards_in_a_trick_the_first_played_wins(doubled: Rules) -> None:
    game = stacked_game(doubled, {1: "AS KS", 2: "AS QS", 3: "9S JS"}, dealer=0)
    assert play_trick(game, "AS", "AS", "9S", "9S") == 1


def test_a_seat_holding_both_copies_has_one_choice_and_either_code_plays_the_one_it_holds(doubled: Rules) -> None:
    hearts = "AH TH KH QH JH 9H AH TH KH"
    game = stacked_game(doubled, {1: "AS AS 9S " + hearts, 2: "KS", 3: "QS"}, dealer=0)
    assert legal(game) == ["9S", "AS", "9H", "JH", "QH", "KH", "TH", "AH"]
    game.apply_text("AS")
    held = [doubled.deck.codes[c] for c in game.view(1).hand]
    assert held.count("AS") == 1
    assert legal(game) == ["KS"]


def test_a_card_held_only_as_its_second_copy_is_played_by_its_code(doubled: Rules) -> None:
    deck = doubled.deck
    game = stacked_game(doubled, {0: "AS", 1: "AS"}, dealer=3)
    second = deck.read_cards(["AS", "AS"])
    assert second is not None
    assert second[1] in game.view(1).hand
    game.apply_text("AS")
    game.apply_text("AS")
    assert game.view(1).hand.count(second[1]) == 0


def test_melds_count_cards_held_twice_and_a_group_shares_no_card(deck: Deck, doubled: Rules) -> None:
    melds = doubled.melds
    assert melds is not None
    hearts = 1

    def worth(codes: str) -> int:
        cards = deck.read_cards(codes.split())
        assert cards is not None
        points = meld_points(melds, deck, doubled.seating, 0, [deck.mask(cards), 0, 0, 0], hearts, -1)
        return points[0]

    assert worth("AH TH KH QH JH") == 150
    # A run's king and queen are no royal marriage besides; a second king and queen of trump are.
    assert worth("AH TH KH QH JH KH") == 150
    assert worth("AH TH KH QH JH KH QH") == 190
    assert worth("AH TH KH QH JH AH TH KH QH JH") == 1500
    # Marriages in every suit but trump, twice in one suit when held twice; none in trump besides the royal one.
    assert worth("KS QS KC QC KC QC") == 60
    assert worth("KH QH") == 40
    # A pinochle is the queen of spades with the jack of diamonds; both copies of each make a double pinochle,
    # and three of the four cards one pinochle.
    assert worth("QS JD") == 40
    assert worth("QS JD QS") == 40
    assert worth("QS JD QS JD") == 300
    # Aces around, and all eight aces.
    assert worth("AS AH AC AD") == 100
    assert worth("AS AH AC AD AS AH AC") == 100
    assert worth("AS AH AC AD AS AH AC AD") == 1000
    # The queen of spades serves a marriage and a pinochle: different groups.
    assert worth("KS QS JD") == 60


def test_card_points_by_rank_count_every_copy(doubled: Rules) -> None:
    deck = doubled.deck
    points = doubled.scoring.card_points
    assert sum(points) == 240
    assert all(points[c] == 10 for c in deck.cards(deck.twins[deck.parse_card("KD")]))


def recorded(folder: Path, matches: int) -> tuple[Path, dict[str, Any]]:
    """`matches` simulated matches of three hands at most under the doubled ruleset: the records' file and the
    first record."""
    out = simulated(folder, str(write(folder)), "--matches", str(matches), "--hand-cap", "3")
    return out, json.loads(out.read_text(encoding="utf-8").splitlines()[0])


def test_matches_with_a_doubled_deck_are_recorded_with_repeated_codes_and_replay(tmp_path: Path) -> None:
    out, record = recorded(tmp_path, 3)
    dealt = [code for seat in record["hands"][0]["deal"] for code in seat]
    assert len(dealt) == 48
    assert all(dealt.count(code) == 2 for code in dealt)
    assert main(["replay", str(out)]) == 0


def test_a_record_dealing_a_card_three_times_from_a_doubled_deck_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, record = recorded(tmp_path, 1)
    deal = record["hands"][0]["deal"]
    code = deal[0][0]
    holder = next(seat for seat in range(1, 4) if code not in deal[seat])
    deal[holder][0] = code
    out.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert main(["replay", str(out)]) != 0
    assert f"the card {code} is dealt 3 times" in capsys.readouterr().err


def test_a_match_with_a_doubled_deck_resumed_from_its_record_continues_identically(doubled: Rules) -> None:
    """Found playing a hand at the terminal: a saved match did not resume, as the record's code named the first
    copy of a card a bot held only as its second."""
    specs = parse_player_specs("random", 4)
    whole = dumps(match_record(play_match(doubled, 3, specs, 3)))
    for cut in (5, 30, 61):
        game = Game(doubled, 3, hand_cap=3)
        play_on(game, [make_player(spec, 3, seat) for seat, spec in enumerate(specs)], actions=cut)
        resumed, players = resume_match(json.loads(dumps(match_record(game))), specs, Location("saved.json", 1, 1))
        play_on(resumed, players)
        assert dumps(match_record(resumed)) == whole


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"trump": {"mode": "fixed", "suit": "H", "highest": ["JD"]}}, "a card ranked above the trumps"),
        ({"play": {"first_lead": {"holder_of": "9C"}}}, "the holder of a card leading first"),
        ({"melds": {"from": "dealt", "kinds": {"sira": {"run": 3, "points": 20}}}}, "a run cannot be found yet"),
        (
            {"melds": {"from": "dealt", "kinds": {"triple": {"cards": ["QS", "JD"], "sets": 3, "points": 1}}}},
            "at most 2",
        ),
        (
            {"scoring": {"by": "side", "rules": {"aces": {"for": "side", "points": "took(side, AS)"}}}},
            "an expression cannot name one card or rank",
        ),
    ],
)
def test_what_a_doubled_deck_cannot_mean_yet_is_refused(tmp_path: Path, changes: dict[str, Any], problem: str) -> None:
    with pytest.raises(RulesetError, match=problem):
        load_ruleset(str(write(tmp_path, **changes)))


def test_the_rule_book_says_every_card_is_held_twice_and_how_melds_share_cards(doubled: Rules) -> None:
    text = explain(doubled)
    assert "ranks from highest to lowest: A 10 K Q J 9." in text
    assert "The deck holds every card two times; of equal cards in a trick the one played first ranks higher." in text
    assert "king with queen of a suit other than trump" in text
    assert "double pinochle (the queen of spades with the jack of diamonds, each card two times) 300" in text
    # The kinds in the file's order (written here by PyYAML, which sorts them).
    assert (
        "The melds of each of these groups share no card, the one worth most counted first and a card it uses making "
        "no other: aces around, double aces; double pinochle, pinochle; double run, marriage, royal marriage, run."
    ) in text
    assert "K♠ 10♠ A♠ K♥" in text

"""Extra cards (a deck's `extras`, such as a joker): dealt, shown, typed, recorded and read in expressions like any
card; in no suit and of no rank, they follow as a suit of their own unless `trump.highest` names them, which makes
them trumps above every other (the joker of Kout, jawaker.com's Kout Bo 6 page, ranked with two jokers)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import act, legal, play_trick, simulated, stacked_game
from trickbook import Rules, load_ruleset
from trickbook.book.explain import explain
from trickbook.errors import InvalidAction, RulesetError
from trickbook.ruleset.deck import load_deck

JOKER = """format: trickbook-ruleset/2
id: joker-trumps
title: Joker trumps
deck: standard-53
seats: 4
sides: [[0, 2], [1, 3]]
direction: clockwise
dealer: {first: 0, after_hand: next}
# 52 of the 53 cards are dealt; the last stays in the stock.
deal: {hand_size: 13}
bidding: {kind: none}
trump:
  mode: fixed
  suit: H
  highest: [JK]
play: {first_lead: after-dealer}
scoring: {by: side, rules: {tricks: {for: side, points: "tricks(side) + 5 * took(side, JK)"}}}
match: {wins: total(side) >= 30, when_both: higher-total}
"""

TWO_JOKERS: dict[str, Any] = {
    "format": "trickbook-deck/1",
    "id": "two-jokers",
    "title": "Two suits and two jokers",
    "suits": [
        {"code": "S", "name": "spades", "symbol": "♠", "colour": "black"},
        {"code": "H", "name": "hearts", "symbol": "♥", "colour": "red"},
    ],
    "ranks": [
        {"code": "A", "name": "ace", "order": 14},
        {"code": "K", "name": "king", "order": 13},
        {"code": "Q", "name": "queen", "order": 12},
    ],
    "extras": [
        {"code": "RJ", "name": "red joker", "symbol": "★", "colour": "red"},
        {"code": "BJ", "name": "black joker", "symbol": "☆", "colour": "black"},
    ],
}


def ruleset(tmp_path: Path, text: str, **changes: Any) -> Rules:
    data = yaml.safe_load(text)
    data.update(changes)
    path = tmp_path / "extras.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return load_ruleset(str(path))


@pytest.fixture(scope="module")
def joker(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    path = tmp_path_factory.mktemp("joker") / "joker.yaml"
    path.write_text(JOKER, encoding="utf-8")
    return load_ruleset(str(path))


def test_an_extra_card_follows_the_suited_cards_in_no_suit_and_of_no_rank() -> None:
    deck = load_deck("standard-53")
    assert deck.size == 53 and deck.codes[:52] == load_deck("standard-52").codes
    joker = deck.parse_card("JK")
    assert joker == 52 and deck.code(joker) == "JK" and deck.is_extra(joker)
    assert deck.suit_of[joker] == deck.extra_group == 4
    assert deck.suit_masks[4] == 1 << 52 and deck.cards(1 << 52 | 1) == (0, 52)
    assert deck.label(joker) == "🃏" and deck.colour(joker) == "black"


def test_a_deck_without_extras_is_unchanged() -> None:
    deck = load_deck("standard-52")
    assert deck.extras == () and len(deck.suit_masks) == 4 and deck.size == 52
    assert not any(deck.is_extra(card) for card in range(deck.size))


@pytest.mark.parametrize("typed", ["JK", "jk", " Jk ", "🃏", "🃏\ufe0f"])
def test_an_extra_card_is_typed_by_its_code_or_symbol(typed: str) -> None:
    assert load_deck("standard-53").parse_card(typed) == 52


def test_a_mistyped_card_is_told_the_extra_cards_too() -> None:
    with pytest.raises(InvalidAction, match=r"or JK \(joker\), for example 'AD'"):
        load_deck("standard-53").parse_card("ZZ")


def test_extra_cards_are_listed_highest_first_and_indexed_weakest_first() -> None:
    deck = load_deck(TWO_JOKERS)
    assert deck.codes[6:] == ("BJ", "RJ")
    assert deck.strength[0][2][7] > deck.strength[0][2][6], "the red joker beats the black one when they are led"


@pytest.mark.parametrize(
    ("extra", "clash"),
    [
        ({"code": "AS", "name": "joker", "symbol": "★", "colour": "red"}, "the card 'AS'"),
        ({"code": "JK", "name": "joker", "symbol": "♥", "colour": "red"}, "the suit 'H'"),
        ({"code": "JK", "name": "joker", "symbol": "K", "colour": "red"}, "the rank 'K'"),
        ({"code": "BJ", "name": "joker", "symbol": "✦", "colour": "red"}, "the extra card 'BJ'"),
    ],
)
def test_an_extra_card_that_another_spelling_names_is_refused_where_it_stands(
    tmp_path: Path, extra: dict[str, str], clash: str
) -> None:
    data = dict(TWO_JOKERS, extras=[TWO_JOKERS["extras"][1], extra])
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_deck(str(path))
    message = str(caught.value)
    assert clash in message and "deck.yaml:" in message and "extras[1]" in message


def test_an_extra_card_code_must_look_like_a_card_code(tmp_path: Path) -> None:
    data = dict(TWO_JOKERS, extras=[{"code": "joker", "name": "joker", "symbol": "★", "colour": "red"}])
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(RulesetError, match="extras"):
        load_deck(str(path))


def test_the_joker_named_highest_beats_the_ace_of_trump(joker: Rules) -> None:
    game = stacked_game(joker, {1: "AH", 2: "JK", 3: "KH", 0: "QH"}, dealer=0)
    assert play_trick(game, "AH", "JK", "KH", "QH") == 2


def test_the_joker_named_highest_follows_a_trump_lead_and_leads_trump(joker: Rules) -> None:
    """The suit it counts as for following is trump: a trump lead asks for it, and its lead asks for trumps."""
    game = stacked_game(joker, {1: "2H", 2: "JK AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"}, dealer=0)
    act(game, "2H")
    assert legal(game) == ["JK"]
    game = stacked_game(joker, {1: "JK", 2: "2H AS"}, dealer=0)
    act(game, "JK")
    assert legal(game) == ["2H"]


def test_the_joker_trumps_a_plain_suit_lead(joker: Rules) -> None:
    game = stacked_game(joker, {1: "AS", 2: "JK 2H", 3: "KS", 0: "QS"}, dealer=0)
    assert play_trick(game, "AS", "JK", "KS", "QS") == 2


def test_an_extra_card_not_named_highest_is_a_suit_of_its_own(tmp_path: Path) -> None:
    """Led, nobody can follow it and it wins unless trumped; played to another lead, it follows nothing and loses."""
    plain = ruleset(tmp_path, JOKER, trump={"mode": "fixed", "suit": "H"})
    game = stacked_game(plain, {1: "JK", 2: "AS 2H", 3: "KS", 0: "QS"}, dealer=0)
    act(game, "JK")
    assert set(legal(game)) >= {"AS", "2H"}
    assert play_trick(stacked_game(plain, {1: "JK", 2: "AS", 3: "KS", 0: "QS"}, dealer=0), "JK", "AS", "KS", "QS") == 1
    assert play_trick(stacked_game(plain, {1: "JK", 2: "2H", 3: "KS", 0: "QS"}, dealer=0), "JK", "2H", "KS", "QS") == 2
    assert play_trick(stacked_game(plain, {1: "QS", 2: "JK", 3: "KS", 0: "2S"}, dealer=0), "QS", "JK", "KS", "2S") == 3


def test_two_jokers_with_the_ace_of_trump_between_them(tmp_path: Path) -> None:
    """Kout Bo 6 (jawaker.com): "Red Joker - A of Trump - Black Joker - Rest of the trump suit - Other suits"."""
    rules = ruleset(
        tmp_path,
        JOKER,
        deck=TWO_JOKERS,
        deal={"hand_size": 2},
        scoring={"by": "side", "rules": {"tricks": {"for": "side", "points": "tricks(side)"}}},
        trump={"mode": "fixed", "suit": "S", "highest": ["RJ", {"rank": "A", "suit": "trump"}, "BJ"]},
    )
    assert play_trick(stacked_game(rules, {1: "BJ", 2: "AS", 3: "RJ", 0: "KS"}, dealer=0), "BJ", "AS", "RJ", "KS") == 3
    assert play_trick(stacked_game(rules, {1: "BJ", 2: "AS", 3: "QS", 0: "KS"}, dealer=0), "BJ", "AS", "QS", "KS") == 2
    game = stacked_game(rules, {1: "AH AS", 2: "BJ RJ", 3: "QS KS", 0: "KH QH"}, dealer=0)
    assert play_trick(game, "AH", "BJ", "QS", "KH") == 2


def test_expressions_read_an_extra_card(tmp_path: Path) -> None:
    """`took(side, JK)` counts the joker for the side that took it; `suit_of` and `rank_of` give it no suit and
    no rank (so neither trump nor any rank's strength)."""
    rules = ruleset(
        tmp_path,
        JOKER,
        definitions={
            "joker_points": "5 * took(side, JK)",
            "printed": "if suit_of(JK) == trump or rank_order(rank_of(JK)) > 0 then 100 else 0",
        },
        scoring={"by": "side", "rules": {"tricks": {"for": "side", "points": "tricks(side) + joker_points + printed"}}},
    )
    game = stacked_game(rules, {1: "JK"}, dealer=0)
    while game.hands_finished < 1:
        game.apply(game.legal_actions()[0])
    assert sum(game.history[0].score) == 13 + 5


def test_records_carry_the_joker_and_replay(tmp_path: Path) -> None:
    from trickbook.cli import main

    path = tmp_path / "joker.yaml"
    path.write_text(JOKER, encoding="utf-8")
    out = simulated(tmp_path, str(path))
    record = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    hand = record["hands"][0]
    assert "JK" in [card for cards in hand["deal"] for card in cards] + hand["stock"]
    assert main(["replay", str(out)]) == 0


def test_a_person_types_the_joker_at_the_table(joker: Rules) -> None:
    assert joker.actions.parse("jk") == 52 and joker.actions.text(52) == "JK"


def test_the_rule_book_names_the_joker_and_its_suit(joker: Rules) -> None:
    text = explain(joker)
    assert "The joker (JK, 🃏) is an extra card: it belongs to the trump suit" in text
    assert "Above the ace of trump rank the joker" in text


@pytest.mark.parametrize("mode", [{"mode": "led"}, {"mode": "exposed"}])
def test_a_trump_taken_from_a_cards_suit_refuses_a_joker_in_play(tmp_path: Path, mode: dict[str, str]) -> None:
    """A turned-up or led joker would name no suit: the builder says so where the trump mode stands."""
    deal = {"hand_size": 13, "expose": {"seat": "dealer", "card": "last"}} if mode["mode"] == "exposed" else None
    changes: dict[str, Any] = {"trump": mode} | ({"deal": deal} if deal else {})
    with pytest.raises(RulesetError) as caught:
        ruleset(tmp_path, JOKER, **changes)
    message = str(caught.value)
    assert "extras.yaml:" in message and "trump.mode" in message and "'JK' has none" in message
    assert "deal.remove: [JK]" in message


def test_the_trace_shows_the_joker_by_its_symbol(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from trickbook.cli import main

    path = tmp_path / "joker.yaml"
    path.write_text(JOKER, encoding="utf-8")
    out = simulated(tmp_path, str(path))
    capsys.readouterr()
    assert main(["trace", str(out), "--ruleset", str(path)]) == 0
    text = capsys.readouterr().out
    assert "🃏" in text, "the joker is shown by its symbol, as every card is"


def test_the_players_count_a_joker_as_a_top_card_of_a_hand() -> None:
    from trickbook.players.worlds import strength

    deck = load_deck("standard-53")
    assert strength(deck, (deck.parse_card("JK"),)) == strength(deck, (deck.parse_card("AS"),)) == 4


def test_a_record_carries_a_deck_of_its_own_with_its_jokers_and_replays(tmp_path: Path) -> None:
    from trickbook.cli import main

    data = yaml.safe_load(JOKER)
    data |= {
        "deck": TWO_JOKERS,
        "deal": {"hand_size": 2},
        "trump": {"mode": "fixed", "suit": "S", "highest": ["RJ", {"rank": "A", "suit": "trump"}, "BJ"]},
        "scoring": {"by": "side", "rules": {"tricks": {"for": "side", "points": "tricks(side) + took(side, RJ)"}}},
    }
    path = tmp_path / "inline.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out = simulated(tmp_path, str(path))
    record = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert {"RJ", "BJ"} <= {card for cards in record["hands"][0]["deal"] for card in cards}
    out.with_name("inline.yaml").unlink()
    assert main(["replay", str(out)]) == 0, "the record's own copy of the rules, deck and jokers included, replays it"

"""`play.follow_only_when` and `play.must_play`: cards tied to an expression read before each card with `seat` the
player, the following counterpart of `play.lead_only_when`; `led_suit` and `held(seat, ...)` are what such an
expression reads of the trick in play and the player's hand. Sheepshead's called ace needs them: "the very first
time the called fail suit is led, the picker MUST play their hold card and the partner MUST play the Ace"
(sheepsheadrules.com, Choosing a Partner)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import act, legal, stacked_game
from trickbook import Rules, load_ruleset, open_ruleset
from trickbook.book.explain import explain
from trickbook.book.worked import check_examples
from trickbook.errors import IllegalAction, RulesetError

OWED = """format: trickbook-ruleset/2
id: owed
title: Owed
deck: standard-52
seats: 4
direction: clockwise
dealer: {first: 0, after_hand: next}
deal: {hand_size: 4}
bidding: {kind: none}
trump: {mode: fixed, suit: S}
play:
  first_lead: after-dealer
  follow_only_when:
    - cards: [AC]
      when: led_suit == C
    - cards: [C]
      when: "seat != dealer or led_suit == C or held(seat, C) > 1"
  must_play:
    - cards: [AC]
      when: led_suit == C
scoring: {by: seat, rules: {tricks: {for: seat, points: "tricks(seat)"}}}
match: {ends: hand_number >= 4, when_both: higher-total, tie: share}
"""


def write(tmp_path: Path, play: dict[str, Any] | None = None) -> str:
    data = yaml.safe_load(OWED)
    if play is not None:
        data["play"] = {"first_lead": "after-dealer", **play}
    path = tmp_path / "owed.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def owed(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    return load_ruleset(write(tmp_path_factory.mktemp("owed")))


def test_the_owed_card_is_the_only_legal_card_when_its_suit_is_led(owed: Rules) -> None:
    game = stacked_game(owed, {1: "2C 3D 4D 5D", 2: "AC KC 2D 3H"}, dealer=0)
    act(game, "2C")
    assert legal(game) == ["AC"]
    with pytest.raises(IllegalAction, match="you must play A♣ now"):
        act(game, "KC")


def test_a_card_held_back_from_following_cannot_be_thrown_off(owed: Rules) -> None:
    game = stacked_game(owed, {1: "2D 3D 4D 5D", 2: "AC KC 2H 3H"}, dealer=0)
    act(game, "2D")
    assert sorted(legal(game)) == ["2H", "3H", "KC"]
    with pytest.raises(IllegalAction, match="A♣ may not be played to this trick now"):
        act(game, "AC")


def test_holding_nothing_else_the_held_back_card_may_be_played(owed: Rules) -> None:
    game = stacked_game(owed, {1: "2D 3D 4D 5D", 2: "AC 2H 3H 4H"}, dealer=0)
    act(game, "2D")
    assert sorted(legal(game)) == ["2H", "3H", "4H"]
    game = stacked_game(owed, {1: "2D 3D 4D 5D", 2: "AC QD KD JD"}, dealer=0)
    act(game, "2D")
    assert sorted(legal(game)) == ["JD", "KD", "QD"]


def test_leading_is_not_held_back(owed: Rules) -> None:
    assert sorted(legal(stacked_game(owed, {1: "AC KC 2D 3H"}, dealer=0))) == ["2D", "3H", "AC", "KC"]


def test_held_counts_the_players_cards_of_a_suit(owed: Rules) -> None:
    """The dealer (seat 3) may throw off a club only while it keeps another one."""
    game = stacked_game(owed, {0: "2H 4D 5D 6D", 1: "3H 7D 8D 9D", 2: "4H TD JD QD", 3: "2C 3C 2S 3S"}, dealer=3)
    act(game, "2H")
    act(game, "3H")
    act(game, "4H")
    assert sorted(legal(game)) == ["2C", "2S", "3C", "3S"]
    game = stacked_game(owed, {0: "2H 4D 5D 6D", 1: "3H 7D 8D 9D", 2: "4H TD JD QD", 3: "2C 2S 3S 4S"}, dealer=3)
    act(game, "2H")
    act(game, "3H")
    act(game, "4H")
    assert sorted(legal(game)) == ["2S", "3S", "4S"]


def test_the_rule_book_says_both(owed: Rules) -> None:
    book = explain(owed)
    assert "A♣ may be played to a trick someone else led only when `led_suit == C`" in book
    assert "A player holding A♣ must play it when `led_suit == C`" in book


@pytest.mark.parametrize(
    ("play", "message"),
    [
        ({"must_play": [{"cards": ["AC"], "when": "false"}]}, "play.must_play[0].when"),
        ({"follow_only_when": [{"cards": ["AC"], "when": "true"}]}, "never changes what may be played"),
        ({"must_play": [{"cards": ["ZZ"], "when": "led_suit == C"}]}, "has no card 'ZZ'"),
        ({"must_play": [{"cards": ["AC"], "when": "3"}]}, "play.must_play[0].when"),
        ({"follow_only_when": [{"cards": ["AC"]}]}, "when"),
        ({"must_play": [{"cards": ["AC"], "when": "led_suit == C", "also": 1}]}, "also"),
    ],
)
def test_misuse_is_refused_where_it_stands(tmp_path: Path, play: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesetError) as caught:
        load_ruleset(write(tmp_path, play))
    assert message in str(caught.value) and "owed.yaml:" in str(caught.value)


def test_led_suit_and_held_suit_are_known_only_during_the_play(tmp_path: Path) -> None:
    data = yaml.safe_load(OWED)
    data["scoring"]["rules"]["tricks"]["points"] = "held(seat, C)"
    path = tmp_path / "owed.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    assert "scoring.rules.tricks.points" in str(caught.value)


def test_a_worked_example_may_name_the_declarer_of_a_play_position(tmp_path: Path) -> None:
    """`examples[].play.declarer`: the seat the conditions read as `declarer`; one beyond the table is refused."""
    data = yaml.safe_load(OWED)
    data["bidding"] = {"kind": "auction", "order": "once", "bids": {"min": 1, "max": 1}}
    data["play"]["follow_only_when"] = [{"cards": ["C"], "when": "seat != declarer"}]
    position = {"hand": ["2C", "3H"], "trick": ["2D"]}
    data["examples"] = [
        {"name": "declarer", "play": {**position, "declarer": 1}, "expect": {"legal": ["3H"]}},
        {"name": "someone else", "play": {**position, "declarer": 2}, "expect": {"legal": ["2C", "3H"]}},
        {"name": "nobody at that seat", "play": {**position, "declarer": 6}, "expect": {"legal": ["3H"]}},
    ]
    path = tmp_path / "owed.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    results = list(check_examples(open_ruleset(str(path))))
    assert [r.mismatches for r in results[:2]] == [(), ()]
    assert "does not sit at a table of 4" in results[2].mismatches[0]

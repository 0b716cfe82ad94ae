"""`play.lead_only_when`: cards that may be led only while an expression holds, read before each lead with `seat`
the leader, unless the leader holds nothing else; following with them stays free. Kout Bo 6 (jawaker.com) holds the
jokers back: "A player is only allowed to start a hand with one of the Jokers if the J, Q, K, and A of trump were
already thrown in previous hands"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers import act, legal, play_trick, stacked_game
from trickbook import Rules, load_ruleset
from trickbook.book.explain import explain
from trickbook.errors import IllegalAction, RulesetError

HELD_BACK = """format: trickbook-ruleset/2
id: held-back
title: Held back
deck: standard-53
seats: 4
sides: [[0, 2], [1, 3]]
direction: clockwise
dealer: {first: 0, after_hand: next}
deal: {hand_size: 13}
bidding: {kind: none}
trump: {mode: fixed, suit: H, highest: [JK]}
play:
  first_lead: after-dealer
  lead_only_when:
    - cards: [JK]
      when: any(took(s, card(A, trump)) == 1 for s in seats)
scoring: {by: side, rules: {tricks: {for: side, points: "tricks(side)"}}}
match: {wins: total(side) >= 30, when_both: higher-total}
"""


def write(tmp_path: Path, **changes: Any) -> str:
    data = yaml.safe_load(HELD_BACK)
    for key, value in changes.items():
        data[key] = value if not isinstance(value, dict) else {**data.get(key, {}), **value}
    path = tmp_path / "held.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    return load_ruleset(write(tmp_path_factory.mktemp("held")))


def test_a_held_back_card_may_not_be_led_while_the_condition_fails(held: Rules) -> None:
    game = stacked_game(held, {1: "JK 2S"}, dealer=0)
    assert "JK" not in legal(game) and "2S" in legal(game)
    with pytest.raises(IllegalAction, match="🃏 may not be led now, and you hold other cards you may lead"):
        act(game, "JK")


def test_a_leader_holding_nothing_else_may_lead_it(tmp_path: Path) -> None:
    rules = load_ruleset(write(tmp_path, deal={"hand_size": 1}))
    assert legal(stacked_game(rules, {1: "JK"}, dealer=0)) == ["JK"]


def test_once_the_condition_holds_it_may_be_led(held: Rules) -> None:
    game = stacked_game(held, {1: "AH JK 2S", 2: "2H", 3: "3H", 0: "4H"}, dealer=0)
    assert play_trick(game, "AH", "2H", "3H", "4H") == 1
    assert "JK" in legal(game)


def test_following_with_it_is_free(held: Rules) -> None:
    game = stacked_game(held, {1: "2S", 2: "JK AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"}, dealer=0)
    act(game, "2S")
    assert "JK" in legal(game)


@pytest.mark.parametrize(("when", "free"), [("seat == left(dealer)", True), ("seat == across(dealer)", False)])
def test_the_leader_is_the_seat_the_condition_reads(tmp_path: Path, when: str, free: bool) -> None:
    """Seat 0 deals, so seat 1, on the dealer's left, leads."""
    play = {"first_lead": "after-dealer", "lead_only_when": [{"cards": ["JK"], "when": when}]}
    rules = load_ruleset(write(tmp_path, play=play))
    assert ("JK" in legal(stacked_game(rules, {1: "JK 2S"}, dealer=0))) is free


def test_the_rule_book_says_what_is_held_back(held: Rules) -> None:
    assert "🃏 may be led only when `any(took(s, card(A, trump)) == 1 for s in seats)`" in explain(held)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"cards": ["JK"], "when": "3"}, "play.lead_only_when[0].when"),
        ({"cards": ["ZZ"], "when": "true"}, "has no card 'ZZ'"),
        ({"cards": ["JK"]}, "when"),
    ],
)
def test_misuse_is_refused_where_it_stands(tmp_path: Path, entry: dict[str, Any], message: str) -> None:
    path = write(tmp_path, play={"first_lead": "after-dealer", "lead_only_when": [entry]})
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert message in str(caught.value) and "held.yaml:" in str(caught.value)

"""`trump: {mode: made}`: rounds of trump making around the exposed card, the maker as declarer, stick the dealer,
and a hand thrown in when everyone passes (FAMILY-RULES §4, rounds 1 and 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import act, legal, stacked_game
from trickbook import Rules, load_ruleset
from trickbook.book.scenario import Scenario, evaluate
from trickbook.errors import ExpressionError, IllegalAction, RulesetError

MAKING = """format: trickbook-ruleset/1
id: making
title: Trump making
deck: euchre-24
seats: 4
sides: [[0, 2], [1, 3]]
direction: clockwise
dealer: {first: 0, after_hand: next, after_cancelled: next}
deal:
  hand_size: 5
  expose: {seat: stock, card: 1}
bidding: {kind: none}
trump:
  mode: made
  rounds: [exposed, others]
  last_must_name: true
play: {first_lead: after-dealer}
scoring:
  by: side
  rules:
    made:
      for: side
      when: side == declaring_side and tricks(side) >= 3
      points: if trump_round == 1 then 1 else 10
match:
  wins: total(side) >= 100
  when_both: higher-total
"""
STOCK_HEARTS = {0: "9S TS QS KS AS", 1: "9C TC QC KC AC", 2: "9D TD QD KD AD", 3: "JS JC JD TH QH"}
"""Every seat's five cards, so that the first card of the stock, the upcard, is the 9H."""


def making(tmp_path: Path, text: str = MAKING) -> Rules:
    path = tmp_path / "making.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def upcard_game(rules: Rules):  # type: ignore[no-untyped-def]
    game = stacked_game(rules, STOCK_HEARTS, dealer=0)
    assert [rules.deck.codes[c] for c in game.exposed] == ["9H"]
    return game


def test_round_one_offers_only_the_upcards_suit_from_the_dealers_left(tmp_path: Path) -> None:
    game = upcard_game(making(tmp_path))
    assert game.phase == "trump" and game.turn == 1
    assert legal(game) == ["pass", "trump H"]
    with pytest.raises(IllegalAction, match=r"in round 1 of trump making you may name ♥ \(hearts\) or pass"):
        act(game, "trump S")


def test_the_first_to_accept_makes_trump_and_is_the_declarer(tmp_path: Path) -> None:
    game = upcard_game(making(tmp_path))
    act(game, "pass", "trump H")
    assert game.trump == game.rules.deck.suit_index("H") and game.declarer == 2
    assert game.phase == "play" and game.turn == 1, "the dealer's left leads"


def test_round_two_offers_the_other_suits_and_sticks_the_dealer(tmp_path: Path) -> None:
    game = upcard_game(making(tmp_path))
    act(game, "pass", "pass", "pass", "pass")
    assert game.turn == 1 and legal(game) == ["pass", "trump S", "trump C", "trump D"]
    act(game, "pass", "pass", "pass")
    assert game.turn == 0 and legal(game) == ["trump S", "trump C", "trump D"], "the dealer may not pass"
    with pytest.raises(IllegalAction, match="the dealer may not pass in the last round"):
        act(game, "pass")
    act(game, "trump C")
    assert game.declarer == 0 and game.phase == "play"


def test_without_stick_the_dealer_four_more_passes_throw_the_hand_in(tmp_path: Path) -> None:
    rules = making(tmp_path, MAKING.replace("  last_must_name: true\n", ""))
    game = upcard_game(rules)
    act(game, *["pass"] * 8)
    assert game.hand_number == 2 and game.history[0].cancelled and game.dealer == 1


def test_the_round_trump_was_made_in_is_a_fact_for_scoring(tmp_path: Path) -> None:
    rules = making(tmp_path)
    for round_, points in ((1, 1), (2, 10)):
        outcome = evaluate(rules, Scenario(tricks=[2, 0, 1, 2], declarer=0, trump="H", trump_round=round_))
        assert outcome.score.sides == (points, 0)


def test_made_trump_needs_rounds_no_bidding_and_an_exposed_card(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="needs `rounds`"):
        making(tmp_path, MAKING.replace("  rounds: [exposed, others]\n", ""))
    with pytest.raises(RulesetError, match=r"needs `deal\.expose`"):
        making(tmp_path, MAKING.replace("  expose: {seat: stock, card: 1}\n", ""))
    declarations = "bidding: {kind: declarations, bids: {min: 0, max: 5}}"
    with pytest.raises(RulesetError, match=r"needs `bidding: \{kind: none\}`"):
        making(tmp_path, MAKING.replace("bidding: {kind: none}", declarations))


def test_the_declarer_is_known_only_where_a_hand_has_one(tmp_path: Path) -> None:
    made = "  mode: made\n  rounds: [exposed, others]\n  last_must_name: true\n"
    fixed = MAKING.replace(made, "  mode: fixed\n  suit: H\n")
    with pytest.raises(ExpressionError, match="declaring_side exists only when a hand has a declarer"):
        making(tmp_path, fixed)

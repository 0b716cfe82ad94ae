"""Spades with bags amnesty (Cardems Spades with trickbook's own definition of the house rule, since no public page
defines it; the README says so): a side that takes exactly its contract has its bags forgiven. The tests score
hands through the same path as a played hand, play whole hands through `Game`, and check the concept the variant
brought to the language, a counter's `reset_when`."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import rules
from trickbook import Game, load_ruleset
from trickbook.book.scenario import Scenario, evaluate
from trickbook.errors import RulesetError

RULES = "spades-bags-amnesty"


def bags_after(bids: list[int | str], tricks: list[int], bags: list[int]) -> tuple[int, ...]:
    outcome = evaluate(rules(RULES), Scenario(tricks=tricks, bids=bids, counters={"bags": bags}))
    return outcome.score.counters[0]


def test_an_exact_contract_forgives_every_bag_the_side_held() -> None:
    """The house rule: North-South bid 3 + 4 and take 7, so their 7 bags go; East-West take one more than their 5
    and add a bag to the 4 they held."""
    assert bags_after([3, 2, 4, 3], [3, 3, 4, 3], [7, 4]) == (0, 5)


def test_an_overtrick_or_a_failed_contract_forgives_nothing() -> None:
    """Only an exact contract pardons: one overtrick adds a bag, a failed contract keeps the bags it held."""
    assert bags_after([3, 2, 4, 3], [3, 2, 3, 5], [5, 5]) == (5, 7), "North-South fail; East-West take 2 over"
    assert bags_after([3, 2, 3, 3], [4, 2, 3, 4], [5, 5]) == (6, 6), "one over for each side"


def test_the_rest_is_cardems_spades() -> None:
    """Bidding, nil, the bag penalty and the match are the parent's: the same hand scores the same in both, bags
    aside."""
    parent, variant = rules("cardems-spades"), rules(RULES)
    scenario = Scenario(tricks=[0, 6, 7, 0], bids=["nil", 4, 5, "nil"], counters={"bags": [2, 2]})
    assert evaluate(parent, scenario).score.sides == evaluate(variant, scenario).score.sides
    assert variant.bidding.named == parent.bidding.named
    assert variant.match.wins is not None and parent.match.wins is not None
    assert variant.match.wins.source == parent.match.wins.source and variant.match.loses is parent.match.loses


@pytest.mark.parametrize("seed", range(6))
def test_in_played_hands_the_bags_follow_the_rule(seed: int) -> None:
    """Hands played to the end by the default moves: after each, a side's bags are 0 after an exact contract, else
    what it held plus its overtricks (less 10 at the penalty)."""
    game = Game(rules(RULES), seed=seed)
    for _ in range(8):
        before = game.counters[0]
        number = game.hand_number
        while game.hand_number == number and not game.is_over():
            game.apply(game.default_action())
        hand = game.history[-1]
        for side, seats in enumerate(((0, 2), (1, 3))):
            contract = hand.contract[side]
            taken = sum(hand.tricks_won[s] for s in seats)
            if taken == contract:
                wanted = 0
            else:
                wanted = before[side] + (taken - contract if taken > contract else 0)
                wanted -= 10 if wanted >= 10 else 0
            assert game.counters[0][side] == wanted, (hand, before)
        if game.is_over():
            break


def test_a_counters_reset_is_true_or_false_and_read_after_the_hand(tmp_path: Path) -> None:
    """`reset_when` is refused at its line when it is not a condition, or reads what no hand's end knows."""
    for when, wanted in (("contract(side) + 1", "true or false"), ("this_bid == 0", "this_bid")):
        path = tmp_path / "variant.yaml"
        path.write_text(
            "format: trickbook-ruleset/2\nextends: cardems-spades\nid: variant\ntitle: Variant\n"
            f"counters:\n  bags:\n    reset_when: {when}\n"
        )
        with pytest.raises(RulesetError, match=r"variant.yaml:7:\d+") as refused:
            load_ruleset(str(path))
        assert wanted in str(refused.value)

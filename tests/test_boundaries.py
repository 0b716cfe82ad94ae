"""Every match end a bundled ruleset states, tried one below, at and one above its limit, for each side or seat
that can reach it: a total to reach (41, 31, 500, 5, 10), a total that ends the match for the lowest (Hearts'
100), a player's 41 with a partner above 0, and a number of hands."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers import rules
from trickbook.book.scenario import Scenario, evaluate

SIDE_TARGETS = [
    ("tarneeb-41", (), 41, Scenario(tricks=[4, 3, 3, 3], bids=[7, None, None, None], declarer=0, trump="S")),
    ("cardems-tarneeb", (), 31, Scenario(tricks=[4, 3, 3, 3], bids=[7, None, None, None], declarer=0, trump="S")),
    ("cardems-spades", (), 500, Scenario(tricks=[4, 3, 3, 3], bids=[4, 3, 3, 3])),
    ("whist", (), 5, Scenario(tricks=[5, 3, 3, 2], trump="S")),
    ("whist", (("target", "7"),), 7, Scenario(tricks=[5, 3, 3, 2], trump="S")),
    ("euchre", (), 10, Scenario(tricks=[3, 1, 1, 0], declarer=0, trump="S", hand_size=5)),
    ("euchre", (("target", "5"),), 5, Scenario(tricks=[3, 1, 1, 0], declarer=0, trump="S", hand_size=5)),
]


@pytest.mark.parametrize(("ruleset", "options", "target", "hand"), SIDE_TARGETS, ids=lambda v: str(v)[:20])
@pytest.mark.parametrize("side", [0, 1])
def test_a_side_wins_on_reaching_the_target_not_one_point_before(
    ruleset: str, options: tuple[tuple[str, str], ...], target: int, hand: Scenario, side: int
) -> None:
    game = rules(ruleset, options)
    gained = evaluate(game, hand).score.sides
    for over, wins in ((-1, False), (0, True), (1, True)):
        before = [-gained[0], -gained[1]]  # the other side ends the hand on 0
        before[side] = target + over - gained[side]
        outcome = evaluate(game, replace(hand, totals=before))
        assert outcome.totals[side] == target + over
        assert outcome.winner == (game.seating.sides[side] if wins else None), (over, outcome.totals)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_hearts_ends_when_any_player_reaches_100_and_the_lowest_total_wins(seat: int) -> None:
    game = rules("hearts")
    hand = Scenario(tricks=[4, 3, 3, 3], took=[["QS"], ["H"], [], []])
    gained = evaluate(game, hand).score.seats
    for over, ends in ((-1, False), (0, True), (1, True)):
        before = [10 + s - gained[s] for s in range(4)]  # the others end on 10, 11, 12, 13
        before[seat] = 100 + over - gained[seat]
        outcome = evaluate(game, replace(hand, seat_totals=before))
        assert outcome.seat_totals is not None and outcome.seat_totals[seat] == 100 + over
        lowest = min(s for s in range(4) if s != seat)
        assert outcome.winner == ((lowest,) if ends else None), (over, outcome.seat_totals)


@pytest.mark.parametrize("player", [0, 1, 2, 3])
def test_syrian_41_a_player_at_41_wins_for_the_side_only_with_the_partner_above_0(player: int) -> None:
    game = rules("syrian-tarneeb-41")
    hand = Scenario(tricks=[4, 3, 3, 3], bids=[4, 3, 3, 3], trump="S")
    gained = evaluate(game, hand).score.seats
    partner = (player + 2) % 4
    side = game.seating.sides[player % 2]
    for mine, partners, wins in ((40, 1, False), (41, 1, True), (42, 1, True), (41, 0, False), (41, -1, False)):
        before = [-g for g in gained]  # the other side's players end the hand on 0
        before[player] = mine - gained[player]
        before[partner] = partners - gained[partner]
        outcome = evaluate(game, replace(hand, seat_totals=before))
        assert outcome.winner == (side if wins else None), (mine, partners, outcome.seat_totals)


HAND_COUNTS = [
    ("call-break", (), 5, Scenario(tricks=[4, 3, 3, 3], bids=[4, 3, 3, 3])),
    ("contract-bridge", (("deals", "4"),), 4, Scenario(tricks=[7, 2, 2, 2], declarer=0, contract="1S")),
    ("oh-hell", (("sequence", "3,2,1"),), 3, Scenario(tricks=[1, 0, 0, 0], bids=[1, 0, 0, 0], hand_size=1)),
]


@pytest.mark.parametrize(("ruleset", "options", "hands", "hand"), HAND_COUNTS, ids=lambda v: str(v)[:20])
def test_a_match_of_a_number_of_hands_ends_after_the_last_not_before(
    ruleset: str, options: tuple[tuple[str, str], ...], hands: int, hand: Scenario
) -> None:
    game = rules(ruleset, options)
    for number, ends in ((hands - 1, False), (hands, True)):
        outcome = evaluate(game, replace(hand, hand_number=number))
        assert (outcome.winner is not None) == ends, number

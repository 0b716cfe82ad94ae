"""`compare`'s per-match counts (`tools/stats.py`) on hands and standings written out here: which bids are
contracts, and which hand is the middle of a match for a comeback."""

from __future__ import annotations

import random

from helpers import rules
from trickbook import Game
from trickbook.engine.history import Move
from trickbook.tools import stats


def bids(ruleset: str, values: list[int]) -> list[Move]:
    actions = rules(ruleset).actions
    return [Move(seat, actions.bid(value)) for seat, value in enumerate(values)]


def test_a_players_contract_is_a_bid_above_zero() -> None:
    """Oh Hell: seats bid 0, 2, 1, 3 and take 0, 2, 0, 3. Three bids are contracts; two of them are made."""
    oh_hell = rules("oh-hell")
    held, made = stats._contracts(oh_hell, (0, 2, 1, 3), -1, (0, 2, 0, 3), bids("oh-hell", [0, 2, 1, 3]))
    assert (held, made) == (3, 2)


def test_a_sides_contract_is_a_sum_above_zero() -> None:
    """Spades: North-South both bid nil (a contract of 0), East-West 5 and take 6 between them."""
    spades = rules("cardems-spades")
    held, made = stats._contracts(spades, (0, 5), -1, (0, 3, 4, 3), ())
    assert (held, made) == (1, 1)
    held, made = stats._contracts(spades, (4, 5), -1, (0, 3, 4, 3), ())
    assert (held, made) == (2, 2)


def test_a_comeback_is_read_after_the_middle_hand() -> None:
    """Three played hands: the middle one is the second. The winner (North-South) trails after it only."""
    spades = rules("cardems-spades")
    standings = [(10, 0), (10, 30), (60, 30)]
    assert stats._comeback(spades, standings, (0, 2))
    assert not stats._comeback(spades, [(10, 0), (40, 30), (60, 30)], (0, 2))
    four = [(10, 0), (10, 30), (40, 30), (60, 30)]  # even: the second of the two middle hands is not it
    assert stats._comeback(spades, four, (0, 2))
    assert not stats._comeback(spades, standings, None), "no winner, no comeback"


def test_a_sides_contract_of_one_is_held() -> None:
    """Spades: North-South bid 1 between them (the least contract there is) and take 4; East-West bid 5 and
    take 6."""
    held, made = stats._contracts(rules("cardems-spades"), (1, 5), -1, (0, 3, 4, 3), ())
    assert (held, made) == (2, 2)


def test_a_scoring_line_of_one_point_counts_as_a_gain() -> None:
    """Whist: a side taking seven tricks scores one, and the rule counts among the hands it gave points in."""
    game = Game(rules("whist"), 3, hand_cap=6)
    draw = random.Random(3)
    while not game.is_over():
        game.apply(draw.choice(game.legal_actions()))
    ones = [h for h in game.history if any(line.points == 1 for line in h.lines)]
    assert ones, "seed 3 has a hand in which a side took exactly seven tricks"
    counted = {rule: (plus, minus) for rule, plus, minus in stats.match_stats(game).lines}
    for rule in {line.rule for hand in game.history for line in hand.lines}:
        gained = sum(any(ln.rule == rule and ln.points > 0 for ln in h.lines) for h in game.history)
        lost = sum(any(ln.rule == rule and ln.points < 0 for ln in h.lines) for h in game.history)
        assert counted[rule] == (gained, lost), rule


def test_a_typical_hand_counts_the_first_hands_swing_from_zero() -> None:
    """Totals 10-0, 10-30, 60-30: the hands moved a total by 10, 30 and 50, a typical hand is 30; North-South
    win by 30 (one typical hand: close), lead alone from the last hand, and were once 20 behind (2/3 of one)."""
    shape = stats.match_shape([(10, 0), (10, 30), (60, 30)], 0, lower_wins=False)
    assert shape == stats.Shape(margin=30.0, close=True, decided_at=1.0, deficit=20 / 30)

"""`compare`'s per-match counts (`tools/stats.py`) on hands and standings written out here: which bids are
contracts, and which hand is the middle of a match for a comeback."""

from __future__ import annotations

from helpers import rules
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

"""The contract rule, in one place: what a hand's bidding binds each side and each seat to take.

The engine (when the bidding ends and whenever it fills the facts), the worked examples (`book/scenario.py`) and
the players' estimate of a hand's outcome (`players/appetite.py`) all ask here, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...expr.facts import NO_SEAT
from ...seating import Seating


def contracts(
    seating: Seating, bids: Sequence[int], declarer: int, level: int, estimates: bool = False
) -> tuple[list[int], list[int]]:
    """The contract of each side (of each seat at a table without sides) and each seat's own.

    With a declarer (an auction or calls won) its side, or itself, is bound to `level`, the winning bid, and
    everyone else to 0; without one (declarations), or when the others estimate after the auction (`estimates`,
    the declarer's bid being the winning bid), each seat is bound to its own bid and each side to the sum of
    its players' bids.
    """
    if declarer == NO_SEAT or estimates:
        sides = seating.sides
        return ([sum(bids[s] for s in members) for members in sides] if sides else list(bids)), list(bids)
    seat_contract = [0] * seating.seats
    seat_contract[declarer] = level
    contract = [0] * (len(seating.sides) or seating.seats)
    side = seating.side_of[declarer]
    contract[declarer if side < 0 else side] = level
    return contract, seat_contract


def level_of(seating: Seating, contract: Sequence[int], declarer: int) -> int:
    """The winning bid a declarer is bound to, read back from the contracts (0 without a declarer)."""
    if declarer == NO_SEAT:
        return 0
    side = seating.side_of[declarer]
    return contract[declarer if side < 0 else side]

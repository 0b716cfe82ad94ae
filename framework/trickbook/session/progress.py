"""Tricks taken this hand against the contracts, per side or player: one home for every front end."""

from __future__ import annotations

from typing import NamedTuple

from ..engine.kinds import PhaseKind
from ..engine.view import SeatView
from ..ruleset.rules import BiddingKind


class Progress(NamedTuple):
    """One side's or player's tricks this hand, its contract when it holds one, the card points it has taken
    where cards are worth points (`scoring.card_points`), and the points of its melds everyone may know."""

    name: str
    taken: int
    wanted: int | None
    points: int | None = None
    melds: int | None = None


def progress(view: SeatView) -> tuple[Progress, ...]:
    """Every side's (or player's) tricks; empty before the first trick of a hand that starts with bidding.

    After declarations, or an auction's estimates, every side or seat has a contract (0 included); after an
    auction alone only the declarer's side or seat has one. Bids that are values (`bids.values`) are no number of
    tricks: no contract is shown against the tricks then.
    """
    rules = view.rules
    seating = rules.seating
    won = view.tricks_won
    if view.phase not in (PhaseKind.PLAY, PhaseKind.OVER) and not any(won):
        return ()
    each_own = rules.bidding.kind is BiddingKind.DECLARATIONS or rules.bidding.estimates is not None
    declared = each_own and view.phase is not PhaseKind.BIDDING
    declarer = seating.side_of[view.declarer] if seating.sides and view.declarer >= 0 else view.declarer
    groups = seating.sides or tuple((seat,) for seat in range(rules.seats))
    names = seating.side_names if seating.sides else seating.seat_names
    points = view.points_taken()
    melds = view.meld_points()
    out = []
    for index, members in enumerate(groups):
        auction = rules.bidding.kind is BiddingKind.AUCTION and not rules.bidding.values
        holds = declared or (auction and index == declarer and view.declarer >= 0)
        wanted = view.contract[index] if holds else None
        worth = None if points is None else sum(points[s] for s in members)
        made = None if melds is None else sum(melds[s] for s in members)
        out.append(Progress(names[index], sum(won[s] for s in members), wanted, worth, made))
    return tuple(out)

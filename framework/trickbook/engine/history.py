"""Finished hands as immutable values: what records, replays, traces and statistics read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..cards import Card
from .events import ScoreLine


@dataclass(frozen=True, slots=True)
class Move:
    """One decision: who took which action, and whether the rules or a timeout took it for them."""

    seat: int
    action: int
    auto: bool = False


SEAT_MASK = 7
"""A packed move's low three bits hold its seat (tables seat at most eight)."""
AUTO_BIT = 8
"""Set when the rules or a timeout made the move."""
ACTION_SHIFT = 4
"""A move is stored as one integer, `action << ACTION_SHIFT | auto * AUTO_BIT | seat`."""


def unpack(moves: tuple[int, ...] | list[int]) -> tuple[Move, ...]:
    """Decodes moves as the engine stores them (see `ACTION_SHIFT`)."""
    return tuple(Move(code & SEAT_MASK, code >> ACTION_SHIFT, bool(code & AUTO_BIT)) for code in moves)


class HandResult(NamedTuple):
    """One hand as played: its deal, every move, and what it scored (nothing if it was cancelled).

    A named tuple rather than a frozen dataclass: one is built per hand in
    simulations, and a tuple is several times cheaper to build.
    """

    number: int
    dealer: int
    deal: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    exposed: tuple[Card, ...]
    packed_moves: tuple[int, ...]
    cancelled: bool
    cancel_reason: str
    trump: int
    declarer: int
    contract: tuple[int, ...]
    """Per side at a table with sides, else per seat."""
    tricks_won: tuple[int, ...]
    score: tuple[int, ...]
    """Points per side (empty at a table without sides)."""
    seat_score: tuple[int, ...] | None
    """Points per seat where the rules score seats, else None."""
    totals: tuple[int, ...]
    seat_totals: tuple[int, ...] | None
    lines: tuple[ScoreLine, ...]
    counters: tuple[tuple[int, ...], ...]
    events: tuple[tuple[int, ...], ...]

    @property
    def moves(self) -> tuple[Move, ...]:
        return unpack(self.packed_moves)

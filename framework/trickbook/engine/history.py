"""Finished hands as immutable values: what records, replays, traces and statistics read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..ruleset.deck import Card
from .events import ScoreLine


@dataclass(frozen=True, slots=True)
class Move:
    """One decision: who took which action, and whether the rules or a timeout took it for them."""

    seat: int
    action: int
    auto: bool = False


def unpack(moves: tuple[int, ...] | list[int]) -> tuple[Move, ...]:
    """Decodes moves as the engine stores them, one integer each: `action << 3 | auto << 2 | seat`."""
    return tuple(Move(code & 3, code >> 3, bool(code & 4)) for code in moves)


class HandResult(NamedTuple):
    """One hand as played: its deal, every move, and what it scored (nothing if it was cancelled).

    A named tuple rather than a frozen dataclass: one is built per hand in
    simulations, and a tuple is several times cheaper to build.
    """

    number: int
    dealer: int
    deal: tuple[tuple[Card, ...], ...]
    exposed: tuple[Card, ...]
    packed_moves: tuple[int, ...]
    cancelled: bool
    cancel_reason: str
    trump: int
    declarer: int
    contract: tuple[int, int]
    tricks_won: tuple[int, ...]
    score: tuple[int, int]
    seat_score: tuple[int, ...] | None
    totals: tuple[int, int]
    seat_totals: tuple[int, ...] | None
    lines: tuple[ScoreLine, ...]
    counters: tuple[tuple[int, ...], ...]
    events: tuple[tuple[int, ...], ...]

    @property
    def moves(self) -> tuple[Move, ...]:
        return unpack(self.packed_moves)

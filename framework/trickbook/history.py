"""Finished hands as immutable values: what records, replays, traces and statistics read."""

from __future__ import annotations

from dataclasses import dataclass

from .deck import Card
from .events import ScoreLine


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    action: int
    auto: bool = False


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand as played: its deal, every move, and what it scored (nothing if it was cancelled)."""

    number: int
    dealer: int
    deal: tuple[tuple[Card, ...], ...]
    exposed: tuple[Card, ...]
    moves: tuple[Move, ...]
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

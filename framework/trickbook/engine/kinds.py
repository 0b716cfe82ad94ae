"""The kinds of phase a hand passes through: the keys every layer's dispatch table is keyed by.

A `StrEnum` whose values are the names records, JSON and events have always used, so a phase compares and
prints as its name; its order is the engine's phase number (`Game._phase`).
"""

from __future__ import annotations

from enum import StrEnum


class PhaseKind(StrEnum):
    """What a hand is doing: whose decision the engine waits for, and of which kind."""

    PASSING = "passing"
    BIDDING = "bidding"
    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"
    EXCHANGE = "exchange"
    ALONE = "alone"
    ANNOUNCE = "announce"
    DOUBLING = "doubling"
    SHOWING = "showing"


PHASES: tuple[PhaseKind, ...] = tuple(PhaseKind)
"""Each kind at its engine phase number."""

PASSING, BIDDING, TRUMP, PLAY, OVER, EXCHANGE, ALONE, ANNOUNCE, DOUBLING, SHOWING = range(len(PHASES))
"""The engine's phase numbers (`Game._phase` holds one; `PHASES[number]` is its kind)."""

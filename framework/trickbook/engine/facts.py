"""The facts about a hand and a match that ruleset expressions may read."""

from __future__ import annotations

from dataclasses import dataclass, field

NO_SEAT = -1
NO_SUIT = -1
NO_NAME = -1


@dataclass(slots=True)
class Facts:
    """One hand's public outcome plus the match totals; filled by the engine or by a worked example.

    Lists are indexed by seat (0-3), by side (0-1) or, for `counters` and
    `events`, first by the ruleset's counter or event number.
    """

    dealer: int = 0
    declarer: int = NO_SEAT
    declaring_side: int = NO_SEAT
    trump: int = NO_SUIT
    hand_number: int = 1
    bids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    bid_names: list[int] = field(default_factory=lambda: [NO_NAME] * 4)
    passed: list[bool] = field(default_factory=lambda: [False] * 4)
    contract: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    side_tricks: list[int] = field(default_factory=lambda: [0, 0])
    totals_side: list[int] = field(default_factory=lambda: [0, 0])
    totals_seat: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hand_side: list[int] = field(default_factory=lambda: [0, 0])
    hand_seat: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    counters: list[list[int]] = field(default_factory=list)
    events: list[list[int]] = field(default_factory=list)
    taker: dict[int, int] = field(default_factory=dict)
    player: dict[int, int] = field(default_factory=dict)

"""What a phase of a hand may read and change in the game that runs it: the narrow face phases are typed against.

A phase module imports this protocol, never `Game`, so the phases sit below the state machine and the engine's
imports run one way (`game` -> `phases` -> `host`). The members keep the names of the game's flat fields: the
hot path reads the same fields, and the specialiser (`specialise.py`) copies the methods that read them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..cards import Card, CardMask
from ..errors import Said
from ..expr.facts import Facts
from ..ruleset.rules import Rules
from .events import Event


class PhaseHost(Protocol):
    """The game as a phase sees it: the rules, the table, the hand's cards and turn, the bidding's fields, and the
    four things a phase may ask of the game (record a move, go on to the next phase, throw the hand in, facts)."""

    rules: Rules
    observer: Callable[[Event], None] | None
    # The table, fixed for the match.
    _seats: int
    _next: tuple[int, ...]
    _side_of: tuple[int, ...]
    _cards: Callable[[CardMask], tuple[Card, ...]]
    # The hand.
    _phase: int
    _dealer: int
    _number: int
    _turn: int
    _hands: list[CardMask]
    _moves: list[int]
    _stock: tuple[Card, ...]
    _drawn: int
    _exposed: tuple[Card, ...]
    _hand_size: int
    _trick_size: int
    _trump: int
    _game: int
    _outs: int
    # Passing.
    _targets: tuple[int, ...]
    _given: list[CardMask] | tuple[CardMask, ...]
    _passed_over: bool
    # Bidding.
    _bids: list[int]
    _bid_names: list[int]
    _bid_max: int
    _passed: int
    _bid_count: int
    _blind_round: bool
    _blind_bidders: int
    _looked: int
    _high_seat: int
    _declarer: int
    _contract: list[int]
    _doubled: int
    _doubler: int
    _passes_in_row: int
    # Trump making, the exchange and announcements.
    _round: int
    _offer: int
    _taken: CardMask
    _discards: CardMask
    _announced: int
    _shown: list[CardMask]

    @property
    def highest_bid(self) -> int | None:
        """The highest bid of the auction so far, or None."""

    def _record(self, action: int, auto: bool) -> None:
        """Appends the seat to act's move to the hand's moves and tells the observer."""

    def _advance(self) -> None:
        """Starts the hand's next phase, or the play once every phase is done."""

    def _facts(self) -> Facts:
        """The hand's facts for expressions."""

    def _cancel(self, reason: Said) -> None:
        """Throws the hand in for `reason`."""

    def _draw(self, seat: int, face_up: bool) -> None:
        """Gives `seat` the stock's next card, seen by everyone when `face_up`."""

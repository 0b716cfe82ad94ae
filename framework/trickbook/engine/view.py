"""What one seat may know: its own cards, what was exposed or played, and the public state of the match.

A `SeatView` is an immutable value built from copies; it holds no reference
to the game, so a player given a view cannot reach another seat's cards.
"""

from __future__ import annotations

from typing import NamedTuple

from ..ruleset.deck import Card
from ..ruleset.rules import Rules
from .history import Move, unpack


class SeatView(NamedTuple):
    """One seat's information set, plus the legal actions when it is that seat's turn."""

    rules: Rules
    seat: int
    phase: str
    turn: int | None
    legal: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_number: int
    dealer: int
    exposed: tuple[Card, ...]
    packed_moves: tuple[int, ...]
    trump: int
    declarer: int
    contract: tuple[int, int]
    trick: tuple[Card, ...]
    leader: int
    tricks_won: tuple[int, ...]
    cards_left: tuple[int, ...]
    totals: tuple[int, int]
    seat_totals: tuple[int, ...] | None
    counters: tuple[tuple[int, ...], ...]
    winner: int | None

    @property
    def moves(self) -> tuple[Move, ...]:
        """This hand's moves so far, in order (all public)."""
        return unpack(self.packed_moves)

    def played(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has played this hand, in order."""
        out: list[list[Card]] = [[], [], [], []]
        size = self.rules.deck.size
        for code in self.packed_moves:
            if code >> 3 < size:
                out[code & 3].append(code >> 3)
        return tuple(tuple(cards) for cards in out)

    def voids(self) -> tuple[frozenset[int], ...]:
        """Suits each seat has shown it lacks this hand.

        A seat that did not follow the led suit lacks it; a seat that led a suit
        still restricted (not yet broken) held nothing else, so it lacks every
        other suit.
        """
        rules = self.rules
        deck = rules.deck
        suits = range(len(deck.suits))
        blocked = {self.trump if r.suit is None else r.suit for r in rules.play.lead_restrictions} - {-1}
        out: list[set[int]] = [set(), set(), set(), set()]
        led = -1
        count = 0
        for code in self.packed_moves:
            action, seat = code >> 3, code & 3
            if action >= deck.size:
                continue
            suit = deck.suit_of[action]
            if count % 4 == 0:
                led = suit
                if suit in blocked:
                    out[seat].update(s for s in suits if s not in blocked)
            else:
                if suit != led and rules.play.follow_suit:
                    out[seat].add(led)
                if suit != led:
                    blocked.discard(suit)
            count += 1
        return tuple(frozenset(s) for s in out)

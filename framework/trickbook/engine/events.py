"""What happens in a game, as values: the log a game emits to an observer, and what each seat may see of it.

Every event says who may see it (`seen_by`), with no default: whoever delivers
events to seats (a table, the terminal) asks the event, so a new kind of event
cannot reach a seat by being forgotten.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple, TypeAlias

from ..cards import Card
from ..errors import Said
from .kinds import PhaseKind


class Sight(Enum):
    """How much of an event one seat may see."""

    WHOLE = "whole"
    HIDDEN = "hidden"
    """That it happened and who acted, not which cards (another seat's card passed or laid away face down)."""
    NOTHING = "nothing"


def _only(allowed: bool) -> Sight:
    """The whole event for a seat allowed to see it, nothing for the others."""
    return Sight.WHOLE if allowed else Sight.NOTHING


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand: int
    dealer: int

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """A seat's cards, in the order received; only that seat may see it."""

    seat: int
    cards: tuple[Card, ...]

    def seen_by(self, seat: int) -> Sight:
        """Only the seat dealt the cards."""
        return _only(seat == self.seat)


@dataclass(frozen=True, slots=True)
class CardExposed:
    seat: int
    card: Card

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


@dataclass(frozen=True, slots=True)
class CardsPassed:
    """Cards handed from one seat to another; only those two seats may see which."""

    seat: int
    to: int
    cards: tuple[Card, ...]

    def seen_by(self, seat: int) -> Sight:
        """Only the seat that gives the cards and the seat that gets them."""
        return _only(seat in (self.seat, self.to))


@dataclass(frozen=True, slots=True)
class CardsTaken:
    """Cards a seat takes into its hand in an exchange; `public` when everyone saw them (an exposed card)."""

    seat: int
    cards: tuple[Card, ...]
    public: bool

    def seen_by(self, seat: int) -> Sight:
        """Everyone when the cards were shown to all; otherwise only the seat that takes them."""
        return _only(self.public or seat == self.seat)


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """A card a seat draws from the stock after a trick (`play.draw`); `face_up` when it was the card turned up
    for everyone."""

    seat: int
    card: Card
    face_up: bool

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees a face-up card drawn; a face-down one only its drawer, the others that a card was drawn."""
        return Sight.WHOLE if self.face_up or seat == self.seat else Sight.HIDDEN


@dataclass(frozen=True, slots=True)
class SitsOut:
    """A seat whose hand sits this hand out while its partner plays alone."""

    seat: int

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """A bid, pass, trump choice or card; `auto` when the rules or a timeout made it; `hidden` when only its seat
    may know which card it is (a card passed or laid away)."""

    seat: int
    action: int
    auto: bool
    hidden: bool
    phase: PhaseKind = PhaseKind.PLAY
    """The phase it was taken in (what a pass means depends on it)."""

    def seen_by(self, seat: int) -> Sight:
        """Everyone, but a hidden card only its own seat: the others learn that a card went, not which."""
        return Sight.HIDDEN if self.hidden and seat != self.seat else Sight.WHOLE


@dataclass(frozen=True, slots=True)
class ContractSet:
    declarer: int
    contract: int
    bid: str = ""
    """The bid as players say it, where a number does not (`3NT`)."""
    doubled: int = 0
    """0, or 1 when the bid was doubled, 2 when redoubled: each reader says it in its own language."""

    @property
    def words(self) -> str:
        """The contract in English, as records and worked examples write it (`3NT doubled`); empty without a bid."""
        return self.bid + ("", " doubled", " redoubled")[self.doubled] if self.bid else ""

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


@dataclass(frozen=True, slots=True)
class TrumpSet:
    suit: int
    chosen_by: int | None

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


@dataclass(frozen=True, slots=True)
class GameNamed:
    """A player named a game other than a trump suit (`trump.games`), and so is the declarer; `seat` NO_SEAT: the
    rules set it for the hand (`trump.set`)."""

    name: str
    seat: int

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


@dataclass(frozen=True, slots=True)
class TrickWon:
    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    by_trump: bool
    led: int
    """The suit led, as this hand's trump counts it (a card `trump.highest` makes a trump leads trump)."""
    rankless: bool = False
    """The lead counted as no card (`if_forced: no-rank`): `led` is then the suit of the card after it."""

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


@dataclass(frozen=True, slots=True)
class TrickEventHappened:
    name: str
    seat: int
    trick: int

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


@dataclass(frozen=True, slots=True)
class HandCancelled:
    reason: Said
    """Why, as a sentence each reader's language translates."""

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


class ScoreLine(NamedTuple):
    """One scoring rule's points for one side or seat, with the rule's name (a tuple: several per hand)."""

    rule: str
    per: str
    target: int
    points: int


@dataclass(frozen=True, slots=True)
class HandScored:
    lines: tuple[ScoreLine, ...]
    sides: tuple[int, ...]
    """Points per side (empty at a table without sides)."""
    totals: tuple[int, ...]
    seats: tuple[int, ...] | None = None
    """Points per seat where the rules score seats."""
    seat_totals: tuple[int, ...] | None = None

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


@dataclass(frozen=True, slots=True)
class MatchEnded:
    winner: tuple[int, ...] | None
    """The seats that won, or None when the match stopped unfinished."""
    reason: Said
    """Why, as a sentence each reader's language translates."""

    def seen_by(self, seat: int) -> Sight:
        """Everyone sees it."""
        return Sight.WHOLE


Event: TypeAlias = (
    HandStarted
    | CardsDealt
    | CardExposed
    | CardsPassed
    | CardsTaken
    | CardDrawn
    | SitsOut
    | ActionTaken
    | ContractSet
    | TrumpSet
    | GameNamed
    | TrickWon
    | TrickEventHappened
    | HandCancelled
    | HandScored
    | MatchEnded
)

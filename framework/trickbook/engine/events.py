"""What happens in a game, as values: the log a game emits to an observer, and what each seat may see of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, TypeAlias

from ..cards import Card


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand: int
    dealer: int


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """A seat's cards, in the order received; only that seat may see it."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardExposed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardsPassed:
    """Cards handed from one seat to another; only those two seats may see which."""

    seat: int
    to: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardsTaken:
    """Cards a seat takes into its hand in an exchange; `public` when everyone saw them (an exposed card)."""

    seat: int
    cards: tuple[Card, ...]
    public: bool


@dataclass(frozen=True, slots=True)
class SitsOut:
    """A seat whose hand sits this hand out while its partner plays alone."""

    seat: int


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """A bid, pass, trump choice or card; `auto` when the rules or a timeout made it."""

    seat: int
    action: int
    auto: bool
    phase: str = "play"
    """The phase it was taken in (what a pass means depends on it)."""


@dataclass(frozen=True, slots=True)
class ContractSet:
    declarer: int
    contract: int
    words: str = ""
    """The contract as players say it, where a number does not (`3NT doubled`)."""


@dataclass(frozen=True, slots=True)
class TrumpSet:
    suit: int
    chosen_by: int | None


@dataclass(frozen=True, slots=True)
class GameNamed:
    """A player named a game other than a trump suit (`trump.games`), and so is the declarer."""

    name: str
    seat: int


@dataclass(frozen=True, slots=True)
class TrickWon:
    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    by_trump: bool
    led: int
    """The suit led, as this hand's trump counts it (a card `trump.highest` makes a trump leads trump)."""


@dataclass(frozen=True, slots=True)
class TrickEventHappened:
    name: str
    seat: int
    trick: int


@dataclass(frozen=True, slots=True)
class HandCancelled:
    reason: str


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


@dataclass(frozen=True, slots=True)
class MatchEnded:
    winner: tuple[int, ...] | None
    """The seats that won, or None when the match stopped unfinished."""
    reason: str


Event: TypeAlias = (
    HandStarted
    | CardsDealt
    | CardExposed
    | CardsPassed
    | CardsTaken
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

"""Compiled, immutable rules: what the loader produces and the only thing the game engine reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..engine.actions import ActionSpace
from ..expr.compiler import Compiled
from .deck import Card, CardMask, Deck


class BiddingKind(Enum):
    AUCTION = "auction"
    DECLARATIONS = "declarations"


class TrumpMode(Enum):
    CHOSEN = "chosen"
    FIXED = "fixed"
    EXPOSED = "exposed"
    NONE = "none"


class FirstLead(Enum):
    DECLARER = "declarer"
    AFTER_DEALER = "after-dealer"
    DEALER = "dealer"


class WhenBoth(Enum):
    PLAY_ON = "play-on"
    HIGHER_TOTAL = "higher-total"


class Relation(Enum):
    OPPONENT = "opponent"
    PARTNER = "partner"
    ANYONE = "anyone"


@dataclass(frozen=True, slots=True)
class DealerRules:
    first: int | None
    """The first dealer's seat, or None to draw it from the match seed."""
    after_hand: int
    """Seats to move after a played hand: 1 (next) or 0 (same)."""
    after_cancelled: int


@dataclass(frozen=True, slots=True)
class Exposure:
    """A card shown to all: the `card`-th card (1-based, in order received) of a seat relative to the dealer."""

    seat_offset: int
    card: int


@dataclass(frozen=True, slots=True)
class NamedBid:
    name: str
    value: int
    description: str
    blind: bool = False
    """Made in a first round, before the bidder looks at their cards."""


@dataclass(frozen=True, slots=True)
class BiddingRules:
    kind: BiddingKind
    min: int
    max: int
    named: tuple[NamedBid, ...]
    ends_at: int
    all_pass: str
    """'cancel' or 'force' (auctions only)."""
    forced_bid: int | None
    cancel_if: Compiled | None
    blind_round: bool = field(init=False)
    """True when declarations open with a round of blind bids (a named bid is blind); read at every deal."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "blind_round", any(n.blind for n in self.named))


@dataclass(frozen=True, slots=True)
class TrumpRules:
    mode: TrumpMode
    suits: tuple[int, ...]
    """Suits the declarer may choose (mode CHOSEN), in the order offered."""
    suit: int | None
    """The fixed trump suit (mode FIXED)."""
    mapping: tuple[int, ...]
    """Trump suit for each exposed suit (mode EXPOSED), indexed by suit."""


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    suit: int | None
    """The restricted suit, or None for this hand's trump."""


@dataclass(frozen=True, slots=True)
class PlayRules:
    first_lead: FirstLead
    follow_suit: bool
    lead_restrictions: tuple[LeadRestriction, ...]


@dataclass(frozen=True, slots=True)
class CardPattern:
    """A card named by rank and suit, where the suit may be "this hand's trump" (suit None)."""

    rank: int
    suit: int | None

    def resolve(self, deck: Deck, trump: int) -> Card | None:
        suit = trump if self.suit is None else self.suit
        if suit < 0:
            return None
        return suit * deck.ranks_per_suit + self.rank


@dataclass(frozen=True, slots=True)
class TrickEvent:
    name: str
    description: str
    first: CardPattern
    then: CardPattern
    by: Relation


@dataclass(frozen=True, slots=True)
class ScoreRule:
    name: str
    description: str
    per: str
    """'side' or 'seat': evaluated once per side or once per seat."""
    when: Compiled | None
    points: Compiled


@dataclass(frozen=True, slots=True)
class ScoringRules:
    by: str
    """'side' (partnership totals) or 'seat' (personal totals)."""
    rules: tuple[ScoreRule, ...]


@dataclass(frozen=True, slots=True)
class Counter:
    name: str
    description: str
    per: str
    start: int
    add: Compiled
    limit: int | None
    limit_points: int
    limit_subtract: int


@dataclass(frozen=True, slots=True)
class MatchRules:
    wins: Compiled
    loses: Compiled | None
    when_both: WhenBoth


@dataclass(frozen=True, slots=True)
class TimeoutRules:
    bid: str | int
    trump_order: tuple[int, ...]
    prefer_non_trump: bool
    suit_order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OptionValue:
    value: str
    description: str


@dataclass(frozen=True, slots=True)
class TableOption:
    name: str
    description: str
    default: str
    values: tuple[OptionValue, ...]


@dataclass(frozen=True, slots=True)
class Version:
    number: int
    description: str


@dataclass(frozen=True, slots=True)
class Definition:
    name: str
    source: str


@dataclass(frozen=True, slots=True)
class EventCards:
    """A trick event resolved for one trump: event `index` happens when `first` then `then` fall by `by`."""

    index: int
    first: Card
    then: Card
    by: Relation


@dataclass(frozen=True, slots=True)
class PlayStart:
    """Under one trump: the suits that may not be led until broken (a mask) and the trick events' cards."""

    blocked: CardMask
    events: tuple[EventCards, ...]


def _play_start(rules: Rules, trump: int) -> PlayStart:
    blocked = 0
    for restriction in rules.play.lead_restrictions:
        suit = trump if restriction.suit is None else restriction.suit
        if suit >= 0:
            blocked |= rules.deck.suit_masks[suit]
    events = []
    for index, event in enumerate(rules.events):
        first = event.first.resolve(rules.deck, trump)
        then = event.then.resolve(rules.deck, trump)
        if first is not None and then is not None and first != then:
            events.append(EventCards(index, first, then, event.by))
    return PlayStart(blocked, tuple(events))


@dataclass(frozen=True, slots=True)
class Rules:
    """One ruleset at one rules version with every table option chosen, compiled for play."""

    id: str
    title: str
    description: str
    source: str
    extends: tuple[str, ...]
    version: int
    options: tuple[tuple[str, str], ...]
    table_options: tuple[TableOption, ...]
    versions: tuple[Version, ...]
    deck: Deck
    direction: int
    dealer: DealerRules
    exposure: Exposure | None
    bidding: BiddingRules
    trump: TrumpRules
    play: PlayRules
    definitions: tuple[Definition, ...]
    events: tuple[TrickEvent, ...]
    scoring: ScoringRules
    counters: tuple[Counter, ...]
    match: MatchRules
    timeout: TimeoutRules
    actions: ActionSpace
    file: str
    play_start: tuple[PlayStart, ...] = field(init=False, repr=False, compare=False)
    """`play_start[trump + 1]`: what the play of a hand starts with under that trump (index 0: no trump)."""

    next_seat: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """`next_seat[seat]`: who acts after `seat` in this ruleset's direction."""
    reads_cards: bool = field(init=False, repr=False, compare=False)
    """True when scoring reads who played or took single cards (`player(card)`, `taker(card)`)."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "play_start", tuple(_play_start(self, t) for t in range(-1, len(self.deck.suits))))
        set_(self, "next_seat", tuple((seat + self.direction) % 4 for seat in range(4)))
        expressions = [rule.points for rule in self.scoring.rules] + [r.when for r in self.scoring.rules if r.when]
        set_(self, "reads_cards", any({"taker", "player"} & e.uses for e in expressions))

    @property
    def hand_size(self) -> int:
        return self.deck.size // 4

    @property
    def personal(self) -> bool:
        return self.scoring.by == "seat"

    def identity(self) -> dict[str, Any]:
        """The `ruleset` object of a match record: id, rules version and every option in force."""
        return {"id": self.id, "version": self.version, "options": dict(self.options)}

"""The facts about a hand and a match that ruleset expressions may read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..cards import Deck
from ..seating import Seating

NO_SEAT = -1
NO_SUIT = -1
NO_NAME = -1


@dataclass(slots=True)
class CardFacts:
    """Which cards each seat was dealt, played and took: worked out only for rulesets whose expressions read them."""

    taker: dict[int, int]
    """The seat that took each card played."""
    player: dict[int, int]
    """The seat that played each card."""
    taken: Sequence[int]
    """Per seat, the mask of the cards it took in tricks."""
    side_taken: Sequence[int]
    points: Sequence[int]
    """Per seat, the card points it took."""
    side_points: Sequence[int]
    dealt: Sequence[int]
    """Per seat, the mask of the cards it was dealt."""
    side_dealt: Sequence[int]
    first_trick: int = NO_SEAT
    last_trick: int = NO_SEAT
    melds: Sequence[int] = ()
    """Per seat, the points of its melds that count (`melds`)."""
    side_melds: Sequence[int] = ()

    def sum_sides(self, groups: tuple[tuple[int, ...], ...]) -> None:
        """Fills the per-side figures: each side's cards and points taken, cards dealt and meld points."""
        self.side_points = [sum(self.points[s] for s in members) for members in groups]
        self.side_melds = [sum(self.melds[s] for s in members) for members in groups] if self.melds else []
        self.side_taken = [_union(self.taken, members) for members in groups]
        self.side_dealt = [_union(self.dealt, members) for members in groups]


@dataclass(slots=True)
class Facts:
    """One hand's public outcome plus the match totals; filled by the engine or by a worked example.

    Sequences are indexed by seat, by side or, for `counters` and `events`, first
    by the ruleset's counter or event number. The table's shape (`seats`, `sides`,
    `side_seats`, `side_of`, `partner_of`) is here too, so compiled expressions
    read everything from one place. Build an empty one with `blank`; expressions
    only read, and only scoring writes (into `hand_side` and `hand_seat`).
    """

    seats: tuple[int, ...]
    sides: tuple[int, ...]
    side_seats: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    """Each seat's side, then -1: so the side of "no seat" (-1, as `taker` gives for a card nobody took) is none."""
    partner_of: tuple[int, ...]
    """Each seat's partner, then -1 for "no seat"."""
    suit_masks: tuple[int, ...]
    ranks_per_suit: int
    deck_size: int
    every_card: tuple[int, ...]
    every_suit: tuple[int, ...]
    every_rank: tuple[int, ...]
    rank_orders: tuple[int, ...]
    """Each rank's strength, as the deck orders it."""
    seat_count: int
    hand_side: list[int]
    hand_seat: list[int]
    bids: Sequence[int]
    bid_names: Sequence[int]
    passed: Sequence[bool]
    has_bid: Sequence[bool]
    contract: Sequence[int]
    """Per side."""
    seat_contract: Sequence[int]
    tricks: Sequence[int]
    side_tricks: Sequence[int]
    totals_side: Sequence[int]
    totals_seat: Sequence[int]
    cards: CardFacts
    dealer: int = 0
    declarer: int = NO_SEAT
    declaring_side: int = NO_SEAT
    trump: int = NO_SUIT
    trump_round: int = 0
    """The round of trump making in which trump was named (0: not made by a player)."""
    turn: int = NO_SEAT
    """The seat whose turn it is (no seat between turns)."""
    outs: int = 0
    """The seats that sit this hand out while their partners play alone, as a mask."""
    game: int = -1
    """The named game (`trump.games`) the hand is played as (-1: none)."""
    doubled: int = 0
    """0, or 1 when the contract is doubled, 2 when redoubled (bidding of kind `calls`)."""
    trump_runs: Sequence[int] = ()
    """Per seat, `PlayStart.trump_run` of its dealt cards with the stock (read only where an expression does)."""
    exchanged: bool = False
    """True when a seat took cards in this hand's exchange (false when it kept its hand, or there was none)."""
    announced: int = 0
    """The declarer's announcements (`announcements`) as a mask, by their order in the ruleset."""
    stock_points: int = 0
    """Card points of the stock at the end of the hand (after any exchange)."""
    shown: Sequence[int] = ()
    """Per seat, the mask of the cards it showed this hand (`showing`)."""
    hand_number: int = 1
    hands_played: int = 1
    """Hands played to their scoring, this one included once its tricks are over; hands thrown in do not count."""
    hand_size: int = 0
    counters: Sequence[Sequence[int]] = ()
    events: Sequence[Sequence[int]] = ()
    this_bid: int = 0
    """The declaration being considered, while a ban on bids is checked."""
    this_bid_name: int = NO_NAME
    held: Sequence[int] = ()
    """Per seat, the mask of the cards in its hand now (read during the play and as the game is named)."""
    suit_cards: Sequence[int] = ()
    """Per suit, the mask of its cards as following sees them this hand (trumps named by `trump.highest` moved)."""
    led_suit: int = NO_SUIT
    """The suit led to the trick in play, as following sees it (no suit while the trick is empty)."""
    late_tricks: Sequence[int] = ()
    """Per seat, the tricks taken once the stock was empty (`play.draw`)."""
    side_late_tricks: Sequence[int] = ()

    @classmethod
    def blank(cls, seating: Seating, deck: Deck, hand_size: int = 0) -> Facts:
        """Facts of a hand where nothing has happened yet, sized for `seating` and `deck`.

        Read-only fields share cached blanks; `hand_side` and `hand_seat` are fresh lists.
        """
        n = seating.seats
        s = len(seating.sides)
        seat_zeros, side_zeros, no_names, falses, no_cards = blanks(n, s)
        return cls(
            seating.all_seats,
            seating.all_sides,
            seating.sides,
            (*seating.side_of, NO_SEAT),
            (*seating.partner, NO_SEAT),
            deck.suit_masks,
            deck.ranks_per_suit,
            deck.size,
            *deck_lists(deck),
            n,
            [0] * s,
            [0] * n,
            seat_zeros,
            no_names,
            falses,
            falses,
            side_zeros,
            seat_zeros,
            seat_zeros,
            side_zeros,
            side_zeros,
            seat_zeros,
            no_cards,
            hand_size=hand_size,
            trump_runs=seat_zeros,
            shown=seat_zeros,
            held=seat_zeros,
            suit_cards=deck.suit_masks,
            late_tricks=seat_zeros,
            side_late_tricks=side_zeros,
        )

    def fresh_cards(self) -> CardFacts:
        """Gives these facts card-level facts of their own, to fill in, and returns them."""
        n = len(self.seats)
        s = len(self.sides)
        self.cards = CardFacts({}, {}, [0] * n, [0] * s, [0] * n, [0] * s, [0] * n, [0] * s, melds=[0] * n)
        return self.cards


def _union(masks: Sequence[int], members: tuple[int, ...]) -> int:
    out = 0
    for seat in members:
        out |= masks[seat]
    return out


Blanks = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[bool, ...], CardFacts]


@cache
def blanks(seats: int, sides: int) -> Blanks:
    """Shared blanks, never written to: zeros per seat and per side, no bid names, no one passed, no card facts."""
    seat_zeros, side_zeros = (0,) * seats, (0,) * sides
    cards = CardFacts(
        {},
        {},
        seat_zeros,
        side_zeros,
        seat_zeros,
        side_zeros,
        seat_zeros,
        side_zeros,
        melds=seat_zeros,
        side_melds=side_zeros,
    )
    return seat_zeros, side_zeros, (NO_NAME,) * seats, (False,) * seats, cards


@cache
def deck_lists(deck: Deck) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """What aggregates over a deck range over, built once per deck: every card, suit and rank, and the ranks'
    strengths."""
    return (
        tuple(range(deck.size)),
        tuple(range(len(deck.suits))),
        tuple(range(deck.ranks_per_suit)),
        tuple(rank.order for rank in deck.ranks),
    )

"""Cards as small integers and hands as bitmasks, and the deck that names them: the ground floor every layer
stands on (an expression, the rules, the engine and the players all count cards the same way).

A card's index is `suit * ranks_per_suit + rank`, with ranks numbered from the
weakest, so within one suit a higher index always beats a lower one and a
suit's cards form one contiguous run of bits. A deck's extra cards (a joker)
follow the suited ones, weakest first, as one more group numbered after the
suits: printed in no suit, they form a suit of their own unless the rules move
them (`trump.highest` makes them trumps). Reading a deck from its file is
`ruleset.deck`'s job.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from .errors import InvalidAction, said

Card: TypeAlias = int
CardMask: TypeAlias = int
SuitIndex: TypeAlias = int


@dataclass(frozen=True, slots=True)
class Suit:
    code: str
    name: str
    symbol: str
    colour: str


@dataclass(frozen=True, slots=True)
class Rank:
    code: str
    name: str
    order: int
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Extra:
    """A card added to the suits and ranks, such as a joker: its own code, name and symbol, in no suit."""

    code: str
    name: str
    symbol: str
    colour: str


@dataclass(frozen=True, slots=True)
class Deck:
    """An immutable deck with every per-card table built once."""

    id: str
    title: str
    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    data: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)
    """The deck as plain data (its file's contents), for a ruleset that must carry it; None for bundled decks."""
    extras: tuple[Extra, ...] = ()
    """Cards beyond the suits, weakest first; they take the indexes after the suited cards, as group `len(suits)`."""
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict, repr=False, compare=False)
    """The deck's title and its suits', ranks' and extra cards' names in other languages, by language and English
    word (the deck file's `translations`)."""
    copies: int = 1
    """How many times the deck holds each suited card. `ranks` then lists each rank that many times in a row, so
    every copy has an index of its own; copies share their code, their name and their claim on a trick, and of
    two equal cards in a trick the first played wins."""
    codes: tuple[str, ...] = field(init=False)
    suit_of: tuple[SuitIndex, ...] = field(init=False)
    rank_of: tuple[int, ...] = field(init=False)
    suit_masks: tuple[CardMask, ...] = field(init=False)
    shifts: tuple[int, ...] = field(init=False, repr=False)
    """`shifts[suit]`: where the suit's run of bits starts, so `mask >> shifts[suit]` indexes `runs[suit]`."""
    bits: tuple[CardMask, ...] = field(init=False, repr=False)
    """`bits[card]` is the card's mask."""
    runs: tuple[tuple[tuple[Card, ...], ...], ...] = field(init=False, repr=False, compare=False)
    """`runs[suit][pattern]`: the cards of `suit` whose rank bits are `pattern`, weakest first."""
    cards: Callable[[CardMask], tuple[Card, ...]] = field(init=False, repr=False, compare=False)
    """The cards in a mask, by suit then rising rank, from the `runs` tables."""
    strength: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, repr=False, compare=False)
    """`strength[trump + 1][led][card]`: a card's claim on the trick, so the winner is the highest.

    Trumps above cards of the led suit, those above all others (0), and within a
    class the higher card; `trump + 1` is 0 when there is no trump.
    """
    twins: tuple[CardMask, ...] = field(init=False, repr=False, compare=False)
    """`twins[card]`: the mask of every copy of the card (the card alone in a deck of single cards)."""
    later_copies: CardMask = field(init=False, repr=False, compare=False)
    """The copies after the first of each card (none in a deck of single cards)."""
    colour_mate: tuple[SuitIndex, ...] = field(init=False, repr=False, compare=False)
    """`colour_mate[suit]`: the one other suit of the same colour, or -1 if the colour has not exactly two."""
    _by_text: dict[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        per_suit = len(self.ranks)
        suited = len(self.suits) * per_suit
        codes = tuple(r.code + s.code for s in self.suits for r in self.ranks) + tuple(e.code for e in self.extras)
        set_ = object.__setattr__
        set_(self, "codes", codes)
        set_(self, "suit_of", tuple(min(i // per_suit, len(self.suits)) for i in range(len(codes))))
        set_(self, "rank_of", tuple(i % per_suit if i < suited else i - suited for i in range(len(codes))))
        widths = (per_suit,) * len(self.suits) + ((len(self.extras),) if self.extras else ())
        set_(self, "shifts", tuple(s * per_suit for s in range(len(widths))))
        set_(
            self,
            "suit_masks",
            tuple(((1 << width) - 1) << shift for width, shift in zip(widths, self.shifts, strict=True)),
        )
        set_(self, "bits", tuple(1 << card for card in range(len(codes))))
        set_(self, "_by_text", self._text_table())
        runs = tuple(_suit_runs(shift, width) for width, shift in zip(widths, self.shifts, strict=True))
        set_(self, "runs", runs)
        set_(self, "cards", _cards_function(runs, per_suit, widths))
        copy_of = tuple((rank % self.copies if card < suited else 0) for card, rank in enumerate(self.rank_of))
        set_(
            self,
            "twins",
            tuple(((1 << self.copies) - 1 if c < suited else 1) << (c - copy_of[c]) for c in range(len(codes))),
        )
        set_(self, "later_copies", sum(1 << card for card, copy in enumerate(copy_of) if copy))
        set_(self, "strength", _strength_tables(self.suit_of, copy_of))
        colours = [s.colour for s in self.suits]
        set_(
            self,
            "colour_mate",
            tuple(
                next(o for o in range(len(colours)) if o != i and colours[o] == c) if colours.count(c) == 2 else -1
                for i, c in enumerate(colours)
            ),
        )

    @property
    def size(self) -> int:
        return len(self.codes)

    @property
    def faces(self) -> tuple[Rank, ...]:
        """The ranks once each, weakest first, however many copies of each card the deck holds."""
        return self.ranks[:: self.copies]

    @property
    def ranks_per_suit(self) -> int:
        return len(self.ranks)

    @property
    def extra_base(self) -> Card:
        """The first extra card's index: the number of suited cards."""
        return len(self.suits) * len(self.ranks)

    @property
    def extra_group(self) -> SuitIndex:
        """The group index of the extra cards (one past the suits), their suit for following unless moved."""
        return len(self.suits)

    def first_copy(self, card: Card) -> Card:
        """The lowest index among the card's copies: the one its code names."""
        return (self.twins[card] & -self.twins[card]).bit_length() - 1

    def choices(self, mask: CardMask) -> tuple[Card, ...]:
        """The cards of `mask` a player really chooses among: one of any copies of a card (the lowest)."""
        return self.cards(self.one_of_each(mask))

    def one_of_each(self, mask: CardMask) -> CardMask:
        """`mask` with only the lowest of any copies of one card it holds: the choices a player really has."""
        if self.copies == 1:
            return mask
        later = self.later_copies
        shifted, repeated = mask, 0
        for _ in range(self.copies - 1):
            shifted = shifted << 1 & later
            repeated |= shifted
        return mask & ~repeated

    def read_cards(self, codes: Iterable[str], taken: CardMask = 0) -> list[Card] | None:
        """The cards written `codes`, a code met again naming the card's next copy not in `taken` (so `AS AS`
        is both copies of that ace in a deck holding each card twice); None if a code names no card or more
        copies than the deck holds."""
        out = []
        for code in codes:
            card = self._by_text.get(code.strip().upper())
            if card is None:
                return None
            free = self.twins[card] & ~taken
            if not free:
                return None
            card = (free & -free).bit_length() - 1
            taken |= 1 << card
            out.append(card)
        return out

    def is_extra(self, card: Card) -> bool:
        """True for a card beyond the suits (a joker), which shows no suit and no rank."""
        return self.suit_of[card] == len(self.suits)

    def word(self, language: str, english: str) -> str:
        """The deck's title or one of its names in a language, as the deck file translates it (else unchanged)."""
        return self.words.get(language, {}).get(english, english)

    def group_word(self, group: SuitIndex) -> str:
        """A group of cards for following as people name it: a suit's symbol, the extra cards, or the group of
        cards made trumps in a hand without a trump suit."""
        if group < len(self.suits):
            return self.suits[group].symbol
        return "extra card" if group == len(self.suits) and self.extras else "trump"

    def colour(self, card: Card) -> str:
        """The colour displays draw the card in: its suit's, or an extra card's own."""
        if self.is_extra(card):
            return self.extras[self.rank_of[card]].colour
        return self.suits[self.suit_of[card]].colour

    def suit_index(self, code: str) -> SuitIndex:
        """The index of the suit with this code; `KeyError` if the deck has none."""
        for i, suit in enumerate(self.suits):
            if suit.code == code:
                return i
        raise KeyError(code)

    def card(self, rank_code: str, suit_code: str) -> Card:
        return self._by_text[rank_code.upper() + suit_code.upper()]

    def parse_card(self, text: str) -> Card:
        """Reads a card as people type it: `QH`, `qh`, `Q♥`, `10h`; raises `InvalidAction` otherwise."""
        key = text.strip().upper()
        card = self._by_text.get(key)
        if card is None:
            extras = "".join(f" or {e.code} ({e.name})" for e in reversed(self.extras))
            example = self.codes[self.extra_base - 1]
            raise InvalidAction(
                said(
                    "{text} is not a card of the {deck}: write a rank ({ranks}) then a suit ({suits}){extras}, for "
                    "example {example}",
                    text=repr(text if len(text) <= 40 else text[:40] + "…"),
                    deck=self.title,
                    ranks=" ".join(r.code for r in reversed(self.faces)),
                    suits=" ".join(s.code for s in self.suits),
                    extras=extras,
                    example=repr(example),
                )
            )
        return card

    def code(self, card: Card) -> str:
        return self.codes[card]

    def label(self, card: Card) -> str:
        """The card with its suit symbol, for people: `Q♥`, `10♠`; an extra card by its own symbol."""
        if self.is_extra(card):
            return self.extras[self.rank_of[card]].symbol
        rank = self.ranks[self.rank_of[card]]
        shown = next((a for a in rank.aliases if a.isdigit()), rank.code)
        return shown + self.suits[self.suit_of[card]].symbol

    def suit_cards(self, mask: CardMask, suit: SuitIndex) -> tuple[Card, ...]:
        """The cards of one suit in `mask`, weakest first."""
        return self.runs[suit][(mask & self.suit_masks[suit]) >> self.shifts[suit]]

    def mask(self, cards: Iterable[Card]) -> CardMask:
        out = 0
        for card in cards:
            out |= 1 << card
        return out

    def _text_table(self) -> dict[str, Card]:
        table: dict[str, Card] = {}
        per_suit = len(self.ranks)
        for s, suit in enumerate(self.suits):
            for r, rank in enumerate(self.ranks):
                index = s * per_suit + r
                for rank_text in (rank.code, *rank.aliases):
                    for suit_text in (suit.code, suit.symbol, suit.symbol + "\ufe0f"):
                        table.setdefault((rank_text + suit_text).upper(), index)
        for offset, extra in enumerate(self.extras):
            for text in (extra.code, extra.symbol, extra.symbol + "\ufe0f"):
                table.setdefault(text.upper(), self.extra_base + offset)
        return table


def _cards_function(
    runs: tuple[tuple[tuple[Card, ...], ...], ...], per_suit: int, widths: tuple[int, ...]
) -> Callable[[CardMask], tuple[Card, ...]]:
    """Builds `Deck.cards`; four-suit decks get an unrolled version, as it runs for every legal-move query."""
    run = (1 << per_suit) - 1
    if len(runs) == 4 and widths == (per_suit,) * 4:
        r0, r1, r2, r3 = runs
        w1, w2, w3 = per_suit, 2 * per_suit, 3 * per_suit

        def four(mask: CardMask) -> tuple[Card, ...]:
            return r0[mask & run] + r1[mask >> w1 & run] + r2[mask >> w2 & run] + r3[mask >> w3 & run]

        return four

    def any_suits(mask: CardMask) -> tuple[Card, ...]:
        out: tuple[Card, ...] = ()
        for suit, table in enumerate(runs):
            out += table[mask >> (suit * per_suit) & ((1 << widths[suit]) - 1)]
        return out

    return any_suits


def _strength_tables(
    suit_of: tuple[SuitIndex, ...], copy_of: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Builds `Deck.strength`, one row per (trump or none, led suit); copies of a card claim alike."""
    size = len(suit_of)
    suits = range(max(suit_of) + 1)

    def claim(card: Card, suit: SuitIndex, trump: SuitIndex, led: SuitIndex) -> int:
        card -= copy_of[card]
        if suit == trump:
            return 2 * size + card
        return size + card if suit == led else 0

    return tuple(
        tuple(tuple(claim(card, suit, trump, led) for card, suit in enumerate(suit_of)) for led in suits)
        for trump in (-1, *suits)
    )


def _suit_runs(base: Card, per_suit: int) -> tuple[tuple[Card, ...], ...]:
    """For every pattern of one suit's bits, the tuple of its cards; each entry extends a smaller one.

    Built by doubling: the patterns whose top bit is rank r are those below 2**r, each with r's card added.
    """
    table: list[tuple[Card, ...]] = [()]
    for rank in range(per_suit):
        card = (base + rank,)
        table += [cards + card for cards in table]
    return tuple(table)

"""Decks as data: suits and ranks from YAML, cards as small integers and hands as bitmasks.

A card's index is `suit * ranks_per_suit + rank`, with ranks numbered from the
weakest, so within one suit a higher index always beats a lower one and a
suit's cards form one contiguous run of bits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeAlias

from .. import resources
from ..errors import InvalidAction, Location, RulesetError
from . import schema
from .yamlsource import Document, read_yaml

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
class Deck:
    """An immutable deck with every per-card table built once."""

    id: str
    title: str
    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    data: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)
    """The deck as plain data (its file's contents), for a ruleset that must carry it; None for bundled decks."""
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
    colour_mate: tuple[SuitIndex, ...] = field(init=False, repr=False, compare=False)
    """`colour_mate[suit]`: the one other suit of the same colour, or -1 if the colour has not exactly two."""
    _by_text: dict[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        per_suit = len(self.ranks)
        codes = tuple(r.code + s.code for s in self.suits for r in self.ranks)
        set_ = object.__setattr__
        set_(self, "codes", codes)
        set_(self, "suit_of", tuple(i // per_suit for i in range(len(codes))))
        set_(self, "rank_of", tuple(i % per_suit for i in range(len(codes))))
        run = (1 << per_suit) - 1
        set_(self, "shifts", tuple(s * per_suit for s in range(len(self.suits))))
        set_(self, "suit_masks", tuple(run << shift for shift in self.shifts))
        set_(self, "bits", tuple(1 << card for card in range(len(codes))))
        set_(self, "_by_text", self._text_table())
        runs = tuple(_suit_runs(s * per_suit, per_suit) for s in range(len(self.suits)))
        set_(self, "runs", runs)
        set_(self, "cards", _cards_function(runs, per_suit))
        set_(self, "strength", _strength_tables(self.suit_of))
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
    def ranks_per_suit(self) -> int:
        return len(self.ranks)

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
            raise InvalidAction(
                f"{text if len(text) <= 40 else text[:40] + '…'!r} is not a card of the {self.title}: write a rank "
                f"({' '.join(r.code for r in reversed(self.ranks))}) then a suit "
                f"({' '.join(s.code for s in self.suits)}), for example {self.codes[-1]!r}"
            )
        return card

    def code(self, card: Card) -> str:
        return self.codes[card]

    def label(self, card: Card) -> str:
        """The card with its suit symbol, for people: `Q♥`, `10♠`."""
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
                        table[(rank_text + suit_text).upper()] = index
        return table


def _cards_function(
    runs: tuple[tuple[tuple[Card, ...], ...], ...], per_suit: int
) -> Callable[[CardMask], tuple[Card, ...]]:
    """Builds `Deck.cards`; four-suit decks get an unrolled version, as it runs for every legal-move query."""
    run = (1 << per_suit) - 1
    if len(runs) == 4:
        r0, r1, r2, r3 = runs
        w1, w2, w3 = per_suit, 2 * per_suit, 3 * per_suit

        def four(mask: CardMask) -> tuple[Card, ...]:
            return r0[mask & run] + r1[mask >> w1 & run] + r2[mask >> w2 & run] + r3[mask >> w3 & run]

        return four

    def any_suits(mask: CardMask) -> tuple[Card, ...]:
        out: tuple[Card, ...] = ()
        for suit, table in enumerate(runs):
            out += table[mask >> (suit * per_suit) & run]
        return out

    return any_suits


def _strength_tables(suit_of: tuple[SuitIndex, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Builds `Deck.strength`, one row per (trump or none, led suit)."""
    size = len(suit_of)
    suits = range(max(suit_of) + 1)

    def claim(card: Card, suit: SuitIndex, trump: SuitIndex, led: SuitIndex) -> int:
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


DECK_FORMAT = "trickbook-deck/1"


def _read_deck(path: Path, display: str) -> Document:
    """A deck file, schema-checked; a file that is not a mapping of keys is refused without quoting it (it may
    be any file on the machine, and its text could be a secret)."""
    document = read_yaml(path, display)
    data = document.data
    if not isinstance(data, dict) or data.get("format") != DECK_FORMAT:
        raise RulesetError(
            "this file is not a deck",
            where=Location(display, 1, 1),
            expected=f"a YAML mapping of deck keys starting with `format: {DECK_FORMAT}`",
            found=_kind_of(data),
        )
    schema.check(document.data, "deck", marks=document.marks, file=document.file, error=RulesetError)
    return document


def _kind_of(data: Any) -> str:
    """What a file that is not a deck holds, in words that quote none of it."""
    if isinstance(data, dict):
        return "another format" if "format" in data else "no format key"
    if isinstance(data, str):
        return "text"
    return "a list" if isinstance(data, list) else "an empty file or a single value"


def load_deck(reference: str | Mapping[str, Any], relative_to: Path | None = None, where: str = "deck") -> Deck:
    """Loads a deck by bundled id (`standard-52`), by path (relative to the ruleset that names it), or from the
    deck's data written inline (as records carry it); `where` names an inline deck in errors."""
    if not isinstance(reference, str):
        schema.check(dict(reference), "deck", marks={}, file=where, error=RulesetError)
        return _build(Document(dict(reference), {}, where, {}), dict(reference))
    if resources.looks_like_path(reference):
        resources.check_files_allowed(reference, "deck")
        path = (relative_to / reference) if relative_to else Path(reference)
        try:
            resolved = path.resolve()
        except OSError as exc:
            raise RulesetError(f"cannot read the deck file: {exc.strerror or exc}", found=repr(reference)) from None
        return _load_deck_file(resolved, str(path))
    path = resources.decks_dir() / f"{reference}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in resources.decks_dir().glob("*.yaml"))
        raise RulesetError(
            f"there is no bundled deck {reference!r}",
            expected="one of " + ", ".join(repr(k) for k in known) + " or a path to a deck file",
            found=repr(reference),
        )
    return _load_bundled_deck(path, f"decks/{reference}.yaml")


@cache
def _load_bundled_deck(path: Path, display: str) -> Deck:
    document = _read_deck(path, display)
    return _build(document, None)


@cache
def _load_deck_file(path: Path, display: str) -> Deck:
    document = _read_deck(path, display)
    return _build(document, document.data)


def _build(document: Document, data_to_carry: Mapping[str, Any] | None) -> Deck:
    data = document.data
    suits = tuple(Suit(s["code"], s["name"], s["symbol"], s["colour"]) for s in data["suits"])
    ranks = tuple(
        sorted(
            (
                Rank(r["code"], r["name"], r["order"], tuple(a.upper() for a in r.get("aliases", ())))
                for r in data["ranks"]
            ),
            key=lambda r: r.order,
        )
    )
    for kind, codes in (("suit", [s.code for s in suits]), ("rank", [r.code for r in ranks])):
        repeated = sorted({c for c in codes if codes.count(c) > 1})
        if repeated:
            raise RulesetError(f"the {kind} code {repeated[0]!r} is used twice", where=document.locate((f"{kind}s",)))
    orders = [r.order for r in ranks]
    if len(set(orders)) != len(orders):
        raise RulesetError(
            "two ranks have the same order", where=document.locate(("ranks",)), hint="give every rank its own strength"
        )
    _refuse_ambiguity(document, suits, ranks)
    return Deck(data["id"], data["title"], suits, ranks, data_to_carry)


def _refuse_ambiguity(document: Document, suits: tuple[Suit, ...], ranks: tuple[Rank, ...]) -> None:
    """Every way of writing a suit or a rank names only that one: a shared symbol or alias would make a typed
    move mean another card (one suit drawn with another's code, a rank's alias that is another rank's code)."""
    for kind, spellings in (
        ("suit", [(s.code, s.code.upper()) for s in suits] + [(s.code, s.symbol.upper()) for s in suits]),
        ("rank", [(r.code, r.code.upper()) for r in ranks] + [(r.code, a) for r in ranks for a in r.aliases]),
    ):
        owner: dict[str, str] = {}
        for code, text in spellings:
            if owner.setdefault(text, code) != code:
                raise RulesetError(
                    f"{text!r} would name two {kind}s, {owner[text]!r} and {code!r}",
                    where=document.locate((f"{kind}s",)),
                    path=f"{kind}s",
                    hint=f"give every {kind} its own code, symbol and aliases",
                )

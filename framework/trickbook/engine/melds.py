"""Melds (`melds`): the combinations of cards that score for their holder, found among a seat's cards or a
trick's, and compared between sides where only the best side's count.

The engine calls `meld_points` once a hand's tricks are over, and worked examples call it with the cards they
state, so a meld is worth the same on every path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardMask, Deck
from ..ruleset.rules import MeldKind, MeldRules
from ..seating import Seating


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld found: its kind (an index of `MeldRules.kinds`), its cards, and the key the best melds are
    compared by (worth, then run length, then the top card's place in sequence order, then being in trump)."""

    kind: int
    cards: CardMask
    key: tuple[int, int, int, int]

    @property
    def points(self) -> int:
        """What the meld is worth (the first part of its key)."""
        return self.key[0]


def find(melds: MeldRules, deck: Deck, cards: CardMask, trump: int, game: int) -> list[Meld]:
    """Every meld among `cards` under `trump` in named game `game` (-1: none), each with its worth there: each
    maximal run once, as the longest kind of run it reaches; each rank held whole; each set of named cards held
    together. A card may belong to melds of different groups; in one group (a kind alone, unless it names one)
    it serves one meld, those worth most taken first, so a card held twice makes a meld twice."""
    out: list[Meld] = []
    per_suit = deck.ranks_per_suit
    runs = sorted(((kind.run, index) for index, kind in enumerate(melds.kinds) if kind.run), reverse=True)
    if runs:
        shortest = runs[-1][0]
        order = sorted((r for r in range(per_suit) if melds.place[r] >= 0), key=melds.place.__getitem__)
        for suit in range(len(deck.suits)):
            length = 0
            run_cards = 0
            for position, rank in enumerate([*order, -1]):
                card = suit * per_suit + rank
                if rank >= 0 and cards >> card & 1:
                    length += 1
                    run_cards |= 1 << card
                    continue
                if length >= shortest:
                    index = next(i for run, i in runs if run <= length)
                    points = melds.kinds[index].worth(game)
                    out.append(Meld(index, run_cards, (points, length, position - 1, int(suit == trump))))
                length = 0
                run_cards = 0
    used: dict[str, CardMask] = {}
    taking = sorted(
        (index for index, kind in enumerate(melds.kinds) if not kind.run),
        key=lambda index: -melds.kinds[index].worth(game),
    )
    found: list[Meld] = []
    for index in taking:
        kind = melds.kinds[index]
        group = kind.group or f" {index}"
        for wanted, key in _card_sets(melds, kind, deck, trump, game):
            while chosen := _copies_held(deck, cards & ~used.get(group, 0), wanted, kind.sets):
                used[group] = used.get(group, 0) | chosen
                found.append(Meld(index, chosen, key))
    out += sorted(found, key=lambda meld: meld.kind)
    return [meld for meld in out if meld.points > 0]


def _card_sets(
    melds: MeldRules, kind: MeldKind, deck: Deck, trump: int, game: int
) -> list[tuple[tuple[Card, ...], tuple[int, int, int, int]]]:
    """The sets of cards (first copies) that make a meld of `kind` under `trump`, each with its comparison key:
    every card of each of its ranks, or its named cards (in each suit it may be made in)."""
    per_suit = deck.ranks_per_suit
    worth = kind.worth(game)
    if kind.ranks:
        suits = range(len(deck.suits))
        return [
            (tuple(suit * per_suit + rank for suit in suits), (worth, 0, melds.place[rank], 0)) for rank in kind.ranks
        ]
    if not kind.cards:
        return []
    top = max(melds.place[pattern.rank] for pattern in kind.cards)
    if kind.in_each_suit:
        made_in = [s for s in range(len(deck.suits)) if kind.in_each_suit == 1 or s != trump]
        return [
            (tuple(suit * per_suit + p.rank for p in kind.cards), (worth, 0, top, int(suit == trump)))
            for suit in made_in
        ]
    named = [pattern.resolve(deck, trump) for pattern in kind.cards]
    if None in named:
        return []
    return [(tuple(card for card in named if card is not None), (worth, 0, top, int(kind.cards[0].suit is None)))]


def _copies_held(deck: Deck, free: CardMask, wanted: tuple[Card, ...], sets: int) -> CardMask:
    """`sets` copies of each wanted card among `free`, the lowest first, as a mask; 0 if some card is short."""
    chosen = 0
    for card in wanted:
        held = free & deck.twins[card]
        for _ in range(sets):
            if not held:
                return 0
            lowest = held & -held
            chosen |= lowest
            held ^= lowest
    return chosen


def meld_points(
    melds: MeldRules, deck: Deck, seating: Seating, dealer: int, held: Sequence[CardMask], trump: int, game: int
) -> list[int]:
    """Each seat's points from the melds among its cards `held` (shown or dealt), after the comparison: with
    `best_only`, only the side (or seat, at a table without sides) holding the best compared meld scores its
    compared melds; melds not compared always count."""
    found = [find(melds, deck, cards, trump, game) for cards in held]
    points = [0] * seating.seats
    for seat, seat_melds in enumerate(found):
        for meld in seat_melds:
            if not melds.best_only or not melds.kinds[meld.kind].compared:
                points[seat] += meld.points
    if not melds.best_only:
        return points
    winners = _best_group(melds, seating, dealer, found)
    for seat in winners:
        points[seat] += sum(m.points for m in found[seat] if melds.kinds[m.kind].compared)
    return points


def _best_group(melds: MeldRules, seating: Seating, dealer: int, found: Sequence[Sequence[Meld]]) -> tuple[int, ...]:
    """The seats of the side (or the seat) whose best compared meld beats every other's; none on a tie that
    `ties_to_first` does not break (then the tied meld held first from the dealer's left wins)."""
    groups = seating.sides if seating.has_sides else tuple((seat,) for seat in range(seating.seats))
    best: list[tuple[tuple[int, int, int, int], int] | None] = []
    for members in groups:
        keys = [(meld.key, seat) for seat in members for meld in found[seat] if melds.kinds[meld.kind].compared]
        best.append(max(keys, key=lambda k: k[0]) if keys else None)
    held = [(entry, index) for index, entry in enumerate(best) if entry is not None]
    if not held:
        return ()
    top = max(entry[0] for entry, _ in held)
    tied = [(entry[1], index) for entry, index in held if entry[0] == top]
    if len(tied) > 1:
        if not melds.ties_to_first:
            return ()
        order = [seating.after(dealer, steps) for steps in range(1, seating.seats + 1)]
        first = min(tied, key=lambda t: order.index(t[0]))
        return groups[first[1]]
    return groups[tied[0][1]]


def trick_meld_points(
    melds: MeldRules, deck: Deck, seats: int, tricks: Sequence[tuple[int, CardMask]], trump: int, game: int
) -> list[int]:
    """Each seat's points from the melds among the cards of the tricks it won (`from: tricks`)."""
    points = [0] * seats
    for winner, cards in tricks:
        points[winner] += sum(m.points for m in find(melds, deck, cards, trump, game))
    return points

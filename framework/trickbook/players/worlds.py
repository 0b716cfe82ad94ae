"""Worlds a player can imagine: the hidden cards dealt out consistently with what its view shows.

A view tells a seat its own cards, every card played so far and by whom, any
exposed card and where it lies, how many cards each seat still holds, and
which suits a seat has shown it lacks (by not following). A sampled world
respects all of that; it is then rebuilt as a full `Game` the player may
search, without ever touching the real game.
"""

from __future__ import annotations

import random

from ..engine.game import Game
from ..engine.view import SeatView
from ..ruleset.deck import Card


def sample_deal(view: SeatView, rng: random.Random, tries: int = 8) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards at the start of this hand, in a world consistent with `view`.

    Cards a seat has played come first, in order; the exposed card keeps its
    place in its holder's deal; no seat gets a suit it has shown it lacks.
    """
    rules = view.rules
    deck = rules.deck
    played = view.played()
    voids = view.voids()
    known: list[list[Card]] = [[], [], [], []]
    if view.hand or view.cards_left[view.seat] == 0:
        known[view.seat] = list(view.hand)
    exposure = rules.exposure
    holder = -1
    if exposure is not None and view.exposed:
        holder = (view.dealer + rules.direction * exposure.seat_offset) % 4
        card = view.exposed[0]
        if card not in played[holder] and card not in known[holder]:
            known[holder].append(card)
    used = {c for cards in played for c in cards} | {c for cards in known for c in cards}
    pool = [c for c in range(deck.size) if c not in used]
    need = [view.cards_left[s] - len(known[s]) for s in range(4)]
    hidden = _assign(pool, need, [frozenset(v) for v in voids], deck.suit_of, rng, tries)
    deal = []
    for seat in range(4):
        cards = list(played[seat]) + [c for c in known[seat] if c not in played[seat]] + hidden[seat]
        if seat == holder and exposure is not None:
            card = view.exposed[0]
            cards.remove(card)
            cards.insert(exposure.card - 1, card)
        deal.append(tuple(cards))
    return tuple(deal)


def imagine(view: SeatView, rng: random.Random) -> Game:
    """A full game at the view's position, in a world sampled from what the view shows."""
    return Game.from_position(
        view.rules,
        deal=sample_deal(view, rng),
        dealer=view.dealer,
        hand_number=view.hand_number,
        totals=view.totals,
        seat_totals=view.seat_totals,
        counters=view.counters,
        moves=view.packed_moves,
        seed=rng.randrange(2**31),
    )


def _assign(
    pool: list[Card],
    need: list[int],
    voids: list[frozenset[int]],
    suit_of: tuple[int, ...],
    rng: random.Random,
    tries: int,
) -> list[list[Card]]:
    """Deals `pool` so each seat gets `need[seat]` cards outside its void suits.

    Cards that fewer seats may hold go first, each to a seat drawn in
    proportion to the cards it still needs; that almost always works, and a
    depth-first search settles the rare dead end (the real deal proves a
    solution exists).
    """
    seats = [s for s in range(4) if need[s] > 0]
    eligible = {c: [s for s in seats if suit_of[c] not in voids[s]] for c in pool}
    for _ in range(tries):
        order = sorted(pool, key=lambda c: (len(eligible[c]), rng.random()))
        left = list(need)
        hands: list[list[Card]] = [[], [], [], []]
        for card in order:
            options = [s for s in eligible[card] if left[s] > 0]
            if not options:
                break
            seat = rng.choices(options, weights=[left[s] for s in options])[0]
            hands[seat].append(card)
            left[seat] -= 1
        else:
            return hands
    order = sorted(pool, key=lambda c: len(eligible[c]))
    hands = [[], [], [], []]
    if not _search(order, 0, list(need), eligible, hands, rng):
        raise ValueError("no deal fits what the view shows")
    return hands


def _search(
    order: list[Card],
    index: int,
    left: list[int],
    eligible: dict[Card, list[int]],
    hands: list[list[Card]],
    rng: random.Random,
) -> bool:
    if index == len(order):
        return True
    card = order[index]
    options = [s for s in eligible[card] if left[s] > 0]
    rng.shuffle(options)
    for seat in options:
        hands[seat].append(card)
        left[seat] -= 1
        if _search(order, index + 1, left, eligible, hands, rng):
            return True
        hands[seat].pop()
        left[seat] += 1
    return False

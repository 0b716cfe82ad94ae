"""Hidden cards dealt into slots (seats, the stock, a draw) so each slot gets its number of cards and none it is
known not to hold: the step every sampled world ends with."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import limits
from ..cards import Card, CardMask
from ..errors import PlayerError


def deal_hidden(
    pool: Sequence[Card], need: Sequence[int], forbidden: Sequence[CardMask], rng: random.Random, tries: int
) -> list[list[Card]]:
    """Deals `pool` so each slot (a seat, or the stock) gets `need[slot]` cards it is not forbidden to hold.

    Cards that fewer slots may hold go first, each to a slot drawn in
    proportion to the cards it still needs; that almost always works, and a
    depth-first search settles the rare dead end (the real deal proves a
    solution exists).
    """
    eligible = _eligible(tuple(pool), tuple(need), tuple(forbidden))
    draw = rng.random
    for _ in range(tries):
        order = sorted(pool, key=lambda c: (len(eligible[c]), draw()))
        left = list(need)
        hands: list[list[Card]] = [[] for _ in need]
        for card in order:  # each to a slot drawn in proportion to its room, as `random.choices` draws
            slots = eligible[card]
            room = 0
            for each in slots:
                room += left[each]
            if not room:
                break
            point = draw() * room  # one number even where one slot has room, as `random.choices` takes
            reached = 0
            for chosen in slots:  # a slot with no room left adds nothing, so it is never the one reached
                if left[chosen]:
                    slot = chosen
                    reached += left[chosen]
                    if point < reached:
                        break
            hands[slot].append(card)
            left[slot] -= 1
        else:
            return hands
    order = sorted(pool, key=lambda c: len(eligible[c]))
    hands = [[] for _ in need]
    if not _search(order, 0, list(need), eligible, hands, rng, [limits.WORLD_SEARCH_STEPS]):
        raise PlayerError(f"no deal of the {len(pool)} hidden cards fits what the view shows")
    return hands


_ELIGIBLE: dict[tuple[tuple[int, ...], ...], dict[Card, list[int]]] = {}
"""The last `_eligible` answer, by its question: the worlds of one decision all ask the same."""


def _eligible(pool: tuple[Card, ...], need: tuple[int, ...], forbidden: tuple[CardMask, ...]) -> dict[Card, list[int]]:
    """For each card of `pool`, the slots still needing cards that may hold it, in order."""
    key = (pool, need, forbidden)
    known = _ELIGIBLE.get(key)
    if known is None:
        slots = [s for s in range(len(need)) if need[s] > 0]
        known = {c: [s for s in slots if not forbidden[s] & (1 << c)] for c in pool}
        _ELIGIBLE.clear()
        _ELIGIBLE[key] = known
    return known


def _search(
    order: list[Card],
    index: int,
    left: list[int],
    eligible: dict[Card, list[int]],
    hands: list[list[Card]],
    rng: random.Random,
    steps: list[int],
) -> bool:
    """Places `order[index:]` depth first; False when no placement fits or `steps` (the cards it may still place,
    shared by every branch) runs out, so a view that no deal fits is refused rather than searched for ever."""
    if index == len(order):
        return True
    card = order[index]
    options = [s for s in eligible[card] if left[s] > 0]
    rng.shuffle(options)
    for slot in options:
        if steps[0] <= 0:
            return False
        steps[0] -= 1
        hands[slot].append(card)
        left[slot] -= 1
        if _search(order, index + 1, left, eligible, hands, rng, steps):
            return True
        hands[slot].pop()
        left[slot] += 1
    return False

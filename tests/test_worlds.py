"""Dealing out hidden cards: every seat gets what it needs and nothing of a suit it has shown it lacks."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from helpers import rules
from trickbook.players.worlds import _assign

SUIT_OF = rules("tarneeb-41").deck.suit_of


@given(seed=st.integers(0, 10_000), per_seat=st.integers(1, 6), tries=st.sampled_from([0, 1, 8]))
def test_hidden_cards_fit_every_void_whether_sampled_or_searched(seed: int, per_seat: int, tries: int) -> None:
    rng = random.Random(seed)
    pool = rng.sample(range(52), 3 * per_seat)
    truth = [[], pool[:per_seat], pool[per_seat : 2 * per_seat], pool[2 * per_seat :]]
    voids = [frozenset(s for s in range(4) if all(SUIT_OF[c] != s for c in cards)) for cards in truth]
    voids[0] = frozenset()
    need = [len(cards) for cards in truth]
    hands = _assign(list(pool), need, voids, SUIT_OF, rng, tries)
    assert [len(cards) for cards in hands] == need
    assert sorted(c for cards in hands for c in cards) == sorted(pool)
    for seat, cards in enumerate(hands):
        assert not any(SUIT_OF[c] in voids[seat] for c in cards)

"""Dealing out hidden cards: every seat gets what it needs and nothing it has shown it cannot hold."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import rules
from trickbook import Game
from trickbook.players.placing import deal_hidden

DECK = rules("tarneeb-41").deck


@given(seed=st.integers(0, 10_000), per_seat=st.integers(1, 6), tries=st.sampled_from([0, 1, 8]))
def test_hidden_cards_fit_every_void_whether_sampled_or_searched(seed: int, per_seat: int, tries: int) -> None:
    rng = random.Random(seed)
    pool = rng.sample(range(52), 3 * per_seat + 2)
    truth = [[], pool[:per_seat], pool[per_seat : 2 * per_seat], pool[2 * per_seat : 3 * per_seat], pool[-2:]]
    lacking = [[s for s in range(4) if all(DECK.suit_of[c] != s for c in cards)] for cards in truth]
    forbidden = [sum(DECK.suit_masks[s] for s in suits) for suits in lacking]
    forbidden[0] = forbidden[4] = 0
    need = [len(cards) for cards in truth]
    hands = deal_hidden(list(pool), need, forbidden, rng, tries)
    assert [len(cards) for cards in hands] == need
    assert sorted(c for cards in hands for c in cards) == sorted(pool)
    for slot, cards in enumerate(hands):
        assert not any(forbidden[slot] >> c & 1 for c in cards), "a seat was dealt a card it has shown it lacks"


def test_a_view_says_where_each_seat_passes_left_right_across_then_nowhere() -> None:
    hearts = rules("hearts")
    game = Game(hearts, 3, dealer=0)
    expected = {1: (1, 2, 3, 0), 2: (3, 0, 1, 2), 3: (2, 3, 0, 1)}  # hand 4 has no passing
    chooser = random.Random(3)
    seen: dict[int, tuple[int, ...]] = {}
    while game.hand_number <= 4 and not game.is_over():
        if game.phase == "passing":
            seen[game.hand_number] = game.view((game.turn + 1) % 4).receivers
        game.apply(chooser.choice(game.legal_actions()))
    assert seen == expected


def test_a_view_no_deal_fits_is_refused_after_the_searchs_steps_not_searched_for_ever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from trickbook import limits
    from trickbook.errors import PlayerError

    # 31 hidden cards for three seats of 10: every placement of 30 fits until the last card finds no room, so
    # only the step limit ends the search (3**30 placements).
    with pytest.raises(PlayerError, match="no deal of the 31 hidden cards fits what the view shows"):
        deal_hidden(list(range(31)), [10, 10, 10], [0, 0, 0], random.Random(1), 1)
    # A dead end of the quick deal that the search settles within its steps: one card only slot 0 may take.
    monkeypatch.setattr(limits, "WORLD_SEARCH_STEPS", 6)
    hands = deal_hidden(list(range(6)), [3, 3], [0, 1 << 5], random.Random(1), 0)
    assert sorted(hands[0] + hands[1]) == list(range(6)) and 5 in hands[0] and len(hands[0]) == 3
    monkeypatch.setattr(limits, "WORLD_SEARCH_STEPS", 5)
    with pytest.raises(PlayerError):
        deal_hidden(list(range(6)), [3, 3], [0, 1 << 5], random.Random(1), 0)

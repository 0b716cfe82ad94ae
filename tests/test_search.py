"""Playouts choose each card from the imagined world's state: the same cards a view per card would give."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import CONFIGURATIONS, FAMILY_CONFIGURATIONS, config_id, random_position
from trickbook import Game, load_ruleset
from trickbook.engine.view import SeatView
from trickbook.players.playout import SharedAims, play_out_hand
from trickbook.players.policy import policy
from trickbook.players.search import choice_values
from trickbook.players.worlds import imaginable, imagine


def _by_views(world: Game, hand: int) -> None:
    """The plain playout: a view for every decision, the quick policy on each; checks the world's own account
    of who played each card of the trick against the view's on the way."""
    while world.hands_finished == hand and not world.is_over():
        seat = world.actor
        assert seat is not None
        view = world.view(seat)
        assert world.trick_seats() == view.trick_seats() and world.named_game == view.game
        world.apply(policy(view))


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@settings(max_examples=25)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 90))
def test_a_playout_makes_the_moves_a_view_per_decision_makes(config: tuple, seed: int, steps: int) -> None:
    game = random_position(config, seed, steps)
    if game.is_over():
        return
    seat = game.actor
    assert seat is not None
    # Where worlds cannot be imagined (`play.draw`), the playout is compared on the game itself.
    world = imagine(game.view(seat), random.Random(seed)) if imaginable(game.rules) else game.clone()
    hand = world.hands_finished
    plain = world.clone()
    _by_views(plain, hand)
    fast = play_out_hand(world.clone(), hand)
    assert fast == plain.finished_hand(hand)
    assert fast.moves == plain.finished_hand(hand).moves


@pytest.mark.parametrize("config", CONFIGURATIONS[:1] + FAMILY_CONFIGURATIONS[-3:], ids=config_id)
def test_a_world_without_later_hands_ends_with_its_hand_and_scores_it_the_same(config: tuple) -> None:
    game = random_position(config, 3, 6)
    seat = game.actor
    assert seat is not None
    view = game.view(seat)
    whole = imagine(view, random.Random(5))
    alone = imagine(view, random.Random(5), later_hands=False)
    hand = whole.hands_finished
    assert play_out_hand(alone, hand) == play_out_hand(whole, hand)
    assert alone.is_over() and alone.hands_finished == hand + 1, "the imagined match ends with its hand"
    assert whole.is_over() or whole.hand_number == view.hand_number + 1, "with later hands, the next is dealt"


@pytest.mark.parametrize(
    ("ruleset", "seed"), [("oh-hell", 3), ("cardems-spades", 3), ("hearts", 5), ("skat-simple", 2)]
)
def test_a_hands_value_is_the_viewers_points_less_the_others_average_turned_round_where_lower_wins(
    ruleset: str, seed: int
) -> None:
    from trickbook import load_ruleset
    from trickbook.players.search import value

    rules = load_ruleset(ruleset)
    game = Game(rules, seed)
    pick = random.Random(seed)
    while game.hands_finished == 0:
        game.apply(pick.choice(game.legal_actions()))
    hand = game.finished_hand(0)
    by_side = rules.match.by == "side" and bool(hand.score)
    scores = hand.score if by_side else (hand.seat_score if hand.seat_score is not None else hand.score)
    for seat in range(rules.seats):
        mine = rules.seating.side_of[seat] if by_side else seat
        others = [points for index, points in enumerate(scores) if index != mine]
        assert len(others) >= 1 and any(others), "a hand where the others scored, so their average is tested"
        worth = scores[mine] - sum(others) / len(others)
        assert value(game.view(seat), hand) == pytest.approx(-worth if rules.match.lower_wins else worth)


def _worlds_of_a_decision(config: tuple, seed: int, steps: int, in_play: bool) -> tuple[SeatView, list[Game]] | None:
    """The view of the seat to act at a random position, in the play or before it, and three worlds imagined
    from it; None where the position is elsewhere or no world can be imagined."""
    game = random_position(config, seed, steps)
    if game.is_over() or (game.phase == "play") != in_play or not imaginable(game.rules):
        return None
    seat = game.actor
    assert seat is not None
    view = game.view(seat)
    rng = random.Random(seed)
    return view, [imagine(view, rng, later_hands=False) for _ in range(3)]


def _shared_playouts_make_the_moves_of_views(world: Game, actions: Sequence[int], shared: SharedAims) -> None:
    """Each action played out in `world` with aims lent through `shared` makes the moves a view per card makes."""
    hand = world.hands_finished
    for action in actions:
        plain = world.clone()
        plain.apply(action)
        fast = plain.clone()
        _by_views(plain, hand)
        assert play_out_hand(fast, hand, shared).moves == plain.finished_hand(hand).moves


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 90))
def test_playouts_of_one_decision_in_the_play_that_share_aims_make_the_moves_of_views(
    config: tuple, seed: int, steps: int
) -> None:
    """Aims lent between the worlds and actions of one decision (`shared`, found by `aims_key`) change no card."""
    found = _worlds_of_a_decision(config, seed, steps, in_play=True)
    if found is None:
        return
    view, worlds = found
    shared: SharedAims = {}
    for world in worlds:
        _shared_playouts_make_the_moves_of_views(world, view.legal[:4], shared)


def test_a_seat_whose_aims_turn_on_the_trump_the_first_card_sets_gets_its_own_aims_in_each_playout(
    tmp_path: Path,
) -> None:
    """Pitch where tricks cost under hearts: the lead that makes hearts trump turns every seat to losing tricks, the
    others do not, so aims shared between the pitcher's leads must be kept apart by trump."""
    variant = tmp_path / "pitch-hearts-cost.yaml"
    costly = "if has_trump and trump == H then 0 - 5 * tricks(seat) else 0"
    variant.write_text(
        "format: trickbook-ruleset/1\nid: pitch-hearts-cost\ntitle: Pitch, hearts cost\n"
        f"extends: auction-pitch\nscoring:\n  rules:\n    hearts_cost:\n      for: seat\n      points: {costly}\n",
        encoding="utf-8",
    )
    rules = load_ruleset(variant)
    checked = 0
    for seed in range(40):
        game = Game(rules, seed)
        while game.phase != "play":
            seat = game.actor
            assert seat is not None
            game.apply(policy(game.view(seat)))
        view = game.view(game.actor)
        suits = {rules.deck.suit_of[rules.actions.card_of(a)] for a in view.legal}
        if len(suits) < 2 or rules.deck.suit_index("H") not in suits:
            continue
        world = imagine(view, random.Random(seed), later_hands=False)
        _shared_playouts_make_the_moves_of_views(world, view.legal, {})
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@settings(max_examples=6)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 12))
def test_choices_valued_with_shared_aims_are_valued_as_without(config: tuple, seed: int, steps: int) -> None:
    """A bid, trump or other choice before the play, played out in several worlds with the aims of one decision
    shared (`aims_key`: the bids made differ by choice and by world), gets the values it gets without sharing."""
    found = _worlds_of_a_decision(config, seed, steps, in_play=False)
    if found is None:
        return
    view, worlds = found
    shared: SharedAims = {}
    for world in worlds:
        for choice in view.legal[:4]:
            alone = choice_values(view, [choice], [world])
            assert choice_values(view, [choice], [world], shared=shared) == alone

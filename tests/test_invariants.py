"""Properties every ruleset must keep, over random seeds and random legal play (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import CONFIGURATIONS, config_id, rules
from trickbook import Game
from trickbook.errors import Location
from trickbook.players import parse_player_specs
from trickbook.record.replay import RulesetCache, replay_record
from trickbook.record.writer import dumps, match_record
from trickbook.tools.simulate import play_match

SEEDS = st.integers(min_value=0, max_value=2**32)
CAP = 12
"""Hands per match in these properties: enough for several hands, dealer moves and cancellations."""


def random_match(config: tuple, seed: int, check: bool = True) -> Game:
    """Plays a capped match with random legal moves, checking invariants after every action."""
    game = Game(rules(*config), seed, hand_cap=CAP)
    chooser = random.Random(seed)
    while not game.is_over():
        legal = game.legal_actions()
        assert legal, "a game that is not over offers at least one action"
        assert list(legal) == sorted(set(legal)), "legal actions are sorted and distinct"
        action = chooser.choice(legal)
        if check:
            _check_views(game)
        game.apply(action)
    return game


def _check_views(game: Game) -> None:
    exposed = set(game.exposed)
    for seat in range(4):
        view = game.view(seat)
        assert set(view.hand) == set(game.hand(seat))
        unplayed_elsewhere = {c for other in range(4) if other != seat for c in game.hand(other)}
        visible = set(view.hand) | set(view.exposed) | set(view.trick)
        assert not (visible & unplayed_elsewhere) - exposed, "a view shows another seat's unplayed card"
        assert view.legal == (game.legal_actions() if game.turn == seat else ())


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=SEEDS)
def test_every_deal_has_52_distinct_cards_13_each(config: tuple, seed: int) -> None:
    game = random_match(config, seed, check=False)
    for hand in game.history:
        cards = [c for seat in hand.deal for c in seat]
        assert sorted(cards) == list(range(52))
        assert [len(seat) for seat in hand.deal] == [13, 13, 13, 13]


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=SEEDS)
def test_views_hide_other_seats_cards_and_actions_come_from_legal_actions(config: tuple, seed: int) -> None:
    random_match(config, seed, check=True)


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=SEEDS)
def test_a_played_hand_has_13_tricks_and_totals_are_the_sum_of_hand_scores(config: tuple, seed: int) -> None:
    game = random_match(config, seed, check=False)
    totals = [0, 0]
    seat_totals = [0, 0, 0, 0]
    for hand in game.history:
        if hand.cancelled:
            assert hand.score == (0, 0)
        else:
            assert sum(hand.tricks_won) == 13
            assert sum(1 for m in hand.moves if m.action < 52) == 52
        totals = [totals[i] + hand.score[i] for i in range(2)]
        assert hand.totals == tuple(totals)
        assert hand.score == (
            sum(ln.points for ln in hand.lines if (ln.target & 1) == 0),
            sum(ln.points for ln in hand.lines if (ln.target & 1) == 1),
        )
        if hand.seat_score is not None:
            seat_totals = [seat_totals[i] + hand.seat_score[i] for i in range(4)]
            assert hand.seat_totals == tuple(seat_totals)
            assert hand.totals == (seat_totals[0] + seat_totals[2], seat_totals[1] + seat_totals[3])
    assert game.totals == tuple(totals)


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=SEEDS)
def test_replay_accepts_every_simulated_record(config: tuple, seed: int) -> None:
    game = random_match(config, seed, check=False)
    record = match_record(game)
    replayed = replay_record(record, Location("simulated", 1, 1), RulesetCache())
    assert replayed.state_key() == game.state_key()


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=SEEDS)
def test_a_seed_reproduces_its_record_byte_for_byte(config: tuple, seed: int) -> None:
    specs = parse_player_specs("random")
    first = dumps(match_record(play_match(rules(*config), seed, specs, CAP)))
    second = dumps(match_record(play_match(rules(*config), seed, specs, CAP)))
    assert first == second


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=400))
def test_a_clone_is_equal_and_independent(config: tuple, seed: int, cut: int) -> None:
    game = Game(rules(*config), seed, hand_cap=CAP)
    chooser = random.Random(seed)
    for _ in range(cut):
        if game.is_over():
            break
        game.apply(chooser.choice(game.legal_actions()))
    copy = game.clone()
    assert copy.state_key() == game.state_key()
    if not copy.is_over():
        copy.apply(copy.legal_actions()[0])
        assert copy.state_key() != game.state_key()


def test_clone_copies_every_slot_and_shares_no_mutable_list() -> None:
    game = Game(rules("cardems-spades"), 5, hand_cap=CAP)
    chooser = random.Random(5)
    for _ in range(70):
        game.apply(chooser.choice(game.legal_actions()))
    copy = game.clone()
    for slot in Game.__slots__:
        original, copied = getattr(game, slot), getattr(copy, slot)
        if slot == "observer":
            continue
        assert copied == original, slot
        if isinstance(original, list):
            assert copied is not original, f"{slot} is shared between a game and its clone"

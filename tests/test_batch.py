"""Playouts in numpy arrays over worlds (`players.batch`) make the choices the playouts of one world at a time make,
and a hand the engine settles from its cards, tricks and events (`Game.settle_play`) is the same hand played."""

from __future__ import annotations

import random
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from helpers import CONFIGURATIONS, config_id, random_position, rules
from trickbook import Game, load_ruleset
from trickbook.engine.history import HandResult
from trickbook.engine.view import SeatView
from trickbook.players import batch, placing
from trickbook.players.mcts import MonteCarloPlayer
from trickbook.players.playout import play_out_hand
from trickbook.players.policy import policy
from trickbook.players.search import outcomes_in, value
from trickbook.players.worlds import imagine

HEARTS_RULES = [
    ("hearts", (("first_lead_any_club", "on"), ("no_points_first_trick", "off")), None),
    ("hearts", (("qs_breaks_hearts", "off"), ("heart_lead_instead_of_qs", "on")), None),
    ("hearts", (("heart_lead_instead_of_qs", "on"),), None),
]
"""Hearts' options that change what may be led or played: a first lead of any club, point cards allowed on the
first trick, hearts broken by a heart alone, a heart led instead of the queen of spades."""

TOGETHER = [config for config in CONFIGURATIONS + HEARTS_RULES if batch.plays_together(rules(*config))]
"""The bundled configurations whose hands can be played out in arrays."""


def test_numpy_is_installed_with_the_test_extras_so_the_arrays_are_tested() -> None:
    assert batch.available()


def test_the_arrays_take_the_plays_they_can_follow_and_leave_the_rest_to_one_world_at_a_time() -> None:
    """Tarneeb 41 (a trick event in its scoring), Whist, Oh Hell, Spades (trumps banned from the lead until
    broken), Black Maria and Sueca (card points), Hearts (a first lead, cards kept off the first trick, a suit
    broken by the queen of spades too), Call Break and Baloot (duties to beat and to trump), Bridge (a dummy),
    Euchre (lone hands) and Auction Pitch (a trump played instead of following) are played in arrays; Kout has
    leads of no rank, Pinochle two copies of each card, Skat and Trex plays that may stop early and German Whist
    draws: each of those is played one world at a time."""
    together = ("tarneeb-41", "whist", "oh-hell", "cardems-spades", "black-maria", "sueca", "hearts", "call-break")
    others = ("baloot", "contract-bridge", "euchre", "auction-pitch")
    assert all(batch.plays_together(load_ruleset(name)) for name in (*together, *others))
    apart = ("kout", "pinochle", "skat", "trex", "german-whist")
    assert not any(batch.plays_together(load_ruleset(name)) for name in apart)
    assert not load_ruleset("sueca").scored_by_tricks and load_ruleset("tarneeb-41").scored_by_tricks


def _play_position(config: tuple, seed: int, cards: int) -> Game | None:
    """A game of `config` `cards` cards into the play of a hand played by the quick policy, its trump known;
    None when the match ends first."""
    game = Game(rules(*config), seed, hand_cap=3)
    while not game.is_over():
        if batch.ready(game):
            if cards == 0:
                return game
            cards -= 1
        seat = game.actor
        assert seat is not None
        game.apply(policy(game.view(seat)))
    return None


def _imagined(config: tuple, seed: int, cards: int, count: int) -> tuple[SeatView, list[Game]] | None:
    """The view of the seat to play `cards` cards into a hand of `config` (see `_play_position`) and `count`
    worlds imagined from it; None when the match ends first."""
    game = _play_position(config, seed, cards)
    if game is None:
        return None
    view = game.view(game.actor or 0)
    rng = random.Random(seed)
    return view, [imagine(view, rng, later_hands=False) for _ in range(count)]


def _played_alike(one: HandResult, many: HandResult) -> bool:
    """True when two results of a hand took the same tricks, counted the same events and scored the same."""
    return (many.tricks_won, many.events, many.score, many.seat_score) == (
        one.tricks_won,
        one.events,
        one.score,
        one.seat_score,
    )


def test_a_scoring_that_reads_only_the_sides_tricks_is_known_and_one_seats_tricks_undo_it(tmp_path: Path) -> None:
    """Tarneeb 41 scores the declaring side's tricks (`tricks(declaring_side)`), Call Break each seat's
    (`tricks(seat) >= bid(seat)`); a Tarneeb 41 that also scores the declarer's own tricks is keyed by seat."""
    assert load_ruleset("tarneeb-41").scored_by_side_tricks and load_ruleset("contract-bridge").scored_by_side_tricks
    assert load_ruleset("call-break").scored_by_tricks and not load_ruleset("call-break").scored_by_side_tricks
    path = tmp_path / "seat.yaml"
    path.write_text(
        "format: trickbook-ruleset/2\nid: seat\ntitle: Seat\nextends: tarneeb-41\n"
        "scoring:\n  rules:\n    alone:\n      for: side\n      when: side == declaring_side\n"
        "      points: if tricks(declarer) == 13 then 1 else 0\n",
        encoding="utf-8",
    )
    assert not load_ruleset(str(path)).scored_by_side_tricks


@pytest.mark.parametrize("config", TOGETHER, ids=config_id)
@settings(max_examples=25)
@given(seed=st.integers(0, 2**31), cards=st.integers(0, 40))
def test_worlds_played_out_together_end_as_each_played_out_alone(config: tuple, seed: int, cards: int) -> None:
    """Every world imagined at a card of the play ends with the tricks, trick events and score it ends with
    played alone, card for card by the same policy; with the outcomes a decision shares (`scored`), with the
    same score and trick events, and the same tricks for each side where the scoring reads no more."""
    imagined = _imagined(config, seed, cards, 12)
    if imagined is None:
        return
    view, worlds = imagined
    alone = [play_out_hand(world.clone(), world.hands_finished) for world in worlds]
    together = batch.play_out_together([world.clone() for world in worlds])
    shared = batch.play_out_together([world.clone() for world in worlds], {}, {})
    sides = view.rules.seating.sides
    for one, many, lent in zip(alone, together, shared, strict=True):
        assert _played_alike(one, many)
        assert value(view, many) == value(view, one) == value(view, lent)
        assert (lent.events, lent.score, lent.seat_score) == (one.events, one.score, one.seat_score)
        if view.rules.scored_by_side_tricks:
            by_side = [[sum(hand.tricks_won[s] for s in members) for members in sides] for hand in (lent, one)]
            assert by_side[0] == by_side[1]
        else:
            assert lent.tricks_won == one.tricks_won


@pytest.mark.parametrize("config", TOGETHER, ids=config_id)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**31), cards=st.integers(0, 60))
def test_each_world_read_once_and_played_under_every_choice_ends_as_each_choice_made_on_a_copy(
    config: tuple, seed: int, cards: int
) -> None:
    """A decision's worlds played under each card its seat may play, in one set of arrays, end as each card
    played on a copy of each world and the copy played out alone (the last card of a trick and of the hand
    among them)."""
    imagined = _imagined(config, seed, cards, batch.TOGETHER_AT_LEAST)
    if imagined is None:
        return
    view, worlds = imagined
    choices = list(view.legal)
    with mock.patch.object(batch, "_play_group", wraps=batch._play_group) as arrays:
        together = batch.play_out_choices([world.clone() for world in worlds], choices)
    assert arrays.call_count == 1
    with mock.patch.object(batch, "ready", lambda world: False):
        alone = batch.play_out_choices(worlds, choices)
    assert len(together) == len(alone) == len(worlds) * len(choices)
    for one, many in zip(alone, together, strict=True):
        assert _played_alike(one, many)


@pytest.mark.parametrize("config", TOGETHER, ids=config_id)
def test_worlds_at_different_cards_of_a_trick_are_played_in_groups(config: tuple) -> None:
    """Worlds one, two and three cards further on are played out together and each ends as it does alone."""
    game = next(game for seed in range(40) if (game := _play_position(config, seed, 5)) is not None)
    worlds = [game.clone()]
    for _ in range(3):
        later = worlds[-1].clone()
        later.apply(policy(later.view(later.actor or 0)))
        worlds.append(later)
    hand = game.hands_finished
    together = batch.play_out_together([world.clone() for world in worlds])
    alone = [play_out_hand(world.clone(), hand) for world in worlds]
    assert [(many.tricks_won, many.events, many.score) for many in together] == [
        (one.tricks_won, one.events, one.score) for one in alone
    ]


SETTLED = [c for c in CONFIGURATIONS if rules(*c).play.stop_when is None and rules(*c).play.draw is None]
"""The bundled configurations whose hands play to their last card, so a playout may settle them."""


@pytest.mark.parametrize("config", SETTLED, ids=config_id)
@settings(max_examples=5)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60))
def test_a_hand_settled_from_its_cards_tricks_and_events_is_the_hand_played(
    config: tuple, seed: int, steps: int
) -> None:
    """A hand ended by `settle_play` with the cards, tricks and events the played hand ended with is that hand
    (moves, score, card points, totals, counters), and the match goes on (or ends) the same way."""
    game = random_position(config, seed, steps)
    if game.is_over() or game.phase != "play":
        return
    played, settled = game.clone(), game.clone()
    hand = game.hands_finished
    chooser = random.Random(seed)
    while played.hands_finished == hand and not played.is_over():
        played.apply(chooser.choice(played.legal_actions()))
    whole = played.finished_hand(hand)
    settled.settle_play(whole.packed_moves[game.moves_made :], whole.tricks_won, whole.events)
    assert settled.finished_hand(hand) == whole
    assert (settled.is_over(), settled.winner, settled.hand_number, settled.totals) == (
        played.is_over(),
        played.winner,
        played.hand_number,
        played.totals,
    )


def test_a_watched_game_is_not_settled_by_a_playout() -> None:
    """A game with an observer (a table, a recorder) is played card by card, so every card reaches it."""
    game = Game(load_ruleset("whist"), 1, observer=lambda event: None)
    while game.phase != "play":
        game.apply(policy(game.view(game.actor or 0)))
    with pytest.raises(ValueError, match="observer"):
        game.settle_play((), (13, 0, 0, 0), ())


def test_a_hand_a_rule_may_stop_early_is_not_settled_by_a_playout() -> None:
    game = Game(load_ruleset("skat-simple"), 1)
    while game.phase != "play":
        game.apply(policy(game.view(game.actor or 0)))
    with pytest.raises(ValueError, match="runs to its last card"):
        game.settle_play((), (10, 0, 0), ())


@pytest.mark.parametrize(
    "ruleset", ["tarneeb-41", "whist", "oh-hell", "hearts", "call-break", "baloot", "contract-bridge"]
)
def test_a_search_decision_in_arrays_chooses_the_card_of_one_world_at_a_time(ruleset: str) -> None:
    """mcts at several cards of the play: the same card with its playouts in arrays as one world at a time."""
    compared = 0
    for seed in range(4):
        game = _play_position((ruleset, (), None), seed, 4 * seed)
        if game is None or len(game.legal_actions()) < 2:
            continue
        view = game.view(game.actor or 0)
        together = MonteCarloPlayer(random.Random(seed), 200, None).choose(view)
        with mock.patch.object(batch, "ready", lambda world: False):
            alone = MonteCarloPlayer(random.Random(seed), 200, None).choose(view)
        assert together == alone
        compared += 1
    assert compared >= 2


def test_a_search_plays_its_playouts_in_arrays_where_the_rules_allow() -> None:
    """The arrays really run in a search of Tarneeb 41's play (so the test above compares two paths)."""
    game = _play_position(("tarneeb-41", (), None), 1, 0)
    assert game is not None
    view = game.view(game.actor or 0)
    with mock.patch.object(batch, "_play_group", wraps=batch._play_group) as spy:
        MonteCarloPlayer(random.Random(1), 200, None).choose(view)
    rows = [len(call.args[0]) * len(call.args[3]) for call in spy.call_args_list]
    assert rows and sum(rows) >= batch.TOGETHER_AT_LEAST


def _deal_by_choices(
    pool: list[int], need: list[int], forbidden: list[int], rng: random.Random
) -> list[list[int]] | None:
    """The deal of hidden cards as first written, with `random.choices`: the reference for `deal_hidden`'s first
    try (None where that try reaches a dead end)."""
    slots = [s for s in range(len(need)) if need[s] > 0]
    eligible = {c: [s for s in slots if not forbidden[s] & (1 << c)] for c in pool}
    order = sorted(pool, key=lambda c: (len(eligible[c]), rng.random()))
    left = list(need)
    hands: list[list[int]] = [[] for _ in need]
    for card in order:
        options = [s for s in eligible[card] if left[s] > 0]
        if not options:
            return None
        slot = rng.choices(options, weights=[left[s] for s in options])[0]
        hands[slot].append(card)
        left[slot] -= 1
    return hands


@given(seed=st.integers(0, 2**31), voids=st.lists(st.integers(0, 2**13 - 1), min_size=3, max_size=3))
def test_hidden_cards_are_dealt_as_random_choices_dealt_them(seed: int, voids: list[int]) -> None:
    """Three seats needing 13, 13 and 12 cards of 38, each void in some cards of its own suit (so a card two seats
    lack has one slot, which draws too): the same deal, and the same numbers left in the stream, as with
    `random.choices`."""
    pool = list(range(38))
    need = [13, 13, 12, 0]
    forbidden = [void << 13 * seat for seat, void in enumerate(voids)] + [0]
    reference = _deal_by_choices(pool, need, forbidden, random.Random(seed))
    assume(reference is not None)
    ours, theirs = random.Random(seed), random.Random(seed)
    assert placing.deal_hidden(pool, need, forbidden, ours, 1) == reference
    _deal_by_choices(pool, need, forbidden, theirs)
    assert ours.random() == theirs.random()


@pytest.mark.parametrize("config", TOGETHER, ids=config_id)
@settings(max_examples=6)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 12))
def test_choices_valued_in_arrays_are_valued_as_one_world_at_a_time(config: tuple, seed: int, steps: int) -> None:
    """A decision before the play (a bid, a trump) valued with its playouts in arrays gets the values, and so the
    choice, it gets with every world played out alone."""
    game = random_position(config, seed, steps)
    if game.is_over() or game.phase == "play":
        return
    view = game.view(game.actor or 0)
    rng = random.Random(seed)
    worlds = [imagine(view, rng, later_hands=False) for _ in range(8)]
    choices = list(view.legal[:5])
    with mock.patch.object(batch, "ready", lambda world: False):
        alone = outcomes_in(view, choices, worlds)
    assert outcomes_in(view, choices, worlds) == alone


def test_a_bid_is_valued_with_its_playouts_in_arrays() -> None:
    """Tarneeb 41's first bid, five choices in eight worlds: the playouts of the first choice under every trump go
    to the arrays (so the test above compares two paths)."""
    game = Game(load_ruleset("tarneeb-41"), 1)
    view = game.view(game.actor or 0)
    rng = random.Random(1)
    worlds = [imagine(view, rng, later_hands=False) for _ in range(8)]
    with mock.patch.object(batch, "play_out_together", wraps=batch.play_out_together) as arrays:
        outcomes_in(view, list(view.legal[:5]), worlds)
    assert sum(len(call.args[0]) for call in arrays.call_args_list) >= batch.TOGETHER_AT_LEAST


def test_masks_of_decks_past_62_cards_become_the_same_rows_of_cards() -> None:
    """Card masks too wide for a 64-bit number are read card by card into the same booleans."""
    rows = batch._bits([[1 | 1 << 65, 1 << 69], [0, 2]], 70)
    assert rows.shape == (2, 2, 70)
    assert [list(map(int, row.nonzero()[0])) for row in rows.reshape(4, 70)] == [[0, 65], [69], [], [1]]


def test_a_lone_hand_is_played_out_together_as_alone() -> None:
    """Euchre hands where a maker went alone, its partner sitting out: tricks of three cards, each world ending
    with the tricks, score and value it ends with played alone (random play finds the lone hands the quick policy
    never calls)."""
    euchre = rules("euchre")
    compared = 0
    for seed in range(300):
        game = Game(euchre, seed, hand_cap=3)
        chooser = random.Random(seed)
        while not game.is_over() and not (batch.ready(game) and game.outs):
            game.apply(chooser.choice(game.legal_actions()))
        if game.is_over():
            continue
        view = game.view(game.actor or 0)
        worlds = [imagine(view, chooser, later_hands=False) for _ in range(6)]
        together = batch.play_out_together([world.clone() for world in worlds])
        alone = [play_out_hand(world.clone(), world.hands_finished) for world in worlds]
        assert [(hand.tricks_won, hand.score) for hand in together] == [(hand.tricks_won, hand.score) for hand in alone]
        assert all(len(hand.packed_moves) == len(one.packed_moves) for hand, one in zip(together, alone, strict=True))
        compared += 1
        if compared == 8:
            break
    assert compared == 8

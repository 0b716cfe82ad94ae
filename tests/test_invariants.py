"""Properties every ruleset must keep, over random seeds and random legal play (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import CONFIGURATIONS, config_id, rules
from trickbook import Game
from trickbook.engine import restrictions
from trickbook.engine.dealing import seeded_deal
from trickbook.errors import IllegalAction, Location
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
    actions = game.rules.actions
    seats = range(game.rules.seats)
    for seat in seats:
        view = game.view(seat)
        assert set(view.hand) == set(game.hand(seat))
        unplayed_elsewhere = {c for other in seats if other != seat for c in game.hand(other)}
        shown_passes = {
            actions.card_of(m.action)
            for m in view.moves
            if actions.kinds[m.action] == "give" and m.action != actions.hidden_give
        }
        for move in view.moves:
            if actions.kinds[move.action] == "give" and move.action != actions.hidden_give and move.seat != seat:
                assert game.cards_passed and game.receiver(move.seat) == seat, "a seat sees a pass not made to it"
        dummy = set(view.dummy_hand)
        if dummy:
            assert dummy == set(game.hand(view.dummy)), "the dummy shown is the dummy's hand"
            assert game.trick or sum(game.tricks_won), "the dummy is shown only after the opening lead"
        visible = set(view.hand) | set(view.exposed) | set(view.trick) | shown_passes
        assert not (visible & unplayed_elsewhere) - exposed - shown_passes, "a view shows another seat's card"
        assert view.legal == (game.legal_actions() if game.actor == seat else ())


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=SEEDS)
def test_every_deal_shares_out_the_whole_deck_the_same_number_to_each(config: tuple, seed: int) -> None:
    game = random_match(config, seed, check=False)
    deck = game.rules.deck
    for hand in game.history:
        cards = [c for seat in hand.deal for c in seat] + list(hand.stock)
        in_play = [c for c in range(deck.size) if not game.rules.deal.removed >> c & 1]
        assert sorted(cards) == in_play, "every card but those `deal.remove` takes out"
        assert len({len(seat) for seat in hand.deal}) == 1, "every seat is dealt as many cards"
        assert len(hand.deal) == game.rules.seats


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=SEEDS)
def test_views_hide_other_seats_cards_and_actions_come_from_legal_actions(config: tuple, seed: int) -> None:
    random_match(config, seed, check=True)


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=SEEDS)
def test_a_played_hand_has_a_trick_per_card_held_and_totals_are_the_sum_of_hand_scores(
    config: tuple, seed: int
) -> None:
    game = random_match(config, seed, check=False)
    seating = game.rules.seating
    sides = range(len(seating.sides))
    totals = [0] * len(sides)
    seat_totals = [0] * seating.seats
    for hand in game.history:
        size = game.rules.tricks_in_hand(len(hand.deal[0]))  # with `play.draw`, a trick more per round drawn
        if hand.cancelled:
            assert not any(hand.score)
        else:
            tricks = sum(hand.tricks_won)
            assert tricks == size or (tricks < size and game.rules.play.stop_when is not None), "stopped early"
            alone = sum(1 for m in hand.moves if game.rules.actions.kinds[m.action] == "alone")
            playing = seating.seats - alone
            assert sum(1 for m in hand.moves if m.action < game.rules.deck.size) == tricks * playing
        totals = [totals[i] + hand.score[i] for i in sides]
        assert hand.totals == tuple(totals)
        side_of = [seating.side_of[ln.target] if ln.per == "seat" else ln.target for ln in hand.lines]
        assert hand.score == tuple(
            sum(ln.points for ln, side in zip(hand.lines, side_of, strict=True) if side == s) for s in sides
        )
        if hand.seat_score is not None:
            seat_totals = [seat_totals[i] + hand.seat_score[i] for i in range(seating.seats)]
            assert hand.seat_totals == tuple(seat_totals)
            assert hand.totals == tuple(sum(seat_totals[s] for s in members) for members in seating.sides)
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
    specs = parse_player_specs("random", rules(*config).seats)
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
    slots = [slot for cls in Game.__mro__ for slot in getattr(cls, "__slots__", ())]
    assert len(slots) > 60, "every slot of the game's state is checked"
    for slot in slots:
        original, copied = getattr(game, slot), getattr(copy, slot)
        if slot in ("observer", "_sheet"):
            continue
        assert copied == original, slot
        if isinstance(original, list):
            assert copied is not original, f"{slot} is shared between a game and its clone"


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=SEEDS)
def test_the_legal_cards_are_what_the_play_rules_allow_and_every_other_card_is_refused(
    config: tuple, seed: int
) -> None:
    """The fast paths (one mask for plain rules, a mask kept until the next card for the rest) agree with the
    play rules' steps, asked afresh; a card the steps leave out is refused, naming a rule."""
    game = Game(rules(*config), seed, hand_cap=2)
    chooser = random.Random(seed)
    deck = game.rules.deck
    while not game.is_over():
        legal = game.legal_actions()
        if game.phase == "play":
            held = game.hand(game.turn)
            allowed = restrictions.allowed(game, deck.mask(held), game._condition_facts)
            assert legal == deck.cards(deck.one_of_each(allowed)), "one choice for two copies of a card"
            assert game.legal_actions() == legal
            for card in [c for c in held if not deck.twins[c] & allowed]:
                copy = game.clone()
                with pytest.raises(IllegalAction) as refused:
                    copy.apply(card)
                assert refused.value.rule
        game.apply(chooser.choice(legal))


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_the_end_of_a_match_names_the_winning_side_or_players(config: tuple) -> None:
    ruleset = rules(*config)
    seating = ruleset.seating
    for seed in range(1, 6):
        game = play_match(ruleset, seed, parse_player_specs("heuristic", ruleset.seats), 200)
        if game.winner is None:
            continue
        if game.winning_side is not None and len(game.winner) == len(seating.sides[game.winning_side]):
            assert game.end_reason == f"{seating.side_names[game.winning_side]} won"
        elif len(game.winner) == 1:
            assert game.end_reason == f"{seating.seat_label(game.winner[0])} won"
        else:
            assert game.end_reason.endswith("share the win")
        return
    pytest.fail("no match of five between heuristic players ended with a winner within 200 hands")


def test_the_same_seed_deals_the_same_cards_to_each_seat_whatever_the_direction_or_the_dealer() -> None:
    """Tarneeb 41 plays counter-clockwise and Cardems Tarneeb clockwise: after the first hand their dealers move
    opposite ways, yet every hand of a seed gives each seat the same cards, so comparisons are paired."""
    clockwise, counter = rules("cardems-tarneeb"), rules("tarneeb-41")
    for seed in range(1, 6):
        for number in range(1, 4):
            for dealer in range(4):
                assert (
                    seeded_deal(clockwise, seed, number, dealer).hands
                    == seeded_deal(counter, seed, number, (dealer + 1) % 4).hands
                )
    deal = seeded_deal(counter, 7, 1, dealer=2)
    assert len({len(cards) for cards in deal.hands}) == 1 and sorted(c for h in deal.hands for c in h) == list(
        range(52)
    )

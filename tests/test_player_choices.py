"""Search players take the one clearly best move, and the worlds they imagine keep every rule of who holds which
card: what the seat saw played, exposed, passed and shown, and the voids its view infers (issue 33, item 3)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import CONFIGURATIONS, act, config_id, played, random_position, rules, stacked_game
from test_language_three import OR_TRUMP, RAISE
from trickbook import Game, Rules, limits
from trickbook.engine.history import HandResult
from trickbook.errors import IllegalAction, UsageError
from trickbook.players import appetite, batch, contract, make_player, parse_player_specs
from trickbook.players.appetite import party, remember, trick_target
from trickbook.players.contract import CALL_WORLDS, samples_within
from trickbook.players.playout import SharedAims
from trickbook.players.policy import plausible_calls, policy
from trickbook.players.search import (
    NO_CHOICE,
    affordable,
    best_named,
    choice_values,
    outcomes_in,
    sample_worlds,
    value,
    values_in,
)
from trickbook.players.worlds import _bidders, imagine, sample_world, world_game
from trickbook.ruleset.loader import open_text

TWO_CARDS = rules("oh-hell", (("sequence", "2"),))
"""Oh Hell with one hand of two cards: a bid names the exact tricks, so a trick too many or too few costs the
bonus."""

HANDS = {0: "5S 9D", 1: "7S 8D", 2: "4S 6D", 3: "KS 3S"}
"""Seat 3, the dealer, plays last to a spade trick led low: the king wins it for sure, the three loses it for
sure."""

SEARCHERS = ["mcts:playouts=24", "heuristic:samples=4"]


def _at_seat_3s_card(bid: str) -> Game:
    """The deal above after the bids 1, 0, 0 and seat 3's `bid`, with the first trick led to seat 3."""
    game = stacked_game(TWO_CARDS, HANDS, dealer=3)
    act(game, "bid 1", "bid 0", "bid 0", bid, "5S", "7S", "4S")
    assert game.turn == 3 and {TWO_CARDS.deck.code(c) for c in game.hand(3)} == {"KS", "3S"}
    return game


@pytest.mark.parametrize("kind", SEARCHERS)
@pytest.mark.parametrize(("bid", "best"), [("bid 2", "KS"), ("bid 0", "3S")], ids=["sure trick", "sure zero save"])
def test_a_search_player_takes_the_one_clearly_best_card(kind: str, bid: str, best: str) -> None:
    """mcts by its playouts; the heuristic plays cards by its quick policy (it searches only its bids)."""
    game = _at_seat_3s_card(bid)
    view = game.view(3)
    for seed in range(3):
        player = make_player(parse_player_specs(kind, 1)[0], seed, 3)
        assert TWO_CARDS.actions.text(player.choose(view)) == best, (kind, bid, seed)


def _new_play_rules() -> list[Rules]:
    """Tarneeb 41 with trump raised on a trump lead (unless the partner wins), and with trumping instead of
    following: the rules whose plays show what a seat lacks in new ways."""
    return [open_text(text.split("examples:")[0], "extra.yaml").resolve() for text in (RAISE, OR_TRUMP)]


EXTRA = _new_play_rules()


def _position(case: int, seed: int, steps: int) -> Game:
    """A random position of one bundled configuration or one of the extra rulesets."""
    if case < len(CONFIGURATIONS):
        return random_position(CONFIGURATIONS[case], seed, steps)
    game = Game(EXTRA[case - len(CONFIGURATIONS)], seed, hand_cap=3)
    chooser = random.Random(seed)
    for _ in range(steps):
        after = game.clone()
        action = chooser.choice(game.legal_actions())
        after.apply(action)
        if after.is_over():
            break
        game.apply(action)
    return game


DEAL_DEPENDENT = ("bidding.forbid.", "trump.games.", "play.follow_only_when", "play.must_play")
"""The refusals a world's cards can bring about for a move the real deal allowed: rules whose conditions read
the cards dealt or held."""
CASES = list(range(len(CONFIGURATIONS) + len(EXTRA)))
CASE_IDS = [config_id(c) for c in CONFIGURATIONS] + ["raise-trump", "or-trump"]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 80))
def test_a_sampled_world_replays_to_exactly_what_the_seat_sees(case: int, seed: int, steps: int) -> None:
    """Dealt the world's cards and making its moves, a game shows the seat the very view it had: the same hand,
    cards played by each seat, exposed card and its holder, passed cards given and received, dummy and open
    hand, trick, and every void the view infers; and no seat holds a card its view forbids it."""
    game = _position(case, seed, steps)
    if game.is_over() or game.turn is None:
        return
    seat = game.turn
    view = game.view(seat)
    world = sample_world(view, random.Random(seed))
    deck = view.rules.deck
    in_play = [c for c in range(deck.size) if not view.rules.deal.removed >> c & 1]
    assert sorted([*(c for cards in world.deal for c in cards), *world.stock]) == in_play
    try:
        replayed = world_game(view, world, seed)
    except IllegalAction as refused:  # only a bid or a named game the world's cards forbid (the searchers then
        # draw again: imagine), or a card a condition on the cards in hand holds back or owes
        assert refused.rule.startswith(DEAL_DEPENDENT), refused
        return
    assert replayed.view(seat) == view
    forbidden = view.forbidden()
    for other in range(view.rules.seats):
        assert not deck.mask(replayed.hand(other)) & forbidden[other], f"seat {other} holds a card it showed it lacks"
        assert len(replayed.hand(other)) == len(game.hand(other))


DOUBLING = rules("tarneeb-41-house", (("doubling", "on"),))
HIGH = "AS KS QS AH KH QH AD KD QD AC KC QC"


def _doubling_asks(defenders_hold: str) -> Game:
    """A Tarneeb hand where the first bidder bids 12 and wins it, names spades, and a defender is asked whether to
    double; the defenders hold `defenders_hold` between them, shared out one card each in turn."""
    first = Game(DOUBLING, 0, dealer=0).turn
    assert first is not None
    left, right = (first + 1) % 4, (first + 3) % 4
    cards = defenders_hold.split()
    game = stacked_game(DOUBLING, {left: " ".join(cards[0::2]), right: " ".join(cards[1::2])}, dealer=0)
    act(game, "bid 12", "pass", "pass", "pass", "trump S")
    assert game.phase == "doubling" and game.turn in (left, right)
    return game


def test_the_quick_doubling_doubles_a_contract_it_expects_to_set_and_lets_a_safe_one_be() -> None:
    """Defenders holding every ace, king and queen expect far more than the one trick a bid of 12 leaves them:
    they double. Defenders holding the lowest cards expect nothing: they pass."""
    strong = _doubling_asks(HIGH)
    assert DOUBLING.actions.text(policy(strong.view(strong.turn))) == "double"
    weak = _doubling_asks("2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C")
    assert DOUBLING.actions.text(policy(weak.view(weak.turn))) == "pass"


@pytest.mark.parametrize(("bid", "target"), [("bid 2", 2), ("bid 0", 0)])
def test_a_seat_aims_at_exactly_the_tricks_it_bid_every_trick_of_the_hand_included(bid: str, target: int) -> None:
    """Oh Hell pays only the exact bid: a seat that bid both tricks of a two-card hand aims at both (the hook
    forbids the dealer a bid of 1 here)."""
    assert trick_target(_at_seat_3s_card(bid).view(3)) == target


def test_partners_who_score_personally_each_aim_alone_and_a_side_that_scores_together_aims_as_one() -> None:
    """Syrian Tarneeb 41 seats sides but scores each player's own bid; Tarneeb 41 scores the side."""
    personal = Game(rules("syrian-tarneeb-41"), 0, dealer=0)
    assert [party(personal.view(seat)) for seat in range(4)] == [(0,), (1,), (2,), (3,)]
    together = Game(rules("tarneeb-41"), 0, dealer=0)
    assert [party(together.view(seat)) for seat in range(4)] == [(0, 2), (1, 3), (0, 2), (1, 3)]


def test_a_search_values_penalty_points_as_a_loss_where_the_lower_total_wins() -> None:
    """Hearts: a hand where seats 1 and 3 took 13 points each is good for seats 0 and 2, bad for 1 and 3; Spades
    (higher wins) the other way round."""
    for ruleset, sign in (("hearts", 1), ("cardems-spades", -1)):
        game = played(Game(rules(ruleset), 0, dealer=0), 0, hands=1)
        hand = game.history[0]._replace(score=(0, 13, 0, 13), seat_score=(0, 13, 0, 13))
        if game.rules.match.by == "side":
            hand = hand._replace(score=(0, 13))
        worth = [value(game.view(seat), hand) for seat in range(4)]
        assert [w * sign > 0 for w in worth] == [True, False, True, False], (ruleset, worth)


def test_the_bidders_a_world_weighs_are_the_other_seats_that_bid_never_the_viewer() -> None:
    """After a Tarneeb auction won by the first bidder's 12, the winner weighs nobody's bid but its own (which
    it knows), and every other seat weighs the winner's."""
    game = _doubling_asks(HIGH)
    bidders = {seat: _bidders(game.view(seat)) for seat in range(4)}
    winner = next(seat for seat, seats in bidders.items() if not seats)
    assert all(seats == [winner] for seat, seats in bidders.items() if seat != winner), bidders


def test_a_players_budget_starts_at_one_playout_and_one_millisecond() -> None:
    """The lower ends of the budget (the upper ones are in tests/test_limits.py): one playout and one millisecond
    are budgets, none is not; and an option is written key=value, with both sides."""
    assert [str(s) for s in parse_player_specs("mcts:playouts=1,heuristic:samples=1,mcts:ms=1", 3)] == [
        "mcts:playouts=1",
        "heuristic:samples=1",
        "mcts:ms=1",
    ]
    for spec, says in (
        ("mcts:playouts=0", "would play out 0 hands for one decision; a player plays out 1 to"),
        ("heuristic:samples=0", "would play out 0 hands for one decision"),
        ("mcts:ms=0", "would think 0 ms for one decision"),
        ("mcts:=5", "player options are written key=value, as in mcts:playouts=200; found '=5'"),
        ("mcts:playouts", "player options are written key=value, as in mcts:playouts=200; found 'playouts'"),
    ):
        with pytest.raises(UsageError, match=re.escape(says)):
            parse_player_specs(spec, 1)


def test_a_decision_affords_every_world_it_wants_up_to_the_playout_limit_and_one_world_at_the_least() -> None:
    """Whist names no trump after a choice: a decision between c choices affords MAX // c worlds."""
    view = Game(rules("whist"), 0, dealer=0).view(0)
    most = limits.MAX_PLAYOUTS_PER_DECISION
    assert affordable(view, most, 1) == most and affordable(view, most + 1, 1) == most
    assert affordable(view, most, 2) == most // 2 and affordable(view, 6, 2) == 6
    assert affordable(view, 6, most + 1) == 1


def test_a_choices_value_is_its_mean_over_the_worlds() -> None:
    """Each choice is played out in the same worlds; its value is the mean of those playouts' values."""
    game = _at_seat_3s_card("bid 2")
    view = game.view(3)
    worlds = sample_worlds(view, random.Random(0), 5)
    each = outcomes_in(view, list(view.legal), worlds)
    means = values_in(view, list(view.legal), worlds)
    assert means == {choice: sum(found) / len(found) for choice, found in each.items()}
    assert all(len(found) == 5 for found in each.values())


def _two_trump_tarneeb() -> Rules:
    """Cardems Tarneeb where the declarer may name only spades or hearts: a choice of exactly two trumps."""
    text = (
        "format: trickbook-ruleset/1\nid: two-trumps\ntitle: Two trumps\nextends: cardems-tarneeb\n"
        "trump:\n  mode: chosen\n  suits: [S, H]\n"
    )
    return open_text(text, "two-trumps.yaml").resolve()


def test_a_bid_that_wins_the_auction_is_valued_under_each_of_two_trumps_the_bidder_may_name() -> None:
    """North bids 13, which nobody can top: North names trump next, spades or hearts, and the bid is valued
    under each of the two."""
    game = Game(_two_trump_tarneeb(), 0, dealer=3)
    view = game.view(0)
    actions = game.rules.actions
    world = imagine(view, random.Random(1), later_hands=False)
    values = choice_values(view, [actions.parse("bid 13")], [world])[0][0]
    assert sorted(values) == sorted([actions.parse("trump S"), actions.parse("trump H")])


def test_later_choices_keep_the_trump_found_best_after_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first bid tries every trump; the next bids are valued under the one best over the worlds for it,
    one playout each (the cheaper estimate that lets a decision afford more worlds)."""
    game = Game(_two_trump_tarneeb(), 0, dealer=3)
    view = game.view(0)
    actions = game.rules.actions
    first, second = actions.parse("bid 13"), actions.parse("bid 12")
    worlds = sample_worlds(view, random.Random(2), 3)
    found = choice_values(view, [first], worlds)[0]
    _, best = best_named(found)
    assert best != NO_CHOICE
    then = choice_values(view, [second], worlds, best)[0]
    assert all(list(values) == [best] for values in then)
    assert outcomes_in(view, [first, second], worlds)[second] == [values[best] for values in then]
    hands: list[int] = []
    counted = batch.play_out_all

    def counting(
        playouts: list[tuple[Game, int]], shared: SharedAims | None = None, scored: batch.Outcomes | None = None
    ) -> list[HandResult]:
        hands.extend(hand for _world, hand in playouts)
        return counted(playouts, shared, scored)

    monkeypatch.setattr(batch, "play_out_all", counting)
    outcomes_in(view, [first, second], worlds)
    assert len(hands) == len(worlds) * (2 + 1)


def test_an_mcts_call_spends_its_playouts_on_the_plausible_calls_and_judges_on_three_samples_at_the_least() -> None:
    bridge = rules("contract-bridge")
    game = Game(bridge, 0, dealer=0)
    assert game.actor is not None
    view = game.view(game.actor)
    calls = len(plausible_calls(view))
    assert calls >= 2
    assert samples_within(view, 1000) == 1000 // (CALL_WORLDS * calls)
    assert samples_within(view, CALL_WORLDS * calls * 3) == 3 and samples_within(view, 1) == 3


def test_a_players_cache_holds_its_limit_of_entries_then_starts_afresh() -> None:
    cache: dict[int, int] = {}
    for key in range(appetite._LIMIT):
        remember(cache, key, key)
    assert len(cache) == appetite._LIMIT
    remember(cache, -1, -1)
    assert cache == {-1: -1}


def test_an_imagined_match_goes_on_after_this_hand_unless_told_to_end_with_it() -> None:
    """Whist's match lasts several hands: a world imagined for a whole match deals the next one, a world for a
    playout of this hand (what the searches ask for) ends with it."""
    view = Game(rules("whist"), 0, dealer=0).view(1)
    for later_hands, over in ((None, False), (True, False), (False, True)):
        world = imagine(view, random.Random(0)) if later_hands is None else imagine(view, random.Random(0), later_hands)
        chooser = random.Random(1)
        while world.hands_finished == 0:
            world.apply(chooser.choice(world.legal_actions()))
        assert world.is_over() is over, later_hands
    replayed = world_game(view, sample_world(view, random.Random(0)), 0)
    chooser = random.Random(1)
    while replayed.hands_finished == 0:
        replayed.apply(chooser.choice(replayed.legal_actions()))
    assert not replayed.is_over()


def test_a_call_climbs_to_a_higher_level_only_when_it_is_worth_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where every contract scores the same in every world, the opening bid stays the lowest that scores: a
    higher level risks more for nothing. Where each level is worth more than the one below, it climbs to 7."""
    bridge = rules("contract-bridge")
    game = Game(bridge, 0, dealer=0)
    assert game.actor is not None
    view = game.view(game.actor)
    actions = bridge.actions
    strains = len(bridge.bidding.calls.strains) if bridge.bidding.calls else 0

    def flat(view: object, choices: list[int], worlds: object) -> dict[int, list[float]]:
        return {c: [0.0 if c == actions.pass_action else 10.0] * 3 for c in choices}

    monkeypatch.setattr(contract, "outcomes_in", flat)
    chosen = contract.choose_call(view, random.Random(0), 3)
    lowest = next(c for c in plausible_calls(view) if actions.kinds[c] == "bid")
    assert chosen == lowest and chosen + strains in view.legal

    def rising(view: object, choices: list[int], worlds: object) -> dict[int, list[float]]:
        return {c: [0.0 if c == actions.pass_action else float(c)] * 3 for c in choices}

    monkeypatch.setattr(contract, "outcomes_in", rising)
    assert actions.text(contract.choose_call(view, random.Random(0), 3)).startswith("bid 7")

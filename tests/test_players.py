"""Players decide from their own seat's view only; the search players imagine worlds consistent with it."""

from __future__ import annotations

import gc
import random
import types

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import CONFIGURATIONS, LIBRARY_CONFIGURATIONS, config_id, random_position, rules
from trickbook import Game, UsageError, load_ruleset
from trickbook.engine.view import SeatView
from trickbook.players import make_player, parse_player_specs
from trickbook.players.worlds import imagine, sample_world
from trickbook.tools.simulate import play_match

_CODE = (type, types.ModuleType, types.BuiltinFunctionType, types.CodeType)
"""Objects whose references lead to code and module globals, not to the data a view or player holds."""


def _referents(item: object) -> list[object]:
    """What `item` holds; a function only through its closure and defaults (its globals are the module's)."""
    if isinstance(item, types.FunctionType):
        cells = [_contents(cell) for cell in item.__closure__ or ()]
        return [*cells, *(item.__defaults__ or ()), *(item.__kwdefaults__ or {}).values()]
    return list(gc.get_referents(item))


def _contents(cell: types.CellType) -> object:
    try:
        return cell.cell_contents
    except ValueError:  # a cell not yet filled
        return None


def _reachable(root: object, limit: int = 200_000) -> list[object]:
    """The data reachable from `root` (not through modules), bounded in objects seen and in the stack."""
    seen: set[int] = set()
    stack = [root]
    found = []
    while stack and len(seen) < limit:
        item = stack.pop()
        if id(item) in seen or isinstance(item, _CODE):
            continue
        seen.add(id(item))
        found.append(item)
        if len(stack) < limit:
            stack.extend(_referents(item))
    assert len(seen) < limit, "the walk was cut short: the test would not have seen everything"
    return found


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_a_view_leads_to_no_game_and_to_no_other_seats_cards(config: tuple) -> None:
    game = random_position(config, 3, 40)
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    objects = _reachable(view)
    assert not any(isinstance(o, Game) for o in objects), "the view reaches a game object"
    others = [s for s in range(game.rules.seats) if s != seat]
    hidden = {c for s in others for c in game.hand(s)} - set(game.exposed)
    masks = {sum(1 << c for c in game.hand(s)) for s in others}
    public = {o for o in _reachable(game.rules) if isinstance(o, int)}  # a number of the rules is no secret
    public |= set(view.packed_moves)  # the moves this seat saw, which may equal a mask by chance (Kout, seed 3)
    leaked = [o for o in objects if isinstance(o, int) and o in masks and o.bit_count() > 1 and o not in public]
    assert not leaked, "another seat's hand mask"
    assert not (set(view.hand) & hidden)


@pytest.mark.parametrize("kind", ["random", "heuristic", "mcts:playouts=8"])
def test_players_hold_no_game_and_choose_a_legal_action(kind: str) -> None:
    game = random_position(CONFIGURATIONS[1], 5, 10)
    seat = game.turn
    assert seat is not None
    player = make_player(parse_player_specs(kind)[0], 5, seat)
    assert not any(isinstance(o, Game) for o in _reachable(player))
    view = game.view(seat)
    assert player.choose(view) in view.legal


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 70))
def test_imagined_worlds_agree_with_everything_the_view_shows(config: tuple, seed: int, steps: int) -> None:
    game = random_position(config, seed, steps)
    if game.is_over():
        return
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    world = imagine(view, random.Random(seed))
    mine = world.view(seat)
    assert mine.hand == view.hand and mine.legal == view.legal and mine.packed_moves == view.packed_moves
    assert world.exposed == game.exposed and world.trump == game.trump and world.tricks_won == game.tricks_won
    world_cards = sample_world(view, random.Random(seed + 1))
    deck = game.rules.deck
    in_play = [c for c in range(deck.size) if not game.rules.deal.removed >> c & 1]
    assert sorted([*(c for cards in world_cards.deal for c in cards), *world_cards.stock]) == in_play
    forbidden = view.forbidden()
    for other in range(game.rules.seats):
        held = world.rules.deck.mask(world.hand(other))
        assert not held & forbidden[other], "a seat was dealt a card it has shown it does not hold"
        assert not game.rules.deck.mask(game.hand(other)) & forbidden[other], "the view infers what is not true"


def test_search_players_are_reproducible_for_a_seed() -> None:
    game = random_position(CONFIGURATIONS[5], 9, 12)
    seat = game.turn
    assert seat is not None
    choices = {
        make_player(parse_player_specs("mcts:playouts=20")[0], 9, seat).choose(game.view(seat)) for _ in range(3)
    }
    assert len(choices) == 1


def test_player_specs_parse_and_refuse_what_they_do_not_know() -> None:
    specs = parse_player_specs("mcts:playouts=200,ms=50,random,heuristic:samples=4,random")
    assert [str(s) for s in specs] == ["mcts:playouts=200,ms=50", "random", "heuristic:samples=4", "random"]
    assert [str(s) for s in parse_player_specs("heuristic")] == ["heuristic"] * 4
    for bad in ("robot", "random,random", "mcts:depth=3", "mcts:playouts=lots", "heuristic:x"):
        with pytest.raises(UsageError):
            specs = parse_player_specs(bad)
            make_player(specs[0], 1, 0)


@pytest.mark.parametrize("ruleset", ["tarneeb-41", "syrian-tarneeb-41"])
def test_the_heuristic_player_beats_random_players(ruleset: str) -> None:
    wins = 0
    for seed in range(6):
        for layout, side in (("heuristic,random,heuristic,random", 0), ("random,heuristic,random,heuristic", 1)):
            wins += play_match(rules(ruleset), seed, parse_player_specs(layout), 200).winning_side == side
    assert wins >= 10, f"heuristic won {wins} of 12"


def test_a_view_during_a_blind_round_shows_no_cards_yet() -> None:
    from pathlib import Path

    from trickbook import load_ruleset

    blind = load_ruleset(Path(__file__).resolve().parents[1] / "examples" / "spades-blind-nil.yaml")
    game = Game(blind, seed=2, dealer=0)
    view: SeatView = game.view(1)
    assert view.hand == () and len(view.legal) == 2
    world = imagine(view, random.Random(1))
    assert len(world.hand(1)) == 13


def test_an_mcts_player_with_a_time_budget_answers_with_a_legal_action() -> None:
    game = random_position(CONFIGURATIONS[0], 4, 12)
    seat = game.turn
    assert seat is not None and len(game.legal_actions()) > 1
    player = make_player(parse_player_specs("mcts:ms=5")[0], 3, seat)
    assert player.choose(game.view(seat)) in game.legal_actions()


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("mcts:depth=3", "the mcts player takes playouts and ms; not depth"),
        ("mcts:playouts=lots", "the options are whole numbers, not 'lots'"),
        ("mcts:playouts=0", "would play out 0 hands for one decision"),
        ("mcts:ms=-5", "the options are whole numbers, not '-5'"),
    ],
)
def test_mcts_options_that_cannot_work_are_refused_saying_why(spec: str, says: str) -> None:
    with pytest.raises(UsageError, match=says):
        make_player(parse_player_specs(spec)[0], 1, 0)


@pytest.mark.parametrize(
    ("ruleset", "matches", "least"),
    [
        ("hearts", 16, 8),
        ("whist", 16, 12),
        ("call-break", 8, 4),
        ("tarneeb-41-house", 8, 6),
        ("black-maria", 16, 10),
        ("spot-hearts", 16, 8),
        ("suicide-spades", 16, 11),
        ("spades-bags-amnesty", 16, 11),
        ("knaves", 24, 12),
        ("polignac", 16, 9),
        ("sueca", 16, 11),
        ("slobberhannes", 16, 8),
        ("trex", 16, 11),
        ("estimation", 16, 13),
        ("german-whist", 16, 9),
        ("auction-pitch", 16, 10),
        ("five-hundred", 16, 14),
        ("napoleon", 16, 8),
        ("klaverjassen", 16, 14),
        ("belote", 16, 12),
        ("baloot", 16, 13),
        ("pinochle", 16, 13),
        ("sheepshead", 16, 7),
        ("kout", 16, 14),
    ],
)
def test_the_heuristic_player_beats_random_players_in_the_family_games(ruleset: str, matches: int, least: int) -> None:
    """One heuristic seat (or side) among random ones wins well above its fair share (1 in 4, or 1 in 2)."""
    table = rules(ruleset)
    wins = 0
    for seed in range(matches):
        seat = seed % table.seats
        side = table.seating.side_of[seat]
        layout = [
            "heuristic" if s == seat or (side >= 0 and table.seating.side_of[s] == side) else "random"
            for s in range(table.seats)
        ]
        game = play_match(table, seed, parse_player_specs(",".join(layout), table.seats), 60)
        wins += game.winner is not None and seat in game.winner
    assert wins >= least, f"heuristic won {wins} of {matches}"


@pytest.mark.parametrize("config", LIBRARY_CONFIGURATIONS, ids=config_id)
def test_heuristic_players_finish_a_library_game_well_within_the_hand_cap(config: tuple) -> None:
    """Issue 31: every game of the library ends with a winner when heuristic players play it all, in 60 hands."""
    table = rules(*config)
    for seed in (1,) if config[0] == "rubber-bridge" else (0, 1):  # a heuristic bridge hand takes most of a second
        game = play_match(table, seed, parse_player_specs("heuristic", table.seats), 60)
        assert game.winner is not None and game.hands_finished < 60, f"seed {seed}: {game.hands_finished} hands"


def test_what_the_scoring_wants_is_read_from_the_scoring() -> None:
    from trickbook.players.appetite import card_worth, trick_target

    hearts = rules("hearts")
    worth = card_worth(hearts)
    deck = hearts.deck
    assert worth[deck.parse_card("QS")] == -13 and worth[deck.parse_card("7H")] == -1
    assert worth[deck.parse_card("AS")] == 0, "cards without points are worth nothing by themselves"
    game = Game(hearts, 1)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    assert trick_target(game.view(game.turn or 0)) == 0, "in Hearts tricks by themselves are worth nothing"
    oh_hell = rules("oh-hell", (("players", "4"),))
    game = Game(oh_hell, 3)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    while game.phase == "bidding":
        game.apply(game.legal_actions()[-1])
    view = game.view(game.turn or 0)
    bid = next(oh_hell.actions.bid_values[m.action] for m in view.moves if m.seat == view.seat)
    assert trick_target(view) == bid, "in Oh Hell the target is exactly the bid"


def test_a_seat_that_undertrumps_where_it_must_overtrump_is_known_to_hold_no_higher_trump() -> None:
    """Call Break: East leads a diamond, South trumps with the nine of spades, West (void) plays the two of
    spades; West had no spade above the nine, or it would have had to play one."""
    call_break = rules("call-break")
    deck = call_break.deck
    card = deck.parse_card
    game = Game.at_trick(
        call_break,
        hand=[card(c) for c in ("AH", "KH", "QH", "JH")],
        trick=[card("5D"), card("9S"), card("2S")],
        leader=1,
        trick_number=10,
    )
    west = call_break.seating.after(1, 2)
    view = game.view(game.turn)
    above_nine = deck.mask(card(c) for c in ("TS", "JS", "QS", "KS", "AS"))
    assert view.forbidden()[west] & above_nine == above_nine
    assert not view.forbidden()[west] & deck.mask([card("3S"), card("8S")])


def test_a_seat_that_plays_a_point_card_to_the_first_trick_is_known_to_hold_only_point_cards() -> None:
    hearts = rules("hearts")
    deck = hearts.deck
    card = deck.parse_card
    game = Game.at_trick(hearts, hand=[card(c) for c in ("AC", "KD", "3S", "4H", "5H")], trick=[card("2C"), card("QS")])
    second = hearts.seating.after(0, 1)
    forbidden = game.view(game.turn).forbidden()[second]
    points = deck.suit_masks[deck.suit_of[card("2H")]] | 1 << card("QS")
    unplayed = (1 << deck.size) - 1 & ~(1 << card("2C") | 1 << card("QS"))
    assert forbidden == unplayed & ~points, "it held hearts only: no club (void) and nothing else it could play"


def test_a_choice_that_ends_the_hand_is_valued_by_that_hand_not_the_next() -> None:
    from trickbook.players.search import compare_choices

    game = Game(rules("skat-simple"), seed=4)
    game.apply_text("pass")
    game.apply_text("pass")
    view = game.view(2)
    values = compare_choices(view, list(view.legal), random.Random(4), 3)
    assert values[game.rules.actions.pass_action] == 0.0, "everyone passed: the thrown-in hand scores nothing"
    assert len(values) == len(view.legal)


def test_players_search_only_plausible_calls_in_an_auction_of_calls() -> None:
    from trickbook.players.policy import plausible_calls

    game = Game(rules("contract-bridge"), seed=6)
    view = game.view(game.turn or 0)
    texts = [game.rules.actions.text(a) for a in plausible_calls(view)]
    assert texts[:6] == ["pass", "bid 1C", "bid 1D", "bid 1H", "bid 1S", "bid 1NT"]
    assert len(texts) == 7 and texts[6].startswith("bid 2"), "one level more in the strongest suit"
    game.apply(game.rules.actions.parse("bid 1S"))
    view = game.view(game.turn or 0)
    texts = [game.rules.actions.text(a) for a in plausible_calls(view)]
    assert "double" in texts and "bid 1NT" in texts and "bid 2S" in texts and "bid 1C" not in texts


@pytest.mark.parametrize("ruleset", ["contract-bridge", "tarneeb-41", "skat"])
def test_a_heuristic_decision_plays_out_no_more_hands_than_the_budget(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README, limits: one decision plays out at most `limits.MAX_PLAYOUTS_PER_DECISION` hands, whatever the
    ruleset multiplies a sample by (calls, levels climbed, trumps named after a bid)."""
    from trickbook import limits
    from trickbook.players import batch

    counted = {"n": 0}
    original = batch.play_out_all

    def counting(playouts: list[tuple[Game, int]], *lent: object) -> object:
        counted["n"] += len(playouts)
        return original(playouts, *lent)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "play_out_all", counting)
    rules = load_ruleset(ruleset)
    player = make_player(parse_player_specs("heuristic:samples=80", 1)[0], 1, 0)
    game = Game(rules, 1)
    most = 0
    for _ in range(6):
        if game.actor is None or game.phase == "play":
            break
        counted["n"] = 0
        game.apply(player.choose(game.view(game.actor)))
        most = max(most, counted["n"])
    assert 0 < most <= limits.MAX_PLAYOUTS_PER_DECISION

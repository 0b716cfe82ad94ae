"""The heuristic player's decisions: which bids it weighs, how each kind of decision is weighed, and where it decides
without a search (issue 33: the survivors of its mutation run)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from helpers import act, played_until, rules
from test_all_pass_must_bid import MUST_BID
from trickbook import Game, Rules
from trickbook.engine.kinds import PhaseKind
from trickbook.engine.view import SeatView
from trickbook.errors import UsageError
from trickbook.players import heuristic, make_player, parse_player_specs
from trickbook.players.heuristic import HeuristicPlayer
from trickbook.players.policy import policy
from trickbook.players.worlds import imaginable
from trickbook.ruleset.loader import open_text


def _player(spec: str = "heuristic") -> HeuristicPlayer:
    player = make_player(parse_player_specs(spec, 1)[0], 1, 0)
    assert isinstance(player, HeuristicPlayer)
    return player


def _first_view(ruleset: Rules, phase: PhaseKind, seeds: int = 40) -> SeatView:
    """The first view, over random play from a few seeds, of a seat to decide in `phase` between two or more
    actions."""
    for seed in range(seeds):
        game = Game(ruleset, seed, hand_cap=2)
        chooser = random.Random(seed)
        while not game.is_over():
            view = game.view(game.turn)
            if view.phase is phase and len(view.legal) > 1:
                return view
            game.apply(chooser.choice(game.legal_actions()))
    raise AssertionError(f"no {phase} decision in {seeds} seeds")


def _texts(ruleset: Rules, actions: list[int]) -> list[str]:
    return [str(ruleset.actions.text(a)) for a in actions]


def _estimating(monkeypatch: pytest.MonkeyPatch, tricks: float) -> None:
    """Makes the player's own estimate of its tricks `tricks`, whatever the hand."""
    monkeypatch.setattr(heuristic, "estimate_tricks", lambda view: tricks)


BIDDING_GERMAN_WHIST = (
    "format: trickbook-ruleset/1\nid: bidding-german-whist\ntitle: German Whist with bids\nextends: german-whist\n"
    "bidding:\n  kind: declarations\n  bids: {min: 0, max: hand_size}\n"
    "passing:\n  description: Each passes a card to the other.\n  cards: 1\n  to: left(seat)\n"
)
"""German Whist with a card passed and each seat declaring its tricks: worlds cannot be imagined where players
both pass and draw from the stock."""


@pytest.mark.parametrize(
    ("ruleset", "spec", "own", "expected"),
    [
        # An auction with a partner: the side's guess adds a quarter of the hand, 7.75 + 3.25 = 11; 9 and 13 are
        # exactly 2 off.
        ("cardems-tarneeb", "heuristic", 7.75, ["pass", "bid 9", "bid 10", "bid 11", "bid 12", "bid 13"]),
        # Nothing within 2 of 0 + 3.25: the nearest numeric bid, with the pass.
        ("cardems-tarneeb", "heuristic", 0.0, ["pass", "bid 7"]),
        # Declarations count each seat's own tricks though it has a partner; a named bid (nil) is always weighed.
        ("cardems-spades", "heuristic", 4.0, ["bid 2", "bid 3", "bid 4", "bid 5", "bid 6", "bid nil"]),
        ("cardems-spades", "heuristic:spread=0", 4.0, ["bid 4", "bid nil"]),
        ("cardems-spades", "heuristic:spread=1", 13.0, ["bid 12", "bid 13", "bid nil"]),
        # No sides: the seat's own tricks, in an auction too; 4 and 8 are exactly 2 off.
        ("estimation", "heuristic", 6.0, ["pass", "bid 4", "bid 5", "bid 6", "bid 7", "bid 8"]),
        ("estimation", "heuristic:spread=0", 6.5, ["pass", "bid 6"]),
    ],
)
def test_the_bids_weighed_are_the_pass_the_named_ones_and_the_numbers_near_the_tricks_guessed(
    monkeypatch: pytest.MonkeyPatch, ruleset: str, spec: str, own: float, expected: list[str]
) -> None:
    _estimating(monkeypatch, own)
    found = rules(ruleset)
    view = _first_view(found, PhaseKind.BIDDING)
    assert _texts(found, _player(spec)._plausible_bids(view)) == expected


PERSONAL_AUCTION = (
    "format: trickbook-ruleset/2\nid: syrian-auction\ntitle: Syrian Tarneeb 41 in an auction\n"
    "extends: syrian-tarneeb-41\nbidding:\n  kind: auction\n"
)
"""Partners who each score their own bid, bidding in an auction: each seat's guess is its own tricks."""


def test_partners_who_score_personally_bid_near_their_own_tricks_in_an_auction(monkeypatch: pytest.MonkeyPatch) -> None:
    _estimating(monkeypatch, 4.0)
    found = open_text(PERSONAL_AUCTION, "syrian-auction.yaml").resolve()
    view = _first_view(found, PhaseKind.BIDDING)
    assert _texts(found, _player()._plausible_bids(view)) == ["pass", "bid 2", "bid 3", "bid 4", "bid 5", "bid 6"]


class Searches:
    """Stands in for the sampled playouts: records each comparison and values one choice above the others."""

    def __init__(self, preferred: Callable[[list[int]], int] | None = None) -> None:
        self.compared: list[list[int]] = []
        self.preferred = preferred

    def __call__(self, view: SeatView, choices: list[int], rng: random.Random, samples: int) -> dict[int, float]:
        self.compared.append(list(choices))
        best = None if self.preferred is None else self.preferred(choices)
        return {c: 1.0 if c == best else 0.0 for c in choices}


def test_a_declaration_is_the_plausible_bid_whose_playouts_score_best_the_first_listed_of_equals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _estimating(monkeypatch, 4.0)
    spades = rules("cardems-spades")
    view = _first_view(spades, PhaseKind.BIDDING)
    searches = Searches(lambda choices: choices[-2])
    monkeypatch.setattr(heuristic, "compare_choices", searches)
    assert spades.actions.text(_player().choose(view)) == "bid 6"
    assert [_texts(spades, c) for c in searches.compared] == [["bid 2", "bid 3", "bid 4", "bid 5", "bid 6", "bid nil"]]
    monkeypatch.setattr(heuristic, "compare_choices", Searches())
    assert spades.actions.text(_player().choose(view)) == "bid 2"


def test_an_auction_bid_is_weighed_against_passing_and_a_call_by_the_contracts_it_can_make(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _estimating(monkeypatch, 4.75)
    weighed: list[list[int]] = []

    def choose_bid(view: SeatView, choices: list[int], rng: random.Random, samples: int) -> int:
        weighed.append(choices)
        return choices[-1]

    monkeypatch.setattr(heuristic, "choose_bid", choose_bid)
    monkeypatch.setattr(heuristic, "compare_choices", Searches(lambda choices: choices[0]))
    tarneeb = rules("cardems-tarneeb")
    assert tarneeb.actions.text(_player().choose(_first_view(tarneeb, PhaseKind.BIDDING))) == "bid 10"
    assert [_texts(tarneeb, c) for c in weighed] == [["pass", "bid 7", "bid 8", "bid 9", "bid 10"]]

    bridge = rules("contract-bridge")
    view = _first_view(bridge, PhaseKind.BIDDING)
    monkeypatch.setattr(heuristic, "choose_call", lambda view, rng, samples: view.legal[-1])
    assert _player().choose(view) == view.legal[-1]
    assert len(weighed) == 1


def test_a_bid_the_last_seat_must_make_is_compared_by_playouts_with_no_pass_to_weigh_it_against(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _estimating(monkeypatch, 4.75)
    monkeypatch.setattr(heuristic, "choose_bid", lambda *args: pytest.fail("weighed against a pass"))
    searches = Searches(lambda choices: choices[1])
    monkeypatch.setattr(heuristic, "compare_choices", searches)
    must_bid = open_text(MUST_BID, "must-bid.yaml").resolve()
    game = Game(must_bid, seed=2)
    act(game, "pass", "pass", "pass")
    assert must_bid.actions.text(_player().choose(game.view(game.turn))) == "bid 8"
    assert [_texts(must_bid, c) for c in searches.compared] == [["bid 7", "bid 8", "bid 9", "bid 10"]]


def test_a_single_plausible_bid_is_made_without_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Call Break's bids stop at 8: a hand guessed at 13 tricks has only 8 near enough (the nearest)."""
    _estimating(monkeypatch, 13.0)
    searches = Searches(lambda choices: choices[0])
    monkeypatch.setattr(heuristic, "compare_choices", searches)
    call_break = rules("call-break")
    assert call_break.actions.text(_player().choose(_first_view(call_break, PhaseKind.BIDDING))) == "bid 8"
    assert searches.compared == []


def test_where_worlds_cannot_be_imagined_a_bid_is_the_quick_policys(monkeypatch: pytest.MonkeyPatch) -> None:
    searches = Searches(lambda choices: choices[-1])
    monkeypatch.setattr(heuristic, "compare_choices", searches)
    whist = open_text(BIDDING_GERMAN_WHIST, "bidding-german-whist.yaml").resolve()
    for seed in range(5):
        game = played_until(Game(whist, seed), lambda game: game.phase == PhaseKind.BIDDING)
        view = game.view(game.turn)
        assert not imaginable(whist)
        assert _player().choose(view) == policy(view)
    assert searches.compared == []


@pytest.mark.parametrize(
    ("ruleset", "phase"),
    [("cardems-tarneeb", PhaseKind.TRUMP), ("euchre", PhaseKind.ALONE), ("trex", PhaseKind.SHOWING)],
    ids=["trump", "going alone", "showing a card"],
)
def test_a_choice_other_than_a_bid_is_the_legal_action_whose_playouts_score_best(
    monkeypatch: pytest.MonkeyPatch, ruleset: str, phase: PhaseKind
) -> None:
    searches = Searches(lambda choices: choices[-1])
    monkeypatch.setattr(heuristic, "compare_choices", searches)
    view = _first_view(rules(ruleset), phase)
    assert _player().choose(view) == view.legal[-1]
    assert searches.compared == [list(view.legal)]


def test_cards_shown_for_melds_are_chosen_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each card shown would be a search of its own: Baloot's projects are shown by the quick policy."""
    searches = Searches(lambda choices: choices[-1])
    monkeypatch.setattr(heuristic, "compare_choices", searches)
    view = _first_view(rules("baloot"), PhaseKind.SHOWING)
    assert _player().choose(view) == policy(view)
    assert searches.compared == []


def test_a_heuristic_weighs_six_worlds_and_bids_within_two_unless_told() -> None:
    player = _player()
    assert (player.samples, player.spread) == (6, 2)
    assert (_player("heuristic:samples=9,spread=0").samples, _player("heuristic:spread=3").spread) == (9, 3)


def test_a_heuristics_budget_is_its_worlds_for_each_bid_within_its_spread() -> None:
    """`samples` worlds for each of the 2 × `spread` + 1 bids around the guess: 40 × 9 = 360 is within the limit
    of 400 playouts a decision; 45 × 9 = 405 is not."""
    assert _player("heuristic:samples=40,spread=4").samples == 40
    with pytest.raises(UsageError, match="heuristic:samples=45,spread=4 would play out 405 hands"):
        parse_player_specs("heuristic:samples=45,spread=4", 1)

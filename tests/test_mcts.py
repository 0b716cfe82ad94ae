"""How mcts spends its budget: sequential halving keeps the better half of the actions each round, the rounds share
the playouts as documented, and it searches wherever it can (issue 33: the survivors of its mutation run)."""

from __future__ import annotations

import random

import pytest

from helpers import rules
from trickbook import Game
from trickbook.engine.kinds import PhaseKind
from trickbook.engine.view import SeatView
from trickbook.players import make_player, mcts, parse_player_specs
from trickbook.players.mcts import MonteCarloPlayer
from trickbook.players.playout import SharedAims
from trickbook.players.policy import greedy_card


def _player(spec: str) -> MonteCarloPlayer:
    player = make_player(parse_player_specs(spec, 1)[0], 1, 0)
    assert isinstance(player, MonteCarloPlayer)
    return player


def _deciding(cards: int) -> SeatView:
    """A Cardems Tarneeb seat to play with exactly `cards` legal cards, reached by random play."""
    tarneeb = rules("cardems-tarneeb")
    for seed in range(50):
        game = Game(tarneeb, seed)
        chooser = random.Random(seed)
        while not game.is_over():
            view = game.view(game.turn)
            if view.phase is PhaseKind.PLAY and len(view.legal) == cards:
                return view
            game.apply(chooser.choice(game.legal_actions()))
    raise AssertionError(f"no play with {cards} legal cards")


class Playouts:
    """Stands in for a hand played out: its value is fixed by the action tried (later legal actions worth more,
    or the listed `worth`), and each one is counted by the action it began with."""

    def __init__(self, view: SeatView, worth: dict[int, float] | None = None) -> None:
        self.count: dict[int, int] = dict.fromkeys(view.legal, 0)
        self.worth = worth if worth is not None else {a: float(i) for i, a in enumerate(view.legal)}

    def play_out_choices(
        self, worlds: list[Game], choices: list[int], shared: SharedAims | None = None, scored: object = None
    ) -> list[Game]:
        branches = []
        for world in worlds:
            for choice in choices:
                branch = world.clone()
                branch.apply(choice)
                branches.append(branch)
        return branches

    def value(self, view: SeatView, branch: Game) -> float:
        action = branch.current_moves[-1].action
        self.count[action] += 1
        return self.worth[action]


def _faked(monkeypatch: pytest.MonkeyPatch, view: SeatView, worth: dict[int, float] | None = None) -> Playouts:
    playouts = Playouts(view, worth)
    monkeypatch.setattr(mcts, "play_out_choices", playouts.play_out_choices)
    monkeypatch.setattr(mcts, "value", playouts.value)
    return playouts


@pytest.mark.parametrize(
    ("spec", "cards", "counts"),
    [
        # One round of 24 // 2 worlds.
        ("mcts:playouts=24", 2, [12, 12]),
        # Two rounds: 24 // (3 × 2) worlds for each of three, then 24 // (2 × 2) for the better two.
        ("mcts:playouts=24", 3, [4, 10, 10]),
        # Two rounds for four (log2 4 = 2): 24 // (4 × 2) worlds for each, then 24 // (2 × 2) for the better two.
        ("mcts:playouts=24", 4, [3, 3, 9, 9]),
        # Three rounds: 1 world for each of five, 2 for the better three, 4 for the better two.
        ("mcts:playouts=24", 5, [1, 1, 3, 7, 7]),
        # The default 100 over four rounds: 1 world for 13, 3 for the better 7, 6 for the better 4, 12 for 2.
        ("mcts", 13, [1] * 6 + [4] * 3 + [10] * 2 + [22] * 2),
    ],
)
def test_halving_gives_each_round_its_share_and_keeps_the_better_half(
    monkeypatch: pytest.MonkeyPatch, spec: str, cards: int, counts: list[int]
) -> None:
    """Each legal card is worth more than the one before it: the last is best and is chosen."""
    view = _deciding(cards)
    playouts = _faked(monkeypatch, view)
    assert _player(spec).choose(view) == view.legal[-1]
    assert [playouts.count[a] for a in view.legal] == counts


def test_halving_keeps_the_best_listed_first_and_the_first_of_equals(monkeypatch: pytest.MonkeyPatch) -> None:
    view = _deciding(5)
    _faked(monkeypatch, view, {a: -float(i) for i, a in enumerate(view.legal)})
    assert _player("mcts:playouts=24").choose(view) == view.legal[0]
    _faked(monkeypatch, view, dict.fromkeys(view.legal, 1.0))
    assert _player("mcts:playouts=24").choose(view) == view.legal[0]
    _faked(monkeypatch, view, {a: float(i in (1, 3)) for i, a in enumerate(view.legal)})
    assert _player("mcts:playouts=24").choose(view) == view.legal[1]


def test_a_player_given_time_tries_every_action_in_the_same_worlds_until_it_is_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = _deciding(4)
    playouts = _faked(monkeypatch, view, {a: float(i == 2) for i, a in enumerate(view.legal)})
    assert _player("mcts:ms=5").choose(view) == view.legal[2]
    tried = set(playouts.count.values())
    assert len(tried) == 1 and tried.pop() >= 1
    _faked(monkeypatch, view, dict.fromkeys(view.legal, 0.5))
    assert _player("mcts:ms=5").choose(view) == view.legal[0], "the first listed of equals"


def test_mcts_searches_where_the_quick_card_would_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    """The playouts, not the greedy card, decide a card wherever worlds can be imagined."""
    view = _deciding(4)
    other = next(a for a in view.legal if a != greedy_card(view))
    _faked(monkeypatch, view, {a: float(a == other) for a in view.legal})
    assert _player("mcts:playouts=24").choose(view) == other

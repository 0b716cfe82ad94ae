"""Information-set Monte-Carlo: actions valued by playouts in worlds sampled from the view, budget by halving.

Every world is dealt consistently with what the seat has seen (own cards,
cards played, exposed cards, voids shown). Actions are compared on the same
worlds (common random numbers), which removes most of the luck of the deal
from the comparison; sequential halving spends the playout budget: each
round evaluates the surviving actions on fresh worlds and keeps the better
half, so more playouts go to the close choices.
"""

from __future__ import annotations

import math
import random
import time

from ..engine.kinds import PhaseKind
from ..engine.view import SeatView
from ..errors import UsageError
from ..ruleset.rules import BiddingKind
from .base import check_budget, register, whole_number
from .batch import Outcomes, play_out_choices
from .contract import choose_call, samples_within
from .playout import SharedAims
from .policy import greedy_card, policy
from .search import value
from .worlds import imaginable, imagine

Lent = tuple[SharedAims, Outcomes]
"""What the playouts of one decision lend each other: each seat's aims and the outcomes scored in arrays."""


class MonteCarloPlayer:
    """Searches every decision with more than one legal action, within `playouts` (or `ms` milliseconds)."""

    def __init__(self, rng: random.Random, playouts: int, ms: float | None) -> None:
        self._rng = rng
        self.playouts = playouts
        self.ms = ms

    def choose(self, view: SeatView) -> int:
        legal = list(view.legal)
        if len(legal) > 1 and not imaginable(view.rules):  # no worlds to search: play as the heuristic does
            return greedy_card(view) if view.phase is PhaseKind.PLAY else policy(view)
        if view.phase is PhaseKind.BIDDING and view.rules.bidding.kind is BiddingKind.CALLS and view.hand:
            return choose_call(view, self._rng, samples_within(view, self.playouts))  # a contract it can make
        if len(legal) == 1:
            return legal[0]
        if self.ms is not None:
            return self._until(view, legal, time.perf_counter() + self.ms / 1000)
        return self._halving(view, legal)

    def _halving(self, view: SeatView, legal: list[int]) -> int:
        survivors = legal
        rounds = max(1, math.ceil(math.log2(len(legal))))
        totals = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        lent: Lent = ({}, {})
        for _ in range(rounds):
            worlds = max(1, self.playouts // (len(survivors) * rounds))
            self._evaluate(view, survivors, worlds, totals, counts, lent)
            if len(survivors) <= 2:
                continue
            ranked = sorted(survivors, key=lambda a: -totals[a] / counts[a])
            survivors = ranked[: max(2, (len(ranked) + 1) // 2)]
        return max(survivors, key=lambda a: (totals[a] / counts[a], -legal.index(a)))

    def _until(self, view: SeatView, legal: list[int], deadline: float) -> int:
        totals = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        lent: Lent = ({}, {})
        while True:
            self._evaluate(view, legal, 1, totals, counts, lent)
            if time.perf_counter() >= deadline:
                break
        return max(legal, key=lambda a: (totals[a] / counts[a], -legal.index(a)))

    def _evaluate(
        self,
        view: SeatView,
        actions: list[int],
        worlds: int,
        totals: dict[int, float],
        counts: dict[int, int],
        lent: Lent,
    ) -> None:
        """Plays each action out in the same `worlds` fresh sampled worlds, adding up the values; `lent`: what
        the decision's playouts lend each other."""
        imagined = [imagine(view, self._rng, later_hands=False) for _ in range(worlds)]
        for index, result in enumerate(play_out_choices(imagined, actions, *lent)):
            action = actions[index % len(actions)]
            totals[action] += value(view, result)
            counts[action] += 1


def _factory(rng: random.Random, options: dict[str, str]) -> MonteCarloPlayer:
    unknown = set(options) - {"playouts", "ms"}
    if unknown:
        raise UsageError(f"the mcts player takes playouts and ms; not {', '.join(sorted(unknown))}")
    spec = "mcts:" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    playouts = whole_number(options.get("playouts", "100"), spec)
    ms = whole_number(options["ms"], spec) if "ms" in options else None
    check_budget(spec, playouts, ms)
    return MonteCarloPlayer(rng, playouts, ms)


register("mcts", _factory)

"""A rule-agnostic player: quick play by trick logic, bids and trump chosen by sampled playouts."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine.kinds import PhaseKind
from ..engine.view import SeatView
from ..errors import UsageError
from ..ruleset.actions import ActionKind
from ..ruleset.rules import BiddingKind, MeldSource
from .base import check_budget, register, whole_number
from .contract import choose_bid, choose_call
from .policy import choose_pass, estimate_tricks, greedy_card, policy
from .search import compare_choices
from .worlds import imaginable


class HeuristicPlayer:
    """Plays cards greedily; values each plausible bid (or trump, discard, or going alone) by playing the hand
    out in sampled worlds.

    The value of a bid comes from the ruleset's own scoring of those playouts,
    so the player needs no knowledge of what a bid means in a given game.
    """

    def __init__(self, rng: random.Random, samples: int, spread: int) -> None:
        self._rng = rng
        self.samples = samples
        self.spread = spread

    def choose(self, view: SeatView) -> int:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase is not PhaseKind.PLAY and not imaginable(view.rules):
            return policy(view)  # no sampled worlds to weigh the choice in: the quick decision
        return CHOICES[view.phase](self, view)

    def _card(self, view: SeatView) -> int:
        """A card to play, greedily."""
        return greedy_card(view)

    def _pass(self, view: SeatView) -> int:
        """A card to pass on."""
        return choose_pass(view)

    def _bid(self, view: SeatView) -> int:
        """A call made with a contract it can make, an auction bid weighed against passing, or the plausible bid
        whose playouts score best."""
        if view.hand and view.rules.bidding.kind is BiddingKind.CALLS:
            return choose_call(view, self._rng, self.samples)
        choices = self._plausible_bids(view)
        if len(choices) == 1:
            return choices[0]
        if view.rules.bidding.kind is BiddingKind.AUCTION and view.rules.actions.pass_action in choices:
            return choose_bid(view, choices, self._rng, self.samples)
        return self._best(view, choices)

    def _compared(self, view: SeatView) -> int:
        """The legal action (a trump, a discard, going alone, an announcement, a double) whose playouts score best."""
        return self._best(view, list(view.legal))

    def _best(self, view: SeatView, choices: list[int]) -> int:
        """The choice with the best value over sampled playouts; the first listed of equals."""
        values = compare_choices(view, choices, self._rng, self.samples)
        return max(choices, key=lambda c: (values[c], -choices.index(c)))

    def _show(self, view: SeatView) -> int:
        """Where the cards shown make melds, the cards of its melds, one at a time, without a search (each card
        would be a decision of its own); elsewhere the showing whose playouts score best."""
        melds = view.rules.melds
        if melds is not None and melds.source is MeldSource.SHOWN:
            return policy(view)
        return self._compared(view)

    def _plausible_bids(self, view: SeatView) -> list[int]:
        """Pass (if allowed), named bids, and numeric bids near what this hand and a partner might take."""
        actions = view.rules.actions
        if not view.hand:
            return list(view.legal)
        own = estimate_tricks(view)
        partners = view.rules.seating.has_sides and not view.rules.personal
        guess = (
            own if not partners or view.rules.bidding.kind is BiddingKind.DECLARATIONS else own + 0.25 * view.hand_size
        )
        picked = []
        for action in view.legal:
            if (
                actions.kinds[action] == ActionKind.PASS
                or actions.name_index[action] >= 0
                or abs(actions.bid_values[action] - guess) <= self.spread
            ):
                picked.append(action)
        numeric = [a for a in view.legal if actions.kinds[a] == ActionKind.BID and actions.name_index[a] < 0]
        if numeric and not any(a in picked for a in numeric):
            picked.append(min(numeric, key=lambda a: abs(actions.bid_values[a] - guess)))
        return picked


CHOICES: dict[PhaseKind, Callable[[HeuristicPlayer, SeatView], int]] = {
    PhaseKind.PASSING: HeuristicPlayer._pass,
    PhaseKind.BIDDING: HeuristicPlayer._bid,
    PhaseKind.TRUMP: HeuristicPlayer._compared,
    PhaseKind.PLAY: HeuristicPlayer._card,
    PhaseKind.EXCHANGE: HeuristicPlayer._compared,
    PhaseKind.ALONE: HeuristicPlayer._compared,
    PhaseKind.ANNOUNCE: HeuristicPlayer._compared,
    PhaseKind.DOUBLING: HeuristicPlayer._compared,
    PhaseKind.SHOWING: HeuristicPlayer._show,
}
"""How the heuristic decides in each phase in which a seat decides."""


def _factory(rng: random.Random, options: dict[str, str]) -> HeuristicPlayer:
    known = {"samples", "spread"}
    unknown = set(options) - known
    if unknown:
        raise UsageError(f"the heuristic player takes {', '.join(sorted(known))}; not {', '.join(sorted(unknown))}")
    spec = "heuristic:" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    samples = whole_number(options.get("samples", "6"), spec)
    spread = whole_number(options.get("spread", "2"), spec)
    check_budget(spec, samples * (2 * spread + 1))
    return HeuristicPlayer(rng, samples, spread)


register("heuristic", _factory)

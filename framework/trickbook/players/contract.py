"""Bids chosen from what the hand can make: every plausible call valued as the contract it would end in.

The evaluation is the ruleset's own: each call is made in worlds sampled
from the seat's view (bidders holding at least their share of the high
cards, see `worlds.likely_world`), the auction is closed by passes, the hand
is played out with the quick card policy and scored by the scoring rules.
So a call is worth what the party expects to score if it stands: its
tricks (or card points) under that strain, at that level, doubled or not.
"""

from __future__ import annotations

import random

from ..engine.view import SeatView
from ..ruleset.actions import ActionKind
from .policy import plausible_calls
from .search import affordable, outcomes_in, sample_worlds

CALL_WORLDS = 2
"""Worlds per sample a call is judged on: whether a contract makes in most worlds is a count, and six worlds
leave a coin's chance of four makes."""


DOUBLING_SHARE = 0.75
"""The share of worlds a doubled (or redoubled) contract must go the caller's way in: the worlds know only that
a bidder holds its share of the high cards, so they make the other side's contract look worse than it is, and
a double that is wrong costs several times what one that is right gains."""


def choose_call(view: SeatView, rng: random.Random, samples: int) -> int:
    """The best call worth making: a bid only if its contract scores in most worlds, a double or redouble only
    if the contract it doubles goes the caller's way in `DOUBLING_SHARE` of them, else pass; a bid then looks a
    level at a time at the higher contracts of its strain while they still score in most worlds, and takes the
    one that scores most on average (a game or slam the hand supports, though the levels below it score the same
    with their overtricks). Most worlds, not the average: one lucky playout of a game must not carry a bid."""
    actions = view.rules.actions
    calls = view.rules.bidding.calls
    assert calls is not None
    choices = plausible_calls(view)
    climbs = sum(actions.kinds[a] == ActionKind.BID for a in view.legal) // len(calls.strains)
    worlds = sample_worlds(view, rng, affordable(view, CALL_WORLDS * samples, len(choices) + climbs))
    outcomes = outcomes_in(view, choices, worlds)
    stands = outcomes.get(actions.pass_action, [])
    worth = [c for c in choices if _worth_making(actions.kinds[c], outcomes[c], stands)]
    if not worth:
        return actions.pass_action
    best = max(worth, key=lambda c: (_mean(outcomes[c]), -choices.index(c)))
    level = best
    while actions.kinds[best] == ActionKind.BID and level + len(calls.strains) in view.legal:
        level += len(calls.strains)
        outcomes[level] = outcomes_in(view, [level], worlds)[level]
        if not _mostly_scores(outcomes[level]):
            break
        if _mean(outcomes[level]) > _mean(outcomes[best]):
            best = level
    return best


def choose_bid(view: SeatView, choices: list[int], rng: random.Random, samples: int) -> int:
    """The best of `choices` in an auction that a pass may end: a bid only if its contract scores in most of
    `samples` worlds, as in `choose_call` (else pass)."""
    actions = view.rules.actions
    outcomes = outcomes_in(view, choices, sample_worlds(view, rng, affordable(view, samples, len(choices))))
    worth = [c for c in choices if _worth_making(actions.kinds[c], outcomes[c], [])]
    if not worth:
        return actions.pass_action
    return max(worth, key=lambda c: (_mean(outcomes[c]), -choices.index(c)))


def samples_within(view: SeatView, playouts: int) -> int:
    """The samples of `choose_call` that spend about `playouts` playouts on the plausible calls (at least 3)."""
    return max(3, playouts // (CALL_WORLDS * len(plausible_calls(view))))


def _worth_making(kind: str, outcomes: list[float], stands: list[float]) -> bool:
    """Whether a call of `kind` with these `outcomes` may be made when letting the contract stand gives `stands`."""
    if kind == ActionKind.BID:
        return _mostly_scores(outcomes)
    if kind == ActionKind.PASS:
        return True
    return _mostly_scores(stands, DOUBLING_SHARE)  # doubling a contract that goes the other way costs more


def _mostly_scores(outcomes: list[float], share: float = 0.5) -> bool:
    """True when the seat's party comes out ahead in more than `share` of the worlds."""
    return sum(value > 0 for value in outcomes) > share * len(outcomes)


def _mean(outcomes: list[float]) -> float:
    """The average of the values, one per world (a decision samples one world at the least)."""
    return sum(outcomes) / len(outcomes)

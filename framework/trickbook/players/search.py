"""Playouts in imagined worlds: what both search players use to value their choices."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import limits
from ..engine.game import Game
from ..engine.history import HandResult
from ..engine.kinds import PhaseKind
from ..engine.view import SeatView
from ..ruleset.actions import GAME, TRUMP
from ..ruleset.rules import TrumpMode
from . import batch
from .playout import SharedAims
from .policy import policy
from .worlds import imagine


def value(view: SeatView, hand: HandResult) -> float:
    """How good a hand's score is for the viewer: its side's (or its own) points minus the others' average,
    turned round when the lower total wins the match."""
    rules = view.rules
    if rules.match.by == "side" and hand.score:
        scores: tuple[int, ...] = hand.score
        mine = rules.seating.side_of[view.seat]
    else:
        scores = hand.seat_score if hand.seat_score is not None else hand.score
        mine = view.seat
    others = [points for index, points in enumerate(scores) if index != mine]
    worth = scores[mine] - sum(others) / max(1, len(others))
    return -worth if rules.match.lower_wins else worth


def close_bidding(world: Game, hand: int) -> None:
    """Ends the bidding of hand `hand` as if nobody outbid the last bid: every later bidder passes where it may
    (where it may not, as in a round of declarations, the quick policy bids)."""
    actions = world.rules.actions
    while world.hands_finished == hand and not world.is_over() and world.phase is PhaseKind.BIDDING:
        seat = world.actor
        assert seat is not None
        legal = world.legal_actions()
        world.apply(actions.pass_action if actions.pass_action in legal else policy(world.view(seat)))


NO_CHOICE = -1
"""The key of a choice's value when the seat names no trump after it in the hand."""

Branch = tuple[int, Game]
"""A world after a choice, at the play of the hand (or its end), under the trump named after the choice."""


def choice_branches(view: SeatView, world: Game, choice: int, hand: int, named: int = NO_CHOICE) -> list[Branch]:
    """`world` after the viewer makes `choice` and the others close the bidding, moved on to the play of hand
    `hand` (or its end): one branch per trump or game the viewer may name after it (only `named` where that is
    one it may name), each under that trump's key, or the world itself under `NO_CHOICE` when it names none."""
    bidding = world.phase is PhaseKind.BIDDING
    world.apply(choice)  # it may end the hand, and the match with it (everyone passed)
    if bidding:
        close_bidding(world, hand)
    if not _reaches_own_trump(world, view.seat, hand):
        return [(NO_CHOICE, world)]
    legal = world.legal_actions()
    branches = []
    for trump in (named,) if named in legal else legal:
        branch = world.clone()
        branch.apply(trump)
        branches.append((trump, branch))
    return branches


def _reaches_own_trump(world: Game, seat: int, hand: int) -> bool:
    """Moves `world` on by the quick policy to `seat`'s choice of trump (or game) in hand `hand`, if it has one
    before the play."""
    while world.hands_finished == hand and not world.is_over() and world.phase is not PhaseKind.PLAY:
        actor = world.actor
        assert actor is not None
        if actor == seat and world.phase is PhaseKind.TRUMP and len(world.legal_actions()) > 1:
            return True
        world.apply(policy(world.view(actor)))
    return False


def sample_worlds(view: SeatView, rng: random.Random, samples: int) -> list[Game]:
    """`samples` worlds imagined from the view, each ending with this hand."""
    return [imagine(view, rng, later_hands=False) for _ in range(samples)]


def outcomes_in(view: SeatView, choices: Sequence[int], worlds: Sequence[Game]) -> dict[int, list[float]]:
    """The value of each choice in each of the same `worlds` (common random numbers), with the trump named after
    it that is best over all the worlds (the seat names one before it sees more). Every trump is tried after the
    first choice that leads to naming one; the later choices keep the best of them (a cheaper estimate).

    The playouts go in as few groups as that allows (in arrays, where `batch` can): the choices up to the first
    that names a trump, then the rest under the trump found best."""
    outcomes: dict[int, list[float]] = {}
    named = NO_CHOICE
    shared: SharedAims = {}
    scored: batch.Outcomes = {}
    waiting = list(choices)
    while waiting:
        group: list[int] = []
        jobs: list[Job] = []
        for choice in waiting:
            branches = _jobs(view, len(group), choice, worlds, named)
            group.append(choice)
            jobs += branches
            if named == NO_CHOICE and any(job[2] != NO_CHOICE for job in branches):
                break  # the trump found best after it decides the branches of the next choices
        for choice, found in zip(group, _values(view, group, worlds, jobs, shared, scored), strict=True):
            outcomes[choice], best = best_named(found)
            named = best if named == NO_CHOICE else named
        waiting = waiting[len(group) :]
    return outcomes


Job = tuple[int, int, int, Game, int]
"""A playout of a choice: the choice's place in its group, its world's, the trump named after the choice, the
branch and its hand."""


def _jobs(view: SeatView, index: int, choice: int, worlds: Sequence[Game], named: int) -> list[Job]:
    """The playouts that value `choice`, the `index`th of its group, in each of `worlds` (see
    `choice_branches`)."""
    jobs = []
    for place, world in enumerate(worlds):
        hand = world.hands_finished
        for trump, branch in choice_branches(view, world.clone(), choice, hand, named):
            jobs.append((index, place, trump, branch, hand))
    return jobs


def _values(
    view: SeatView,
    choices: Sequence[int],
    worlds: Sequence[Game],
    jobs: Sequence[Job],
    shared: SharedAims | None,
    scored: batch.Outcomes,
) -> list[list[dict[int, float]]]:
    """Plays `jobs` out at once, those of `choices` in order: each choice's value in each world under each trump
    named after it. `shared` and `scored`: what the decision's playouts lend each other (`batch.play_out_all`)."""
    results = batch.play_out_all([(branch, hand) for _index, _place, _trump, branch, hand in jobs], shared, scored)
    found: list[list[dict[int, float]]] = [[{} for _world in worlds] for _choice in choices]
    for (index, place, trump, _branch, _hand), result in zip(jobs, results, strict=True):
        found[index][place][trump] = value(view, result)
    return found


def choice_values(
    view: SeatView,
    choices: Sequence[int],
    worlds: Sequence[Game],
    named: int = NO_CHOICE,
    shared: SharedAims | None = None,
) -> list[list[dict[int, float]]]:
    """For each choice, in each world, its value under each trump the viewer may name after it (only `named`
    where it may name that one; `NO_CHOICE` when it names none), every playout played out at once (`batch`). A
    bid is played as the contract it makes if the auction ends with it, so no imagined rival's weak continuation
    makes outbidding it look good. `shared`: the aims the decision's playouts share."""
    jobs = [job for index, choice in enumerate(choices) for job in _jobs(view, index, choice, worlds, named)]
    return _values(view, choices, worlds, jobs, shared, {})


def best_named(found: Sequence[dict[int, float]]) -> tuple[list[float], int]:
    """The values in each world under the trump worth most over the worlds that all offer it, and that trump
    (each world's best, and `NO_CHOICE`, where they offer none in common)."""
    common = set.intersection(*(set(values) for values in found)) if found else set()
    if not common:
        return [max(values.values()) for values in found], NO_CHOICE
    best = max(sorted(common), key=lambda trump: sum(values[trump] for values in found))
    return [values[best] for values in found], best


def values_in(view: SeatView, choices: Sequence[int], worlds: Sequence[Game]) -> dict[int, float]:
    """The average value of each choice over the same `worlds`."""
    return {choice: sum(found) / max(1, len(found)) for choice, found in outcomes_in(view, choices, worlds).items()}


def compare_choices(view: SeatView, choices: Sequence[int], rng: random.Random, samples: int) -> dict[int, float]:
    """The average value of each choice over the same `samples` imagined worlds (fewer if one decision cannot
    afford them all)."""
    return values_in(view, choices, sample_worlds(view, rng, affordable(view, samples, len(choices))))


def affordable(view: SeatView, wanted: int, choices: int) -> int:
    """How many of `wanted` worlds one decision can afford: each world plays out every choice under every trump
    or game the seat might name after it, and a decision plays out at most `limits.MAX_PLAYOUTS_PER_DECISION`
    hands (one world at the least)."""
    rules = view.rules
    named_later = rules.trump.mode in (TrumpMode.CHOSEN, TrumpMode.MADE) or bool(rules.trump.games)
    branches = max(1, sum(kind in (TRUMP, GAME) for kind in rules.actions.kinds)) if named_later else 1
    return max(1, min(wanted, limits.MAX_PLAYOUTS_PER_DECISION // max(1, choices * branches)))

"""Playouts in imagined worlds: what both search players use to value their choices."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.game import Game
from ..engine.view import SeatView
from .policy import policy
from .worlds import imagine


def play_out_hand(world: Game) -> tuple[int, int]:
    """Plays the rest of the current hand with the quick policy for every seat; returns the hand's side scores."""
    hand = world.hands_finished
    while world.hands_finished == hand and not world.is_over():
        seat = world.turn
        assert seat is not None
        world.apply(policy(world.view(seat)))
    result = world.finished_hand(hand)
    return result.score


def value(view: SeatView, score: tuple[int, int]) -> int:
    """How good a hand's score is for the viewer's side: its points minus the other side's."""
    side = view.seat & 1
    return score[side] - score[side ^ 1]


def compare_choices(view: SeatView, choices: Sequence[int], rng: random.Random, samples: int) -> dict[int, float]:
    """The average value of each choice over the same `samples` imagined worlds (common random numbers)."""
    totals = dict.fromkeys(choices, 0.0)
    for _ in range(samples):
        world = imagine(view, rng)
        for choice in choices:
            branch = world.clone()
            branch.apply(choice)
            totals[choice] += value(view, play_out_hand(branch))
    return {choice: total / samples for choice, total in totals.items()}

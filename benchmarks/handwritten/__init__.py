"""Hand-written, game-specific programs used only as a speed yardstick for the engine."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

Play = Callable[..., tuple[list[tuple[int, int]], int | None]]
"""A program's `play_match(seed, choose, hand_cap)`: each hand's score per side, and the winner."""


def random_playouts(play: Play, seeds: range, hand_cap: int) -> tuple[int, float, list[list[tuple[int, int]]]]:
    """Matches of a hand-written program with random choices drawn from each seed, as the engine's playouts draw
    them: hands played, seconds, and each match's hand scores."""
    hands = 0
    scores: list[list[tuple[int, int]]] = []
    started = time.perf_counter()
    for seed in seeds:
        draw = random.Random(seed).random

        def choose(legal: list[int], draw: Callable[[], float] = draw) -> int:
            return legal[int(draw() * len(legal))]

        match_scores, _ = play(seed, choose, hand_cap)
        hands += len(match_scores)
        scores.append(list(match_scores))
    return hands, time.perf_counter() - started, scores

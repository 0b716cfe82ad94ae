"""A player that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from ..engine.view import SeatView
from ..errors import UsageError
from .base import register


class RandomPlayer:
    """Uniformly random legal actions; one draw from its generator per decision, so its choices can be replayed."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def choose(self, view: SeatView) -> int:
        return self.choose_among(view.legal)

    def choose_among(self, legal: tuple[int, ...]) -> int:
        """The same choice as `choose`, from the legal actions alone (no view needs building)."""
        return legal[int(self._random() * len(legal))]


def _factory(rng: random.Random, options: dict[str, str]) -> RandomPlayer:
    if options:
        raise UsageError(f"the random player takes no options, found {', '.join(options)}")
    return RandomPlayer(rng)


register("random", _factory)

"""The player interface, and the registry that builds players from text such as `mcts:playouts=200`."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Protocol

from .. import limits
from ..engine.view import SeatView
from ..errors import UsageError
from ..text import is_ascii_number


class Player(Protocol):
    """Chooses one of `view.legal`, knowing only what `view` shows."""

    def choose(self, view: SeatView) -> int: ...


class LegalOnly(Protocol):
    """A player whose choice depends on nothing but the legal actions (a random player): drivers may call
    `choose_among(legal)` instead of building a whole view for it; the choice is the one `choose` makes."""

    def choose_among(self, legal: tuple[int, ...]) -> int: ...


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A player kind and its options, as written on the command line (`mcts:playouts=200`)."""

    kind: str
    options: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        if not self.options:
            return self.kind
        return self.kind + ":" + ",".join(f"{k}={v}" for k, v in self.options)


Factory = Callable[[random.Random, dict[str, str]], Player]
_REGISTRY: dict[str, Factory] = {}


def register(kind: str, factory: Factory) -> None:
    _REGISTRY[kind] = factory


_BUILTIN = {"random": "random_player", "heuristic": "heuristic", "mcts": "mcts"}
"""The bundled players and the module of each, imported only when that kind is asked for: a simulation of
random players never pays for the search players' imports."""


def kinds() -> list[str]:
    return sorted({*_REGISTRY, *_BUILTIN})


def _factory(kind: str) -> Factory:
    """The factory of a player kind, importing its bundled module (which registers it) the first time."""
    if kind not in _REGISTRY and kind in _BUILTIN:
        import_module(f"{__package__}.{_BUILTIN[kind]}")
    if kind not in _REGISTRY:
        raise UsageError(f"unknown player {kind!r}; players: {', '.join(kinds())}")
    return _REGISTRY[kind]


def parse_player_specs(text: str, seats: int = 4) -> list[PlayerSpec]:
    """One player for every seat (`random`), or one per seat separated by commas (`heuristic,random,heuristic`)."""
    parts = split_specs(text)
    if len(parts) == 1:
        parts = parts * seats
    if len(parts) != seats:
        raise UsageError(
            f"--players takes one player for all seats or {seats} (one per seat), not {len(parts)}: {text!r}"
        )
    return [_parse_one(p) for p in parts]


def split_specs(text: str) -> list[str]:
    """Splits at commas that separate players, not at commas between one player's options."""
    parts: list[str] = []
    for piece in text.split(","):
        if parts and "=" in piece and ":" not in piece and "=" in parts[-1]:
            parts[-1] += "," + piece
        else:
            parts.append(piece)
    return [p.strip() for p in parts]


def _parse_one(text: str) -> PlayerSpec:
    kind, _, rest = text.partition(":")
    factory = _factory(kind)  # refuses an unknown kind
    options = []
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise UsageError(f"player options are written key=value, as in mcts:playouts=200; found {item!r}")
        options.append((key.strip(), value.strip()))
    factory(random.Random(0), dict(options))  # refuses options out of range or over the budget, before any match
    return PlayerSpec(kind, tuple(options))


def check_budget(spec: str, playouts: int, ms: float | None = None) -> None:
    """Refuses a player whose one decision would play out more hands than `limits.MAX_PLAYOUTS_PER_DECISION`, or
    think longer than `limits.MAX_THINKING_MS`."""
    if not 1 <= playouts <= limits.MAX_PLAYOUTS_PER_DECISION:
        raise UsageError(
            f"{spec} would play out {playouts:,} hands for one decision; a player plays out 1 to "
            f"{limits.MAX_PLAYOUTS_PER_DECISION:,}"
        )
    if ms is not None and not 0 < ms <= limits.MAX_THINKING_MS:
        raise UsageError(
            f"{spec} would think {ms:g} ms for one decision; a player thinks up to {limits.MAX_THINKING_MS:,} ms"
        )


def whole_number(text: str, spec: str) -> int:
    """An option's value as a whole number of ASCII digits; `UsageError` naming the player otherwise."""
    if not is_ascii_number(text):
        raise UsageError(f"{spec}: the options are whole numbers, not {text!r}")
    return int(text)


def make_player(spec: PlayerSpec, seed: int, seat: int) -> Player:
    """Builds the player for one seat of one match; its randomness comes from the match seed and the seat."""
    factory = _factory(spec.kind)
    rng = random.Random(f"trickbook-player:{seed}:{seat}")
    return factory(rng, dict(spec.options))

"""Hands a second of the default player (`heuristic` in every seat) against the engine's with random players,
timed in one run, so a busy machine slows both alike.

    python benchmarks/player_speed.py [--ruleset tarneeb-41] [--matches 3] [--hand-cap 10] [--parts]

Issue 32 measured the default player at about 33 hands a second when the engine played 11,000 (a ratio of
0.0030) and asks for five times that: a ratio of 0.015. The player's matches and the engine's playouts
alternate, and each side's time is the sum over its rounds. `--parts` also says where a hand's time goes: the
worlds imagined, the branches made (a bid, the bidding closed, a trump named), the array groups and, inside
them, the seats' aims read and the hands scored (each timed around its calls, so the parts cost a little more
than they do unwatched).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import engine_playouts
from trickbook import load_ruleset
from trickbook.players import batch, contract, search
from trickbook.players.base import parse_player_specs
from trickbook.tools.simulate import play_match

BASELINE = 33 / 11_000
"""The default player's hands a second over the engine's when issue 32 was written."""


def default_player_hands(ruleset: str, seed: int, hand_cap: int) -> tuple[int, float]:
    """Hands played and seconds taken by one match of the default player in every seat."""
    rules = load_ruleset(ruleset)
    started = time.perf_counter()
    game = play_match(rules, seed, parse_player_specs("heuristic", rules.seats), hand_cap)
    return len(game.history), time.perf_counter() - started


PARTS = (
    (search, "sample_worlds", "worlds imagined"),
    (contract, "sample_worlds", "worlds imagined"),
    (search, "_jobs", "branches made"),
    (batch, "_play_group", "array groups"),
    (batch, "aims_of", "  of which aims read"),
    (batch, "_score", "  of which hands scored"),
)
"""The functions timed by `--parts`: the module that calls each by that name, its name and what it does for a
hand (a part may be timed in several modules)."""


@contextmanager
def timing_parts(seconds: defaultdict[str, float], calls: Counter[str]) -> Iterator[None]:
    """Adds each call's seconds and count to `seconds` and `calls` under its part's name, while open."""

    def timed(function: Callable[..., Any], part: str) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                seconds[part] += time.perf_counter() - started
                calls[part] += 1

        return wrapper

    with ExitStack() as patches:
        for module, name, part in PARTS:
            patches.enter_context(mock.patch.object(module, name, timed(getattr(module, name), part)))
        yield


def print_parts(ruleset: str, matches: int, hand_cap: int) -> None:
    """Where a hand's time goes, over `matches` matches of the default player."""
    seconds: defaultdict[str, float] = defaultdict(float)
    calls: Counter[str] = Counter()
    hands = 0
    total = 0.0
    with timing_parts(seconds, calls):
        for seed in range(1, matches + 1):
            played, taken = default_player_hands(ruleset, seed, hand_cap)
            hands += played
            total += taken
    print(f"{ruleset}: {total / hands * 1000:.1f} ms a hand over {hands} hands")
    for part in dict.fromkeys(part for _module, _name, part in PARTS):
        print(f"  {part}: {seconds[part] / hands * 1000:.1f} ms a hand, {calls[part] / hands:.1f} calls a hand")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="tarneeb-41")
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--hand-cap", type=int, default=10)
    parser.add_argument("--parts", action="store_true", help="also say where a hand's time goes")
    args = parser.parse_args()
    player_hands = engine_hands = 0
    player_seconds = engine_seconds = 0.0
    for seed in range(1, args.matches + 1):
        hands, seconds = default_player_hands(args.ruleset, seed, args.hand_cap)
        player_hands += hands
        player_seconds += seconds
        hands, seconds, _scores = engine_playouts(args.ruleset, range(seed * 100, seed * 100 + 20), args.hand_cap)
        engine_hands += hands
        engine_seconds += seconds
    player_rate = player_hands / player_seconds
    engine_rate = engine_hands / engine_seconds
    ratio = player_rate / engine_rate
    print(
        f"{args.ruleset}: the default player {player_rate:,.1f} hands/s, the engine with random players "
        f"{engine_rate:,.0f} hands/s: ratio {ratio:.4f}, {ratio / BASELINE:.2f}x the issue's baseline "
        f"(goal 5x, a ratio of {5 * BASELINE:.4f}): at most {1000 / (5 * BASELINE * engine_rate):.1f} ms a hand"
    )
    if args.parts:
        print_parts(args.ruleset, args.matches, args.hand_cap)


if __name__ == "__main__":
    main()

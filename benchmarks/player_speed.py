"""Hands a second of the default player (`heuristic` in every seat) against the engine's with random players,
timed in one run, so a busy machine slows both alike.

    python benchmarks/player_speed.py [--ruleset tarneeb-41] [--matches 3] [--hand-cap 10]

Issue 32 measured the default player at about 33 hands a second when the engine played 11,000 (a ratio of
0.0030) and asks for five times that: a ratio of 0.015. The player's matches and the engine's playouts
alternate, and each side's time is the sum over its rounds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import engine_playouts
from trickbook import load_ruleset
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="tarneeb-41")
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--hand-cap", type=int, default=10)
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
        f"(goal 5x, a ratio of {5 * BASELINE:.4f})"
    )


if __name__ == "__main__":
    main()

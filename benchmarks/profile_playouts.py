"""Profiles random playouts of one ruleset with cProfile and prints where the time goes.

python benchmarks/profile_playouts.py tarneeb-41 [--matches 100] [--sort tottime]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random

from trickbook import Game, load_ruleset


def playouts(ruleset: str, matches: int, hand_cap: int) -> int:
    rules = load_ruleset(ruleset)
    hands = 0
    for seed in range(matches):
        draw = random.Random(seed).random
        game = Game(rules, seed, hand_cap=hand_cap)
        while not game.is_over():
            legal = game.legal_actions()
            game.apply(legal[int(draw() * len(legal))])
        hands += len(game.history)
    return hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--hand-cap", type=int, default=20)
    parser.add_argument("--sort", default="tottime", choices=["tottime", "cumtime"])
    args = parser.parse_args()
    profiler = cProfile.Profile()
    profiler.runcall(playouts, args.ruleset, args.matches, args.hand_cap)
    pstats.Stats(profiler).sort_stats(args.sort).print_stats(20)


if __name__ == "__main__":
    main()

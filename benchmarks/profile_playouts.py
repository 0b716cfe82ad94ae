"""Profiles random playouts of one ruleset with cProfile and prints where the time goes.

python benchmarks/profile_playouts.py tarneeb-41 [--matches 100] [--sort tottime]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from run import engine_playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--hand-cap", type=int, default=20)
    parser.add_argument("--sort", default="tottime", choices=["tottime", "cumtime"])
    args = parser.parse_args()
    profiler = cProfile.Profile()
    profiler.runcall(engine_playouts, args.ruleset, range(args.matches), args.hand_cap)
    pstats.Stats(profiler).sort_stats(args.sort).print_stats(20)


if __name__ == "__main__":
    main()

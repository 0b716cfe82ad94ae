"""Random-playout speed of this checkout against an earlier commit, measured in one run, interleaved.

    python benchmarks/against.py 95a2e5b                   # the four seed rulesets
    python benchmarks/against.py HEAD~3 --rulesets hearts  # any rulesets both commits bundle

The earlier commit is checked out into a temporary `git worktree`. Each round
runs the same playouts (same seeds, same random moves) once in each checkout,
each in a fresh process, alternating which goes first; the report gives each
checkout's median hands per second and the median of the per-round ratios
(this checkout ÷ the earlier one), which a busy machine moves far less than
the absolute figures.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ("tarneeb-41", "cardems-tarneeb", "syrian-tarneeb-41", "cardems-spades")

PLAYOUTS = """
import random, sys, time
sys.path.insert(0, sys.argv[1])
from trickbook import Game, load_ruleset
rules = load_ruleset(sys.argv[2])
matches, cap = int(sys.argv[3]), int(sys.argv[4])
hands = 0
for seed in range(0, matches + 1):
    if seed == 1:  # seed 0 is a warm-up, untimed (whatever is made once per ruleset is made then)
        hands = 0
        started = time.perf_counter()
    draw = random.Random(seed).random
    game = Game(rules, seed, hand_cap=cap)
    while not game.is_over():
        legal = game.legal_actions()
        game.apply(legal[int(draw() * len(legal))])
    hands += len(game.history)
print(hands / (time.perf_counter() - started))
"""


def rate(tree: Path, ruleset: str, matches: int, cap: int) -> float:
    """Hands per second of random playouts by the engine in `tree`, in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", PLAYOUTS, str(tree / "framework"), ruleset, str(matches), str(cap)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{tree}: the playouts of {ruleset} failed:\n{done.stderr.strip()}")
    return float(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the earlier commit (any git revision)")
    parser.add_argument("--rulesets", default=",".join(SEEDS), help="comma-separated (default: the four seeds)")
    parser.add_argument("--matches", type=int, default=150, help="matches per run (default 150)")
    parser.add_argument("--hand-cap", type=int, default=20, help="hands per match at most (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each checkout per ruleset (default 5)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="trickbook-against-") as scratch:
        earlier = Path(scratch) / "earlier"
        added = subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(earlier), args.commit],
            capture_output=True,
            text=True,
            check=False,
        )
        if added.returncode != 0:
            raise SystemExit(f"cannot check out {args.commit}: {added.stderr.strip()}")
        try:
            report(earlier, args)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(earlier)], check=False)


def report(earlier: Path, args: argparse.Namespace) -> None:
    print(f"random playouts, {args.matches} matches, hand cap {args.hand_cap}, {args.rounds} rounds, interleaved")
    print(f"{'ruleset':20} {'earlier hands/s':>16} {'this hands/s':>13} {'ratio':>6} {'range':>12}")
    for ruleset in args.rulesets.split(","):
        before: list[float] = []
        after: list[float] = []
        for round_ in range(args.rounds):
            order = [(earlier, before), (ROOT, after)]
            for tree, out in order if round_ % 2 == 0 else reversed(order):
                out.append(rate(tree, ruleset, args.matches, args.hand_cap))
        ratios = sorted(a / b for a, b in zip(after, before, strict=True))
        print(
            f"{ruleset:20} {statistics.median(before):>16,.0f} {statistics.median(after):>13,.0f} "
            f"{statistics.median(ratios):>6.3f} {ratios[0]:>5.2f}–{ratios[-1]:.2f}"
        )


if __name__ == "__main__":
    main()

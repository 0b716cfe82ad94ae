"""Measures trickbook against hand-written programs, in one run, on the same seeds.

    python benchmarks/run.py              # a few minutes on two cores
    python benchmarks/run.py --quick      # a smoke run

Prints, for every bundled ruleset: load-and-compile time, played hands per
second of random playouts through the public API, clone()+apply() per second;
for tarneeb-41 and cardems-spades the same playouts by the hand-written
programs in `benchmarks/handwritten/` (checked to give the same hand scores on
the same deals and moves) and the ratio engine / hand-written; the peak
memory of `trickbook simulate` at two match counts; the time of an `mcts`
decision of 1,000 playouts against the plain path (`search_speed.py`); the
command's start-up (`startup.py`); and, where valgrind is installed,
instructions per hand, per playout and per start-up (`instructions.py`).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import instructions
import search_speed
import startup
from handwritten import random_playouts, spades, tarneeb41
from trickbook import Game, bundled_rulesets, load_ruleset
from trickbook.tools.parallel import RulesetChoice
from trickbook.tools.simulate import simulate

HANDWRITTEN = {"tarneeb-41": tarneeb41.play_match, "cardems-spades": spades.play_match}
SEARCHED = ("tarneeb-41", "hearts")
"""Where an mcts decision is timed: a partnership game and a game of one's own (a 13-card hand in both)."""


Scores = list[list[tuple[int, ...]]]
"""Each match's hand scores, per side."""


def engine_playouts(ruleset: str, seeds: range, hand_cap: int) -> tuple[int, float, Scores]:
    """Random playouts through the public API; returns hands played, seconds, and each match's hand scores."""
    rules = load_ruleset(ruleset)
    hands = 0
    scores: Scores = []
    for warm_up in range(2):  # untimed: what is made once per ruleset (the specialised engine) is made here
        game = Game(rules, -1 - warm_up, hand_cap=1)
        while not game.is_over():
            game.apply(game.legal_actions()[0])
    started = time.perf_counter()
    for seed in seeds:
        draw = random.Random(seed).random
        game = Game(rules, seed, hand_cap=hand_cap)
        while not game.is_over():
            legal = game.legal_actions()
            game.apply(legal[int(draw() * len(legal))])
        hands += len(game.history)
        scores.append([h.score for h in game.history])
    return hands, time.perf_counter() - started, scores


def simulate_hands(ruleset: str, seeds: range, hand_cap: int) -> int:
    """Hands played by `simulate` itself (one process, random players, no records written)."""
    choice = RulesetChoice(ruleset, None, ())
    return sum(
        summary.hands
        for summary, _ in simulate(choice, seeds.start, len(seeds), "random", hand_cap, processes=1, records=False)
    )


def simulate_rate(ruleset: str, seeds: range, hand_cap: int) -> float:
    """Hands per second of `simulate` (see `simulate_hands`): what the command adds to the engine's own loop
    (players, summaries, jobs)."""
    simulate_hands(ruleset, range(-2, 0), 1)  # untimed, like the API loop's warm-up
    started = time.perf_counter()
    hands = simulate_hands(ruleset, seeds, hand_cap)
    return hands / (time.perf_counter() - started)


def clone_apply_rate(ruleset: str, positions: int) -> float:
    """clone() + apply() per second, from positions spread over random games."""
    rules = load_ruleset(ruleset)
    states: list[Game] = []
    draw = random.Random(7).random
    seed = 0
    while len(states) < positions:
        game = Game(rules, seed, hand_cap=3)
        seed += 1
        while not game.is_over() and len(states) < positions:
            states.append(game.clone())
            legal = game.legal_actions()
            game.apply(legal[int(draw() * len(legal))])
    started = time.perf_counter()
    for _ in range(5):
        for state in states:
            copy = state.clone()
            copy.apply(copy.legal_actions()[0])
    return 5 * len(states) / (time.perf_counter() - started)


def load_times(ruleset: str) -> tuple[float, float, float]:
    """Milliseconds to load and compile: the first load in a fresh process with an empty user cache, the first
    once the parser's tables are cached, and the median of later loads in one process."""
    code = (
        "import time, trickbook\n"
        f"t = time.perf_counter(); trickbook.load_ruleset({ruleset!r}); first = time.perf_counter() - t\n"
        "warm = []\n"
        "for _ in range(10):\n"
        f"    t = time.perf_counter(); trickbook.load_ruleset({ruleset!r}); warm.append(time.perf_counter() - t)\n"
        "warm.sort(); print(first * 1000, warm[5] * 1000)\n"
    )
    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "TRICKBOOK_CACHE_DIR": cache}
        runs = [
            subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment)
            for _ in range(2)
        ]
    cold, cached = (float(run.stdout.split()[0]) for run in runs)
    return cold, cached, float(runs[1].stdout.split()[1])


def peak_memory_mb(ruleset: str, matches: int, hand_cap: int) -> float:
    """Peak resident memory of `trickbook simulate` with random players (the simulator's own memory: the default
    heuristic players search, which would make the 10,000 matches take an hour)."""
    code = (
        "import resource, sys\n"
        "from trickbook.cli import main\n"
        f"main(['simulate', {ruleset!r}, '--matches', '{matches}', '--hand-cap', '{hand_cap}', '--players', 'random',"
        " '--out', '/dev/null'])\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stderr.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300, help="matches per ruleset (default 300)")
    parser.add_argument("--hand-cap", type=int, default=20, help="hands per match at most (default 20)")
    parser.add_argument("--repeat", type=int, default=3, help="take the best of this many runs (default 3)")
    parser.add_argument("--quick", action="store_true", help="a smoke run with few matches")
    args = parser.parse_args()
    if args.quick:
        args.matches, args.repeat = 30, 1
    seeds = range(1, args.matches + 1)
    print(
        f"trickbook benchmark: {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {platform.processor() or 'cpu'}; {args.matches} matches per ruleset, "
        f"hand cap {args.hand_cap}, best of {args.repeat}"
    )
    print()
    print(
        f"{'ruleset':20} {'load ms (cold/first/warm)':>26} {'hands/s':>9} {'hand-written':>13} {'ratio':>6} "
        f"{'simulate÷API':>13} {'clone+apply/s':>14}"
    )
    for ruleset in bundled_rulesets():
        cold, first, warm = load_times(ruleset)
        best = 0.0
        engine_scores: Scores = []
        for _ in range(args.repeat):
            hands, seconds, engine_scores = engine_playouts(ruleset, seeds, args.hand_cap)
            best = max(best, hands / seconds)
        written = ""
        ratio = ""
        if ruleset in HANDWRITTEN:
            fastest = 0.0
            for _ in range(args.repeat):
                hands, seconds, written_scores = random_playouts(HANDWRITTEN[ruleset], seeds, args.hand_cap)
                fastest = max(fastest, hands / seconds)
            if written_scores != engine_scores:
                raise SystemExit(f"{ruleset}: the hand-written program and the engine disagree on a score")
            written = f"{fastest:,.0f}"
            ratio = f"{best / fastest:.2f}"
        simulated = max(simulate_rate(ruleset, seeds, args.hand_cap) for _ in range(args.repeat))
        clones = clone_apply_rate(ruleset, 2000 if not args.quick else 300)
        print(
            f"{ruleset:20} {cold:>8.1f} / {first:>6.1f} / {warm:>6.1f}  {best:>9,.0f} {written:>13} {ratio:>6} "
            f"{simulated / best:>13.2f} {clones:>14,.0f}"
        )
    print()
    print("hand-written programs checked: same hand scores as the engine on every deal of every match")
    playouts = 200 if args.quick else 1000
    for ruleset in SEARCHED:
        fast, plain, yardstick = search_speed.compare(ruleset, playouts, 3 if args.quick else 5)
        print(
            f"mcts:playouts={playouts}, first card of {ruleset}: {fast:.3f} s a decision "
            f"= {fast / yardstick:,.0f} yardstick hands, plain path {plain:.3f} s "
            f"({plain / fast:.2f}x; the same card at every position)"
        )
    found = startup.medians(5 if args.quick else 15)
    print(
        f"start-up, simulate of one hand: {found['simulate one hand']:.3f} s (python alone "
        f"{found['python alone']:.3f} s, import trickbook.cli {found['import trickbook.cli']:.3f} s)"
    )
    if not instructions.available():
        print("instruction counts: skipped (valgrind is not on the PATH)")
    elif args.quick:
        print("instruction counts: skipped in a quick run")
    else:
        for ruleset in HANDWRITTEN:
            for name, count, unit in instructions.measure(ruleset):
                print(f"instructions, {ruleset}, {name}: {count / 1000:,.0f} K a {unit}")
    small, large = (200, 2000) if args.quick else (1000, 10000)
    for matches in (small, large):
        print(
            f"peak memory, trickbook simulate cardems-spades --matches {matches} --hand-cap 5 --players random: "
            f"{peak_memory_mb('cardems-spades', matches, 5):.1f} MB"
        )


if __name__ == "__main__":
    main()

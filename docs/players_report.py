"""Win rates of the players against each other for every bundled ruleset; writes docs/players.md.

    python docs/players_report.py [--matches 200] [--jobs 2] [--mcts mcts:playouts=60]

Each pairing plays the same seeds twice, once with A as North-South and once
as East-West (seats swapped, deals unchanged), so neither side gets better
cards; a match stopped at the hand cap counts as not won.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import time
from pathlib import Path

from trickbook import bundled_rulesets
from trickbook.tools.compare import play_for_stats
from trickbook.tools.parallel import MatchJob, RulesetChoice, default_jobs, run_ordered
from trickbook.tools.stats import proportion

OUT = Path(__file__).resolve().parent / "players.md"


def pairing(ruleset: str, first: str, second: str, matches: int, jobs: int) -> tuple[int, int, int, float]:
    """First's wins, finished matches and all matches, with the seconds it took."""
    choice = RulesetChoice(ruleset, None, ())
    half = matches // 2
    layouts = [(f"{first},{second},{first},{second}", 0), (f"{second},{first},{second},{first}", 1)]
    plan = [
        (MatchJob(i, choice, 1 + i % half, layouts[i // half][0], 1000), layouts[i // half][1]) for i in range(2 * half)
    ]
    started = time.perf_counter()
    results = list(run_ordered(play_for_stats, [job for job, _ in plan], jobs))
    wins = sum(stats.winner == side for (_, side), stats in zip(plan, results, strict=True))
    finished = sum(stats.winner is not None for stats in results)
    return wins, finished, len(results), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--mcts", default="mcts:playouts=60")
    args = parser.parse_args()
    rows = []
    for ruleset in bundled_rulesets():
        for first, second, target in (("heuristic", "random", 0.70), (args.mcts, "heuristic", 0.60)):
            wins, finished, total, seconds = pairing(ruleset, first, second, args.matches, args.jobs)
            rate = proportion(wins, total)
            verdict = "met" if rate.value >= target else "missed"
            rows.append(
                f"| {ruleset} | {first} vs {second} | {wins} of {total} ({total - finished} unfinished) | "
                f"{rate.text(percent=True)} | {100 * target:.0f}%: **{verdict}** | {seconds:.0f} s |"
            )
            print(rows[-1], flush=True)
    text = "\n".join(
        [
            "# Players: how well they play",
            "",
            "Written by `python docs/players_report.py --matches "
            f"{args.matches} --jobs {args.jobs} --mcts {args.mcts}` on "
            f"{datetime.date.today().isoformat()} ({platform.python_implementation()} {platform.python_version()}, "
            f"{platform.machine()}, {args.jobs} processes).",
            "",
            "Each pairing plays the same seeds twice, A as North-South then A as East-West,",
            "so both sides get the same deals; a match stopped at the hand cap (1000 hands)",
            "counts as not won by A. Win rates are A's wins over all matches, with Wilson 95%",
            "intervals.",
            "",
            "| ruleset | A vs B | A won | win rate [95% interval] | target | time |",
            "|---|---|---|---|---|---:|",
            *rows,
            "",
            "The players: `random` picks uniformly among legal actions. `heuristic` plays cards by rule-agnostic",
            "trick logic (win cheaply when it helps the side, let a winning partner win, otherwise throw the lowest",
            "card; avoid tricks after a bid worth nothing) and values each plausible bid or trump by playing the hand",
            "out in six worlds sampled from its view, scored by the ruleset's own rules. `mcts` searches every",
            "decision: each legal action is played out in worlds sampled from the view (common to all actions), and",
            "sequential halving spends the playout budget on the close choices.",
            "",
        ]
    )
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()

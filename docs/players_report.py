"""Win rates of the players against each other for every bundled ruleset; writes docs/players.md.

    python docs/players_report.py [--matches 200] [--jobs 2] [--mcts mcts:playouts=60] [--rulesets a,b]
                                  [--option NAME=VALUE ...]

Each pairing plays the same seeds once for each place A can take: every side
in turn (B holds the other sides), or at a table without sides every seat in
turn (B holds the others), so A gets no better cards than B. A's fair share is
one over the number of places; the targets are 1.4 and 1.2 times it (70% and
60% for two sides). A match stopped at the hand cap counts as not won; a
shared win counts as won. `--rulesets` reruns only those rulesets and keeps
the rows of the others from the existing report; `--option` plays them under a
table option (a shorter Skat match, `deals=6`), named in their rows.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import time
from pathlib import Path

from trickbook import bundled_rulesets, open_ruleset
from trickbook.tools.compare import play_for_stats
from trickbook.tools.parallel import MatchJob, RulesetChoice, default_jobs, run_ordered
from trickbook.tools.rating import Pairing, ratings
from trickbook.tools.stats import Estimate, proportion

OUT = Path(__file__).resolve().parent / "players.md"

CAUSES = {
    "rubber-bridge": "random players seldom make a game, so a rubber against them outlasts a short hand cap "
    "(40 in its run) and an unfinished match counts as not won",
}
"""Why a ruleset's players fall short of a target, where the cause is known (issue 32: "or the shortfall stated
with its cause")."""


def shortfalls(rows: list[str]) -> list[str]:
    """A line per missed target: the ruleset, the pairing and the cause where one is known; else, where the win
    rate's interval reaches the target, that the run has not shown a shortfall."""
    out = []
    for row in rows:
        cells = [cell.strip() for cell in row.split("|")]
        if "missed" in cells[5]:
            name = cells[1].split(":")[0]
            low, high = (float(end) for end in cells[4].split("[")[1].rstrip("]").split(","))
            target = float(cells[5].split("%")[0])
            unshown = f"its 95% interval [{low}, {high}] reaches the target, so this run has not shown a shortfall"
            cause = CAUSES.get(name) or (unshown if low <= target <= high else "no cause established")
            out.append(f"- {cells[1]}, {cells[2]}: {cause}.")
    return out


def places(ruleset: str, options: tuple[tuple[str, str], ...] = ()) -> tuple[tuple[int, ...], ...]:
    """The places A takes in turn: the sides of the table, or each seat when there are none."""
    seating = open_ruleset(ruleset).resolve(options=dict(options)).seating
    return seating.sides or tuple((seat,) for seat in range(seating.seats))


def pairing(
    ruleset: str,
    first: str,
    second: str,
    matches: int,
    jobs: int,
    options: tuple[tuple[str, str], ...] = (),
    hand_cap: int = 1000,
) -> tuple[int, int, int, float]:
    """First's wins, finished matches and all matches, with the seconds it took."""
    choice = RulesetChoice(ruleset, None, options)
    groups = places(ruleset, options)
    seats = sum(len(group) for group in groups)
    share = -(-matches // len(groups))  # rounded up: never fewer matches than asked, each place as many
    plan: list[tuple[MatchJob, set[int]]] = []
    for group in groups:
        layout = ",".join(first if seat in group else second for seat in range(seats))
        for i in range(share):
            plan.append((MatchJob(len(plan), choice, 1 + i, layout, hand_cap), set(group)))
    started = time.perf_counter()
    results = list(run_ordered(play_for_stats, [job for job, _ in plan], jobs))
    wins = sum(
        bool(stats.winner and group & set(stats.winner)) for (_, group), stats in zip(plan, results, strict=True)
    )
    finished = sum(stats.winner is not None for stats in results)
    return wins, finished, len(results), time.perf_counter() - started


def kept_rows() -> dict[str, list[str]]:
    """The rows of the existing report's players table (not its ratings), by ruleset."""
    rows: dict[str, list[str]] = {}
    if OUT.exists():
        for line in OUT.read_text(encoding="utf-8").splitlines():
            cells = line.split("|")
            name = cells[1].strip().split(":")[0] if len(cells) > 3 and " vs " in cells[2] else ""
            if name in bundled_rulesets():
                rows.setdefault(name, []).append(line)
    return rows


def rating_rows(rows: list[str]) -> list[str]:
    """A row per ruleset of the table: each player kind's Elo rating over random players, from its pairings."""
    pairings: dict[str, list[Pairing]] = {}
    for line in rows:
        cells = [cell.strip() for cell in line.split("|")]
        name, _, option_text = cells[1].partition(":")
        pairs = [item.split("=", 1) for item in option_text.split(",") if item]
        options = tuple((key, value) for key, value in pairs)
        first, second = cells[2].split(" vs ")
        wins, _, total = cells[3].split(" (")[0].split()
        count = len(places(name, options))
        pairings.setdefault(cells[1], []).append(Pairing(first, second, int(wins), int(total), count))
    out = []
    for ruleset, found in pairings.items():
        rated = ratings(found)
        kinds = sorted(rated, key=lambda kind: rated[kind].value)
        out.append(f"| {ruleset} | " + ", ".join(f"{kind} {_elo(rated[kind])}" for kind in kinds) + " |")
    return out


def _elo(rating: Estimate) -> str:
    """A rating and its interval, in whole Elo points."""
    if rating.low == rating.high:
        return f"{rating.value:.0f}"
    return f"{rating.value:+.0f} [{rating.low:+.0f}, {rating.high:+.0f}]"


def write(args: argparse.Namespace, rows: list[str]) -> None:
    """Writes docs/players.md with the players table's `rows` and the ratings they give."""
    text = "\n".join(
        [
            "# Players: how well they play",
            "",
            "Written by `python docs/players_report.py --matches "
            f"{args.matches} --jobs {args.jobs} --mcts {args.mcts}"
            + "".join(f" --option {text}" for text in args.option)
            + (f" --hand-cap {args.hand_cap}" if args.hand_cap != 1000 else "")
            + f"` (last run: {args.rulesets}) on "
            f"{datetime.date.today().isoformat()} ({platform.python_implementation()} {platform.python_version()}, "
            f"{platform.machine()}, {args.jobs} processes).",
            "",
            "Each pairing plays the same seeds once for each place A can take: each side in turn",
            "(A as North-South, then as East-West), or at a table without sides each seat in turn",
            "with B in every other seat, so A gets the same deals as B. A's fair share is one",
            "over the number of places (50% with two sides, 25% for one player of four); the",
            "targets are 1.4 and 1.2 times it. A match stopped at the run's hand cap (1000 hands unless it says)",
            "counts as not won by A, a shared win as won. Win rates are A's wins over all",
            "matches, with Wilson 95% intervals. The rulesets of the last run (named above) come",
            "from it; the rows of the others are kept from earlier runs (`--rulesets`), whose",
            "match counts they show.",
            "",
            "| ruleset | A vs B | A won | win rate [95% interval] | target | time |",
            "|---|---|---|---|---|---:|",
            *rows,
            "",
            "Targets missed, with their causes:",
            "",
            *(shortfalls(rows) or ["- none."]),
            "",
            "## Ratings",
            "",
            "Each player kind's Elo rating at each ruleset, from the pairings above (`trickbook.tools.rating`):",
            "random players are 0; a pairing in which A won a share r of the matches over k places (sides, or",
            "seats where there are none) puts A 400·log10(r·(k−1)/(1−r)) points above B, which is 0 at A's",
            "fair share 1/k and 191 at 75% of two places (half a win is added to each count, so that all or none",
            "won stays finite, and a kind that won every match has the figure as its upper end: no more is",
            "known). mcts is rated through its pairing with the heuristic. The brackets carry each win rate's Wilson",
            "interval over to Elo points, added up along the chain. A designer can pick the player strength for a",
            "comparison from them, and a club a bot.",
            "",
            "| ruleset | ratings (Elo, random = 0) [95% interval] |",
            "|---|---|",
            *rating_rows(rows),
            "",
            "The players: `random` picks uniformly among legal actions. `heuristic` plays cards by rule-agnostic",
            "trick logic (win cheaply when it helps the side, let a winning partner win, otherwise throw the lowest",
            "card; aim for the tricks the scoring wants, which in Hearts means as few as it can, and shed the cards",
            "the scoring makes costly, and lose every trick where its own tricks cost its side, as after a nil;",
            "in games of card points each party aims at the points of its share of the tricks) and values each",
            "plausible bid, trump or card to pass by playing the hand out in six worlds sampled from its view,",
            "scored by the ruleset's own rules. A bid is valued as the contract it would end the auction in (later",
            "bidders pass), under the best trump or game its bidder could then name; the worlds give each other",
            "seat that bid at least its share of the high cards. In an auction of calls (Bridge) it judges each",
            "call on twelve worlds, bids only when the contract goes its way in most of them, doubles only in three",
            "of four, and climbs a level at a time while the higher contract still makes in most and is worth more.",
            "`mcts` calls such an auction the same way with its playouts, and searches every other decision: each",
            "legal action is played out in worlds sampled from the view (common to all actions), and sequential",
            "halving spends the playout budget on the close choices.",
            "",
            "A partner the rules know only by a card (Sheepshead's called ace: the holder of the ace the picker calls,",
            "read in the scoring as `dealt(s, AC) == 1`) is not known to the players: in a game scored per seat their",
            "`party` (`players/appetite.py`) is their own seat, so the heuristic plays such a hand for its own card",
            "points and does not let its secret partner, or the picker, win a trick on purpose. The sampled worlds do",
            "not yet use `play.must_play` or `play.follow_only_when` to place the called ace either.",
            "",
        ]
    )
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--matches", type=int, default=200, help="matches per pairing, rounded up to the same number for each place"
    )
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--mcts", default="mcts:playouts=60")
    parser.add_argument("--rulesets", default=",".join(bundled_rulesets()), help="comma-separated (default: all)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE for the rulesets rerun")
    parser.add_argument("--hand-cap", type=int, default=1000, help="hands after which a match stops (default 1000)")
    args = parser.parse_args()
    pairs = [text.split("=", 1) for text in args.option]
    options: tuple[tuple[str, str], ...] = tuple((key, value) for key, value in pairs)
    named = "".join(f":{key}={value}" for key, value in options)
    rerun = set(args.rulesets.split(","))
    kept = kept_rows()  # every ruleset's earlier rows: those not rerun stay, and a rerun replaces its own
    rows: list[str] = []
    names = bundled_rulesets()
    for index, ruleset in enumerate(names):
        if ruleset not in rerun:
            rows += kept.get(ruleset, [])
            continue
        fair = 1 / len(places(ruleset, options))
        for first, second, factor in (("heuristic", "random", 1.4), (args.mcts, "heuristic", 1.2)):
            target = min(factor * fair, 1.0)
            wins, finished, total, seconds = pairing(
                ruleset, first, second, args.matches, args.jobs, options, args.hand_cap
            )
            rate = proportion(wins, total)
            verdict = "met" if rate.value >= target else "missed"
            rows.append(
                f"| {ruleset}{named} | {first} vs {second} | {wins} of {total} ({total - finished} unfinished) | "
                f"{rate.text(percent=True)} | {100 * target:.0f}%: **{verdict}** | {seconds:.0f} s |"
            )
            print(rows[-1], flush=True)
        # Written after every ruleset, so a long run stopped early keeps what it measured.
        write(args, rows + [row for name in names[index + 1 :] for row in kept.get(name, [])])


if __name__ == "__main__":
    main()

"""`trickbook simulate`: plays matches between players, writes their records and sums them up."""

from __future__ import annotations

import argparse
import gzip
import sys
import time
from typing import TYPE_CHECKING, TextIO

from .. import limits
from ..errors import PlayerError
from ..players import parse_player_specs
from ..tools.parallel import RulesetChoice
from ..tools.simulate import Tally, simulate
from .arguments import (
    hand_cap,
    load_from_args,
    parallel_arguments,
    positive,
    progress_bar,
    ruleset_arguments,
    writing,
)

if TYPE_CHECKING:
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `simulate` and its arguments."""
    sim = subparsers.add_parser("simulate", help="play matches between players and write their records")
    ruleset_arguments(sim)
    sim.add_argument("--matches", type=positive, default=100, help="how many matches (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first match; match i uses seed+i (default 1)")
    sim.add_argument(
        "--players", default="heuristic", help="one player for every seat or one per seat (default heuristic)"
    )
    sim.add_argument(
        "--hand-cap",
        type=hand_cap,
        default=limits.DEFAULT_HAND_CAP,
        help="hands after which a match stops unfinished (default 1000)",
    )
    sim.add_argument("--out", metavar="FILE.jsonl", help="write one record per line to FILE ('-' for standard output)")
    parallel_arguments(sim)


def run(args: argparse.Namespace) -> int:
    """Plays the matches, writing each record as it comes back, then prints the summary (on standard error when
    the records go to standard output)."""
    rules = load_from_args(args)
    specs = parse_player_specs(args.players, rules.seats)
    out = _records_file(args.out)
    report = sys.stderr if out is sys.stdout else sys.stdout
    started = time.perf_counter()
    tally = Tally(rules)
    try:
        with progress_bar(args.matches, "simulating") as progress:
            for summary, line in simulate(
                RulesetChoice.of(args.ruleset, rules),
                args.seed,
                args.matches,
                ",".join(str(s) for s in specs),
                args.hand_cap,
                args.jobs,
                args.scheduler,
                progress,
                records=out is not None,
            ):
                if out is not None:
                    out.write(line + "\n")
                tally.add(summary)
    except PlayerError as exc:
        kept = f"; the {tally.matches} record(s) before it are in {args.out}" if args.out not in (None, "-") else ""
        raise PlayerError(f"{exc}{kept}") from None
    finally:
        if out is not None and out is not sys.stdout:
            out.close()
    elapsed = time.perf_counter() - started
    for line in tally.lines(args.seed, args.players, args.hand_cap):
        print(line, file=report)
    rate = tally.hands / elapsed if elapsed else 0
    where = f"; records in {args.out}" if args.out and args.out != "-" else ""
    print(f"  {elapsed:.2f} s, {rate:,.0f} hands/s on {args.jobs} process(es){where}", file=report)
    return 0


def _records_file(name: str | None) -> TextIO | None:
    """Where `--out` writes the records: standard output for '-', gzip for a name ending in .gz, else the file."""
    if name == "-":
        return sys.stdout
    if not name:
        return None
    with writing(name):
        if name.endswith(".gz"):
            return gzip.open(name, "wt", encoding="utf-8", compresslevel=6)  # the caller closes it
        return open(name, "w", encoding="utf-8")  # the caller closes it

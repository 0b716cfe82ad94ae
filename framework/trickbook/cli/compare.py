"""`trickbook compare`: plays the same seeds under several rulesets (or one swept over values) and reports the
differences, in the terminal, as JSON, CSV, a figure or an HTML page."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .. import limits
from ..errors import UsageError
from ..players import parse_player_specs
from ..tools.parallel import RulesetChoice, load_choice, load_specs, parse_options, parse_ruleset_spec
from .arguments import hand_cap, parallel_arguments, positive, progress_bar, variant_arguments, writing

if TYPE_CHECKING:
    from ..tools.compare import Column
    from ..tools.sweep import Sweep
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `compare` and its arguments."""
    cmp = subparsers.add_parser("compare", help="play the same matches under several rulesets and compare them")
    cmp.add_argument(
        "rulesets", nargs="+", metavar="RULESET", help="rulesets, each optionally RULESET@VERSION:NAME=VALUE,..."
    )
    variant_arguments(cmp, "the last ruleset")
    cmp.add_argument(
        "--players", default="heuristic", help="one player for every seat or one per seat (default heuristic)"
    )
    cmp.add_argument("--matches", type=positive, default=200, help="matches per ruleset (default 200)")
    cmp.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    cmp.add_argument(
        "--hand-cap", type=hand_cap, default=limits.DEFAULT_HAND_CAP, help="hands after which a match stops"
    )
    cmp.add_argument(
        "--skill",
        metavar="STRONG/WEAK",
        type=_skill,
        help="also play each seed with one party STRONG and the rest WEAK (as heuristic/random) to measure skill",
    )
    cmp.add_argument(
        "--sweep",
        metavar="KEY=VALUE{A,B,...}",
        type=_sweep,
        help="compare one ruleset with KEY set to each value, as 'match.wins=total(side) >= {31,41,51}'",
    )
    _until_arguments(cmp)
    cmp.add_argument("--json", action="store_true", help="print the comparison as JSON")
    cmp.add_argument("--plot", metavar="FILE.png", help="write a figure of the comparison (needs matplotlib)")
    cmp.add_argument(
        "--html", metavar="FILE.html", help="write a self-contained report: verdicts, tables and the figure inline"
    )
    cmp.add_argument(
        "--csv", metavar="FILE.csv", help="write one row per match per ruleset, for a spreadsheet or pandas"
    )
    parallel_arguments(cmp)


def _until_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds `--until`, `--until-metric` and `--max-matches`: play on until an interval is narrow enough."""
    parser.add_argument(
        "--until",
        type=_width,
        metavar="WIDTH",
        help="play batches of --matches until the 95%% interval of --until-metric is within ±WIDTH",
    )
    parser.add_argument(
        "--until-metric",
        default="hands per match",
        metavar="NAME",
        help="the measure --until watches (default 'hands per match'; shares are fractions: 0.05 is 5 pp)",
    )
    parser.add_argument(
        "--max-matches", type=positive, default=2000, help="with --until, the most matches per ruleset (2000)"
    )


def run(args: argparse.Namespace) -> int:
    """Plays the comparison, then writes the figure, CSV, JSON or HTML asked for and prints the tables."""
    from ..tools.compare import write_csv

    choices = _choices(args)
    columns = _play_comparison(args, choices)
    matches = len(columns[0].stats)
    if args.plot:
        with writing(args.plot):
            _plot(columns, args.sweep, Path(args.plot))
    if args.csv:
        with writing(args.csv):
            write_csv(columns, args.seed, Path(args.csv))
    if args.json:
        print(json.dumps(_as_json(columns, args.players, matches, args.seed), indent=2))
        return 0
    _print_report(args, columns, matches)
    return 0


def _choices(args: argparse.Namespace) -> list[RulesetChoice]:
    """The rulesets compared: each one named, or the one ruleset with the swept key at each of its values; each
    must seat the players named."""
    from ..tools.sweep import sweep_choices

    if args.sweep:
        if len(args.rulesets) != 1:
            raise UsageError(f"--sweep varies one ruleset; {len(args.rulesets)} are named")
        reference, version, options = parse_ruleset_spec(args.rulesets[0])
        options.update(parse_options(args.option))
        choices = sweep_choices(reference, options, args.rules_version or version, args.sweep)
        rulesets = [load_choice(choice) for choice in choices]
    else:
        rulesets = load_specs(args.rulesets, args.option, args.rules_version)
        choices = [
            RulesetChoice.of(parse_ruleset_spec(text)[0], rules)
            for text, rules in zip(args.rulesets, rulesets, strict=True)
        ]
    for rules in rulesets:
        parse_player_specs(args.players, rules.seats)
    return choices


def _plot(columns: list[Column], sweep: Sweep | None, path: Path) -> None:
    from ..tools.plot import plot, plot_sweep

    if sweep:
        plot_sweep(columns, sweep, path)
    else:
        plot(columns, path)


def _as_json(columns: list[Column], players: str, matches: int, seed: int) -> dict[str, object]:
    """`--json`: the comparison and its paired differences against the first ruleset."""
    from ..tools.compare import as_json, paired_differences
    from ..tools.paired import as_json as difference_json

    report = as_json(columns, players, matches, seed)
    report["differences"] = [
        {"a": columns[0].label, "b": column.label, **difference_json(d)}
        for column, found in paired_differences(columns)
        for d in found
    ]
    return report


def _print_report(args: argparse.Namespace, columns: list[Column], matches: int) -> None:
    """The tables in the terminal (and the HTML page, when asked for), then where the files went."""
    from rich.console import Console

    from ..tools.report import print_report, write_html_report

    seeds = f"seeds {args.seed}..{args.seed + matches - 1}"
    title = f"{matches} matches per ruleset, {seeds}, players {args.players}"
    if args.html:
        write_html_report(args.html, columns, title, args.sweep)
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    print_report(console, columns, title, args.sweep)
    if args.plot:
        console.print(f"figure written to {args.plot}")
    if args.html:
        console.print(f"report written to {args.html}")


def _play_comparison(args: argparse.Namespace, choices: list[RulesetChoice]) -> list[Column]:
    """Plays the comparison: `--matches` of each ruleset, or, with `--until`, first `--matches`, then as many
    again each time, until the interval of the `--until-metric` is narrow enough or `--max-matches` are played."""
    from ..tools.compare import compare

    per_match = len(choices) * (2 if args.skill else 1)
    batch = args.matches
    columns: list[Column] = []
    played = 0
    while True:
        total = args.max_matches * per_match if args.until is not None else batch * per_match
        with progress_bar(total, "comparing") as progress:
            if progress and played:
                progress(played * per_match)
            columns = compare(
                choices,
                args.players,
                batch,
                args.seed + played,
                args.hand_cap,
                args.jobs,
                args.scheduler,
                progress,
                args.skill,
                columns,
            )
        played += batch
        if args.until is None or _narrow_enough(args, columns, played):
            return columns
        batch = min(played, args.max_matches - played)  # each batch doubles the matches played


def _narrow_enough(args: argparse.Namespace, columns: list[Column], played: int) -> bool:
    """Whether `--until` may stop after `played` matches: the interval is narrow enough, or `--max-matches` are
    played; says which on standard error."""
    from ..tools.compare import paired_differences, widest

    width = widest(columns, args.until_metric)
    if width is None:
        known = sorted({d.metric for _c, found in paired_differences(columns) for d in found})
        names = ", ".join(repr(n) for n in (known or list(columns[0].metrics)))
        raise UsageError(f"--until-metric {args.until_metric!r} is not measured in this comparison; try {names}")
    print(f"{played} matches: {args.until_metric} ±{width:.3g} (until ±{args.until:g})", file=sys.stderr)
    if width <= args.until:
        return True
    if played >= args.max_matches:
        print(f"stopped at --max-matches {args.max_matches} before the interval was narrow enough", file=sys.stderr)
        return True
    return False


def _width(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a width such as 0.5, found {text[:40]!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a width above 0, found {text[:40]!r}")
    return value


def _sweep(text: str) -> Sweep:
    from ..tools.sweep import parse_sweep

    try:
        return parse_sweep(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--sweep ")) from None


def _skill(text: str) -> tuple[str, str]:
    from ..tools.compare import parse_skill

    try:
        return parse_skill(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None

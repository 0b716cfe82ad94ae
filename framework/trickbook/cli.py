"""The `trickbook` command: simulate, replay and validate (more drivers register their own subcommands)."""

from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from . import __version__, i18n, limits, resources
from .engine.game import Game
from .errors import PlayerError, RecordError, TrickbookError, UsageError
from .players import Player, PlayerSpec, make_player, parse_player_specs
from .players.base import split_specs
from .resources import looks_like_path
from .ruleset.loader import FORMAT, load_ruleset, open_ruleset
from .ruleset.rules import Rules
from .text import is_ascii_number
from .tools.parallel import RulesetChoice, default_jobs, load_choice
from .tools.simulate import simulate

if TYPE_CHECKING:  # only in annotations: the commands import what they use, so `simulate` starts quickly
    from .record.replay import RulesetCache
    from .tools.compare import Column
    from .tools.sweep import Sweep


def main(argv: Sequence[str] | None = None) -> int:
    """Runs one subcommand; every trickbook error becomes a message and exit status 1, never a traceback."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
        return status
    except TrickbookError as exc:
        print(f"trickbook: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, UsageError) else 1
    except KeyboardInterrupt:
        print("trickbook: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped reading (`trickbook simulate ... | head -1`): nothing more to say, and no traceback
        # when Python flushes standard output on the way out.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def build_parser() -> argparse.ArgumentParser:
    """The command line: every subcommand with its arguments (the README's command table lists them all)."""
    parser = argparse.ArgumentParser(
        prog="trickbook",
        description="Trick-taking card games as YAML rulesets: simulate, replay and check them.",
    )
    parser.add_argument("--version", action="version", version=f"trickbook {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = commands.add_parser("simulate", help="play matches between players and write their records")
    _ruleset_arguments(sim)
    sim.add_argument("--matches", type=_positive, default=100, help="how many matches (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first match; match i uses seed+i (default 1)")
    sim.add_argument(
        "--players", default="heuristic", help="one player for every seat or one per seat (default heuristic)"
    )
    sim.add_argument(
        "--hand-cap",
        type=_hand_cap,
        default=limits.DEFAULT_HAND_CAP,
        help="hands after which a match stops unfinished (default 1000)",
    )
    sim.add_argument("--out", metavar="FILE.jsonl", help="write one record per line to FILE ('-' for standard output)")
    _parallel_arguments(sim)
    sim.set_defaults(run=_simulate)

    cmp = commands.add_parser("compare", help="play the same matches under several rulesets and compare them")
    cmp.add_argument(
        "rulesets", nargs="+", metavar="RULESET", help="rulesets, each optionally RULESET@VERSION:NAME=VALUE,..."
    )
    _variant_arguments(cmp, "the last ruleset")
    cmp.add_argument(
        "--players", default="heuristic", help="one player for every seat or one per seat (default heuristic)"
    )
    cmp.add_argument("--matches", type=_positive, default=200, help="matches per ruleset (default 200)")
    cmp.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    cmp.add_argument(
        "--hand-cap", type=_hand_cap, default=limits.DEFAULT_HAND_CAP, help="hands after which a match stops"
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
    cmp.add_argument(
        "--until",
        type=_width,
        metavar="WIDTH",
        help="play batches of --matches until the 95%% interval of --until-metric is within ±WIDTH",
    )
    cmp.add_argument(
        "--until-metric",
        default="hands per match",
        metavar="NAME",
        help="the measure --until watches (default 'hands per match'; shares are fractions: 0.05 is 5 pp)",
    )
    cmp.add_argument(
        "--max-matches", type=_positive, default=2000, help="with --until, the most matches per ruleset (2000)"
    )
    cmp.add_argument("--json", action="store_true", help="print the comparison as JSON")
    cmp.add_argument("--plot", metavar="FILE.png", help="write a figure of the comparison (needs matplotlib)")
    cmp.add_argument(
        "--html", metavar="FILE.html", help="write a self-contained report: verdicts, tables and the figure inline"
    )
    cmp.add_argument(
        "--csv", metavar="FILE.csv", help="write one row per match per ruleset, for a spreadsheet or pandas"
    )
    _parallel_arguments(cmp)
    cmp.set_defaults(run=_compare)

    rep = commands.add_parser("replay", help="re-execute recorded matches and check every action and score")
    rep.add_argument(
        "files", nargs="+", metavar="FILE", help="JSON Lines files of records, or single-record JSON files"
    )
    _ruleset_files_argument(rep)
    rep.set_defaults(run=_replay)

    val = commands.add_parser("validate", help="check ruleset files: schema, expressions, every version and option")
    val.add_argument("files", nargs="+", metavar="RULESET", help="ruleset files or bundled ids")
    val.set_defaults(run=_validate)

    exp = commands.add_parser("explain", help="print a ruleset as a rule book people can follow")
    _ruleset_arguments(exp)
    exp.add_argument("--format", choices=["md", "html"], default="md", help="Markdown (default) or HTML")
    exp.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    _language_argument(exp)
    exp.set_defaults(run=_explain)

    ply = commands.add_parser("play", help="play one seat against bots in the terminal")
    ply.add_argument(
        "ruleset",
        metavar="RULESET",
        nargs="?",
        help="a bundled ruleset id (see `trickbook rulesets`) or a .yaml file; not needed with --resume",
    )
    _variant_arguments(ply, "the ruleset")
    ply.add_argument(
        "--seat", type=_seat, default=0, help="your seat, counted clockwise from 0 (North at four seats; default 0)"
    )
    ply.add_argument(
        "--opponents",
        default="heuristic",
        help="the bots: one player for every other seat, or one each (default heuristic)",
    )
    ply.add_argument("--autoplay", action="store_true", help="when you have a single legal move, make it for you")
    ply.add_argument("--seed", type=int, default=1, help="the match seed (default 1)")
    ply.add_argument(
        "--hand-cap", type=_hand_cap, default=limits.DEFAULT_HAND_CAP, help="hands after which the match stops"
    )
    ply.add_argument(
        "--save", metavar="FILE.json", help="where the record is saved (default trickbook-RULESET-SEED.json)"
    )
    ply.add_argument(
        "--resume",
        metavar="FILE.json",
        help="continue a match saved by play, with its seat, bots, rules version and options (saved to FILE again)",
    )
    _language_argument(ply)
    ply.set_defaults(run=_play)

    dif = commands.add_parser(
        "diff", help="show, rule by rule, what differs between two rulesets (exit 1 when they differ, as diff(1))"
    )
    dif.add_argument("a", metavar="A", help="a ruleset, optionally RULESET@VERSION:NAME=VALUE,...")
    dif.add_argument("b", metavar="B", help="the ruleset to compare it with, in the same form")
    _variant_arguments(dif, "B")
    dif.add_argument("--json", action="store_true", help="print the differences as JSON")
    dif.set_defaults(run=_diff)

    tra = commands.add_parser("trace", help="replay a record and tell every bid, trick and score with its reason")
    tra.add_argument("file", metavar="RECORD", help="a record file (JSON or JSON Lines; the first record is traced)")
    tra.add_argument("--hand", type=_positive, metavar="N", help="only hand N (counted from 1)")
    tra.add_argument("--match", type=_positive, default=1, metavar="K", help="the K-th record of the file (default 1)")
    _ruleset_files_argument(tra)
    tra.add_argument(
        "--under",
        metavar="RULESET",
        help="what if: play the record's deals and choices under this ruleset (RULESET@VERSION:NAME=VALUE,...), "
        "as far as its rules allow",
    )
    _variant_arguments(tra, "the --under ruleset")
    tra.set_defaults(run=_trace)

    new = commands.add_parser("new", help="write a commented starting file for a house variant")
    new.add_argument("name", metavar="NAME", help="the variant's id (lower-case letters, digits and hyphens)")
    new.add_argument(
        "--extends", required=True, metavar="RULESET", help="the ruleset it varies (a bundled id or a file)"
    )
    new.add_argument("--out", metavar="FILE.yaml", help="where to write it (default NAME.yaml; never overwritten)")
    new.set_defaults(run=_new)

    check = commands.add_parser("check", help="run the worked examples written in rulesets (`examples:`)")
    check.add_argument("files", nargs="+", metavar="RULESET", help="ruleset files or bundled ids")
    check.set_defaults(run=_check)

    srv = commands.add_parser("serve", help="the workbench, live tables and comparisons in a browser")
    srv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: this machine only)")
    srv.add_argument("--port", type=_port, default=8000, help="the port to listen on (default 8000)")
    srv.add_argument(
        "--data", default="trickbook-data", metavar="DIR", help="where saved rulesets, tables and records live"
    )
    srv.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a further name the server answers to, as browsers reach it (repeatable; see docs/web.md)",
    )
    srv.add_argument(
        "--idle-minutes",
        type=_minutes,
        default=24 * 60,
        metavar="N",
        help="close a table N minutes after its last move (default 1440)",
    )
    srv.add_argument(
        "--tables-per-hour",
        type=_positive,
        default=30,
        metavar="N",
        help="tables one client may create an hour (default 30)",
    )
    srv.add_argument(
        "--comparisons-per-hour",
        type=_positive,
        default=10,
        metavar="N",
        help="comparisons one client may start an hour (default 10)",
    )
    srv.set_defaults(run=_serve)

    upg = commands.add_parser("upgrade", help="rewrite ruleset files in the current format, showing the diff")
    upg.add_argument("files", nargs="+", metavar="FILE", help="ruleset files (.yaml)")
    upg.add_argument("--check", action="store_true", help="change nothing; exit 1 when a file needs an upgrade")
    upg.set_defaults(run=_upgrade)

    rulesets = commands.add_parser("rulesets", help="list the bundled rulesets")
    rulesets.set_defaults(run=_list)
    return parser


def _language_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=i18n.LANGUAGES,
        default=i18n.from_environment(),
        help="the language of the words trickbook writes: en or ar (default: from LANG)",
    )


def _ruleset_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "ruleset", metavar="RULESET", help="a bundled ruleset id (see `trickbook rulesets`) or a .yaml file"
    )
    _variant_arguments(parser, "the ruleset")


def _variant_arguments(parser: argparse.ArgumentParser, whose: str) -> None:
    """Adds `--option` and `--rules-version`, which pick the variant of `whose` ruleset."""
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help=f"a table option of {whose}, as NAME=VALUE"
    )
    parser.add_argument(
        "--rules-version", type=_positive, metavar="N", help=f"the rules version of {whose} (default: the newest)"
    )


def _ruleset_files_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ruleset",
        action="append",
        default=[],
        metavar="FILE.yaml",
        help="a ruleset file for records whose ruleset is not bundled",
    )


def _ruleset_cache(files: list[str]) -> RulesetCache:
    """Where to find the rulesets named by `--ruleset`, by their ids."""
    from .record.replay import RulesetCache

    return RulesetCache({open_ruleset(file).id: Path(file) for file in files})


def _parallel_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", type=_positive, default=default_jobs(), help="processes to use (default: every core)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster (needs trickbook[dask])")


@contextmanager
def _progress(total: int, label: str) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on standard error while the block runs (none when it is not a terminal)."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console  # drawing libraries load only for the commands that draw (start-up time)
    from rich.progress import Progress

    with Progress(transient=True, console=Console(file=sys.stderr)) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found {text[:40]!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, found {value}")
    return value


def _hand_cap(text: str) -> int:
    value = _positive(text)
    if value > limits.MAX_HANDS:
        raise argparse.ArgumentTypeError(f"a match may have at most {limits.MAX_HANDS:,} hands, not {value:,}")
    return value


def _seat(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a seat number, found {text!r}") from None
    if not 0 <= value <= 6:
        raise argparse.ArgumentTypeError(f"seats are numbered from 0 to at most 6, not {value}")
    return value


def _options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name or not value:
            raise UsageError(f"--option takes NAME=VALUE, as in --option trump=fixed; found {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _pairs(text: str) -> list[str]:
    """`a=1,b=3,5,7` as `a=1` and `b=3,5,7`: a piece without `=` continues the value before it (a list)."""
    pairs: list[str] = []
    for piece in text.split(","):
        if "=" not in piece and pairs:
            pairs[-1] += "," + piece
        else:
            pairs.append(piece)
    return pairs


def parse_ruleset_spec(text: str) -> tuple[str, int | None, dict[str, str]]:
    """Splits `RULESET[@VERSION][:NAME=VALUE,...]` into the ruleset, its version and its options."""
    reference, options = text, {}
    head, colon, tail = text.rpartition(":")
    if colon and "=" in tail:
        reference, options = head, _options(_pairs(tail))
    version = None
    base, at, number = reference.rpartition("@")
    if at and number.isdigit():
        if not is_ascii_number(number, 6):
            raise UsageError(f"{text[:60]!r}: the rules version after '@' is a number such as 2")
        reference, version = base, int(number)
    return reference, version, options


def load_specs(texts: list[str], options: list[str], version: int | None) -> list[Rules]:
    """Loads rulesets named with inline choices; `--option` and `--rules-version` apply to the last one."""
    loaded = []
    for index, text in enumerate(texts):
        reference, inline_version, inline_options = parse_ruleset_spec(text)
        if index == len(texts) - 1:
            inline_options.update(_options(options))
            inline_version = version if version is not None else inline_version
        loaded.append(load_ruleset(reference, options=inline_options, version=inline_version))
    return loaded


def load_from_args(args: argparse.Namespace) -> Rules:
    """The ruleset named on the command line, with its options and rules version."""
    return load_ruleset(args.ruleset, options=_options(args.option), version=args.rules_version)


def describe(rules: Rules) -> str:
    options = ", ".join(f"{k}={v}" for k, v in rules.options) or "no options"
    return f"{rules.id} (rules version {rules.version}, {options})"


def _simulate(args: argparse.Namespace) -> int:
    rules = load_from_args(args)
    specs = parse_player_specs(args.players, rules.seats)
    choice = RulesetChoice.of(args.ruleset, rules)
    out: TextIO | None = None
    report = sys.stdout
    if args.out == "-":
        out, report = sys.stdout, sys.stderr
    elif args.out and args.out.endswith(".gz"):
        out = gzip.open(args.out, "wt", encoding="utf-8", compresslevel=6)  # noqa: SIM115 - closed below
    elif args.out:
        out = open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    started = time.perf_counter()
    seating = rules.seating
    by_side = rules.match.by == "side"
    names = seating.side_names if by_side else seating.seat_names
    wins = [0] * len(names)
    unfinished = hands = cancelled = written = 0
    players = ",".join(str(s) for s in specs)
    try:
        with _progress(args.matches, "simulating") as progress:
            for summary, line in simulate(
                choice,
                args.seed,
                args.matches,
                players,
                args.hand_cap,
                args.jobs,
                args.scheduler,
                progress,
                records=out is not None,
            ):
                if out is not None:
                    out.write(line + "\n")
                written += 1
                hands += summary.hands
                cancelled += summary.cancelled
                if summary.winner is None:
                    unfinished += 1
                else:
                    for party in {seating.side_of[s] if by_side else s for s in summary.winner}:
                        wins[party] += 1
    except PlayerError as exc:
        kept = f"; the {written} record(s) before it are in {args.out}" if args.out not in (None, "-") else ""
        raise PlayerError(f"{exc}{kept}") from None
    finally:
        if out is not None and out is not sys.stdout:
            out.close()
    elapsed = time.perf_counter() - started
    n = args.matches
    print(
        f"{describe(rules)}: {n} matches, seeds {args.seed}..{args.seed + n - 1}, players {args.players}", file=report
    )
    for name, won in zip(names, wins, strict=True):
        print(f"  {name} won {won} ({100 * won / n:.1f}%)", file=report)
    print(f"  unfinished at the hand cap of {args.hand_cap}: {unfinished} ({100 * unfinished / n:.1f}%)", file=report)
    print(f"  hands: {hands:,} ({hands / n:.1f} per match), cancelled {cancelled:,}", file=report)
    rate = hands / elapsed if elapsed else 0
    where = f"; records in {args.out}" if args.out and args.out != "-" else ""
    print(f"  {elapsed:.2f} s, {rate:,.0f} hands/s on {args.jobs} process(es){where}", file=report)
    return 0


def _compare(args: argparse.Namespace) -> int:
    from .tools.compare import as_json as compare_json
    from .tools.compare import caveat_lines, paired_differences, report_rows, sweep_rows, write_csv
    from .tools.paired import as_json as difference_json
    from .tools.plot import plot, plot_sweep
    from .tools.sweep import sweep_choices

    if args.sweep:
        if len(args.rulesets) != 1:
            raise UsageError(f"--sweep varies one ruleset; {len(args.rulesets)} are named")
        reference, version, options = parse_ruleset_spec(args.rulesets[0])
        options.update(_options(args.option))
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
    columns = _play_comparison(args, choices)
    matches = len(columns[0].stats)
    if args.plot:
        if args.sweep:
            plot_sweep(columns, args.sweep, Path(args.plot))
        else:
            plot(columns, Path(args.plot))
    if args.csv:
        write_csv(columns, args.seed, Path(args.csv))
    differences = paired_differences(columns)
    if args.json:
        report = compare_json(columns, args.players, matches, args.seed)
        report["differences"] = [
            {"a": columns[0].label, "b": column.label, **difference_json(d)}
            for column, found in differences
            for d in found
        ]
        print(json.dumps(report, indent=2))
        return 0
    seeds = f"seeds {args.seed}..{args.seed + matches - 1}"
    title = f"{matches} matches per ruleset, {seeds}, players {args.players}"
    if args.html:
        _write_report(args, columns, title)
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    warnings = caveat_lines(columns)
    if warnings:
        console.print("Read this first: these matches may measure the players more than the rules.", markup=False)
        for warning in warnings:
            console.print("  " + warning, markup=False)
        console.print()
    if differences:
        console.print(
            f"Paired differences against {columns[0].label} (the same seeds deal the same cards; "
            "95% intervals; shares in percentage points, pp):",
            markup=False,
        )
        for column, found in differences:
            for difference in found:
                console.print("  " + difference.verdict(column.label), markup=False)
        console.print()
    if args.sweep:
        header, rows = sweep_rows(columns, args.sweep)
        summary = Table(title=f"{'.'.join(args.sweep.path)} swept: {title}")
        for name in header:
            summary.add_column(name, justify="right")
        for row in rows:
            summary.add_row(*row)
        console.print(summary)
        console.print()
    table = Table(title=title)
    table.add_column("95% intervals in brackets")
    for column in columns:
        table.add_column(column.label, justify="right")
    for name, cells in report_rows(columns):
        table.add_row(name, *cells)
    console.print(table)
    if args.plot:
        console.print(f"figure written to {args.plot}")
    if args.html:
        console.print(f"report written to {args.html}")
    return 0


def _write_report(args: argparse.Namespace, columns: list[Column], title: str) -> None:
    """`--html`: the same verdicts and tables as the terminal, and the figure when matplotlib is there."""
    from .tools.compare import caveat_lines, paired_differences, report_rows, sweep_rows
    from .tools.plot import plot, plot_sweep
    from .tools.report import html_report

    verdicts = [d.verdict(column.label) for column, found in paired_differences(columns) for d in found]
    figure = None
    with tempfile.TemporaryDirectory() as folder:
        drawn = Path(folder) / "figure.png"
        try:
            if args.sweep:
                plot_sweep(columns, args.sweep, drawn)
            else:
                plot(columns, drawn)
            figure = drawn.read_bytes()
        except UsageError:
            pass  # no matplotlib: the report says how to get the figure
    header = ["95% intervals in brackets", *(column.label for column in columns)]
    sweep = sweep_rows(columns, args.sweep) if args.sweep else None
    page = html_report(title, verdicts, header, report_rows(columns), sweep, figure, caveat_lines(columns))
    try:
        Path(args.html).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {args.html}: {exc.strerror or exc}") from None


def _play_comparison(args: argparse.Namespace, choices: list[RulesetChoice]) -> list[Column]:
    """Plays the comparison: `--matches` of each ruleset, or, with `--until`, first `--matches`, then as many
    again each time, until the interval of the `--until-metric` is narrow enough or `--max-matches` are played."""
    from .tools.compare import compare, paired_differences, widest

    per_match = len(choices) * (2 if args.skill else 1)
    batch = args.matches
    columns: list[Column] = []
    played = 0
    while True:
        total = args.max_matches * per_match if args.until is not None else batch * per_match
        with _progress(total, "comparing") as progress:
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
        if args.until is None:
            return columns
        width = widest(columns, args.until_metric)
        if width is None:
            known = sorted({d.metric for _c, found in paired_differences(columns) for d in found})
            names = ", ".join(repr(n) for n in (known or list(columns[0].metrics)))
            raise UsageError(f"--until-metric {args.until_metric!r} is not measured in this comparison; try {names}")
        shown = f"±{width:.3g}"
        print(f"{played} matches: {args.until_metric} {shown} (until ±{args.until:g})", file=sys.stderr)
        if width <= args.until:
            return columns
        if played >= args.max_matches:
            print(f"stopped at --max-matches {args.max_matches} before the interval was narrow enough", file=sys.stderr)
            return columns
        batch = min(played, args.max_matches - played)  # each batch doubles the matches played


def _replay(args: argparse.Namespace) -> int:
    from .record.reader import read_records
    from .record.replay import deals_checked, replay_record

    cache = _ruleset_cache(args.ruleset)
    records = hands = actions = failures = unreadable = unchecked = 0
    for name in args.files:
        path = Path(name)
        try:
            for where, record in read_records(path, name):
                records += 1
                try:
                    game = replay_record(record, where, cache, path.parent)
                except RecordError as exc:
                    failures += 1
                    print(f"trickbook: {exc}", file=sys.stderr)
                    continue
                hands += len(record["hands"])
                actions += sum(len(h["actions"]) for h in record["hands"])
                unchecked += not deals_checked(record)
                del game
        except RecordError as exc:
            unreadable += 1
            print(f"trickbook: {exc}", file=sys.stderr)
    if failures or unreadable:
        said = [f"{failures} of {records} record(s) disagree with the rules"] if failures else []
        said += [f"{unreadable} file(s) could not be read"] if unreadable else []
        print("; ".join(said), file=sys.stderr)
        return 1
    print(f"replayed {records} record(s), {hands:,} hands, {actions:,} actions: all agree")
    for rules in cache.used.values():
        print(f"  under {rules}")
    if unchecked:
        print(
            f"  {unchecked} of {records} record(s) replayed as dealt: their deals were not checked against their "
            'seed (a version 1 record, or deals "given")'
        )
    return 0


def _upgrade(args: argparse.Namespace) -> int:
    """Rewrites each file in the current format (or, with --check, says which need it): 0 when none needed one,
    1 when --check found one to upgrade, 2 when a file cannot be read, as `diff` exits."""
    from .ruleset.upgrade import upgraded

    status = 0
    for name in args.files:
        try:
            if not looks_like_path(name):
                raise UsageError(f"upgrade rewrites a file; {name!r} names a bundled ruleset, which is current")
            source = open_ruleset(name)
            with open(name, encoding="utf-8", newline="") as file:
                change = upgraded(file.read(), name, source)
        except TrickbookError as exc:
            print(f"trickbook: {exc}", file=sys.stderr)
            status = 2
            continue
        print(change.diff(), end="")
        if not change.needed:
            print(f"{name}: already in {change.written_in}")
            continue
        notes = "".join(f"\n  - {note}" for note in change.notes)
        if args.check:
            print(f"{name}: written in {change.written_in}; `trickbook upgrade {name}` would change it:{notes}")
            status = max(status, 1)
            continue
        with open(name, "w", encoding="utf-8", newline="") as file:
            file.write(change.after)
        print(f"{name}: upgraded from {change.written_in} to {FORMAT}:{notes}")
    return status


def _validate(args: argparse.Namespace) -> int:
    from .book.lint import lint

    failures = 0
    for name in args.files:
        try:
            source = open_ruleset(name)
            findings = lint(source)
        except TrickbookError as exc:
            failures += 1
            print(f"trickbook: {exc}", file=sys.stderr)
            continue
        for finding in findings:
            print(f"trickbook: {finding}", file=sys.stderr)
        errors = sum(f.level == "error" for f in findings)
        failures += errors > 0
        checked = len(list(source.combinations()))
        total = source.combination_count()
        verdict = "invalid" if errors else "ok"
        coverage = (
            f"{total} combination(s) of version and options"
            if checked == total
            else f"{checked} of {total} combinations of version and options checked (every option value with the "
            "others at their defaults, and a fixed sample of the rest)"
        )
        print(
            f"{name}: {verdict} ({source.id}: {len(source.versions)} version(s), {coverage}; "
            f"{errors} error(s), {len(findings) - errors} warning(s))"
        )
        if source.written_in != FORMAT:
            print(
                f"{name}: written in {source.written_in} and read as that format means it; "
                f"`trickbook upgrade {name}` rewrites it in {FORMAT}"
            )
    return 1 if failures else 0


def _explain(args: argparse.Namespace) -> int:
    from .book.explain import explain

    text = explain(load_from_args(args), args.format, args.lang)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _play(args: argparse.Namespace) -> int:
    from rich.console import Console

    from .session.terminal import TerminalMatch

    console = Console(highlight=False, soft_wrap=True)
    # Bytes that are not UTF-8 become U+FFFD (then "not understood"), whatever the locale: never a crash.
    entry = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace") if sys.stdin else sys.stdin
    if args.resume:
        game, seat, specs, players = _resumed(args)
        save = Path(args.save or args.resume)
    else:
        if args.ruleset is None:
            raise UsageError("play needs a RULESET to play, or --resume FILE to continue a saved match")
        rules = load_from_args(args)
        seat = args.seat
        specs = _seat_specs(rules, seat, args.opponents)
        game = Game(rules, args.seed, hand_cap=args.hand_cap)
        players = [None if spec is None else make_player(spec, args.seed, s) for s, spec in enumerate(specs)]
        save = Path(args.save or f"trickbook-{rules.id}-{args.seed}.json")
    while True:
        hint = f"`trickbook play --resume {save}` continues it."
        match = TerminalMatch(
            game,
            seat,
            specs,
            players,
            console,
            entry,
            save,
            autoplay=args.autoplay,
            resume_hint=hint,
            language=args.lang,
        )
        if not match.run():
            return 0
        seed = game.seed + 1
        game = Game(game.rules, seed, hand_cap=game.hand_cap)
        players = [None if spec is None else make_player(spec, seed, s) for s, spec in enumerate(specs)]
        save = save.with_name(f"trickbook-{game.rules.id}-{seed}.json")


def _seat_specs(rules: Rules, seat: int, opponents: str) -> list[PlayerSpec | None]:
    """The player at each seat: the bots named by `--opponents`, and None at the person's seat."""
    from .book.words import count_words

    if seat >= rules.seats:
        raise UsageError(f"{rules.id} has seats 0 to {rules.seats - 1}; there is no seat {seat}")
    bots = _split_players(opponents)
    others = rules.seats - 1
    if len(bots) == 1:
        bots = bots * others
    if len(bots) != others:
        raise UsageError(
            f"--opponents takes one player for all {count_words(others)} bots or {count_words(others)} players, "
            f"not {len(bots)}"
        )
    specs: list[PlayerSpec | None] = list(bots)
    specs.insert(seat, None)
    return specs


def _resumed(args: argparse.Namespace) -> tuple[Game, int, list[PlayerSpec | None], list[Player | None]]:
    """A saved match rebuilt with the seat, bots, rules version and options its record names."""
    from .record.reader import read_records
    from .tools.simulate import resume_match

    where, record = next(read_records(Path(args.resume), args.resume))
    named = record.get("ruleset", {}).get("id") if isinstance(record.get("ruleset"), dict) else None
    if args.ruleset is not None and not looks_like_path(args.ruleset) and named != args.ruleset:
        raise UsageError(f"{args.resume} is a match of {named!r}, not of {args.ruleset!r}")
    labels = record.get("players")
    if isinstance(labels, list) and labels.count("human") == 1 and all(isinstance(x, str) for x in labels):
        seat = labels.index("human")
        specs: list[PlayerSpec | None] = [None if x == "human" else parse_player_specs(x, 1)[0] for x in labels]
    else:
        seats = record["seats"] if isinstance(record.get("seats"), int) else 4
        seat = args.seat
        specs = [None if s == seat else spec for s, spec in enumerate(parse_player_specs(args.opponents, seats))]
    files = [args.ruleset] if args.ruleset is not None and looks_like_path(args.ruleset) else []
    game, players = resume_match(record, specs, where, _ruleset_cache(files))
    return game, seat, specs, players


def _split_players(text: str) -> list[PlayerSpec]:
    return [parse_player_specs(part, 1)[0] for part in split_specs(text)]


def _diff(args: argparse.Namespace) -> int:
    """Exits as diff(1) does: 0 when the rules are the same, 1 when they differ, 2 when one cannot be read."""
    from .book.diff import as_json as diff_json
    from .book.diff import as_text as diff_text
    from .book.diff import differences

    try:
        first, second = load_specs([args.a, args.b], args.option, args.rules_version)
    except TrickbookError as exc:
        print(f"trickbook: {exc}", file=sys.stderr)
        return 2
    found = differences(first, second)
    if args.json:
        print(json.dumps(diff_json(first, second, found), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(diff_text(first, second, found))
    return 1 if found else 0


def _trace(args: argparse.Namespace) -> int:
    from .book.trace import trace
    from .record.reader import read_records

    cache = _ruleset_cache(args.ruleset)
    path = Path(args.file)
    for index, (where, record) in enumerate(read_records(path, args.file), start=1):
        if index == args.match:
            hands = len(record.get("hands") or [])
            if args.hand is not None and args.hand > hands:
                raise UsageError(f"{args.file}: the match has {hands} hand(s); there is no hand {args.hand}")
            played = record.get("ruleset", {}).get("id") if isinstance(record.get("ruleset"), dict) else None
            if cache.paths and played not in cache.paths:
                given = ", ".join(repr(i) for i in cache.paths)
                raise UsageError(
                    f"{args.file}: the match was played under {played!r}, not {given}; "
                    "to play its deals and choices under another ruleset, use --under RULESET"
                )
            under = load_specs([args.under], args.option, args.rules_version)[0] if args.under else None
            sys.stdout.write(trace(record, where, cache, path.parent, args.hand, under))
            return 0
    raise UsageError(f"{args.file} holds fewer than {args.match} record(s)")


def _new(args: argparse.Namespace) -> int:
    from .book.starter import starter, valid_name

    if not valid_name(args.name):
        raise UsageError(
            f"{args.name!r} cannot be a ruleset id: use lower-case letters, digits and hyphens, such as 'my-variant'"
        )
    out = Path(args.out or f"{args.name}.yaml")
    if out.exists():
        raise UsageError(f"{out} already exists; trickbook new never overwrites a file (choose --out)")
    text = starter(args.name, args.extends)
    try:
        with open(out, "x", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None
    open_ruleset(str(out))
    print(f"wrote {out}: a variant of {args.extends} that changes nothing yet")
    print(f"next: edit it, then `trickbook validate {out}` and `trickbook diff {args.extends} {out}`")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from .web.app import Settings, serve
    from .web.guard import host_names

    folder = Path(args.data)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--data names {folder}, which is a file; give a folder (it is created if missing)")
    settings = Settings(
        host_names(args.host, args.allow_host), args.idle_minutes, args.tables_per_hour, args.comparisons_per_hour
    )
    serve(args.host, args.port, folder, settings)
    return 0


def _width(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a width such as 0.5, found {text[:40]!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a width above 0, found {text[:40]!r}")
    return value


def _sweep(text: str) -> Sweep:
    from .tools.sweep import parse_sweep

    try:
        return parse_sweep(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--sweep ")) from None


def _skill(text: str) -> tuple[str, str]:
    from .tools.compare import parse_skill

    try:
        return parse_skill(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of minutes, found {text[:40]!r}") from None
    if not 0 < value < 10**7:
        raise argparse.ArgumentTypeError(f"expected a number of minutes above 0, found {text[:40]!r}")
    return value


def _port(text: str) -> int:
    value = _positive(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 1 to 65535, found {value}")
    return value


def _check(args: argparse.Namespace) -> int:
    from .book.worked import check_examples
    from .book.worked import describe as describe_example

    failures = 0
    for name in args.files:
        source = open_ruleset(name)
        results = list(check_examples(source))
        failed = [r for r in results if not r.passed]
        for result in failed:
            print(f"trickbook: {describe_example(result)}", file=sys.stderr)
        failures += len(failed)
        if not results:
            print(f"{name}: no worked examples")
        else:
            print(f"{name}: {len(results) - len(failed)} of {len(results)} worked examples hold")
    return 1 if failures else 0


def _list(args: argparse.Namespace) -> int:
    for ruleset_id in resources.bundled_ruleset_ids():
        rules = load_ruleset(ruleset_id)
        options = "; ".join(
            f"{o.name}: {', '.join(v.value for v in o.values)}{', or a list of numbers' if o.numbers else ''} "
            f"(default {o.default})"
            for o in rules.table_options
        )
        versions = ", ".join(str(v.number) for v in rules.versions)
        print(f"{ruleset_id:20} {rules.title}")
        print(f"{'':20} versions {versions}" + (f"; options {options}" if options else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

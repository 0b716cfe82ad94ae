"""`trickbook trace`: replays a record and tells every bid, trick and score with its reason."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Location, UsageError
from ..tools.parallel import load_specs
from .arguments import language_argument, positive, ruleset_cache, ruleset_files_argument, variant_arguments

if TYPE_CHECKING:
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `trace` and its arguments."""
    tra = subparsers.add_parser("trace", help="replay a record and tell every bid, trick and score with its reason")
    tra.add_argument("file", metavar="RECORD", help="a record file (JSON or JSON Lines; the first record is traced)")
    tra.add_argument("--hand", type=positive, metavar="N", help="only hand N (counted from 1)")
    tra.add_argument("--match", type=positive, default=1, metavar="K", help="the K-th record of the file (default 1)")
    ruleset_files_argument(tra)
    tra.add_argument(
        "--under",
        metavar="RULESET",
        help="what if: play the record's deals and choices under this ruleset (RULESET@VERSION:NAME=VALUE,...), "
        "as far as its rules allow",
    )
    variant_arguments(tra, "the --under ruleset")
    language_argument(tra)


def run(args: argparse.Namespace) -> int:
    """Tells the `--match`-th record of the file (only hand `--hand`, when given) on standard output."""
    from ..book.trace import trace
    from ..record.header import RecordHeader

    cache = ruleset_cache(args.ruleset)
    where, record = _nth_record(args.file, args.match)
    header = RecordHeader.from_record(record, where)
    if args.hand is not None and args.hand > header.hands:
        raise UsageError(f"{args.file}: the match has {header.hands} hand(s); there is no hand {args.hand}")
    if cache.paths and header.ruleset_id not in cache.paths:
        given = ", ".join(repr(i) for i in cache.paths)
        raise UsageError(
            f"{args.file}: the match was played under {header.ruleset_id!r}, not {given}; "
            "to play its deals and choices under another ruleset, use --under RULESET"
        )
    under = load_specs([args.under], args.option, args.rules_version)[0] if args.under else None
    sys.stdout.write(trace(record, where, cache, Path(args.file).parent, args.hand, under, args.lang))
    return 0


def _nth_record(name: str, number: int) -> tuple[Location, dict[str, Any]]:
    """The `number`-th record of the file `name` (counted from 1), with where it starts."""
    from ..record.reader import read_records

    for index, found in enumerate(read_records(Path(name), name), start=1):
        if index == number:
            return found
    raise UsageError(f"{name} holds fewer than {number} record(s)")

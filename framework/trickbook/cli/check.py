"""`trickbook check`: runs the worked examples written in rulesets (`examples:`)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..ruleset.loader import open_ruleset

if TYPE_CHECKING:
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `check` and its arguments."""
    check = subparsers.add_parser("check", help="run the worked examples written in rulesets (`examples:`)")
    check.add_argument("files", nargs="+", metavar="RULESET", help="ruleset files or bundled ids")


def run(args: argparse.Namespace) -> int:
    """Runs each ruleset's examples, each that fails on standard error; 1 when one did."""
    from ..book.worked import check_examples, describe

    failures = 0
    for name in args.files:
        results = list(check_examples(open_ruleset(name)))
        failed = [r for r in results if not r.passed]
        for result in failed:
            print(f"trickbook: {describe(result)}", file=sys.stderr)
        failures += len(failed)
        if not results:
            print(f"{name}: no worked examples")
        else:
            print(f"{name}: {len(results) - len(failed)} of {len(results)} worked examples hold")
    return 1 if failures else 0

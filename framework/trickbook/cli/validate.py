"""`trickbook validate`: checks ruleset files (schema, expressions, every version and option) and lints them."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..errors import TrickbookError
from ..ruleset.loader import FORMAT, open_ruleset

if TYPE_CHECKING:
    from ..ruleset.loader import RulesetSource
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `validate` and its arguments."""
    val = subparsers.add_parser("validate", help="check ruleset files: schema, expressions, every version and option")
    val.add_argument("files", nargs="+", metavar="RULESET", help="ruleset files or bundled ids")


def run(args: argparse.Namespace) -> int:
    """Checks each ruleset in turn, its findings on standard error and a verdict per file; 1 when one is invalid."""
    from ..book.lint import lint

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
        print(f"{name}: {'invalid' if errors else 'ok'} ({_counts(source, errors, len(findings) - errors)})")
        if source.written_in != FORMAT:
            print(
                f"{name}: written in {source.written_in} and read as that format means it; "
                f"`trickbook upgrade {name}` rewrites it in {FORMAT}"
            )
    return 1 if failures else 0


def _counts(source: RulesetSource, errors: int, warnings: int) -> str:
    """What was checked (versions, and how many combinations of version and options) and what was found."""
    checked = len(list(source.combinations()))
    total = source.combination_count()
    coverage = (
        f"{total} combination(s) of version and options"
        if checked == total
        else f"{checked} of {total} combinations of version and options checked (every option value with the "
        "others at their defaults, and a fixed sample of the rest)"
    )
    return f"{source.id}: {len(source.versions)} version(s), {coverage}; {errors} error(s), {warnings} warning(s)"

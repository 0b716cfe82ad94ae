"""`trickbook diff`: shows, rule by rule, what differs between two rulesets."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from ..errors import TrickbookError
from ..tools.parallel import load_specs
from .arguments import variant_arguments

if TYPE_CHECKING:
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `diff` and its arguments."""
    dif = subparsers.add_parser(
        "diff", help="show, rule by rule, what differs between two rulesets (exit 1 when they differ, as diff(1))"
    )
    dif.add_argument("a", metavar="A", help="a ruleset, optionally RULESET@VERSION:NAME=VALUE,...")
    dif.add_argument("b", metavar="B", help="the ruleset to compare it with, in the same form")
    variant_arguments(dif, "B")
    dif.add_argument("--json", action="store_true", help="print the differences as JSON")


def run(args: argparse.Namespace) -> int:
    """Exits as diff(1) does: 0 when the rules are the same, 1 when they differ, 2 when one cannot be read."""
    from ..book.diff import as_json, as_text, differences

    try:
        first, second = load_specs([args.a, args.b], args.option, args.rules_version)
    except TrickbookError as exc:
        print(f"trickbook: {exc}", file=sys.stderr)
        return 2
    found = differences(first, second)
    if args.json:
        print(json.dumps(as_json(first, second, found), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(as_text(first, second, found))
    return 1 if found else 0

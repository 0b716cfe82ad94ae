"""`trickbook explain`: prints a ruleset as a rule book people can follow."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .arguments import language_argument, load_from_args, ruleset_arguments, writing

if TYPE_CHECKING:
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `explain` and its arguments."""
    exp = subparsers.add_parser("explain", help="print a ruleset as a rule book people can follow")
    ruleset_arguments(exp)
    exp.add_argument("--format", choices=["md", "html"], default="md", help="Markdown (default) or HTML")
    exp.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    language_argument(exp)


def run(args: argparse.Namespace) -> int:
    """Writes the rule book to `--out` or standard output."""
    from ..book.explain import explain

    text = explain(load_from_args(args), args.format, args.lang)
    if args.out:
        with writing(args.out):
            Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0

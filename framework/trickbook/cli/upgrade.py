"""`trickbook upgrade`: rewrites ruleset files in the current format, showing the diff."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..errors import TrickbookError, UsageError
from ..resources import looks_like_path
from ..ruleset.loader import FORMAT, open_ruleset

if TYPE_CHECKING:
    from ..ruleset.upgrade import Upgrade
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `upgrade` and its arguments."""
    upg = subparsers.add_parser("upgrade", help="rewrite ruleset files in the current format, showing the diff")
    upg.add_argument("files", nargs="+", metavar="FILE", help="ruleset files (.yaml)")
    upg.add_argument("--check", action="store_true", help="change nothing; exit 1 when a file needs an upgrade")


def run(args: argparse.Namespace) -> int:
    """Rewrites each file in the current format (or, with --check, says which need it): 0 when none needed one,
    1 when --check found one to upgrade, 2 when a file cannot be read, as `diff` exits."""
    status = 0
    for name in args.files:
        try:
            change = _upgraded(name)
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


def _upgraded(name: str) -> Upgrade:
    """The file `name` in the current format, with what changed and why."""
    from ..ruleset.upgrade import upgraded

    if not looks_like_path(name):
        raise UsageError(f"upgrade rewrites a file; {name!r} names a bundled ruleset, which is current")
    source = open_ruleset(name)
    with open(name, encoding="utf-8", newline="") as file:
        return upgraded(file.read(), name, source)

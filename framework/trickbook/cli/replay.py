"""`trickbook replay`: re-executes recorded matches and checks every action and score against the rules."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import RecordError
from .arguments import ruleset_cache, ruleset_files_argument

if TYPE_CHECKING:
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `replay` and its arguments."""
    rep = subparsers.add_parser("replay", help="re-execute recorded matches and check every action and score")
    rep.add_argument(
        "files", nargs="+", metavar="FILE", help="JSON Lines files of records, or single-record JSON files"
    )
    ruleset_files_argument(rep)


def run(args: argparse.Namespace) -> int:
    """Replays every record of every file, naming each that disagrees; 1 when one did or a file was unreadable."""
    from ..record.reader import read_records
    from ..record.replay import deals_checked, replay_record

    cache = ruleset_cache(args.ruleset)
    records = hands = actions = failures = unreadable = unchecked = 0
    for name in args.files:
        path = Path(name)
        try:
            for where, record in read_records(path, name):
                records += 1
                try:
                    replay_record(record, where, cache, path.parent)
                except RecordError as exc:
                    failures += 1
                    print(f"trickbook: {exc}", file=sys.stderr)
                    continue
                hands += len(record["hands"])
                actions += sum(len(h["actions"]) for h in record["hands"])
                unchecked += not deals_checked(record)
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

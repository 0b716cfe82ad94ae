"""`trickbook rulesets`: lists the bundled rulesets with their versions and table options."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .. import resources
from ..ruleset.loader import load_ruleset

if TYPE_CHECKING:
    from ..ruleset.rules import Rules
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `rulesets`, which takes no arguments."""
    subparsers.add_parser("rulesets", help="list the bundled rulesets")


def run(args: argparse.Namespace) -> int:
    """Prints two lines per bundled ruleset: its id and title, then its versions and options."""
    for ruleset_id in resources.bundled_ruleset_ids():
        rules = load_ruleset(ruleset_id)
        versions = ", ".join(str(v.number) for v in rules.versions)
        options = _options(rules)
        print(f"{ruleset_id:20} {rules.title}")
        print(f"{'':20} versions {versions}" + (f"; options {options}" if options else ""))
    return 0


def _options(rules: Rules) -> str:
    """Each table option with its values and default."""
    return "; ".join(
        f"{o.name}: {', '.join(v.value for v in o.values)}{', or a list of numbers' if o.numbers else ''} "
        f"(default {o.default})"
        for o in rules.table_options
    )

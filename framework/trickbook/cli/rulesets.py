"""`trickbook rulesets`: lists the bundled rulesets with their versions and table options, or those that use
one concept of the language."""

from __future__ import annotations

import argparse
import difflib
from typing import TYPE_CHECKING

from .. import resources
from ..errors import UsageError
from ..ruleset.loader import load_ruleset
from ..tools.concepts import language_concepts, users_of

if TYPE_CHECKING:
    from ..ruleset.rules import Rules
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `rulesets [--concept NAME]`."""
    parser = subparsers.add_parser("rulesets", help="list the bundled rulesets, or those that use a concept")
    parser.add_argument(
        "--concept",
        metavar="NAME",
        help="only the rulesets that use this part of the language, named as docs/reference.md names it: a key "
        "(play.must), a choice (trump.mode=led) or an expression word (took), in a rule, version or option",
    )


def run(args: argparse.Namespace) -> int:
    """Prints two lines per bundled ruleset: its id and title, then its versions and options."""
    if args.concept is not None:
        return _users(args.concept)
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


def _users(concept: str) -> int:
    """Prints the bundled rulesets that use a concept, one per line with its title; refuses an unknown name."""
    known = language_concepts()
    if concept not in known:
        close = difflib.get_close_matches(concept, sorted(known), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise UsageError(
            f"--concept {concept!r} is not part of the ruleset language: expected a key as docs/reference.md names "
            f"it (play.must.beat), a choice (trump.mode=led) or an expression word (took){hint}"
        )
    users = users_of(concept)
    if not users:
        print(f"no bundled ruleset uses {concept}")
    for ruleset_id in users:
        print(f"{ruleset_id:20} {load_ruleset(ruleset_id).title}")
    return 0

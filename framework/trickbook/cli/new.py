"""`trickbook new`: writes a commented starting file for a house variant."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..ruleset.loader import open_ruleset

if TYPE_CHECKING:
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `new` and its arguments."""
    new = subparsers.add_parser("new", help="write a commented starting file for a house variant")
    new.add_argument("name", metavar="NAME", help="the variant's id (lower-case letters, digits and hyphens)")
    new.add_argument(
        "--extends", required=True, metavar="RULESET", help="the ruleset it varies (a bundled id or a file)"
    )
    new.add_argument("--out", metavar="FILE.yaml", help="where to write it (default NAME.yaml; never overwritten)")


def run(args: argparse.Namespace) -> int:
    """Writes the variant (never over an existing file), checks that it loads, and says what to do next."""
    from ..book.starter import starter, valid_name

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

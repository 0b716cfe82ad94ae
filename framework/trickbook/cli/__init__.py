"""The `trickbook` command line: one module per command, each adding its parser and running it (`COMMANDS`)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from .. import __version__
from ..errors import TrickbookError, UsageError
from . import check, compare, diff, explain, new, play, replay, rulesets, serve, simulate, trace, upgrade, validate

if TYPE_CHECKING:
    from .arguments import Subparsers


class Command(Protocol):
    """What a command's module provides (a new command is one module and one entry in `COMMANDS`)."""

    def add_parser(self, subparsers: Subparsers) -> None:
        """Adds the command's parser, under the name it has in `COMMANDS`, with its help and arguments."""

    def run(self, args: argparse.Namespace) -> int:
        """Does the command's work; returns the exit status."""


COMMANDS: dict[str, Command] = {
    "simulate": simulate,
    "compare": compare,
    "replay": replay,
    "validate": validate,
    "explain": explain,
    "play": play,
    "diff": diff,
    "trace": trace,
    "new": new,
    "check": check,
    "serve": serve,
    "upgrade": upgrade,
    "rulesets": rulesets,
}
"""Every command by its name, in the order `trickbook --help` lists them."""


def main(argv: Sequence[str] | None = None) -> int:
    """Runs one command; every trickbook error becomes a message and exit status 1, never a traceback."""
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command].run(args)
    except TrickbookError as exc:
        print(f"trickbook: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, UsageError) else 1
    except KeyboardInterrupt:
        print("trickbook: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped reading (`trickbook simulate ... | head -1`): nothing more to say, and no traceback
        # when Python flushes standard output on the way out.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def build_parser() -> argparse.ArgumentParser:
    """The command line: every command of `COMMANDS` with its arguments (the README's command table lists them)."""
    parser = argparse.ArgumentParser(
        prog="trickbook",
        description="Trick-taking card games as YAML rulesets: simulate, replay and check them.",
    )
    parser.add_argument("--version", action="version", version=f"trickbook {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS.values():
        command.add_parser(subparsers)
    return parser

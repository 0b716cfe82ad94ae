"""What several commands share: arguments that name a ruleset, its variant, record files and workers; the checks
that turn argument text into values; and a progress bar."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .. import i18n, limits
from ..errors import UsageError
from ..ruleset.loader import load_ruleset, open_ruleset
from ..ruleset.rules import Rules
from ..tools.parallel import default_jobs, parse_options

if TYPE_CHECKING:  # only in annotations: the commands import what they use, so `simulate` starts quickly
    from ..record.replay import RulesetCache

    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]
    """Where each command adds its parser (`trickbook COMMAND`)."""


def language_argument(parser: argparse.ArgumentParser) -> None:
    """Adds `--lang`, the language of the words trickbook writes."""
    parser.add_argument(
        "--lang",
        choices=i18n.LANGUAGES,
        default=i18n.from_environment(),
        help="the language of the words trickbook writes: en or ar (default: from LANG)",
    )


def ruleset_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the RULESET a command works on, with `--option` and `--rules-version` for its variant."""
    parser.add_argument(
        "ruleset", metavar="RULESET", help="a bundled ruleset id (see `trickbook rulesets`) or a .yaml file"
    )
    variant_arguments(parser, "the ruleset")


def variant_arguments(parser: argparse.ArgumentParser, whose: str) -> None:
    """Adds `--option` and `--rules-version`, which pick the variant of `whose` ruleset."""
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help=f"a table option of {whose}, as NAME=VALUE"
    )
    parser.add_argument(
        "--rules-version", type=positive, metavar="N", help=f"the rules version of {whose} (default: the newest)"
    )


def ruleset_files_argument(parser: argparse.ArgumentParser) -> None:
    """Adds `--ruleset FILE.yaml`, for records whose ruleset is not bundled."""
    parser.add_argument(
        "--ruleset",
        action="append",
        default=[],
        metavar="FILE.yaml",
        help="a ruleset file for records whose ruleset is not bundled",
    )


def parallel_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds `--jobs` and `--scheduler`, where the matches are played."""
    parser.add_argument("--jobs", type=positive, default=default_jobs(), help="processes to use (default: every core)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster (needs trickbook[dask])")


def load_from_args(args: argparse.Namespace) -> Rules:
    """The ruleset named on the command line, with its options and rules version."""
    return load_ruleset(args.ruleset, options=parse_options(args.option), version=args.rules_version)


def ruleset_cache(files: list[str]) -> RulesetCache:
    """Where to find the rulesets named by `--ruleset`, by their ids."""
    from ..record.replay import RulesetCache

    return RulesetCache({open_ruleset(file).id: Path(file) for file in files})


@contextmanager
def writing(name: str) -> Iterator[None]:
    """Refuses an output file the block cannot write (no such folder, no permission) by its name and the system's
    reason, not with a traceback."""
    try:
        yield
    except OSError as exc:
        raise UsageError(f"cannot write {name}: {exc.strerror or exc}") from None


@contextmanager
def progress_bar(total: int, label: str) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on standard error while the block runs (none when it is not a terminal)."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console  # drawing libraries load only for the commands that draw (start-up time)
    from rich.progress import Progress

    with Progress(transient=True, console=Console(file=sys.stderr)) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def positive(text: str) -> int:
    """A whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found {text[:40]!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, found {value}")
    return value


def hand_cap(text: str) -> int:
    """A hand cap: at most as many hands as a record may hold."""
    value = positive(text)
    if value > limits.MAX_HANDS:
        raise argparse.ArgumentTypeError(f"a match may have at most {limits.MAX_HANDS:,} hands, not {value:,}")
    return value

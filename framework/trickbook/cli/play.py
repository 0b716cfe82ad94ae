"""`trickbook play`: one person plays a seat against bots in the terminal, and may save and resume the match."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .. import i18n, limits
from ..engine.game import Game
from ..errors import UsageError
from ..players import Player, PlayerSpec, make_player, parse_player_specs
from ..players.base import split_specs
from ..resources import looks_like_path
from ..ruleset.rules import Rules
from .arguments import hand_cap, language_argument, load_from_args, ruleset_cache, variant_arguments

if TYPE_CHECKING:
    from .arguments import Subparsers

Seated = tuple[Game, int, list[PlayerSpec | None], list[Player | None]]
"""A match ready to play: the game, the person's seat, the player spec at each seat (None for the person) and the
bots."""


def add_parser(subparsers: Subparsers) -> None:
    """Adds `play` and its arguments."""
    ply = subparsers.add_parser("play", help="play one seat against bots in the terminal")
    ply.add_argument(
        "ruleset",
        metavar="RULESET",
        nargs="?",
        help="a bundled ruleset id (see `trickbook rulesets`) or a .yaml file; not needed with --resume",
    )
    variant_arguments(ply, "the ruleset")
    ply.add_argument(
        "--seat", type=_seat, default=0, help="your seat, counted clockwise from 0 (North at four seats; default 0)"
    )
    ply.add_argument(
        "--opponents",
        default="heuristic",
        help="the bots: one player for every other seat, or one each (default heuristic)",
    )
    ply.add_argument("--autoplay", action="store_true", help="when you have a single legal move, make it for you")
    ply.add_argument("--seed", type=int, default=1, help="the match seed (default 1)")
    ply.add_argument(
        "--hand-cap", type=hand_cap, default=limits.DEFAULT_HAND_CAP, help="hands after which the match stops"
    )
    ply.add_argument(
        "--save", metavar="FILE.json", help="where the record is saved (default trickbook-RULESET-SEED.json)"
    )
    ply.add_argument(
        "--resume",
        metavar="FILE.json",
        help="continue a match saved by play, with its seat, bots, rules version and options (saved to FILE again)",
    )
    language_argument(ply)


def run(args: argparse.Namespace) -> int:
    """Plays the match, then, while the person asks for another, the next seed's with the same seat and bots."""
    from rich.console import Console

    from ..session.terminal import TerminalMatch

    console = Console(highlight=False, soft_wrap=True)
    _ = i18n.gettext(args.lang)
    # Bytes that are not UTF-8 become U+FFFD (then "not understood"), whatever the locale: never a crash.
    entry = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace") if sys.stdin else sys.stdin
    game, seat, specs, players = _resumed(args) if args.resume else _started(args)
    save = Path(args.save or args.resume or f"trickbook-{game.rules.id}-{args.seed}.json")
    while True:
        hint = _("{command} continues it.").format(command=f"`trickbook play --resume {save}`")
        match = TerminalMatch(
            game,
            seat,
            specs,
            players,
            console,
            entry,
            save,
            autoplay=args.autoplay,
            resume_hint=hint,
            language=args.lang,
        )
        if not match.run():
            return 0
        seed = game.seed + 1
        game = Game(game.rules, seed, hand_cap=game.hand_cap)
        players = [None if spec is None else make_player(spec, seed, s) for s, spec in enumerate(specs)]
        save = save.with_name(f"trickbook-{game.rules.id}-{seed}.json")


def _started(args: argparse.Namespace) -> Seated:
    """A new match of the ruleset named, with the person at `--seat` and the bots of `--opponents`."""
    if args.ruleset is None:
        raise UsageError("play needs a RULESET to play, or --resume FILE to continue a saved match")
    rules = load_from_args(args)
    specs = _seat_specs(rules, args.seat, args.opponents)
    game = Game(rules, args.seed, hand_cap=args.hand_cap)
    players = [None if spec is None else make_player(spec, args.seed, s) for s, spec in enumerate(specs)]
    return game, args.seat, specs, players


def _seat_specs(rules: Rules, seat: int, opponents: str) -> list[PlayerSpec | None]:
    """The player at each seat: the bots named by `--opponents`, and None at the person's seat."""
    from ..book.words import count_words

    if seat >= rules.seats:
        raise UsageError(f"{rules.id} has seats 0 to {rules.seats - 1}; there is no seat {seat}")
    bots = [parse_player_specs(part, 1)[0] for part in split_specs(opponents)]
    others = rules.seats - 1
    if len(bots) == 1:
        bots = bots * others
    if len(bots) != others:
        raise UsageError(
            f"--opponents takes one player for all {count_words(others)} bots or {count_words(others)} players, "
            f"not {len(bots)}"
        )
    specs: list[PlayerSpec | None] = list(bots)
    specs.insert(seat, None)
    return specs


def _resumed(args: argparse.Namespace) -> Seated:
    """A saved match rebuilt with the seat, bots, rules version and options its record names."""
    from ..record.header import RecordHeader
    from ..record.reader import read_records
    from ..tools.simulate import resume_match

    where, record = next(read_records(Path(args.resume), args.resume))
    header = RecordHeader.from_record(record, where)
    if args.ruleset is not None and not looks_like_path(args.ruleset) and header.ruleset_id != args.ruleset:
        raise UsageError(f"{args.resume} is a match of {header.ruleset_id!r}, not of {args.ruleset!r}")
    labels = header.players
    specs: list[PlayerSpec | None]
    if labels is not None and labels.count("human") == 1:
        seat = labels.index("human")
        specs = [None if x == "human" else parse_player_specs(x, 1)[0] for x in labels]
    else:
        seat = args.seat
        specs = [None if s == seat else spec for s, spec in enumerate(parse_player_specs(args.opponents, header.seats))]
    files = [args.ruleset] if args.ruleset is not None and looks_like_path(args.ruleset) else []
    game, players = resume_match(record, specs, where, ruleset_cache(files))
    return game, seat, specs, players


def _seat(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a seat number, found {text!r}") from None
    if not 0 <= value <= 6:
        raise argparse.ArgumentTypeError(f"seats are numbered from 0 to at most 6, not {value}")
    return value

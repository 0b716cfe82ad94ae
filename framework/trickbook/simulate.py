"""Plays matches between players, one seed per match, and streams their records."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import Location, RecordError
from .game import Game
from .players import Player, PlayerSpec, make_player
from .record import match_record
from .replay import RulesetCache, replay_record
from .rules import Rules


def play_match(rules: Rules, seed: int, specs: Sequence[PlayerSpec], hand_cap: int) -> Game:
    """Plays one match to its end (or the hand cap); every decision comes from the seat's own view."""
    players = [make_player(spec, seed, seat) for seat, spec in enumerate(specs)]
    game = Game(rules, seed, hand_cap=hand_cap)
    play_on(game, players)
    return game


def play_on(game: Game, players: Sequence[Player], actions: int | None = None) -> None:
    """Lets the players move until the match ends, or for at most `actions` actions."""
    taken = 0
    while not game.is_over() and (actions is None or taken < actions):
        seat = game.turn
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
        taken += 1


def resume_match(
    record: dict[str, Any], specs: Sequence[PlayerSpec], where: Location, rulesets: RulesetCache | None = None
) -> tuple[Game, list[Player]]:
    """Rebuilds a saved match and its players, ready to continue exactly as it would have.

    Every recorded decision is replayed and checked; each seat's player is asked
    again for its own past decisions (from its own view), which brings its random
    state to where it was, and must choose what the record says.
    """
    seed = record.get("seed", 0) if isinstance(record.get("seed"), int) else 0
    players = [make_player(spec, seed, seat) for seat, spec in enumerate(specs)]

    def decide_again(game: Game, action: int, auto: bool, path: str) -> None:
        if auto:
            return
        seat = game.turn
        assert seat is not None
        chosen = players[seat].choose(game.view(seat))
        if chosen != action:
            actions = game.rules.actions
            raise RecordError(
                f"seat {seat}'s player ({specs[seat]}) chooses {actions.text(chosen)} here, "
                f"the record has {actions.text(action)}: the match was not played by these players",
                where=where,
                path=path,
            )

    game = replay_record(record, where, rulesets or RulesetCache(), before=decide_again)
    return game, players


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What the summary table needs from one match, without keeping the match."""

    seed: int
    winner: int | None
    hands: int
    cancelled: int
    totals: tuple[int, int]


def simulate(
    rules: Rules, seed: int, matches: int, specs: Sequence[PlayerSpec], hand_cap: int, ruleset_path: str | None = None
) -> Iterator[tuple[MatchSummary, dict[str, object]]]:
    """Yields each match's summary and record in seed order (match i uses seed `seed + i`)."""
    names = [str(s) for s in specs]
    for index in range(matches):
        match_seed = seed + index
        game = play_match(rules, match_seed, specs, hand_cap)
        history = game.history
        summary = MatchSummary(match_seed, game.winner, len(history), sum(h.cancelled for h in history), game.totals)
        yield summary, match_record(game, players=names, path=ruleset_path)

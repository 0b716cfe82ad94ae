"""Plays matches between players, one seed per match, and streams their records."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .game import Game
from .players import PlayerSpec, make_player
from .record import match_record
from .rules import Rules


def play_match(rules: Rules, seed: int, specs: Sequence[PlayerSpec], hand_cap: int) -> Game:
    """Plays one match to its end (or the hand cap); every decision comes from the seat's own view."""
    players = [make_player(spec, seed, seat) for seat, spec in enumerate(specs)]
    game = Game(rules, seed, hand_cap=hand_cap)
    while not game.is_over():
        seat = game.turn
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    return game


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

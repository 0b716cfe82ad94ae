"""Plays matches between players, one seed per match, and streams their records."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game
from ..errors import ActionError, Location, PlayerError, RecordError
from ..players import Player, PlayerSpec, make_player
from ..record.replay import RulesetCache, replay_record
from ..record.writer import dumps, match_record
from ..ruleset.rules import Rules
from .parallel import MatchJob, RulesetChoice, load_choice, players_of, run_ordered


def play_match(rules: Rules, seed: int, specs: Sequence[PlayerSpec], hand_cap: int) -> Game:
    """Plays one match to its end (or the hand cap); every decision comes from the seat's own view."""
    players = [make_player(spec, seed, seat) for seat, spec in enumerate(specs)]
    game = Game(rules, seed, hand_cap=hand_cap)
    play_on(game, players)
    return game


def play_on(game: Game, players: Sequence[Player], actions: int | None = None) -> None:
    """Lets the players move until the match ends, or for at most `actions` actions.

    A player that needs only the legal actions (`LegalOnly`) is given just those: a view costs far more to
    build than such a player's choice.
    """
    lean = [getattr(player, "choose_among", None) for player in players]
    taken = 0
    limit = -1 if actions is None else actions
    while taken != limit:
        seat = game.actor  # None once the match is over: one call per decision where is_over() would be two
        if seat is None:
            break
        quick = lean[seat]
        try:
            game.apply(quick(game.legal_actions()) if quick is not None else players[seat].choose(game.view(seat)))
        except (ActionError, PlayerError) as exc:
            raise PlayerError(f"the player failed: {exc}", hand=len(game.history) + 1, seat=seat) from None
        taken += 1


def resume_match(
    record: dict[str, Any], specs: Sequence[PlayerSpec | None], where: Location, rulesets: RulesetCache | None = None
) -> tuple[Game, list[Player | None]]:
    """Rebuilds a saved match and its players, ready to continue exactly as it would have.

    Every recorded decision is replayed and checked; each seat's player is asked
    again for its own past decisions (from its own view), which brings its random
    state to where it was, and must choose what the record says. A seat whose
    spec is None (a person) is not asked.
    """
    seed = record.get("seed", 0) if isinstance(record.get("seed"), int) else 0
    players = [None if spec is None else make_player(spec, seed, seat) for seat, spec in enumerate(specs)]

    def decide_again(game: Game, action: int, auto: bool, path: str) -> None:
        seat = game.actor
        assert seat is not None
        player = players[seat]
        if auto and player is not None:
            raise RecordError(
                f"seat {seat} is played by {specs[seat]}, which always chooses in time: its move is never automatic",
                where=where,
                path=path,
            )
        if auto or player is None:
            return
        chosen = player.choose(game.view(seat))
        if chosen not in game.rules.actions.copies(action):  # a record names a card by code, not by copy
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
    winner: tuple[int, ...] | None
    """The seats that won."""
    hands: int
    cancelled: int
    totals: tuple[int, ...]


@dataclass(slots=True)
class Tally:
    """A simulation's running totals, added to match by match as they come back: its summary's numbers."""

    rules: Rules
    wins: list[int] = field(init=False)
    """Matches won by each party: each side when the match is won by sides, else each seat."""
    matches: int = 0
    unfinished: int = 0
    """Matches stopped at the hand cap, without a winner."""
    hands: int = 0
    cancelled: int = 0

    def __post_init__(self) -> None:
        self.wins = [0] * len(self.names)

    @property
    def by_side(self) -> bool:
        """Whether matches are won by sides, so wins are counted by side, not by seat."""
        return self.rules.match.by == "side"

    @property
    def names(self) -> tuple[str, ...]:
        """The parties' names, in the order of `wins`."""
        seating = self.rules.seating
        return seating.side_names if self.by_side else seating.seat_names

    def add(self, summary: MatchSummary) -> None:
        """Counts one match: its hands, and its winning parties (once each) or that it did not finish."""
        self.matches += 1
        self.hands += summary.hands
        self.cancelled += summary.cancelled
        if summary.winner is None:
            self.unfinished += 1
            return
        side_of = self.rules.seating.side_of
        for party in {side_of[seat] if self.by_side else seat for seat in summary.winner}:
            self.wins[party] += 1

    def lines(self, seed: int, players: str, hand_cap: int) -> list[str]:
        """The summary in words: the rules and seeds, each party's wins, the unfinished matches and the hands."""
        n = self.matches
        options = ", ".join(f"{k}={v}" for k, v in self.rules.options) or "no options"
        return [
            f"{self.rules.id} (rules version {self.rules.version}, {options}): {n} matches, "
            f"seeds {seed}..{seed + n - 1}, players {players}",
            *(f"  {name} won {won} ({100 * won / n:.1f}%)" for name, won in zip(self.names, self.wins, strict=True)),
            f"  unfinished at the hand cap of {hand_cap}: {self.unfinished} ({100 * self.unfinished / n:.1f}%)",
            f"  hands: {self.hands:,} ({self.hands / n:.1f} per match), cancelled {self.cancelled:,}",
        ]


def simulate_job(job: MatchJob) -> tuple[MatchSummary, str]:
    """Plays one match of a simulation; returns its summary and its record as one line of JSON (runs in workers)."""
    rules = load_choice(job.ruleset)
    specs = players_of(job, rules.seats)
    try:
        game = play_match(rules, job.seed, specs, job.hand_cap)
    except PlayerError as exc:
        seat = f", seat {exc.seat} ({specs[exc.seat]})" if exc.seat is not None else ""
        raise PlayerError(f"match {job.index + 1} (seed {job.seed}), hand {exc.hand}{seat}: {exc}") from None
    history = game.history
    summary = MatchSummary(job.seed, game.winner, len(history), sum(h.cancelled for h in history), game.totals)
    return summary, dumps(match_record(game, players=[str(s) for s in specs])) if job.record else ""


def simulate(
    choice: RulesetChoice,
    seed: int,
    matches: int,
    players: str,
    hand_cap: int,
    processes: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    records: bool = True,
) -> Iterator[tuple[MatchSummary, str]]:
    """Yields each match's summary and record line in seed order (match i uses seed `seed + i`), on any cores;
    without `records`, the line is empty (nothing builds a record nobody writes)."""
    jobs = [MatchJob(index, choice, seed + index, players, hand_cap, records) for index in range(matches)]
    yield from run_ordered(simulate_job, jobs, processes, scheduler, progress)

"""A saved table checked before it is restored: every field's type and range, then that the table's state is one
it could have reached with its match. Each refusal names the field, what was expected and what was found."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import Refusal, TrickbookError
from ..limits import MAX_HANDS
from ..players import PlayerSpec, parse_player_specs

if TYPE_CHECKING:
    from ..engine.game import Game

FORMAT = "trickbook-table/1"
HUMAN = "human"
PLAYING, WAITING_READY, VOTING, CLOSED = "playing", "waiting-ready", "voting", "closed"
PHASES = (PLAYING, WAITING_READY, VOTING, CLOSED)
FIELDS = frozenset(
    {
        "format",
        "reference",
        "seats",
        "seed",
        "secret_seeds",
        "turn_seconds",
        "ready_seconds",
        "vote_seconds",
        "hand_cap",
        "match_number",
        "phase",
        "ready",
        "votes",
        "deadline",
        "close_reason",
        "record",
        "finished",
        "stand_ins",
    }
)
"""The fields `Table.save` writes; a save with any other is not one a table wrote."""
OPTIONAL: dict[str, Any] = {"ready_seconds": None, "vote_seconds": None, "secret_seeds": False, "stand_ins": {}}
"""Fields a save by an earlier trickbook may lack, with the value it meant."""
MAX_SEED = 2**63
"""Seeds are below this in size: a seed is any whole number a table can be given, not a number of any length."""


class TableError(Refusal):
    """A table call that does not fit the table's state (not your turn, not ready time, table closed...)."""


@dataclass(frozen=True, slots=True)
class SavedTable:
    """A saved table's own fields, each of the right type and in range (the match itself is checked by replay)."""

    reference: str
    seats: tuple[str, ...]
    specs: tuple[PlayerSpec | None, ...]
    seed: int
    secret_seeds: bool
    """Each match is dealt from a seed drawn from `secrets`, not from `seed + match - 1`."""
    turn_seconds: float | None
    ready_seconds: float | None
    vote_seconds: float | None
    hand_cap: int
    match_number: int
    phase: str
    ready: frozenset[int]
    votes: tuple[tuple[int, bool], ...]
    deadline: float | None
    close_reason: str
    record: dict[str, Any]
    finished: tuple[dict[str, Any], ...]
    stand_ins: tuple[tuple[int, PlayerSpec], ...] = ()
    """The bots playing people's seats while they are away, by seat."""


def refused(field: str, problem: str, found: object) -> TableError:
    """The error for one field of a save: which field, what it should be, what it is."""
    shown = repr(found)
    return TableError(
        f"the saved table's {field}: {problem}; found {shown if len(shown) <= 80 else shown[:77] + '...'}"
    )


def read_saved(saved: object) -> SavedTable:
    """The fields of a save, checked one by one; `TableError` naming the first that is missing or wrong."""
    if not isinstance(saved, dict) or saved.get("format") != FORMAT:
        found = saved.get("format") if isinstance(saved, dict) else type(saved).__name__
        raise TableError(f"this is not a saved trickbook table (format {found!r})")
    saved = {**OPTIONAL, **saved}
    missing = sorted(FIELDS - set(saved))
    if missing:
        raise TableError(f"the saved table's {missing[0]}: the field is missing")
    extra = sorted(str(key) for key in set(saved) - FIELDS)
    if extra:
        raise refused(extra[0], "a table saves no such field", saved[extra[0]])
    seats = _seats(saved["seats"])
    return SavedTable(
        reference=_of_type(saved, "reference", str, "text"),
        seats=seats,
        specs=_specs(seats),
        seed=_whole(saved, "seed", -MAX_SEED, MAX_SEED - 1),
        secret_seeds=_of_type(saved, "secret_seeds", bool, "true or false"),
        turn_seconds=_seconds(saved, "turn_seconds"),
        ready_seconds=_seconds(saved, "ready_seconds"),
        vote_seconds=_seconds(saved, "vote_seconds"),
        hand_cap=_whole(saved, "hand_cap", 1, MAX_HANDS),
        match_number=_whole(saved, "match_number", 1, MAX_SEED - 1),
        phase=_phase(saved["phase"]),
        ready=frozenset(_seat_list(saved["ready"], len(seats))),
        votes=_votes(saved["votes"], len(seats)),
        deadline=_time(saved, "deadline"),
        close_reason=_of_type(saved, "close_reason", str, "text"),
        record=_of_type(saved, "record", dict, "a match record (a JSON object)"),
        finished=tuple(_finished(saved["finished"])),
        stand_ins=_stand_ins(saved["stand_ins"], seats),
    )


def _of_type(saved: Mapping[str, Any], field: str, kind: type, words: str) -> Any:
    value = saved[field]
    if not isinstance(value, kind):
        raise refused(field, f"expected {words}", value)
    return value


def _whole(saved: Mapping[str, Any], field: str, low: int, high: int) -> int:
    value = saved[field]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise refused(field, f"expected a whole number from {low:,} to {high:,}", value)
    return value


def _time(saved: Mapping[str, Any], field: str) -> float | None:
    """A time or a length of time: null, or a finite number (a clock's own reading)."""
    value = saved[field]
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise refused(field, "expected null or a finite number of seconds", value)
    return float(value)


def _seconds(saved: Mapping[str, Any], field: str) -> float | None:
    """A clock's length: null (no clock) or a positive number of seconds."""
    value = _time(saved, field)
    if value is not None and value <= 0:
        raise refused(field, "expected null (no clock) or a positive number of seconds", saved[field])
    return value


def _phase(value: object) -> str:
    if value not in PHASES:
        raise refused("phase", f"expected one of {', '.join(PHASES)}, which a table never leaves", value)
    return str(value)


def _seats(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(seat, str) for seat in value):
        raise refused("seats", "expected a list of players, each 'human' or a bot such as 'random'", value)
    if HUMAN not in value:
        raise refused("seats", f"a table has at least one {HUMAN!r} seat", value)
    return tuple(value)


def _specs(seats: tuple[str, ...]) -> tuple[PlayerSpec | None, ...]:
    """Each seat's player, held to the same limits as a player named anywhere else (its budget per decision)."""
    specs: list[PlayerSpec | None] = []
    for index, seat in enumerate(seats):
        try:
            specs.append(None if seat == HUMAN else parse_player_specs(seat, 1)[0])
        except TrickbookError as exc:
            raise refused(f"seats[{index}]", str(exc), seat) from None
    return tuple(specs)


def _stand_ins(value: object, seats: tuple[str, ...]) -> tuple[tuple[int, PlayerSpec], ...]:
    """The bots standing in for people, by the number of a person's seat."""
    people = [str(seat) for seat, player in enumerate(seats) if player == HUMAN]
    if not isinstance(value, dict):
        raise refused("stand_ins", "expected a map of people's seats to the bots playing them", value)
    found = []
    for key, player in sorted(value.items()):
        if key not in people or not isinstance(player, str):
            raise refused(
                f"stand_ins[{key!r}]", f"expected a person's seat ({', '.join(people)}) played by a bot", player
            )
        try:
            found.append((int(key), parse_player_specs(player, 1)[0]))
        except TrickbookError as exc:
            raise refused(f"stand_ins[{key!r}]", str(exc), player) from None
    return tuple(found)


def _seat_list(value: object, seats: int) -> list[int]:
    if not isinstance(value, list) or not all(_is_seat(seat, seats) for seat in value):
        raise refused("ready", f"expected a list of seat numbers from 0 to {seats - 1}", value)
    return list(value)


def _is_seat(value: object, seats: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value < seats


def _votes(value: object, seats: int) -> tuple[tuple[int, bool], ...]:
    if not isinstance(value, dict):
        raise refused("votes", "expected an object of seat numbers and true or false", value)
    votes = []
    for key, vote in value.items():
        if key not in {str(seat) for seat in range(seats)} or not isinstance(vote, bool):
            raise refused(f"votes[{key!r}]", f"expected a seat from 0 to {seats - 1} voting true or false", vote)
        votes.append((int(key), vote))
    return tuple(sorted(votes))


def _finished(value: object) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise refused("finished", "expected a list of match records", value)
    for index, record in enumerate(value):
        if not isinstance(record, dict) or not isinstance(record.get("seed"), int):
            raise refused(f"finished[{index}]", "expected a match record with its seed", record)
    return value


def check_agrees(saved: SavedTable) -> None:
    """Refuses table fields that contradict its records: the seed and hand cap the current match was played
    with, the players it names, and the finished matches (one per earlier seed, each over, none twice)."""
    record = saved.record
    seed = saved.seed + saved.match_number - 1
    if not saved.secret_seeds and record.get("seed") != seed:
        raise refused(
            "seed",
            f"match {saved.match_number} of a table of seed {saved.seed} is dealt from seed {seed}",
            record.get("seed"),
        )
    if record.get("hand_cap") != saved.hand_cap:
        raise refused("hand_cap", f"the match's record has a hand cap of {record.get('hand_cap')!r}", saved.hand_cap)
    if "players" in record and record["players"] != list(saved.seats):
        raise refused("seats", f"the match's record was played by {record['players']!r}", list(saved.seats))
    if not saved.match_number - 1 <= len(saved.finished) <= saved.match_number:
        raise refused(
            "finished",
            f"match {saved.match_number} follows {saved.match_number - 1} finished match(es)",
            len(saved.finished),
        )
    seeds = [done["seed"] for done in saved.finished]
    for index, done in enumerate(saved.finished):
        dealt = seeds.index(done["seed"]) == index if saved.secret_seeds else done["seed"] == saved.seed + index
        if not dealt or done.get("status") not in ("finished", "capped"):
            own = "a seed of its own" if saved.secret_seeds else f"seed {saved.seed + index}"
            raise refused(
                f"finished[{index}]",
                f"expected match {index + 1}, over, of {own} (each finished match once, in order)",
                f"seed {done['seed']}, status {done.get('status')!r}",
            )


def check_reached(saved: SavedTable, game: Game) -> None:
    """Refuses a table state its match could not have reached: a ready check or a vote at the wrong point of the
    match, confirmations or votes that would already have moved the table on, a clock without its deadline."""
    over = game.is_over()
    bots = {seat for seat, spec in enumerate(saved.specs) if spec is not None}
    votes = dict(saved.votes)
    expected = {
        PLAYING: not saved.ready and not votes,
        WAITING_READY: not over and game.moves_made == 0 and game.hands_finished > 0 and not votes,
        VOTING: over and not saved.ready,
        CLOSED: bool(saved.close_reason),
    }
    if not expected[saved.phase]:
        raise refused("phase", _phase_words(saved.phase, over), saved.phase)
    if saved.phase == WAITING_READY and (not bots <= saved.ready or len(saved.ready) == len(saved.seats)):
        raise refused(
            "ready", f"bots ({sorted(bots)}) are ready at once, and the deal waits for some person", sorted(saved.ready)
        )
    if saved.phase == VOTING:
        _check_votes(saved, votes, bots)
    _check_clock(saved, game)


def _phase_words(phase: str, over: bool) -> str:
    """Where in a match a table can be in `phase`."""
    return {
        PLAYING: "a table playing has no confirmations or votes pending",
        WAITING_READY: "a ready check comes only between two hands of a match that goes on, before any action",
        VOTING: "a rematch vote comes only once the match is over" + ("" if over else ", and this one goes on"),
        CLOSED: "a closed table says why it closed (close_reason)",
    }[phase]


def _check_votes(saved: SavedTable, votes: dict[int, bool], bots: set[int]) -> None:
    if len(saved.finished) != saved.match_number or saved.finished[-1] != saved.record:
        raise refused(
            "finished", "while the rematch is voted on, the last finished match is the current one", len(saved.finished)
        )
    if not all(votes.get(bot) is True for bot in bots) or False in votes.values() or len(votes) == len(saved.seats):
        raise refused(
            "votes", f"bots ({sorted(bots)}) vote yes at once; a no, or a vote from everyone, ends the vote", votes
        )


def _check_clock(saved: SavedTable, game: Game) -> None:
    """A deadline belongs to the clock of the phase: set when that clock runs for a person, null otherwise."""
    clock = {PLAYING: saved.turn_seconds, WAITING_READY: saved.ready_seconds, VOTING: saved.vote_seconds}.get(
        saved.phase
    )
    actor = game.actor
    waits_for_person = saved.phase != PLAYING or (actor is not None and saved.specs[actor] is None)
    if saved.deadline is not None and clock is None:
        raise refused("deadline", f"a table {saved.phase} without a clock has no deadline", saved.deadline)
    if saved.deadline is None and clock is not None and waits_for_person:
        raise refused("deadline", f"the clock of {clock:g} seconds runs for the person to act", None)

"""Match records in the public JSON format (`trickbook-record/1`): writing them and reading them safely."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from . import limits
from .errors import Location, RecordError
from .facts import NO_SEAT, NO_SUIT
from .game import Game
from .history import HandResult, Move
from .rules import Rules

FORMAT = "trickbook-record/1"


def match_record(game: Game, *, players: list[str] | None = None, path: str | None = None) -> dict[str, Any]:
    """The record of a game so far: finished hands, the hand in progress (if any) and the outcome."""
    rules = game.rules
    identity = rules.identity()
    if path is not None:
        identity["path"] = path
    hands = [hand_entry(rules, hand) for hand in game.history]
    if not game.is_over():
        hands.append(_in_progress(game))
    status = "in-progress" if not game.is_over() else "finished" if game.winner is not None else "capped"
    record: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": identity,
        "seed": game.seed,
        "hands": hands,
        "winner": game.winner,
        "status": status,
        "hand_cap": game.hand_cap,
    }
    if players is not None:
        record["players"] = players
    return record


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of JSON; the same record always gives the same bytes."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


def _points(rules: Rules, sides: tuple[int, int], seats: tuple[int, ...] | None) -> dict[str, Any]:
    return {"teams": list(sides), "seats": list(seats) if rules.personal and seats is not None else None}


def _moves(rules: Rules, moves: tuple[Move, ...] | list[Move]) -> list[dict[str, Any]]:
    return [rules.actions.to_record(m.seat, m.action, m.auto) for m in moves]


OUTCOME_FIELDS = ("cancelled", "trump", "tricks_won", "score", "totals")
"""The fields of a finished hand that say what it came to; replay compares exactly these."""


def hand_outcome(rules: Rules, hand: HandResult) -> dict[str, Any]:
    """What a finished hand came to, in the record's form."""
    return {
        "cancelled": hand.cancelled,
        "trump": None if hand.cancelled or hand.trump == NO_SUIT else rules.deck.suits[hand.trump].code,
        "tricks_won": None if hand.cancelled else list(hand.tricks_won),
        "score": _points(rules, hand.score, hand.seat_score or (0, 0, 0, 0)),
        "totals": _points(rules, hand.totals, hand.seat_totals),
    }


def hand_entry(rules: Rules, hand: HandResult) -> dict[str, Any]:
    """One finished hand as the record format writes it, with trickbook's extra fields after the required ones."""
    deck = rules.deck
    entry: dict[str, Any] = {
        "dealer": hand.dealer,
        "deal": [[deck.codes[c] for c in cards] for cards in hand.deal],
        "exposed": [deck.codes[c] for c in hand.exposed],
        "actions": _moves(rules, hand.moves),
        **hand_outcome(rules, hand),
    }
    if hand.cancelled:
        entry["cancel_reason"] = hand.cancel_reason
        return entry
    entry["declarer"] = None if hand.declarer == NO_SEAT else hand.declarer
    entry["contract"] = list(hand.contract)
    entry["lines"] = [{"rule": ln.rule, "for": ln.per, "target": ln.target, "points": ln.points} for ln in hand.lines]
    if rules.counters:
        entry["counters"] = {c.name: list(hand.counters[i]) for i, c in enumerate(rules.counters)}
    if rules.events:
        entry["events"] = {e.name: list(hand.events[i]) for i, e in enumerate(rules.events)}
    return entry


def _in_progress(game: Game) -> dict[str, Any]:
    rules = game.rules
    deck = rules.deck
    return {
        "dealer": game.dealer,
        "deal": [[deck.codes[c] for c in cards] for cards in game.current_deal],
        "exposed": [deck.codes[c] for c in game.exposed],
        "actions": _moves(rules, game.current_moves),
        "cancelled": False,
        "trump": None if game.trump == NO_SUIT else deck.suits[game.trump].code,
        "tricks_won": None,
        "score": None,
        "totals": None,
        "complete": False,
    }


def read_records(path: Path, display: str | None = None) -> Iterator[tuple[Location, dict[str, Any]]]:
    """Reads a file of records, JSON Lines or one JSON document, yielding each record with where it starts."""
    name = display or str(path)
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            if size > limits.MAX_RECORD_BYTES:
                yield from _stream(handle, name)
                return
            text = _decode(handle.read(), name)
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror}", where=Location(name, 1, 1)) from None
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise RecordError("the file holds no record", where=Location(name, 1, 1))
    if not _whole_object(lines[first]):
        yield Location(name, first + 1, 1), parse_record(text, Location(name, 1, 1))
        return
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield Location(name, number, 1), parse_record(line, Location(name, number, 1))


def _stream(handle: BinaryIO, name: str) -> Iterator[tuple[Location, dict[str, Any]]]:
    for number, raw in enumerate(handle, start=1):
        where = Location(name, number, 1)
        if len(raw) > limits.MAX_RECORD_BYTES:
            raise RecordError(
                "this record is too large", where=where, expected=f"at most {limits.MAX_RECORD_BYTES:,} bytes"
            )
        line = _decode(raw, name)
        if line.strip():
            yield where, parse_record(line, where)


def _whole_object(line: str) -> bool:
    if not line.lstrip().startswith("{"):
        return False
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def _decode(raw: bytes, name: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            "the file is not UTF-8 text", where=Location(name, 1, 1), found=f"byte at {exc.start}"
        ) from None


def parse_record(text: str, where: Location) -> dict[str, Any]:
    """Parses one record's JSON; refuses NaN, infinities, over-long numbers and nesting the parser cannot take."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        column = exc.colno if exc.lineno > 1 else where.column + exc.colno - 1
        raise RecordError(
            f"this is not valid JSON: {exc.msg}", where=Location(where.file, where.line + exc.lineno - 1, column)
        ) from None
    except ValueError as exc:
        raise RecordError(str(exc), where=where) from None
    except RecursionError:
        raise RecordError("the record is nested too deeply for the JSON parser", where=where) from None
    if not isinstance(value, dict):
        raise RecordError("a record must be a JSON object", where=where, found=type(value).__name__)
    return value


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a record")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > limits.MAX_INT_DIGITS:
        raise ValueError(f"the number {text[:20]}... is too large for a record")
    return int(text)

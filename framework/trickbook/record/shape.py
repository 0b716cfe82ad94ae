"""The shape of a match record's hands and actions, checked directly rather than by the JSON Schema validator.

A long match has tens of thousands of action objects; running each through
`jsonschema` costs far more than replaying it. These checks apply the
constraints of `schemas/match-record.schema.json` (`hand`, `action`, `points`)
in plain Python, for a table of `seats` seats and record version 1 or 2, and a
differential test keeps them in step with the schema. They are a little
stricter where the schema cannot be: a number must be a JSON integer, not 1.0,
and a seat must exist at the table.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..errors import Location, RecordError

_CARD = re.compile(r"[0-9A-Z]{1,2}[A-Z]")
_SUIT = re.compile(r"[A-Z]")
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_STRUCTURED = re.compile(r"[0-9]{1,2}(?:[A-Z]|NT)")
_HAND_KEYS = ("dealer", "deal", "exposed", "actions", "cancelled", "trump", "tricks_won", "score", "totals")
ACTION_KINDS = (
    *("bid", "pass", "trump", "play", "pass_cards", "discard", "alone", "take", "game", "announce", "double"),
    "redouble",
    "show",
)
_ACTION_FIELD = {
    "bid": "value",
    "trump": "suit",
    "play": "card",
    "show": "card",
    "pass_cards": "cards",
    "discard": "cards",
    "game": "value",
}
_ACTION_VALUES: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
    (
        "value",
        lambda v: (
            (type(v) is int and v >= 0) or (isinstance(v, str) and bool(_NAME.fullmatch(v) or _STRUCTURED.fullmatch(v)))
        ),
        "a whole number of at least 0, a bid name, or a bid of a level and a strain such as '3NT'",
    ),
    ("suit", lambda v: isinstance(v, str) and bool(_SUIT.fullmatch(v)), "a one-letter suit code"),
    ("card", lambda v: isinstance(v, str) and bool(_CARD.fullmatch(v)), "a card code: rank then suit"),
    (
        "cards",
        lambda v: isinstance(v, list) and bool(v) and all(isinstance(c, str) and _CARD.fullmatch(c) for c in v),
        "a list of card codes",
    ),
)
"""Fields an action may carry, whatever its kind, and the shape each must have when present."""


def _integers(value: Any, count: int | None = None) -> bool:
    return isinstance(value, list) and (count is None or len(value) == count) and all(type(v) is int for v in value)


def _seat(value: Any, seats: int) -> bool:
    return type(value) is int and 0 <= value < seats


def _cards(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) and _CARD.fullmatch(c) for c in value)


def _points(value: Any, seats: int, version: int) -> bool:
    sides = "teams" if version == 1 else "sides"
    return (
        isinstance(value, dict)
        and sides in value
        and "seats" in value
        and ((value[sides] is None and version == 2) or _integers(value[sides], 2 if version == 1 else None))
        and (value["seats"] is None or _integers(value["seats"], seats))
    )


def _problem(where: Location, path: str, problem: str, expected: str, found: Any) -> RecordError:
    text = repr(found)
    return RecordError(
        problem, where=where, path=path, expected=expected, found=text if len(text) < 80 else text[:77] + "..."
    )


def check_hand(hand: Any, where: Location, path: str, seats: int = 4, version: int = 2) -> None:
    """Raises `RecordError` unless `hand` has the shape the record format gives a hand (actions aside)."""
    if not isinstance(hand, dict):
        raise _problem(where, path, "a hand must be a JSON object", "an object", hand)
    for key in (*_HAND_KEYS, "stock") if version == 2 else _HAND_KEYS:
        if key not in hand:
            raise RecordError(
                f"the key {key!r} is missing", where=where, path=path, expected="keys " + ", ".join(_HAND_KEYS)
            )
    points = f"{{{'teams' if version == 1 else 'sides'}: [numbers], seats: [{seats} numbers] or null}} or null"
    checks: list[tuple[str, bool, str]] = [
        ("dealer", _seat(hand["dealer"], seats), f"a seat 0-{seats - 1}"),
        (
            "deal",
            isinstance(hand["deal"], list) and len(hand["deal"]) == seats and all(_cards(s) for s in hand["deal"]),
            f"{seats} lists of card codes",
        ),
        ("exposed", _cards(hand["exposed"]), "a list of card codes"),
        ("actions", isinstance(hand["actions"], list), "a list of actions"),
        ("cancelled", isinstance(hand["cancelled"], bool), "true or false"),
        (
            "trump",
            hand["trump"] is None or (isinstance(hand["trump"], str) and bool(_SUIT.fullmatch(hand["trump"]))),
            "a suit code or null",
        ),
        (
            "tricks_won",
            hand["tricks_won"] is None or _integers(hand["tricks_won"], seats),
            f"{seats} whole numbers or null",
        ),
        ("score", hand["score"] is None or _points(hand["score"], seats, version), points),
        ("totals", hand["totals"] is None or _points(hand["totals"], seats, version), points),
    ]
    if version == 2:
        checks.append(("stock", _cards(hand["stock"]), "a list of card codes"))
    extras: list[tuple[str, Any, str]] = [
        ("complete", lambda v: isinstance(v, bool), "true or false"),
        ("cancel_reason", lambda v: isinstance(v, str), "text"),
        ("declarer", lambda v: v is None or _seat(v, seats), f"a seat 0-{seats - 1} or null"),
        ("contract", lambda v: v is None or (_integers(v) and 2 <= len(v) <= 7), "2 to 7 whole numbers or null"),
        ("lines", lambda v: _lines(v, seats), "a list of {rule, for, target, points}"),
        (
            "counters",
            lambda v: isinstance(v, dict) and all(_integers(c) for c in v.values()),
            "lists of whole numbers by name",
        ),
        (
            "events",
            lambda v: isinstance(v, dict) and all(_integers(c, seats) for c in v.values()),
            f"{seats} whole numbers by name",
        ),
    ]
    checks += [(key, test(hand[key]), expected) for key, test, expected in extras if key in hand]
    for key, ok, expected in checks:
        if not ok:
            raise _problem(where, f"{path}.{key}", "this value has the wrong shape", expected, hand[key])


def _lines(value: Any, seats: int) -> bool:
    return isinstance(value, list) and all(
        isinstance(line, dict)
        and isinstance(line.get("rule"), str)
        and line.get("for") in ("side", "seat")
        and _seat(line.get("target"), seats)
        and type(line.get("points")) is int
        for line in value
    )


def check_action(entry: Any, where: Location, path: str, seats: int = 4) -> None:
    """Raises `RecordError` unless `entry` has the shape of a recorded action."""
    if not isinstance(entry, dict):
        raise _problem(where, path, "an action must be a JSON object", "an object", entry)
    if not _seat(entry.get("seat"), seats):
        raise _problem(
            where, f"{path}.seat", "this value is not a seat", f"a seat from 0 to {seats - 1}", entry.get("seat")
        )
    kind = entry.get("action")
    if kind not in ACTION_KINDS:
        raise _problem(
            where,
            f"{path}.action",
            "this value is not allowed here",
            "one of " + ", ".join(repr(k) for k in ACTION_KINDS),
            kind,
        )
    field = _ACTION_FIELD.get(kind)
    if field is not None and field not in entry:
        raise RecordError(
            f"the key {field!r} is missing", where=where, path=path, expected=f"a {kind} action with {field!r}"
        )
    for name, test, expected in _ACTION_VALUES:
        if name in entry and not test(entry[name]):
            raise _problem(where, f"{path}.{name}", "this value has the wrong shape", expected, entry[name])
    if "auto" in entry and not isinstance(entry["auto"], bool):
        raise _problem(where, f"{path}.auto", "`auto` must be true or false", "true or false", entry["auto"])

"""A match record's header, checked and read in one place: which rules, which table, which players, which seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import Location, Mark, RecordError
from ..ruleset import schema
from .writer import FORMAT_V1

V1_SEATS = 4
"""The seats of a version 1 record that does not say (that format is of four seats in two partnerships; version 2
records must say)."""


@dataclass(frozen=True, slots=True)
class RecordHeader:
    """What a record says about its match apart from the hands, typed, so no command reads the record's keys."""

    format: int
    """The record's version, 1 or 2."""
    ruleset_id: str
    rules_version: int
    options: tuple[tuple[str, str], ...]
    """The table options, in the record's order."""
    seats: int
    players: tuple[str, ...] | None
    """Who played each seat (`human` for a person), when the record says."""
    seed: int
    hands: int
    """How many hands the record holds."""

    @classmethod
    def from_record(cls, record: dict[str, Any], where: Location) -> RecordHeader:
        """Reads the header of a record that starts at `where`, refused there (with its key) when it breaks the
        record schema."""
        _check_header(record, where)
        identity = record["ruleset"]
        players = record.get("players")
        return cls(
            format=1 if record["format"] == FORMAT_V1 else 2,
            ruleset_id=identity["id"],
            rules_version=identity["version"],
            options=tuple(identity["options"].items()),
            seats=record.get("seats", V1_SEATS),
            players=None if players is None else tuple(players),
            seed=record["seed"],
            hands=len(record["hands"]),
        )


def _check_header(record: dict[str, Any], where: Location) -> None:
    """Checks a record against the record schema, all but its hands, which `shape` checks one by one (the schema
    validator is too slow for tens of thousands of actions)."""
    skeleton = {**record, "hands": []} if isinstance(record.get("hands"), list) else record
    schema.check(
        skeleton,
        "match-record",
        marks={(): Mark(where.file, where.line, where.column)},
        file=where.file,
        error=RecordError,
    )

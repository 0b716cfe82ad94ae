"""Reading match records safely: JSON Lines or one JSON document, streamed past a size, with hostile values refused."""

from __future__ import annotations

import gzip
import json
import stat
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from .. import limits
from ..errors import Location, RecordError

JSON_SPACE = " \t\r\n"
"""The only characters JSON counts as space between values; a line of JSON Lines ends at "\\n" alone (so text
holding U+2028, U+2029 or U+0085 stays in its record)."""


def read_records(path: Path, display: str | None = None) -> Iterator[tuple[Location, dict[str, Any]]]:
    """Reads a file of records, JSON Lines or one JSON document, yielding each record with where it starts."""
    name = display or str(path)
    if path.suffix == ".gz":
        yield from _compressed(path, name)
        return
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            kind = "a directory" if stat.S_ISDIR(status.st_mode) else "a device, pipe or socket"
            raise RecordError("this is not a file of records", where=Location(name, 1, 1), found=kind)
        size = status.st_size
        with path.open("rb") as handle:
            if size > limits.MAX_RECORD_BYTES:
                yield from _stream(handle, name)
                return
            text = _decode(handle.read(), name)
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror or exc}", where=Location(name[:200], 1, 1)) from None
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip(JSON_SPACE)), None)
    if first is None:
        raise RecordError("the file holds no record", where=Location(name, 1, 1))
    if not _whole_object(lines[first]):
        yield Location(name, first + 1, 1), parse_record(text, Location(name, 1, 1))
        return
    for number, line in enumerate(lines, start=1):
        if line.strip(JSON_SPACE):
            yield Location(name, number, 1), parse_record(line, Location(name, number, 1))


def _stream(handle: BinaryIO | gzip.GzipFile, name: str) -> Iterator[tuple[Location, dict[str, Any]]]:
    """Records one per line, read a line at a time with each line's size bounded (so a line that never ends,
    or a compressed file that expands without end, is refused at its first over-long line, not held in memory)."""
    number = 0
    while raw := handle.readline(limits.MAX_RECORD_BYTES + 2):  # room for the line's end, not counted
        number += 1
        where = Location(name, number, 1)
        if len(raw.rstrip(b"\r\n")) > limits.MAX_RECORD_BYTES:
            raise RecordError(
                "this record is too large", where=where, expected=f"at most {limits.MAX_RECORD_BYTES:,} bytes"
            )
        line = _decode(raw, name)
        if line.strip(JSON_SPACE):
            yield where, parse_record(line, where)


def _compressed(path: Path, name: str) -> Iterator[tuple[Location, dict[str, Any]]]:
    """Records in a gzip file, one per line (see `_stream`)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise RecordError("this is not a file of records", where=Location(name, 1, 1), found="not a regular file")
        with gzip.open(path, "rb") as handle:
            found = False
            for record in _stream(handle, name):
                found = True
                yield record
    except (OSError, EOFError, zlib.error) as exc:
        raise RecordError(f"cannot read the compressed file: {exc}", where=Location(name, 1, 1)) from None
    if not found:
        raise RecordError("the file holds no record", where=Location(name, 1, 1))


def _whole_object(line: str) -> bool:
    if not line.lstrip().startswith("{"):
        return False
    try:
        json.loads(line)
    except ValueError:
        return False
    except RecursionError:
        return True  # one line of JSON, nested past the parser: `parse_record` says so
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
    if _deeper_than(value, limits.MAX_RECORD_DEPTH):
        raise RecordError("the record is nested too deeply for the JSON parser", where=where)
    if not isinstance(value, dict):
        raise RecordError("a record must be a JSON object", where=where, found=type(value).__name__)
    return value


def _deeper_than(value: Any, depth: int) -> bool:
    """Whether objects and lists nest past `depth`, walked without recursion so the walk itself cannot overflow."""
    level: list[Any] = [value] if isinstance(value, (dict, list)) else []
    for _ in range(depth):
        level = [
            child
            for container in level
            for child in (container.values() if isinstance(container, dict) else container)
            if isinstance(child, (dict, list))
        ]
        if not level:
            return False
    return True


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a record")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > limits.MAX_INT_DIGITS:
        raise ValueError(f"the number {text[:20]}... is too large for a record")
    return int(text)

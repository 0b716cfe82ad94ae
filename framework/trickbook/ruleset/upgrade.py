"""`trickbook upgrade`: a ruleset file rewritten in the current format, every other line, comment and key kept.

The file is loaded first, as every command loads it, so the upgrade writes the
reading the loader gave it: the new format line and, for a format 1 file that
relied on the first release's table, that table written out. Only those lines
change; the text is edited in place rather than dumped again from data, so
comments, order, quoting and blank lines stay as the author wrote them.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from . import formats
from .loader import RulesetSource
from .yamlsource import KEY, Document, parse_yaml

_TABLE_LINES = (
    "# Format 1 seated a ruleset that said nothing of its table as four players, partners opposite.",
    "seats: 4",
    "sides: [[0, 2], [1, 3]]",
)
"""What an upgrade writes for a format 1 file that relied on the first release's table (formats.FIRST_TABLE)."""


@dataclass(frozen=True, slots=True)
class Upgrade:
    """A ruleset file's text before and after rewriting it in the current format, and what changed, in words."""

    file: str
    before: str
    after: str
    written_in: str
    notes: tuple[str, ...]

    @property
    def needed(self) -> bool:
        return self.after != self.before

    def diff(self) -> str:
        """The change as a unified diff, empty when there is none."""
        return "".join(
            difflib.unified_diff(
                self.before.splitlines(keepends=True),
                self.after.splitlines(keepends=True),
                fromfile=self.file,
                tofile=f"{self.file} ({formats.CURRENT})",
            )
        )


def upgraded(text: str, display: str, source: RulesetSource) -> Upgrade:
    """`text`, the file `source` was loaded from, rewritten in the current format as the loader read it."""
    written_in = source.written_in
    if written_in == formats.CURRENT:
        return Upgrade(display, text, text, written_in, ())
    own = parse_yaml(text, display)
    lines = text.splitlines(keepends=True)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    mark = own.marks[("format",)]
    at = mark.line - 1
    lines[at] = lines[at][: mark.column - 1] + lines[at][mark.column - 1 :].replace(written_in, formats.CURRENT, 1)
    notes = [f"the format line now says {formats.CURRENT}"]
    if formats.table_unsaid(own.data) and "sides" in source.document.data:
        place = _after_key(own, "deck", len(lines))
        if place > 0 and not lines[place - 1].endswith(("\n", "\r")):
            lines[place - 1] += newline
        lines[place:place] = [line + newline for line in _TABLE_LINES]
        notes.append(f"its table is written out: {formats.FIRST_TABLE_CHANGE}")
    return Upgrade(display, text, "".join(lines), written_in, tuple(notes))


def _after_key(own: Document, key: str, end: int) -> int:
    """The index of the line just after the top-level `key`'s value (before the comments of the key after it)."""
    start = own.marks[(key, KEY)].line
    later = sorted(own.marks[(k, KEY)].line for k in own.data if own.marks[(k, KEY)].line > start)
    if not later:
        return end
    place = later[0] - 1
    texts = own.lines[own.file]
    while place > start and (not texts[place - 1].strip() or texts[place - 1].lstrip().startswith("#")):
        place -= 1
    return place

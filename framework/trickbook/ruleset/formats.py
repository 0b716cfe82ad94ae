"""Ruleset format versions: which formats load, and what an older format's file means in the current one.

A file says the format it is written in (`format: trickbook-ruleset/N`). The
loader reads every known format and turns an older file into the current
format's data before anything else looks at it, so the rest of the pipeline
knows one language. `upgrade` writes the same change into the file itself.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, Final

from .yamlsource import Document

FIRST: Final = "trickbook-ruleset/1"
CURRENT: Final = "trickbook-ruleset/2"
KNOWN: Final = (FIRST, CURRENT)
"""Every format the loader reads, oldest first; an old one keeps loading for as long as docs/reference.md says."""

FIRST_TABLE: Final[dict[str, Any]] = {"seats": 4, "sides": [[0, 2], [1, 3]]}
"""The table format 1 gave a ruleset that declared no table, as its first release read it: four seats with
partners opposite each other."""

FIRST_TABLE_CHANGE: Final = (
    "until 1 December 2026 format 1 seated a ruleset that declares neither `seats` nor `sides` as four players "
    "in two sides, partners opposite; format 2 gives such a ruleset no sides, everyone playing for themselves"
)
"""The change of meaning between formats 1 and 2, in the words `upgrade` and refusals use."""


def table_unsaid(data: dict[str, Any]) -> bool:
    """True for a format 1 file whose table is the format's default: it extends nothing and declares neither
    `seats` nor `sides` (a variant takes its table from the ruleset it extends)."""
    return data.get("format") == FIRST and not any(key in data for key in ("extends", "seats", "sides"))


def in_current_format(document: Document, *, first_table: bool) -> Document:
    """`document` as the current format writes it: the format key updated and, with `first_table`, the table
    format 1's first release gave a ruleset that declared none."""
    data = dict(document.data)
    data["format"] = CURRENT
    if first_table:
        data.update(copy.deepcopy(FIRST_TABLE))
    return dataclasses.replace(document, data=data)

"""Text from strangers: whole numbers as people type them, and characters shown escaped so text reads as it is."""

from __future__ import annotations

import re

from .limits import MAX_INT_DIGITS

INVISIBLE = re.compile("[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
"""Bidirectional controls (which reorder the text around them) and zero-width characters (which hide between
others): shown as `\\uXXXX`, so a message or a rule book cannot read differently from what the text holds."""


def is_ascii_number(text: str, digits: int = MAX_INT_DIGITS) -> bool:
    """True for a whole number written in ASCII digits only, at most `digits` long: `str.isdigit` also accepts
    superscript and circled digits ('²', '③'), which `int` then refuses."""
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def visible(text: str) -> str:
    """`text` with every bidirectional control and zero-width character written as its `\\uXXXX` escape."""
    return INVISIBLE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)

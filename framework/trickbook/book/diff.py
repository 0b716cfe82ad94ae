"""What differs between two rulesets, rule by rule, after extends, options and versions are resolved."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from ..expr.meaning import meaning
from ..ruleset.rules import Rules
from .words import SECTIONS, Statement, statements

_CHOICES = SECTIONS[-1]
"""Options and versions are reported as the choices being compared, not as differing rules."""


@dataclass(frozen=True, slots=True)
class Difference:
    key: str
    section: str
    title: str
    before: str | None
    after: str | None


def differences(a: Rules, b: Rules) -> list[Difference]:
    """Every rule whose words differ, in rule-book order; a rule only one side has shows None on the other.

    A definition both have is left out when it means the same once the definitions it reads are written out
    (only a name changed), and so is a rule whose words differ only in the names of the seats or sides
    (`renamed` says those).
    """
    first = {s.key: s for s in statements(a) if s.section != _CHOICES}
    second = {s.key: s for s in statements(b) if s.section != _CHOICES}
    keys = list(first) + [k for k in second if k not in first]
    unnamed_a, unnamed_b = _unnamer(a, b), _unnamer(b, a)
    out = []
    for key in keys:
        left, right = first.get(key), second.get(key)
        if left is not None and right is not None and key.startswith("definitions.") and _same_meaning(a, b, key):
            continue
        if left is not None and right is not None and unnamed_a(left.text) == unnamed_b(right.text):
            continue  # only the seats' or sides' names differ (see `renamed`)
        if left is None or right is None or left.text != right.text:
            shown: Statement = left or right  # type: ignore[assignment]
            out.append(
                Difference(key, shown.section, shown.title, left.text if left else None, right.text if right else None)
            )
    return out


def renamed(a: Rules, b: Rules) -> list[tuple[str, str]]:
    """The sides and seats `b` calls by other names than `a` (at the same places), as (`a`'s name, `b`'s)."""
    pairs = []
    for first, second in ((a.seating.side_names, b.seating.side_names), (a.seating.seat_names, b.seating.seat_names)):
        if len(first) == len(second):
            pairs += [(old, new) for old, new in zip(first, second, strict=True) if old != new]
    return pairs


def _unnamer(rules: Rules, other: Rules) -> Callable[[str], str]:
    """Writes a statement of `rules` with each side's and seat's name that `other` calls otherwise replaced by its
    place, so statements that differ only in those names read the same."""
    places = {old: f"<{index}>" for index, (old, _new) in enumerate(renamed(rules, other))}
    if not places:
        return lambda text: text
    pattern = re.compile(
        "|".join(rf"(?<![\w-]){re.escape(name)}(?![\w-])" for name in sorted(places, key=len, reverse=True))
    )
    return lambda text: pattern.sub(lambda found: places[found.group(0)], text)


def _same_meaning(a: Rules, b: Rules, key: str) -> bool:
    name = key.split(".", 1)[1]
    first = {d.name: d.source for d in a.definitions}
    second = {d.name: d.source for d in b.definitions}
    return meaning(first[name], first) == meaning(second[name], second)


def label(rules: Rules) -> str:
    options = ", ".join(f"{k}={v}" for k, v in rules.options)
    return f"{rules.id} (version {rules.version}" + (f", {options})" if options else ")")


def as_text(a: Rules, b: Rules, found: list[Difference]) -> str:
    """The differences for a person: a rule both have shows only the words that changed, `[-old-]{+new+}`."""
    head = f"{label(a)} -> {label(b)}: "
    names = renamed(a, b)
    called = f" ({b.id} calls " + ", ".join(f"{old} {new}" for old, new in names) + ")" if names else ""
    if not found:
        return head + f"the rules are the same{called}\n"
    lines = [head + f"{len(found)} rule(s) differ{called}", ""]
    for difference in found:
        lines.append(f"{difference.key} ({difference.section}: {difference.title})")
        if difference.before is None:
            lines.append(f"  + {difference.after}  (only in {b.id})")
        elif difference.after is None:
            lines.append(f"  - {difference.before}  (only in {a.id})")
        else:
            lines.append(f"  ~ {word_diff(difference.before, difference.after)}")
        lines.append("")
    return "\n".join(lines)


CONTEXT = 6
"""Unchanged words kept on each side of a change; longer unchanged stretches are cut to `…`."""


def word_diff(before: str, after: str) -> str:
    """`before` turned into `after`, word by word, as `git diff --word-diff` shows it: `[-old-]{+new+}`."""
    old, new = before.split(), after.split()
    parts: list[str] = []
    opcodes = SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes()
    for index, (op, i1, i2, j1, j2) in enumerate(opcodes):
        if op == "equal":
            same = old[i1:i2]
            keep_head = CONTEXT if index > 0 else 0
            keep_tail = CONTEXT if index < len(opcodes) - 1 else 0
            if len(same) > keep_head + keep_tail + 1:
                same = (
                    [*same[:keep_head], "…", *same[len(same) - keep_tail :]] if keep_tail else [*same[:keep_head], "…"]
                )
            parts.append(" ".join(same))
            continue
        if i2 > i1:
            parts.append("[-" + " ".join(old[i1:i2]) + "-]")
        if j2 > j1:
            parts.append("{+" + " ".join(new[j1:j2]) + "+}")
    return " ".join(part for part in parts if part)


def as_json(a: Rules, b: Rules, found: list[Difference]) -> dict[str, Any]:
    return {
        "a": a.identity(),
        "b": b.identity(),
        "differences": [
            {"rule": d.key, "section": d.section, "title": d.title, "a": d.before, "b": d.after} for d in found
        ],
        "renamed": [{"a": old, "b": new} for old, new in renamed(a, b)],
    }

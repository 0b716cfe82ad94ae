"""What differs between two rulesets, rule by rule, after extends, options and versions are resolved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
    """Every rule whose words differ, in rule-book order; a rule only one side has shows None on the other."""
    first = {s.key: s for s in statements(a) if s.section != _CHOICES}
    second = {s.key: s for s in statements(b) if s.section != _CHOICES}
    keys = list(first) + [k for k in second if k not in first]
    out = []
    for key in keys:
        left, right = first.get(key), second.get(key)
        if left is None or right is None or left.text != right.text:
            shown: Statement = left or right  # type: ignore[assignment]
            out.append(
                Difference(key, shown.section, shown.title, left.text if left else None, right.text if right else None)
            )
    return out


def label(rules: Rules) -> str:
    options = ", ".join(f"{k}={v}" for k, v in rules.options)
    return f"{rules.id} (version {rules.version}" + (f", {options})" if options else ")")


def as_text(a: Rules, b: Rules, found: list[Difference]) -> str:
    head = f"{label(a)} -> {label(b)}: "
    if not found:
        return head + "the rules are the same\n"
    lines = [head + f"{len(found)} rule(s) differ", ""]
    for difference in found:
        lines.append(f"{difference.key} ({difference.section}: {difference.title})")
        lines.append(f"  - {difference.before}" if difference.before is not None else "  - (no such rule)")
        lines.append(f"  + {difference.after}" if difference.after is not None else "  + (no such rule)")
        lines.append("")
    return "\n".join(lines)


def as_json(a: Rules, b: Rules, found: list[Difference]) -> dict[str, Any]:
    return {
        "a": a.identity(),
        "b": b.identity(),
        "differences": [
            {"rule": d.key, "section": d.section, "title": d.title, "a": d.before, "b": d.after} for d in found
        ],
    }

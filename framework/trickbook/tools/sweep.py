"""Sweeps: one ruleset with one key set to each of several values, compared without a file per value.

`match.wins=total(side) >= {31,41,51,61}` sets `match.wins` to four expressions; `bidding.bids.min={7,8}` sets
a number (each value is read as YAML, so `7` is a number and `on` a word). Every variant goes through the schema
and the expression checks like a file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from ..errors import UsageError
from ..ruleset.loader import open_document, open_ruleset
from .parallel import RulesetChoice

_BRACES = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True, slots=True)
class Sweep:
    """A key path, a value template with one `{a,b,...}` list, and the values it takes."""

    path: tuple[str, ...]
    template: str
    values: tuple[str, ...]

    def text(self, value: str) -> str:
        return _BRACES.sub(value, self.template, count=1)

    def label(self, value: str) -> str:
        return f"{'.'.join(self.path)}={self.text(value)}"


def parse_sweep(text: str) -> Sweep:
    """`KEY.PATH=TEMPLATE` where the template holds one `{a,b,...}` list of at least two values."""
    path, equals, template = text.partition("=")
    found = _BRACES.findall(template)
    if not equals or not path.strip() or len(found) != 1:
        raise UsageError(
            f"--sweep takes KEY.PATH=VALUE with one {{a,b,...}} list, as in 'match.wins=total(side) >= {{31,41}}'; "
            f"found {text[:80]!r}"
        )
    values = tuple(v.strip() for v in found[0].split(","))
    if len(values) < 2 or not all(values):
        raise UsageError(f"--sweep needs at least two values between the braces, found {{{found[0]}}}")
    keys = tuple(k.strip() for k in path.split("."))
    if not all(keys):
        raise UsageError(f"--sweep: {path!r} is not a key path such as match.wins")
    return Sweep(keys, template.strip(), values)


def sweep_choices(reference: str, options: Mapping[str, str], version: int | None, sweep: Sweep) -> list[RulesetChoice]:
    """One choice per value: the ruleset at its version and options with the swept key set, checked like a file."""
    base = open_ruleset(reference).fixed(options=options, version=version)
    choices = []
    for value in sweep.values:
        data = json.loads(json.dumps(base))
        _set(data, sweep.path, _typed(sweep.text(value)), sweep)
        open_document(data, f"{reference} with {sweep.label(value)}").resolve()
        choices.append(RulesetChoice(reference, None, (), json.dumps(data), sweep.label(value)))
    return choices


def _typed(text: str) -> Any:
    """A value as YAML reads it (`7` a number, `true` a truth value), or the text itself when YAML cannot."""
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError:
        return text
    return value if isinstance(value, int | float | bool | str) else text


def _set(data: dict[str, Any], path: tuple[str, ...], value: Any, sweep: Sweep) -> None:
    here: Any = data
    for depth, key in enumerate(path[:-1]):
        if not isinstance(here, dict):
            raise UsageError(f"--sweep: {'.'.join(path[:depth])} is not a mapping, so it has no key {key!r}")
        here = here.setdefault(key, {})
    if not isinstance(here, dict):
        raise UsageError(f"--sweep: {'.'.join(path[:-1])} is not a mapping, so it has no key {path[-1]!r}")
    here[path[-1]] = value

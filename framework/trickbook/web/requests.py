"""The shapes of what pages send, checked in one place: JSON within a nesting depth, a ruleset named with its
options and rules version, and the players a server agrees to run."""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import Malformed, OptionError, Said, UsageError, said
from ..players import PlayerSpec, parse_player_specs

MAX_DEPTH = 16
"""Deepest nesting of arrays and objects in a request or message (the deepest the pages send is 3)."""
BOT_KINDS = ("random", "heuristic", "mcts")
_HALF = re.compile("[\ud800-\udfff]")
"""Half of a character: a lone surrogate, which a JSON `\\u` escape can write but UTF-8 cannot encode."""


def json_value(text: str | bytes, what: str, example: str) -> Any:
    """`text` as JSON, refused in words when it is not JSON, nests deeper than MAX_DEPTH or escapes half of a
    character (a lone surrogate such as `\\ud800`, which no later step could encode)."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise _too_deep(what) from None
    except ValueError:
        refused = said("{what} is not JSON; it is JSON such as {example}", what=Said(what), example=example)
        raise Malformed(refused) from None
    deepest, half = _shape(value)
    if deepest > MAX_DEPTH:
        raise _too_deep(what)
    if half is not None:
        found = half.encode("unicode_escape").decode()
        refused = said(
            "{what} escapes half of a character ({found}); send whole characters", what=Said(what), found=found
        )
        raise Malformed(refused)
    return value


def _too_deep(what: str) -> Malformed:
    return Malformed(said("{what} nests arrays and objects more than {depth} deep", what=Said(what), depth=MAX_DEPTH))


def _shape(value: Any) -> tuple[int, str | None]:
    """How deeply arrays and objects nest in a parsed JSON value, and a half of a character its text or keys
    hold (None for none), found in one walk without recursion."""
    deepest = 0
    half: str | None = None
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, str):
            found = _HALF.search(item)
            half = half or (found.group() if found else None)
        elif isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
                if isinstance(item, dict):
                    stack.extend((key, level) for key in item)
    return deepest, half


def ruleset_choice(body: Any) -> tuple[str, dict[str, str], int | None]:
    """`{"ruleset": id, "options": {name: value}, "version": n}` as the ruleset, its options and its version."""
    if not isinstance(body, dict) or not isinstance(body.get("ruleset"), str):
        raise UsageError("a ruleset is named as an object with a 'ruleset' id")
    options = body.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise OptionError("'options' maps option names to text values")
    version = body.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise UsageError(f"'version' is a whole number, not {version!r}")
    return body["ruleset"], options, version


def bot(spec: str) -> PlayerSpec:
    """A bot the server agrees to run, at a table or in a comparison: random, heuristic or mcts, held (as every
    player is when named) to `limits.MAX_PLAYOUTS_PER_DECISION` and `limits.MAX_THINKING_MS`, so one table's bots
    cannot starve the others. Every player the server runs is checked here and only here."""
    parsed = parse_player_specs(spec, 1)[0]
    if parsed.kind not in BOT_KINDS:
        raise UsageError(f"a bot here is one of {', '.join(BOT_KINDS)}, not {spec!r}")
    return parsed

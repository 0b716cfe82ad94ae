"""The shapes of what pages send, checked in one place: a ruleset named with its options and rules version."""

from __future__ import annotations

from typing import Any

from ..errors import OptionError, UsageError


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

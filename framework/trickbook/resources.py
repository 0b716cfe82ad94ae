"""Finds the bundled rulesets, decks and schemas, whether installed as a wheel or run from a checkout."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir() -> Path:
    """The folder holding `rulesets/` and `schemas/`: inside the wheel, or the repository root."""
    packaged = _PACKAGE / "_data"
    if (packaged / "rulesets").is_dir():
        return packaged
    return _PACKAGE.parent.parent


def rulesets_dir() -> Path:
    return data_dir() / "rulesets"


def decks_dir() -> Path:
    return rulesets_dir() / "decks"


def bundled_ruleset_ids() -> list[str]:
    """Ids of the bundled rulesets; a bundled ruleset's file is named after its id."""
    return sorted(p.stem for p in rulesets_dir().glob("*.yaml"))


def looks_like_path(reference: str) -> bool:
    """True when a ruleset or deck reference names a file rather than a bundled id."""
    return "/" in reference or "\\" in reference or reference.endswith((".yaml", ".yml"))


@cache
def schema(name: str) -> dict[str, Any]:
    """One of the JSON Schemas in `schemas/`, parsed once."""
    with open(data_dir() / "schemas" / f"{name}.schema.json", encoding="utf-8") as handle:
        loaded: dict[str, Any] = json.load(handle)
    return loaded


def grammar_text() -> str:
    """The Lark grammar of the expression language."""
    return (_PACKAGE / "expr" / "grammar.lark").read_text(encoding="utf-8")

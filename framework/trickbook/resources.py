"""Finds the bundled rulesets, decks and schemas, whether installed as a wheel or run from a checkout."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from .errors import RulesetError

_PACKAGE = Path(__file__).resolve().parent

_FILES_ALLOWED: ContextVar[bool] = ContextVar("trickbook_files_allowed", default=True)
_SAVED: ContextVar[Mapping[str, str] | None] = ContextVar("trickbook_saved_rulesets", default=None)


@contextmanager
def bundled_only() -> Iterator[None]:
    """Within this block, rulesets load only what is bundled: an `extends:` or `deck:` that names a file is
    refused. For apps that load rulesets strangers send, so no path reaches the file system."""
    token = _FILES_ALLOWED.set(False)
    try:
        yield
    finally:
        _FILES_ALLOWED.reset(token)


@contextmanager
def saved_rulesets(texts: Mapping[str, str]) -> Iterator[None]:
    """Within this block, a ruleset named by id is looked for first among `texts` (id -> YAML, the rulesets
    an app keeps in its own storage), then among the bundled ones; as in `bundled_only`, no file is read."""
    files = _FILES_ALLOWED.set(False)
    saved = _SAVED.set(texts)
    try:
        yield
    finally:
        _SAVED.reset(saved)
        _FILES_ALLOWED.reset(files)


def saved_text(name: str) -> str | None:
    """The YAML of a saved ruleset of that id, inside `saved_rulesets`; None elsewhere or when there is none."""
    saved = _SAVED.get()
    return saved.get(name) if saved is not None else None


def check_files_allowed(reference: str, key: str) -> None:
    """Refuses a file reference inside `bundled_only()`."""
    if not _FILES_ALLOWED.get():
        shown = reference if len(reference) <= 60 else reference[:60] + "…"
        raise RulesetError(
            f"a file is named ({shown!r}), but only bundled rulesets and decks may be used here",
            path=key,
            expected="a bundled deck such as 'standard-52'" if key == "deck" else "the id of a bundled ruleset",
        )


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

"""Deck files: suits and ranks read from YAML, checked, and built into a `Deck` (see `trickbook.cards`).

`Card`, `CardMask`, `SuitIndex`, `Suit`, `Rank` and `Deck` are imported here from `trickbook.cards` for code
written against earlier releases, for one release more.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .. import resources
from ..cards import Card as Card
from ..cards import CardMask as CardMask
from ..cards import Deck as Deck
from ..cards import Extra
from ..cards import Rank as Rank
from ..cards import Suit as Suit
from ..cards import SuitIndex as SuitIndex
from ..errors import Location, RulesetError
from . import schema
from .yamlsource import Document, read_yaml

DECK_FORMAT = "trickbook-deck/1"

MOST_CARDS_IN_A_SUIT = 16
"""A suit's cards, copies counted: the engine keeps a table for every set of one suit's cards."""


def _read_deck(path: Path, display: str) -> Document:
    """A deck file, schema-checked; a file that is not a mapping of keys is refused without quoting it (it may
    be any file on the machine, and its text could be a secret)."""
    document = read_yaml(path, display)
    data = document.data
    if not isinstance(data, dict) or data.get("format") != DECK_FORMAT:
        raise RulesetError(
            "this file is not a deck",
            where=Location(display, 1, 1),
            expected=f"a YAML mapping of deck keys starting with `format: {DECK_FORMAT}`",
            found=_kind_of(data),
        )
    schema.check(document.data, "deck", marks=document.marks, file=document.file, error=RulesetError)
    return document


def _kind_of(data: Any) -> str:
    """What a file that is not a deck holds, in words that quote none of it."""
    if isinstance(data, dict):
        return "another format" if "format" in data else "no format key"
    if isinstance(data, str):
        return "text"
    return "a list" if isinstance(data, list) else "an empty file or a single value"


def ruleset_deck(document: Document) -> Deck:
    """The deck a ruleset's `deck` key names, a path read beside the file that writes it; an error found in no
    deck file (no such deck, no file allowed) is placed at that key."""
    mark = document.marks.get(("deck",))
    try:
        return load_deck(document.data["deck"], Path(mark.file).parent if mark else None)
    except RulesetError as exc:
        if exc.where is not None:  # in the deck file itself, at its own line
            raise
        raise RulesetError(
            exc.problem, where=document.locate(("deck",)), path="deck", expected=exc.expected, found=exc.found
        ) from None


def load_deck(reference: str | Mapping[str, Any], relative_to: Path | None = None, where: str = "deck") -> Deck:
    """Loads a deck by bundled id (`standard-52`), by path (relative to the ruleset that names it), or from the
    deck's data written inline (as records carry it); `where` names an inline deck in errors."""
    if not isinstance(reference, str):
        schema.check(dict(reference), "deck", marks={}, file=where, error=RulesetError)
        return _build(Document(dict(reference), {}, where, {}), dict(reference))
    if resources.looks_like_path(reference):
        resources.check_files_allowed(reference, "deck")
        path = (relative_to / reference) if relative_to else Path(reference)
        try:
            resolved = path.resolve()
        except OSError as exc:
            raise RulesetError(f"cannot read the deck file: {exc.strerror or exc}", found=repr(reference)) from None
        return _load_deck_file(resolved, str(path))
    path = resources.decks_dir() / f"{reference}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in resources.decks_dir().glob("*.yaml"))
        raise RulesetError(
            f"there is no bundled deck {reference!r}",
            expected="one of " + ", ".join(repr(k) for k in known) + " or a path to a deck file",
            found=repr(reference),
        )
    return _load_bundled_deck(path, f"decks/{reference}.yaml")


@cache
def _load_bundled_deck(path: Path, display: str) -> Deck:
    document = _read_deck(path, display)
    return _build(document, None)


@cache
def _load_deck_file(path: Path, display: str) -> Deck:
    document = _read_deck(path, display)
    return _build(document, document.data)


def _build(document: Document, data_to_carry: Mapping[str, Any] | None) -> Deck:
    data = document.data
    suits = tuple(Suit(s["code"], s["name"], s["symbol"], s["colour"]) for s in data["suits"])
    ranks = tuple(
        sorted(
            (
                Rank(r["code"], r["name"], r["order"], tuple(a.upper() for a in r.get("aliases", ())))
                for r in data["ranks"]
            ),
            key=lambda r: r.order,
        )
    )
    for kind, codes in (("suit", [s.code for s in suits]), ("rank", [r.code for r in ranks])):
        repeated = sorted({c for c in codes if codes.count(c) > 1})
        if repeated:
            raise RulesetError(f"the {kind} code {repeated[0]!r} is used twice", where=document.locate((f"{kind}s",)))
    orders = [r.order for r in ranks]
    if len(set(orders)) != len(orders):
        raise RulesetError(
            "two ranks have the same order", where=document.locate(("ranks",)), hint="give every rank its own strength"
        )
    # The file lists extra cards highest first, as people rank them; the deck indexes them weakest first.
    extras = tuple(Extra(e["code"], e["name"], e["symbol"], e["colour"]) for e in reversed(data.get("extras", ())))
    _refuse_ambiguity(document, suits, ranks)
    _refuse_extra_clashes(document, suits, ranks, extras)
    copies = int(data.get("copies", 1))
    if len(ranks) * copies > MOST_CARDS_IN_A_SUIT:
        raise RulesetError(
            f"a suit would hold {len(ranks) * copies} cards ({len(ranks)} ranks, {copies} copies of each)",
            where=document.locate(("copies",) if "copies" in data else ("ranks",)),
            expected=f"at most {MOST_CARDS_IN_A_SUIT} cards in a suit, counting copies",
        )
    held = tuple(rank for rank in ranks for _ in range(copies))
    return Deck(data["id"], data["title"], suits, held, data_to_carry, extras, _translations(data), copies)


def _translations(data: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """The deck's `translations`: by language, its title and its names by the English word."""
    return {
        language: {data["title"]: said["title"], **{str(k): str(v) for k, v in said.get("words", {}).items()}}
        for language, said in data.get("translations", {}).items()
    }


def _refuse_ambiguity(document: Document, suits: tuple[Suit, ...], ranks: tuple[Rank, ...]) -> None:
    """Every way of writing a suit or a rank names only that one: a shared symbol or alias would make a typed
    move mean another card (one suit drawn with another's code, a rank's alias that is another rank's code)."""
    for kind, spellings in (
        ("suit", [(s.code, s.code.upper()) for s in suits] + [(s.code, s.symbol.upper()) for s in suits]),
        ("rank", [(r.code, r.code.upper()) for r in ranks] + [(r.code, a) for r in ranks for a in r.aliases]),
    ):
        owner: dict[str, str] = {}
        for code, text in spellings:
            if owner.setdefault(text, code) != code:
                raise RulesetError(
                    f"{text!r} would name two {kind}s, {owner[text]!r} and {code!r}",
                    where=document.locate((f"{kind}s",)),
                    path=f"{kind}s",
                    hint=f"give every {kind} its own code, symbol and aliases",
                )


def _refuse_extra_clashes(
    document: Document, suits: tuple[Suit, ...], ranks: tuple[Rank, ...], extras: tuple[Extra, ...]
) -> None:
    """An extra card's code and symbol name only it: not a suit, a rank, a suited card or another extra card, as
    moves, records and expressions read them all from the same text."""
    taken = {text.upper(): f"the suit {s.code!r}" for s in suits for text in (s.code, s.symbol)}
    taken |= {text.upper(): f"the rank {r.code!r}" for r in ranks for text in (r.code, *r.aliases)}
    taken |= {
        (text + spelling).upper(): f"the card {r.code + s.code!r}"
        for s in suits
        for r in ranks
        for text in (r.code, *r.aliases)
        for spelling in (s.code, s.symbol)
    }
    for index, extra in enumerate(reversed(extras)):
        spellings = dict.fromkeys((extra.code.upper(), extra.symbol.upper()))
        for text in spellings:
            if text in taken:
                raise RulesetError(
                    f"the extra card {extra.code!r} is written {text!r}, which already names {taken[text]}",
                    where=document.locate(("extras", index)),
                    path=f"extras[{index}]",
                    hint="give every extra card a code and symbol of its own",
                )
        taken |= dict.fromkeys(spellings, f"the extra card {extra.code!r}")

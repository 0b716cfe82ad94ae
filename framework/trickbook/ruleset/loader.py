"""The one load pipeline: YAML -> extends -> schema -> rules version and table options -> checks -> `Rules`.

`open_ruleset` reads a file and everything it extends and checks the result
against the schema; `RulesetSource.resolve` then applies a rules version and
table options (both JSON Merge Patches) and hands the result to `builder`, which
checks the meaning of every key and compiles every expression. Below these two
modules nobody sees a raw dict.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import itertools
import json
import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from .. import limits, resources
from ..errors import Location, OptionError, RulesetError
from ..text import is_ascii_number
from . import formats, schema
from .builder import build_rules, inherited_hint
from .deck import ruleset_deck
from .patch import apply_patch
from .rules import Rules
from .yamlsource import Document, KeyPath, check_plain_text, format_path, parse_yaml, read_yaml

FORMAT = formats.CURRENT
_PROTECTED = ("format", "id", "extends", "options", "versions")


def load_ruleset(
    reference: str | Path, *, options: Mapping[str, str] | None = None, version: int | None = None
) -> Rules:
    """Loads a ruleset by bundled id or path, at a rules version (default: newest) with table options."""
    return open_ruleset(reference).resolve(options=options, version=version)


@dataclass(frozen=True, slots=True)
class RulesetSource:
    """A ruleset file with everything it extends merged in and schema-checked, before options are chosen."""

    document: Document
    chain: tuple[str, ...]
    bundled: bool = False
    """True for a bundled ruleset, which every installation has: records name it instead of carrying it."""
    changes: tuple[str, ...] = ()
    """The rules a variant's own file sets (`match.wins`...), for the rule book; empty when it extends nothing."""
    written_in: str = formats.CURRENT
    """The format the named file says it is written in (records carry it); `document` is in the current one."""

    @property
    def id(self) -> str:
        return str(self.document.data["id"])

    @property
    def versions(self) -> tuple[int, ...]:
        return tuple(v["version"] for v in self.document.data.get("versions", [{"version": 1}]))

    @property
    def option_defaults(self) -> dict[str, str]:
        return {name: spec["default"] for name, spec in self.document.data.get("options", {}).items()}

    def choose(self, options: Mapping[str, str] | None, version: int | None) -> tuple[int, tuple[tuple[str, str], ...]]:
        """Checks a version and option values against what the ruleset declares; fills in defaults."""
        declared = self.document.data.get("options", {})
        if version is None:
            version = self.versions[-1]
        elif version not in self.versions:
            raise OptionError(
                f"the ruleset {self.id!r} has no rules version {version}; "
                f"its versions are {', '.join(str(v) for v in self.versions)}"
            )
        chosen = dict(self.option_defaults)
        for name, value in (options or {}).items():
            if name not in declared:
                names = ", ".join(repr(n) for n in declared) or "none"
                raise OptionError(f"the ruleset {self.id!r} has no table option {name!r}; its options: {names}")
            values = declared[name]["values"]
            if value not in values:
                value = self.listed(name, value)
            chosen[name] = value
        return version, tuple((name, chosen[name]) for name in declared)

    def listed(self, name: str, value: str) -> str:
        """A value typed for an option that also takes a list of numbers (`3,5,7`), checked and written plainly."""
        spec = self.document.data["options"][name]
        named = ", ".join(repr(v) for v in spec["values"])
        numbers = spec.get("numbers")
        if numbers is None:
            raise OptionError(f"{value!r} is not a value of the option {name!r} of {self.id!r}; choose one of {named}")
        low, high, most = numbers["min"], numbers["max"], numbers.get("max_items", limits.MAX_OPTION_NUMBERS)
        expected = f"one of {named}, or up to {most} whole numbers from {low} to {high} separated by commas"
        parts = [part.strip() for part in value.split(",")]
        if not all(is_ascii_number(part) for part in parts):
            raise OptionError(f"{value!r} is not a value of the option {name!r} of {self.id!r}; expected {expected}")
        if len(parts) > most or not all(low <= int(part) <= high for part in parts):
            raise OptionError(
                f"{value!r} does not fit the option {name!r} of {self.id!r}; expected {expected}, "
                f"found {len(parts)} number{'s' if len(parts) != 1 else ''} from {min(map(int, parts))} "
                f"to {max(map(int, parts))}"
            )
        return ",".join(str(int(part)) for part in parts)

    def combination_count(self) -> int:
        """How many combinations of rules version and option values there are."""
        declared = self.document.data.get("options", {})
        return len(self.versions) * math.prod(len(_samples(spec)) for spec in declared.values())

    def combinations(self, limit: int = limits.MAX_COMBINATIONS) -> Iterator[tuple[int, dict[str, str]]]:
        """The combinations of rules version and option values `validate` checks: all of them when there are
        at most `limit`; else each option value with the others at their defaults, in every version, then a
        sample of the other combinations (the same sample every time) up to `limit`."""
        declared = self.document.data.get("options", {})
        names = list(declared)
        choices = [_samples(declared[n]) for n in names]
        if self.combination_count() <= limit:
            for version in self.versions:
                for values in itertools.product(*choices):
                    yield version, dict(zip(names, values, strict=True))
            return
        defaults = self.option_defaults
        seen: set[tuple[int, tuple[str, ...]]] = set()
        for version in self.versions:
            for index, name in enumerate(names):
                for value in choices[index]:
                    combination = tuple(value if n == name else defaults[n] for n in names)
                    if (version, combination) not in seen:
                        seen.add((version, combination))
                        yield version, dict(zip(names, combination, strict=True))
        draw = random.Random(f"trickbook-validate:{self.id}")
        for _ in range(limit * 4):
            if len(seen) >= limit:
                break
            version = draw.choice(self.versions)
            combination = tuple(draw.choice(values) for values in choices)
            if (version, combination) not in seen:
                seen.add((version, combination))
                yield version, dict(zip(names, combination, strict=True))

    def resolve(self, *, options: Mapping[str, str] | None = None, version: int | None = None) -> Rules:
        """Applies a rules version and table options, then checks and compiles the result."""
        return self.resolve_with_document(options=options, version=version)[0]

    def resolve_with_document(
        self, *, options: Mapping[str, str] | None = None, version: int | None = None
    ) -> tuple[Rules, Document]:
        """`resolve`, with the resolved document the rules were compiled from."""
        number, chosen = self.choose(options, version)
        document = self.resolved(number, chosen)
        portable = self.portable()
        return (
            build_rules(
                document,
                self.chain,
                number,
                chosen,
                (rules_digest(document, self), earlier_digest(document, self)),
                portable,
                self.changes,
                written_in=self.written_in,
            ),
            document,
        )

    def resolved(self, number: int, chosen: tuple[tuple[str, str], ...]) -> Document:
        """The document with rules version `number` and the `chosen` option values applied, schema-checked."""
        document = self.document
        for index, entry in enumerate(document.data.get("versions", [])):
            if entry["version"] > number:
                break
            if "changes" in entry:
                document = _patched(document, self.document, ("versions", index, "changes"))
        for name, value in chosen:
            if value in self.document.data["options"][name]["values"]:
                document = _patched(document, self.document, ("options", name, "values", value, "changes"))
            else:
                document = _patched(
                    document, _with_numbers(self.document, name, value), ("options", name, "numbers", "changes")
                )
        _check_schema(document)
        return document

    def fixed(self, *, options: Mapping[str, str] | None = None, version: int | None = None) -> dict[str, Any]:
        """The ruleset at one rules version with its options applied, as data that stands alone (its deck inlined
        unless bundled, no versions or options left to choose): what a sweep varies one key of."""
        number, chosen = self.choose(options, version)
        data = copy.deepcopy(self.resolved(number, chosen).data)
        for key in ("extends", "versions", "options"):
            data.pop(key, None)
        return _with_deck(self, data)

    def portable(self) -> dict[str, Any] | None:
        """The merged ruleset as a record carries it, before any version or option is applied, its deck
        inlined unless bundled; None for a bundled ruleset, which every installation has."""
        if self.bundled:
            return None
        return _with_deck(self, {key: value for key, value in self.document.data.items() if key != "extends"})


_WORDS_ONLY = frozenset(
    {
        "title",
        "description",
        "source",
        "translations",
        "examples",
        "versions",
        "options",
        "extends",
        "seat_names",
        "side_names",
    }
)
"""Keys that say things about the rules without changing them: left out of the digest."""


ORDERED: frozenset[tuple[str, ...]] = frozenset(
    {
        ("bidding", "named"),
        ("bidding", "forbid"),
        ("trump", "games"),
        ("announcements",),
        ("play", "lead_restrictions"),
        ("events",),
        ("scoring", "rules"),
        ("counters",),
    }
)
"""The mappings whose written order is part of their meaning (the order rules run in, choices are offered in,
lines are scored in); every other mapping means the same in any order."""


def rules_digest(resolved: Document, source: RulesetSource) -> str:
    """Identifies the rules of one version with its options: the resolved ruleset, deck inlined, without titles,
    descriptions, examples or the list of versions, so adding a version or rewording leaves it unchanged. Keys
    are sorted except in the `ORDERED` mappings, whose order is meaning: reordering those changes the digest."""
    return _sha256(_canonical(_digested(resolved, source), ()))


def earlier_digest(resolved: Document, source: RulesetSource) -> str:
    """The digest as earlier releases computed it, every key sorted (blind to the order of scoring rules). Replay
    accepts it from an old record, whose every action and score it then checks anyway. Where every `ORDERED`
    mapping is written in sorted order it equals `rules_digest`."""
    return _sha256(_canonical(_digested(resolved, source), None))


def _digested(resolved: Document, source: RulesetSource) -> Any:
    """What a digest is taken of. The data is in the current format, so the same rules written in two formats
    have one digest; its format key says the first, as when digests were first taken, so a ruleset whose file
    moves to a later format without a rule changing keeps its digest and its older records still replay."""
    data = _with_deck(source, {key: value for key, value in resolved.data.items() if key not in _WORDS_ONLY})
    data["format"] = formats.FIRST
    return _without_descriptions(data)


def _sha256(value: Any) -> str:
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def _canonical(value: Any, path: tuple[str, ...] | None) -> Any:
    """`value` with its mappings' keys sorted, except those at an `ORDERED` path (all sorted when `path` is None)."""
    if isinstance(value, dict):
        keys = list(value) if path in ORDERED else sorted(value)
        return {key: _canonical(value[key], None if path is None else (*path, key)) for key in keys}
    if isinstance(value, list):
        return [_canonical(item, None if path is None else (*path, "[]")) for item in value]
    return value


def _with_deck(source: RulesetSource, data: dict[str, Any]) -> dict[str, Any]:
    """`data` with its deck file's contents in place of the path (bundled decks stay named)."""
    deck = data["deck"]
    if isinstance(deck, str) and resources.looks_like_path(deck):
        data["deck"] = ruleset_deck(source.document).data
    return data


def _without_descriptions(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_descriptions(v) for k, v in value.items() if k != "description"}
    if isinstance(value, list):
        return [_without_descriptions(v) for v in value]
    return value


def open_ruleset(reference: str | Path) -> RulesetSource:
    """Reads a ruleset and the rulesets it extends, and checks the merged document against the schema."""
    origin = _find(str(reference), None)
    return _opened(origin, bundled=origin.path is not None and not resources.looks_like_path(str(reference)))


def open_text(text: str, display: str) -> RulesetSource:
    """A ruleset given as YAML text (an editor's, not yet saved) with everything it extends, checked like a file;
    `display` names it in messages. Its `extends` finds saved or bundled rulesets, never a file."""
    with resources.bundled_only():
        return _opened(_Origin(None, display, text), bundled=False)


def _opened(origin: _Origin, bundled: bool) -> RulesetSource:
    document, chain, changes, written_in = _read(origin, ())
    _check_schema(document)
    _check_versions(document)
    _check_options(document)
    return RulesetSource(document, chain, bundled=bundled, changes=changes, written_in=written_in)


def open_document(data: Any, display: str) -> RulesetSource:
    """A merged ruleset given as data (as a record carries it): checked like a file, nothing read from disk."""
    if not isinstance(data, dict) or data.get("format") not in formats.KNOWN:
        raise RulesetError("this is not a trickbook ruleset of a known format", where=Location(display, 1, 1))
    if "extends" in data or not isinstance(data.get("deck"), dict | str):
        raise RulesetError(
            "a carried ruleset is merged already and names a bundled deck or carries its own",
            where=Location(display, 1, 1),
        )
    if isinstance(data["deck"], str) and resources.looks_like_path(data["deck"]):
        raise RulesetError("a carried ruleset may not name a deck file", where=Location(display, 1, 1), path="deck")
    check_plain_text(data, display)
    written_in = data["format"]
    document = _in_current_format(Document(data, {}, display, {}))
    data = document.data
    schema.check(data, "ruleset", marks={}, file=display, error=RulesetError)
    _check_versions(document)
    _check_options(document)
    return RulesetSource(document, (), written_in=written_in)


def _in_current_format(document: Document) -> Document:
    """An older format's file as the current format's data. A format 1 file that declares no table keeps the
    reading under which it loads: no sides (as since 1 December 2026), else the first release's two sides."""
    if document.data.get("format") == formats.CURRENT:
        return document
    today = formats.in_current_format(document, first_table=False)
    if not formats.table_unsaid(document.data):
        return today
    try:
        _loads_alone(today)
    except RulesetError as refused:
        first = formats.in_current_format(document, first_table=True)
        try:
            _loads_alone(first)
        except RulesetError as also:
            raise _refused_both_ways(refused, also) from None
        return first
    return today


def _refused_both_ways(today: RulesetError, first: RulesetError) -> RulesetError:
    """Today's refusal of a format 1 file without a table, saying why the first release's table does not help
    (unless the first release's reading is refused for the very same reason)."""
    if first.render() == today.render():
        return today
    head = ": ".join(part for part in (str(first.where) if first.where else "", first.path, first.problem) if part)
    also = (
        "this file says format 1 and declares neither `seats` nor `sides`; read with the table format 1 gave "
        f"such a file until 1 December 2026 (four players, partners opposite) it is refused too, at {head}"
    )
    today.hint = f"{today.hint}; {also}" if today.hint else also
    today.args = (today.render(),)
    return today


def _loads_alone(document: Document) -> None:
    """Checks a ruleset that extends nothing as loading does, at its newest version with default options."""
    _check_schema(document)
    _check_versions(document)
    _check_options(document)
    RulesetSource(document, ()).resolve()


def _check_schema(document: Document) -> None:
    """The schema check of a merged document; an error at a key the file inherits says how to change it there."""
    try:
        schema.check(document.data, "ruleset", marks=document.marks, file=document.file, error=RulesetError)
    except RulesetError as exc:
        if exc.where is not None and exc.where.file != document.file and exc.hint is None:
            exc.hint = inherited_hint(exc.path, exc.where.file, document.file)
            exc.args = (exc.render(),)
        raise


class _Origin(NamedTuple):
    """Where a ruleset's YAML comes from: a file, or text an app keeps (then `path` is None)."""

    path: Path | None
    display: str
    text: str | None = None

    @property
    def key(self) -> str:
        """Identifies the ruleset for loop detection."""
        return str(self.path.resolve()) if self.path is not None else f"saved:{self.display}"

    def read(self) -> Document:
        return (
            read_yaml(self.path, self.display) if self.path is not None else parse_yaml(self.text or "", self.display)
        )


def _find(reference: str, relative_to: Path | None) -> _Origin:
    saved = None if resources.looks_like_path(reference) else resources.saved_text(reference)
    if saved is not None:
        return _Origin(None, f"saved/{reference}.yaml", saved)
    if resources.looks_like_path(reference):
        resources.check_files_allowed(reference, "extends" if relative_to is not None else "ruleset")
        path = Path(reference)
        if relative_to is not None and not path.is_absolute():
            path = relative_to / path
        shown = reference if len(reference) <= 200 else reference[:200] + "…"
        try:
            found = path.is_file()
        except OSError as exc:
            raise RulesetError(f"cannot read the ruleset file {shown!r}: {exc.strerror or exc}") from None
        if not found:
            raise RulesetError(f"there is no ruleset file {shown!r}", where=Location(str(path)[:200], 1, 1))
        return _Origin(path, str(path))
    path = resources.rulesets_dir() / f"{reference}.yaml"
    if not path.is_file():
        known = ", ".join(repr(i) for i in resources.bundled_ruleset_ids())
        raise RulesetError(
            f"there is no bundled ruleset {reference!r}",
            expected=f"one of {known}, or a path to a .yaml file",
            found=repr(reference),
        )
    return _Origin(path, f"rulesets/{reference}.yaml")


def _read(origin: _Origin, seen: tuple[str, ...]) -> tuple[Document, tuple[str, ...], tuple[str, ...], str]:
    """Reads one file; if it extends another, reads that first and merges this one over it.

    Returns the merged document in the current format, the ids it extends (nearest first), the rules this file
    itself sets (none when it extends nothing) and the format the file is written in. A variant that says
    nothing of itself does not inherit its parent's description or source: those describe the parent.
    """
    document = origin.read()
    data = document.data
    if not isinstance(data, dict):
        raise RulesetError("a ruleset must be a mapping of keys", where=document.locate(()), found=type(data).__name__)
    if data.get("format") not in formats.KNOWN:
        raise RulesetError(
            "this is not a trickbook ruleset of a known format",
            where=document.locate(("format",)),
            path="format",
            expected=" or ".join(repr(known) for known in formats.KNOWN),
            found=repr(data.get("format")) if "format" in data else "no format key",
            hint="a later format is read by a later trickbook"
            if str(data.get("format")).startswith("trickbook-ruleset/")
            else None,
        )
    written_in = data["format"]
    document = _in_current_format(document)
    parent_ref = data.get("extends")
    if parent_ref is None:
        return document, (), (), written_in
    if not isinstance(parent_ref, str):
        raise RulesetError(
            "`extends` names a ruleset", where=document.locate(("extends",)), path="extends", expected="text"
        )
    resolved = origin.key
    if resolved in seen or len(seen) >= limits.MAX_EXTENDS_DEPTH:
        raise RulesetError(
            "these rulesets extend each other in a loop" if resolved in seen else "too many levels of `extends`",
            where=document.locate(("extends",)),
            path="extends",
            expected=f"at most {limits.MAX_EXTENDS_DEPTH} levels of `extends` "
            f"(a chain of {limits.MAX_EXTENDS_DEPTH + 1} rulesets), without loops",
        )
    try:
        parent = _find(parent_ref, origin.path.parent if origin.path is not None else None)
    except RulesetError as exc:
        raise RulesetError(
            exc.problem,
            where=document.locate(("extends",)),
            path="extends",
            expected=exc.expected,
            found=exc.found,
            hint=exc.hint,
        ) from None
    if parent.key in (*seen, resolved):
        raise RulesetError(
            "these rulesets extend each other in a loop", where=document.locate(("extends",)), path="extends"
        )
    inherited, chain, _, _ = _read(parent, (*seen, resolved))
    about_parent = {
        key: value for key, value in inherited.data.items() if key not in ("description", "source", "translations")
    }
    words = _inherited_words(inherited.data.get("translations"), data.get("translations"))
    if words:
        about_parent["translations"] = words
    merged = apply_patch(dataclasses.replace(inherited, data=about_parent), document)
    own = tuple(_leaf_paths({k: v for k, v in data.items() if k not in _NOT_RULES}, ()))
    return dataclasses.replace(merged, file=document.file), (str(inherited.data.get("id")), *chain), own, written_in


def _inherited_words(parent: object, own: object) -> dict[str, Any]:
    """The parent's `words` and `texts` in each language the variant translates itself into: a variant names its
    own title and description, and changes or adds only the terms and sentences it needs."""
    if not isinstance(parent, dict) or not isinstance(own, dict):
        return {}
    return {
        language: {key: dict(words[key]) for key in ("words", "texts") if isinstance(words.get(key), dict)}
        for language, words in parent.items()
        if language in own and isinstance(words, dict) and isinstance(words.get("words"), dict)
    }


_NOT_RULES = frozenset({"format", "id", "title", "description", "source", "translations", "extends", "examples"})
"""Top-level keys of a ruleset that name or describe it rather than state a rule."""


def _leaf_paths(data: dict[str, Any], prefix: KeyPath) -> Iterator[str]:
    """The key paths of the values a file sets, as `match.wins`."""
    return (format_path(path) for path in leaf_keys(data, prefix))


def leaf_keys(data: dict[str, Any], prefix: KeyPath = ()) -> Iterator[KeyPath]:
    """The key paths of the values a mapping of rules sets (a file, or an option value's `changes`), each down to
    a value that is not a mapping."""
    for key, value in data.items():
        if isinstance(value, dict) and value:
            yield from leaf_keys(value, (*prefix, key))
        else:
            yield (*prefix, key)


def _patched(document: Document, source: Document, at: KeyPath) -> Document:
    changes = source.data
    for key in at:
        changes = changes[key]
    for key in _PROTECTED:
        if key in changes:
            raise RulesetError(
                f"a version or option cannot change {key!r}",
                where=source.locate((*at, key)),
                path=format_path((*at, key)),
            )
    return apply_patch(document, source, at)


def _samples(spec: Mapping[str, Any]) -> list[str]:
    """The values of an option that `validate` tries: each named one, and a one-number list if it takes lists."""
    named = list(spec["values"])
    return [*named, str(spec["numbers"]["min"])] if "numbers" in spec else named


def _with_numbers(source: Document, name: str, value: str) -> Document:
    """`source` with `{numbers}` and `{count}` in the option's list changes replaced by the chosen list."""
    numbers = value.split(",")

    def fill(item: Any) -> Any:
        if isinstance(item, str):
            return item.replace("{numbers}", ", ".join(numbers)).replace("{count}", str(len(numbers)))
        if isinstance(item, dict):
            return {key: fill(inner) for key, inner in item.items()}
        if isinstance(item, list):
            return [fill(inner) for inner in item]
        return item

    data = copy.deepcopy(source.data)
    spec = data["options"][name]["numbers"]
    spec["changes"] = fill(spec["changes"])
    return dataclasses.replace(source, data=data)


def _check_versions(document: Document) -> None:
    numbers = [v["version"] for v in document.data.get("versions", [])]
    for index in range(1, len(numbers)):
        if numbers[index] <= numbers[index - 1]:
            raise RulesetError(
                "versions must be listed in increasing order, each once",
                where=document.locate(("versions", index, "version")),
                path=format_path(("versions", index, "version")),
                found=f"{numbers[index]} after {numbers[index - 1]}",
            )


def _check_options(document: Document) -> None:
    for name, spec in document.data.get("options", {}).items():
        if spec["default"] not in spec["values"]:
            raise RulesetError(
                f"the default of option {name!r} is not one of its values",
                where=document.locate(("options", name, "default")),
                path=format_path(("options", name, "default")),
                expected="one of " + ", ".join(repr(v) for v in spec["values"]),
                found=repr(spec["default"]),
            )

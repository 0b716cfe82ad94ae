"""The errors trickbook raises on purpose; each one reads as a single located paragraph."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeAlias

from .text import visible


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a text file, 1-based, as editors count lines and columns."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Mark:
    """Where a value starts in its file, and how a scalar was quoted (for expression carets)."""

    file: str
    line: int
    column: int
    style: str = ""

    @property
    def location(self) -> Location:
        return Location(self.file, self.line, self.column)


Value: TypeAlias = "str | int | Said | Term"
Words = Callable[[str], str]
"""Says one of the game's own terms in a language, as the ruleset translates it (`Rules.word`)."""
Say: TypeAlias = "Callable[[Said], str]"
"""Says a whole sentence in one language (`str` says it in English, as written)."""


def _unchanged(word: str) -> str:
    return word


@dataclass(frozen=True, slots=True)
class Term:
    """One of the game's own words inside a sentence, such as a suit's name: the ruleset's translations say it in
    another language, not the catalogue, so `كبي` in one game may be `قلوب` in another."""

    word: str


@dataclass(frozen=True, slots=True)
class Said:
    """A sentence for a person: a catalogue text with named places and their values (a value may be a sentence
    too). It reads in English as written, and in another language through that language's catalogue, so the
    engine words a refusal once and the terminal or the web table shows it in the person's language."""

    text: str
    values: tuple[tuple[str, Value], ...] = ()

    def __str__(self) -> str:
        return self.in_language(str)

    def in_language(self, gettext: Callable[[str], str], words: Words = _unchanged) -> str:
        """The sentence through a language's translating function (`i18n.gettext`) and the game's terms in it."""
        values = {name: spoken(v, gettext, words) for name, v in self.values}
        return gettext(self.text).format(**values) if values else gettext(self.text)

    def as_json(self) -> dict[str, Any]:
        """The sentence as JSON, for a table to keep in a seat's log and show later in any language."""
        values = {name: _value_json(v) for name, v in self.values}
        return {"text": self.text, "values": values}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Said:
        """The sentence `as_json` wrote."""
        values = {k: _value_from_json(v) for k, v in dict(data.get("values", {})).items()}
        return cls(str(data["text"]), tuple(values.items()))


def spoken(value: Value, gettext: Callable[[str], str], words: Words = _unchanged) -> str | int:
    """A sentence's value in a language: a sentence translated, a game's term as the ruleset says it."""
    if isinstance(value, Said):
        return value.in_language(gettext, words)
    if isinstance(value, Term):
        return words(value.word)
    return value


def _value_json(value: Value) -> Any:
    if isinstance(value, Said):
        return value.as_json()
    return {"term": value.word} if isinstance(value, Term) else value


def _value_from_json(data: Any) -> Value:
    if isinstance(data, dict):
        return Term(str(data["term"])) if "term" in data else Said.from_json(data)
    return data  # type: ignore[no-any-return]


def said(text: str, /, **values: Value) -> Said:
    """A catalogue text with its named values; `docs/catalogue_gen.py` finds the texts of these calls."""
    return Said(text, tuple(values.items()))


def alternatives(parts: Sequence[Value]) -> Value:
    """Choices as a sentence says them, `a, b or c`, each part translated where it is a sentence."""
    if len(parts) == 1:
        return parts[0]
    listed = parts[0]
    for part in parts[1:-1]:
        listed = said("{forms}, {form}", forms=listed, form=part)
    return said("{forms} or {form}", forms=listed, form=parts[-1])


def _(text: str) -> str:
    """Marks a fixed text for the catalogue, such as a rule's name in a refusal; it is translated where shown."""
    return text


JOINED = {"and": _("{items} and {item}"), "or": _("{items} or {item}"), ";": _("{items}; {item}")}
"""How `joined` puts each further part after the ones before it."""


def joined(parts: Sequence[Value], joiner: str = "and") -> Value:
    """Parts with `and` (or `or`, or `;`) between every two, `3♠ and 2♠ and Q♥`, translated as a whole."""
    if not parts:
        return ""
    listed = parts[0]
    for part in parts[1:]:
        listed = said(JOINED[joiner], items=listed, item=part)
    return listed


class TrickbookError(Exception):
    """Base of every error meant for a person; the command line prints it without a traceback."""

    def __str__(self) -> str:
        """The message, with the text it quotes from a ruleset or a record shown as it is (`text.visible`)."""
        return visible(super().__str__())


class InputError(TrickbookError):
    """Bad input at a known place: what was expected there and what was found.

    Each part may be a sentence (`said`), which an Arabic page or terminal says in Arabic; the attributes hold
    them in English, as `str()` and the logs give them. What was found is mostly the input's own words, kept as
    written; a sentence there is the program's (the kind of value an expression gives)."""

    def __init__(
        self,
        problem: str | Said,
        *,
        where: Location | None = None,
        path: str = "",
        expected: str | Said | None = None,
        found: str | Said | None = None,
        hint: str | Said | None = None,
        excerpt: str | None = None,
    ) -> None:
        self.sentences = {
            key: value
            for key, value in (("problem", problem), ("expected", expected), ("found", found), ("hint", hint))
            if isinstance(value, Said)
        }
        self.problem = str(problem)
        self.where = where
        self.path = path
        self.expected = None if expected is None else str(expected)
        self.found = None if found is None else str(found)
        self.hint = None if hint is None else str(hint)
        self.excerpt = excerpt
        super().__init__(self.render())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles with every detail, its sentences whole, so an error raised in a worker process arrives whole."""
        details = {k: getattr(self, k) for k in ("where", "path", "expected", "found", "hint", "excerpt")}
        details |= {k: v for k, v in self.sentences.items() if k != "problem"}
        return partial(type(self), self.sentences.get("problem", self.problem), **details), ()

    def problem_in(self, gettext: Callable[[str], str] = _unchanged) -> str:
        """The problem through a language's `gettext`: a sentence, or a fixed text the catalogue holds whole."""
        sentence = self.sentences.get("problem")
        return sentence.in_language(gettext) if sentence is not None else gettext(self.problem)

    def worded(self, key: str, gettext: Callable[[str], str] = _unchanged) -> str | None:
        """What was expected, found or the hint (`key`) through a language's `gettext` where it is a sentence,
        else as written (the input's own words)."""
        sentence = self.sentences.get(key)
        return sentence.in_language(gettext) if sentence is not None else getattr(self, key)

    def render(self, gettext: Callable[[str], str] = _unchanged) -> str:
        """Formats the error as `file:line:col: key.path: problem`, then details; through `gettext`, the frame's
        words, the sentences and a problem the catalogue holds whole are in its language (what was found, read
        from the input, stays as written)."""
        problem = self.problem_in(gettext)
        head = ": ".join(p for p in (str(self.where) if self.where else "", self.path, problem) if p)
        lines = [head]
        if self.excerpt:
            lines.append(self.excerpt)
        expected, hint = self.worded("expected", gettext), self.worded("hint", gettext)
        if expected is not None:
            lines.append("  " + gettext(_("expected {what}")).format(what=expected))
        found = self.worded("found", gettext)
        if found is not None:
            lines.append("  " + gettext(_("found {what}")).format(what=found))
        if hint:
            lines.append("  " + gettext(_("hint: {what}")).format(what=hint))
        return "\n".join(lines)


class RulesetError(InputError):
    """A ruleset or deck file that cannot be read, does not fit the schema or breaks a semantic check."""


class ExpressionError(RulesetError):
    """An expression in a ruleset that does not parse or does not type-check."""


class OptionError(TrickbookError):
    """A table option, option value or rules version that the ruleset does not declare."""


class RecordError(InputError):
    """A match record that is malformed or disagrees with what the engine computes."""


class UsageError(TrickbookError):
    """A command-line argument that cannot be used."""


class Refusal(TrickbookError):
    """A person's move or call refused; `said` is its sentence, which the person's table shows in their language
    while `str()` stays English for the API and the logs."""

    def __init__(self, message: str | Said) -> None:
        self.said = message if isinstance(message, Said) else Said(message)
        super().__init__(str(self.said))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles with its sentence, so an error raised in a worker process arrives whole."""
        return type(self), (self.said,)


class Malformed(Refusal, UsageError):
    """A request or message a page sent that does not have the form the server reads (not JSON, an unknown type, a
    wrong field), worded for translation so the page's person reads it in the page's language."""


class ActionError(Refusal):
    """An action refused by a game."""


class InvalidAction(ActionError):
    """Text or a number that names no action of this ruleset at all."""


class IllegalAction(ActionError):
    """A well-formed action that the rules forbid now; `rule` says which rule, in words."""

    def __init__(self, message: str | Said, *, rule: str) -> None:
        self.rule = rule
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles with its sentence and rule, so an error raised in a worker process arrives whole."""
        return partial(type(self), rule=self.rule), (self.said,)


class PlayerError(TrickbookError):
    """A player (a bot) that could not choose a legal action; the match it plays in cannot go on.

    `hand` and `seat` say where, when known (a message alone crosses between processes)."""

    def __init__(self, message: str, *, hand: int | None = None, seat: int | None = None) -> None:
        super().__init__(message)
        self.hand = hand
        self.seat = seat


class RulesRuntimeError(TrickbookError):
    """An expression that failed while a hand was scored, such as a division by zero."""

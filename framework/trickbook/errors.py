"""The errors trickbook raises on purpose; each one reads as a single located paragraph."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

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


class TrickbookError(Exception):
    """Base of every error meant for a person; the command line prints it without a traceback."""

    def __str__(self) -> str:
        """The message, with the text it quotes from a ruleset or a record shown as it is (`text.visible`)."""
        return visible(super().__str__())


class InputError(TrickbookError):
    """Bad input at a known place: what was expected there and what was found."""

    def __init__(
        self,
        problem: str,
        *,
        where: Location | None = None,
        path: str = "",
        expected: str | None = None,
        found: str | None = None,
        hint: str | None = None,
        excerpt: str | None = None,
    ) -> None:
        self.problem = problem
        self.where = where
        self.path = path
        self.expected = expected
        self.found = found
        self.hint = hint
        self.excerpt = excerpt
        super().__init__(self.render())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles with every detail, so an error raised in a worker process arrives whole."""
        details = {k: getattr(self, k) for k in ("where", "path", "expected", "found", "hint", "excerpt")}
        return partial(type(self), self.problem, **details), ()

    def render(self) -> str:
        """Formats the error as `file:line:col: key.path: problem`, then details."""
        head = ": ".join(p for p in (str(self.where) if self.where else "", self.path, self.problem) if p)
        lines = [head]
        if self.excerpt:
            lines.append(self.excerpt)
        if self.expected is not None:
            lines.append(f"  expected {self.expected}")
        if self.found is not None:
            lines.append(f"  found {self.found}")
        if self.hint:
            lines.append(f"  hint: {self.hint}")
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


class ActionError(TrickbookError):
    """An action refused by a game."""


class InvalidAction(ActionError):
    """Text or a number that names no action of this ruleset at all."""


class IllegalAction(ActionError):
    """A well-formed action that the rules forbid now; `rule` says which rule, in words."""

    def __init__(self, message: str, *, rule: str) -> None:
        self.rule = rule
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles with its rule, so an error raised in a worker process arrives whole."""
        return partial(type(self), rule=self.rule), (str(self),)


class PlayerError(TrickbookError):
    """A player (a bot) that could not choose a legal action; the match it plays in cannot go on.

    `hand` and `seat` say where, when known (a message alone crosses between processes)."""

    def __init__(self, message: str, *, hand: int | None = None, seat: int | None = None) -> None:
        super().__init__(message)
        self.hand = hand
        self.seat = seat


class RulesRuntimeError(TrickbookError):
    """An expression that failed while a hand was scored, such as a division by zero."""

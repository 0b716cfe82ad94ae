"""The one table of names and functions an expression may use, with types, stages and documentation.

Nothing outside this table can be called: the compiler looks every name up
here (or among the ruleset's own definitions, counters, events and named
bids) and refuses the rest when the ruleset loads.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from . import codegen as g


class Type(Enum):
    """Value types of the expression language, named as a ruleset author would say them."""

    INT = "a number"
    BOOL = "true or false"
    SEAT = "a seat"
    SIDE = "a side"
    SUIT = "a suit"
    CARD = "a card"
    BID = "a bid"
    BID_NAME = "a named bid"

    def fits(self, wanted: Type) -> bool:
        """True when a value of this type may stand where `wanted` is expected (a bid counts as its number)."""
        return self is wanted or (self is Type.BID and wanted is Type.INT)


class Stage(Enum):
    """When an expression is evaluated, which decides what it may read."""

    BIDDING = "after the bidding (bidding.cancel_if)"
    HAND = "after the last trick (scoring and counters)"
    MATCH = "after a scored hand (match end)"


ALL_STAGES = frozenset(Stage)
HAND_STAGES = frozenset({Stage.BIDDING, Stage.HAND})
SCORING = frozenset({Stage.HAND})

Builder = Callable[..., ast.expr]
"""Builds the Python AST of a call from the ASTs of its arguments."""


@dataclass(frozen=True, slots=True)
class Builtin:
    """One overload of a built-in name: parameter types, result, where it may be used, and its meaning."""

    name: str
    params: tuple[Type, ...]
    result: Type
    doc: str
    stages: frozenset[Stage]
    build: Builder
    needs: str | None = None
    fold: Callable[..., object] | None = None
    """For pure functions: computes the result from constant arguments, so the loader can fold the call."""

    @property
    def signature(self) -> str:
        if not self.params:
            return self.name
        return f"{self.name}({', '.join(p.name.lower() for p in self.params)})"


def _fact(name: str) -> Builder:
    return lambda: g.field(name)


def _indexed(name: str) -> Builder:
    return lambda index: g.fact_item(name, index)


def _xor(value: int) -> Builder:
    return lambda a: g.binary(a, ast.BitXor(), g.const(value))


def _table() -> tuple[Builtin, ...]:
    """Every built-in, in documentation order."""
    seat, side, card, number = (Type.SEAT,), (Type.SIDE,), (Type.CARD,), (Type.INT,)
    return (
        Builtin("dealer", (), Type.SEAT, "The seat that dealt this hand.", HAND_STAGES, _fact("dealer")),
        Builtin("declarer", (), Type.SEAT, "The auction winner.", HAND_STAGES, _fact("declarer"), "auction"),
        Builtin(
            "declaring_side",
            (),
            Type.SIDE,
            "The auction winner's side.",
            HAND_STAGES,
            _fact("declaring_side"),
            "auction",
        ),
        Builtin("trump", (), Type.SUIT, "This hand's trump suit.", SCORING, _fact("trump")),
        Builtin(
            "hand_number",
            (),
            Type.INT,
            "This hand's number in the match, counting cancelled hands, from 1.",
            ALL_STAGES,
            _fact("hand_number"),
        ),
        Builtin(
            "bid",
            seat,
            Type.BID,
            "The seat's bid or declaration (its highest bid in an auction, 0 if it only passed). "
            "A named bid counts as its value; compare it with a bid name, as in `bid(seat) == <name>`, "
            "to test for that bid.",
            HAND_STAGES,
            _indexed("bids"),
        ),
        Builtin(
            "passed",
            seat,
            Type.BOOL,
            "True when the seat passed in the auction.",
            HAND_STAGES,
            _indexed("passed"),
            "auction",
        ),
        Builtin(
            "contract",
            side,
            Type.INT,
            "The side's contract: the winning bid for the declaring side of an auction (0 for the other), "
            "or the sum of the values of both partners' declarations.",
            HAND_STAGES,
            _indexed("contract"),
        ),
        Builtin("tricks", seat, Type.INT, "Tricks the seat took this hand.", SCORING, _indexed("tricks")),
        Builtin(
            "tricks",
            side,
            Type.INT,
            "Tricks both partners of the side took this hand.",
            SCORING,
            _indexed("side_tricks"),
        ),
        Builtin(
            "total",
            side,
            Type.INT,
            "The side's match total: before this hand while scoring, after it when the match end is checked.",
            ALL_STAGES,
            _indexed("totals_side"),
        ),
        Builtin(
            "total",
            seat,
            Type.INT,
            "The seat's personal match total (rulesets scored by seat).",
            ALL_STAGES,
            _indexed("totals_seat"),
            "personal",
        ),
        Builtin(
            "hand_score",
            side,
            Type.INT,
            "Points the side has from the scoring rules listed before this one, this hand.",
            SCORING,
            _indexed("hand_side"),
        ),
        Builtin(
            "hand_score",
            seat,
            Type.INT,
            "Points the seat has from the scoring rules listed before this one (rulesets scored by seat).",
            SCORING,
            _indexed("hand_seat"),
            "personal",
        ),
        Builtin(
            "taker",
            card,
            Type.SEAT,
            "The seat that won the trick holding this card.",
            SCORING,
            lambda a: g.method(g.field("taker"), "get", a, g.const(-1)),
        ),
        Builtin(
            "player",
            card,
            Type.SEAT,
            "The seat that played this card.",
            SCORING,
            lambda a: g.method(g.field("player"), "get", a, g.const(-1)),
        ),
        Builtin("partner", seat, Type.SEAT, "The seat opposite.", ALL_STAGES, _xor(2), fold=lambda a: a ^ 2),
        Builtin(
            "side_of",
            seat,
            Type.SIDE,
            "The seat's side (partnership).",
            ALL_STAGES,
            lambda a: g.binary(a, ast.BitAnd(), g.const(1)),
            fold=lambda a: a & 1,
        ),
        Builtin("opponent", side, Type.SIDE, "The other side.", ALL_STAGES, _xor(1), fold=lambda a: a ^ 1),
        Builtin(
            "abs", number, Type.INT, "The number without its sign.", ALL_STAGES, lambda a: g.call("abs", a), fold=abs
        ),
        Builtin(
            "max",
            (Type.INT, Type.INT),
            Type.INT,
            "The larger of two numbers.",
            ALL_STAGES,
            lambda a, b: g.call("max", a, b),
            fold=max,
        ),
        Builtin(
            "min",
            (Type.INT, Type.INT),
            Type.INT,
            "The smaller of two numbers.",
            ALL_STAGES,
            lambda a, b: g.call("min", a, b),
            fold=min,
        ),
    )


BUILTINS: tuple[Builtin, ...] = _table()
BUILTIN_NAMES: frozenset[str] = frozenset(b.name for b in BUILTINS)


@dataclass(frozen=True, slots=True)
class Domain:
    """Something an aggregate can range over."""

    name: str
    params: tuple[Type, ...]
    element: Type
    doc: str
    values: Builder


DOMAINS: tuple[Domain, ...] = (
    Domain("seats", (), Type.SEAT, "All four seats.", lambda: g.const((0, 1, 2, 3))),
    Domain("sides", (), Type.SIDE, "Both sides.", lambda: g.const((0, 1))),
    Domain(
        "players",
        (Type.SIDE,),
        Type.SEAT,
        "The two seats of a side.",
        lambda a: ast.Tuple([a, g.binary(a, ast.Add(), g.const(2))], ast.Load()),
    ),
)
DOMAIN_NAMES = frozenset(d.name for d in DOMAINS)


@dataclass(frozen=True, slots=True)
class Fold:
    """An aggregate function: what its body must be, what it returns, and the code that folds it."""

    name: str
    body: Type
    result: Type
    doc: str
    build: Callable[[ast.expr, str, ast.expr], ast.expr]
    """Given the body, the loop variable and the domain, the Python expression of the fold."""


FOLDS: dict[str, Fold] = {
    f.name: f
    for f in (
        Fold(
            "sum",
            Type.INT,
            Type.INT,
            "Adds the body over the domain.",
            lambda b, v, d: g.call("sum", g.generator(b, v, d)),
        ),
        Fold(
            "count",
            Type.BOOL,
            Type.INT,
            "How many elements make the body true.",
            lambda b, v, d: g.call("sum", g.generator(g.const(1), v, d, b)),
        ),
        Fold(
            "any",
            Type.BOOL,
            Type.BOOL,
            "True when the body is true for at least one element.",
            lambda b, v, d: g.call("any", g.generator(b, v, d)),
        ),
        Fold(
            "all",
            Type.BOOL,
            Type.BOOL,
            "True when the body is true for every element.",
            lambda b, v, d: g.call("all", g.generator(b, v, d)),
        ),
        Fold(
            "max",
            Type.INT,
            Type.INT,
            "The largest value of the body over the domain.",
            lambda b, v, d: g.call("max", g.generator(b, v, d), default=g.const(0)),
        ),
        Fold(
            "min",
            Type.INT,
            Type.INT,
            "The smallest value of the body over the domain.",
            lambda b, v, d: g.call("min", g.generator(b, v, d), default=g.const(0)),
        ),
    )
}

KEYWORDS = frozenset({"if", "then", "else", "and", "or", "not", "true", "false", "in", "for"})
CONTEXT_VARIABLES = {"seat": Type.SEAT, "side": Type.SIDE}
RESERVED = BUILTIN_NAMES | DOMAIN_NAMES | frozenset(FOLDS) | KEYWORDS | frozenset(CONTEXT_VARIABLES)

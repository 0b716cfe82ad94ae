"""The one table of names and functions an expression may use, with types, stages and documentation.

Nothing outside this table can be called: the compiler looks every name up
here (or among the ruleset's own definitions, counters, events and named
bids) and refuses the rest when the ruleset loads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeAlias

from ..facts import Facts
from ..seats import SIDES

Env: TypeAlias = list[Any]
Evaluator: TypeAlias = Callable[[Facts, Env], Any]


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


@dataclass(frozen=True, slots=True)
class Builtin:
    """One overload of a built-in name: parameter types, result, where it may be used, and its meaning."""

    name: str
    params: tuple[Type, ...]
    result: Type
    doc: str
    stages: frozenset[Stage]
    build: Callable[..., Evaluator]
    needs: str | None = None
    pure: bool = False

    @property
    def signature(self) -> str:
        if not self.params:
            return self.name
        return f"{self.name}({', '.join(p.name.lower() for p in self.params)})"


def _table() -> tuple[Builtin, ...]:
    """Every built-in, in documentation order."""
    return (
        Builtin("dealer", (), Type.SEAT, "The seat that dealt this hand.", HAND_STAGES, lambda: lambda f, e: f.dealer),
        Builtin(
            "declarer", (), Type.SEAT, "The auction winner.", HAND_STAGES, lambda: lambda f, e: f.declarer, "auction"
        ),
        Builtin(
            "declaring_side",
            (),
            Type.SIDE,
            "The auction winner's side.",
            HAND_STAGES,
            lambda: lambda f, e: f.declaring_side,
            "auction",
        ),
        Builtin("trump", (), Type.SUIT, "This hand's trump suit.", SCORING, lambda: lambda f, e: f.trump),
        Builtin(
            "hand_number",
            (),
            Type.INT,
            "This hand's number in the match, counting cancelled hands, from 1.",
            ALL_STAGES,
            lambda: lambda f, e: f.hand_number,
        ),
        Builtin(
            "bid",
            (Type.SEAT,),
            Type.BID,
            "The seat's bid or declaration (its highest bid in an auction, 0 if it only passed). "
            "A named bid counts as its value; compare it with a bid name, as in `bid(seat) == <name>`, to test for that bid.",
            HAND_STAGES,
            lambda a: lambda f, e: f.bids[a(f, e)],
        ),
        Builtin(
            "passed",
            (Type.SEAT,),
            Type.BOOL,
            "True when the seat passed in the auction.",
            HAND_STAGES,
            lambda a: lambda f, e: f.passed[a(f, e)],
            "auction",
        ),
        Builtin(
            "contract",
            (Type.SIDE,),
            Type.INT,
            "The side's contract: the winning bid for the declaring side of an auction (0 for the other), "
            "or the sum of the values of both partners' declarations.",
            HAND_STAGES,
            lambda a: lambda f, e: f.contract[a(f, e)],
        ),
        Builtin(
            "tricks",
            (Type.SEAT,),
            Type.INT,
            "Tricks the seat took this hand.",
            SCORING,
            lambda a: lambda f, e: f.tricks[a(f, e)],
        ),
        Builtin(
            "tricks",
            (Type.SIDE,),
            Type.INT,
            "Tricks both partners of the side took this hand.",
            SCORING,
            lambda a: lambda f, e: f.side_tricks[a(f, e)],
        ),
        Builtin(
            "total",
            (Type.SIDE,),
            Type.INT,
            "The side's match total: before this hand while scoring, after it when the match end is checked.",
            ALL_STAGES,
            lambda a: lambda f, e: f.totals_side[a(f, e)],
        ),
        Builtin(
            "total",
            (Type.SEAT,),
            Type.INT,
            "The seat's personal match total (rulesets scored by seat).",
            ALL_STAGES,
            lambda a: lambda f, e: f.totals_seat[a(f, e)],
            "personal",
        ),
        Builtin(
            "hand_score",
            (Type.SIDE,),
            Type.INT,
            "Points the side has from the scoring rules listed before this one, this hand.",
            SCORING,
            lambda a: lambda f, e: f.hand_side[a(f, e)],
        ),
        Builtin(
            "hand_score",
            (Type.SEAT,),
            Type.INT,
            "Points the seat has from the scoring rules listed before this one (rulesets scored by seat).",
            SCORING,
            lambda a: lambda f, e: f.hand_seat[a(f, e)],
            "personal",
        ),
        Builtin(
            "taker",
            (Type.CARD,),
            Type.SEAT,
            "The seat that won the trick holding this card.",
            SCORING,
            lambda a: lambda f, e: f.taker.get(a(f, e), -1),
        ),
        Builtin(
            "player",
            (Type.CARD,),
            Type.SEAT,
            "The seat that played this card.",
            SCORING,
            lambda a: lambda f, e: f.player.get(a(f, e), -1),
        ),
        Builtin(
            "partner",
            (Type.SEAT,),
            Type.SEAT,
            "The seat opposite.",
            ALL_STAGES,
            lambda a: lambda f, e: a(f, e) ^ 2,
            pure=True,
        ),
        Builtin(
            "side_of",
            (Type.SEAT,),
            Type.SIDE,
            "The seat's side (partnership).",
            ALL_STAGES,
            lambda a: lambda f, e: a(f, e) & 1,
            pure=True,
        ),
        Builtin(
            "opponent",
            (Type.SIDE,),
            Type.SIDE,
            "The other side.",
            ALL_STAGES,
            lambda a: lambda f, e: a(f, e) ^ 1,
            pure=True,
        ),
        Builtin(
            "abs",
            (Type.INT,),
            Type.INT,
            "The number without its sign.",
            ALL_STAGES,
            lambda a: lambda f, e: abs(a(f, e)),
            pure=True,
        ),
        Builtin(
            "max",
            (Type.INT, Type.INT),
            Type.INT,
            "The larger of two numbers.",
            ALL_STAGES,
            lambda a, b: lambda f, e: max(a(f, e), b(f, e)),
            pure=True,
        ),
        Builtin(
            "min",
            (Type.INT, Type.INT),
            Type.INT,
            "The smaller of two numbers.",
            ALL_STAGES,
            lambda a, b: lambda f, e: min(a(f, e), b(f, e)),
            pure=True,
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
    values: Callable[..., Evaluator]


DOMAINS: tuple[Domain, ...] = (
    Domain("seats", (), Type.SEAT, "All four seats.", lambda: lambda f, e: (0, 1, 2, 3)),
    Domain("sides", (), Type.SIDE, "Both sides.", lambda: lambda f, e: SIDES),
    Domain(
        "players",
        (Type.SIDE,),
        Type.SEAT,
        "The two seats of a side.",
        lambda a: lambda f, e: (a(f, e), a(f, e) + 2),
    ),
)
DOMAIN_NAMES = frozenset(d.name for d in DOMAINS)


@dataclass(frozen=True, slots=True)
class Fold:
    """An aggregate function: what its body must be, what it returns, and how it folds."""

    name: str
    body: Type
    result: Type
    doc: str
    fold: Callable[[list[Any]], Any]


def _max(values: list[Any]) -> Any:
    return max(values) if values else 0


def _min(values: list[Any]) -> Any:
    return min(values) if values else 0


FOLDS: dict[str, Fold] = {
    f.name: f
    for f in (
        Fold("sum", Type.INT, Type.INT, "Adds the body over the domain.", sum),
        Fold("count", Type.BOOL, Type.INT, "How many elements make the body true.", lambda v: sum(1 for x in v if x)),
        Fold("any", Type.BOOL, Type.BOOL, "True when the body is true for at least one element.", any),
        Fold("all", Type.BOOL, Type.BOOL, "True when the body is true for every element.", all),
        Fold("max", Type.INT, Type.INT, "The largest value of the body over the domain.", _max),
        Fold("min", Type.INT, Type.INT, "The smallest value of the body over the domain.", _min),
    )
}

KEYWORDS = frozenset({"if", "then", "else", "and", "or", "not", "true", "false", "in"})
CONTEXT_VARIABLES = {"seat": Type.SEAT, "side": Type.SIDE}
RESERVED = BUILTIN_NAMES | DOMAIN_NAMES | frozenset(FOLDS) | KEYWORDS | frozenset(CONTEXT_VARIABLES)

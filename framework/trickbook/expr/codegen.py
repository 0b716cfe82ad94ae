"""Turns a checked expression into a Python function by building a Python AST and compiling it.

No user text is ever parsed as Python and nothing is `eval`-ed or `exec`-ed:
the compiler assembles `ast` nodes itself from the type-checked expression
(names it invents, attribute names from the function table, integer and
string constants), and the function is made from the compiled code object
with `types.FunctionType`. The generated code sees no builtins except the few
listed in `_NAMESPACE`.
"""

from __future__ import annotations

import ast
import sys
import types
from collections.abc import Callable
from typing import Any

from ..errors import RulesRuntimeError
from .facts import Facts

FACTS = "f"
"""The generated function's first parameter: the `Facts` of the hand."""
BOUND = "x"
"""Its second parameter: the seat or side the rule is evaluated for."""


def _divide(dividend: int, divisor: int, where: str) -> int:
    if divisor == 0:
        raise RulesRuntimeError(f"division by zero in {where}")
    return dividend // divisor


def _modulo(dividend: int, divisor: int, where: str) -> int:
    if divisor == 0:
        raise RulesRuntimeError(f"division by zero in {where}")
    return dividend % divisor


def _nth(position: int, values: tuple[int, ...], where: str) -> int:
    if not 1 <= position <= len(values):
        raise RulesRuntimeError(f"position {position} is outside the {len(values)} values of {where}")
    return values[position - 1]


def _holds(mask: int, card: int) -> int:
    """1 when `card` is in `mask`; 0 otherwise, and for no card at all (such as the ace of trump without trump)."""
    return mask >> card & 1 if card >= 0 else 0


def _opponent(side: int) -> int:
    """The other side of a table of two; no side (-1) for no side, as `declaring_side` is without a declarer."""
    return 1 - side if side >= 0 else -1


def _cards(mask: int) -> tuple[int, ...]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _suit_cards(every: tuple[int, ...], per_suit: int, suit: int) -> tuple[int, ...]:
    """The cards of a suit; none for no suit (-1, as `trump` is without trump)."""
    return every[suit * per_suit : (suit + 1) * per_suit] if suit >= 0 else ()


def _suit_of(card: int, per_suit: int, suits: tuple[int, ...]) -> int:
    """The printed suit; none (-1) for no card or an extra card such as a joker, which shows no suit."""
    return card // per_suit if 0 <= card < len(suits) * per_suit else -1


def _rank_of(card: int, per_suit: int, suits: tuple[int, ...]) -> int:
    """The rank; none (-1) for no card or an extra card such as a joker, which has no rank."""
    return card % per_suit if 0 <= card < len(suits) * per_suit else -1


def _rank_order(orders: tuple[int, ...], rank: int) -> int:
    """The rank's strength; 0 for no rank (the rank of no card)."""
    return orders[rank] if rank >= 0 else 0


_NAMESPACE: dict[str, Any] = {
    "abs": abs,
    "max": max,
    "min": min,
    "sum": sum,
    "any": any,
    "all": all,
    "_divide": _divide,
    "_modulo": _modulo,
    "_holds": _holds,
    "_opponent": _opponent,
    "_cards": _cards,
    "_suit_cards": _suit_cards,
    "_suit_of": _suit_of,
    "_rank_of": _rank_of,
    "_rank_order": _rank_order,
    "_nth": _nth,
}


def load(name: str) -> ast.expr:
    return ast.Name(name, ast.Load())


def const(value: Any) -> ast.expr:
    return ast.Constant(value)


def field(name: str) -> ast.expr:
    """`f.<name>`: a fact of the hand."""
    return ast.Attribute(load(FACTS), name, ast.Load())


def card_field(name: str) -> ast.expr:
    """`f.cards.<name>`: a fact about single cards (see `CardFacts`)."""
    return ast.Attribute(field("cards"), name, ast.Load())


def item(container: ast.expr, index: ast.expr) -> ast.expr:
    return ast.Subscript(container, index, ast.Load())


def fact_item(name: str, index: ast.expr) -> ast.expr:
    """`f.<name>[index]`."""
    return item(field(name), index)


def call(function: str, *args: ast.expr, **keywords: ast.expr) -> ast.expr:
    return ast.Call(load(function), list(args), [ast.keyword(k, v) for k, v in keywords.items()])


def method(target: ast.expr, name: str, *args: ast.expr) -> ast.expr:
    return ast.Call(ast.Attribute(target, name, ast.Load()), list(args), [])


def binary(left: ast.expr, op: ast.operator, right: ast.expr) -> ast.expr:
    return ast.BinOp(left, op, right)


def compare(left: ast.expr, op: ast.cmpop, right: ast.expr) -> ast.expr:
    return ast.Compare(left, [op], [right])


def generator(body: ast.expr, variable: str, domain: ast.expr, condition: ast.expr | None = None) -> ast.expr:
    """`(body for variable in domain [if condition])`."""
    loop = ast.comprehension(ast.Name(variable, ast.Store()), domain, [condition] if condition else [], 0)
    return ast.GeneratorExp(body, [loop])


def function(body: ast.expr, filename: str) -> Callable[[Facts, Any], Any]:
    """Compiles `def expression(f, x): return <body>` and returns the function."""
    arguments = ast.arguments(
        posonlyargs=[], args=[ast.arg(FACTS), ast.arg(BOUND)], kwonlyargs=[], kw_defaults=[], defaults=[]
    )
    extra: dict[str, Any] = {"type_params": []} if sys.version_info >= (3, 12) else {}
    definition = ast.FunctionDef(
        name="expression", args=arguments, body=[ast.Return(body)], decorator_list=[], returns=None, **extra
    )
    module = ast.fix_missing_locations(ast.Module(body=[definition], type_ignores=[]))
    code = compile(module, filename, "exec")
    inner = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    namespace = {"__builtins__": {}, **_NAMESPACE}
    built: Callable[[Facts, Any], Any] = types.FunctionType(inner, namespace, "expression")
    return built

"""Per-ruleset copies of the engine's hottest methods, with what the rules settle for a whole match written in.

`apply` and `legal_actions` run for every card of every simulated hand, and on every card they read attributes
that no move can change under one ruleset: whether players must follow suit, whether a suit may be banned from
the lead, how many cards make a trick. For each ruleset the methods' own source is partially evaluated: those
reads become constants, the branches they decide are cut, and the result is compiled into a subclass of the
engine. There is one source, so the fast path cannot drift from the general one; tests play both side by side.
"""

from __future__ import annotations

import ast
import copy
import enum
import functools
import inspect
import linecache
import operator
import sys
import textwrap
from collections.abc import Callable, Mapping
from types import CodeType
from typing import Any, TypeVar, cast

from ..ruleset.rules import Rules
from .phases import pipeline

HOT = (
    "legal_actions",
    "apply",
    "_record",
    "_start_hand",
    "_advance",
    "_start_play",
    "_facts",
    "_score_hand",
    "_finish_hand",
    "_next_hand",
)
"""The methods copied per ruleset."""

_SHORT = 64
"""Tuples of numbers up to this long are written into the code as constants; longer ones become names."""

_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda item, container: item in container,
    ast.NotIn: lambda item, container: item not in container,
}

Engine = TypeVar("Engine")


def fixed(rules: Rules) -> dict[str, object]:
    """The engine's attributes that no rule changes during a match, with their values: the engine sets them
    from here when a game is made."""
    deck = rules.deck
    return {
        "_plain": rules.plain_play,
        "_follow": rules.play.follow_suit,
        "_rankless": rules.play.rankless_leads,
        "_stop": rules.play.stop_when,
        "_deck_size": deck.size,
        "_cards": deck.cards if deck.copies == 1 else deck.choices,
        "_runs": deck.runs,
        "_shifts": deck.shifts,
        "_seats": rules.seats,
        "_side_of": rules.seating.side_of,
        "_pipeline": pipeline(rules),
    }


def settled(rules: Rules) -> dict[str, object]:
    """The engine's attributes that keep one value for a whole match under `rules`, with that value: the
    `fixed` ones, and those that only some rules change (tests check every one at every step of random
    matches of every bundled ruleset).
    """
    deck = rules.deck
    values = fixed(rules)
    if not rules.remapped:  # otherwise each hand's trump or named game may move cards between suits
        values["_suit_of"] = deck.suit_of
        values["_suit_masks"] = deck.suit_masks
    if rules.alone is None and not rules.deal.dealer_sits_out:  # otherwise a seat may sit a hand out
        values["_next"] = rules.seating.next_seat
        values["_trick_size"] = rules.seats
    if not any(start.blocked for start in rules.play_start):  # no suit is ever banned from the lead
        values["_block"] = 0
    if not rules.events:
        values["_event_cards"] = ()
    return values


def engine_for(base: type[Engine], rules: Rules) -> type[Engine]:
    """The engine class for a new game under `rules`: `base` for the first game of a `Rules` object, then
    `base`'s subclass for `rules`, its hot methods with the settled attributes written in.

    Specialising costs about ten milliseconds, repaid after some hundreds of cards: a single game (a quick
    `simulate`, a replay) runs on the general engine. The subclass is kept in the rules, so it goes with them.
    """
    key = f"engine:{base.__module__}.{base.__qualname__}"
    made: type[Engine] | None = rules.made.get(key)
    if made is None:
        rules.made[key] = base
        return base
    if made is base:
        made = rules.made[key] = _specialise(base, rules)
    return made


def _specialise(base: type[Engine], rules: Rules) -> type[Engine]:
    values = settled(rules)
    namespace = dict(vars(sys.modules[base.__module__]))
    bound: dict[str, object] = {}
    module = ast.Module([], [])
    for name in HOT:
        text, once = _source(getattr(base, name))
        function = ast.parse(text).body[0]
        assert isinstance(function, ast.FunctionDef)
        _strip_annotations(function)
        module.body.append(_Settle(values, rules, namespace, bound, once).visit(function))
    exec(compile(module, inspect.getsourcefile(base) or "<engine>", "exec"), namespace)
    members: dict[str, object] = {"__slots__": (), "__module__": base.__module__}
    for name in HOT:
        copy = members[name] = namespace.pop(name)
        assert callable(copy)
        copy.__doc__ = getattr(base, name).__doc__
        copy.__qualname__ = f"{base.__qualname__}.{name}"
    return type(f"{base.__name__}[{rules.id}]", (base,), members)


@functools.cache
def _source(method: Callable[..., object]) -> tuple[str, frozenset[str]]:
    """A method's source, dedented, on its own lines of the file (tracebacks point at the engine's lines), and
    the local names it assigns once at its top level. Its lines are the ones its code spans (quicker than
    `inspect`)."""
    code = method.__code__
    first = code.co_firstlineno
    lines = linecache.getlines(code.co_filename)[first - 1 : _last_line(code)]
    text = "\n" * (first - 1) + textwrap.dedent("".join(lines))
    function = ast.parse(text).body[0]
    assert isinstance(function, ast.FunctionDef)
    return text, _assigned_once(function)


def _last_line(code: CodeType) -> int:
    """The last source line any instruction of `code` or of the functions inside it comes from."""
    ends = [end for _, end, _, _ in code.co_positions() if end is not None]
    inner = [_last_line(const) for const in code.co_consts if isinstance(const, CodeType)]
    return max(ends + inner)


def _literal(value: object) -> bool:
    """True for a value the code can hold as a constant: a number, a truth value, None, a short tuple of numbers."""
    if type(value) is tuple:
        return len(value) <= _SHORT and all(type(item) is int for item in value)
    return value is None or type(value) in (int, bool)


def _strip_annotations(function: ast.FunctionDef) -> None:
    """The copy runs without the module's `from __future__ import annotations`: its annotations are dropped."""
    function.returns = None
    function.decorator_list = []
    arguments = function.args
    for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
        argument.annotation = None


class _Settle(ast.NodeTransformer):
    """Writes in what the rules settle and cuts the branches it decides.

    Known are: the settled attributes of `self`; `self.rules` and the attributes of the frozen objects it is made
    of (a table option, a rule, the deck); members of enumerations; and a local name assigned once, at the top of
    the method, from something known. A known number, truth value, None or short tuple of numbers becomes a
    constant, anything else a name of the copy's module bound to the very same object.
    """

    def __init__(
        self,
        values: Mapping[str, object],
        rules: Rules,
        namespace: dict[str, object],
        bound: dict[str, object],
        once: frozenset[str],
    ) -> None:
        self.values = values
        self.rules = rules
        self.namespace = namespace
        self.bound = bound
        self.once = once
        """Local names the method assigns once, at its top level."""
        """The names this specialisation added to the copies' module (shared by its methods), with their values."""
        self.local: dict[str, ast.expr] = {}
        """Local names assigned once from something known, with what they stand for."""

    def known(self, node: ast.expr) -> tuple[bool, object]:
        """Whether `node` has a value known now, and that value."""
        if isinstance(node, ast.Constant):
            return True, node.value
        if isinstance(node, ast.Name) and node.id in self.bound:
            return True, self.bound[node.id]
        return False, None

    def written(self, value: object, node: ast.AST) -> ast.expr:
        """`value` written into the code: a constant, or a module name bound to it."""
        if _literal(value):
            return ast.copy_location(ast.Constant(cast(Any, value)), node)  # typeshed omits tuples of constants
        alias = next((name for name, held in self.bound.items() if held is value), None)
        if alias is None:
            alias = f"_settled_{len(self.bound)}"
            self.bound[alias] = self.namespace[alias] = value
        return ast.copy_location(ast.Name(alias, ast.Load()), node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        body: list[ast.stmt] = []
        for original in node.body:
            done = self.visit(original)
            for statement in done if isinstance(done, list) else [done]:
                if (
                    isinstance(statement, ast.Assign)
                    and isinstance(statement.targets[0], ast.Name)
                    and statement.targets[0].id in self.once
                    and self.known(statement.value)[0]
                ):
                    self.local[statement.targets[0].id] = statement.value
                    continue  # the name is written in wherever it is read
                body.append(statement)
        node.body = body or [ast.copy_location(ast.Pass(), node)]
        return node

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if not isinstance(node.ctx, ast.Load):
            return node
        if node.id in self.local:
            return ast.copy_location(copy.copy(self.local[node.id]), node)
        value = self.namespace.get(node.id)
        if node.id.isupper() and _literal(value):  # a module constant (`PLAY`, `NO_SEAT`)
            return self.written(value, node)
        return node

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "len" and len(node.args) == 1 and not node.keywords:
            known, value = self.known(node.args[0])
            if known and isinstance(value, tuple):
                return ast.copy_location(ast.Constant(len(value)), node)
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        if not isinstance(node.ctx, ast.Load):
            self.generic_visit(node)
            return node
        if isinstance(node.value, ast.Name) and node.value.id == "self":
            if node.attr in self.values:
                return self.written(self.values[node.attr], node)
            if node.attr == "rules":
                return self.written(self.rules, node)
            return node
        self.generic_visit(node)
        known, owner = self.known(node.value)
        if not known and isinstance(node.value, ast.Name):
            owner = self.namespace.get(node.value.id)
            known = isinstance(owner, type) and issubclass(owner, enum.Enum)
        if known and _frozen(owner):
            return self.written(getattr(owner, node.attr), node)
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        self.generic_visit(node)
        known, value = self.known(node.operand)
        if isinstance(node.op, ast.Not) and known:
            return ast.copy_location(ast.Constant(not value), node)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        self.generic_visit(node)
        compare = _COMPARE.get(type(node.ops[0]))
        left, right = self.known(node.left), self.known(node.comparators[0])
        if len(node.ops) == 1 and compare is not None and left[0] and right[0]:
            return ast.copy_location(ast.Constant(bool(compare(left[1], right[1]))), node)
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        """Known operands that decide or drop out of `and` / `or` without changing the value."""
        self.generic_visit(node)
        deciding = isinstance(node.op, ast.Or)  # `or` stops at a true operand, `and` at a false one
        kept: list[ast.expr] = []
        for position, operand in enumerate(node.values):
            known, value = self.known(operand)
            if known and position < len(node.values) - 1:
                if bool(value) == deciding:
                    kept.append(operand)
                    break
                continue
            kept.append(operand)
        if len(kept) == 1:
            return kept[0]
        node.values = kept
        return node

    def truth(self, node: ast.expr) -> ast.expr:
        """`node` where only its truth counts, as a constant when that is known."""
        node = _as_test(node, self.known)
        known, value = self.known(node)
        return ast.copy_location(ast.Constant(bool(value)), node) if known else node

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        test = self.truth(node.test)
        if isinstance(test, ast.Constant):
            return node.body if test.value else node.orelse
        node.test = test
        return node

    def visit_If(self, node: ast.If) -> ast.stmt | list[ast.stmt]:
        self.generic_visit(node)
        test = self.truth(node.test)
        if isinstance(test, ast.Constant):
            return node.body if test.value else node.orelse
        node.test = test
        node.body = node.body or [ast.copy_location(ast.Pass(), node)]
        return node


def _assigned_once(function: ast.FunctionDef) -> frozenset[str]:
    """Local names the method assigns exactly once, by a plain `name = ...` at its top level."""
    counts: dict[str, int] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            counts[node.id] = counts.get(node.id, 0) + 1
    top = {
        statement.targets[0].id
        for statement in function.body
        if isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
    }
    return frozenset(name for name in top if counts[name] == 1)


def _frozen(owner: object) -> bool:
    """True for an object whose attributes never change: a frozen dataclass, or an enumeration."""
    if isinstance(owner, type):
        return issubclass(owner, enum.Enum)
    params = getattr(type(owner), "__dataclass_params__", None)
    return params is not None and params.frozen


def _as_test(node: ast.expr, known: Callable[[ast.expr], tuple[bool, object]]) -> ast.expr:
    """`node` where only its truth counts: a known value at the end of `and` / `or` decides the test when the
    operands before it only read values (`x and False` is false; `x or False` is as true as `x`)."""
    if not isinstance(node, ast.BoolOp):
        return node
    *rest, last = node.values
    is_known, value = known(last)
    if not is_known:
        return node
    deciding = isinstance(node.op, ast.Or)
    if bool(value) == deciding:
        return ast.copy_location(ast.Constant(bool(value)), node) if all(map(_reads_only, rest)) else node
    return rest[0] if len(rest) == 1 else ast.copy_location(ast.BoolOp(node.op, rest), node)


def _reads_only(node: ast.expr) -> bool:
    """True for an expression that only reads names, attributes and constants (dropping it changes nothing)."""
    if isinstance(node, ast.Constant | ast.Name):
        return True
    if isinstance(node, ast.Attribute):
        return _reads_only(node.value)
    if isinstance(node, ast.UnaryOp):
        return _reads_only(node.operand)
    if isinstance(node, ast.Compare):
        return _reads_only(node.left) and all(map(_reads_only, node.comparators))
    if isinstance(node, ast.BoolOp):
        return all(map(_reads_only, node.values))
    return False

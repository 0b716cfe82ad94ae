"""Parses expression text into a small AST, with errors that point at the offending characters."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeAlias

import lark
from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .. import limits, resources, usercache
from ..errors import Said, said
from .site import Site


@dataclass(frozen=True, slots=True)
class Int:
    value: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Bool:
    value: bool
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Code:
    """A suit or card code such as `H` or `KH`; the deck decides which."""

    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Name:
    id: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Call:
    function: str
    args: tuple[Node, ...]
    start: int
    end: int
    name_end: int


@dataclass(frozen=True, slots=True)
class Aggregate:
    """`sum(bid(s) for s in seats)`: a function folded over a domain with a bound variable."""

    function: str
    variable: str
    domain: Node
    body: Node
    start: int
    end: int
    name_end: int


@dataclass(frozen=True, slots=True)
class Unary:
    op: str
    operand: Node
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Binary:
    """Arithmetic, comparison or logic; `op` is the operator as written."""

    op: str
    left: Node
    right: Node
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class If:
    condition: Node
    then: Node
    otherwise: Node
    start: int
    end: int


Node: TypeAlias = Int | Bool | Code | Name | Call | Aggregate | Unary | Binary | If

_TERMINAL_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "CODE": "a card or suit code",
    "COMPARE": "a comparison (== != < <= > >=)",
    "$END": "the end of the expression",
}


@cache
def _parser() -> Lark:
    """The LALR parser from `grammar.lark`: once per process, its tables kept in the user cache across processes.

    Building the tables is most of a first load's time; the cache file is named
    after everything the tables depend on, so a changed grammar, Lark or Python
    never reads a stale one.
    """
    text = resources.grammar_text()
    folder = usercache.folder()
    if folder is None:
        return _build(text)
    key = hashlib.sha256(f"{text}\0{lark.__version__}\0{sys.version_info[:2]}\0{_OPTIONS}".encode()).hexdigest()
    path = folder / f"expression-parser-{key[:32]}.lark"
    cached = usercache.read(path, Lark.load)
    if isinstance(cached, Lark):
        return cached
    parser = _build(text)
    usercache.write(path, parser.save)
    return parser


_OPTIONS: dict[str, Any] = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}


def _build(text: str) -> Lark:
    return Lark(text, **_OPTIONS)


def parse(site: Site) -> Node:
    """Parses the expression at `site`, enforcing the length and depth budgets first."""
    text = site.text
    if len(text) > limits.MAX_EXPRESSION_CHARS:
        raise site.error(
            said("this expression is too long"),
            0,
            expected=said("at most {count} characters", count=f"{limits.MAX_EXPRESSION_CHARS:,}"),
            found=f"{len(text):,}",
        )
    _check_brackets(site)
    if not text.strip():
        raise site.error(
            said("the expression is empty"),
            0,
            expected=said("an expression such as {form}", form="`tricks(side) >= 7`"),
        )
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(site, exc) from None
    _check_depth(site, tree)
    node: Node = _ToAst().transform(tree)
    return node


def _check_brackets(site: Site) -> None:
    depth = 0
    for offset, char in enumerate(site.text):
        if char == "(":
            depth += 1
            if depth > limits.MAX_EXPRESSION_DEPTH:
                raise site.error(
                    said("brackets are nested too deeply"),
                    offset,
                    expected=said("at most {count} levels", count=limits.MAX_EXPRESSION_DEPTH),
                )
        elif char == ")":
            depth -= 1


def _check_depth(site: Site, tree: Tree[Token]) -> None:
    """Measures the tree without recursion, so later recursive passes stay within budget."""
    stack: list[tuple[Tree[Token], int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limits.MAX_EXPRESSION_DEPTH:
            start = node.meta.start_pos if not node.meta.empty else 0
            raise site.error(
                said("this expression is nested too deeply"),
                start,
                expected=said("at most {count} levels of operators", count=limits.MAX_EXPRESSION_DEPTH),
                hint=said("split it into definitions"),
            )
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))


def _syntax_error(site: Site, exc: UnexpectedInput) -> Exception:
    offset = exc.pos_in_stream if exc.pos_in_stream is not None else len(site.text)
    if isinstance(exc, UnexpectedCharacters):
        character = site.text[offset]
        hint = (
            said("did you mean `==`? A comparison of equals is written with two signs")
            if character == "="
            else said("names are lower case (tricks, bid), suit and card codes upper case (H, KH)")
        )
        return site.error(
            said("the character {character} cannot be used here", character=repr(character)),
            offset,
            expected=_expected_words(exc.allowed),
            hint=hint,
        )
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        found = "the end of the expression" if token.type == "$END" else repr(str(token))
        start = token.start_pos if token.start_pos is not None else len(site.text)
        return site.error(
            said("the expression does not parse here"), start, found=found, expected=_expected_words(exc.expected)
        )
    # The LALR parser raises only the two errors above; any other is reported where it says.
    return site.error(said("the expression does not parse here"), offset)


def _expected_words(names: Iterable[str] | None) -> Said:
    words: set[str] = set()
    parser = _parser()
    for name in names or ():
        if name in _TERMINAL_WORDS:
            words.add(_TERMINAL_WORDS[name])
            continue
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        words.add(repr(pattern.value) if pattern.type == "str" else "a name")
    return said("one of {names}", names=", ".join(sorted(words))) if words else said("something else")


def _span(meta: object) -> tuple[int, int]:
    return getattr(meta, "start_pos", 0), getattr(meta, "end_pos", 0)


def _binary(op: str) -> Callable[[Any, object, list[Node]], Binary]:
    """Builds the transformer method for one binary operator."""

    def method(self: Any, meta: object, children: list[Node]) -> Binary:
        return Binary(op, children[0], children[1], *_span(meta))

    return method


@v_args(meta=True)
class _ToAst(Transformer[Token, "Node"]):
    """Turns Lark's tree into the frozen AST; rule aliases in the grammar name each method."""

    def integer(self, meta: object, children: list[Token]) -> Int:
        return Int(int(children[0]), *_span(meta))

    def true(self, meta: object, children: list[Token]) -> Bool:
        return Bool(True, *_span(meta))

    def false(self, meta: object, children: list[Token]) -> Bool:
        return Bool(False, *_span(meta))

    def code(self, meta: object, children: list[Token]) -> Code:
        return Code(str(children[0]), *_span(meta))

    def name(self, meta: object, children: list[Token]) -> Name:
        return Name(str(children[0]), *_span(meta))

    def call(self, meta: object, children: list[Token | Node]) -> Call:
        token = children[0]
        assert isinstance(token, Token)
        args = tuple(c for c in children[1:] if not isinstance(c, Token))
        start, end = _span(meta)
        return Call(str(token), args, start, end, start + len(token))

    def aggregate(self, meta: object, children: list[Token | Node]) -> Aggregate:
        function, body, variable, domain = children
        assert isinstance(function, Token) and isinstance(variable, Token)
        assert not isinstance(domain, Token) and not isinstance(body, Token)
        start, end = _span(meta)
        return Aggregate(str(function), str(variable), domain, body, start, end, start + len(function))

    def neg(self, meta: object, children: list[Node]) -> Unary:
        return Unary("-", children[0], *_span(meta))

    def not_(self, meta: object, children: list[Node]) -> Unary:
        return Unary("not", children[0], *_span(meta))

    def compare(self, meta: object, children: list[Node | Token]) -> Binary:
        left, op, right = children
        assert not isinstance(left, Token) and not isinstance(right, Token)
        return Binary(str(op), left, right, *_span(meta))

    def conditional(self, meta: object, children: list[Node]) -> If:
        return If(children[0], children[1], children[2], *_span(meta))

    add = _binary("+")
    sub = _binary("-")
    mul = _binary("*")
    div = _binary("/")
    mod = _binary("%")
    and_ = _binary("and")
    or_ = _binary("or")

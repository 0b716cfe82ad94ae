"""Type-checks an expression against the function table and compiles it, once, into a Python function.

Each checked node becomes a Python AST node (see `codegen`): facts are read as
attributes of the function's first argument, the rule's seat or side is its
second, aggregates become generator expressions. Constant subtrees are folded
at load time. Nothing here evaluates user text.
"""

from __future__ import annotations

import ast
import copy
import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import limits
from ..cards import Deck
from ..errors import ExpressionError, Said, joined, said
from ..seating import Seating
from . import codegen as g
from .facts import Facts
from .functions import BUILTINS, CONTEXT_VARIABLES, DOMAINS, FOLDS, RESERVED, Builtin, Stage, Type
from .site import Site
from .syntax import Aggregate, Binary, Bool, Call, Code, If, Int, Name, Node, Unary

_NOT_CONSTANT: Any = object()


RANKS_AND_CARDS = frozenset({"card", "rank_of", "rank_order"})
"""The functions that name a card or a rank, which a deck with copies of each card cannot use yet."""


@dataclass(frozen=True, slots=True)
class Scope:
    """What an expression may see: its stage, its bound variable and the ruleset's own names."""

    stage: Stage
    variable: str | None
    auction: bool
    personal: bool
    deck: Deck
    seating: Seating
    definitions: Mapping[str, tuple[Site, Node]] = field(default_factory=dict)
    parameters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The parameters of each definition that takes some (`made(s)`), by the definition's name."""
    counters: Mapping[str, tuple[int, Type]] = field(default_factory=dict)
    events: Mapping[str, int] = field(default_factory=dict)
    named_bids: Mapping[str, int] = field(default_factory=dict)
    declares: bool = False
    """True when a hand has a declarer (an auction's winner, or the player who makes trump)."""
    games: Mapping[str, int] = field(default_factory=dict)
    """Named games (`trump.games`): each name is true when the hand is played as that game."""
    announcements: Mapping[str, int] = field(default_factory=dict)
    """The declarer's announcements (`announcements`): each name is true once announced."""
    draws: bool = False
    """True when players draw from the stock after each trick (`play.draw`)."""
    melds: bool = False
    """True when the rules have melds (`melds`)."""


@dataclass(frozen=True, slots=True)
class Compiled:
    """A checked, compiled expression: call it with the facts and the rule's seat or side."""

    source: str
    type: Type
    path: str
    function: Callable[[Facts, Any], Any]
    constant: Any = _NOT_CONSTANT
    uses: frozenset[str] = frozenset()
    """The built-in names the expression reads, after definitions are expanded."""
    work: int = 1
    """Parts one evaluation works through (at most `limits.MAX_EVALUATED_PARTS`), for callers that evaluate it
    many times to size their probes."""
    calls: frozenset[str] = frozenset()
    """The overloads of built-in names it calls, by signature (`tricks(seat)`, `tricks(side)`), after definitions
    are expanded: what a caller needs that tells a seat's count from its side's."""

    def __call__(self, facts: Facts, bound: int | None = None) -> Any:
        return self.function(facts, bound)

    @property
    def is_constant(self) -> bool:
        return self.constant is not _NOT_CONSTANT


class _Typed(NamedTuple):
    type: Type
    code: ast.expr
    const: Any = _NOT_CONSTANT


Variables = dict[str, tuple[str, Type]]
"""Names in scope: the rule's `seat`/`side` and aggregate variables, with their Python names and types."""


def compile_expression(site: Site, node: Node, scope: Scope, want: Type | None = None) -> Compiled:
    """Checks `node` in `scope` (and that its type is `want`, if given) and returns the compiled form."""
    compiler = _Compiler(scope, site)
    typed = compiler.node(node, compiler.outer_variables())
    if want is not None and not typed.type.fits(want):
        raise site.error(
            said("this expression gives {kind}", kind=_kind(typed.type)),
            node.start,
            node.end,
            expected=_kind(want),
            found=_kind(typed.type),
        )
    function = g.function(typed.code, f"<{site.mark.file}: {site.path}>")
    used, calls = frozenset(compiler.used), frozenset(compiler.calls)
    return Compiled(site.text, typed.type, site.path, function, typed.const, used, compiler.work, calls)


class _Compiler:
    def __init__(self, scope: Scope, site: Site) -> None:
        self.scope = scope
        self.site = site
        self.loops = 0
        self.active: list[str] = []
        self.arguments: list[dict[str, _Typed]] = []
        """For each parametrised definition being written out, innermost last: its parameters' arguments."""
        self.used: set[str] = set()
        self.calls: set[str] = set()
        self.root = site
        """The expression being compiled (the site moves into each definition it reads)."""
        self.size = 0
        """Parts compiled so far, definitions written out: bounded by `limits.MAX_EXPANDED_NODES`."""
        self.repeats = 1
        """How many times one evaluation runs the part being compiled: the sizes of the enclosing domains."""
        self.work = 0
        """Parts one evaluation runs, each counted `repeats` times: bounded by `limits.MAX_EVALUATED_PARTS`."""

    def outer_variables(self) -> Variables:
        variable = self.scope.variable
        return {variable: (g.BOUND, CONTEXT_VARIABLES[variable])} if variable else {}

    def error(
        self,
        problem: str | Said,
        node: Node,
        *,
        expected: str | Said | None = None,
        found: str | Said | None = None,
        hint: str | Said | None = None,
    ) -> ExpressionError:
        return self.site.error(problem, node.start, node.end, expected=expected, found=found, hint=hint)

    def node(self, node: Node, variables: Variables) -> _Typed:
        self.size += 1
        self.work += self.repeats
        if self.size > limits.MAX_EXPANDED_NODES:
            raise self.root.error(
                said("this expression grows too large once its definitions are written out"),
                0,
                len(self.root.text),
                expected=said("at most {count} parts", count=f"{limits.MAX_EXPANDED_NODES:,}"),
                hint=said("a definition that reads another twice doubles it: use a counter or fewer levels"),
            )
        if self.work > limits.MAX_EVALUATED_PARTS:
            raise self.root.error(
                said(
                    "this expression does too much work each time it is evaluated: its aggregates, nested, repeat "
                    "their bodies once for every combination of seats or sides"
                ),
                0,
                len(self.root.text),
                expected=said(
                    "at most {count} parts worked through per evaluation", count=f"{limits.MAX_EVALUATED_PARTS:,}"
                ),
                hint=said("nest fewer aggregates, or keep what an inner one gives in a definition of its own"),
            )
        match node:
            case Int():
                if len(str(node.value)) > limits.MAX_INT_DIGITS:
                    raise self.error(
                        said("this number is too large"),
                        node,
                        expected=said("at most {count} digits", count=limits.MAX_INT_DIGITS),
                    )
                return _constant(Type.INT, node.value)
            case Bool():
                return _constant(Type.BOOL, node.value)
            case Code():
                return self.code(node)
            case Name():
                return self.name(node, variables)
            case Call():
                return self.call(node, variables)
            case Aggregate():
                return self.aggregate(node, variables)
            case Unary():
                return self.unary(node, variables)
            case Binary():
                return self.binary(node, variables)
            case If():
                return self.conditional(node, variables)
        raise AssertionError(node)

    def code(self, node: Code) -> _Typed:
        deck = self.scope.deck
        suit_codes = [s.code for s in deck.suits]
        rank_codes = [r.code for r in deck.ranks]
        if node.text in suit_codes:
            return _constant(Type.SUIT, suit_codes.index(node.text))
        if deck.copies > 1:
            raise self.copies_error(node)
        if node.text in deck.codes:
            return _constant(Type.CARD, deck.codes.index(node.text))
        if node.text in rank_codes:
            return _constant(Type.RANK, rank_codes.index(node.text))
        aliases = {alias: index for index, rank in enumerate(deck.ranks) for alias in rank.aliases}
        if node.text in aliases:
            return _constant(Type.RANK, aliases[node.text])
        if node.text[-1:] in suit_codes and node.text[:-1] in aliases:
            return _constant(Type.CARD, deck.card(node.text[:-1], node.text[-1]))
        close = difflib.get_close_matches(node.text, [*suit_codes, *deck.codes], n=1)
        raise self.error(
            said("{code} is neither a suit, a rank nor a card of the {deck}", code=repr(node.text), deck=deck.title),
            node,
            expected=said(
                "a suit ({suits}), a rank ({ranks}) or a card code such as {card}",
                suits=", ".join(suit_codes),
                ranks=" ".join(rank_codes),
                card=repr(deck.codes[-1]),
            ),
            hint=said("did you mean {name}?", name=repr(close[0]))
            if close
            else said("names are written in lower case"),
        )

    def name(self, node: Name, variables: Variables) -> _Typed:
        ident = node.id
        if self.arguments and ident in self.arguments[-1] and ident not in variables:
            given = self.arguments[-1][ident]
            return _Typed(given.type, copy.deepcopy(given.code), given.const)
        if ident in variables:
            python_name, kind = variables[ident]
            return _Typed(kind, g.load(python_name))
        if ident in CONTEXT_VARIABLES:
            raise self.error(
                said("{name} is not defined here", name=repr(ident)),
                node,
                hint=said(
                    "{name} is the {word} a rule is evaluated for; it exists only in rules with `for: {word}`",
                    name=repr(ident),
                    word=ident,
                ),
            )
        scope = self.scope
        if ident in scope.parameters:
            raise self.error(
                said("{name} takes {count} argument(s)", name=repr(ident), count=len(scope.parameters[ident])),
                node,
                hint=said("write it as a call: {call}", call=f"{ident}({', '.join(scope.parameters[ident])})"),
            )
        if ident in scope.definitions:
            return self.definition(ident, node)
        if ident in scope.named_bids:
            return _constant(Type.BID_NAME, scope.named_bids[ident])
        if ident in scope.games:
            if scope.stage not in (Stage.BIDDING, Stage.BID, Stage.ANNOUNCE, Stage.PLAY, Stage.HAND):
                raise self.error(
                    said("the game {name} is not known {when}", name=repr(ident), when=_when(scope.stage)), node
                )
            return _Typed(Type.BOOL, g.compare(g.field("game"), ast.Eq(), g.const(scope.games[ident])))
        if ident in scope.announcements:
            if scope.stage not in (Stage.ANNOUNCE, Stage.PLAY, Stage.HAND):
                raise self.error(
                    said("the announcement {name} is not known {when}", name=repr(ident), when=_when(scope.stage)), node
                )
            bit = g.binary(g.field("announced"), ast.BitAnd(), g.const(1 << scope.announcements[ident]))
            return _Typed(Type.BOOL, g.compare(bit, ast.NotEq(), g.const(0)))
        overloads = [b for b in BUILTINS if b.name == ident]
        nullary = [b for b in overloads if not b.params]
        if nullary:
            return self.builtin(nullary[0], node, ())
        if overloads or ident in scope.counters or ident in scope.events or ident in FOLDS:
            raise self.error(
                said("{name} needs an argument", name=repr(ident)),
                node,
                hint=said("write it as a call, for example {call}", call=self.example(ident)),
            )
        if ident in {d.name for d in DOMAINS}:
            raise self.error(
                said("{name} can only be ranged over", name=repr(ident)),
                node,
                hint=said("use it in an aggregate such as {form}", form=f"`sum(... for s in {ident})`"),
            )
        raise self.unknown(ident, node, variables)

    def example(self, ident: str) -> str:
        if ident in self.scope.counters:
            return f"{ident}({self.scope.counters[ident][1].name.lower()})"
        if ident in self.scope.events:
            return f"{ident}(side)"
        if ident in FOLDS:
            return f"{ident}(... for s in seats)"
        return next(b for b in BUILTINS if b.name == ident).signature

    def unknown(
        self, ident: str, node: Node, variables: Mapping[str, object], end: int | None = None
    ) -> ExpressionError:
        known = sorted(
            {b.name for b in BUILTINS}
            | set(self.scope.definitions)
            | set(self.scope.named_bids)
            | set(self.scope.games)
            | set(self.scope.announcements)
            | set(self.scope.counters)
            | set(self.scope.events)
            | set(variables)
        )
        close = difflib.get_close_matches(ident, known, n=3)
        return self.site.error(
            said("unknown name {name}", name=repr(ident)),
            node.start,
            node.end if end is None else end,
            hint=said("did you mean {name}?", name=joined([repr(c) for c in close], "or"))
            if close
            else said("see docs/reference.md for every name an expression may use"),
        )

    def definition(self, ident: str, node: Node, arguments: dict[str, _Typed] | None = None) -> _Typed:
        if ident in self.active:
            chain = " -> ".join([*self.active[self.active.index(ident) :], ident])
            raise self.error(
                said("the definition {name} refers to itself ({chain})", name=repr(ident), chain=chain), node
            )
        site, body = self.scope.definitions[ident]
        outer = self.site
        self.active.append(ident)
        self.arguments.append(arguments or {})
        self.site = site
        try:
            return self.node(body, self.outer_variables())
        except ExpressionError as exc:
            if exc.hint is None and outer is not site:
                exc.sentences["hint"] = said("this definition is used in {path}", path=outer.path)
                exc.hint = str(exc.sentences["hint"])
                exc.args = (exc.render(),)
            raise
        finally:
            self.site = outer
            self.active.pop()
            self.arguments.pop()

    def builtin(self, builtin: Builtin, node: Node, args: tuple[_Typed, ...]) -> _Typed:
        scope = self.scope
        if scope.stage not in builtin.stages:
            stages = [_when(s) for s in Stage if s in builtin.stages]
            raise self.error(
                said("{call} is not known {when}", call=builtin.signature, when=_when(scope.stage)),
                node,
                hint=said("it can be used {stages}", stages=joined(stages, ";")),
            )
        if builtin.needs == "auction" and not scope.auction:
            raise self.error(said("{call} exists only when the bidding is an auction", call=builtin.signature), node)
        if builtin.needs == "declarer" and not (scope.auction or scope.declares):
            raise self.error(
                said("{call} exists only when a hand has a declarer", call=builtin.signature),
                node,
                hint=said("a declarer wins an auction, or makes trump ({form})", form="`trump: {mode: made}`"),
            )
        if builtin.needs == "draw" and not scope.draws:
            raise self.error(
                said("{call} exists only when players draw from the stock", call=builtin.signature),
                node,
                hint=said("add `play.draw`, or count every trick with `tricks`"),
            )
        if builtin.needs == "melds" and not scope.melds:
            raise self.error(
                said("{call} exists only when the rules have melds", call=builtin.signature),
                node,
                hint=said("add `melds` with the combinations of cards that score"),
            )
        if builtin.needs == "personal" and not scope.personal:
            raise self.error(
                said("{call} exists only when scoring is by seat", call=builtin.signature),
                node,
                hint=said("this ruleset keeps totals per side: use the side form"),
            )
        self.check_table(builtin.needs, builtin.signature, node)
        self.used.add(builtin.name)
        self.calls.add(builtin.signature)
        if builtin.fold is not None and args and all(a.const is not _NOT_CONSTANT for a in args):
            return _constant(builtin.result, builtin.fold(*(a.const for a in args)))
        if builtin.variadic:
            return self.variadic(builtin, node, args)
        return _Typed(builtin.result, builtin.build(*(a.code for a in args)))

    def variadic(self, builtin: Builtin, node: Node, args: tuple[_Typed, ...]) -> _Typed:
        """A call with a list of values after its position (`nth`): a constant position is checked now."""
        position, values = args[0], args[1:]
        if position.const is not _NOT_CONSTANT:
            if not 1 <= position.const <= len(values):
                raise self.error(
                    said("position {position} is outside the list", position=position.const),
                    node,
                    expected=said("a position from 1 to {last}", last=len(values)),
                )
            chosen = values[position.const - 1]
            return _Typed(builtin.result, chosen.code, chosen.const)
        where = f"{self.site.path} ({self.site.location(node.start)}): `{self.site.text[node.start : node.end]}`"
        return _Typed(builtin.result, builtin.build(g.const(where), *(a.code for a in args)))

    def check_table(self, needs: str | None, what: str, node: Node) -> None:
        """Refuses a name that the table's shape gives no meaning (a side where everyone plays alone...)."""
        seating = self.scope.seating
        problem = {
            "sides": None if seating.has_sides else said("this table has no sides: everyone plays for themselves"),
            "pairs": None
            if seating.has_sides and all(len(s) == 2 for s in seating.sides)
            else said("it needs sides of two players"),
            "two sides": None if len(seating.sides) == 2 else said("it needs a table of exactly two sides"),
            "even table": None
            if seating.seats % 2 == 0
            else said("a table of {count} seats has no opposite seat", count=seating.seats),
        }.get(needs or "")
        if problem is not None:
            raise self.error(
                said("{call} cannot be used here: {problem}", call=what, problem=problem),
                node,
                hint=said("see `seats` and `sides`"),
            )

    def call(self, node: Call, variables: Variables) -> _Typed:
        ident = node.function
        scope = self.scope
        known = ident in scope.counters or ident in scope.events or any(b.name == ident for b in BUILTINS)
        if not known and ident not in FOLDS and ident not in scope.definitions and ident not in scope.named_bids:
            raise self.unknown(ident, node, variables, node.name_end)
        if ident in RANKS_AND_CARDS and scope.deck.copies > 1:
            raise self.copies_error(node)
        args = tuple(self.node(a, variables) for a in node.args)
        if ident in scope.counters:
            index, kind = scope.counters[ident]
            self.expect_args(node, args, (kind,), f"{ident}({kind.name.lower()})")
            return _Typed(Type.INT, g.item(g.fact_item("counters", g.const(index)), args[0].code))
        if ident in scope.events:
            return self.event(node, scope.events[ident], args)
        if ident in scope.parameters:
            params = scope.parameters[ident]
            if len(args) != len(params):
                form = f"{ident}({', '.join(params)})"
                raise self.error(
                    said(
                        "{call} takes {count} argument(s), not {given}", call=form, count=len(params), given=len(args)
                    ),
                    node,
                    hint=said("write it as {call}", call=form),
                )
            return self.definition(ident, node, dict(zip(params, args, strict=True)))
        if ident in scope.definitions or ident in scope.named_bids:
            raise self.error(
                said("{name} is not a function", name=repr(ident)), node, hint=said("write it without brackets")
            )
        overloads = [b for b in BUILTINS if b.name == ident and b.params]
        if not overloads:
            if ident in FOLDS:
                raise self.error(
                    said("{name} ranges over seats or sides", name=ident),
                    node,
                    hint=said("write {form}", form=f"`{ident}(... for s in seats)`"),
                )
            raise self.unknown(ident, node, variables)
        for overload in overloads:
            if overload.accepts(tuple(a.type for a in args)):
                return self.builtin(overload, node, args)
        ranked = self.numbers_as_ranks(node.args, args)
        for overload in overloads if ranked != args else ():
            if overload.accepts(tuple(a.type for a in ranked)):
                return self.builtin(overload, node, ranked)
        raise self.error(
            said("{name} cannot take these arguments", name=ident),
            node,
            expected=" or ".join(o.signature for o in overloads),
            found=f"{ident}({', '.join(a.type.value for a in args)})",
        )

    def copies_error(self, node: Node) -> ExpressionError:
        """Refuses a card or a rank named in an expression under a deck holding each card more than once, where
        a card's code names every copy of it and the expression language has no word for that yet."""
        copies = self.scope.deck.copies
        return self.error(
            said(
                "the {deck} holds every card {count} times, and an expression cannot name one card or rank of it",
                deck=self.scope.deck.title,
                count=copies,
            ),
            node,
            hint=said("give cards their worth with `scoring.card_points` and combinations with `melds`"),
        )

    def numbers_as_ranks(self, nodes: tuple[Node, ...], args: tuple[_Typed, ...]) -> tuple[_Typed, ...]:
        """`args` with each number written as a literal that the deck names a rank (`9` in `card(9, trump)`, `10`
        for the ten) read as that rank, for a call that takes a rank there."""
        ranks = {code: index for index, rank in enumerate(self.scope.deck.ranks) for code in (rank.code, *rank.aliases)}
        return tuple(
            _constant(Type.RANK, ranks[str(n.value)]) if isinstance(n, Int) and str(n.value) in ranks else a
            for n, a in zip(nodes, args, strict=True)
        )

    def event(self, node: Call, index: int, args: tuple[_Typed, ...]) -> _Typed:
        if self.scope.stage not in (Stage.PLAY, Stage.HAND):
            raise self.error(said("trick events are not known {when}", when=_when(self.scope.stage)), node)
        if len(args) != 1 or args[0].type not in (Type.SEAT, Type.SIDE):
            raise self.error(
                said("{name} takes one seat or one side", name=node.function),
                node,
                found=", ".join(a.type.value for a in args) or "no argument",
            )
        counts = g.fact_item("events", g.const(index))
        who = args[0].code
        if args[0].type is Type.SEAT:
            return _Typed(Type.INT, g.item(counts, who))
        self.check_table("sides", f"{node.function}(side)", node)
        sizes = {len(side) for side in self.scope.seating.sides}
        if len(sizes) == 1:
            members = g.fact_item("side_seats", who)
            terms = [g.item(counts, g.item(members, g.const(k))) for k in range(sizes.pop())]
            total = terms[0]
            for term in terms[1:]:
                total = g.binary(total, ast.Add(), term)
            return _Typed(Type.INT, total)
        self.loops += 1
        member = f"v{self.loops}"
        each = g.generator(g.item(counts, g.load(member)), member, g.fact_item("side_seats", who))
        return _Typed(Type.INT, g.call("sum", each))

    def expect_args(self, node: Call, args: tuple[_Typed, ...], params: tuple[Type, ...], form: str) -> None:
        if len(args) != len(params) or not all(a.type.fits(p) for a, p in zip(args, params, strict=True)):
            raise self.error(
                said("{name} cannot take these arguments", name=node.function),
                node,
                expected=form,
                found=f"{node.function}({', '.join(a.type.value for a in args)})",
            )

    def aggregate(self, node: Aggregate, variables: Variables) -> _Typed:
        fold = FOLDS.get(node.function)
        if fold is None:
            raise self.error(
                said("{name} cannot range over seats or sides", name=repr(node.function)),
                node,
                expected=said("one of {names}", names=", ".join(FOLDS)),
            )
        if node.variable in RESERVED or node.variable in variables or node.variable in self.scope.definitions:
            raise self.error(
                said("the variable name {name} is already taken", name=repr(node.variable)),
                node,
                hint=said("pick another name, such as `s`"),
            )
        domain, element = self.domain(node.domain, variables)
        self.loops += 1
        python_name = f"v{self.loops}"
        outer = self.repeats
        self.repeats *= self.domain_size(node.domain)
        body = self.node(node.body, {**variables, node.variable: (python_name, element)})
        self.repeats = outer
        if not body.type.fits(fold.body):
            raise self.error(
                said("the body of {name} must give {kind}", name=fold.name, kind=_kind(fold.body)),
                node.body,
                found=_kind(body.type),
            )
        return _Typed(fold.result, fold.build(body.code, python_name, domain))

    def domain_size(self, node: Node) -> int:
        """The most values a checked domain ranges over at this table with this deck."""
        name = node.id if isinstance(node, Name) else node.function if isinstance(node, Call) else ""
        return next(d.size(self.scope.seating, self.scope.deck) for d in DOMAINS if d.name == name)

    def domain(self, node: Node, variables: Variables) -> tuple[ast.expr, Type]:
        name = node.id if isinstance(node, Name) else node.function if isinstance(node, Call) else ""
        args: tuple[Node, ...] = node.args if isinstance(node, Call) else ()
        for domain in DOMAINS:
            if domain.name == name:
                if Type.SIDE in (domain.element, *domain.params):
                    self.check_table("sides", name, node)
                if self.scope.stage not in domain.stages:
                    raise self.error(said("{call} is not known {when}", call=name, when=_when(self.scope.stage)), node)
                if domain.reads:
                    self.used.add(domain.reads)
                typed = tuple(self.node(a, variables) for a in args)
                if len(typed) != len(domain.params) or not all(
                    t.type.fits(p) for t, p in zip(typed, domain.params, strict=True)
                ):
                    params = ", ".join(p.name.lower() for p in domain.params)
                    raise self.error(said("{name} takes ({params})", name=name, params=params), node)
                return domain.values(*(t.code for t in typed)), domain.element
        raise self.error(
            said("an aggregate ranges over {names}", names=", ".join(f"`{d.name}`" for d in DOMAINS)),
            node,
            found=self.site.text[node.start : node.end],
        )

    def unary(self, node: Unary, variables: Variables) -> _Typed:
        operand = self.node(node.operand, variables)
        if node.op == "-":
            self.want(operand, Type.INT, node.operand, "`-`")
            if operand.const is not _NOT_CONSTANT:
                return _constant(Type.INT, -operand.const)
            return _Typed(Type.INT, ast.UnaryOp(ast.USub(), operand.code))
        self.want(operand, Type.BOOL, node.operand, "`not`")
        if operand.const is not _NOT_CONSTANT:
            return _constant(Type.BOOL, not operand.const)
        return _Typed(Type.BOOL, ast.UnaryOp(ast.Not(), operand.code))

    def want(self, typed: _Typed, wanted: Type, node: Node, what: str) -> None:
        if not typed.type.fits(wanted):
            raise self.error(
                said("{what} needs {kind} here", what=what, kind=_kind(wanted)),
                node,
                expected=_kind(wanted),
                found=_kind(typed.type),
            )

    def binary(self, node: Binary, variables: Variables) -> _Typed:
        left = self.node(node.left, variables)
        right = self.node(node.right, variables)
        op = node.op
        if op in ("and", "or"):
            self.want(left, Type.BOOL, node.left, f"`{op}`")
            self.want(right, Type.BOOL, node.right, f"`{op}`")
            if left.const is not _NOT_CONSTANT and right.const is not _NOT_CONSTANT:
                value = (left.const and right.const) if op == "and" else (left.const or right.const)
                return _constant(Type.BOOL, value)
            joined = ast.BoolOp(ast.And() if op == "and" else ast.Or(), [left.code, right.code])
            return _Typed(Type.BOOL, joined)
        if op in ("+", "-", "*", "/", "%"):
            self.want(left, Type.INT, node.left, f"`{op}`")
            self.want(right, Type.INT, node.right, f"`{op}`")
            return self.arithmetic(node, left, right)
        if Type.BID_NAME in (left.type, right.type):
            return self.named_bid_test(node, left, right, variables)
        if op in ("==", "!="):
            if not (left.type is right.type or {left.type, right.type} <= {Type.INT, Type.BID}):
                raise self.error(
                    said("cannot compare {kind} with {other}", kind=_kind(left.type), other=_kind(right.type)),
                    node,
                    hint=said("both sides of == and != must be of the same kind"),
                )
        else:
            self.want(left, Type.INT, node.left, f"`{op}`")
            self.want(right, Type.INT, node.right, f"`{op}`")
        evaluate, operator = _COMPARE[op]
        if left.const is not _NOT_CONSTANT and right.const is not _NOT_CONSTANT:
            return _constant(Type.BOOL, evaluate(left.const, right.const))
        return _Typed(Type.BOOL, g.compare(left.code, operator(), right.code))

    def named_bid_test(self, node: Binary, left: _Typed, right: _Typed, variables: Variables) -> _Typed:
        """`bid(seat) == <name>`: a named bid can only be compared, for equality, with a call of `bid`."""
        name, other = (left, node.right) if left.type is Type.BID_NAME else (right, node.left)
        offered = isinstance(other, Name) and other.id == "this_bid"
        if node.op not in ("==", "!=") or not (
            offered or (isinstance(other, Call) and other.function == "bid" and len(other.args) == 1)
        ):
            raise self.error(
                said("a named bid can only be tested with == or != against bid(...) or this_bid"),
                node,
                hint=said("for example `bid(seat) == <name>`, with a name from bidding.named"),
            )
        operator = ast.Eq() if node.op == "==" else ast.NotEq()
        if offered:
            offer = self.node(other, variables)
            del offer
            return _Typed(Type.BOOL, g.compare(g.field("this_bid_name"), operator, g.const(name.const)))
        assert isinstance(other, Call)
        seat = self.node(other.args[0], variables)
        self.want(seat, Type.SEAT, other.args[0], "bid(...)")
        self.used.add("bid")
        return _Typed(Type.BOOL, g.compare(g.fact_item("bid_names", seat.code), operator, g.const(name.const)))

    def arithmetic(self, node: Binary, left: _Typed, right: _Typed) -> _Typed:
        op = node.op
        both_constant = left.const is not _NOT_CONSTANT and right.const is not _NOT_CONSTANT
        if op in ("/", "%"):
            if right.const is not _NOT_CONSTANT and right.const == 0:
                raise self.error(said("division by zero"), node)
            if both_constant:
                return _constant(Type.INT, left.const // right.const if op == "/" else left.const % right.const)
            where = f"{self.site.path} ({self.site.location(node.start)}): `{self.site.text[node.start : node.end]}`"
            helper = "_divide" if op == "/" else "_modulo"
            return _Typed(Type.INT, g.call(helper, left.code, right.code, g.const(where)))
        evaluate, operator = _ARITHMETIC[op]
        if both_constant:
            return _constant(Type.INT, evaluate(left.const, right.const))
        return _Typed(Type.INT, g.binary(left.code, operator(), right.code))

    def conditional(self, node: If, variables: Variables) -> _Typed:
        condition = self.node(node.condition, variables)
        self.want(condition, Type.BOOL, node.condition, "`if`")
        then = self.node(node.then, variables)
        otherwise = self.node(node.otherwise, variables)
        if then.type is otherwise.type:
            kind = then.type
        elif {then.type, otherwise.type} <= {Type.INT, Type.BID}:
            kind = Type.INT
        else:
            raise self.error(
                said("both branches of `if` must give the same kind of value"),
                node,
                found=said(
                    "{kind} after `then`, {other} after `else`", kind=_kind(then.type), other=_kind(otherwise.type)
                ),
            )
        if condition.const is not _NOT_CONSTANT:
            chosen = then if condition.const else otherwise
            return _Typed(kind, chosen.code, chosen.const)
        return _Typed(kind, ast.IfExp(condition.code, then.code, otherwise.code))


def _kind(kind: Type) -> Said:
    """A kind of value as a sentence says it (`a number`), in the reader's language."""
    return Said(kind.value)


def _when(stage: Stage) -> Said:
    """When an expression is evaluated, as a sentence says it, in the reader's language."""
    return Said(stage.value)


def _constant(kind: Type, value: Any) -> _Typed:
    return _Typed(kind, g.const(value), value)


_ARITHMETIC: dict[str, tuple[Callable[[int, int], int], type[ast.operator]]] = {
    "+": (lambda a, b: a + b, ast.Add),
    "-": (lambda a, b: a - b, ast.Sub),
    "*": (lambda a, b: a * b, ast.Mult),
}
_COMPARE: dict[str, tuple[Callable[[Any, Any], bool], type[ast.cmpop]]] = {
    "==": (lambda a, b: a == b, ast.Eq),
    "!=": (lambda a, b: a != b, ast.NotEq),
    "<": (lambda a, b: a < b, ast.Lt),
    "<=": (lambda a, b: a <= b, ast.LtE),
    ">": (lambda a, b: a > b, ast.Gt),
    ">=": (lambda a, b: a >= b, ast.GtE),
}

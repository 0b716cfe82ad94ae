"""Compiles one resolved ruleset document into immutable `Rules`: checks what each key means, compiles expressions.

The loader hands over a document whose extends, rules version and table
options are already merged and which has passed the schema; everything here is
about meaning (a bid range a hand can reach, a trump mode with what it needs,
names that clash) and ends in frozen records the state machine reads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.actions import ActionSpace
from ..errors import Location, RulesetError
from ..expr.compiler import Compiled, Scope, compile_expression
from ..expr.functions import RESERVED, Stage, Type
from ..expr.site import Site
from ..expr.syntax import Node, parse
from .deck import Deck, load_deck
from .rules import (
    BiddingKind,
    BiddingRules,
    CardPattern,
    Counter,
    DealerRules,
    Definition,
    Exposure,
    FirstLead,
    LeadRestriction,
    MatchRules,
    NamedBid,
    OptionValue,
    PlayRules,
    Relation,
    Rules,
    ScoreRule,
    ScoringRules,
    TableOption,
    TimeoutRules,
    TrickEvent,
    TrumpMode,
    TrumpRules,
    Version,
    WhenBoth,
)
from .yamlsource import Document, KeyPath, Mark, format_path


def build_rules(
    document: Document, chain: tuple[str, ...], version: int, options: tuple[tuple[str, str], ...]
) -> Rules:
    """The compiled rules of a merged, schema-checked document; `RulesetError` names the key that makes no sense."""
    return _Builder(document, chain, version, options).build()


class _Builder:
    """Checks what the schema cannot (suits of the deck, consistent modes, names) and compiles expressions."""

    def __init__(self, document: Document, chain: tuple[str, ...], version: int, options: tuple[tuple[str, str], ...]):
        self.doc = document
        self.data: dict[str, Any] = document.data
        self.chain = chain
        self.version = version
        self.options = options
        deck_mark = document.marks.get(("deck",))
        origin = Path(deck_mark.file).parent if deck_mark else None
        try:
            self.deck: Deck = load_deck(self.data["deck"], origin)
        except RulesetError as exc:
            raise RulesetError(
                exc.problem, where=self.locate(("deck",)), path="deck", expected=exc.expected, found=exc.found
            ) from None
        if self.deck.size % 4:
            raise self.error(
                ("deck",), "four players need a deck whose size divides by 4", found=f"{self.deck.size} cards"
            )
        self.hand_size = self.deck.size // 4
        self.auction = self.data["bidding"]["kind"] == BiddingKind.AUCTION.value
        self.personal = self.data["scoring"]["by"] == "seat"
        self.definitions: dict[str, tuple[Site, Node]] = {}
        for name in self.data.get("definitions", {}):
            site = self.site(("definitions", name))
            self.definitions[name] = (site, parse(site))

    def locate(self, path: KeyPath) -> Location:
        return self.doc.locate(path)

    def error(self, path: KeyPath, problem: str, **details: Any) -> RulesetError:
        return RulesetError(problem, where=self.locate(path), path=format_path(path), **details)

    def suit(self, path: KeyPath, code: str) -> int:
        try:
            return self.deck.suit_index(code)
        except KeyError:
            raise self.error(
                path,
                f"the deck has no suit {code!r}",
                expected="one of " + ", ".join(repr(s.code) for s in self.deck.suits),
            ) from None

    def site(self, path: KeyPath) -> Site:
        value: Any = self.data
        for key in path:
            value = value[key]
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        mark = self.doc.marks.get(path) or Mark(self.doc.file, 1, 1)
        return Site(text, mark, format_path(path), self.doc.lines.get(mark.file, ()))

    def build(self) -> Rules:
        data = self.data
        named = self.named_bids()
        self.names = self.namespace(named)
        bidding = self.bidding(named)
        trump = self.trump()
        return Rules(
            id=data["id"],
            title=data["title"],
            description=" ".join(str(data.get("description", "")).split()),
            source=data.get("source", ""),
            extends=self.chain,
            version=self.version,
            options=self.options,
            table_options=self.table_options(),
            versions=tuple(Version(v["version"], " ".join(v["description"].split())) for v in data.get("versions", [])),
            deck=self.deck,
            direction=1 if data["direction"] == "clockwise" else -1,
            dealer=self.dealer(),
            exposure=self.exposure(),
            bidding=bidding,
            trump=trump,
            play=self.play(),
            definitions=tuple(Definition(n, str(t).strip()) for n, t in data.get("definitions", {}).items()),
            events=self.events(trump),
            scoring=self.scoring(),
            counters=self.counters(),
            match=self.match(),
            timeout=self.timeout(bidding, trump),
            actions=ActionSpace(
                self.deck,
                bidding.min,
                bidding.max,
                tuple(n.name for n in named),
                tuple(n.value for n in named),
                trump.suits,
                tuple(n.blind for n in named),
            ),
            file=self.doc.file,
        )

    def named_bids(self) -> tuple[NamedBid, ...]:
        named = self.data["bidding"].get("named", {})
        return tuple(
            NamedBid(n, spec["value"], " ".join(spec.get("description", "").split()), spec.get("blind", False))
            for n, spec in named.items()
        )

    def namespace(self, named: tuple[NamedBid, ...]) -> dict[str, KeyPath]:
        """Checks that definitions, counters, events and named bids have distinct, unreserved names."""
        owners: dict[str, KeyPath] = {}
        groups: list[tuple[KeyPath, list[str]]] = [
            (("definitions",), list(self.data.get("definitions", {}))),
            (("counters",), list(self.data.get("counters", {}))),
            (("events",), list(self.data.get("events", {}))),
            (("bidding", "named"), [n.name for n in named]),
        ]
        for prefix, names in groups:
            for name in names:
                path = (*prefix, name)
                if name in RESERVED:
                    raise self.error(
                        path, f"{name!r} is a built-in name of the expression language", hint="choose another name"
                    )
                if name in owners:
                    first = owners[name]
                    raise self.error(
                        path, f"the name {name!r} is already used at {format_path(first)} ({self.locate(first)})"
                    )
                owners[name] = path
        return owners

    def scope(self, stage: Stage, variable: str | None) -> Scope:
        return Scope(
            stage=stage,
            variable=variable,
            auction=self.auction,
            personal=self.personal,
            deck=self.deck,
            definitions=self.definitions,
            counters={
                n: (i, Type.SIDE if c["for"] == "side" else Type.SEAT)
                for i, (n, c) in enumerate(self.data.get("counters", {}).items())
            },
            events={n: i for i, n in enumerate(self.data.get("events", {}))},
            named_bids={n: i for i, n in enumerate(self.data["bidding"].get("named", {}))},
        )

    def expression(self, path: KeyPath, stage: Stage, variable: str | None, want: Type) -> Compiled:
        site = self.site(path)
        return compile_expression(site, parse(site), self.scope(stage, variable), want)

    def dealer(self) -> DealerRules:
        spec = self.data.get("dealer", {})
        first = spec.get("first", "random")
        moves = {"next": 1, "same": 0}
        return DealerRules(
            None if first == "random" else int(first),
            moves[spec.get("after_hand", "next")],
            moves[spec.get("after_cancelled", "next")],
        )

    def exposure(self) -> Exposure | None:
        spec = self.data.get("deal", {}).get("expose")
        if spec is None:
            return None
        if spec["card"] > self.hand_size:
            raise self.error(
                ("deal", "expose", "card"),
                "a player does not receive that many cards",
                expected=f"at most {self.hand_size}",
            )
        return Exposure(0 if spec["seat"] == "dealer" else 1, spec["card"])

    def bidding(self, named: tuple[NamedBid, ...]) -> BiddingRules:
        spec = self.data["bidding"]
        kind = BiddingKind(spec["kind"])
        low, high = spec["bids"]["min"], spec["bids"]["max"]
        if low > high:
            raise self.error(("bidding", "bids"), "the lowest bid is above the highest", found=f"min {low}, max {high}")
        if high > self.hand_size:
            raise self.error(
                ("bidding", "bids", "max"),
                "a bid cannot exceed the tricks in a hand",
                expected=f"at most {self.hand_size}",
            )
        ends_at = spec.get("ends_at", high)
        if not low <= ends_at <= high:
            raise self.error(("bidding", "ends_at"), "`ends_at` must be one of the bids", expected=f"{low}..{high}")
        all_pass = spec.get("all_pass", {"action": "cancel"})
        forced = all_pass.get("bid")
        if kind is BiddingKind.DECLARATIONS:
            for key in ("all_pass", "ends_at"):
                if key in spec:
                    raise self.error(("bidding", key), f"`{key}` belongs to auctions; these are one-shot declarations")
        elif all_pass["action"] == "force":
            if forced is None or not low <= forced <= high:
                raise self.error(
                    ("bidding", "all_pass"),
                    "a forced contract needs a `bid` among the bids",
                    expected=f"bid: {low}..{high}",
                )
        elif forced is not None:
            raise self.error(("bidding", "all_pass", "bid"), "`bid` is only used with `action: force`")
        if named and kind is BiddingKind.AUCTION:
            raise self.error(("bidding", "named"), "named bids belong to declarations, not to an auction")
        for bid in named:
            if bid.value > self.hand_size:
                raise self.error(("bidding", "named", bid.name, "value"), "a bid cannot exceed the tricks in a hand")
        cancel_if = (
            self.expression(("bidding", "cancel_if"), Stage.BIDDING, None, Type.BOOL) if "cancel_if" in spec else None
        )
        return BiddingRules(kind, low, high, named, ends_at, all_pass["action"], forced, cancel_if)

    def trump(self) -> TrumpRules:
        spec = self.data["trump"]
        mode = TrumpMode(spec["mode"])
        extras = {
            TrumpMode.CHOSEN: {"suits"},
            TrumpMode.FIXED: {"suit"},
            TrumpMode.EXPOSED: {"map"},
            TrumpMode.NONE: set(),
        }[mode]
        for key in ("suits", "suit", "map"):
            if key in spec and key not in extras:
                raise self.error(("trump", key), f"`{key}` has no meaning when trump mode is {mode.value!r}")
        suits: tuple[int, ...] = ()
        suit = None
        mapping: tuple[int, ...] = ()
        if mode is TrumpMode.CHOSEN:
            if not self.auction:
                raise self.error(
                    ("trump", "mode"),
                    "only an auction's declarer can choose trump",
                    hint="use 'fixed' or 'exposed' with declarations",
                )
            codes = spec.get("suits", [s.code for s in self.deck.suits])
            suits = tuple(self.suit(("trump", "suits", i), c) for i, c in enumerate(codes))
        elif mode is TrumpMode.FIXED:
            if "suit" not in spec:
                raise self.error(("trump",), "a fixed trump needs `suit`")
            suit = self.suit(("trump", "suit"), spec["suit"])
        elif mode is TrumpMode.EXPOSED:
            if "map" not in spec:
                raise self.error(("trump",), "trump from an exposed card needs `map`")
            if "expose" not in self.data.get("deal", {}):
                raise self.error(("trump", "mode"), "trump from an exposed card needs `deal.expose`")
            table = spec["map"]
            missing = [s.code for s in self.deck.suits if s.code not in table]
            if missing:
                raise self.error(
                    ("trump", "map"),
                    f"the map gives no trump for an exposed {missing[0]!r}",
                    expected="every suit of the deck as a key",
                )
            for key in table:
                self.suit(("trump", "map", key), key)
            mapping = tuple(self.suit(("trump", "map", s.code), table[s.code]) for s in self.deck.suits)
        return TrumpRules(mode, suits, suit, mapping)

    def play(self) -> PlayRules:
        spec = self.data["play"]
        first = FirstLead(spec["first_lead"])
        if first is FirstLead.DECLARER and not self.auction:
            raise self.error(
                ("play", "first_lead"), "only an auction has a declarer", hint="use 'after-dealer' or 'dealer'"
            )
        restrictions = []
        for i, item in enumerate(spec.get("lead_restrictions", [])):
            if item["suit"] == "trump":
                if self.data["trump"]["mode"] == TrumpMode.NONE.value:
                    raise self.error(("play", "lead_restrictions", i, "suit"), "there is no trump in this ruleset")
                restrictions.append(LeadRestriction(None))
            else:
                restrictions.append(LeadRestriction(self.suit(("play", "lead_restrictions", i, "suit"), item["suit"])))
        return PlayRules(first, spec.get("follow_suit", True), tuple(restrictions))

    def card_pattern(self, path: KeyPath, spec: str | dict[str, str]) -> CardPattern:
        rank_code, suit_code = (spec[:-1], spec[-1]) if isinstance(spec, str) else (spec["rank"], spec["suit"])
        ranks = [r.code for r in self.deck.ranks]
        if rank_code not in ranks:
            raise self.error(path, f"the deck has no rank {rank_code!r}", expected="one of " + " ".join(ranks))
        if suit_code == "trump":
            if self.data["trump"]["mode"] == TrumpMode.NONE.value:
                raise self.error(path, "there is no trump in this ruleset")
            return CardPattern(ranks.index(rank_code), None)
        return CardPattern(ranks.index(rank_code), self.suit(path, suit_code))

    def events(self, trump: TrumpRules) -> tuple[TrickEvent, ...]:
        out = []
        for name, spec in self.data.get("events", {}).items():
            out.append(
                TrickEvent(
                    name,
                    " ".join(spec.get("description", "").split()),
                    self.card_pattern(("events", name, "first"), spec["first"]),
                    self.card_pattern(("events", name, "then"), spec["then"]),
                    Relation(spec["by"]),
                )
            )
        return tuple(out)

    def scoring(self) -> ScoringRules:
        spec = self.data["scoring"]
        rules = []
        for name, rule in spec["rules"].items():
            per = rule["for"]
            if self.personal and per == "side":
                raise self.error(
                    ("scoring", "rules", name, "for"),
                    "a ruleset scored by seat gives points to seats only",
                    hint="use `for: seat`",
                )
            base = ("scoring", "rules", name)
            when = self.expression((*base, "when"), Stage.HAND, per, Type.BOOL) if "when" in rule else None
            points = self.expression((*base, "points"), Stage.HAND, per, Type.INT)
            rules.append(ScoreRule(name, " ".join(rule.get("description", "").split()), per, when, points))
        return ScoringRules(spec["by"], tuple(rules))

    def counters(self) -> tuple[Counter, ...]:
        out = []
        for name, spec in self.data.get("counters", {}).items():
            base = ("counters", name)
            limit = spec.get("limit")
            at_limit = spec.get("at_limit")
            if (limit is None) != (at_limit is None):
                raise self.error(base, "`limit` and `at_limit` go together")
            out.append(
                Counter(
                    name,
                    " ".join(spec.get("description", "").split()),
                    spec["for"],
                    spec.get("start", 0),
                    self.expression((*base, "add"), Stage.HAND, spec["for"], Type.INT),
                    limit,
                    at_limit["points"] if at_limit else 0,
                    at_limit["subtract"] if at_limit else 0,
                )
            )
        return tuple(out)

    def match(self) -> MatchRules:
        spec = self.data["match"]
        wins = self.expression(("match", "wins"), Stage.MATCH, "side", Type.BOOL)
        loses = self.expression(("match", "loses"), Stage.MATCH, "side", Type.BOOL) if "loses" in spec else None
        return MatchRules(wins, loses, WhenBoth(spec["when_both"]))

    def timeout(self, bidding: BiddingRules, trump: TrumpRules) -> TimeoutRules:
        spec = self.data.get("timeout", {})
        bid = spec.get("bid", "pass")
        if isinstance(bid, int) and not bidding.min <= bid <= bidding.max:
            raise self.error(
                ("timeout", "bid"), "the timeout bid is not a legal bid", expected=f"{bidding.min}..{bidding.max}"
            )
        suit_codes = [s.code for s in self.deck.suits]
        order = spec.get("trump", [suit_codes[i] for i in trump.suits] or suit_codes)
        trump_order = tuple(self.suit(("timeout", "trump", i), c) for i, c in enumerate(order))
        play = spec.get("play", {})
        suit_order = tuple(
            self.suit(("timeout", "play", "suit_order", i), c) for i, c in enumerate(play.get("suit_order", suit_codes))
        )
        if sorted(suit_order) != list(range(len(suit_codes))):
            raise self.error(("timeout", "play", "suit_order"), "the suit order must list every suit of the deck once")
        return TimeoutRules(bid, trump_order, play.get("prefer", "non-trump") == "non-trump", suit_order)

    def table_options(self) -> tuple[TableOption, ...]:
        out = []
        for name, spec in self.data.get("options", {}).items():
            values = tuple(
                OptionValue(v, " ".join(str(s.get("description", "")).split())) for v, s in spec["values"].items()
            )
            out.append(TableOption(name, " ".join(spec.get("description", "").split()), spec["default"], values))
        return tuple(out)

"""Compiles one resolved ruleset document into immutable `Rules`: checks what each key means, compiles expressions.

The loader hands over a document whose extends, rules version and table
options are already merged and which has passed the schema; everything here is
about meaning (a bid range a hand can reach, a trump mode with what it needs,
sides that share out the seats, names that clash) and ends in frozen records
the state machine reads.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .. import limits
from ..cards import Card, CardMask, Deck
from ..errors import Location, Mark, RulesetError, RulesRuntimeError, Said, said
from ..expr.compiler import Compiled, Scope, compile_expression
from ..expr.facts import Facts
from ..expr.functions import RESERVED, Stage, Type
from ..expr.site import Site
from ..expr.syntax import Node, parse
from ..seating import Seating
from .actions import ActionSpace
from .deck import ruleset_deck
from .formats import CURRENT
from .rules import (
    AloneRules,
    Announcement,
    BidBan,
    BiddingKind,
    BiddingRules,
    BreakBy,
    CallRules,
    CardCondition,
    CardPattern,
    Counter,
    DealerRules,
    DealRules,
    Definition,
    DoublingRules,
    DrawFirst,
    DrawRules,
    EstimateRules,
    ExchangeRules,
    Exposure,
    FirstLead,
    LeadRestriction,
    LeadsWith,
    MakingRound,
    MatchRules,
    MeldKind,
    MeldRules,
    MeldSource,
    MustRules,
    NamedBid,
    NamedGame,
    NumberList,
    OptionValue,
    PassingRules,
    PlayRules,
    Relation,
    RestDeal,
    Rules,
    ScoreRule,
    ScoringRules,
    Showing,
    TableOption,
    Tie,
    TimeoutRules,
    Translation,
    TrickEvent,
    TrumpMode,
    TrumpRules,
    TrumpSetting,
    Version,
    WhenBoth,
    passing_clash,
)
from .yamlsource import Document, KeyPath, format_path

TARGET_HANDS_PROBED = 24
"""Hands (each with every dealer) for which `passing.to` is tried at load: a cycle of 1, 2, 3, 4, 6, 8, 12 or 24
hands, such as left, right, across, hold, repeats within them."""


def build_rules(
    document: Document,
    chain: tuple[str, ...],
    version: int,
    options: tuple[tuple[str, str], ...],
    digests: tuple[str, str] = ("", ""),
    portable: dict[str, Any] | None = None,
    changes: tuple[str, ...] = (),
    *,
    written_in: str = CURRENT,
) -> Rules:
    """The compiled rules of a merged, schema-checked document; `RulesetError` names the key that makes no sense.

    `digests` identify the merged ruleset (today's, and the earlier releases' form old records carry) and
    `portable` is the copy records carry (None when bundled);
    `changes` are the rules a variant's own file sets; `written_in` the format of the file named.
    """
    return _Builder(document, chain, version, options).build(digests, portable, changes, written_in)


def inherited_hint(path: str, parent: str, child: str) -> str:
    """What to do about a key a variant inherits: it is written in the parent file, but changed in the child."""
    return f"`{path}` comes from {parent}, which {child} extends: to change it, set it in {child} (`null` removes it)"


EACH_SUIT = {"each": 1, "each-plain": 2}
"""How a meld's cards may be written in every suit: `MeldKind.in_each_suit` for each word."""


class _Builder:
    """Checks what the schema cannot (suits of the deck, consistent modes, names) and compiles expressions."""

    def __init__(self, document: Document, chain: tuple[str, ...], version: int, options: tuple[tuple[str, str], ...]):
        self.doc = document
        self.data: dict[str, Any] = document.data
        self.compiled: list[Compiled] = []
        self.chain = chain
        self.version = version
        self.options = options
        self.deck: Deck = ruleset_deck(document)
        self.seating = self.seats()
        self.sits_out = bool(self.data.get("deal", {}).get("dealer_sits_out", False))
        self.refuse_what_copies_cannot_mean()
        self.removed = self.removed_cards()
        self.pack = self.deck.size - self.removed.bit_count()
        """The cards dealt from: the deck less the cards removed."""
        self.most_cards = self.pack // (self.seating.seats - self.sits_out)
        if self.most_cards < 1:
            raise self.error(
                ("seats",),
                said("the deck has fewer cards than there are players"),
                found=said("{count} cards", count=self.deck.size),
            )
        self.bidding_kind = BiddingKind(self.data.get("bidding", {}).get("kind", BiddingKind.NONE.value))
        self.auction = self.bidding_kind in (BiddingKind.AUCTION, BiddingKind.CALLS)
        trump_mode = self.data.get("trump", {}).get("mode")
        chooses = self.bidding_kind is BiddingKind.NONE and trump_mode == TrumpMode.CHOSEN.value
        self.declares = self.auction or trump_mode == TrumpMode.MADE.value or chooses
        """True when a hand has a declarer: an auction's winner, the player who makes trump, or the dealer who
        chooses it when nobody bids."""
        self.personal = self.data["scoring"]["by"] == "seat"
        self.definitions: dict[str, tuple[Site, Node]] = {}
        self.parameters: dict[str, tuple[str, ...]] = {}
        for key in self.data.get("definitions", {}):
            site = self.site(("definitions", key))
            name, params = split_definition(key)
            self.definitions[name] = (site, parse(site))
            if params:
                self.parameters[name] = params

    def locate(self, path: KeyPath) -> Location:
        return self.doc.locate(path)

    def error(self, path: KeyPath, problem: str | Said, **details: Any) -> RulesetError:
        where = self.locate(path)
        if where.file != self.doc.file and not details.get("hint"):
            details["hint"] = inherited_hint(format_path(path), where.file, self.doc.file)
        return RulesetError(problem, where=where, path=format_path(path), **details)

    def suit(self, path: KeyPath, code: str) -> int:
        try:
            return self.deck.suit_index(code)
        except KeyError:
            raise self.error(
                path,
                said("the deck has no suit {code}", code=repr(code)),
                expected=said("one of {names}", names=", ".join(repr(s.code) for s in self.deck.suits)),
            ) from None

    def card(self, path: KeyPath, code: str) -> Card:
        if code not in self.deck.codes:
            raise self.error(
                path,
                said("the {deck} has no card {code}", deck=self.deck.title, code=repr(code)),
                expected=said("a card code such as {code}", code=repr(self.deck.codes[-1])),
            )
        return self.deck.codes.index(code)

    def cards(self, path: KeyPath, codes: list[str]) -> CardMask:
        """A mask of the cards named by suit codes (every card of the suit) or card codes (every copy of it)."""
        mask = 0
        suits = {s.code: i for i, s in enumerate(self.deck.suits)}
        for index, code in enumerate(codes):
            mask |= (
                self.deck.suit_masks[suits[code]] if code in suits else self.deck.twins[self.card((*path, index), code)]
            )
        return mask

    def refuse_what_copies_cannot_mean(self) -> None:
        """Under a deck holding each card more than once, refuses the rules that name one card to rank, to lead
        or to be taken, and runs of melds: the language has no word yet for which copy they mean."""
        if self.deck.copies == 1:
            return
        data = self.data
        named = [
            (("trump", "highest"), "a card ranked above the trumps"),
            (("play", "first_lead", "holder_of"), "the holder of a card leading first"),
            (("events",), "a trick event about named cards"),
        ]
        for path, what in named:
            value: Any = data
            for key in path:
                value = value.get(key) if isinstance(value, dict) else None
            if value:
                raise self.error(
                    path,
                    said(
                        "{what} cannot be said of a deck holding every card {count} times",
                        what=what,
                        count=self.deck.copies,
                    ),
                )
        games = data.get("trump", {}).get("games", {})
        for name, game in games.items() if isinstance(games, dict) else ():
            if isinstance(game, dict) and game.get("highest"):
                copies = self.deck.copies
                raise self.error(
                    ("trump", "games", name, "highest"),
                    said(
                        "a card ranked above the trumps cannot be said of a deck holding every card {count} times",
                        count=copies,
                    ),
                )
        kinds = data.get("melds", {}).get("kinds", {})
        for name, kind in kinds.items() if isinstance(kinds, dict) else ():
            if isinstance(kind, dict) and "run" in kind:
                raise self.error(
                    ("melds", "kinds", name, "run"),
                    said(
                        "a run cannot be found yet in a deck holding every card {count} times", count=self.deck.copies
                    ),
                    hint=said("name the run's cards with `cards`"),
                )

    def site(self, path: KeyPath) -> Site:
        value: Any = self.data
        for key in path:
            value = value[key]
        text = _expression_text(value)
        mark = self.doc.marks.get(path) or Mark(self.doc.file, 1, 1)
        return Site(text, mark, format_path(path), self.doc.lines.get(mark.file, ()))

    def build(
        self, digests: tuple[str, str], portable: dict[str, Any] | None, changes: tuple[str, ...], written_in: str
    ) -> Rules:
        data = self.data
        named = self.named_bids()
        self.names = self.namespace(named)
        deal = self.deal()
        bidding = self.bidding(named)
        trump = self.trump()
        return Rules(
            id=data["id"],
            title=data["title"],
            description=" ".join(str(data.get("description", "")).split()),
            source=data.get("source", ""),
            translations=_translations(data.get("translations", {})),
            extends=self.chain,
            version=self.version,
            options=self.options,
            table_options=self.table_options(),
            versions=tuple(Version(v["version"], " ".join(v["description"].split())) for v in data.get("versions", [])),
            deck=self.deck,
            seating=self.seating,
            dealer=self.dealer(),
            deal=deal,
            passing=self.passing(),
            bidding=bidding,
            trump=trump,
            exchange=self.exchange(),
            alone=self.alone(),
            doubling=self.doubling(),
            announcements=self.announcements(),
            showing=self.showing(),
            melds=self.melds(),
            play=self.play(),
            definitions=tuple(
                Definition(n, _expression_text(t).strip()) for n, t in data.get("definitions", {}).items()
            ),
            events=self.events(),
            scoring=self.scoring(),
            counters=self.counters(),
            match=self.match(),
            timeout=self.timeout(bidding, trump),
            actions=ActionSpace(
                self.deck,
                bidding.min,
                max(bidding.max, bidding.estimates.max if bidding.estimates else 0),
                tuple(n.name for n in named),
                tuple(n.value for n in named),
                trump.suits,
                tuple(n.blind for n in named),
                "passing" in data,
                "exchange" in data,
                "alone" in data,
                tuple(g.name for g in trump.games),
                self.bid_codes(bidding),
                (bidding.calls is not None and bidding.calls.doubles) or "doubling" in data,
                bidding.kind is not BiddingKind.NONE,
                trump.mode in (TrumpMode.CHOSEN, TrumpMode.MADE),
                bidding.values,
                bool(data.get("exchange", {}).get("optional", False)),
                tuple(data.get("announcements", {})),
                "showing" in data,
            ),
            file=self.doc.file,
            digest=digests[0],
            earlier_digest=digests[1],
            portable=portable,
            changes=changes,
            written_in=written_in,
            expressions=tuple(self.compiled),  # last: every argument before it compiles its expressions first
        )

    # ------------------------------------------------------------------ table

    def seats(self) -> Seating:
        seats = self.data.get("seats", 4)
        raw = self.data.get("sides") or []
        sides = tuple(tuple(members) for members in raw)
        seen: dict[int, int] = {}
        for index, members in enumerate(sides):
            for position, seat in enumerate(members):
                if seat >= seats:
                    raise self.error(
                        ("sides", index, position),
                        said("there is no seat {seat}", seat=seat),
                        expected=said("a seat from 0 to {last}", last=seats - 1),
                    )
                if seat in seen:
                    raise self.error(
                        ("sides", index, position),
                        said("seat {seat} is already on side {side}", seat=seat, side=seen[seat]),
                        hint=said("a seat plays for one side"),
                    )
                seen[seat] = index
        if sides and len(seen) != seats:
            missing = [s for s in range(seats) if s not in seen]
            raise self.error(
                ("sides",),
                said("seat {seat} is on no side", seat=missing[0]),
                expected=said("sides that share out every seat"),
                hint=said("leave `sides` out when everyone plays for themselves"),
            )
        if len(sides) == 1:
            raise self.error(("sides",), said("one side alone has no opponents"), expected=said("two sides or more"))
        direction = 1 if self.data["direction"] == "clockwise" else -1
        return Seating(seats, sides, direction, *self.seat_and_side_names(seats, sides))

    def seat_and_side_names(
        self, seats: int, sides: tuple[tuple[int, ...], ...]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The ruleset's own names of the seats and of the sides (`seat_names`, `side_names`): one for each, and
        no side called as a seat is, since "X won" must say which."""
        seat_names = tuple(self.data.get("seat_names") or ())
        side_names = tuple(self.data.get("side_names") or ())
        if seat_names and len(seat_names) != seats:
            raise self.error(
                ("seat_names",),
                said("{count} names", count=len(seat_names)),
                expected=said("one name for each of the {count} seats", count=seats),
            )
        if side_names and not sides:
            raise self.error(
                ("side_names",),
                said("names of sides at a table where everyone plays for themselves"),
                expected=said("`sides` for them to name"),
                hint=said("leave `side_names` out, or give the partnerships in `sides`"),
            )
        if side_names and len(side_names) != len(sides):
            raise self.error(
                ("side_names",),
                said("{count} names", count=len(side_names)),
                expected=said("one name for each of the {count} sides", count=len(sides)),
            )
        for index, name in enumerate(side_names):
            if name in seat_names:
                raise self.error(
                    ("side_names", index),
                    said("{name} is also a seat's name", name=repr(name)),
                    expected=said("a name of its own"),
                )
        return seat_names, side_names

    def scope(self, stage: Stage, variable: str | None) -> Scope:
        return Scope(
            stage=stage,
            variable=variable,
            auction=self.auction,
            declares=self.declares,
            draws="draw" in self.data.get("play", {}),
            melds="melds" in self.data,
            personal=self.personal,
            deck=self.deck,
            seating=self.seating,
            definitions=self.definitions,
            parameters=self.parameters,
            counters={
                n: (i, Type.SIDE if c["for"] == "side" else Type.SEAT)
                for i, (n, c) in enumerate(self.data.get("counters", {}).items())
            },
            events={n: i for i, n in enumerate(self.data.get("events", {}))},
            named_bids={n: i for i, n in enumerate(self.data.get("bidding", {}).get("named", {}))},
            games={n: i for i, n in enumerate(self.data.get("trump", {}).get("games", {}))},
            announcements={n: i for i, n in enumerate(self.data.get("announcements", {}))},
        )

    def expression(self, path: KeyPath, stage: Stage, variable: str | None, want: Type) -> Compiled:
        site = self.site(path)
        compiled = compile_expression(site, parse(site), self.scope(stage, variable), want)
        self.compiled.append(compiled)
        return compiled

    def per(self, path: KeyPath, per: str) -> str:
        """Checks that a rule evaluated per side has sides to range over."""
        if per == "side" and not self.seating.has_sides:
            raise self.error(
                path,
                said("this table has no sides: everyone plays for themselves"),
                hint=said("use `for: seat`, or declare `sides`"),
            )
        return per

    def named_bids(self) -> tuple[NamedBid, ...]:
        named = self.data.get("bidding", {}).get("named", {})
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
            (("trump", "games"), list(self.data.get("trump", {}).get("games", {}))),
            (("announcements",), list(self.data.get("announcements", {}))),
        ]
        for prefix, keys in groups:
            for key in keys:
                path = (*prefix, key)
                name = split_definition(key)[0]
                if name in RESERVED:
                    raise self.error(
                        path,
                        said("{name} is a built-in name of the expression language", name=repr(name)),
                        hint=said("choose another name"),
                    )
                if name in owners:
                    first = owners[name]
                    raise self.error(
                        path,
                        said(
                            "the name {name} is already used at {path} ({where})",
                            name=repr(name),
                            path=format_path(first),
                            where=str(self.locate(first)),
                        ),
                    )
                owners[name] = path
        return owners

    def dealer(self) -> DealerRules:
        spec = self.data.get("dealer", {})
        first = spec.get("first", "random")
        if isinstance(first, str) and first != "random":
            computed = self.expression(("dealer", "first"), Stage.DEAL, None, Type.INT)
            if not computed.is_constant:
                raise self.error(
                    ("dealer", "first"),
                    said("the first dealer must be known when the rules load"),
                    hint=said("write it from numbers and definitions, such as {form}", form="`(board - 1) % 4`"),
                )
            first = int(computed.constant)
        if first != "random" and not 0 <= first < self.seating.seats:
            raise self.error(
                ("dealer", "first"),
                said("there is no seat {seat}", seat=first),
                expected=said("a seat from 0 to {last}", last=self.seating.seats - 1),
            )
        moves = {"next": 1, "same": 0}
        roles = tuple(str(name) for name in spec.get("roles", ()))
        if len(roles) > self.seating.seats:
            raise self.error(
                ("dealer", "roles"),
                said("{count} places named at a table of {seats} seats", count=len(roles), seats=self.seating.seats),
                expected=said("at most {count} names", count=self.seating.seats),
            )
        return DealerRules(
            None if first == "random" else int(first),
            moves[spec.get("after_hand", "next")],
            moves[spec.get("after_cancelled", "next")],
            roles,
            spec.get("deals_each", 1),
        )

    # ------------------------------------------------------------------- deal

    def deal(self) -> DealRules:
        spec = self.data.get("deal", {})
        size: Compiled | None = None
        most = self.most_cards
        if "hand_size" in spec:
            size = self.expression(("deal", "hand_size"), Stage.DEAL, None, Type.INT)
            if size.is_constant:
                if not 1 <= size.constant <= most:
                    raise self.error(
                        ("deal", "hand_size"),
                        said(
                            "{players} players cannot each be dealt {count} cards",
                            players=self.seating.seats - self.sits_out,
                            count=size.constant,
                        ),
                        expected=said("1 to {most} with the {deck}", most=most, deck=self.deck.title),
                    )
                most = size.constant
        self.hand_cards = most
        self.fixed_size = size is None or size.is_constant
        if self.sits_out:
            self.check_dealer_out()
        exposure = self.exposure(spec.get("expose"), most)
        return DealRules(size, most, exposure, self.sits_out, self.removed, self.rest_deal(spec, most, exposure))

    def rest_deal(self, spec: dict[str, Any], first: int, exposure: Exposure | None) -> RestDeal | None:
        """`deal.rest`: the rest of a deal in stages, dealt once trump is fixed."""
        rest = spec.get("rest")
        if rest is None:
            return None
        path: KeyPath = ("deal", "rest")
        if self.data["trump"]["mode"] not in (TrumpMode.MADE.value, TrumpMode.CHOSEN.value):
            raise self.error(
                path,
                said("the rest of a deal is dealt once trump is made or chosen, and these rules have no such moment"),
                expected=said("{made} or {chosen}", made="`trump.mode: made`", chosen="`chosen`"),
            )
        if not self.fixed_size:
            raise self.error(
                ("deal", "hand_size"),
                said("a deal in stages starts with a fixed number of cards"),
                expected=Said(Type.INT.value),
            )
        if "draw" in self.data.get("play", {}):
            raise self.error(path, said("a deal in stages does not go with drawing from the stock during play"))
        size = int(rest["hand_size"])
        seats = self.seating.seats - self.sits_out
        most = self.most_cards
        if not first < size <= most:
            raise self.error(
                (*path, "hand_size"),
                said("after {first} cards each, the rest must bring every hand to more, within the deck", first=first),
                expected=said(
                    "{low} to {high} for {seats} players with the {deck}",
                    low=first + 1,
                    high=most,
                    seats=seats,
                    deck=self.deck.title,
                ),
                found=str(size),
            )
        to_declarer = rest.get("exposed_to", "stock") == "declarer"
        if to_declarer and (exposure is None or exposure.seat_offset is not None):
            raise self.error(
                (*path, "exposed_to"),
                said("only a card shown from the stock can go to the declarer"),
                expected="`deal.expose: {seat: stock, card: 1}`",
            )
        if to_declarer and exposure is not None and exposure.card != 1:
            raise self.error(
                ("deal", "expose", "card"), said("the card the declarer takes is the stock's first"), expected="1"
            )
        return RestDeal(size, to_declarer)

    def removed_cards(self) -> CardMask:
        """`deal.remove`: the cards taken out before every deal, as a mask (each a card of the deck)."""
        codes = self.data.get("deal", {}).get("remove", [])
        return sum(self.deck.twins[self.card(("deal", "remove", i), code)] for i, code in enumerate(codes))

    def check_dealer_out(self) -> None:
        """A dealer who sits out needs a table of three or more, and phases that count the players who act."""
        path: KeyPath = ("deal", "dealer_sits_out")
        if self.seating.seats < 3:
            raise self.error(
                path, said("a dealer who sits out leaves too few players"), expected=said("a table of 3 or more")
            )
        if self.bidding_kind not in (BiddingKind.AUCTION, BiddingKind.NONE):
            raise self.error(
                path, said("a dealer who sits out goes with an auction or no bidding"), hint="`bidding.kind`"
            )
        for key in ("passing", "alone"):
            if key in self.data:
                raise self.error(path, said("a dealer who sits out does not go with {key}", key=f"`{key}`"))
        if self.data["trump"]["mode"] == TrumpMode.MADE.value:
            raise self.error(path, said("a dealer who sits out does not go with trump made in rounds"))
        acting = next(self.dealer_acts(), None)
        if acting is not None:
            raise self.error(
                acting[0],
                said("the dealer sits out, holds no cards and has no turn, so cannot do this"),
                hint=acting[1],
            )

    def dealer_acts(self) -> Iterator[tuple[KeyPath, str]]:
        """Keys that give the dealer a card or a turn: the first lead, an exposed card of its hand, its exchange."""
        if self.data["play"]["first_lead"] == FirstLead.DEALER.value:
            yield ("play", "first_lead"), "let the player after the dealer lead (`first_lead: after-dealer`)"
        if self.data.get("deal", {}).get("expose", {}).get("seat") == "dealer":
            yield ("deal", "expose", "seat"), "expose a card of the player after the dealer, or of the stock"
        if self.data.get("exchange", {}).get("seat") == "dealer":
            yield ("exchange", "seat"), "let the declarer exchange (`seat: declarer`)"

    def exposure(self, spec: dict[str, Any] | None, most: int) -> Exposure | None:
        if spec is None:
            return None
        card = spec["card"]
        position = 0 if card == "last" else card
        if spec["seat"] == "stock":
            if card == "last":
                raise self.error(("deal", "expose", "card"), said("name the stock card by its place, counted from 1"))
            return Exposure(None, position)
        if position > most:
            raise self.error(
                ("deal", "expose", "card"),
                said("a player does not receive that many cards"),
                expected=said("at most {count}", count=most),
            )
        if position > 1 and not self.fixed_size:
            raise self.error(
                ("deal", "expose", "card"),
                said(
                    "the hand size changes from hand to hand, so a hand may have fewer than {count} cards",
                    count=position,
                ),
                expected=said("1 or 'last' (every hand has a first and a last card)"),
                found=str(position),
            )
        return Exposure(0 if spec["seat"] == "dealer" else 1, position)

    def passing(self) -> PassingRules | None:
        spec = self.data.get("passing")
        if spec is None:
            return None
        if spec["cards"] >= self.hand_cards:
            raise self.error(
                ("passing", "cards"),
                said("a player must keep some cards"),
                expected=said("fewer than {count}", count=self.hand_cards),
            )
        if any(n.get("blind", False) for n in self.data.get("bidding", {}).get("named", {}).values()):
            raise self.error(
                ("passing",),
                said(
                    "a blind bid is made before the bidder looks at their cards, but passing comes first and shows them"
                ),
                hint=said("drop `passing`, or make no named bid `blind`"),
            )
        to = self.expression(("passing", "to"), Stage.PASSING, "seat", Type.SEAT)
        self.check_targets(to)
        return PassingRules(spec["cards"], to, " ".join(str(spec.get("description", "")).split()))

    def check_targets(self, to: Compiled) -> None:
        """Refuses a `passing.to` under which two seats pass to one seat in some hand tried (hands would then hold
        different numbers of cards): each seat must receive the cards of exactly one seat, itself included."""
        seats = self.seating.seats
        facts = Facts.blank(self.seating, self.deck, self.hand_cards)
        for hand in range(1, TARGET_HANDS_PROBED + 1):
            for dealer in range(seats):
                facts.hand_number, facts.dealer = hand, dealer
                try:
                    targets = [to(facts, seat) % seats for seat in range(seats)]
                except RulesRuntimeError:
                    continue
                clash = passing_clash(targets)
                if clash is not None:
                    raise self.error(
                        ("passing", "to"),
                        f"in hand {hand} with seat {dealer} dealing, {clash}",
                        expected="each seat receiving the cards of exactly one seat (itself, to pass nothing)",
                        hint="write it with left(seat), right(seat), across(seat) or seat, the same for every seat",
                    )

    def bid_codes(self, bidding: BiddingRules) -> tuple[str, ...]:
        """How each bid of a `calls` auction is written (`1C`, `3NT`), by bid number from 0 (unused); empty for
        numeric bids."""
        calls = bidding.calls
        if calls is None:
            return ()
        suits = self.deck.suits
        codes = (
            f"{calls.level(v)}{'NT' if calls.strain(v) < 0 else suits[calls.strain(v)].code}"
            for v in range(1, bidding.max + 1)
        )
        return ("", *codes)

    def calls(self, spec: dict[str, Any]) -> BiddingRules:
        for key in ("bids", "named", "ends_at", "all_pass", "forbid"):
            if key in spec:
                raise self.error(("bidding", key), f"`{key}` has no meaning in bidding of kind 'calls'")
        for key in ("levels", "strains"):
            if key not in spec:
                raise self.error(("bidding",), f"bidding of kind 'calls' needs `{key}`")
        low, high = spec["levels"]["min"], spec["levels"]["max"]
        if low > high:
            raise self.error(("bidding", "levels"), "the lowest level is above the highest", found=f"{low}..{high}")
        strains = tuple(
            -1 if code == "NT" else self.suit(("bidding", "strains", i), code) for i, code in enumerate(spec["strains"])
        )
        rules = CallRules(
            low,
            high - low + 1,
            strains,
            0 if spec.get("first", "dealer") == "dealer" else 1,
            spec.get("ends_after_passes", self.seating.seats - 1),
            bool(spec.get("doubles", False)),
        )
        cancel_if = (
            self.expression(("bidding", "cancel_if"), Stage.BIDDING, None, Type.BOOL) if "cancel_if" in spec else None
        )
        count = rules.levels * len(strains)
        return BiddingRules(BiddingKind.CALLS, 1, count, None, (), count, "cancel", None, cancel_if, (), rules)

    def dummy(self, spec: dict[str, Any]) -> bool:
        if not spec.get("dummy", False):
            return False
        if not self.declares:
            raise self.error(("play", "dummy"), "only a hand with a declarer can have a dummy")
        if not self.seating.has_sides or any(len(side) != 2 for side in self.seating.sides):
            raise self.error(("play", "dummy"), "the dummy is the declarer's partner: it needs sides of two")
        return True

    def exchange(self) -> ExchangeRules | None:
        spec = self.data.get("exchange")
        if spec is None:
            return None
        if spec["seat"] == "declarer" and not self.declares:
            raise self.error(("exchange", "seat"), "only a hand with a declarer can let the declarer exchange")
        if spec["take"] == "exposed" and "expose" not in self.data.get("deal", {}):
            raise self.error(("exchange", "take"), "taking the exposed card needs `deal.expose`")
        if spec["take"] == "exposed" and self.data["deal"]["expose"]["seat"] != "stock":
            raise self.error(
                ("deal", "expose", "seat"),
                "the exchange takes the exposed card, but this one stays in a player's hand: it would be in two hands",
                hint="expose a card of the stock (`deal.expose.seat: stock`)",
            )
        if spec["take"] == "stock" and self.pack <= (self.seating.seats - self.sits_out) * self.hand_cards:
            raise self.error(("exchange", "take"), "the deal leaves no stock to take", hint="deal fewer cards")
        self.check_discard(spec)
        when = self.expression(("exchange", "when"), Stage.BIDDING, None, Type.BOOL) if "when" in spec else None
        before_trump = bool(spec.get("before_trump", False))
        if before_trump and (
            TrumpMode(self.data["trump"]["mode"]) is not TrumpMode.CHOSEN or spec["seat"] != "declarer"
        ):
            raise self.error(
                ("exchange", "before_trump"),
                "only the declarer's exchange can come before trump, and only when the declarer chooses trump",
                hint="use `seat: declarer` and `trump: {mode: chosen}`",
            )
        return ExchangeRules(
            spec["seat"],
            spec["take"],
            spec["discard"],
            bool(spec.get("keep_taken", False)),
            when,
            " ".join(str(spec.get("description", "")).split()),
            bool(spec.get("optional", False)),
            before_trump,
        )

    def check_discard(self, spec: dict[str, Any]) -> None:
        """The seat lays away as many cards as it takes, so that it plays on with as many cards as the others."""
        if spec["take"] == "stock" and not self.fixed_size:
            raise self.error(
                ("exchange", "take"),
                "the stock's size changes with the hand size, but the exchange lays a fixed number of cards away",
                hint="deal a fixed `deal.hand_size`, or take the exposed card",
            )
        dealt = (self.seating.seats - self.sits_out) * self.hand_cards
        taken = 1 if spec["take"] == "exposed" else self.pack - dealt
        if spec["discard"] != taken:
            raise self.error(
                ("exchange", "discard"),
                f"the seat takes {taken} card(s) but lays {spec['discard']} away, so it would play on with "
                f"{self.hand_cards + taken - spec['discard']} cards and the others with {self.hand_cards}",
                expected=str(taken),
                found=str(spec["discard"]),
            )

    def announcements(self) -> tuple[Announcement, ...]:
        """What the declarer may announce once the game is named, in the order it is asked."""
        spec = self.data.get("announcements", {})
        if spec and not self.declares:
            raise self.error(("announcements",), "only a hand with a declarer has someone to announce")
        return tuple(
            Announcement(
                name,
                " ".join(str(entry.get("description", "")).split()),
                self.expression(("announcements", name, "when"), Stage.ANNOUNCE, None, Type.BOOL)
                if "when" in entry
                else None,
            )
            for name, entry in spec.items()
        )

    def showing(self) -> tuple[Showing, ...]:
        """Which held cards players may show before the first lead, and in which hands."""
        return tuple(
            Showing(
                name,
                " ".join(str(entry.get("description", "")).split()),
                self.cards(("showing", name, "cards"), entry["cards"]),
                self.expression(("showing", name, "when"), Stage.ANNOUNCE, None, Type.BOOL)
                if "when" in entry
                else None,
            )
            for name, entry in self.data.get("showing", {}).items()
        )

    def melds(self) -> MeldRules | None:
        """The combinations of cards that score (`melds`): where they are found, their kinds, and the comparison."""
        spec = self.data.get("melds")
        if spec is None:
            return None
        source = MeldSource(spec["from"])
        if source is MeldSource.SHOWN and "showing" not in self.data:
            raise self.error(
                ("melds", "from"),
                "melds among the cards shown need a way to show cards",
                expected="a `showing` entry for the cards of the melds",
                hint="add `showing`, or use `from: dealt` to count melds without showing them",
            )
        deck = self.deck
        if "order" in spec:
            place = [-1] * deck.ranks_per_suit
            for index, code in enumerate(spec["order"]):
                rank = self.rank(("melds", "order", index), code)
                if place[rank] >= 0:
                    raise self.error(
                        ("melds", "order", index), f"the rank {code!r} is listed twice", expected="each rank once"
                    )
                place[rank] = index
        else:
            strength = sorted(range(deck.ranks_per_suit), key=lambda r: deck.ranks[r].order)
            place = [strength.index(r) for r in range(deck.ranks_per_suit)]
        kinds = []
        for name, entry in spec["kinds"].items():
            path = ("melds", "kinds", name)
            shapes = [key for key in ("run", "ranks", "cards") if key in entry]
            if len(shapes) != 1:
                raise self.error(
                    path,
                    f"a meld is one shape, and {name!r} gives {' and '.join(shapes) if shapes else 'none'}",
                    expected="exactly one of `run`, `ranks` or `cards`",
                )
            run = int(entry.get("run", 0))
            in_runs = sum(1 for p in place if p >= 0)
            if run > in_runs:
                raise self.error(
                    (*path, "run"),
                    f"a run of {run} cards is longer than the {in_runs} ranks of the sequence order",
                    expected=f"at most {in_runs}",
                )
            ranks = tuple(self.rank((*path, "ranks", i), code) for i, code in enumerate(entry.get("ranks", [])))
            cards, in_each_suit = self.meld_cards((*path, "cards"), entry.get("cards", []))
            description = " ".join(str(entry.get("description", "")).split())
            points_in = self.points_in_games((*path, "points_in"), entry.get("points_in", {}))
            sets = int(entry.get("sets", 1))
            if sets > deck.copies:
                raise self.error(
                    (*path, "sets"),
                    f"the {deck.title} holds every card {deck.copies} time{'s' if deck.copies > 1 else ''}",
                    expected=f"at most {deck.copies}",
                    found=str(sets),
                )
            kinds.append(
                MeldKind(
                    name,
                    description,
                    entry["points"],
                    run,
                    ranks,
                    cards,
                    entry.get("compared", True),
                    points_in,
                    sets,
                    str(entry.get("group", "")),
                    in_each_suit,
                )
            )
        runs = [k.run for k in kinds if k.run]
        if len(set(runs)) != len(runs):
            raise self.error(
                ("melds", "kinds"), "two kinds of run have the same length", expected="one kind per length"
            )
        best = spec.get("compare", "each") == "best"
        if best and source is MeldSource.TRICKS:
            raise self.error(
                ("melds", "compare"),
                "melds in tricks go to each trick's winner and are not compared",
                expected="`compare: each`, or melds from the cards shown or dealt",
            )
        if "ties" in spec and not best:
            raise self.error(
                ("melds", "ties"), "ties are broken only when the best melds are compared", hint="add `compare: best`"
            )
        return MeldRules(
            source,
            tuple(kinds),
            tuple(place),
            best,
            spec.get("ties", "none") == "first",
            " ".join(str(spec.get("description", "")).split()),
        )

    def meld_cards(self, path: KeyPath, specs: list[Any]) -> tuple[tuple[CardPattern, ...], int]:
        """A meld's named cards, and whether they are written with `suit: each` (1) or `suit: each-plain` (2), the
        same cards in any suit or in any suit but trump; every card of such a meld is written so."""
        each = [isinstance(spec, dict) and spec.get("suit") in EACH_SUIT for spec in specs]
        if any(each) and not all(each):
            raise self.error(
                path,
                "a meld names its cards in one suit or in each suit, not both",
                expected="`suit: each` (or `each-plain`) for every card of the meld, or for none",
            )
        if any(each):
            suits = {spec["suit"] for spec in specs}
            if len(suits) > 1:
                raise self.error(path, "a meld's cards are in each suit or in each plain suit, not both")
            if "each-plain" in suits and self.data["trump"]["mode"] == TrumpMode.NONE.value:
                raise self.error(path, "there is no trump in this ruleset", hint="write `suit: each`")
            cards = tuple(CardPattern(self.rank((*path, i, "rank"), spec["rank"]), 0) for i, spec in enumerate(specs))
            mode = EACH_SUIT[suits.pop()]
        else:
            cards = tuple(self.card_pattern((*path, i), c) for i, c in enumerate(specs))
            mode = 0
        if len(set(cards)) != len(cards):
            raise self.error(path, "a card is listed twice", expected="different cards")
        return cards, mode

    def points_in_games(self, path: KeyPath, worth: dict[str, int]) -> tuple[tuple[int, int], ...]:
        """A meld's worth in named games (`points_in`), by game index; each name must be one of `trump.games`."""
        games = list(self.data.get("trump", {}).get("games", {}))
        for name in worth:
            if name not in games:
                raise self.error(
                    (*path, name),
                    f"{name!r} is not a named game of these rules",
                    expected="one of " + ", ".join(games) if games else "a game named in `trump.games`",
                    hint="a meld's worth may differ only between the games of `trump.games`",
                )
        return tuple((games.index(name), int(points)) for name, points in worth.items())

    def alone(self) -> AloneRules | None:
        spec = self.data.get("alone")
        if spec is None:
            return None
        if not self.declares:
            raise self.error(("alone",), "only a hand with a declarer can let the declarer play alone")
        if not self.seating.has_sides or any(len(side) != 2 for side in self.seating.sides):
            raise self.error(("alone",), "playing alone needs sides of two players", hint="see `sides`")
        must = self.expression(("alone", "must_when"), Stage.BIDDING, None, Type.BOOL) if "must_when" in spec else None
        return AloneRules(must, spec.get("defenders", "never"), " ".join(str(spec.get("description", "")).split()))

    def doubling(self) -> DoublingRules | None:
        spec = self.data.get("doubling")
        if spec is None:
            return None
        if self.bidding_kind is BiddingKind.CALLS:
            raise self.error(
                ("doubling",), "an auction of calls doubles inside the auction", hint="`bidding.calls.doubles: true`"
            )
        if not self.declares:
            raise self.error(
                ("doubling",),
                "only a hand with a declarer has a contract to double",
                hint="a declarer wins an auction, or makes trump (`trump: {mode: made}`)",
            )
        when = self.expression(("doubling", "when"), Stage.BIDDING, None, Type.BOOL) if "when" in spec else None
        return DoublingRules(when, bool(spec.get("redouble", True)), " ".join(str(spec.get("description", "")).split()))

    # ---------------------------------------------------------------- bidding

    def bidding(self, named: tuple[NamedBid, ...]) -> BiddingRules:
        spec = self.data.get("bidding", {"kind": "none"})
        kind = self.bidding_kind
        if "estimates" in spec and kind is not BiddingKind.AUCTION:
            raise self.error(
                ("bidding", "estimates"),
                "estimates follow an auction: its winner is the declarer, and the others estimate their tricks",
                expected="bidding.kind: auction",
            )
        calls_keys = ("levels", "strains", "first", "ends_after_passes", "doubles")
        if kind is not BiddingKind.CALLS:
            for key in calls_keys:
                if key in spec:
                    raise self.error(("bidding", key), f"`{key}` belongs to bidding of kind 'calls'")
        if kind is BiddingKind.NONE:
            for key in ("bids", "named", "ends_at", "all_pass", "cancel_if", "forbid"):
                if key in spec:
                    raise self.error(("bidding", key), f"`{key}` has no meaning when there is no bidding")
            return BiddingRules(kind, 0, 0, None, (), 0, "cancel", None, None)
        if kind is BiddingKind.CALLS:
            return self.calls(spec)
        if "bids" not in spec:
            raise self.error(("bidding",), "the bidding needs `bids`, the range of numeric bids")
        if "order" in spec and kind is not BiddingKind.AUCTION:
            raise self.error(("bidding", "order"), "`order` says how an auction goes round; these are declarations")
        duels = spec.get("order", "round") == "duels"
        once = spec.get("order", "round") == "once"
        values = self.bid_values(kind, spec["bids"])
        most = self.hand_cards
        max_bid: Compiled | None = None
        if not values and ("min" not in spec["bids"] or "max" not in spec["bids"]):
            raise self.error(("bidding", "bids"), "the bids need `min` and `max`, or a list of `values`")
        low = values[0] if values else spec["bids"]["min"]
        high_spec = values[-1] if values else spec["bids"]["max"]
        if values:
            high = high_spec  # values such as a game's worth, not tricks: no limit from the hand
        elif isinstance(high_spec, int):
            high = high_spec
            if high > most:
                raise self.error(
                    ("bidding", "bids", "max"), "a bid cannot exceed the tricks in a hand", expected=f"at most {most}"
                )
        else:
            max_bid = self.expression(("bidding", "bids", "max"), Stage.BIDDING, None, Type.INT)
            high = most
        if low > high:
            raise self.error(("bidding", "bids"), "the lowest bid is above the highest", found=f"min {low}, max {high}")
        ends_at = spec.get("ends_at", high)
        if not low <= ends_at <= high or (values and ends_at not in values):
            listed = f"one of {', '.join(map(str, values))}" if values else f"{low}..{high}"
            raise self.error(("bidding", "ends_at"), "`ends_at` must be one of the bids", expected=listed)
        if duels and "ends_at" in spec:
            raise self.error(("bidding", "ends_at"), "an auction in duels ends when one player is left, not at a bid")
        all_pass = spec.get("all_pass", {"action": "cancel"})
        forced = all_pass.get("bid")
        if kind is BiddingKind.DECLARATIONS:
            for key in ("all_pass", "ends_at"):
                if key in spec:
                    raise self.error(("bidding", key), f"`{key}` belongs to auctions; these are one-shot declarations")
        else:
            if all_pass["action"] in ("force", "must-bid") and duels:
                raise self.error(
                    ("bidding", "all_pass", "action"),
                    "in duels the last player left chooses to bid the lowest bid or pass; nothing is forced",
                    hint="leave `all_pass` out, or bid in rounds (`order: round` or `once`)",
                )
            if all_pass["action"] == "force":
                if forced is None or not low <= forced <= high:
                    raise self.error(
                        ("bidding", "all_pass"),
                        "a forced contract needs a `bid` among the bids",
                        expected=f"bid: {low}..{high}",
                    )
            elif forced is not None:
                raise self.error(("bidding", "all_pass", "bid"), "`bid` is only used with `action: force`")
            if "forbid" in spec:
                raise self.error(
                    ("bidding", "forbid"), "`forbid` bans declarations; an auction's bids must rise instead"
                )
        if named and kind is BiddingKind.AUCTION:
            raise self.error(("bidding", "named"), "named bids belong to declarations, not to an auction")
        for bid in named:
            if bid.value > most:
                raise self.error(("bidding", "named", bid.name, "value"), "a bid cannot exceed the tricks in a hand")
        cancel_if = (
            self.expression(("bidding", "cancel_if"), Stage.BIDDING, None, Type.BOOL) if "cancel_if" in spec else None
        )
        bans = tuple(
            BidBan(
                name,
                " ".join(str(ban.get("description", "")).split()),
                self.expression(("bidding", "forbid", name, "when"), Stage.BID, "seat", Type.BOOL),
            )
            for name, ban in spec.get("forbid", {}).items()
        )
        return BiddingRules(
            kind,
            low,
            high,
            max_bid,
            named,
            ends_at,
            all_pass["action"],
            forced,
            cancel_if,
            bans,
            None,
            values,
            duels,
            once,
            self.estimates(spec["estimates"]) if "estimates" in spec else None,
        )

    def estimates(self, spec: dict[str, Any]) -> EstimateRules:
        """The second round of an auction's hand: the others' estimates, their range and their bans."""
        most = self.hand_cards
        low = spec.get("min", 0)
        high_spec = spec.get("max", most)
        max_estimate: Compiled | None = None
        if isinstance(high_spec, int):
            high = high_spec
            if high > most:
                raise self.error(
                    ("bidding", "estimates", "max"),
                    "an estimate cannot exceed the tricks in a hand",
                    expected=f"at most {most}",
                )
        else:
            max_estimate = self.expression(("bidding", "estimates", "max"), Stage.BIDDING, None, Type.INT)
            high = most
        if low > high:
            raise self.error(
                ("bidding", "estimates"), "the lowest estimate is above the highest", found=f"min {low}, max {high}"
            )
        bans = tuple(
            BidBan(
                name,
                " ".join(str(ban.get("description", "")).split()),
                self.expression(("bidding", "estimates", "forbid", name, "when"), Stage.BID, "seat", Type.BOOL),
            )
            for name, ban in spec.get("forbid", {}).items()
        )
        without = None
        if "without_auction" in spec:
            without = self.expression(("bidding", "estimates", "without_auction"), Stage.PASSING, None, Type.BOOL)
        return EstimateRules(low, high, max_estimate, bans, without)

    def bid_values(self, kind: BiddingKind, bids: dict[str, Any]) -> tuple[int, ...]:
        """An auction's list of the only values a bid may take (empty when the bids are a range)."""
        if "values" not in bids:
            return ()
        if kind is not BiddingKind.AUCTION:
            raise self.error(("bidding", "bids", "values"), "a list of bid values belongs to an auction")
        for key in ("min", "max"):
            if key in bids:
                raise self.error(("bidding", "bids", key), "`values` lists every bid: leave out `min` and `max`")
        values = tuple(bids["values"])
        if list(values) != sorted(set(values)):
            raise self.error(
                ("bidding", "bids", "values"), "bid values are listed once each, rising", found=str(list(values))
            )
        return values

    def trump(self) -> TrumpRules:
        spec = self.data["trump"]
        mode = TrumpMode(spec["mode"])
        extras = {
            TrumpMode.CHOSEN: {"suits", "games", "set"},
            TrumpMode.FIXED: {"suit"},
            TrumpMode.EXPOSED: {"map"},
            TrumpMode.MADE: {"rounds", "last_must_name", "games"},
            TrumpMode.BID: set(),
            TrumpMode.LED: set(),
            TrumpMode.NONE: set(),
        }[mode]
        for key in ("suits", "suit", "map", "rounds", "last_must_name", "games", "set"):
            if key in spec and key not in extras:
                raise self.error(("trump", key), f"`{key}` has no meaning when trump mode is {mode.value!r}")
        in_play = [e.code for i, e in enumerate(self.deck.extras) if not self.removed >> (self.deck.extra_base + i) & 1]
        if mode in (TrumpMode.EXPOSED, TrumpMode.LED) and in_play:
            raise self.error(
                ("trump", "mode"),
                f"trump mode {mode.value!r} takes trump from a card's suit, and the extra card {in_play[0]!r} has none",
                hint=f"take it out with `deal.remove: [{in_play[0]}]`, or choose another trump mode",
            )
        suits: tuple[int, ...] = ()
        suit = None
        mapping: tuple[int, ...] = ()
        if mode is TrumpMode.CHOSEN:
            if not self.declares:
                raise self.error(
                    ("trump", "mode"),
                    "trump is chosen by an auction's declarer, or by the dealer when nobody bids",
                    hint="use 'fixed' or 'exposed' with declarations",
                )
            codes = spec.get("suits", [s.code for s in self.deck.suits])
            suits = tuple(self.suit(("trump", "suits", i), c) for i, c in enumerate(codes))
            if not suits and not spec.get("games"):
                raise self.error(
                    ("trump", "suits"),
                    "the declarer has nothing to choose: no suit and no named game",
                    expected="at least one suit, or `trump.games`",
                )
        elif mode is TrumpMode.FIXED:
            if "suit" not in spec:
                raise self.error(("trump",), "a fixed trump needs `suit`")
            suit = self.suit(("trump", "suit"), spec["suit"])
        elif mode is TrumpMode.EXPOSED:
            if "expose" not in self.data.get("deal", {}):
                raise self.error(("trump", "mode"), "trump from an exposed card needs `deal.expose`")
            table = spec.get("map", {s.code: s.code for s in self.deck.suits})
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
        highest = tuple(self.card_pattern(("trump", "highest", i), p) for i, p in enumerate(spec.get("highest", [])))
        if highest and mode is TrumpMode.NONE:
            raise self.error(("trump", "highest"), "there is no trump in this ruleset, so no card ranks above it")
        if (mode is TrumpMode.BID) != (self.bidding_kind is BiddingKind.CALLS):
            raise self.error(
                ("trump", "mode"),
                "trump from the winning bid's strain ('bid') goes with bidding of kind 'calls', and only with it",
            )
        rounds: tuple[MakingRound, ...] = ()
        if mode is TrumpMode.MADE:
            if self.bidding_kind is not BiddingKind.NONE:
                raise self.error(
                    ("trump", "mode"),
                    "trump made in rounds needs `bidding: {kind: none}`",
                    hint="the maker of trump is the hand's declarer; with bidding, use 'chosen'",
                )
            if "rounds" not in spec:
                raise self.error(
                    ("trump",), "trump made by the players needs `rounds`", expected="such as [exposed, others]"
                )
            rounds = tuple(MakingRound(r) for r in spec["rounds"])
            if any(r is not MakingRound.ANY for r in rounds) and "expose" not in self.data.get("deal", {}):
                raise self.error(
                    ("trump", "rounds"),
                    "a round that offers the exposed card's suit, or the others, needs `deal.expose`",
                )
        games = tuple(self.named_game(name, game) for name, game in spec.get("games", {}).items())
        last = bool(spec.get("last_must_name", False))
        chooser = spec.get("chooser", "dealer")
        if "chooser" in spec and (mode is not TrumpMode.CHOSEN or self.bidding_kind is not BiddingKind.NONE):
            raise self.error(
                ("trump", "chooser"),
                "only trump chosen without bidding has a chooser: otherwise the auction's winner chooses",
                expected="`trump: {mode: chosen}` with `bidding: {kind: none}`",
            )
        settings = tuple(self.trump_setting(i, entry, games) for i, entry in enumerate(spec.get("set", [])))
        return TrumpRules(
            mode, suits, suit, mapping, highest, rounds, last, games, int(chooser == "after-dealer"), settings
        )

    def trump_setting(self, index: int, spec: dict[str, Any], games: tuple[NamedGame, ...]) -> TrumpSetting:
        """A hand whose trump the rules set (`trump.set`): a suit of the deck, or one of `trump.games`."""
        path: KeyPath = ("trump", "set", index)
        when = self.expression((*path, "when"), Stage.BIDDING, None, Type.BOOL)
        if ("suit" in spec) == ("game" in spec):
            raise self.error(
                path, "a hand's trump is set to a suit or to a game, one of them", expected="`suit` or `game`"
            )
        if "suit" in spec:
            return TrumpSetting(when, suit=self.suit((*path, "suit"), spec["suit"]))
        names = [g.name for g in games]
        if spec["game"] not in names:
            raise self.error(
                (*path, "game"), "no such game in `trump.games`", expected=" or ".join(names) or "a game listed there"
            )
        return TrumpSetting(when, game=names.index(spec["game"]))

    def named_game(self, name: str, spec: dict[str, Any]) -> NamedGame:
        path: KeyPath = ("trump", "games", name)
        trump = spec.get("trump", "none")
        suit = None if trump == "none" else self.suit((*path, "trump"), trump)
        highest = tuple(self.card_pattern((*path, "highest", i), p) for i, p in enumerate(spec.get("highest", [])))
        order: tuple[int, ...] | None = None
        if "order" in spec:
            codes = [r.code for r in self.deck.faces]
            given = [str(code).upper() for code in spec["order"]]
            if sorted(given) != sorted(codes):
                raise self.error(
                    (*path, "order"),
                    "the order must list every rank of the deck once",
                    expected=" ".join(codes),
                    found=" ".join(given),
                )
            order = tuple(given.index(rank.code) for rank in self.deck.ranks)
        description = " ".join(str(spec.get("description", "")).split())
        when = self.expression((*path, "when"), Stage.ANNOUNCE, None, Type.BOOL) if "when" in spec else None
        for_partner = bool(spec.get("for_partner", False))
        overcalls = bool(spec.get("overcalls", False))
        for key, set_, what in (
            ("for_partner", for_partner, "be named for the partner"),
            ("overcalls", overcalls, "take over a suit named before it"),
        ):
            if set_ and self.data["trump"]["mode"] != TrumpMode.MADE.value:
                raise self.error(
                    (*path, key),
                    f"only a game named in rounds of trump making can {what}",
                    expected="`trump.mode: made`",
                )
        if for_partner and not all(len(side) == 2 for side in self.seating.sides or ((),)):
            raise self.error(
                (*path, "for_partner"),
                "a game named for the partner needs partners",
                expected="sides of two players",
            )
        return NamedGame(name, description, suit, highest, order, when, for_partner, overcalls)

    # ------------------------------------------------------------------- play

    def play(self) -> PlayRules:
        spec = self.data["play"]
        lead = spec["first_lead"]
        first_card: Card | None = None
        leads_with = LeadsWith.ANY
        if isinstance(lead, dict):
            first = FirstLead.HOLDER
            first_card = self.card(("play", "first_lead", "holder_of"), lead["holder_of"])
            leads_with = LeadsWith(lead.get("must_lead", "card"))
        else:
            first = FirstLead(lead)
        if first in (FirstLead.DECLARER, FirstLead.AFTER_DECLARER) and not self.declares:
            raise self.error(
                ("play", "first_lead"),
                "only an auction, trump making or a dealer who chooses trump gives the hand a declarer",
                hint="use 'after-dealer' or 'dealer'",
            )
        raw = spec.get("lead_restrictions", [])
        items = list(enumerate(raw)) if isinstance(raw, list) else list(raw.items())
        restrictions = [self.lead_restriction(("play", "lead_restrictions", key), item) for key, item in items]
        must = spec.get("must", {})
        if any(must.values()) and not spec.get("follow_suit", True):
            raise self.error(("play", "must"), "these obligations refine following suit, which is off")
        trumpless = self.data["trump"]["mode"] == TrumpMode.NONE.value
        for key in ("trump", "trump_low", "overtrump", "raise_trump"):
            if must.get(key) and trumpless:
                raise self.error(("play", "must", key), "there is no trump in this ruleset")
        avoid = self.cards(("play", "first_trick_avoid"), spec.get("first_trick_avoid", []))
        trump_instead = bool(spec.get("may_trump_instead", False))
        if trump_instead and (trumpless or not spec.get("follow_suit", True)):
            raise self.error(
                ("play", "may_trump_instead"),
                "a trump instead of the led suit needs a trump and the duty to follow suit",
            )
        return PlayRules(
            first,
            spec.get("follow_suit", True),
            tuple(restrictions),
            first_card,
            leads_with,
            MustRules(
                must.get("beat", False),
                must.get("trump", False),
                must.get("trump_low", False),
                must.get("overtrump", False),
                must.get("raise_trump", False),
                self.partner_exception(must),
            ),
            avoid,
            self.expression(("play", "stop_when"), Stage.PLAY, None, Type.BOOL) if "stop_when" in spec else None,
            self.dummy(spec),
            self.open_hand(spec),
            trump_instead,
            self.card_conditions(spec, "lead_only_when"),
            self.draw(spec),
            self.card_conditions(spec, "follow_only_when"),
            self.card_conditions(spec, "must_play"),
        )

    def card_conditions(self, spec: dict[str, Any], key: str) -> tuple[CardCondition, ...]:
        """`play.lead_only_when`, `play.follow_only_when` or `play.must_play`: cards, each list with the expression
        read for the seat to play; an entry of the two new lists whose constant `when` leaves it doing nothing is
        refused where it stands."""
        idle = {"follow_only_when": True, "must_play": False}.get(key)
        out = []
        for index, item in enumerate(spec.get(key, [])):
            path = ("play", key, index, "when")
            when = self.expression(path, Stage.PLAY, "seat", Type.BOOL)
            if idle is not None and when.is_constant and bool(when.constant) is idle:
                raise self.error(
                    path,
                    f"`when` is always {str(idle).lower()}, so this entry never changes what may be played",
                    expected="an expression that reads the play, such as `led_suit == C`",
                    hint="remove the entry, or say when it applies",
                )
            cards = self.cards(("play", key, index, "cards"), item["cards"])
            out.append(CardCondition(cards, when, item.get("if_forced", "keeps-rank") == "no-rank"))
        return tuple(out)

    def draw(self, spec: dict[str, Any]) -> DrawRules | None:
        """`play.draw`: refused where there is no stock to draw from or something else already uses the stock."""
        if "draw" not in spec:
            return None
        path = ("play", "draw")
        draw = spec["draw"]
        deal = self.data.get("deal", {})
        if "hand_size" not in deal or (self.fixed_size and self.hand_cards * self.seating.seats >= self.pack):
            raise self.error(
                ("deal", "hand_size") if "hand_size" in deal else path,
                "drawing needs a stock, but the whole deck is dealt",
                hint="set `deal.hand_size` so that cards are left undealt",
            )
        for key, clash in (("exchange", "an exchange takes the stock"), ("alone", "a seat may sit the hand out")):
            if key in self.data:
                raise self.error(path, f"players cannot draw from the stock when {clash}")
        if self.sits_out or spec.get("dummy", False):
            raise self.error(path, "every player draws for their own hand: not with a dummy or a dealer who sits out")
        face_up = draw.get("face_up", "top") == "top"
        shown = deal.get("expose")
        if shown is not None and shown["seat"] == "stock" and (shown["card"] != 1 or not face_up):
            raise self.error(
                ("deal", "expose"),
                "with `play.draw` the stock card shown is the face-up top card, the first drawer's",
                expected="`expose: {seat: stock, card: 1}` with `face_up: top`",
            )
        return DrawRules(DrawFirst(draw.get("first", DrawFirst.WINNER.value)), face_up)

    def open_hand(self, spec: dict[str, Any]) -> Compiled | None:
        if "open_hand" not in spec:
            return None
        if not self.declares:
            raise self.error(("play", "open_hand"), "only a hand with a declarer has a declarer's hand to lay open")
        return self.expression(("play", "open_hand"), Stage.ANNOUNCE, None, Type.BOOL)

    def lead_restriction(self, path: KeyPath, item: dict[str, Any]) -> LeadRestriction:
        if item["suit"] == "trump":
            if self.data["trump"]["mode"] == TrumpMode.NONE.value:
                raise self.error((*path, "suit"), "there is no trump in this ruleset")
            suit = None
        else:
            suit = self.suit((*path, "suit"), item["suit"])
        also = self.deck.cards(self.cards((*path, "also_broken_by"), item.get("also_broken_by", [])))
        only = self.deck.cards(self.cards((*path, "unless_only"), item.get("unless_only", [])))
        return LeadRestriction(suit, BreakBy(item.get("broken_by", BreakBy.DISCARD.value)), also, only)

    def card_pattern(self, path: KeyPath, spec: str | dict[str, str]) -> CardPattern:
        extras = [e.code for e in self.deck.extras]
        if isinstance(spec, str) and spec in extras:
            return CardPattern(extras.index(spec), self.deck.extra_group)
        rank_code, suit_code = (spec[:-1], spec[-1]) if isinstance(spec, str) else (spec["rank"], spec["suit"])
        rank = self.rank(path, rank_code)
        if suit_code in ("trump", "same-colour"):
            if self.data["trump"]["mode"] == TrumpMode.NONE.value:
                raise self.error(path, "there is no trump in this ruleset")
            if suit_code == "same-colour" and -1 in self.deck.colour_mate:
                raise self.error(
                    path,
                    "'same-colour' needs a deck whose colours pair its suits",
                    expected="exactly two suits of each colour",
                    found=", ".join(f"{s.code} {s.colour}" for s in self.deck.suits),
                )
            return CardPattern(rank, None, same_colour=suit_code == "same-colour")
        return CardPattern(rank, self.suit(path, suit_code))

    def rank(self, path: KeyPath, code: str) -> int:
        """The index of the deck's rank written `code` (or one of its aliases)."""
        ranks = [r.code for r in self.deck.ranks]
        aliases = {alias: ranks.index(r.code) for r in self.deck.ranks for alias in r.aliases}
        if code not in ranks and code.upper() not in aliases:
            raise self.error(path, f"the deck has no rank {code!r}", expected="one of " + " ".join(ranks))
        return ranks.index(code) if code in ranks else aliases[code.upper()]

    def partner_exception(self, must: dict[str, Any]) -> bool:
        """`must.unless_partner_wins`, which needs partners (sides of two) to mean anything."""
        if must.get("unless_partner_wins", False) and not all(len(side) == 2 for side in self.seating.sides or ((),)):
            raise self.error(
                ("play", "must", "unless_partner_wins"),
                "only a player with a partner can have a partner winning the trick",
                hint="declare sides of two players, or leave this out",
            )
        return bool(must.get("unless_partner_wins", False))

    def events(self) -> tuple[TrickEvent, ...]:
        out = []
        for name, spec in self.data.get("events", {}).items():
            relation = Relation(spec["by"])
            if relation is not Relation.ANYONE and not self.seating.has_sides:
                raise self.error(
                    ("events", name, "by"),
                    f"{relation.value!r} needs sides; this table has none",
                    hint="use `by: anyone`",
                )
            out.append(
                TrickEvent(
                    name,
                    " ".join(spec.get("description", "").split()),
                    self.card_pattern(("events", name, "first"), spec["first"]),
                    self.card_pattern(("events", name, "then"), spec["then"]),
                    relation,
                )
            )
        return tuple(out)

    # ---------------------------------------------------------------- scoring

    def scoring(self) -> ScoringRules:
        spec = self.data["scoring"]
        if not self.personal and not self.seating.has_sides:
            raise self.error(
                ("scoring", "by"), "this table has no sides to score", hint="use `by: seat`, or declare `sides`"
            )
        rules = []
        for name, rule in spec["rules"].items():
            base = ("scoring", "rules", name)
            per = self.per((*base, "for"), rule["for"])
            if self.personal and per == "side":
                raise self.error(
                    (*base, "for"),
                    "a ruleset scored by seat gives points to seats only",
                    hint="use `for: seat`",
                )
            when = self.expression((*base, "when"), Stage.HAND, per, Type.BOOL) if "when" in rule else None
            points = self.expression((*base, "points"), Stage.HAND, per, Type.INT)
            rules.append(ScoreRule(name, " ".join(rule.get("description", "").split()), per, when, points))
        return ScoringRules(spec["by"], tuple(rules), self.card_points(spec.get("card_points")))

    def card_points(self, spec: dict[str, dict[str, int]] | None) -> tuple[int, ...]:
        """Each card's points: its own entry if `cards` names it, else its rank's plus its suit's."""
        if not spec:
            return ()
        deck = self.deck
        base = ("scoring", "card_points")
        ranks = [r.code for r in deck.faces]
        by_rank = [0] * deck.ranks_per_suit
        for code, points in spec.get("ranks", {}).items():
            if code not in ranks:
                raise self.error(
                    (*base, "ranks", code), f"the deck has no rank {code!r}", expected="one of " + " ".join(ranks)
                )
            for index, rank in enumerate(deck.ranks):
                if rank.code == code:
                    by_rank[index] = points
        by_suit = [0] * len(deck.suits)
        for code, points in spec.get("suits", {}).items():
            by_suit[self.suit((*base, "suits", code), code)] = points
        values = [by_rank[deck.rank_of[c]] + by_suit[deck.suit_of[c]] for c in range(deck.size)]
        for code, points in spec.get("cards", {}).items():
            for card in deck.cards(deck.twins[self.card((*base, "cards", code), code)]):
                values[card] = points
        return tuple(values)

    def counters(self) -> tuple[Counter, ...]:
        out = []
        for name, spec in self.data.get("counters", {}).items():
            base = ("counters", name)
            per = self.per((*base, "for"), spec["for"])
            limit = spec.get("limit")
            at_limit = spec.get("at_limit")
            if (limit is None) != (at_limit is None):
                raise self.error(base, "`limit` and `at_limit` go together")
            out.append(
                Counter(
                    name,
                    " ".join(spec.get("description", "").split()),
                    per,
                    spec.get("start", 0),
                    self.expression((*base, "add"), Stage.HAND, per, Type.INT),
                    limit,
                    at_limit["points"] if at_limit else 0,
                    at_limit["subtract"] if at_limit else 0,
                    self.expression((*base, "reset_when"), Stage.HAND, per, Type.BOOL)
                    if "reset_when" in spec
                    else None,
                )
            )
        return tuple(out)

    def match(self) -> MatchRules:
        spec = self.data["match"]
        by = spec.get("by", "side" if self.seating.has_sides else "seat")
        self.per(("match", "by"), by)
        if "wins" not in spec and "ends" not in spec:
            raise self.error(("match",), "the match needs `wins`, `ends` or both", hint="see docs/reference.md")
        wins = self.expression(("match", "wins"), Stage.MATCH, by, Type.BOOL) if "wins" in spec else None
        loses = self.expression(("match", "loses"), Stage.MATCH, by, Type.BOOL) if "loses" in spec else None
        ends = self.expression(("match", "ends"), Stage.MATCH, None, Type.BOOL) if "ends" in spec else None
        return MatchRules(
            by,
            wins,
            loses,
            ends,
            WhenBoth(spec.get("when_both", "play-on")),
            Tie(spec.get("tie", "play-on")),
            WhenBoth(spec["when_ended"]) if "when_ended" in spec else None,
        )

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
            numbers = spec.get("numbers")
            listed = None
            if numbers is not None:
                most = numbers.get("max_items", limits.MAX_OPTION_NUMBERS)
                meaning = " ".join(str(numbers.get("description", "")).split()).rstrip(".")
                listed = NumberList(most, numbers["min"], numbers["max"], meaning)
            description = " ".join(spec.get("description", "").split())
            out.append(TableOption(name, description, spec["default"], values, listed))
        return tuple(out)


def _expression_text(value: Any) -> str:
    """An expression as written in YAML, where a whole number or true/false may stand for one."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _translations(data: dict[str, Any]) -> tuple[Translation, ...]:
    """The ruleset's `translations`, by language."""
    return tuple(
        Translation(
            language,
            words["title"],
            " ".join(str(words.get("description", "")).split()),
            tuple((str(english), str(said)) for english, said in words.get("words", {}).items()),
            tuple((" ".join(str(english).split()), str(said)) for english, said in words.get("texts", {}).items()),
        )
        for language, words in sorted(data.items())
    )


def split_definition(key: str) -> tuple[str, tuple[str, ...]]:
    """A definition's name and parameters from its key as written: `made` or `made(s)` (the schema checked its
    form)."""
    name, _, rest = key.partition("(")
    return name, tuple(p.strip() for p in rest.rstrip(")").split(",")) if rest else ()

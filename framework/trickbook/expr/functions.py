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

from ..cards import Deck
from ..errors import _
from ..seating import Seating
from . import codegen as g


class Type(Enum):
    """Value types of the expression language, named as a ruleset author would say them."""

    INT = _("a number")
    BOOL = _("true or false")
    SEAT = _("a seat")
    SIDE = _("a side")
    SUIT = _("a suit")
    CARD = _("a card")
    BID = _("a bid")
    BID_NAME = _("a named bid")
    RANK = _("a rank")

    def fits(self, wanted: Type) -> bool:
        """True when a value of this type may stand where `wanted` is expected (a bid counts as its number)."""
        return self is wanted or (self is Type.BID and wanted is Type.INT)


class Stage(Enum):
    """When an expression is evaluated, which decides what it may read."""

    DEAL = _("before the cards are dealt (deal.hand_size)")
    PASSING = _("before cards are passed (passing.to)")
    BIDDING = _("after the bidding, or as it starts (bidding.cancel_if, bidding.bids.max)")
    BID = _("when a bid is offered (bidding.forbid)")
    ANNOUNCE = _("as the declarer names the game or announces (trump.games.<name>.when, announcements.<name>.when)")
    PLAY = _("during the play (play.stop_when after each trick, the play's card conditions before each card)")
    HAND = _("after the last trick (scoring and counters)")
    MATCH = _("after a scored hand (match end)")


ALL_STAGES = frozenset(Stage)
HAND_STAGES = frozenset({Stage.PASSING, Stage.BIDDING, Stage.BID, Stage.ANNOUNCE, Stage.PLAY, Stage.HAND})
"""Once the hand is dealt."""
BIDS_KNOWN = frozenset({Stage.BIDDING, Stage.BID, Stage.ANNOUNCE, Stage.PLAY, Stage.HAND})
PLAYED = frozenset({Stage.PLAY, Stage.HAND})
"""Once tricks are taken: what the tricks so far hold (after the last trick, all of them)."""
SCORING = frozenset({Stage.HAND})
"""Only while the hand is scored: the points of the scoring rules."""
DECLARED = frozenset({Stage.ANNOUNCE, Stage.PLAY, Stage.HAND})
TURN_STAGES = frozenset({Stage.BID, Stage.ANNOUNCE, Stage.PLAY})
"""While a seat is to act: a bid is weighed, a game is offered, a card is played."""
IN_HAND = frozenset({Stage.ANNOUNCE, Stage.PLAY})
"""While cards are in the players' hands and the game is named or played: what each hand holds now."""
"""Once the declarer has named the game: trump, the exchange and the announcements are known."""

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
    variadic: bool = False
    """The last parameter may be repeated; the builder then also receives where the call is written, first."""

    @property
    def signature(self) -> str:
        if not self.params:
            return self.name
        more = ", ..." if self.variadic else ""
        return f"{self.name}({', '.join(p.name.lower() for p in self.params)}{more})"

    def accepts(self, types: tuple[Type, ...]) -> bool:
        """True when arguments of these types fit the parameters (repeating the last one if variadic)."""
        if self.variadic:
            if len(types) < len(self.params):
                return False
            wanted = self.params + (self.params[-1],) * (len(types) - len(self.params))
        elif len(types) != len(self.params):
            return False
        else:
            wanted = self.params
        return all(t.fits(p) for t, p in zip(types, wanted, strict=True))


def _fact(name: str) -> Builder:
    return lambda: g.field(name)


def _indexed(name: str) -> Builder:
    return lambda index: g.fact_item(name, index)


def _card_indexed(name: str) -> Builder:
    """`f.cards.<name>[who]`."""
    return lambda who: g.item(g.card_field(name), who)


def _mask_bit(name: str) -> Builder:
    """`_holds(f.cards.<name>[who], card)`: 1 when the card is in the mask, else 0."""
    return lambda who, card: g.call("_holds", g.item(g.card_field(name), who), card)


def _fact_bit(name: str) -> Builder:
    """`_holds(f.<name>[who], card)`: 1 when the card is in a per-seat mask of the hand's facts, else 0."""
    return lambda who, card: g.call("_holds", g.item(g.field(name), who), card)


def _mask_count(name: str) -> Builder:
    """`(f.cards.<name>[who] & f.suit_masks[suit]).bit_count()`: how many cards of a suit are in the mask."""
    return lambda who, suit: g.method(
        g.binary(g.item(g.card_field(name), who), ast.BitAnd(), g.fact_item("suit_masks", suit)), "bit_count"
    )


def _seat_step(steps: Builder) -> Builder:
    """`(seat + k) % seat_count`, a neighbour counted clockwise."""
    return lambda a: g.binary(g.binary(a, ast.Add(), steps()), ast.Mod(), _seat_count())


def _seat_count() -> ast.expr:
    """`f.seat_count`."""
    return g.field("seat_count")


def _table() -> tuple[Builtin, ...]:
    """Every built-in, in documentation order."""
    seat, side, card, number = (Type.SEAT,), (Type.SIDE,), (Type.CARD,), (Type.INT,)
    return (
        Builtin(
            "seat_count",
            (),
            Type.INT,
            "How many players sit at the table.",
            ALL_STAGES,
            _seat_count,
        ),
        Builtin("deck_size", (), Type.INT, "How many cards the deck has.", ALL_STAGES, _fact("deck_size")),
        Builtin(
            "hand_size",
            (),
            Type.INT,
            "How many cards each player was dealt this hand (the tricks in the hand).",
            HAND_STAGES,
            _fact("hand_size"),
        ),
        Builtin("dealer", (), Type.SEAT, "The seat that dealt this hand.", HAND_STAGES, _fact("dealer")),
        Builtin(
            "turn",
            (),
            Type.SEAT,
            "The seat whose turn it is: the bidder while a bid ban is checked, the player a named game is offered "
            "to as its `when` is read (a game only the last two to speak may name).",
            TURN_STAGES,
            _fact("turn"),
        ),
        Builtin(
            "declarer",
            (),
            Type.SEAT,
            "The auction winner, or the player who made trump.",
            HAND_STAGES,
            _fact("declarer"),
            "declarer",
        ),
        Builtin(
            "declaring_side",
            (),
            Type.SIDE,
            "The declarer's side.",
            HAND_STAGES,
            _fact("declaring_side"),
            "declarer",
        ),
        Builtin(
            "doubled",
            (),
            Type.INT,
            "0 for an undoubled contract, 1 when doubled, 2 when redoubled (`doubling`, or doubles in an auction of "
            "calls).",
            HAND_STAGES,
            _fact("doubled"),
            "declarer",
        ),
        Builtin(
            "has_trump",
            (),
            Type.BOOL,
            "True when this hand has a trump suit (false in a no-trump contract or a game without one).",
            DECLARED,
            lambda: g.compare(g.field("trump"), ast.GtE(), g.const(0)),
        ),
        Builtin(
            "stock_points",
            (),
            Type.INT,
            "Card points of the stock at the end of the hand: the undealt cards, less any taken in an exchange, "
            "plus any laid away (see `scoring.card_points`).",
            PLAYED,
            _fact("stock_points"),
        ),
        Builtin(
            "sits_out",
            seat,
            Type.BOOL,
            "True when the seat sits this hand out: its partner plays alone (`alone`), or it deals at a table "
            "where the dealer sits out (`deal.dealer_sits_out`).",
            HAND_STAGES,
            lambda who: g.compare(
                g.binary(g.binary(g.field("outs"), ast.RShift(), who), ast.BitAnd(), g.const(1)), ast.Eq(), g.const(1)
            ),
        ),
        Builtin(
            "trump_round",
            (),
            Type.INT,
            "The round of trump making in which trump was named (1 for the first; 0 when nobody made trump).",
            HAND_STAGES,
            _fact("trump_round"),
            "declarer",
        ),
        Builtin("trump", (), Type.SUIT, "This hand's trump suit.", DECLARED, _fact("trump")),
        Builtin(
            "trump_run",
            seat,
            Type.INT,
            "With or without: counting the seat's dealt cards together with the stock (whether or not it was "
            "taken), the trumps it holds in an unbroken run from the highest trump down; without the "
            "highest trump, how many trumps rank above its highest one (every trump when it holds none). 0 "
            "without trump.",
            PLAYED,
            _indexed("trump_runs"),
        ),
        Builtin(
            "exchanged",
            (),
            Type.BOOL,
            "True when a seat took cards in this hand's exchange; false when it kept its hand as dealt (an optional "
            "exchange declined) or there was no exchange.",
            DECLARED,
            _fact("exchanged"),
        ),
        Builtin(
            "hand_number",
            (),
            Type.INT,
            "This hand's number in the match, counting cancelled hands, from 1.",
            ALL_STAGES,
            _fact("hand_number"),
        ),
        Builtin(
            "hands_played",
            (),
            Type.INT,
            "Hands of the match played to the end, not counting hands thrown in before play: the hands before "
            "this one while it is bid and played, this one included from its scoring on (a match of ten played "
            "hands ends when `hands_played >= 10`).",
            HAND_STAGES | {Stage.MATCH},
            _fact("hands_played"),
        ),
        Builtin(
            "bid",
            seat,
            Type.BID,
            "The seat's bid or declaration (its highest bid in an auction, 0 if it only passed); once the others "
            "estimate (`bidding.estimates`), its estimate, and for the declarer the winning bid. "
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
            BIDS_KNOWN,
            _indexed("passed"),
            "auction",
        ),
        Builtin(
            "has_bid",
            seat,
            Type.BOOL,
            "True when the seat has already bid or declared this hand; in estimates after an auction, once trump is "
            "named, when it has estimated (the declarer is bound to its bid).",
            BIDS_KNOWN,
            _indexed("has_bid"),
        ),
        Builtin(
            "this_bid",
            (),
            Type.BID,
            "The declaration being offered, while `bidding.forbid` is checked; compare it with a bid name "
            "as in `this_bid == <name>`.",
            frozenset({Stage.BID}),
            _fact("this_bid"),
        ),
        Builtin(
            "contract",
            side,
            Type.INT,
            "The side's contract: the winning bid for the declaring side of an auction (0 for the other), "
            "or the sum of the values of its players' declarations.",
            BIDS_KNOWN,
            _indexed("contract"),
            "sides",
        ),
        Builtin(
            "contract",
            seat,
            Type.INT,
            "The seat's own contract: its declaration or estimate, or the winning bid if it is the auction's declarer "
            "(else 0).",
            BIDS_KNOWN,
            _indexed("seat_contract"),
        ),
        Builtin("tricks", seat, Type.INT, "Tricks the seat took this hand.", PLAYED, _indexed("tricks")),
        Builtin(
            "tricks",
            side,
            Type.INT,
            "Tricks the players of the side took this hand.",
            PLAYED,
            _indexed("side_tricks"),
            "sides",
        ),
        Builtin(
            "tricks_after_stock",
            seat,
            Type.INT,
            "Tricks the seat took once the stock was empty (`play.draw`): those played with no more cards to draw.",
            PLAYED,
            _indexed("late_tricks"),
            "draw",
        ),
        Builtin(
            "tricks_after_stock",
            side,
            Type.INT,
            "Tricks the players of the side took once the stock was empty (`play.draw`).",
            PLAYED,
            _indexed("side_late_tricks"),
            "draw",
        ),
        Builtin(
            "total",
            side,
            Type.INT,
            "The side's match total: before this hand while scoring, after it when the match end is checked.",
            ALL_STAGES,
            _indexed("totals_side"),
            "sides",
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
            "sides",
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
            PLAYED,
            lambda a: g.method(g.card_field("taker"), "get", a, g.const(-1)),
        ),
        Builtin(
            "player",
            card,
            Type.SEAT,
            "The seat that played this card.",
            PLAYED,
            lambda a: g.method(g.card_field("player"), "get", a, g.const(-1)),
        ),
        Builtin(
            "points",
            seat,
            Type.INT,
            "Card points the seat took in tricks this hand (see `scoring.card_points`).",
            PLAYED,
            _card_indexed("points"),
        ),
        Builtin(
            "points",
            side,
            Type.INT,
            "Card points the players of the side took in tricks this hand.",
            PLAYED,
            _card_indexed("side_points"),
            "sides",
        ),
        Builtin(
            "melds",
            seat,
            Type.INT,
            "Points of the seat's melds that count this hand (`melds`): after the comparison, where only the best "
            "side's count.",
            PLAYED,
            _card_indexed("melds"),
            "melds",
        ),
        Builtin(
            "melds",
            side,
            Type.INT,
            "Points of the melds of the side's players that count this hand (`melds`).",
            PLAYED,
            _card_indexed("side_melds"),
            "melds",
        ),
        Builtin(
            "shown",
            (Type.SEAT, Type.CARD),
            Type.INT,
            "1 if the seat showed the card before the first lead (`showing`), else 0.",
            PLAYED,
            _fact_bit("shown"),
        ),
        Builtin(
            "took",
            (Type.SEAT, Type.SUIT),
            Type.INT,
            "How many cards of the suit the seat took in tricks this hand.",
            PLAYED,
            _mask_count("taken"),
        ),
        Builtin(
            "took",
            (Type.SIDE, Type.SUIT),
            Type.INT,
            "How many cards of the suit the players of the side took in tricks this hand.",
            PLAYED,
            _mask_count("side_taken"),
            "sides",
        ),
        Builtin(
            "took",
            (Type.SEAT, Type.CARD),
            Type.INT,
            "1 if the seat took the card in a trick this hand, else 0.",
            PLAYED,
            _mask_bit("taken"),
        ),
        Builtin(
            "took",
            (Type.SIDE, Type.CARD),
            Type.INT,
            "1 if a player of the side took the card in a trick this hand, else 0.",
            PLAYED,
            _mask_bit("side_taken"),
            "sides",
        ),
        Builtin(
            "dealt",
            (Type.SEAT, Type.CARD),
            Type.INT,
            "1 if the seat was dealt the card this hand, else 0 (cards passed or exchanged later do not count).",
            HAND_STAGES,
            _mask_bit("dealt"),
        ),
        Builtin(
            "dealt",
            (Type.SIDE, Type.CARD),
            Type.INT,
            "1 if a player of the side was dealt the card this hand, else 0.",
            HAND_STAGES,
            _mask_bit("side_dealt"),
            "sides",
        ),
        Builtin(
            "held",
            (Type.SEAT, Type.CARD),
            Type.INT,
            "1 if the card is in the seat's hand now, else 0: after any exchange, as the game is named, and before "
            "each card of the play (`play.must_play`).",
            IN_HAND,
            _fact_bit("held"),
        ),
        Builtin(
            "held",
            (Type.SEAT, Type.SUIT),
            Type.INT,
            "How many cards of the suit are in the seat's hand now, the suit as following sees it (a card "
            "`trump.highest` names counts as a trump).",
            frozenset({Stage.PLAY}),
            lambda who, suit: g.method(
                g.binary(g.item(g.field("held"), who), ast.BitAnd(), g.fact_item("suit_cards", suit)), "bit_count"
            ),
        ),
        Builtin(
            "led_suit",
            (),
            Type.SUIT,
            "The suit led to the trick in play, as following sees it; no suit while the trick is empty or between "
            "tricks, so `led_suit == C` is then false.",
            frozenset({Stage.PLAY}),
            _fact("led_suit"),
        ),
        Builtin(
            "first_trick",
            (),
            Type.SEAT,
            "The seat that won the first trick of the hand.",
            PLAYED,
            lambda: g.card_field("first_trick"),
        ),
        Builtin(
            "last_trick",
            (),
            Type.SEAT,
            "The seat that won the last trick of the hand.",
            PLAYED,
            lambda: g.card_field("last_trick"),
        ),
        Builtin(
            "card",
            (Type.RANK, Type.SUIT),
            Type.CARD,
            "The card of this rank and suit, as in `card(A, trump)` or `card(9, trump)`.",
            ALL_STAGES,
            lambda rank, suit: g.binary(g.binary(suit, ast.Mult(), g.field("ranks_per_suit")), ast.Add(), rank),
        ),
        Builtin(
            "suit_of",
            card,
            Type.SUIT,
            "The card's suit as printed, as in `suit_of(c) == trump`; no suit for an extra card such as a joker.",
            ALL_STAGES,
            lambda a: g.call("_suit_of", a, g.field("ranks_per_suit"), g.field("every_suit")),
        ),
        Builtin(
            "rank_of",
            card,
            Type.RANK,
            "The card's rank, as in `rank_of(c) == A`; no rank for an extra card such as a joker.",
            ALL_STAGES,
            lambda a: g.call("_rank_of", a, g.field("ranks_per_suit"), g.field("every_suit")),
        ),
        Builtin(
            "rank_order",
            (Type.RANK,),
            Type.INT,
            "The rank's strength in the deck's order (its `order`), to compare ranks: "
            "`rank_order(rank_of(c)) >= rank_order(T)`.",
            ALL_STAGES,
            lambda a: g.call("_rank_order", g.field("rank_orders"), a),
        ),
        Builtin(
            "partner",
            seat,
            Type.SEAT,
            "The other seat of the seat's side (sides of two players).",
            ALL_STAGES,
            _indexed("partner_of"),
            "pairs",
        ),
        Builtin(
            "side_of",
            seat,
            Type.SIDE,
            "The seat's side (partnership).",
            ALL_STAGES,
            _indexed("side_of"),
            "sides",
        ),
        Builtin(
            "opponent",
            side,
            Type.SIDE,
            "The other side (tables of two sides).",
            ALL_STAGES,
            lambda a: g.call("_opponent", a),
            "two sides",
        ),
        Builtin(
            "left",
            seat,
            Type.SEAT,
            "The player on the seat's left (the next seat clockwise).",
            ALL_STAGES,
            _seat_step(lambda: g.const(1)),
        ),
        Builtin(
            "right",
            seat,
            Type.SEAT,
            "The player on the seat's right (the next seat counter-clockwise).",
            ALL_STAGES,
            lambda a: g.binary(
                g.binary(a, ast.Add(), g.binary(_seat_count(), ast.Sub(), g.const(1))), ast.Mod(), _seat_count()
            ),
        ),
        Builtin(
            "across",
            seat,
            Type.SEAT,
            "The player opposite the seat (tables of an even number of seats).",
            ALL_STAGES,
            _seat_step(lambda: g.binary(_seat_count(), ast.FloorDiv(), g.const(2))),
            "even table",
        ),
        Builtin(
            "seat_number",
            seat,
            Type.INT,
            "The seat's number (0 for the first seat, North at a table of four).",
            ALL_STAGES,
            lambda who: who,
        ),
        Builtin(
            "side_number",
            side,
            Type.INT,
            "The side's number, in the order of `sides` (0 for the first).",
            ALL_STAGES,
            lambda which: which,
            "sides",
        ),
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
        Builtin(
            "nth",
            (Type.INT, Type.INT),
            Type.INT,
            "The value at a position among the values listed after it, counting from 1: `nth(hand_number, 3, 5, 7)`"
            " is 3 in hand 1, 5 in hand 2, 7 in hand 3 (a position outside the list is a rules error).",
            ALL_STAGES,
            lambda where, position, *values: g.call("_nth", position, ast.Tuple(list(values), ast.Load()), where),
            variadic=True,
        ),
    )


BUILTINS: tuple[Builtin, ...] = _table()
BUILTIN_NAMES: frozenset[str] = frozenset(b.name for b in BUILTINS)


@dataclass(frozen=True, slots=True)
class Domain:
    """Something an aggregate can range over, and when it may be read."""

    name: str
    params: tuple[Type, ...]
    element: Type
    doc: str
    values: Builder
    size: Callable[[Seating, Deck], int]
    """The most values it ranges over at a table of this shape with this deck (what an evaluation may cost)."""
    stages: frozenset[Stage] = ALL_STAGES
    reads: str = ""
    """The built-in whose facts the domain reads (the engine fills them only where an expression reads them)."""


def _seat_count_of(table: Seating, deck: Deck) -> int:
    return table.seats


def _side_count_of(table: Seating, deck: Deck) -> int:
    return len(table.sides)


def _largest_side(table: Seating, deck: Deck) -> int:
    return max((len(side) for side in table.sides), default=0)


def _deck_size(table: Seating, deck: Deck) -> int:
    return deck.size


def _suit_count_of(table: Seating, deck: Deck) -> int:
    return len(deck.suits)


def _ranks(table: Seating, deck: Deck) -> int:
    return deck.ranks_per_suit


def _cards_in(mask: Builder) -> Builder:
    """`_cards(mask)`: the cards of a mask, lowest first."""
    return lambda who: g.call("_cards", mask(who))


DOMAINS: tuple[Domain, ...] = (
    Domain("seats", (), Type.SEAT, "Every seat at the table.", lambda: g.field("seats"), _seat_count_of),
    Domain("sides", (), Type.SIDE, "Every side (tables with sides).", lambda: g.field("sides"), _side_count_of),
    Domain(
        "players",
        (Type.SIDE,),
        Type.SEAT,
        "The seats of a side.",
        lambda a: g.fact_item("side_seats", a),
        _largest_side,
    ),
    Domain("cards", (), Type.CARD, "Every card of the deck.", lambda: g.field("every_card"), _deck_size),
    Domain("suits", (), Type.SUIT, "Every suit of the deck.", lambda: g.field("every_suit"), _suit_count_of),
    Domain("ranks", (), Type.RANK, "Every rank of the deck, weakest first.", lambda: g.field("every_rank"), _ranks),
    Domain(
        "suit_cards",
        (Type.SUIT,),
        Type.CARD,
        "The cards of a suit, weakest first (none for no suit, as `trump` is without trump).",
        lambda suit: g.call("_suit_cards", g.field("every_card"), g.field("ranks_per_suit"), suit),
        _ranks,
    ),
    Domain(
        "cards_dealt",
        (Type.SEAT,),
        Type.CARD,
        "The cards a seat was dealt this hand.",
        _cards_in(lambda who: g.item(g.card_field("dealt"), who)),
        _deck_size,
        HAND_STAGES,
        "dealt",
    ),
    Domain(
        "side_cards_dealt",
        (Type.SIDE,),
        Type.CARD,
        "The cards the players of a side were dealt this hand.",
        _cards_in(lambda who: g.item(g.card_field("side_dealt"), who)),
        _deck_size,
        HAND_STAGES,
        "dealt",
    ),
    Domain(
        "cards_taken",
        (Type.SEAT,),
        Type.CARD,
        "The cards a seat took in tricks this hand.",
        _cards_in(lambda who: g.item(g.card_field("taken"), who)),
        _deck_size,
        PLAYED,
        "took",
    ),
    Domain(
        "side_cards_taken",
        (Type.SIDE,),
        Type.CARD,
        "The cards the players of a side took in tricks this hand.",
        _cards_in(lambda who: g.item(g.card_field("side_taken"), who)),
        _deck_size,
        PLAYED,
        "took",
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

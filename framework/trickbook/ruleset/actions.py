"""Actions as dense integers with tables built once per ruleset, and their text and record forms.

Layout: cards `0 .. deck size - 1` (an action is its card), then `pass`,
then one `trump` action per suit, then numeric bids `0 .. max`, then named
bids, then one `give` action per card (a card set aside to pass to another
seat) and one `give` whose card is hidden (how other seats see it), then the
same for `discard` (a card laid away face down after taking cards). Every
action has one text form (`AS`, `pass`, `trump H`, `bid 8`, `bid <name>` for
a named bid, `give QS`, `discard QS`) that `parse` reads back.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeAlias

from ..cards import Deck
from ..errors import InvalidAction, Value, alternatives, said
from ..text import is_ascii_number

ActionId: TypeAlias = int


class ActionKind(StrEnum):
    """What an action does; its value is the word records and the text form use."""

    PLAY = "play"
    PASS = "pass"
    TRUMP = "trump"
    BID = "bid"
    GIVE = "give"
    """A card set aside to pass to another seat."""
    DOUBLE = "double"
    REDOUBLE = "redouble"
    GAME = "game"
    """The naming of a game other than a trump suit (`trump.games`); records give its name as `value`."""
    ALONE = "alone"
    """A declarer's choice to play without a partner, whose hand then sits out."""
    TAKE = "take"
    """A seat's choice to take the cards of an optional exchange (`pass` keeps its hand as dealt)."""
    ANNOUNCE = "announce"
    """A declarer's announcement (`announcements`); records give its name as `value`."""
    DISCARD = "discard"
    """A card laid away face down (records merge one seat's discards in a row into one entry with its cards)."""
    SHOW = "show"
    """A held card shown to everyone to change what it is worth (`showing`); records give it as `card`."""


PLAY, PASS, TRUMP, BID, GIVE = ActionKind.PLAY, ActionKind.PASS, ActionKind.TRUMP, ActionKind.BID, ActionKind.GIVE
DOUBLE, REDOUBLE, GAME, ALONE = ActionKind.DOUBLE, ActionKind.REDOUBLE, ActionKind.GAME, ActionKind.ALONE
TAKE, ANNOUNCE, DISCARD, SHOW = ActionKind.TAKE, ActionKind.ANNOUNCE, ActionKind.DISCARD, ActionKind.SHOW
PASS_CARDS = "pass_cards"
"""How records name the giving of cards to another seat: one entry per seat, with all its cards."""


@dataclass(frozen=True, slots=True)
class ActionSpace:
    """Encodes and decodes the actions of one ruleset."""

    deck: Deck
    min_bid: int
    max_bid: int
    named_bids: tuple[str, ...]
    named_values: tuple[int, ...]
    trump_suits: tuple[int, ...]
    """Suits a declarer may name as trump (empty when nobody chooses)."""
    blind: tuple[bool, ...] = ()
    """For each named bid, whether it is blind (made before looking at one's cards)."""
    passing: bool = False
    """Whether hands have a passing phase (without one there are no `give` actions)."""
    discarding: bool = False
    """Whether hands have an exchange with discards (without one there are no `discard` actions)."""
    alone: bool = False
    """Whether a declarer may play alone (then one `alone` action follows the discards; `pass` declines)."""
    games: tuple[str, ...] = ()
    """Games a player may name besides the suits (one `game` action each)."""
    bid_codes: tuple[str, ...] = ()
    """How each numeric bid is written when bids are levels and strains (`1C`, `3NT`); empty for plain numbers."""
    doubles: bool = False
    """Whether the calls include `double` and `redouble` (they end the layout)."""
    bidding: bool = True
    """Whether hands have a bidding phase (`bid` actions mean something)."""
    naming_trump: bool = True
    """Whether a player names trump with `trump` actions (chosen or made trump)."""
    bid_steps: tuple[int, ...] = ()
    """The only values an auction's bid may take, rising (empty: every number up to `max_bid`)."""
    taking: bool = False
    """Whether the exchange is optional: one `take` action takes the cards, `pass` keeps the hand as dealt."""
    announcements: tuple[str, ...] = ()
    """What a declarer may announce once the game is named (one `announce` action each)."""
    showing: bool = False
    """Whether players may show cards they hold (`showing`): one `show` action per card, after all others."""
    pass_action: ActionId = field(init=False)
    trump_base: ActionId = field(init=False)
    bid_base: ActionId = field(init=False)
    give_base: ActionId = field(init=False)
    hidden_give: ActionId = field(init=False)
    """A `give` as seats other than the giver (and, once the cards are handed over, the receiver) see it."""
    discard_base: ActionId = field(init=False)
    hidden_discard: ActionId = field(init=False)
    """A `discard` as seats other than the one discarding see it."""
    alone_action: ActionId = field(init=False)
    take_action: ActionId = field(init=False)
    game_base: ActionId = field(init=False)
    announce_base: ActionId = field(init=False)
    double_action: ActionId = field(init=False)
    redouble_action: ActionId = field(init=False)
    show_base: ActionId = field(init=False)
    size: int = field(init=False)
    kinds: tuple[ActionKind, ...] = field(init=False)
    bid_values: tuple[int, ...] = field(init=False)
    name_index: tuple[int, ...] = field(init=False)
    declarations: tuple[ActionId, ...] = field(init=False)
    """Every declaration made with one's cards seen: the numeric bids from `min_bid` up, then the named bids."""
    declarations_upto: tuple[tuple[ActionId, ...], ...] = field(init=False)
    """`declarations_upto[high]`: the declarations of a hand whose highest numeric bid is `high`, then named bids
    (empty for an auction over a list of values, which has no declarations)."""
    blind_choices: tuple[ActionId, ...] = field(init=False)
    """What a blind round offers: pass (to look at one's cards), then the blind bids."""
    trump_choices: tuple[ActionId, ...] = field(init=False)
    """The trump actions of `trump_suits`, sorted."""
    auction_from: tuple[tuple[ActionId, ...], ...] = field(init=False)
    """`auction_from[v]`: pass, then every bid from v to `max_bid` (what an auction allows above v - 1)."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        cards = self.deck.size
        suits = len(self.deck.suits)
        set_(self, "pass_action", cards)
        set_(self, "trump_base", cards + 1)
        set_(self, "bid_base", cards + 1 + suits)
        give_base = cards + 1 + suits + self.max_bid + 1 + len(self.named_bids)
        gives = cards + 1 if self.passing else 0
        set_(self, "give_base", give_base)
        set_(self, "hidden_give", give_base + cards if self.passing else -1)
        discard_base = give_base + gives
        discards = cards + 1 if self.discarding else 0
        set_(self, "discard_base", discard_base)
        set_(self, "hidden_discard", discard_base + cards if self.discarding else -1)
        alone = 1 if self.alone else 0
        take = 1 if self.taking else 0
        set_(self, "alone_action", discard_base + discards if self.alone else -1)
        set_(self, "take_action", discard_base + discards + alone if self.taking else -1)
        game_base = discard_base + discards + alone + take
        set_(self, "game_base", game_base)
        set_(self, "announce_base", game_base + len(self.games))
        doubling = 2 if self.doubles else 0
        double = game_base + len(self.games) + len(self.announcements)
        set_(self, "double_action", double if self.doubles else -1)
        set_(self, "redouble_action", double + 1 if self.doubles else -1)
        set_(self, "show_base", double + doubling if self.showing else -1)
        shows = cards if self.showing else 0
        extra = discards + alone + take + len(self.games) + len(self.announcements) + doubling + shows
        size = discard_base + extra
        set_(self, "size", size)
        bids = self.max_bid + 1 + len(self.named_bids)
        kinds = [PLAY] * cards + [PASS] + [TRUMP] * suits + [BID] * bids + [GIVE] * gives + [DISCARD] * discards
        doubling_kinds = [DOUBLE, REDOUBLE] if self.doubles else []
        announcing = [ANNOUNCE] * len(self.announcements)
        set_(
            self,
            "kinds",
            (
                *kinds,
                *[ALONE] * alone,
                *[TAKE] * take,
                *[GAME] * len(self.games),
                *announcing,
                *doubling_kinds,
                *[SHOW] * shows,
            ),
        )
        values = [0] * (cards + 1 + suits) + list(range(self.max_bid + 1)) + list(self.named_values)
        set_(self, "bid_values", tuple(values + [0] * (gives + extra)))
        names = [-1] * (cards + 1 + suits + self.max_bid + 1) + list(range(len(self.named_bids)))
        set_(self, "name_index", tuple(names + [-1] * (gives + extra)))
        bid_base = cards + 1 + suits
        blind = self.blind or (False,) * len(self.named_bids)
        named = tuple(bid_base + self.max_bid + 1 + i for i in range(len(self.named_bids)) if not blind[i])
        blind_bids = tuple(bid_base + self.max_bid + 1 + i for i in range(len(self.named_bids)) if blind[i])
        set_(self, "blind_choices", (cards, *blind_bids))
        set_(self, "trump_choices", tuple(sorted(cards + 1 + suit for suit in self.trump_suits)))
        set_(self, "declarations", tuple(range(bid_base + self.min_bid, bid_base + self.max_bid + 1)) + named)
        set_(
            self,
            "declarations_upto",
            ()
            if self.bid_steps  # an auction's list of bid values (up to 1000): no declarations to offer
            else tuple(
                tuple(range(bid_base + self.min_bid, bid_base + high + 1)) + named for high in range(self.max_bid + 1)
            ),
        )
        set_(
            self,
            "auction_from",
            tuple(
                (cards, *(bid_base + value for value in self.bid_steps or range(self.max_bid + 1) if value >= low))
                for low in range(self.max_bid + 2)
            ),
        )

    def give(self, card: int) -> ActionId:
        return self.give_base + card

    def game(self, index: int) -> ActionId:
        return self.game_base + index

    def announce(self, index: int) -> ActionId:
        return self.announce_base + index

    def discard(self, card: int) -> ActionId:
        return self.discard_base + card

    def show(self, card: int) -> ActionId:
        return self.show_base + card

    def card_of(self, action: ActionId) -> int:
        """The card of a play, give, discard or show action."""
        if self.showing and action >= self.show_base:
            return action - self.show_base
        if action >= self.discard_base:
            return action - self.discard_base
        return action - self.give_base if action >= self.give_base else action

    def copies(self, action: ActionId) -> tuple[ActionId, ...]:
        """The same play, give, discard or show with each copy of its card, in a deck holding each card more
        than once; the action alone otherwise."""
        if self.kinds[action] not in (PLAY, GIVE, DISCARD, SHOW):
            return (action,)
        card = self.card_of(action)
        if card >= self.deck.size:
            return (action,)
        base = action - card
        return tuple(base + other for other in self.deck.cards(self.deck.twins[card]))

    def trump(self, suit: int) -> ActionId:
        return self.trump_base + suit

    def bid(self, value: int) -> ActionId:
        return self.bid_base + value

    def named(self, index: int) -> ActionId:
        return self.bid_base + self.max_bid + 1 + index

    def suit_of_trump(self, action: ActionId) -> int:
        return action - self.trump_base

    def text(self, action: ActionId) -> str:
        """The canonical text of an action, which `parse` reads back."""
        kind = self.kinds[action]
        if kind == PLAY:
            return self.deck.codes[action]
        if kind in (PASS, ALONE, TAKE, DOUBLE, REDOUBLE):
            return kind
        if kind == GAME:
            return self.games[action - self.game_base]
        if kind == ANNOUNCE:
            return f"announce {self.announcements[action - self.announce_base]}"
        if kind == TRUMP:
            return f"trump {self.deck.suits[action - self.trump_base].code}"
        if kind == GIVE:
            return "give ?" if action == self.hidden_give else f"give {self.deck.codes[action - self.give_base]}"
        if kind == DISCARD:
            hidden = action == self.hidden_discard
            return "discard ?" if hidden else f"discard {self.deck.codes[action - self.discard_base]}"
        if kind == SHOW:
            return f"show {self.deck.codes[action - self.show_base]}"
        name = self.name_index[action]
        if self.bid_codes:
            return f"bid {self.bid_codes[self.bid_values[action]]}"
        return f"bid {self.named_bids[name]}" if name >= 0 else f"bid {self.bid_values[action]}"

    def label_in(self, action: ActionId, phase: str) -> str:
        """`label`, with what a pass means in the phase it is made in where it is not a bid's pass."""
        if action == self.pass_action and phase in _PASS_WORDS:
            return _PASS_WORDS[phase]
        return self.label(action)

    def label(self, action: ActionId) -> str:
        """A friendlier text for people: `Q♥`, `pass`, `trump ♥`, `bid 8`."""
        kind = self.kinds[action]
        if kind == PLAY:
            return self.deck.label(action)
        if kind == TRUMP:
            suit = self.deck.suits[action - self.trump_base]
            return f"trump {suit.symbol} ({suit.name})"
        if kind == GIVE and action != self.hidden_give:
            return f"give {self.deck.label(action - self.give_base)}"
        if kind == BID and self.bid_codes:
            code = self.bid_codes[self.bid_values[action]]
            shown = next((s for s in self.deck.suits if code.endswith(s.code) and not code.endswith("NT")), None)
            return code[: -len(shown.code)] + shown.symbol if shown is not None else code
        if kind == DISCARD and action != self.hidden_discard:
            return f"discard {self.deck.label(action - self.discard_base)}"
        if kind == SHOW:
            return f"show {self.deck.label(action - self.show_base)}"
        return self.text(action)

    def parse(self, text: str, legal: Collection[ActionId] = ()) -> ActionId:
        """Reads an action as typed: `QH`, `Q♥`, `10h`, `pass`, `trump H`, `bid 8`, `8`, or a bid name. A text
        that is no action is refused with the forms to type: those of `legal` (the actions allowed now) if given."""
        words = text.strip().lower().split()
        if not words:
            raise InvalidAction(said("an empty action: type {forms}", forms=self._forms(legal)))
        if words == ["pass"] or words == ["p"]:
            return self.pass_action
        if words == ["alone"] and self.alone:
            return self.alone_action
        if words == ["take"] and self.taking:
            return self.take_action
        if len(words) == 2 and words[0] == "announce" and words[1] in self.announcements:
            return self.announce(self.announcements.index(words[1]))
        if self.doubles and words in (["double"], ["x"]):
            return self.double_action
        if self.doubles and words in (["redouble"], ["xx"]):
            return self.redouble_action
        if self.bid_codes and ((len(words) == 2 and words[0] == "bid") or len(words) == 1):
            # A lone `2H` is the card where there is one; the bid is written `bid 2H`.
            wanted = words[-1].upper()
            codes = [code.upper() for code in self.bid_codes]
            if wanted in codes[1:] and (len(words) == 2 or wanted not in self.deck.codes):
                return self.bid(codes.index(wanted))
        if "_".join(words) in self.games:  # a game's name as shown (`no trump`) or as written (`no_trump`)
            return self.game(self.games.index("_".join(words)))
        if words[0] == "trump" and len(words) == 2:
            return self.trump(self._suit(words[1]))
        if words[0] == "bid" and len(words) == 2:
            return self._bid(words[1])
        if words[0] == "give" and len(words) == 2 and self.passing:
            return self.give(self.deck.parse_card(words[1]))
        if words[0] == "discard" and len(words) == 2 and self.discarding:
            return self.discard(self.deck.parse_card(words[1]))
        if words[0] == "show" and len(words) == 2 and self.showing:
            return self.show(self.deck.parse_card(words[1]))
        if len(words) == 1 and (_is_number(words[0]) or words[0] in self.named_bids):
            return self._bid(words[0])
        if len(words) == 1:
            try:
                return self.deck.parse_card(words[0])
            except InvalidAction:
                pass
        raise InvalidAction(said("{text} is not an action: type {forms}", text=_shown(text), forms=self._forms(legal)))

    def _forms(self, legal: Collection[ActionId] = ()) -> Value:
        """The kinds of action a person may type, for the refusal of a typo: those among `legal` (the actions
        allowed now) when given, else every kind this ruleset has."""
        now = {self.kinds[action] for action in legal}

        def offered(kind: str, exists: bool = True) -> bool:
            return kind in now if now else exists

        cards = [action for action in legal if self.kinds[action] == PLAY]
        example = repr(self.deck.codes[cards[0] if cards else -1])
        forms: list[Value] = [said("a card such as {card}", card=example)] if offered(PLAY) else []
        if offered(BID, self.bidding):
            numbers = [self.text(a) for a in legal if self.kinds[a] == BID and self.name_index[a] < 0]
            names = [self.named_bids[self.name_index[a]] for a in legal if self.name_index[a] >= 0]
            if numbers or not now:
                example = f"bid {self.bid_codes[1]}" if self.bid_codes else f"bid {max(self.min_bid, 1)}"
                forms.append(said("a bid such as {bid}", bid=repr((numbers or [example])[0])))
            forms += [repr(name) for name in (names if now else self.named_bids)[:1]]
        if offered(GAME, bool(self.games)):
            forms += [repr(name.replace("_", " ")) for name in self.games]  # as the choices show it
        if offered(PASS):
            forms.append("'pass'")
        if offered(DOUBLE, self.doubles):
            forms.append("'double'")
        if offered(REDOUBLE, False):
            forms.append("'redouble'")
        if offered(ALONE, self.alone):
            forms.append("'alone'")
        if offered(TAKE, self.taking):
            forms.append("'take'")
        if offered(ANNOUNCE, bool(self.announcements)):
            names = [self.announcements[a - self.announce_base] for a in legal if self.kinds[a] == ANNOUNCE]
            name = (names or list(self.announcements))[0]
            forms.append(said("'announce' and a name such as 'announce {name}'", name=name))
        if offered(TRUMP, self.naming_trump or bool(self.trump_suits)):
            forms.append(said("'trump' and a suit such as 'trump H'"))
        if offered(GIVE, self.passing):
            forms.append(said("'give' and a card"))
        if offered(DISCARD, self.discarding):
            forms.append(said("'discard' and a card"))
        if offered(SHOW, self.showing):
            forms.append(said("'show' and a card"))
        return alternatives(forms)

    def _suit(self, text: str) -> int:
        for index, suit in enumerate(self.deck.suits):
            if text.upper() in (suit.code, suit.symbol) or text == suit.name:
                return index
        codes = ", ".join(f"{s.code} ({s.name})" for s in self.deck.suits)
        raise InvalidAction(
            said("{text} is not a suit: use one of {suits}, by code, symbol or name", text=_shown(text), suits=codes)
        )

    def _bid(self, text: str) -> ActionId:
        if text in self.named_bids:
            return self.named(self.named_bids.index(text))
        if _is_number(text) and int(text) <= self.max_bid:
            return self.bid(int(text))
        named = "".join(f", {n!r}" for n in self.named_bids)
        raise InvalidAction(
            said(
                "{text} is not a bid of this ruleset: bids are numbers up to {high}{named}",
                text=_shown(text),
                high=self.max_bid,
                named=named,
            )
        )

    def to_record(self, seat: int, action: ActionId, auto: bool = False) -> dict[str, Any]:
        """The action as it appears in a match record; a give is a `pass_cards` of one card (writers merge them)."""
        kind = self.kinds[action]
        entry: dict[str, Any] = {"seat": seat, "action": PASS_CARDS if kind == GIVE else kind}
        if kind == DISCARD:
            entry["cards"] = [self.deck.codes[action - self.discard_base]]
        if kind == GAME:
            entry["value"] = self.games[action - self.game_base]
        if kind == ANNOUNCE:
            entry["value"] = self.announcements[action - self.announce_base]
        if kind == PLAY:
            entry["card"] = self.deck.codes[action]
        elif kind == SHOW:
            entry["card"] = self.deck.codes[action - self.show_base]
        elif kind == TRUMP:
            entry["suit"] = self.deck.suits[action - self.trump_base].code
        elif kind == BID:
            name = self.name_index[action]
            if self.bid_codes:
                entry["value"] = self.bid_codes[self.bid_values[action]]
            else:
                entry["value"] = self.named_bids[name] if name >= 0 else self.bid_values[action]
        elif kind == GIVE:
            entry["cards"] = [self.deck.codes[action - self.give_base]]
        if auto:
            entry["auto"] = True
        return entry

    def from_record(self, entry: dict[str, Any]) -> tuple[ActionId, ...]:
        """Reads a record's action entry (one action per card of a `pass_cards`); `InvalidAction` if it does not fit."""
        kind = entry.get("action")
        if kind == PLAY:
            return (self._card_code(entry.get("card")),)
        if kind == SHOW and self.showing:
            return (self.show(self._card_code(entry.get("card"))),)
        if kind == PASS:
            return (self.pass_action,)
        if kind == ALONE and self.alone:
            return (self.alone_action,)
        if kind == TAKE and self.taking:
            return (self.take_action,)
        if kind == ANNOUNCE:
            value = entry.get("value")
            if value not in self.announcements:
                raise InvalidAction(
                    f"{value!r} is not an announcement of this ruleset: expected one of {list(self.announcements)}"
                )
            return (self.announce(self.announcements.index(str(value))),)
        if kind == DOUBLE and self.doubles:
            return (self.double_action,)
        if kind == REDOUBLE and self.doubles:
            return (self.redouble_action,)
        if kind == BID and self.bid_codes:
            value = entry.get("value")
            if value not in self.bid_codes[1:]:
                raise InvalidAction(f"{value!r} is not a bid of this ruleset, such as {self.bid_codes[1]!r}")
            return (self.bid(self.bid_codes.index(str(value))),)
        if kind == GAME:
            value = entry.get("value")
            if value not in self.games:
                raise InvalidAction(f"{value!r} is not a game of this ruleset: expected one of {list(self.games)}")
            return (self.game(self.games.index(str(value))),)
        if kind == TRUMP:
            return (self.trump(self._suit(str(entry.get("suit")))),)
        if kind == BID:
            value = entry.get("value")
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise InvalidAction(f"a bid value must be a number or a bid name, not {value!r}")
            if isinstance(value, int):
                if not 0 <= value <= self.max_bid:
                    raise InvalidAction(f"the bid {value} is outside 0..{self.max_bid}")
                return (self.bid(value),)
            return (self._bid(value),)
        if kind == PASS_CARDS and self.passing:
            cards = entry.get("cards")
            if not isinstance(cards, list) or not cards:
                raise InvalidAction(f"a pass_cards action lists its cards, not {cards!r}")
            return tuple(self.give(self._card_code(code)) for code in cards)
        if kind == DISCARD and self.discarding:
            cards = entry.get("cards")
            if not isinstance(cards, list) or not cards:
                raise InvalidAction(f"a discard action lists its cards, not {cards!r}")
            return tuple(self.discard(self._card_code(code)) for code in cards)
        raise InvalidAction(
            f"{kind!r} is not an action kind: expected 'bid', 'pass', 'trump', 'play', 'pass_cards', "
            "'discard', 'alone', 'take', 'game', 'announce', 'double' or 'redouble'"
        )

    def _card_code(self, code: Any) -> int:
        if not isinstance(code, str) or code not in self.deck.codes:
            raise InvalidAction(f"{code!r} is not a card code of the {self.deck.title}")
        return self.deck.codes.index(code)


_PASS_WORDS = {
    "exchange": "keeps the hand as dealt (pass)",
    "announce": "does not announce it (pass)",
    "alone": "does not play alone",
    "showing": "shows no more cards (pass)",
}
"""A pass, told by the phase it is made in, where it declines something other than a bid."""


def _is_number(text: str) -> bool:
    """True for a whole number as people type one: ASCII digits, and not absurdly long."""
    return is_ascii_number(text, 6)


def _shown(text: str) -> str:
    """Typed text quoted back in a message, cut short when it is long."""
    return repr(text if len(text) <= 40 else text[:40] + "…")

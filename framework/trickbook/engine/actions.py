"""Actions as dense integers with tables built once per ruleset, and their text and record forms.

Layout: cards `0 .. deck size - 1` (an action is its card), then `pass`,
then one `trump` action per suit, then numeric bids `0 .. max`, then named
bids. Every action has one text form (`AS`, `pass`, `trump H`, `bid 8`,
`bid <name>` for a named bid) that `parse` reads back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

from ..errors import InvalidAction
from ..ruleset.deck import Deck

ActionId: TypeAlias = int

PLAY = "play"
PASS = "pass"
TRUMP = "trump"
BID = "bid"


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
    pass_action: ActionId = field(init=False)
    trump_base: ActionId = field(init=False)
    bid_base: ActionId = field(init=False)
    size: int = field(init=False)
    kinds: tuple[str, ...] = field(init=False)
    bid_values: tuple[int, ...] = field(init=False)
    name_index: tuple[int, ...] = field(init=False)
    declarations: tuple[ActionId, ...] = field(init=False)
    """Every declaration made with one's cards seen: the numeric bids from `min_bid` up, then the named bids."""
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
        size = cards + 1 + suits + self.max_bid + 1 + len(self.named_bids)
        set_(self, "size", size)
        kinds = [PLAY] * cards + [PASS] + [TRUMP] * suits + [BID] * (self.max_bid + 1 + len(self.named_bids))
        set_(self, "kinds", tuple(kinds))
        values = [0] * (cards + 1 + suits) + list(range(self.max_bid + 1)) + list(self.named_values)
        set_(self, "bid_values", tuple(values))
        names = [-1] * (cards + 1 + suits + self.max_bid + 1) + list(range(len(self.named_bids)))
        set_(self, "name_index", tuple(names))
        bid_base = cards + 1 + suits
        blind = self.blind or (False,) * len(self.named_bids)
        named = tuple(bid_base + self.max_bid + 1 + i for i in range(len(self.named_bids)) if not blind[i])
        blind_bids = tuple(bid_base + self.max_bid + 1 + i for i in range(len(self.named_bids)) if blind[i])
        set_(self, "blind_choices", (cards, *blind_bids))
        set_(self, "trump_choices", tuple(sorted(cards + 1 + suit for suit in self.trump_suits)))
        set_(self, "declarations", tuple(range(bid_base + self.min_bid, bid_base + self.max_bid + 1)) + named)
        set_(
            self,
            "auction_from",
            tuple((cards, *range(bid_base + low, bid_base + self.max_bid + 1)) for low in range(self.max_bid + 2)),
        )

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
        if kind == PASS:
            return "pass"
        if kind == TRUMP:
            return f"trump {self.deck.suits[action - self.trump_base].code}"
        name = self.name_index[action]
        return f"bid {self.named_bids[name]}" if name >= 0 else f"bid {self.bid_values[action]}"

    def label(self, action: ActionId) -> str:
        """A friendlier text for people: `Q♥`, `pass`, `trump ♥`, `bid 8`."""
        kind = self.kinds[action]
        if kind == PLAY:
            return self.deck.label(action)
        if kind == TRUMP:
            suit = self.deck.suits[action - self.trump_base]
            return f"trump {suit.symbol} ({suit.name})"
        return self.text(action)

    def parse(self, text: str) -> ActionId:
        """Reads an action as typed: `QH`, `Q♥`, `10h`, `pass`, `trump H`, `bid 8`, `8`, or a bid name."""
        words = text.strip().lower().split()
        if not words:
            raise InvalidAction("an empty action: type a card, a bid, 'pass' or 'trump' and a suit")
        if words == ["pass"] or words == ["p"]:
            return self.pass_action
        if words[0] == "trump" and len(words) == 2:
            return self.trump(self._suit(words[1]))
        if words[0] == "bid" and len(words) == 2:
            return self._bid(words[1])
        if len(words) == 1 and (words[0].isdigit() or words[0] in self.named_bids):
            return self._bid(words[0])
        if len(words) == 1:
            try:
                return self.deck.parse_card(words[0])
            except InvalidAction:
                pass
        raise InvalidAction(
            f"{text!r} is not an action: type a card such as {self.deck.codes[-1]!r}, a bid such as 'bid 8'"
            + (f" or {self.named_bids[0]!r}" if self.named_bids else "")
            + ", 'pass', or 'trump' and a suit such as 'trump H'"
        )

    def _suit(self, text: str) -> int:
        for index, suit in enumerate(self.deck.suits):
            if text.upper() in (suit.code, suit.symbol) or text == suit.name:
                return index
        codes = ", ".join(s.code for s in self.deck.suits)
        raise InvalidAction(f"{text!r} is not a suit: use one of {codes}")

    def _bid(self, text: str) -> ActionId:
        if text in self.named_bids:
            return self.named(self.named_bids.index(text))
        if text.isdigit() and int(text) <= self.max_bid:
            return self.bid(int(text))
        named = "".join(f", {n!r}" for n in self.named_bids)
        raise InvalidAction(f"{text!r} is not a bid of this ruleset: bids are numbers up to {self.max_bid}{named}")

    def to_record(self, seat: int, action: ActionId, auto: bool = False) -> dict[str, Any]:
        """The action as it appears in a match record."""
        kind = self.kinds[action]
        entry: dict[str, Any] = {"seat": seat, "action": kind}
        if kind == PLAY:
            entry["card"] = self.deck.codes[action]
        elif kind == TRUMP:
            entry["suit"] = self.deck.suits[action - self.trump_base].code
        elif kind == BID:
            name = self.name_index[action]
            entry["value"] = self.named_bids[name] if name >= 0 else self.bid_values[action]
        if auto:
            entry["auto"] = True
        return entry

    def from_record(self, entry: dict[str, Any]) -> ActionId:
        """Reads a record's action entry; raises `InvalidAction` naming what does not fit."""
        kind = entry.get("action")
        if kind == PLAY:
            card = entry.get("card")
            if not isinstance(card, str) or card not in self.deck.codes:
                raise InvalidAction(f"{card!r} is not a card code of the {self.deck.title}")
            return self.deck.codes.index(card)
        if kind == PASS:
            return self.pass_action
        if kind == TRUMP:
            return self.trump(self._suit(str(entry.get("suit"))))
        if kind == BID:
            value = entry.get("value")
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise InvalidAction(f"a bid value must be a number or a bid name, not {value!r}")
            if isinstance(value, int):
                if not 0 <= value <= self.max_bid:
                    raise InvalidAction(f"the bid {value} is outside 0..{self.max_bid}")
                return self.bid(value)
            return self._bid(value)
        raise InvalidAction(f"{kind!r} is not an action kind: expected 'bid', 'pass', 'trump' or 'play'")

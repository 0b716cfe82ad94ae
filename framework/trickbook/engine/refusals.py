"""Why an action is refused, in words a player understands, and the move a timed-out seat is given.

Both read a game through its public state only; the engine calls them when
it refuses an action or when a turn's time runs out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalAction, InvalidAction
from ..ruleset.deck import Card
from ..ruleset.rules import BiddingKind

if TYPE_CHECKING:
    from .game import Game


def timeout_action(game: Game) -> int:
    """The ruleset's `timeout` move: a pass or the set bid, the preferred trump, or the weakest legal card."""
    rules = game.rules
    timeout = rules.timeout
    legal = game.legal_actions()
    if not legal:
        raise IllegalAction("the match is over", rule="match over")
    actions = rules.actions
    if game.phase == "bidding":
        if timeout.bid == "pass" and actions.pass_action in legal:
            return actions.pass_action
        if isinstance(timeout.bid, int) and actions.bid(timeout.bid) in legal:
            return actions.bid(timeout.bid)
        bids = [a for a in legal if a != actions.pass_action and actions.name_index[a] < 0]
        return min(bids, key=lambda a: actions.bid_values[a]) if bids else legal[0]
    if game.phase == "trump":
        for suit in timeout.trump_order:
            if actions.trump(suit) in legal:
                return actions.trump(suit)
        return legal[0]
    deck = rules.deck
    order = {suit: i for i, suit in enumerate(timeout.suit_order)}
    trump = game.trump

    def weakness(card: Card) -> tuple[bool, int, int]:
        suit = deck.suit_of[card]
        return (timeout.prefer_non_trump and suit == trump, deck.rank_of[card], order[suit])

    return min(legal, key=weakness)


def refuse_bid(game: Game, action: int) -> IllegalAction | InvalidAction:
    """Why a bidding action is not allowed now."""
    actions = game.rules.actions
    bidding = game.rules.bidding
    if not 0 <= action < actions.size:
        return InvalidAction(f"{action} is not an action of this ruleset")
    text = actions.text(action)
    kind = actions.kinds[action]
    if kind in ("play", "trump"):
        return IllegalAction(f"it is the bidding: seat {game.turn} must bid, not {text}", rule="bidding comes first")
    if bidding.kind is BiddingKind.DECLARATIONS:
        if game.in_blind_round:
            blind = ", ".join(actions.text(a) for a in actions.blind_choices[1:])
            return IllegalAction(
                f"first each player, before looking at their cards, may bid blind ({blind}) or pass to look",
                rule="blind bids come first",
            )
        if kind == "pass":
            return IllegalAction(
                f"there is no pass: declare {bidding.min} to {bidding.max}", rule="every player declares once"
            )
        return IllegalAction(
            f"{text} is not allowed: declarations are {bidding.min} to {bidding.max}", rule="bidding.bids"
        )
    value = actions.bid_values[action]
    if not bidding.min <= value <= bidding.max:
        return IllegalAction(f"bids run from {bidding.min} to {bidding.max}, not {value}", rule="bidding.bids")
    return IllegalAction(
        f"a bid must be higher than the current highest bid {game.highest_bid}, not {value}",
        rule="an auction bid must beat the highest bid",
    )


def refuse_play(game: Game, card: int) -> IllegalAction | InvalidAction:
    """Why a card may not be played now: not held, suit not followed, or a suit not yet broken."""
    rules = game.rules
    deck = rules.deck
    actions = rules.actions
    if not 0 <= card < actions.size:
        return InvalidAction(f"{card} is not an action of this ruleset")
    if card >= deck.size:
        return IllegalAction(f"the bidding is over: play a card, not {actions.text(card)}", rule="play follows bidding")
    seat = game.turn
    assert seat is not None
    hand = game.hand(seat)
    if card not in hand:
        return IllegalAction(f"seat {seat} does not hold {deck.label(card)}", rule="play a card from your hand")
    trick = game.trick
    if trick:
        led = deck.suit_of[trick[0]]
        held = [c for c in hand if deck.suit_of[c] == led]
        shown = " and ".join(deck.label(c) for c in reversed(held))
        return IllegalAction(f"you must follow {deck.suits[led].symbol}: you hold {shown}", rule="follow suit")
    suit = deck.suits[deck.suit_of[card]]
    return IllegalAction(
        f"{suit.symbol} may not be led until {suit.name} are broken, and you hold other suits",
        rule="lead restriction: not until broken",
    )

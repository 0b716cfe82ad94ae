"""Auctions: rising bids and final passes (`bidding.kind: auction`), also in duels and in one round."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction, _, said
from ...expr.facts import NO_SEAT
from ...ruleset.actions import ActionKind
from ..events import ContractSet
from ..host import PhaseHost
from ..kinds import BIDDING
from .bidding import finish_bidding, listed, timeout_bid
from .contract import contracts


class Auction:
    """Rising bids and permanent passes until one bidder is left, or a bid that ends it at once."""

    code = BIDDING

    def start(self, game: PhaseHost) -> None:
        if without_auction(game):
            game._advance()
            return
        bidding = game.rules.bidding
        if bidding.max_bid is not None:
            game._bid_max = min(bidding.max, max(bidding.min, int(bidding.max_bid(game._facts()))))
        game._phase = BIDDING
        game._turn = game._next[game._dealer]

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        actions = game.rules.actions
        low = game.rules.bidding.min if game._high_seat == NO_SEAT else game._bids[game._high_seat] + 1
        options = actions.auction_from[min(low, actions.max_bid + 1)]
        if must_bid(game):
            options = options[1:]  # the pass comes first
        if game._bid_max < actions.max_bid:
            top = actions.bid(game._bid_max)
            return tuple(a for a in options if a <= top)
        return options

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        actions = game.rules.actions
        if action == actions.pass_action and must_bid(game):
            raise IllegalAction(
                said("everyone else passed: you may not pass, bid {low} or more", low=game.rules.bidding.min),
                rule="bidding.all_pass",
            )
        if action != actions.pass_action:
            low = game.rules.bidding.min if game._high_seat == NO_SEAT else game._bids[game._high_seat] + 1
            # An auction has no named bids (the loader refuses them), so a bid is its number.
            if actions.kinds[action] != ActionKind.BID or not low <= actions.bid_values[action] <= game._bid_max:
                raise self.refuse(game, action)
            if actions.bid_steps and actions.bid_values[action] not in actions.bid_steps:
                raise self.refuse(game, action)
        seat = game._turn
        game._record(action, auto)
        auction_bid(game, seat, action)

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        actions = game.rules.actions
        bidding = game.rules.bidding
        text = actions.text(action)
        if actions.kinds[action] not in (ActionKind.BID, ActionKind.PASS):
            return IllegalAction(
                said("it is the bidding: you must bid or pass, not {action}", action=text),
                rule=_("bidding comes first"),
            )
        value = actions.bid_values[action]
        if not bidding.min <= value <= game._bid_max:
            return IllegalAction(
                said("bids run from {low} to {high}, not {bid}", low=bidding.min, high=game._bid_max, bid=value),
                rule="bidding.bids",
            )
        if bidding.values and value not in bidding.values:
            return IllegalAction(
                said("{bid} is not a bid: bids are {bids}", bid=value, bids=listed(bidding.values)), rule="bidding.bids"
            )
        return IllegalAction(
            said(
                "a bid must be higher than the current highest bid {high}, not {bid}",
                high=f"{game.highest_bid}",
                bid=value,
            ),
            rule=_("an auction bid must beat the highest bid"),
        )

    def timeout(self, game: PhaseHost) -> int:
        return timeout_bid(game, self.legal(game))


class Duels(Auction):
    """An auction in duels. The player after the dealer listens and the next one speaks: the speaker bids above
    the highest bid or passes, the listener holds that bid (bids it too) or passes. Passes are final; the one left
    listens to the next player, who speaks. The last one left has won at the highest bid named or held; when
    nobody bid, that player may still bid the lowest bid, or pass and throw the hand in."""

    def start(self, game: PhaseHost) -> None:
        if without_auction(game):
            game._advance()
            return
        super().start(game)
        game._turn = game._next[game._turn]  # the first speaker; the player after the dealer listens

    def pair(self, game: PhaseHost) -> tuple[int, int]:
        """The listener and the speaker: the first two players, from the one after the dealer, who have not
        passed (the speaker is NO_SEAT when one player is left)."""
        first = seat = game._next[game._dealer]
        found = []
        while True:  # once round the players of the hand (a dealer who sits out is not among them)
            if not game._passed >> seat & 1:
                found.append(seat)
                if len(found) == 2:
                    return found[0], found[1]
            seat = game._next[seat]
            if seat == first:
                return found[0], NO_SEAT

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        actions = game.rules.actions
        listener, speaker = self.pair(game)
        if speaker == NO_SEAT:
            return (actions.pass_action, actions.bid(game.rules.bidding.min))
        if game._turn == listener:
            return (actions.pass_action, actions.bid(game._bids[game._high_seat]))
        return super().legal(game)

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        actions = game.rules.actions
        seat = game._turn
        game._record(action, auto)
        if action == actions.pass_action:
            game._passed |= 1 << seat
        else:
            game._bids[seat] = actions.bid_values[action]
            game._high_seat = seat
        listener, speaker = self.pair(game) if game._passed.bit_count() < game._seats else (NO_SEAT, NO_SEAT)
        if listener == NO_SEAT:
            game._cancel(said("every player passed"))
        elif speaker == NO_SEAT and game._high_seat != NO_SEAT:
            auction_won(game)
        elif action == actions.pass_action or speaker == NO_SEAT:
            game._turn = speaker if speaker != NO_SEAT else listener  # a new duel, or the last one left, speaks
        else:
            game._turn = listener if seat == speaker else speaker

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        actions = game.rules.actions
        listener, speaker = self.pair(game)
        if actions.kinds[action] != ActionKind.BID or (game._turn != listener and speaker != NO_SEAT):
            return super().refuse(game, action)
        if speaker == NO_SEAT:
            lowest = game.rules.bidding.min
            return IllegalAction(
                said("nobody bid: you may bid the lowest bid, {bid}, or pass", bid=lowest),
                rule=_("the last player left may bid"),
            )
        held = game._bids[game._high_seat]
        return IllegalAction(
            said("you listen: hold {held} (bid {held}) or pass, not {bid}", held=held, bid=actions.bid_values[action]),
            rule=_("the listener holds the bid or passes"),
        )


def without_auction(game: PhaseHost) -> bool:
    """True for a hand the rules play without its auction (`bidding.estimates.without_auction`): the estimates
    alone make the contracts."""
    estimates = game.rules.bidding.estimates
    without = None if estimates is None else estimates.without_auction
    return without is not None and bool(without(game._facts()))


def must_bid(game: PhaseHost) -> bool:
    """True when the seat to bid may not pass (`all_pass: must-bid`): nobody has bid and every other player of
    the hand has passed."""
    everyone = (1 << game._seats) - 1
    return (
        game.rules.bidding.all_pass == "must-bid"
        and game._high_seat == NO_SEAT
        and game._passed | game._outs | 1 << game._turn == everyone
    )


def auction_bid(game: PhaseHost, seat: int, action: int) -> None:
    rules = game.rules
    actions = rules.actions
    if action == actions.pass_action:
        game._passed |= 1 << seat
    else:
        game._bids[seat] = actions.bid_values[action]
        game._high_seat = seat
        if game._bids[seat] >= rules.bidding.ends_at:
            auction_won(game)
            return
    auction_next(game, seat)


def auction_next(game: PhaseHost, seat: int) -> None:
    if game.rules.bidding.once:
        once_next(game, seat)
        return
    passed = game._passed
    remaining = game._seats - passed.bit_count()
    if game._high_seat != NO_SEAT:
        if remaining == 1:
            auction_won(game)
            return
    elif remaining == 0:
        game._cancel(said("every player passed"))
        return
    elif remaining == 1 and game.rules.bidding.all_pass == "force":
        force_contract(game, (~passed & ((1 << game._seats) - 1)).bit_length() - 1)
        return
    nxt = game._next[seat]
    while passed & (1 << nxt):
        nxt = game._next[nxt]
    game._turn = nxt


def once_next(game: PhaseHost, seat: int) -> None:
    """An auction of one round: after every player has spoken once, the highest bid wins; when all but the
    last have passed and the rules force a contract, the last is given it."""
    game._bid_count += 1
    speakers = game._seats - game._outs.bit_count()
    if game._bid_count < speakers:
        game._turn = game._next[seat]
        last = game._bid_count == speakers - 1
        if last and game._high_seat == NO_SEAT and game.rules.bidding.all_pass == "force":
            force_contract(game, game._turn)
        return
    if game._high_seat == NO_SEAT:
        game._cancel(said("every player passed"))
        return
    auction_won(game)


def force_contract(game: PhaseHost, seat: int) -> None:
    """All the others passed: `seat` is given the forced contract (`all_pass: force`), as an automatic bid."""
    forced_bid = game.rules.bidding.forced_bid
    assert forced_bid is not None
    game._turn = seat
    game._record(game.rules.actions.bid(forced_bid), True)
    game._bids[seat] = forced_bid
    game._high_seat = seat
    auction_won(game)


def auction_won(game: PhaseHost) -> None:
    declarer = game._high_seat
    game._declarer = declarer
    game._contract = contracts(game.rules.seating, game._bids, declarer, game._bids[declarer])[0]
    if game.observer is not None:
        game.observer(ContractSet(declarer, game._bids[declarer]))
    finish_bidding(game)

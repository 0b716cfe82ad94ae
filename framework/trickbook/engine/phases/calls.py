"""Auctions of calls: bids of level and strain, doubles and redoubles (`bidding.kind: calls`)."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction, _, said
from ...expr.facts import NO_SEAT, NO_SUIT
from ...ruleset.actions import DOUBLE, REDOUBLE, ActionKind
from ..events import ContractSet, TrumpSet
from ..history import ACTION_SHIFT, SEAT_MASK
from ..host import PhaseHost
from ..kinds import BIDDING
from .bidding import finish_bidding
from .contract import contracts


class Calls:
    """An auction of calls from the first caller round the table: pass, a bid above the last one, double an
    opponent's bid, redouble an opponent's double; enough passes in a row after a call end it, and passes from
    everyone before any bid throw the hand in."""

    code = BIDDING

    def start(self, game: PhaseHost) -> None:
        calls = game.rules.bidding.calls
        assert calls is not None
        seat = game._dealer
        for _step in range(calls.first):
            seat = game._next[seat]
        game._phase = BIDDING
        game._turn = seat

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        rules = game.rules
        actions = rules.actions
        calls = rules.bidding.calls
        assert calls is not None
        high = game._high_seat
        low = 1 if high == NO_SEAT else game._bids[high] + 1
        legal = [actions.pass_action, *range(actions.bid(low), actions.bid(rules.bidding.max) + 1)]
        if calls.doubles and high != NO_SEAT:
            side = game._side_of[game._turn]
            if game._doubled == 0 and game._side_of[high] != side:
                legal.append(actions.double_action)
            elif game._doubled == 1 and game._side_of[game._doubler] != side:
                legal.append(actions.redouble_action)
        return tuple(legal)

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        rules = game.rules
        actions = rules.actions
        calls = rules.bidding.calls
        assert calls is not None
        seat = game._turn
        game._record(action, auto)
        if action == actions.pass_action:
            game._passes_in_row += 1
            if game._high_seat == NO_SEAT and game._passes_in_row == game._seats:
                game._cancel(said("every player passed: the deal is passed out"))
                return
            if game._high_seat != NO_SEAT and game._passes_in_row == calls.ends_after:
                self.won(game)
                return
        else:
            game._passes_in_row = 0
            if action == actions.double_action:
                game._doubled = 1
                game._doubler = seat
            elif action == actions.redouble_action:
                game._doubled = 2
            else:
                game._bids[seat] = actions.bid_values[action]
                game._high_seat = seat
                game._doubled = 0
                game._doubler = NO_SEAT
        game._turn = game._next[seat]

    def won(self, game: PhaseHost) -> None:
        """The last bid is the contract; its declarer is the first of that side to have bid its strain."""
        rules = game.rules
        actions = rules.actions
        calls = rules.bidding.calls
        assert calls is not None
        value = game._bids[game._high_seat]
        strain = calls.strain(value)
        side = game._side_of[game._high_seat]
        declarer = game._high_seat
        for code in game._moves:
            action, seat = code >> ACTION_SHIFT, code & SEAT_MASK
            if (
                actions.kinds[action] == ActionKind.BID
                and game._side_of[seat] == side
                and calls.strain(actions.bid_values[action]) == strain
            ):
                declarer = seat
                break
        game._declarer = declarer
        game._contract = contracts(rules.seating, game._bids, declarer, calls.level(value))[0]
        game._trump = strain if strain >= 0 else NO_SUIT
        if game.observer is not None:
            game.observer(ContractSet(declarer, calls.level(value), actions.bid_codes[value], game._doubled))
            if game._trump != NO_SUIT:
                game.observer(TrumpSet(game._trump, None))
        finish_bidding(game)

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        rules = game.rules
        actions = rules.actions
        text = actions.text(action)
        kind = actions.kinds[action]
        if kind == DOUBLE:
            return IllegalAction(
                said("you may double only the last bid, and only when an opponent made it and nobody has doubled it"),
                rule=_("double an opponent's bid"),
            )
        if kind == REDOUBLE:
            return IllegalAction(
                said("you may redouble only when an opponent has doubled your side's bid"), rule=_("redouble a double")
            )
        if kind != ActionKind.BID:
            return IllegalAction(
                said("it is the auction: call, not {action}", action=text), rule=_("the auction comes first")
            )
        last = actions.label(actions.bid(game._bids[game._high_seat]))
        return IllegalAction(
            said("a bid must be higher than the last bid, {last}, not {bid}", last=last, bid=actions.label(action)),
            rule=_("bids rise"),
        )

    def timeout(self, game: PhaseHost) -> int:
        return game.rules.actions.pass_action

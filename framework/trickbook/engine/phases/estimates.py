"""Estimates: after an auction and the trump choice, the other players estimate their tricks (`bidding.estimates`);
in a hand without its auction everyone does, and the highest estimate makes the declarer."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction, _, said
from ...expr.facts import NO_SEAT
from ...ruleset.actions import ActionKind
from ...ruleset.rules import EstimateRules
from ..events import ContractSet
from ..host import PhaseHost
from ..kinds import BIDDING
from .bidding import timeout_bid
from .contract import contracts
from .declarations import ban_of, not_allowed, unbanned


class Estimates:
    """Every player but the declarer, once in turn from the declarer's next player, estimates the tricks they
    will take; a `forbid` rule may ban an estimate (the last estimator's, most often). Then each seat is bound to
    its own estimate, the declarer to the winning bid."""

    code = BIDDING

    def start(self, game: PhaseHost) -> None:
        estimates = rules_of(game)
        high = estimates.max
        if estimates.max_estimate is not None and game._declarer != NO_SEAT:
            high = min(estimates.max, max(estimates.min, int(estimates.max_estimate(game._facts()))))
        game._bid_max = high
        for seat in range(game._seats):
            if seat != game._declarer:
                game._bids[seat] = 0  # an outbid auction bid is not an estimate
        game._bid_count = 0
        game._phase = BIDDING
        # A hand without its auction has no declarer yet: everyone estimates, from the player after the dealer.
        game._turn = game._next[game._dealer if game._declarer == NO_SEAT else game._declarer]

    def choices(self, game: PhaseHost) -> tuple[int, ...]:
        """The estimates the ruleset offers this hand, before any ban."""
        actions = game.rules.actions
        return tuple(actions.bid(value) for value in range(rules_of(game).min, game._bid_max + 1))

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        return unbanned(game, self.choices(game), rules_of(game).bans)

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        seat = game._turn
        game._record(action, auto)
        game._bids[seat] = game.rules.actions.bid_values[action]
        game._bid_count += 1
        estimators = game._seats - game._outs.bit_count() - (game._declarer != NO_SEAT)  # none sitting out
        if game._bid_count < estimators:
            game._turn = game._next[seat]
            return
        if game._declarer == NO_SEAT:
            game._declarer = highest_estimate(game)
            if game.observer is not None:
                game.observer(ContractSet(game._declarer, game._bids[game._declarer]))
        rules = game.rules
        game._contract = contracts(rules.seating, game._bids, game._declarer, game._bids[game._declarer], True)[0]
        game._advance()

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        actions = game.rules.actions
        text = actions.text(action)
        low, high = rules_of(game).min, game._bid_max
        if actions.kinds[action] != ActionKind.BID or actions.name_index[action] >= 0:
            return IllegalAction(
                said(
                    "it is the estimates: estimate your tricks, {low} to {high}, not {action}",
                    low=low,
                    high=high,
                    action=text,
                ),
                rule=_("every player but the declarer estimates once"),
            )
        if action in self.choices(game):
            ban = ban_of(game, action, rules_of(game).bans)
            assert ban is not None
            return IllegalAction(not_allowed(text, ban.description), rule=f"bidding.estimates.forbid.{ban.name}")
        return IllegalAction(
            said(
                "an estimate runs from {low} to {high}, not {bid}", low=low, high=high, bid=actions.bid_values[action]
            ),
            rule="bidding.estimates",
        )

    def timeout(self, game: PhaseHost) -> int:
        return timeout_bid(game, self.legal(game))


def highest_estimate(game: PhaseHost) -> int:
    """The seat of the highest estimate in a hand without its auction, the first to make it on a tie (estimates
    go round from the player after the dealer, so the dealer's comes last)."""
    after = game.rules.seating.after
    order = [after(game._dealer, k) for k in range(1, game._seats + 1)]
    return max((s for s in order if not game._outs >> s & 1), key=lambda s: game._bids[s])


def rules_of(game: PhaseHost) -> EstimateRules:
    """The estimates' rules (the phase runs only when the ruleset has them)."""
    estimates = game.rules.bidding.estimates
    assert estimates is not None
    return estimates

"""What the three bidding phases share: the end of the bidding, a timed-out bid, a list of bids in words."""

from __future__ import annotations

from ...errors import said
from ...expr.facts import NO_SEAT
from ..host import PhaseHost
from .contract import contracts


def finish_bidding(game: PhaseHost) -> None:
    """The bidding is over: without a declarer the declarations make the contracts; then `bidding.cancel_if`
    may throw the hand in, else the next phase starts."""
    rules = game.rules
    if game._declarer == NO_SEAT:
        game._contract = contracts(rules.seating, game._bids, NO_SEAT, 0)[0]
    cancel_if = rules.bidding.cancel_if
    if cancel_if is not None and cancel_if(game._facts()):
        game._cancel(said("bidding.cancel_if holds: {rule}", rule=cancel_if.source.strip()))
        return
    game._advance()


def listed(values: tuple[int, ...]) -> str:
    """A list of bid values in words, its middle left out when it is long."""
    shown = [str(v) for v in values] if len(values) <= 8 else [*map(str, values[:6]), "...", str(values[-1])]
    return ", ".join(shown)


def timeout_bid(game: PhaseHost, legal: tuple[int, ...]) -> int:
    """Pass if allowed (or the ruleset's timeout bid), else the lowest numeric bid allowed."""
    rules = game.rules
    actions = rules.actions
    wanted = rules.timeout.bid
    if wanted == "pass" and actions.pass_action in legal:
        return actions.pass_action
    if isinstance(wanted, int) and actions.bid(wanted) in legal:
        return actions.bid(wanted)
    bids = [a for a in legal if a != actions.pass_action and actions.name_index[a] < 0]
    return min(bids, key=lambda a: actions.bid_values[a]) if bids else legal[0]

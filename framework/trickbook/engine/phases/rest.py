"""The rest of a deal in stages (`deal.rest`): dealt once trump is made or chosen, before anything else is decided."""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import ActionError, IllegalAction, said
from ...ruleset.rules import Rules
from ..host import PhaseHost
from ..kinds import TRUMP


def receivers(rules: Rules, dealer: int, held: Sequence[int]) -> list[int]:
    """The seats the rest of a deal in stages goes to, card by card: one at a time from the player after the
    dealer, round the table, until every seat dealt cards holds `deal.rest.hand_size`; `held` is how many each
    holds before (the turned card already given). The engine deals in this order and sampled worlds stack the
    stock by it."""
    rest = rules.deal.rest
    assert rest is not None
    count = list(held)
    seats = [s for s in range(rules.seats) if not (rules.deal.dealer_sits_out and s == dealer)]
    order = []
    seat = rules.seating.after(dealer)
    while any(count[s] < rest.hand_size for s in seats):
        if seat in seats and count[seat] < rest.hand_size:
            order.append(seat)
            count[seat] += 1
        seat = rules.seating.after(seat)
    return order


class RestDealing:
    """Gives the declarer the stock card shown to everyone where the rules say so, then deals the stock on, one card
    at a time from the player after the dealer, until every player holds `deal.rest.hand_size` cards. Nobody
    decides anything, so it never waits: each seat sees its own new cards, the others only how many."""

    code = TRUMP

    def start(self, game: PhaseHost) -> None:
        rest = game.rules.deal.rest
        assert rest is not None
        if rest.exposed_to_declarer and game._exposed:
            game._draw(game._declarer, True)
        for seat in receivers(game.rules, game._dealer, [hand.bit_count() for hand in game._hands]):
            game._draw(seat, game._exposed[:1] == game._stock[game._drawn : game._drawn + 1])
        game._advance()

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        return ()

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        raise self.refuse(game, action)

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        return IllegalAction(said("the rest of the deal is being dealt: nobody acts"), rule="deal.rest")

    def timeout(self, game: PhaseHost) -> int:
        raise self.refuse(game, -1)

"""The rest of a deal in stages (`deal.rest`): dealt once trump is made or chosen, before anything else is decided."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction
from ..host import PhaseHost
from ..kinds import TRUMP


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
        seats = [seat for seat in range(game._seats) if not game.rules.deal.dealer_sits_out or seat != game._dealer]
        seat = game._next[game._dealer]
        while any(game._hands[s].bit_count() < rest.hand_size for s in seats):
            if game._hands[seat].bit_count() < rest.hand_size and seat in seats:
                game._draw(seat, game._exposed[:1] == game._stock[game._drawn : game._drawn + 1])
            seat = game._next[seat]
        game._advance()

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        return ()

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        raise self.refuse(game, action)

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        return IllegalAction("the rest of the deal is being dealt: nobody acts", rule="deal.rest")

    def timeout(self, game: PhaseHost) -> int:
        raise self.refuse(game, -1)

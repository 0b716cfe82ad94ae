"""Showing held cards before the first lead to change what they are worth (`showing`)."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction, said
from ...ruleset.actions import SHOW
from ..host import PhaseHost
from ..kinds import SHOWING


class Showing:
    """Once the game is named, each seat in turn from the dealer's left may show, one at a time, the cards it holds
    among those the rules let be shown in this hand, then passes. Every seat is asked, holder or not, so being
    asked gives nothing away; seats that sit the hand out are skipped."""

    code = SHOWING

    def start(self, game: PhaseHost) -> None:
        if not self.offered(game):
            game._advance()
            return
        game._phase = SHOWING
        game._turn = self.asked(game)[0]

    def offered(self, game: PhaseHost) -> int:
        """The cards that may be shown in this hand: those of every `showing` entry whose `when` holds."""
        mask = 0
        for entry in game.rules.showing:
            if entry.when is None or entry.when(game._facts()):
                mask |= entry.cards
        return mask

    def asked(self, game: PhaseHost) -> list[int]:
        """The seats asked, in turn from the dealer's left, but for those that sit this hand out."""
        seating = game.rules.seating
        order = [seating.after(game._dealer, steps) for steps in range(1, seating.seats + 1)]
        return [seat for seat in order if not game._outs >> seat & 1]

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        actions = game.rules.actions
        seat = game._turn
        left = game._hands[seat] & self.offered(game) & ~game._shown[seat]
        return (actions.pass_action, *(actions.show(card) for card in game.rules.deck.cards(left)))

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        seat = game._turn
        game._record(action, auto)
        if action != game.rules.actions.pass_action:
            game._shown[seat] |= 1 << game.rules.actions.card_of(action)
            return
        asked = self.asked(game)
        position = asked.index(seat)
        if position + 1 < len(asked):
            game._turn = asked[position + 1]
            return
        game._advance()

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        actions = game.rules.actions
        if actions.kinds[action] == SHOW:
            return IllegalAction(
                said(
                    "{card} cannot be shown now: you may show only cards you hold that the rules let be shown in "
                    "this hand, each once",
                    card=game.rules.deck.label(actions.card_of(action)),
                ),
                rule="showing",
            )
        return IllegalAction(
            said("players now show cards or pass, not {action}", action=actions.text(action)),
            rule="showing",
        )

    def timeout(self, game: PhaseHost) -> int:
        return game.rules.actions.pass_action

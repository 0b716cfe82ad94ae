"""Going alone: a declarer may play without its partner, whose hand sits out (`alone`)."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction, said
from ..events import SitsOut
from ..host import PhaseHost
from ..kinds import ALONE


class Alone:
    """The declarer plays alone (`alone`) or with the partner (`pass`); alone, the partner's hand sits out. Where
    the rules let defenders play alone too, they are asked next, the one nearest the dealer's left first; the
    first who plays alone leaves the partner out, and nobody else is asked."""

    code = ALONE

    def start(self, game: PhaseHost) -> None:
        game._phase = ALONE
        game._turn = game._declarer

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        actions = game.rules.actions
        alone = game.rules.alone
        assert alone is not None
        declaring = game._turn == game._declarer
        if declaring and alone.must_when is not None and alone.must_when(game._facts()):
            return (actions.alone_action,)
        return (actions.pass_action, actions.alone_action)

    def defenders(self, game: PhaseHost) -> tuple[int, int]:
        """The defenders in the order they are asked: first the one nearest the dealer's left, then the partner."""
        side = game._side_of[game._declarer]
        seat = game.rules.seating.next_seat[game._dealer]
        while game._side_of[seat] == side:
            seat = game.rules.seating.next_seat[seat]
        return seat, game.rules.seating.partner[seat]

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        rules = game.rules
        alone = rules.alone
        assert alone is not None
        seat = game._turn
        game._record(action, auto)
        lone = action == rules.actions.alone_action
        if lone:
            out = rules.seating.partner[seat]
            game._outs |= 1 << out
            if game.observer is not None:
                game.observer(SitsOut(out))
        first, second = self.defenders(game)
        if seat == game._declarer and (alone.defenders == "any" or (alone.defenders == "vs_alone" and lone)):
            game._turn = first
            return
        if seat == first and not lone:
            game._turn = second
            return
        if game._outs:
            game._trick_size = game._seats - game._outs.bit_count()
            game._next = rules.seating.next_skipping(game._outs)
        game._advance()

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        actions = game.rules.actions
        if action == actions.pass_action:
            return IllegalAction(said("the maker must play alone here"), rule="alone.must_when")
        return IllegalAction(
            said(
                "you now play alone ('alone') or with your partner ('pass'), not {action}", action=actions.text(action)
            ),
            rule="alone",
        )

    def timeout(self, game: PhaseHost) -> int:
        return self.legal(game)[0]

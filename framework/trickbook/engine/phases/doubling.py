"""Doubling: once the declarer and trump are known, the opponents may double and the declarer's side redouble
(`doubling`)."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction, said
from ...expr.facts import NO_SEAT
from ..host import PhaseHost
from ..kinds import DOUBLING


class Doubling:
    """The declarer's opponents are asked in turn from the declarer's left whether to double; the first double ends
    their round, and then (where the rules allow) the declarer's side is asked in turn, the declarer first,
    whether to redouble. Seats that sit the hand out are not asked. `_doubler` is the seat that doubled."""

    code = DOUBLING

    def start(self, game: PhaseHost) -> None:
        doubling = game.rules.doubling
        assert doubling is not None
        if game._declarer == NO_SEAT or (doubling.when is not None and not doubling.when(game._facts())):
            game._advance()
            return
        game._phase = DOUBLING
        game._turn = self.asked(game)[0]

    def asked(self, game: PhaseHost) -> list[int]:
        """The seats asked now, in order: the opponents until one doubles, then the declarer's side."""
        seating = game.rules.seating
        declarer = game._declarer
        side = seating.side_of[declarer]
        order = [seating.after(declarer, steps) for steps in range(1, seating.seats + 1)]
        order = [seat for seat in order if not game._outs >> seat & 1]
        partners = [seat for seat in order if seat == declarer or (side >= 0 and seating.side_of[seat] == side)]
        partners.sort(key=lambda seat: seat != declarer)
        return partners if game._doubled else [seat for seat in order if seat not in partners]

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        actions = game.rules.actions
        return (actions.pass_action, actions.redouble_action if game._doubled else actions.double_action)

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        actions = game.rules.actions
        doubling = game.rules.doubling
        assert doubling is not None
        seat = game._turn
        asked = self.asked(game)
        game._record(action, auto)
        if action == actions.double_action:
            game._doubled = 1
            game._doubler = seat
            if doubling.redouble:
                game._turn = self.asked(game)[0]
                return
        elif action == actions.redouble_action:
            game._doubled = 2
        else:
            position = asked.index(seat)
            if position + 1 < len(asked):
                game._turn = asked[position + 1]
                return
        game._advance()

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        actions = game.rules.actions
        if game._doubled:
            return IllegalAction(
                said("your side's contract is doubled: redouble or pass, not {action}", action=actions.text(action)),
                rule="doubling.redouble",
            )
        return IllegalAction(
            said(
                "the declarer's opponents may double the contract: double or pass, not {action}",
                action=actions.text(action),
            ),
            rule="doubling",
        )

    def timeout(self, game: PhaseHost) -> int:
        return game.rules.actions.pass_action

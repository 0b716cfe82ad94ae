"""The declarer's announcements after the bidding (`announcements`)."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction, _, said
from ...ruleset.actions import ANNOUNCE
from ..host import PhaseHost
from ..kinds import ANNOUNCE as ANNOUNCING


class Announcing:
    """Once the game is named, the declarer is offered each announcement whose `when` holds, in the order the rules
    list them, and announces it or passes; an announcement made can open the next one's `when`."""

    code = ANNOUNCING

    def start(self, game: PhaseHost) -> None:
        game._offer = 0
        game._phase = ANNOUNCING
        game._turn = game._declarer
        self.offer(game)

    def offer(self, game: PhaseHost) -> None:
        """Moves on to the next announcement the declarer may make, or ends the phase."""
        announcements = game.rules.announcements
        while game._offer < len(announcements):
            when = announcements[game._offer].when
            if when is None or when(game._facts()):
                return
            game._offer += 1
        game._advance()

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        actions = game.rules.actions
        return (actions.pass_action, actions.announce(game._offer))

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        game._record(action, auto)
        if action != game.rules.actions.pass_action:
            game._announced |= 1 << game._offer
        game._offer += 1
        self.offer(game)

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        actions = game.rules.actions
        offered = actions.text(actions.announce(game._offer))
        if actions.kinds[action] == ANNOUNCE:
            return IllegalAction(
                said(
                    "the announcement offered now is '{offered}' (or 'pass'), not {action}",
                    offered=offered,
                    action=actions.text(action),
                ),
                rule=_("announcements are offered in turn"),
            )
        return IllegalAction(
            said(
                "the declarer now announces ('{offered}') or passes, not {action}",
                offered=offered,
                action=actions.text(action),
            ),
            rule="announcements",
        )

    def timeout(self, game: PhaseHost) -> int:
        return game.rules.actions.pass_action

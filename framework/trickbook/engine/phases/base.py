"""The protocol every phase of a hand keeps: who acts, what is legal, what an action does, why one is refused."""

from __future__ import annotations

from typing import Protocol

from ...errors import ActionError
from ..host import PhaseHost


class Phase(Protocol):
    """One phase of a hand. `start` either hands the turn to a seat or, with nothing to decide, moves on."""

    code: int
    """The phase's number in `state.PHASES`."""

    def start(self, game: PhaseHost) -> None: ...

    def legal(self, game: PhaseHost) -> tuple[int, ...]: ...

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        """Applies a legal action of the seat to act; raises what `refuse` says otherwise."""

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        """Why the seat to act may not take `action` (an action of the ruleset: the game checks that first)."""

    def timeout(self, game: PhaseHost) -> int:
        """The move the rules make for the seat to act when its time runs out."""

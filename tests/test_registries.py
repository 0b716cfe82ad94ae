"""Every outer layer's per-phase table covers every phase in which a seat decides, so a new phase fails here, by
the name of each table that lacks it, instead of falling through to some other phase's choice."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from helpers import played, rules
from trickbook import Game
from trickbook.engine.kinds import PhaseKind
from trickbook.players.heuristic import CHOICES
from trickbook.players.policy import QUICK
from trickbook.session.terminal import PARSERS

DECIDING = frozenset(PhaseKind) - {PhaseKind.OVER}
"""The phases in which some seat has a legal action: all but the hand's end, where nobody decides."""

TABLES: dict[str, tuple[Mapping[PhaseKind, object], frozenset[PhaseKind]]] = {
    "players.policy.QUICK (a seat's quick move in a playout)": (QUICK, DECIDING),
    "players.heuristic.CHOICES (how the heuristic decides)": (CHOICES, DECIDING),
    "session.terminal.PARSERS (how a typed action is read)": (PARSERS, DECIDING),
}


@pytest.mark.parametrize("name", TABLES)
def test_each_dispatch_table_covers_every_phase_in_which_a_seat_decides(name: str) -> None:
    table, phases = TABLES[name]
    missing = sorted(phases - set(table))
    extra = sorted(set(table) - phases)
    assert not missing, f"{name} has no entry for {', '.join(missing)}"
    assert not extra, f"{name} has entries for {', '.join(extra)}, where nobody decides"


def test_the_phase_the_tables_leave_out_is_one_in_which_nobody_decides() -> None:
    game = played(Game(rules("euchre", (("target", "5"),)), 3), seed=3)
    assert game.is_over() and game.phase is PhaseKind.OVER
    assert game.legal_actions() == ()

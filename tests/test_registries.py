"""Every outer layer's dispatch table covers its whole registry (every phase in which a seat decides, every
bidding kind, every trump mode), so a new kind fails here, by the name of each table that lacks it, instead of
falling through to some other kind's branch."""

from __future__ import annotations

from collections.abc import Collection
from enum import Enum

import pytest

from helpers import played, rules
from trickbook import Game
from trickbook.book.words import BIDDING_WORDS, TRUMP_WORDS
from trickbook.engine.kinds import PhaseKind
from trickbook.players.heuristic import CHOICES
from trickbook.players.policy import QUICK
from trickbook.ruleset.rules import BiddingKind, TrumpMode
from trickbook.session.terminal import PARSERS

DECIDING = frozenset(PhaseKind) - {PhaseKind.OVER}
"""The phases in which some seat has a legal action: all but the hand's end, where nobody decides."""

TABLES: dict[str, tuple[Collection[Enum], frozenset[Enum]]] = {
    "players.policy.QUICK (a seat's quick move in a playout)": (QUICK, DECIDING),
    "players.heuristic.CHOICES (how the heuristic decides)": (CHOICES, DECIDING),
    "session.terminal.PARSERS (how a typed action is read)": (PARSERS, DECIDING),
    "book.words.BIDDING_WORDS (the rule book's bidding paragraph)": (BIDDING_WORDS, frozenset(BiddingKind)),
    "book.words.TRUMP_WORDS (the rule book's trump paragraph)": (TRUMP_WORDS, frozenset(TrumpMode)),
}


@pytest.mark.parametrize("name", TABLES)
def test_each_dispatch_table_covers_its_whole_registry(name: str) -> None:
    table, registry = TABLES[name]
    missing = sorted(str(kind.value) for kind in registry - set(table))
    extra = sorted(str(kind.value) for kind in set(table) - registry)
    assert not missing, f"{name} has no entry for {', '.join(missing)}"
    assert not extra, f"{name} has entries for {', '.join(extra)}, which it must not cover"


def test_the_phase_the_tables_leave_out_is_one_in_which_nobody_decides() -> None:
    game = played(Game(rules("euchre", (("target", "5"),)), 3), seed=3)
    assert game.is_over() and game.phase is PhaseKind.OVER
    assert game.legal_actions() == ()

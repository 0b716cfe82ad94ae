"""Every hostile input of tests/hostile.py is refused quickly, with its message, and nothing runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from hostile import CASES, SECRET, Case, run

TIME_BUDGET = 5.0
MEMORY_BUDGET_MB = 200.0


@pytest.mark.parametrize("case", CASES, ids=[f"{c.kind}: {c.name}" for c in CASES])
def test_hostile_input_is_refused_with_a_located_message(case: Case, tmp_path: Path) -> None:
    outcome = run(case, tmp_path)
    assert outcome.status == 1, outcome.message
    assert case.expect in outcome.message, outcome.message
    assert "Traceback" not in outcome.message
    assert outcome.message.startswith("trickbook: "), outcome.message
    assert outcome.seconds < TIME_BUDGET
    assert outcome.peak_mb < MEMORY_BUDGET_MB
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists(), "a tag ran code"
    assert SECRET.split()[-1] not in outcome.message, "a file's text was echoed"


def test_passing_targets_that_stop_being_one_to_one_end_the_match_with_the_rule(tmp_path: Path) -> None:
    """`passing.to` is tried at load for many hands, but it may read totals: a clash found in play is the rule's
    error, never an IndexError or a seat with more cards than the others."""
    from trickbook import Game, RulesRuntimeError, load_ruleset

    path = tmp_path / "later.yaml"
    path.write_text(
        "format: trickbook-ruleset/1\nid: later\ntitle: Later\nextends: hearts\n"
        'passing: {cards: 3, to: "if total(seat) > 0 then left(dealer) else left(seat)"}\n',
        encoding="utf-8",
    )
    game = Game(load_ruleset(str(path)), seed=1)
    with pytest.raises(RulesRuntimeError, match=r"passing.to in hand \d+: seats \d and \d both pass to seat \d"):
        while not game.is_over():
            game.apply(game.default_action())

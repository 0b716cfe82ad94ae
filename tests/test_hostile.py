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

"""Every house variant in examples/ is YAML only and loads, checks, simulates, replays and explains."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from trickbook import load_ruleset, open_ruleset
from trickbook.book.explain import explain
from trickbook.book.lint import lint
from trickbook.book.worked import check_examples
from trickbook.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
VARIANTS = sorted(EXAMPLES.glob("*.yaml"))


def test_the_house_variants_asked_for_are_there() -> None:
    assert [p.stem for p in VARIANTS] == [
        "spades-blind-nil",
        "spades-losing-limit",
        "syrian-rising-minimum",
        "tarneeb-41-five-suits",
        "tarneeb-41-kaboot",
        "tarneeb-61",
        "tarneeb-doubling",
    ]


@pytest.mark.parametrize("path", VARIANTS, ids=[p.stem for p in VARIANTS])
def test_a_house_variant_validates_checks_simulates_100_matches_and_replays(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = open_ruleset(str(path))
    assert not [f for f in lint(source) if f.level == "error"]
    results = list(check_examples(source))
    assert results and all(r.passed for r in results)
    out = tmp_path / "records.jsonl"
    simulate = ["simulate", str(path), "--matches", "100", "--hand-cap", "20", "--players", "random"]
    assert main([*simulate, "--out", str(out)]) == 0
    assert main(["replay", str(out)]) == 0
    assert "replayed 100 record(s)" in capsys.readouterr().out
    text = explain(load_ruleset(path))
    assert text.startswith("# ") and "## Scoring" in text


def test_blind_nil_is_bid_before_looking_and_the_hand_is_hidden_until_then() -> None:
    game = __import__("trickbook").Game(load_ruleset(EXAMPLES / "spades-blind-nil.yaml"), seed=1, dealer=0)
    assert [game.rules.actions.text(a) for a in game.legal_actions()] == ["pass", "bid blind_nil"]
    assert all(game.view(seat).hand == () for seat in range(4))
    game.apply_text("bid blind_nil")
    assert len(game.view(1).hand) == 13 and game.view(2).hand == ()
    for _ in range(3):
        game.apply_text("pass")
    assert game.turn == 2, "the blind bidder (seat 1) is skipped in the regular round"
    assert "bid blind_nil" not in [game.rules.actions.text(a) for a in game.legal_actions()]
    for text in ("bid 3", "bid 4", "bid 2"):
        game.apply_text(text)
    assert game.phase == "play"


def test_when_every_player_bids_blind_nil_there_is_no_regular_round() -> None:
    game = __import__("trickbook").Game(load_ruleset(EXAMPLES / "spades-blind-nil.yaml"), seed=1, dealer=0)
    for _ in range(4):
        game.apply_text("bid blind_nil")
    assert game.phase == "play" and game.turn == 1, "North's left (East) leads at once"
    assert all(len(game.view(seat).hand) == 13 for seat in range(4)), "everyone looks once the bidding is over"


def test_the_rising_minimum_cancels_more_hands_as_scores_rise() -> None:
    rules = load_ruleset(EXAMPLES / "syrian-rising-minimum.yaml")
    assert rules.bidding.cancel_if is not None
    assert {d.name for d in rules.definitions} == {"top_score", "minimum_total"}


def test_the_python_api_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / "api_example.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "Tarneeb 41:" in out and "the record has" in out


def test_the_python_api_example_runs_as_a_script() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLES / "api_example.py")], capture_output=True, text=True)
    assert done.returncode == 0 and "winner" in done.stdout

"""Matches that could never end are stopped by the hand cap, which counts cancelled hands too."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import rules
from trickbook import Game
from trickbook.cli import main


def test_endless_all_pass_redeals_stop_at_the_cap_counting_cancelled_hands() -> None:
    game = Game(rules("tarneeb-41"), seed=2, hand_cap=25)
    while not game.is_over():
        game.apply(game.default_action())
    assert len(game.history) == 25 and all(h.cancelled for h in game.history)
    assert game.winner is None and game.end_reason == "the hand cap of 25 hands was reached"
    single = Game(rules("tarneeb-41"), seed=2, hand_cap=1)
    while not single.is_over():
        single.apply(single.default_action())
    assert single.end_reason == "the hand cap of 1 hand was reached"


def test_endless_cancelled_declarations_stop_at_the_cap() -> None:
    game = Game(rules("syrian-tarneeb-41"), seed=2, hand_cap=12)
    while not game.is_over():
        game.apply(game.default_action())
    assert len(game.history) == 12 and all(h.cancelled for h in game.history)
    assert [h.dealer for h in game.history][:5] == [(game.history[0].dealer - i) % 4 for i in range(5)]


def test_a_ruleset_whose_match_cannot_be_won_ends_at_the_cap_with_winner_null(tmp_path: Path) -> None:
    variant = tmp_path / "endless.yaml"
    variant.write_text(
        "format: trickbook-ruleset/1\nid: endless\ntitle: Endless\nextends: cardems-spades\nmatch:\n  wins: false\n"
    )
    out = tmp_path / "endless.jsonl"
    assert main(["simulate", str(variant), "--matches", "2", "--hand-cap", "7", "--out", str(out)]) == 0
    for line in out.read_text().splitlines():
        record = json.loads(line)
        assert record["winner"] is None and record["status"] == "capped" and len(record["hands"]) == 7
    assert main(["replay", str(out)]) == 0

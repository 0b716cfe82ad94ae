"""Scoring and match-end rules at their edges, in small house variants written for the purpose: the points
limit exactly reached and just passed, a counter kept per player, and a losing condition that is not about
being behind (the mutants `tests/mutation.py` found surviving)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook import load_ruleset
from trickbook.book.scenario import Scenario, evaluate
from trickbook.errors import RulesRuntimeError
from trickbook.limits import MAX_POINTS

HEAD = "format: trickbook-ruleset/1\nid: edge\ntitle: Edge\nextends: cardems-spades\n"
BIDS = [3, 3, 3, 3]
TRICKS = [3, 3, 3, 4]


def variant(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "edge.yaml"
    path.write_text(HEAD + text, encoding="utf-8")
    return load_ruleset(path)


@pytest.mark.parametrize("sign", ["", "-"])
@pytest.mark.parametrize("where", ["scoring", "counter"])
def test_points_exactly_at_the_limit_count_and_one_more_stops_the_match(tmp_path: Path, where: str, sign: str) -> None:
    assert MAX_POINTS == 1000000 * 1000000  # literals stop at 10^9: the limit is written as a product
    beyond = "+ 1" if sign == "" else "- 1"
    for amount, allowed in ((f"{sign}1000000 * 1000000", True), (f"{sign}1000000 * 1000000 {beyond}", False)):
        if where == "scoring":
            text = f"scoring:\n  rules:\n    huge: {{for: side, points: {amount}}}\n"
        else:
            text = f"counters:\n  huge: {{for: side, add: {amount}}}\n"
        rules = variant(tmp_path, text)
        if allowed:
            outcome = evaluate(rules, Scenario(tricks=TRICKS, bids=BIDS))
            lines = [line.points for line in outcome.score.lines if line.rule == "huge" and line.target == 0]
            found = lines[0] if where == "scoring" else outcome.counters["huge"][0]
            assert found == (MAX_POINTS if sign == "" else -MAX_POINTS)
        else:
            with pytest.raises(RulesRuntimeError, match="reached a number of 13 digits, beyond the 12-digit limit"):
                evaluate(rules, Scenario(tricks=TRICKS, bids=BIDS))


def test_a_counter_kept_per_player_charges_its_penalty_to_the_player_and_the_players_side(tmp_path: Path) -> None:
    # Each player who takes no trick adds 1 to their own count; at 2 they lose 50 and 2 are taken off.
    text = (
        "counters:\n  blanks:\n    for: seat\n    add: if tricks(seat) == 0 then 1 else 0\n"
        "    limit: 2\n    at_limit: {points: -50, subtract: 2}\n"
    )
    rules = variant(tmp_path, text)
    outcome = evaluate(
        rules, Scenario(tricks=[0, 5, 4, 4], bids=BIDS, counters={"bags": [0, 0], "blanks": [1, 0, 0, 1]})
    )
    assert outcome.counters["blanks"] == (0, 0, 0, 1), "North reached 2 and went back to 0; West stays at 1"
    assert ("blanks", "seat", 0, -50) in [tuple(line) for line in outcome.score.lines]
    # North-South took 4 of 6: -60, and North's -50; East-West took 9 of 6: 60 + 3.
    assert outcome.score.sides == (-60 - 50, 63) and outcome.score.seats[0] == -50


@pytest.mark.parametrize(("north_south", "winner"), [(320, (1, 3)), (520, (0, 2))])
def test_a_side_that_meets_the_losing_condition_loses_unless_it_also_wins(
    tmp_path: Path, north_south: int, winner: tuple[int, ...]
) -> None:
    # A side at 300 or more loses - not a matter of being behind - unless it also reaches 500 and wins.
    rules = variant(tmp_path, "match:\n  loses: total(side) >= 300\n")
    # North-South bid 3 + 3 and take 6: +60.
    outcome = evaluate(rules, Scenario(tricks=[3, 3, 3, 4], bids=[3, 3, 3, 3], totals=[north_south - 60, 100]))
    assert outcome.totals[0] == north_south
    assert outcome.winner == winner

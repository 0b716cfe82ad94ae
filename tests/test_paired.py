"""`compare`'s paired differences (`tools/paired.py`): each metric's value in one match, the interval of the
per-seed differences, when a difference counts as shown, and the words of the verdict, all worked by hand."""

from __future__ import annotations

import math

import pytest

from trickbook.tools.paired import METRICS, SKILL_METRICS, Difference, as_json, paired
from trickbook.tools.stats import MatchStats, Shape, t95

Z95 = 1.959964
SHAPE = Shape(margin=12.5, close=True, decided_at=0.75, deficit=1.5)


def match(
    hands: int = 10,
    cancelled: int = 2,
    winner: tuple[int, ...] | None = (1, 3),
    contracts: int = 4,
    made: int = 3,
    points: int = 64,
    shape: Shape | None = SHAPE,
    strong_won: bool | None = True,
) -> MatchStats:
    return MatchStats(
        winner, 0, hands, cancelled, contracts, made, (), points, (), 0, 0, (), 3, True, shape, strong_won, 2
    )


def value(metric: str, stats: MatchStats) -> float | None:
    return {**METRICS, **SKILL_METRICS}[metric][0](stats)


def test_each_metric_reads_one_match_as_its_name_says() -> None:
    one = match()
    assert value("hands per match", one) == 10
    assert value("played hands per match", one) == 8, "cancelled hands are not played"
    assert value("matches finished", one) == 1.0
    assert value("lead changes per match", one) == 3
    assert value("comebacks (winner behind at mid-match)", one) == 1.0
    assert value("points per played hand", one) == 8.0, "64 points over 8 played hands"
    assert value("final margin (points)", one) == 12.5
    assert value("close finishes (margin within a typical hand)", one) == 1.0
    assert value("decided at (share of the match)", one) == 0.75
    assert value("winner's largest deficit (typical hands)", one) == 1.5
    assert value("contracts made", one) == 0.75, "3 of 4 contracts"
    assert value("skill: its edge over a fair share", one) == 0.5, "won, against a fair share of 1 in 2"
    assert value("skill: its edge over a fair share", match(strong_won=False)) == -0.5


def test_a_metric_that_does_not_apply_to_a_match_leaves_it_out() -> None:
    unfinished = match(winner=None, shape=None, strong_won=None)
    assert value("matches finished", unfinished) == 0.0, "an unfinished match counts, as not finished"
    assert value("comebacks (winner behind at mid-match)", unfinished) is None
    assert value("final margin (points)", unfinished) is None
    assert value("skill: its edge over a fair share", unfinished) is None
    assert value("points per played hand", match(hands=3, cancelled=3)) is None, "every hand thrown in"
    assert value("points per played hand", match(hands=4, cancelled=3, points=7)) == 7.0, "one played hand"
    assert value("contracts made", match(contracts=0, made=0)) is None


def test_the_interval_is_the_one_of_the_per_seed_differences() -> None:
    """Gaps 1 and 3: mean 2, standard deviation sqrt(2), half-width t(1) * sqrt(2) / sqrt(2), Student's t for one
    degree of freedom being 12.706 (with two matches almost nothing is known). A share's interval stops at
    ±100 percentage points."""
    first = [match(hands=10), match(hands=20)]
    second = [match(hands=11), match(hands=23)]
    differences = {d.metric: d for d in paired(first, second)}
    hands = differences["hands per match"]
    assert hands.mean == 2 and hands.pairs == 2
    assert hands.spread == pytest.approx(math.sqrt(2))
    assert (hands.low, hands.high) == pytest.approx((2 - 12.706, 2 + 12.706))
    finished = paired([match(), match()], [match(), match(winner=None, shape=None)])
    share = {d.metric: d for d in finished}["matches finished"]
    assert share.mean == -0.5 and (share.low, share.high) == (-1.0, 1.0)


def test_students_t_is_the_tables_for_few_matches_and_near_the_normal_for_many() -> None:
    """Tables: 3.182 at 3 degrees of freedom, 2.131 at 15, 2.120 at 16, 2.042 at 30, 1.980 at 120, 1.962 at 1000."""
    for freedom, value in ((3, 3.182), (15, 2.131), (16, 2.120), (30, 2.042), (120, 1.980), (1000, 1.962)):
        assert t95(freedom) == pytest.approx(value, abs=5e-4), freedom
    assert t95(10**6) == pytest.approx(Z95, abs=1e-5)


def test_a_metric_needs_two_pairs_and_the_seeds_must_match() -> None:
    assert paired([match()], [match(hands=12)]) == [], "one pair has no spread"
    with pytest.raises(ValueError):
        paired([match(), match()], [match()])
    unfinished = match(winner=None, shape=None)
    names = {d.metric for d in paired([match(), unfinished, match()], [match(), match(), unfinished])}
    assert "comebacks (winner behind at mid-match)" not in names, "one seed finished in both: one pair"
    assert "hands per match" in names


def difference(low: float, high: float, metric: str = "hands per match") -> Difference:
    mean = (low + high) / 2
    return Difference(metric, mean, low, high, 30, (high - low) / 2, "longer", "shorter")


def test_a_difference_shows_when_its_interval_leaves_out_zero() -> None:
    assert difference(0.5, 2.0).detected
    assert difference(-2.0, -0.5).detected
    assert not difference(0.0, 2.0).detected, "an interval that touches zero does not leave it out"
    assert not difference(-2.0, 0.0).detected
    assert not difference(-1.0, 1.0).detected


def test_the_verdict_names_the_direction_and_the_size() -> None:
    assert difference(0.5, 1.5).verdict("B") == "B: matches longer (hands per match +1.00 [0.50, 1.50])"
    assert difference(-1.5, -0.5).verdict("B") == "B: matches shorter (hands per match -1.00 [-1.50, -0.50])"
    finished = difference(0.15, 0.35, "matches finished")
    assert finished.verdict("B") == "B: matches longer (matches finished +25.0 pp [15.0 pp, 35.0 pp])"
    unclear = difference(-0.5, 1.5)
    needed = math.ceil((Z95 * 1.0 / 0.5) ** 2)
    assert unclear.verdict("B") == (
        "B: no difference detected in hands per match with 30 matches (+0.50 [-0.50, 1.50]); "
        f"a difference this size would take about {needed:,} matches to show"
    )


def test_a_difference_as_json() -> None:
    shown = as_json(difference(0.5, 1.5))
    assert shown == {
        "metric": "hands per match",
        "mean": 1.0,
        "low": 0.5,
        "high": 1.5,
        "pairs": 30,
        "detected": True,
        "matches_needed": math.ceil((Z95 * 0.5 / 1.0) ** 2),
    }

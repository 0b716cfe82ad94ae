"""Ratings of player kinds from paired matches."""

from __future__ import annotations

import pytest

from trickbook.tools.rating import Pairing, elo_difference, ratings


def test_a_fair_share_is_no_difference_and_more_wins_are_more_points() -> None:
    assert elo_difference(49.5, 99, 2) == pytest.approx(0.0)
    assert elo_difference(24.5, 99, 4) == pytest.approx(0.0), "one of four places: a quarter is the fair share"
    assert elo_difference(74.5, 99, 2) == pytest.approx(400 * 0.47712, abs=0.1), "3 to 1 odds: 191 points"
    assert elo_difference(10, 10, 2) < 400 * 1.33, "all won: large but finite"


def test_ratings_chain_from_random_and_hold_their_interval() -> None:
    found = ratings(
        [
            Pairing("mcts", "heuristic", 60, 100, 2),
            Pairing("heuristic", "random", 90, 100, 2),
            Pairing("lonely", "nobody", 5, 10, 2),
        ]
    )
    assert found["random"].value == 0
    assert found["heuristic"].value == pytest.approx(elo_difference(90, 100, 2))
    assert found["mcts"].value == pytest.approx(found["heuristic"].value + elo_difference(60, 100, 2))
    assert found["mcts"].low < found["mcts"].value < found["mcts"].high
    assert found["heuristic"].low < found["heuristic"].value < found["heuristic"].high
    assert "lonely" not in found, "not linked to random players: no rating"


def test_a_kind_rated_from_the_other_end_of_a_pairing() -> None:
    found = ratings([Pairing("random", "heuristic", 10, 100, 2)])
    assert found["heuristic"].value == pytest.approx(-elo_difference(10, 100, 2))
    assert found["heuristic"].low < found["heuristic"].value < found["heuristic"].high

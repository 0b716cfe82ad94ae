"""Spot Hearts (the eliters.com table rule over FAMILY-RULES §2 Hearts): one test per rule sentence of the source,
and one hand traced by hand; passing, leading and breaking hearts are Hearts' and tested in test_rules_hearts."""

from __future__ import annotations

from helpers import legal, play_trick, rules, stacked_game
from trickbook import Rules
from trickbook.book.scenario import Scenario, evaluate

RULES = "spot-hearts"
SUITS = {seat: " ".join(f"{r}{s}" for r in "23456789TJQKA") for seat, s in ((0, "S"), (1, "H"), (2, "C"), (3, "D"))}
"""North holds every spade, East every heart, South every club, West every diamond."""


def spot(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def seat_score(took: list[list[str]], ruleset: Rules | None = None) -> tuple[int, ...]:
    scenario = Scenario(tricks=[4, 3, 3, 3], took=took, seat_totals=[0, 0, 0, 0])
    return evaluate(ruleset or spot(), scenario).score.seats


def test_players_play_a_regular_game_of_hearts() -> None:
    """ "Players will play a regular game of hearts": the two of clubs leads, no points on the first trick."""
    game = stacked_game(spot(passing="off"), SUITS, dealer=0)
    assert game.turn == 2 and legal(game) == ["2C"]
    game.apply_text("2C")
    game.apply_text("2D")
    assert "QS" not in legal(game) and "AS" in legal(game), "North may not play the queen to the first trick"


def test_all_hearts_are_worth_face_value() -> None:
    """ "All hearts are worth face value, example 2 of hearts equals 2 points"; Decision: J 11, Q 12, K 13, A 14."""
    assert seat_score([["2H"], ["TH"], ["JH", "QH"], ["KH", "AH"]]) == (2, 10, 23, 27)


def test_the_queen_of_spades_is_worth_50() -> None:
    """ "The queen of spades is worth 50 points if taken"."""
    assert seat_score([["QS"], ["KS", "AS"], [], []]) == (50, 0, 0, 0)


def test_shooting_the_moon_adds_150_to_the_other_players() -> None:
    """ "If you shoot the moon 150 points is added to the other players scores"."""
    assert seat_score([[], ["H", "QS"], [], []]) == (150, 0, 150, 150)


def test_the_jack_of_diamonds_option_is_worth_minus_40() -> None:
    """ "If you take the jack it is worth -40 points" (the table's "Jack of Diamonds On", option `jack_of_diamonds`)."""
    assert seat_score([["JD"], [], [], []], spot(jack_of_diamonds="minus_40")) == (-40, 0, 0, 0)
    assert seat_score([["JD"], [], [], []]) == (0, 0, 0, 0), "off by default"


def test_a_hand_traced_by_hand() -> None:
    """No passing, dealer North. South holds every club and leads the two; West discards diamonds, North spades
    (not the queen on the first trick), East hearts. South wins all thirteen tricks, so takes every heart and the
    queen of spades: the moon, 0 for South and 150 for each other player."""
    game = stacked_game(spot(passing="off"), SUITS, dealer=0)
    for rank in "23456789TJQKA":
        assert play_trick(game, f"{rank}C", f"{rank}D", f"{rank}S", f"{rank}H") == 2
    hand = game.history[-1]
    assert hand.tricks_won == (0, 0, 13, 0) and hand.seat_score == (150, 150, 0, 150)

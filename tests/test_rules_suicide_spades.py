"""Suicide Spades (BBUM Games over SEED-RULES §3 Cardems Spades): one test per rule sentence of the source, played
through `Game` or scored through the same path as a played hand, and one hand traced by hand."""

from __future__ import annotations

import pytest

from helpers import NORTH_SOUTH, act, legal, play_trick, rules, stacked_game
from trickbook.book.scenario import Scenario, evaluate
from trickbook.errors import IllegalAction

RULES = "suicide-spades"
NUMBERS = [f"bid {n}" for n in range(4, 14)]


def test_played_in_teams_of_two_partners_opposite() -> None:
    """ "Played in teams of two (Partners)"."""
    seating = rules(RULES).seating
    assert [seating.partner[s] for s in range(4)] == [2, 3, 0, 1]


def test_the_first_of_a_team_bids_nil_or_four_and_more() -> None:
    """ "The first team member must bid Nil or 4+"."""
    game = stacked_game(rules(RULES), {}, dealer=3)
    assert game.turn == 0 and legal(game) == [*NUMBERS, "bid nil"]
    with pytest.raises(IllegalAction):
        act(game, "bid 3")


def test_the_partner_of_a_number_must_bid_nil() -> None:
    """ "Their partner must then bid the opposite (Nil if partner bid 4+ ...)"."""
    game = stacked_game(rules(RULES), {}, dealer=3)
    act(game, "bid 5", "bid nil")
    assert game.turn == 2 and legal(game) == ["bid nil"]
    with pytest.raises(IllegalAction) as refused:
        act(game, "bid 4")
    assert "Once your partner has bid a number, you must bid nil" in str(refused.value)


def test_the_partner_of_a_nil_must_bid_four_or_more() -> None:
    """ "... or 4+ if partner bid Nil"."""
    game = stacked_game(rules(RULES), {}, dealer=3)
    act(game, "bid nil", "bid 6")
    assert game.turn == 2 and legal(game) == NUMBERS


def test_nil_scores_100_made_and_loses_100_when_the_player_wins_a_trick() -> None:
    """ "Nil Bid: +100 points if successful, -100 if the player wins any trick"."""
    made = evaluate(rules(RULES), Scenario(tricks=[0, 6, 7, 0], bids=["nil", 4, 5, "nil"]))
    failed = evaluate(rules(RULES), Scenario(tricks=[1, 6, 6, 0], bids=["nil", 4, 5, "nil"]))
    nil = {line.target: line.points for line in made.score.lines if line.rule == "nil"}
    assert nil == {0: 100, 3: 100}
    assert {line.target: line.points for line in failed.score.lines if line.rule == "nil"} == {0: -100, 3: 100}


def test_no_blind_nil() -> None:
    """ "Blind Nil: Not allowed in Suicide mode": the first bid is made after looking, and no blind bid exists."""
    game = stacked_game(rules(RULES), {}, dealer=3)
    assert len(game.view(0).hand) == 13 and "blind" not in " ".join(legal(game))


def test_the_game_ends_at_the_target_or_below_the_losing_threshold() -> None:
    """ "The game ends when a team reaches the target score or the other team drops below the losing threshold"
    (Decision: 500 and -200)."""
    bids: list[int | str | None] = ["nil", 4, 5, "nil"]
    top = evaluate(rules(RULES), Scenario(tricks=[0, 6, 7, 0], bids=bids, totals=[400, 0]))
    bottom = evaluate(rules(RULES), Scenario(tricks=[2, 3, 5, 3], bids=bids, totals=[0, -150]))
    assert top.totals == (552, 142) and top.winner == NORTH_SOUTH
    assert bottom.totals == (-48, -208) and bottom.winner == NORTH_SOUTH
    assert evaluate(rules(RULES), Scenario(tricks=[0, 6, 7, 0], bids=bids, totals=[300, -50])).winner is None


def test_a_hand_traced_by_hand() -> None:
    """Dealer West. North bids nil, East 4, South must bid 4 or more (5), West must bid nil. East holds every spade,
    North every club, South every diamond, West every heart. North leads clubs; East trumps each trick (spades break
    at once), then leads spades: East takes all thirteen tricks. North-South: contract 5 failed, -50, and North's
    nil made, +100: 50. East-West: 4 made with 9 overtricks, 49, and West's nil made, +100: 149; 9 bags."""
    hands = {0: "C", 1: "S", 2: "D", 3: "H"}
    suits = {seat: " ".join(f"{r}{s}" for r in "23456789TJQKA") for seat, s in hands.items()}
    game = stacked_game(rules(RULES), suits, dealer=3)
    act(game, "bid nil", "bid 4", "bid 5", "bid nil")
    assert game.turn == 0
    assert play_trick(game, "2C", "2S", "2D", "2H") == 1
    for rank in "3456789TJQKA":
        assert play_trick(game, f"{rank}S", f"{rank}D", f"{rank}H", f"{rank}C") == 1
    hand = game.history[-1]
    assert hand.tricks_won == (0, 13, 0, 0)
    assert hand.score == (50, 149) and hand.counters[0] == (0, 9)
    assert evaluate(rules(RULES), Scenario(tricks=[0, 13, 0, 0], bids=["nil", 4, 5, "nil"])).winner is None

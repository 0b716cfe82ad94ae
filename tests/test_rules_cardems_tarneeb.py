"""SEED-RULES.md section 1, Cardems Tarneeb to 31: one test per rule sentence and worked example."""

from __future__ import annotations

import pytest

from helpers import EAST_WEST, NORTH_SOUTH, act, deal_in_order, legal, rules, stacked_game
from trickbook import Game
from trickbook.book.scenario import Scenario, evaluate
from trickbook.errors import IllegalAction

RULES = "cardems-tarneeb"


def score(bid: int, declarers_took: int, *, declarer: int = 0, totals: tuple[int, int] = (0, 0)):  # type: ignore[no-untyped-def]
    """Scores a hand where `declarer` won the auction with `bid` and its side took `declarers_took` tricks."""
    tricks = [0, 0, 0, 0]
    tricks[declarer] = declarers_took
    tricks[(declarer + 1) % 4] = 13 - declarers_took
    bids: list[int | None] = [None] * 4
    bids[declarer] = bid
    return evaluate(rules(RULES), Scenario(tricks=tricks, bids=bids, declarer=declarer, totals=totals))


def test_direction_is_clockwise_and_the_player_after_the_dealer_bids_first() -> None:
    game = stacked_game(rules(RULES), {}, dealer=2)
    assert game.turn == 3
    act(game, "pass")
    assert game.turn == 0


def test_first_card_goes_to_the_player_after_the_dealer_then_clockwise() -> None:
    ruleset = rules(RULES)
    deal = deal_in_order(list(range(52)), 2, ruleset.direction).hands
    assert (deal[3][0], deal[0][0], deal[1][0], deal[2][0]) == (0, 1, 2, 3)
    game = Game(ruleset, seed=5, dealer=2)
    pack = [game.current_deal[(2 + 1 + k % 4) % 4][k // 4] for k in range(52)]
    assert game.current_deal == deal_in_order(pack, 2, 1).hands


def test_auction_bids_are_7_to_13_or_pass() -> None:
    game = stacked_game(rules(RULES), {}, dealer=0)
    assert legal(game) == ["pass", "bid 7", "bid 8", "bid 9", "bid 10", "bid 11", "bid 12", "bid 13"]


def test_a_bid_must_be_strictly_higher_than_the_current_highest_bid() -> None:
    game = stacked_game(rules(RULES), {}, dealer=0)
    act(game, "bid 8")
    assert legal(game) == ["pass", "bid 9", "bid 10", "bid 11", "bid 12", "bid 13"]
    with pytest.raises(IllegalAction) as refused:
        act(game, "bid 8")
    assert "higher than the current highest bid 8" in str(refused.value)


def test_a_pass_is_permanent_for_this_auction() -> None:
    game = stacked_game(rules(RULES), {}, dealer=0)
    act(game, "pass", "bid 7", "bid 8", "bid 9")
    assert game.turn == 2
    act(game, "bid 10")
    assert game.turn == 3, "seat 1 passed and is skipped"


def test_the_holder_of_the_highest_bid_cannot_pass_the_auction_ends_when_all_others_passed() -> None:
    game = stacked_game(rules(RULES), {}, dealer=0)
    act(game, "bid 7", "pass", "pass")
    assert game.phase == "bidding" and game.turn == 0
    act(game, "pass")
    assert game.phase == "trump" and game.turn == 1


def test_a_bid_of_13_ends_the_auction_at_once() -> None:
    game = stacked_game(rules(RULES), {}, dealer=0)
    act(game, "bid 13")
    assert game.phase == "trump" and game.turn == 1


def test_first_three_pass_dealer_becomes_declarer_with_7_automatically() -> None:
    game = stacked_game(rules(RULES), {}, dealer=0)
    act(game, "pass", "pass", "pass")
    assert game.phase == "trump" and game.turn == 0
    forced = game.current_moves[-1]
    assert (forced.seat, game.rules.actions.text(forced.action), forced.auto) == (0, "bid 7", True)
    act(game, "trump S")
    assert game.phase == "play" and game.turn == 0


def test_first_three_pass_no_redeal() -> None:
    game = stacked_game(rules(RULES), {}, dealer=0)
    act(game, "pass", "pass", "pass")
    assert game.hand_number == 1 and not game.history


def test_the_auction_winner_alone_chooses_trump_among_the_four_suits_and_leads() -> None:
    game = stacked_game(rules(RULES), {}, dealer=0)
    act(game, "pass", "bid 9", "pass", "pass")
    assert game.turn == 2
    assert sorted(legal(game)) == ["trump C", "trump D", "trump H", "trump S"]
    act(game, "trump D")
    assert game.trump == game.rules.deck.suit_index("D")
    assert game.turn == 2 and game.phase == "play"


def test_made_scores_every_trick_taken_defenders_zero() -> None:
    assert score(8, 9).score.sides == (9, 0)


def test_example_bid_8_took_7_declarers_minus_8_defenders_plus_6() -> None:
    assert score(8, 7).score.sides == (-8, 6)


def test_example_bid_8_took_10_declarers_plus_10_defenders_0() -> None:
    assert score(8, 10).score.sides == (10, 0)


def test_example_bid_13_made_scores_13_and_no_bonus() -> None:
    assert score(13, 13).score.sides == (13, 0)


def test_no_bonus_for_taking_all_13_tricks() -> None:
    assert score(7, 13).score.sides == (13, 0)


def test_failed_defenders_score_their_tricks_for_either_side_declaring() -> None:
    assert score(10, 6, declarer=1).score.sides == (7, -10)


def test_negative_totals_stand() -> None:
    outcome = score(9, 4, totals=(3, 0))
    assert outcome.totals == (-6, 9)


def test_match_end_exactly_one_side_at_31_or_more_wins() -> None:
    assert score(7, 8, totals=(25, 30)).winner == NORTH_SOUTH
    assert score(7, 6, totals=(10, 20)).winner is None, "3 and 27: nobody at 31"
    assert score(7, 6, totals=(25, 24)).winner == EAST_WEST, "18 and 31"


def test_match_end_both_at_31_or_more_play_continues() -> None:
    outcome = score(7, 6, totals=(35, 30))
    assert outcome.totals == (28, 37) and outcome.winner == EAST_WEST
    both = score(7, 7, totals=(30, 40))
    assert both.totals == (37, 40) and both.winner is None


def test_match_end_a_side_can_fall_back_below_31() -> None:
    outcome = score(8, 7, totals=(33, 35))
    assert outcome.totals == (25, 41) and outcome.winner == EAST_WEST


def test_dealer_moves_one_seat_clockwise_after_each_hand() -> None:
    game = stacked_game(rules(RULES), {}, dealer=1)
    while len(game.history) < 3:
        game.apply(game.default_action())
    assert [h.dealer for h in game.history] == [1, 2, 3]
    assert game.dealer == 0

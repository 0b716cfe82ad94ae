"""SEED-RULES.md section 4, Syrian Tarneeb 41 ("400"): one test per rule sentence and worked example."""

from __future__ import annotations

import pytest

from helpers import NORTH_SOUTH, act, legal, play_trick, rules, stacked_game
from trickbook import Game
from trickbook.book.scenario import Scenario, evaluate
from trickbook.errors import IllegalAction

SYRIAN = "syrian-tarneeb-41"
DEALER_HAND = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 7H"
"""A dealer's hand whose 13th card, the one shown, is 7♥."""


def score(bids: list[int], tricks: list[int], seat_totals=(0, 0, 0, 0)):  # type: ignore[no-untyped-def]
    return evaluate(rules(SYRIAN), Scenario(tricks=tricks, bids=bids, seat_totals=seat_totals))


def declared(dealer: int, hands: dict[int, str], bids=("bid 3", "bid 3", "bid 3", "bid 3")) -> Game:  # type: ignore[no-untyped-def]
    game = stacked_game(rules(SYRIAN), hands, dealer=dealer)
    act(game, *bids)
    return game


def test_direction_is_counter_clockwise_partnerships_0_2_and_1_3() -> None:
    assert rules(SYRIAN).direction == -1
    game = stacked_game(rules(SYRIAN), {}, dealer=0)
    order = []
    for _ in range(4):
        order.append(game.turn)
        act(game, "bid 3")
    assert order == [3, 2, 1, 0]


def test_the_dealers_own_13th_card_is_exposed_to_all() -> None:
    game = stacked_game(rules(SYRIAN), {1: DEALER_HAND}, dealer=1)
    seven = game.rules.deck.parse_card("7H")
    assert game.current_deal[1][12] == seven
    assert game.exposed == (seven,)
    for seat in range(4):
        assert game.view(seat).exposed == (seven,)


def test_the_exposed_card_is_the_dealers_13th_not_the_last_card_dealt_in_general() -> None:
    for dealer in range(4):
        game = Game(rules(SYRIAN), seed=dealer, dealer=dealer)
        assert game.exposed == (game.current_deal[dealer][12],)


def test_the_exposed_card_stays_in_the_dealers_hand_and_is_played_like_any_card() -> None:
    game = declared(0, {0: DEALER_HAND, 3: "2H", 2: "3H", 1: "4H"})
    seven = game.rules.deck.parse_card("7H")
    assert seven in game.hand(0)
    assert play_trick(game, "2H", "3H", "4H", "7H") == 0
    assert seven not in game.hand(0)


@pytest.mark.parametrize(("shown", "trump"), [("C", "S"), ("S", "C"), ("D", "H"), ("H", "D")])
def test_trump_is_the_other_suit_of_the_exposed_cards_colour(shown: str, trump: str) -> None:
    hand = [c for c in ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]]
    if shown == "S":
        hand = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    game = stacked_game(rules(SYRIAN), {2: " ".join([*hand, f"A{shown}"])}, dealer=2)
    assert game.trump == game.rules.deck.suit_index(trump)


def test_example_exposed_heart_gives_diamond_trump_exposed_club_gives_spade_trump() -> None:
    game = stacked_game(rules(SYRIAN), {0: DEALER_HAND}, dealer=0)
    assert game.trump == game.rules.deck.suit_index("D")


def test_nobody_chooses_trump() -> None:
    game = declared(0, {0: DEALER_HAND})
    assert game.phase == "play" and not any(t.startswith("trump") for t in legal(game))


def test_declarations_start_after_the_dealer_each_player_declares_once_2_to_13() -> None:
    game = stacked_game(rules(SYRIAN), {}, dealer=2)
    assert game.turn == 1
    assert legal(game) == [f"bid {n}" for n in range(2, 14)]


def test_no_pass_no_auction_the_dealer_declares_last_and_is_not_otherwise_restricted() -> None:
    game = stacked_game(rules(SYRIAN), {}, dealer=2)
    with pytest.raises(IllegalAction, match="there is no pass"):
        act(game, "pass")
    act(game, "bid 13", "bid 13", "bid 13")
    assert game.turn == 2
    assert legal(game) == [f"bid {n}" for n in range(2, 14)]


def test_declarations_summing_to_less_than_11_cancel_the_hand_and_the_next_player_deals() -> None:
    game = stacked_game(rules(SYRIAN), {}, dealer=2)
    act(game, "bid 2", "bid 3", "bid 2", "bid 3")
    hand = game.history[0]
    assert hand.cancelled and hand.score == (0, 0) and game.totals == (0, 0)
    assert game.dealer == 1


def test_declarations_summing_to_exactly_11_are_played() -> None:
    game = stacked_game(rules(SYRIAN), {}, dealer=2)
    act(game, "bid 2", "bid 3", "bid 3", "bid 3")
    assert game.phase == "play" and not game.history


def test_the_player_after_the_dealer_leads_the_first_trick() -> None:
    game = declared(2, {})
    assert game.turn == 1


def test_tricks_are_counted_per_player_not_per_side() -> None:
    outcome = score([3, 3, 3, 4], [5, 4, 1, 3])
    assert outcome.score.seats == (3, 3, -3, -4)


def test_scoring_per_player_took_at_least_the_declaration_scores_it_extra_tricks_worth_nothing() -> None:
    assert score([5, 2, 2, 2], [7, 2, 2, 2]).score.seats == (5, 2, 2, 2)


def test_example_declared_5_took_7_scores_plus_5() -> None:
    assert score([5, 3, 2, 3], [7, 2, 1, 3]).score.seats[0] == 5


def test_example_declared_4_took_3_scores_minus_4() -> None:
    assert score([4, 3, 2, 3], [3, 3, 2, 5]).score.seats[0] == -4


def test_personal_totals_accumulate_and_may_go_negative() -> None:
    outcome = score([4, 3, 2, 3], [3, 3, 2, 5], seat_totals=(2, 0, 0, 0))
    assert outcome.seat_totals == (-2, 3, 2, 3)


def test_a_sides_total_is_the_sum_of_its_two_players_totals() -> None:
    outcome = score([4, 3, 2, 3], [3, 3, 2, 5], seat_totals=(10, 5, 7, 1))
    assert outcome.totals == (6 + 9, 8 + 4)
    assert outcome.score.sides == (-4 + 2, 3 + 3)


def test_a_side_qualifies_with_one_player_at_41_or_more_and_the_partner_above_0() -> None:
    assert score([3, 3, 3, 3], [3, 3, 3, 4], seat_totals=(38, 0, 1, 0)).winner == NORTH_SOUTH


def test_example_a_player_at_41_whose_partner_has_0_does_not_win() -> None:
    outcome = score([3, 3, 2, 3], [3, 3, 4, 3], seat_totals=(38, 0, -2, 0))
    assert outcome.seat_totals == (41, 3, 0, 3)
    assert outcome.winner is None


def test_neither_side_qualifies_play_on() -> None:
    assert score([3, 3, 3, 3], [3, 3, 3, 4], seat_totals=(10, 20, 30, 0)).winner is None


def test_both_sides_qualify_the_higher_side_total_wins() -> None:
    outcome = score([3, 3, 3, 3], [3, 3, 3, 4], seat_totals=(40, 40, 5, 1))
    assert outcome.seat_totals == (43, 43, 8, 4)
    assert outcome.winner == NORTH_SOUTH


def test_both_sides_qualify_equal_totals_one_more_hand() -> None:
    outcome = score([3, 3, 3, 3], [3, 3, 3, 4], seat_totals=(40, 40, 5, 5))
    assert outcome.totals == (51, 51) and outcome.winner is None


def test_decision_the_dealer_moves_to_the_next_player_after_every_hand_played_or_cancelled() -> None:
    game = stacked_game(rules(SYRIAN), {}, dealer=0)
    act(game, "bid 2", "bid 2", "bid 2", "bid 2")
    assert game.dealer == 3
    act(game, "bid 4", "bid 4", "bid 4", "bid 4")
    while len(game.history) < 2:
        game.apply(game.default_action())
    assert [h.dealer for h in game.history] == [0, 3] and game.dealer == 2


def test_timeout_declares_2() -> None:
    game = stacked_game(rules(SYRIAN), {}, dealer=0)
    assert game.rules.actions.text(game.default_action()) == "bid 2"


def test_timeout_plays_the_lowest_ranked_legal_non_trump_card() -> None:
    game = declared(0, {0: DEALER_HAND, 3: "2D 3C 5H AS 4C"})
    assert game.trump == game.rules.deck.suit_index("D")
    assert game.rules.actions.text(game.default_action()) == "3C"


def test_timeout_plays_the_lowest_trump_when_every_legal_card_is_trump() -> None:
    trumps = "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    game = declared(0, {0: DEALER_HAND, 3: trumps})
    assert game.rules.actions.text(game.default_action()) == "2D"


def test_timeout_rank_ties_between_suits_go_to_clubs_then_diamonds_then_hearts_then_spades() -> None:
    dealer_clubs = "2C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 7H"
    game = declared(0, {0: dealer_clubs, 3: "3S 3H 3C 9D"})
    assert game.trump == game.rules.deck.suit_index("D")
    assert game.rules.actions.text(game.default_action()) == "3C"
    game = declared(0, {0: dealer_clubs, 3: "4S 4H 9D"})
    assert game.rules.actions.text(game.default_action()) == "4H"
    clubs_trump = declared(0, {0: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS", 3: "4S 4C 4D 9C"})
    assert clubs_trump.trump == clubs_trump.rules.deck.suit_index("C")
    assert clubs_trump.rules.actions.text(clubs_trump.default_action()) == "4D"


def test_timeout_follows_suit_first() -> None:
    game = declared(0, {0: DEALER_HAND, 3: "KH", 2: "AH 2C"})
    act(game, "KH")
    assert game.rules.actions.text(game.default_action()) == "AH"

"""FAMILY-RULES section 1, Whist: one test per rule sentence, played through `Game` (the worked examples are
the ruleset's own `examples:`, run by `check`)."""

from __future__ import annotations

import random

import pytest

from helpers import EAST_WEST, NORTH_SOUTH, act, deal_in_order, legal, play_trick, played, rules, stacked_game
from trickbook import Game, Rules
from trickbook.book.scenario import Scenario, evaluate
from trickbook.engine.dealing import seeded_deal

WHIST = "whist"
SPADES = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
"""Every spade, the ace last: dealt to the dealer, the ace is the turned card."""


def whist(**options: str) -> Rules:
    return rules(WHIST, tuple(sorted(options.items())))


def first_legal_to_the_end(game: Game) -> None:
    """Plays the first legal card until the first hand is over."""
    while not game.is_over() and game.hand_number == 1:
        game.apply(game.legal_actions()[0])


def test_four_players_in_partnerships_0_2_and_1_3_playing_clockwise() -> None:
    ruleset = whist()
    assert ruleset.seats == 4 and ruleset.seating.sides == (NORTH_SOUTH, EAST_WEST)
    assert ruleset.seating.next_seat == (1, 2, 3, 0)


@pytest.mark.parametrize("dealer", range(4))
def test_13_cards_each_one_at_a_time_from_the_dealers_left_the_dealer_receiving_every_4th(dealer: int) -> None:
    ruleset = whist()
    assert [len(cards) for cards in seeded_deal(ruleset, 7, 1, dealer, 13).hands] == [13] * 4
    hands = deal_in_order(range(52), dealer, ruleset.direction, 4, 13).hands
    assert hands[(dealer + 1) % 4][0] == 0, "the first card goes to the dealer's left"
    assert list(hands[dealer]) == list(range(3, 52, 4)), "the dealer receives the 4th, 8th, ... 52nd card"


def test_the_dealers_last_card_is_turned_up_sets_trump_and_is_seen_by_every_seat() -> None:
    game = stacked_game(whist(), {2: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 7H"}, dealer=2)
    seven = game.rules.deck.parse_card("7H")
    assert game.exposed == (seven,)
    assert game.trump == game.rules.deck.suit_of[seven]
    for seat in range(4):
        assert game.view(seat).exposed == (seven,)


def test_the_turned_card_stays_an_ordinary_card_of_the_dealers_hand_and_public_for_the_whole_hand() -> None:
    game = stacked_game(whist(), {0: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS", 1: "2S", 2: "3S", 3: "4S"}, dealer=0)
    ace = game.rules.deck.parse_card("AS")
    assert ace in game.hand(0)
    assert game.turn == 1, "the player after the dealer leads the first trick"
    assert play_trick(game, "2S", "3S", "4S", "AS") == 0
    assert ace not in game.hand(0)
    assert game.view(3).exposed == (ace,), "still public after it is played"


def test_no_bidding_the_first_move_is_a_card_and_the_dealers_left_leads() -> None:
    for dealer in range(4):
        game = stacked_game(whist(), {}, dealer=dealer)
        assert game.phase == "play" and game.turn == (dealer + 1) % 4


def test_trumps_may_be_led_at_any_time() -> None:
    game = stacked_game(whist(), {0: SPADES, 1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C", 2: "3C", 3: "4C"}, dealer=0)
    play_trick(game, "2C", "3C", "4C", "KS")
    assert game.turn == 0 and "QS" in legal(game), "North leads trump straight away"


def test_the_plain_trick_rule_follow_suit_else_anything_highest_trump_wins() -> None:
    game = stacked_game(whist(), {0: SPADES, 1: "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", 2: "2C", 3: "3C"}, dealer=0)
    codes = game.rules.deck.codes

    def held(seat: int, suit: str = "") -> set[str]:
        return {codes[c] for c in game.hand(seat) if codes[c].endswith(suit)}

    assert set(legal(game)) == held(1), "the leader may lead any card"
    act(game, "AC")
    for seat in (2, 3):
        assert held(seat, "C") and set(legal(game)) == held(seat, "C"), "a player holding clubs must follow"
        act(game, legal(game)[0])
    assert set(legal(game)) == held(0) == set(SPADES.split()), "North is void in clubs and may play any card"
    act(game, "2S")
    assert game.tricks_won == (1, 0, 0, 0) and game.turn == 0, "the lowest trump beats the ace of the led suit"


def test_a_side_taking_every_trick_scores_seven_and_wins_the_game_at_once() -> None:
    game = stacked_game(whist(), {0: SPADES}, dealer=0)
    first_legal_to_the_end(game)
    hand = game.history[0]
    assert hand.tricks_won == (13, 0, 0, 0)
    assert hand.score == (7, 0) and game.winner == NORTH_SOUTH and game.hand_number == 1


@pytest.mark.parametrize(("north", "east", "score"), [(4, 3, (1, 0)), (3, 4, (0, 1))])
def test_each_trick_above_six_scores_one_for_the_side_that_took_it(
    north: int, east: int, score: tuple[int, int]
) -> None:
    result = evaluate(whist(), Scenario(tricks=[north, east, 3, 3]))
    assert result.score.sides == score


def test_honours_as_dealt_count_the_turned_card_for_the_dealers_side() -> None:
    game = stacked_game(whist(honours="on", target="10"), {0: SPADES}, dealer=0)
    first_legal_to_the_end(game)
    # 13 tricks: 7 points, below 10; then four honours as dealt (the turned ace among them): 4 more.
    assert game.history[0].score == (11, 0) and game.winner == NORTH_SOUTH


def test_honours_off_by_default_only_tricks_score() -> None:
    game = stacked_game(whist(target="10"), {0: SPADES}, dealer=0)
    first_legal_to_the_end(game)
    assert game.history[0].score == (7, 0) and game.winner is None


def test_the_deal_passes_to_the_left_after_each_hand() -> None:
    game = Game(whist(target="10"), seed=3, dealer=1)
    dealers = []
    chooser = random.Random(3)
    while not game.is_over() and len(dealers) < 6:
        if game.hand_number > len(dealers):
            dealers.append(game.dealer)
        game.apply(chooser.choice(game.legal_actions()))
    assert dealers[:4] == [1, 2, 3, 0]


@pytest.mark.parametrize("seed", range(12))
def test_a_match_is_one_game_the_first_side_to_five_wins(seed: int) -> None:
    game = Game(whist(), seed=seed)
    played(game, seed)
    totals = [hand.totals for hand in game.history]
    assert all(max(t) < 5 for t in totals[:-1]) and max(totals[-1]) >= 5
    winner = totals[-1].index(max(totals[-1]))
    assert game.winner == game.rules.seating.sides[winner]


@pytest.mark.parametrize("seed", range(12))
def test_a_rubber_is_two_games_won_scored_3_2_or_1_each_and_2_for_the_rubber(seed: int) -> None:
    game = Game(whist(rubber="on", honours="on"), seed=seed)
    played(game, seed)
    names = [c.name for c in game.rules.counters]
    games = game.counters[names.index("games")]
    winner = games.index(2)
    assert game.winner == game.rules.seating.sides[winner] and games[1 - winner] <= 1
    ended = [hand for hand in game.history if any(hand.score)]
    assert len(ended) == sum(games), "game points are scored only in the hand that ends a game"
    for hand in ended[:-1]:
        assert sorted(hand.score) in ([0, 1], [0, 2], [0, 3])
    last = sorted(ended[-1].score)
    assert last in ([0, 3], [0, 4], [0, 5]), "the last game's points and 2 for the rubber"
    assert game.totals[winner] > game.totals[1 - winner], "the rubber's winners have more game points"

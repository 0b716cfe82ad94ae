"""Knaves (the classic English rules, as games-of-playing-cards.pokerwiner.com gives them): one test per rule
sentence of the source, played through `Game` or scored through the same path as a played hand, and one hand
traced by hand."""

from __future__ import annotations

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game
from trickbook.book.scenario import Scenario, evaluate

RULES = "knaves"


def outcome(tricks: list[int], took: list[list[str]], totals: list[int] | None = None):  # type: ignore[no-untyped-def]
    return evaluate(rules(RULES), Scenario(tricks=tricks, took=took, seat_totals=totals or [0, 0, 0]))


def test_three_players_the_full_pack_ace_high_seventeen_cards_each() -> None:
    """ "Knaves is for three players"; "The full pack of 52 cards is used, cards ranking from Ace (high) to 2";
    "Seventeen cards are dealt to each player"."""
    table = rules(RULES)
    assert table.seats == 3 and table.deck.size == 52 and table.hand_size == 17
    assert [r.code for r in table.deck.ranks][-1] == "A"
    game = Game(table, seed=4)
    assert [len(game.hand(s)) for s in range(3)] == [17, 17, 17]


def test_the_last_card_is_turned_up_for_trump_and_takes_no_other_part() -> None:
    """ "the last card is turned face upward on the table to denote the trump suit. It takes no other part"."""
    game = Game(rules(RULES), seed=4)
    (shown,) = game.exposed
    assert game.trump == game.rules.deck.suit_of[shown]
    assert all(shown not in game.hand(s) for s in range(3))


def test_the_player_left_of_the_dealer_leads_then_the_trick_winner() -> None:
    """ "The player on the left of the dealer leads to the first trick; thereafter the player who wins a trick
    leads to the next"."""
    game = stacked_game(rules(RULES), {1: "2S", 2: "AS", 0: "3S"}, dealer=0)
    assert game.turn == 1
    assert play_trick(game, "2S", "AS", "3S") == 2 and game.turn == 2


def test_follow_suit_if_able_else_trump_or_discard() -> None:
    """ "A player must follow suit, if he can, to the card led. If he cannot he may either trump or discard"."""
    game = stacked_game(rules(RULES), {1: "2S", 2: "3S 4S AH"}, dealer=0)
    act(game, "2S")
    assert set(legal(game)) == {"3S", "4S"}
    void = stacked_game(rules(RULES), {1: "2S", 2: "AH 2C 3D"}, dealer=0)
    act(void, "2S")
    assert set(legal(void)) == {void.rules.deck.codes[c] for c in void.hand(2)}


def test_a_trick_scores_one_point() -> None:
    """ "The player who wins a trick scores one point for it"."""
    assert outcome([6, 6, 5], [[], [], []]).score.seats == (6, 6, 5)


def test_the_knaves_cost_four_three_two_and_one() -> None:
    """ "four points are deducted ... Knave of hearts, three ... Knave of diamonds, two ... Knave of clubs, and one
    ... Knave of spades"."""
    assert outcome([6, 6, 5], [["JH"], ["JD"], ["JC", "JS"]]).score.seats == (2, 3, 2)


def test_seven_points_a_deal_unless_a_knave_is_turned_up() -> None:
    """ "The aggregate score for each deal, therefore, is seven points ... unless one of the knaves is the card
    turned up"."""
    assert sum(outcome([6, 6, 5], [["JH"], ["JD"], ["JC", "JS"]]).score.seats) == 7
    assert sum(outcome([6, 6, 5], [["JH"], ["JD"], ["JC"]]).score.seats) == 8, "the knave of spades turned up"


def test_the_first_to_20_wins() -> None:
    """ "Game is won by the first player to score 20 points"."""
    assert outcome([7, 5, 5], [[], [], []], [14, 10, 12]).winner == (0,)
    assert outcome([5, 7, 5], [[], [], []], [14, 10, 12]).winner is None


def test_a_hand_traced_by_hand() -> None:
    """Dealer North. East holds the spades and the 2 to 5 of hearts, South the clubs and the 6 to 9 of hearts,
    North the diamonds and the 10 to king of hearts; the ace of hearts is turned up: hearts are trump. East leads
    every spade and wins each trick (the others discard their plain suits), taking its own jack of spades and
    South's and North's knaves of clubs and diamonds; then East leads its trumps and North's higher ones win the
    last four, taking North's own jack of hearts. East: 13 tricks - 1 - 2 - 3 = 7; North: 4 - 4 = 0; South: 0."""
    spades, clubs, diamonds = (" ".join(f"{r}{s}" for r in "23456789TJQKA") for s in "SCD")
    hands = {1: f"{spades} 2H 3H 4H 5H", 2: f"{clubs} 6H 7H 8H 9H", 0: f"{diamonds} TH JH QH KH"}
    game = stacked_game(rules(RULES), hands, dealer=0)
    assert [game.rules.deck.codes[c] for c in game.exposed] == ["AH"]
    for spade, club, diamond in zip("AKQJT98765432", "23456789TJQKA", "23456789TJQKA", strict=True):
        assert play_trick(game, f"{spade}S", f"{club}C", f"{diamond}D") == 1
    assert play_trick(game, "2H", "6H", "TH") == 0
    for north, east, south in (("JH", "3H", "7H"), ("QH", "4H", "8H"), ("KH", "5H", "9H")):
        assert play_trick(game, north, east, south) == 0
    hand = game.history[-1]
    assert hand.tricks_won == (4, 13, 0)
    assert hand.seat_score == (0, 7, 0)

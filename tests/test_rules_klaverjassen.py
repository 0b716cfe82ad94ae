"""Klaverjassen (Board Game Arena's Klaverjassen help, with Spelpunt's rules for who names trump): one test per rule
sentence of the source, played through `Game` or scored through the same path as a played hand, and one hand
traced by hand."""

from __future__ import annotations

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules
from trickbook.book.scenario import Scenario, evaluate

RULES = "klaverjassen"


def klaverjassen(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def score(took: list[list[str]], last: int, tricks: list[int], won: list[list[list[str]]] | None = None) -> tuple:
    """The hand's score when East (the player after the dealer, North) named hearts."""
    scenario = Scenario(tricks=tricks, dealer=0, declarer=1, trump="H", took=took, last_trick=last, won_tricks=won)
    return evaluate(klaverjassen(), scenario).score.sides


def test_two_teams_of_two_facing_with_32_cards_eight_each() -> None:
    """ "The game is played with two teams of two, partners sitting opposite. Only 7 to A are used ... Deal each
    player 8 cards"."""
    table = klaverjassen()
    assert table.seating.sides == ((0, 2), (1, 3)) and table.deck.size == 32
    game = Game(table, seed=2)
    assert [len(game.hand(s)) for s in range(4)] == [8] * 4


def test_the_player_left_of_the_dealer_names_trump_and_leads() -> None:
    """ "The player to the left of the dealer chooses trumps" (Spelpunt: "De troef wordt bepaald door de speler
    die links van de deler zit"); "The player left to the dealer leads the first trick"."""
    game = Game(klaverjassen(), seed=5, dealer=2)
    assert game.turn == 3 and legal(game) == ["trump C", "trump S", "trump H", "trump D"]
    act(game, "trump D")
    assert game.declarer == 3 and game.turn == 3


def test_in_trump_the_jack_and_nine_rank_above_the_ace() -> None:
    """ "In the trump suit, J is the highest card, followed by 9, then A"; "In all suits, 10 is higher than K"."""
    game = stacked_game(klaverjassen(), {1: "AH KS", 2: "9H AS", 3: "JH TS", 0: "7H 8S"}, dealer=0)
    act(game, "trump H")
    assert play_trick(game, "AH", "9H", "JH", "7H") == 3
    game = stacked_game(klaverjassen(), {1: "KS 7H", 2: "TS 8H", 3: "7S 9H", 0: "8S TH"}, dealer=0)
    act(game, "trump H")
    assert play_trick(game, "KS", "TS", "7S", "8S") == 2, "the ten of a plain suit beats its king"


def test_card_values_and_the_last_trick_make_162() -> None:
    """ "For trump suit, J is 20 points, 9 is 14, A is 11, 10 is 10, K is 4 and Q is 3. For non-trump suits, A is
    11, 10 is 10, K is 4, Q is 3 and J is 2 ... The last trick is worth 10 points." """
    assert score([[], ["H"], [], []], last=1, tricks=[2, 2, 2, 2])[1] == 62 + 10
    assert score([["C"], ["H"], [], ["S", "D"]], last=1, tricks=[2, 2, 2, 2])[0] == 30
    everything = score([["C", "S"], ["H", "D"], [], []], last=0, tricks=[4, 4, 0, 0])
    assert sum(everything) == 162


def test_a_side_taking_every_trick_scores_100_more() -> None:
    """ "if a team takes all the tricks they get an additional 100 points"."""
    assert score([[], ["H", "S"], [], ["C", "D"]], last=1, tricks=[0, 4, 0, 4]) == (0, 262)


def test_the_makers_must_score_more_than_the_defenders_or_the_defenders_take_everything() -> None:
    """ "If the makers score more than the defenders, both teams score normally. Otherwise, the defenders score all
    the points, including the combination points." """
    assert score([["C"], ["H"], ["D"], ["S"]], last=1, tricks=[2, 2, 2, 2]) == (60, 102)
    assert score([["H"], ["C"], ["S", "D"], []], last=0, tricks=[3, 2, 3, 0]) == (162, 0)


def test_the_combinations_and_their_values() -> None:
    """ "3-card run is 20 points, 4-card run is 50, four of A, 10, K or Q is 100, four J is 200 and K and Q of
    trumps is 20": each goes to the side winning the trick that holds it."""
    took = [["C"], ["H"], ["D"], ["S"]]

    def roem(*trick: str) -> int:
        return score(took, 1, [2, 2, 2, 2], [[], [list(trick)], [], []])[1] - 102

    assert roem("7D", "8D", "9D", "AS") == 20
    assert roem("7D", "8D", "9D", "TD") == 50
    assert roem("AS", "AH", "AC", "AD") == 100
    assert roem("JS", "JH", "JC", "JD") == 200
    assert roem("9S", "9H", "9C", "9D") == 0
    assert roem("KH", "QH", "7S", "9D") == 20
    assert roem("KH", "QH", "JH", "7S") == 40, "a run of king, queen and jack of trump is the run and the stuk"


def test_rotterdam_trumps_over_the_partner_and_amsterdam_does_not() -> None:
    """ "Rotterdam rules: A player who cannot follow suit must trump if possible. A player who plays a trump must
    head the trick if possible, even if the player's partner currently heads the trick." "Amsterdam rules: ... A
    player who cannot follow suit and whose partner is not heading the trick must head the trick if possible.\""""
    deal = {
        1: "AS KD 9C TC JC QC KC AC",
        2: "7S QD 7C 8C 8D 9D TD JD",
        3: "7H 8H 9H TH JH QH 7D AD",
        0: "8S 9S TS JS QS KS KH AH",
    }
    trumps = ["7H", "8H", "9H", "TH", "JH", "QH"]
    for city, expected in (("rotterdam", trumps), ("amsterdam", [*trumps, "7D", "AD"])):
        game = stacked_game(klaverjassen(city=city), deal, dealer=0)
        act(game, "trump H", "AS", "7S")
        assert sorted(legal(game)) == sorted(expected), city


def test_both_cities_raise_a_trump_lead() -> None:
    """ "Both rules agree that following a trump lead all players must head the trick if they can"."""
    for city in ("rotterdam", "amsterdam"):
        game = stacked_game(klaverjassen(city=city), {1: "9H KD", 2: "7H QD", 3: "JH 8H", 0: "8S JD"}, dealer=0)
        act(game, "trump H", "9H", "7H")
        assert legal(game) == ["JH"], city


def test_sixteen_deals_make_a_game_or_1500_points_with_the_option() -> None:
    """ "the game ends when one team gets 1500 points or more ... or ends after 16 (classic) ... rounds"."""
    took = [["C"], ["H"], ["D"], ["S"]]
    base = {"tricks": [2, 2, 2, 2], "dealer": 0, "declarer": 1, "trump": "H", "took": took, "last_trick": 1}
    assert evaluate(klaverjassen(), Scenario(hand_number=15, totals=[900, 800], **base)).winner is None
    assert evaluate(klaverjassen(), Scenario(hand_number=16, totals=[900, 800], **base)).winner == (0, 2)
    points = klaverjassen(length="points")
    assert evaluate(points, Scenario(hand_number=30, totals=[1400, 1450], **base)).winner == (1, 3)


def test_a_hand_traced_by_hand() -> None:
    """North deals; East names hearts and holds all eight. East leads its trumps from the jack down; nobody can
    follow, so East wins every trick. The first holds West's 8♣, South's 7♣ and North's 9♣: a run of three,
    20 roem to East-West. East-West: 152 card points, 10 for the last trick, 20 roem, 100 for every trick (pit):
    282; North-South nothing."""
    deal = {
        1: "JH 9H AH TH KH QH 8H 7H",
        2: "7C 8S 9S TS JS QS KS AS",
        3: "8C 7S 7D 8D 9D TD JD QD",
        0: "9C AC TC JC QC KC KD AD",
    }
    game = stacked_game(klaverjassen(), deal, dealer=0)
    act(game, "trump H")
    tricks = [
        ("JH", "7C", "8C", "9C"),
        ("9H", "8S", "7S", "AC"),
        ("AH", "9S", "7D", "TC"),
        ("TH", "TS", "8D", "JC"),
        ("KH", "JS", "9D", "QC"),
        ("QH", "QS", "TD", "KC"),
        ("8H", "KS", "JD", "KD"),
        ("7H", "AS", "QD", "AD"),
    ]
    for cards in tricks:
        assert play_trick(game, *cards) == 1
    hand = game.history[-1]
    assert hand.tricks_won == (0, 8, 0, 0) and hand.score == (0, 282)

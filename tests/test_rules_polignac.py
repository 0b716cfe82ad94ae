"""Polignac (the classic English rules, as www.pokerwiner.com gives them): one test per rule sentence of the source,
played through `Game` or scored through the same path as a played hand, and one hand traced by hand."""

from __future__ import annotations

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules
from trickbook.book.scenario import Scenario, evaluate

RULES = "polignac"


def polignac(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def outcome(took: list[list[str]], totals: list[int], hand: int = 1, ruleset: Rules | None = None):  # type: ignore[no-untyped-def]
    scenario = Scenario(tricks=[2, 2, 2, 2], took=took, seat_totals=totals, hand_number=hand)
    return evaluate(ruleset or polignac(), scenario)


def test_four_players_a_32_card_pack_eight_cards_each() -> None:
    """ "Polignac is for four players"; "A 32-card pack is used, i.e. a standard pack with the 6s, 5s, 4s, 3s and
    2s removed. Eight cards are dealt ... to each player"."""
    table = polignac()
    assert table.seats == 4 and not table.seating.has_sides and table.deck.size == 32
    assert sorted({r.code for r in table.deck.ranks}) == sorted("AKQJT987")
    game = Game(table, seed=2)
    assert [len(game.hand(s)) for s in range(4)] == [8, 8, 8, 8]


def test_the_player_left_of_the_dealer_leads_then_the_trick_winner() -> None:
    """ "The player on the left of the dealer leads to the first trick. thereafter the player who wins a trick
    leads to the next"; the ace is high, then king, queen, jack, ten."""
    game = stacked_game(polignac(), {1: "TS", 2: "JS", 3: "AS", 0: "KS"}, dealer=0)
    assert game.turn == 1
    assert play_trick(game, "TS", "JS", "AS", "KS") == 3 and game.turn == 3


def test_follow_suit_if_able_otherwise_discard() -> None:
    """ "A player must follow suit to the card led, if he can, otherwise he may discard"; there are no trumps."""
    game = stacked_game(polignac(), {1: "7S", 2: "8S AH", 3: "AC KD", 0: "9S"}, dealer=0)
    act(game, "7S")
    assert legal(game) == ["8S"]
    act(game, "8S")
    assert set(legal(game)) == {game.rules.deck.codes[c] for c in game.hand(3)}
    act(game, "AC", "9S")
    assert game.turn == 0, "the ace of clubs is no trump: the nine of spades wins"


def test_a_point_lost_for_every_jack_two_for_the_polignac() -> None:
    """ "one point is lost for every Jack taken, with the exception of the [jack of spades] (polignac) which costs
    the winner two points"."""
    assert outcome([["JS"], ["JH"], ["JC", "JD"], ["AS"]], [0, 0, 0, 0]).score.seats == (2, 1, 2, 0)


def test_a_prearranged_number_of_deals_and_the_fewest_points_win() -> None:
    """ "play a pre-arranged number of deals (that should be a multiple of four) and he who loses the least number
    of points is the winner" (Decision: eight deals, option `deals`)."""
    assert outcome([["JS"], [], [], []], [3, 2, 4, 1], hand=8).winner == (3,)
    assert outcome([["JS"], [], [], []], [3, 2, 4, 1], hand=7).winner is None
    assert outcome([["JS"], [], [], []], [3, 2, 4, 1], hand=4, ruleset=polignac(deals="4")).winner == (3,)


def test_with_a_penalty_limit_the_first_to_reach_it_loses() -> None:
    """Wikipedia: "The first player to reach an agreed total of penalties, which may be 10 or 20 points, then
    loses the game" (option `limit`; the fewest penalties of the others win)."""
    limited = polignac(limit="10")
    assert outcome([["JS"], [], [], []], [8, 2, 4, 1], hand=20, ruleset=limited).winner == (3,)
    assert outcome([["JS"], [], [], []], [3, 2, 4, 1], hand=8, ruleset=limited).winner is None


def test_a_hand_traced_by_hand() -> None:
    """Dealer North. East holds the spades, South the hearts, West the clubs, North the diamonds. East leads its
    spades from the seven up; nobody can follow, so East wins all eight tricks and takes every jack: the other
    players' three (West's, South's and North's jacks, 1 each) and its own Polignac (2): 5 points to East."""
    hands = {1: "S", 2: "H", 3: "C", 0: "D"}
    suits = {seat: " ".join(f"{r}{s}" for r in "789TJQKA") for seat, s in hands.items()}
    game = stacked_game(polignac(), suits, dealer=0)
    for rank in "789TJQKA":
        assert play_trick(game, f"{rank}S", f"{rank}H", f"{rank}C", f"{rank}D") == 1
    hand = game.history[-1]
    assert hand.tricks_won == (0, 8, 0, 0) and hand.seat_score == (0, 5, 0, 0)

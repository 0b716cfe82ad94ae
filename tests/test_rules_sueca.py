"""Sueca (Wikipedia, "Sueca (card game)"; the deal and first lead as cardrulesplus.com states them): one test per rule
sentence of the source, played through `Game` or scored through the same path as a played hand, and one hand
traced by hand."""

from __future__ import annotations

from helpers import NORTH_SOUTH, act, legal, play_trick, rules, stacked_game
from trickbook import Game
from trickbook.book.scenario import Scenario, evaluate

RULES = "sueca"
VALUES = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}


def games_won(north: list[str], east: list[str], totals: tuple[int, int] = (0, 0)):  # type: ignore[no-untyped-def]
    """North-South take the cards `north`, East-West those of `east`."""
    scenario = Scenario(tricks=[5, 5, 0, 0], took=[north, east, [], []], totals=totals)
    return evaluate(rules(RULES), scenario)


def test_four_players_partners_opposite() -> None:
    """ "Players sitting across from each other form teams"."""
    seating = rules(RULES).seating
    assert [seating.partner[s] for s in range(4)] == [2, 3, 0, 1]


def test_forty_cards_ace_seven_king_jack_queen_six_to_two() -> None:
    """ "played with 40 cards by removing 8s, 9s, and 10s"; "from highest to lowest: Ace, 7, King, Jack, Queen, 6,
    5, 4, 3, 2"."""
    deck = rules(RULES).deck
    assert deck.size == 40
    strongest_first = [r.code for r in sorted(deck.ranks, key=lambda r: -r.order)]
    assert strongest_first == ["A", "7", "K", "J", "Q", "6", "5", "4", "3", "2"]


def test_ten_cards_each_the_dealers_last_card_turned_up_sets_trump() -> None:
    """ "The entire deck is distributed equally to the 4 players with the dealer, who turns up one of their cards"
    (cardrulesplus: the dealer's last card, whose suit is trump); it stays in the dealer's hand."""
    game = Game(rules(RULES), seed=3, dealer=1)
    assert [len(game.hand(s)) for s in range(4)] == [10, 10, 10, 10]
    (shown,) = game.exposed
    assert shown == game.current_deal[1][-1] and shown in game.hand(1)
    assert game.trump == game.rules.deck.suit_of[shown]


def test_play_goes_counter_clockwise_from_the_dealers_right() -> None:
    """ "Play: Counter-clockwise"; the player on the dealer's right leads (cardrulesplus)."""
    game = stacked_game(rules(RULES), {}, dealer=0)
    assert game.turn == 3
    game.apply(game.default_action())
    assert game.turn == 2


def test_follow_suit_trump_only_when_void_and_not_obliged_to() -> None:
    """ "Each player is required to follow suit, and can play a trump only when void in the lead suit"."""
    hands = {
        0: "AC 7C KC JC QC 6C 5C 4C 3C 2H",
        3: "AS 7S KS JS QS AD 7D KD JD QD",
        2: "6S 5S 4S 3S 2S 6D 5D 4D 3D 2D",
        1: "AH 7H KH JH QH 6H 5H 4H 3H 2C",
    }
    game = stacked_game(rules(RULES), hands, dealer=0)
    assert [game.rules.deck.codes[c] for c in game.exposed] == ["2H"], "the dealer's last card: hearts are trump"
    act(game, "AS")
    assert set(legal(game)) == {"6S", "5S", "4S", "3S", "2S"}, "South must follow"
    act(game, "2S")
    assert set(legal(game)) == set(hands[1].split()), "East is void in spades: a trump, or the two of clubs"


def test_the_card_values_make_120() -> None:
    """ "The Ace is worth 11 points, the Seven 10, the King 4, the Jack 3, and the Queen 2. With 120 points at
    stake in every hand"."""
    deck = rules(RULES).deck
    assert sum(VALUES.get(code[0], 0) for code in deck.codes) == 120
    assert games_won(["AS", "7S", "KS", "JS", "QS", "6S", "AH", "AC", "AD"], []).score.sides == (1, 0), "63"


def test_more_than_60_wins_the_hand_60_each_is_nobodys() -> None:
    """ "the first team of 2 to reach 61 points wins the hand" (Decision: at 60 each neither scores)."""
    sixty = ["AS", "7S", "KS", "JS", "QS", "AH", "7H", "KH", "JH", "QH"]
    assert games_won(sixty, []).score.sides == (0, 0)
    assert games_won([*sixty, "QC"], []).score.sides == (1, 0)


def test_more_than_90_counts_two_hands() -> None:
    """ "If a team reaches more than 90 points, it scores a double win"."""
    ninety = ["AS", "AH", "AC", "AD", "7S", "7H", "7C", "KS", "KH", "KC", "QS", "QH"]
    assert games_won(ninety, []).score.sides == (1, 0)
    assert games_won([*ninety, "QC"], []).score.sides == (2, 0)


def test_all_120_win_the_set() -> None:
    """ "a team capturing all 120 points scores a set": four hands, the whole match."""
    every = [f"{r}{s}" for r in VALUES for s in "SHCD"]
    outcome = games_won(every, [])
    assert outcome.score.sides == (4, 0) and outcome.winner == NORTH_SOUTH


def test_the_first_team_to_four_won_hands_wins() -> None:
    """ "The first team to reach four won hands wins the set"."""
    seven = ["AS", "AH", "AC", "7S", "7H", "7C", "KS"]
    assert games_won(seven, [], (3, 3)).winner == NORTH_SOUTH
    assert games_won(seven, [], (2, 3)).winner is None


def test_a_hand_traced_by_hand() -> None:
    """Dealer North, whose last card is the two of hearts: hearts are trump. North holds the hearts, West the
    spades, South the clubs, East the diamonds. West leads the ace of spades; South and East cannot follow, North
    trumps with the two and takes 11 points; North then leads trumps, which nobody can follow, and wins every
    trick: North-South take all 120 points, four hands, and the match."""
    hands = {0: "H", 1: "D", 2: "C", 3: "S"}
    suits = {seat: " ".join(f"{r}{s}" for r in "A7KJQ65432") for seat, s in hands.items()}
    game = stacked_game(rules(RULES), suits, dealer=0)
    assert [game.rules.deck.codes[c] for c in game.exposed] == ["2H"]
    assert play_trick(game, "AS", "AC", "AD", "2H") == 0
    for north, other in zip("A7KJQ6543", "7KJQ65432", strict=True):
        assert play_trick(game, f"{north}H", f"{other}S", f"{other}C", f"{other}D") == 0
    hand = game.history[-1]
    assert hand.tricks_won == (10, 0, 0, 0) and hand.score == (4, 0) and game.winner == NORTH_SOUTH

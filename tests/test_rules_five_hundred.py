"""Five Hundred (Wikipedia's "500 (card game)", the Avondale schedule): one test per rule sentence of the source,
played through `Game` or scored through the same path as a played hand, and one hand traced by hand."""

from __future__ import annotations

import pytest

from helpers import act, legal, rules
from trickbook import Game, Rules
from trickbook.book.scenario import Scenario, evaluate
from trickbook.engine.dealing import Deal

RULES = "five-hundred"


def five_hundred(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def score(contract: str, tricks: list[int], declarer: int = 0, totals: tuple[int, int] = (0, 0)) -> tuple[int, ...]:
    """The sides' scores for a hand in which `declarer` played `contract` and the seats took `tricks`."""
    scenario = Scenario(tricks=tricks, declarer=declarer, contract=contract, totals=list(totals))
    return evaluate(five_hundred(), scenario).score.sides


# North holds every trump but the three in the kitty; East, South and West hold the other three suits.
TRACED = {
    0: "JK JH JD AH KH QH TH 9H 8H 7H",
    1: "AS KS QS JS TS 9S 8S 7S 6S 5S",
    2: "AC KC QC JC TC 9C 8C 7C 6C 5C",
    3: "AD KD QD TD 9D 8D 7D 6D 5D 4D",
}
KITTY = "6H 5H 4H"


def traced_game(dealt: dict[int, str] = TRACED, kitty: str = KITTY) -> Game:
    """The first hand dealt as `dealt` with `kitty` left over, West dealing, so North calls first."""
    table = five_hundred()

    def deals(number: int, dealer: int, size: int) -> Deal:
        hands = tuple(tuple(table.deck.parse_card(c) for c in dealt[s].split()) for s in range(4))
        return Deal(hands, tuple(table.deck.parse_card(c) for c in kitty.split()))

    return Game(table, 0, deals=deals, dealer=3)  # type: ignore[arg-type]


def test_43_cards_ten_each_and_a_kitty_of_three() -> None:
    """ "500 is played with a 43-card pack: the standard 52 less the twos, threes and black fours, plus one joker";
    each player is dealt ten cards and three go to the kitty."""
    table = five_hundred()
    assert table.seats == 4 and table.seating.has_sides
    game = Game(table, seed=3)
    assert [len(game.hand(s)) for s in range(4)] == [10] * 4
    dealt = {table.deck.codes[c] for s in range(4) for c in game.hand(s)}
    assert not dealt & {"2S", "3H", "4S", "4C"} and len(dealt) == 40


def test_bids_rise_by_tricks_then_by_strain_spades_lowest_no_trumps_highest() -> None:
    """ "A higher bid must either have more tricks or contain a higher suit. The order of suits from lowest to
    highest is: spades, clubs, diamonds and hearts", no trumps above hearts; bids are of six to ten tricks."""
    game = Game(five_hundred(), seed=1, dealer=3)
    act(game, "bid 6S")
    assert "bid 6S" not in legal(game) and {"bid 6C", "bid 6NT", "bid 10NT", "pass"} <= set(legal(game))
    assert "bid 5S" not in legal(game) and "bid 11S" not in legal(game)
    act(game, "bid 7NT")
    assert "bid 7H" not in legal(game) and "bid 8S" in legal(game)


def test_the_highest_bidder_takes_the_kitty_discards_three_and_leads() -> None:
    """ "The winning bidder [picks] up the kitty and discard[s] three cards"; "the player who won the bid gets to
    play the first card"."""
    game = traced_game()
    act(game, "bid 6H", "P", "P", "P")
    assert game.declarer == 0 and game.trump == game.rules.deck.suit_index("H")
    assert len(game.hand(0)) == 13
    act(game, "discard 7H", "discard 8H", "discard 9H")
    assert len(game.hand(0)) == 10 and game.phase == "play" and game.turn == 0


def test_the_joker_then_the_right_and_left_bowers_are_the_highest_trumps() -> None:
    """ "The Joker is the highest card in the deck. If a trump suit is named, then the trump suit is next in
    rank, ranking J of trump suit, J of the same color suit, followed by A, K, Q"."""
    dealt = {
        0: "AH KH QH TH 9H 8H 7H 6H 5H 4H",
        1: "JD AS KS QS JS TS 9S 8S 7S 6S",
        2: "JH AC KC QC JC TC 9C 8C 7C 6C",
        3: "JK AD KD QD TD 9D 8D 7D 6D 5D",
    }
    game = traced_game(dealt, "5S 5C 4D")
    act(game, "bid 6H", "P", "P", "P", "discard 5S", "discard 5C", "discard 4D", "AH")
    assert legal(game) == ["JD"], "the left bower is a heart and must follow"
    act(game, "JD")
    assert legal(game) == ["JH"]
    act(game, "JH")
    assert legal(game) == ["JK"], "the joker is a heart too"
    act(game, "JK")
    assert game.turn == 3, "the joker beats the right bower, which beat the left, which beat the ace"


def test_a_made_bid_scores_its_value_on_the_avondale_schedule() -> None:
    """ "6♠ 40 ... 10NT 520": each strain step is worth 20, each further trick 100; tricks beyond the bid add
    nothing."""
    assert score("6S", [3, 2, 3, 2])[0] == 40
    assert score("6C", [3, 2, 3, 2])[0] == 60
    assert score("6D", [3, 2, 3, 2])[0] == 80
    assert score("6H", [3, 2, 3, 2])[0] == 100
    assert score("6NT", [3, 2, 3, 2])[0] == 120
    assert score("7S", [4, 1, 4, 1])[0] == 140
    assert score("10NT", [5, 0, 5, 0])[0] == 520
    assert score("6S", [5, 1, 3, 1])[0] == 40


def test_all_ten_tricks_score_250_when_the_bid_is_worth_less() -> None:
    """ "Should he take every trick, however, he counts 250, or more, if his bid calls for it"."""
    assert score("7S", [6, 0, 4, 0]) == (250, 0)
    assert score("8S", [6, 0, 4, 0]) == (250, 0)
    assert score("8D", [6, 0, 4, 0]) == (280, 0)


def test_a_failed_bid_loses_its_value() -> None:
    """The declarers who do not take the tricks they bid lose the bid's value."""
    assert score("7H", [3, 2, 3, 2])[0] == -200
    assert score("6S", [0, 5, 0, 5], declarer=0)[0] == -40


def test_the_opponents_score_ten_a_trick() -> None:
    """The opponents score 10 for each trick they take, made or not."""
    assert score("6S", [3, 2, 3, 2]) == (40, 40)
    assert score("7D", [1, 4, 2, 3], declarer=1) == (30, 180)
    assert score("6S", [0, 5, 0, 5]) == (-40, 100)


@pytest.mark.parametrize(
    ("totals", "contract", "tricks", "winner"),
    [
        ((460, 100), "6S", [3, 2, 3, 2], (0, 2)),
        ((-400, 100), "6NT", [2, 3, 2, 3], (1, 3)),
        ((0, 480), "7S", [3, 3, 2, 2], (1, 3)),
    ],
)
def test_500_wins_and_minus_500_loses(
    totals: tuple[int, int], contract: str, tricks: list[int], winner: tuple[int, ...]
) -> None:
    """The first side to 500 wins; a side at -500 loses (the winners are the seats of the winning side)."""
    scenario = Scenario(tricks=tricks, declarer=0, contract=contract, totals=list(totals))
    assert evaluate(five_hundred(), scenario).winner == winner


def test_a_hand_traced_by_hand() -> None:
    """North bids six hearts, everyone passes; North takes the kitty (6H 5H 4H), lays away 7H 8H 9H and leads
    the joker, the bowers and the hearts from the top: ten tricks, 250 instead of 100, East-West nothing."""
    game = traced_game()
    act(game, "bid 6H", "P", "P", "P", "discard 7H", "discard 8H", "discard 9H")
    leads = ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "6H", "5H", "4H"]
    east, south, west = (TRACED[s].split() for s in (1, 2, 3))
    for trick, lead in enumerate(leads):
        assert game.turn == 0
        act(game, lead, east[trick], south[trick], west[trick])
    hand = game.history[-1]
    assert hand.tricks_won[0] == 10 and hand.score == (250, 0)
    assert game.totals == (250, 0)

"""Slobberhannes (the rules of en.shram.kiev.ua's "Slobberhans"): one test per rule sentence of the source, played
through `Game` or scored through the same path as a played hand, and one hand traced by hand."""

from __future__ import annotations

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules
from trickbook.book.scenario import Scenario, evaluate

RULES = "slobberhannes"


def slobberhannes(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def outcome(  # type: ignore[no-untyped-def]
    took: list[list[str]], first: int, last: int, totals: list[int], hand: int = 1, ruleset: Rules | None = None
):
    scenario = Scenario(
        tricks=[2, 2, 2, 2], took=took, first_trick=first, last_trick=last, seat_totals=totals, hand_number=hand
    )
    return evaluate(ruleset or slobberhannes(), scenario)


def test_four_players_32_cards_eight_each_no_trump() -> None:
    """ "Number of cards in a deck: 32. Number of players: 4"; "each player is dealt 8 cards"; "The trump suit
    is gone"."""
    table = slobberhannes()
    assert table.seats == 4 and not table.seating.has_sides and table.deck.size == 32
    assert not table.trump.present
    game = Game(table, seed=4)
    assert [len(game.hand(s)) for s in range(4)] == [8, 8, 8, 8]


def test_the_player_left_of_the_dealer_leads_and_suit_must_be_followed() -> None:
    """ "The player who sits to the left of the [dealer] walks first. A player can put his any card"; then "players
    must put cards in suit, if there is no card of such suit, then you can put any card"."""
    game = stacked_game(slobberhannes(), {1: "7S QC", 2: "8S AH", 3: "AC KD", 0: "9S"}, dealer=0)
    assert game.turn == 1
    assert set(legal(game)) == {game.rules.deck.codes[c] for c in game.hand(1)}
    act(game, "7S")
    assert legal(game) == ["8S"]
    act(game, "8S")
    assert set(legal(game)) == {game.rules.deck.codes[c] for c in game.hand(3)}
    act(game, "AC", "9S")
    assert game.turn == 0, "no trump: the nine of spades wins a spade trick the ace of clubs was thrown to"


def test_each_of_the_three_things_to_avoid_costs_a_point() -> None:
    """ "3 rules of the [trick]-taking: do not take the first [trick]; not to take the last [trick]; not to take
    [the queen of clubs]. The player who failed to comply with these rules is fined 1 point"."""
    assert outcome([[], ["QC"], [], []], first=0, last=2, totals=[0] * 4).score.seats == (1, 1, 1, 0)
    assert outcome([["QC"], [], [], []], first=0, last=0, totals=[0] * 4).score.seats == (3, 0, 0, 0)


def test_all_three_cost_four_with_the_house_rule() -> None:
    """Decision: the option `all_three` adds a fourth point for taking all three; two of them stay two."""
    extra = slobberhannes(all_three="on")
    assert outcome([["QC"], [], [], []], 0, 0, [0] * 4, ruleset=extra).score.seats == (4, 0, 0, 0)
    assert outcome([["QC"], [], [], []], 0, 3, [0] * 4, ruleset=extra).score.seats == (2, 0, 0, 1)


def test_the_fewest_penalties_win_after_the_agreed_deals() -> None:
    """ "the player with the most penalty points is determined. This player is the loser" (Decision: a match of
    eight deals, option `deals`, the fewest points winning; option `limit` ends it at 10 points)."""
    assert outcome([["QC"], [], [], []], 1, 2, [3, 2, 4, 1], hand=8).winner == (3,)
    assert outcome([["QC"], [], [], []], 1, 2, [3, 2, 4, 1], hand=7).winner is None
    limited = slobberhannes(limit="10")
    assert outcome([["QC"], [], [], []], 0, 3, [8, 4, 5, 4], hand=12, ruleset=limited).winner == (1,)


def test_a_hand_traced_by_hand() -> None:
    """Dealer North. East holds the spades, South the hearts, West the clubs, North the diamonds. East leads its
    spades from the seven up; nobody can follow, so East wins all eight tricks: the first trick (1), the last
    (1), and West's queen of clubs thrown to the sixth trick (1): 3 points to East, none to the others."""
    hands = {1: "S", 2: "H", 3: "C", 0: "D"}
    suits = {seat: " ".join(f"{r}{s}" for r in "789TJQKA") for seat, s in hands.items()}
    game = stacked_game(slobberhannes(), suits, dealer=0)
    for rank in "789TJQKA":
        assert play_trick(game, f"{rank}S", f"{rank}H", f"{rank}C", f"{rank}D") == 1
    hand = game.history[-1]
    assert hand.tricks_won == (0, 8, 0, 0) and hand.seat_score == (0, 3, 0, 0)


def test_the_first_and_last_tricks_are_read_from_play() -> None:
    """Traced: South wins the first trick with the ace of spades; East takes the queen of clubs, following a club
    lead in the second; East's low hearts and North's ace share the middle; North, holding the last spades, wins
    the last trick. South, East and North pay one point each, West none."""
    deal = {
        0: "9S AD 7H AH TS JS QS KS",
        1: "7S QC 8H 9H TH JH QH KH",
        2: "AS 7C 8C 9C TC JC KC AC",
        3: "8S 7D 8D 9D TD JD QD KD",
    }
    game = stacked_game(slobberhannes(), deal, dealer=0)
    tricks = [
        ("7S", "AS", "8S", "9S", 2),
        ("7C", "7D", "AD", "QC", 1),
        ("8H", "8C", "8D", "7H", 1),
        ("9H", "9C", "9D", "AH", 0),
        ("TS", "TH", "TC", "TD", 0),
        ("JS", "JH", "JC", "JD", 0),
        ("QS", "QH", "KC", "QD", 0),
        ("KS", "KH", "AC", "KD", 0),
    ]
    for *cards, winner in tricks:
        assert play_trick(game, *cards) == winner
    hand = game.history[-1]
    assert hand.tricks_won == (5, 2, 1, 0) and hand.seat_score == (1, 1, 1, 0)

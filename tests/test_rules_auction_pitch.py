"""Auction Pitch (the rules of whiteknucklecards.com's "Auction Pitch", Foster's Hoyle for a tied Game, and
howstuffworks.com for the game of 7): one test per rule sentence of the source, played through `Game` or scored
through the same path as a played hand, and one hand traced by hand."""

from __future__ import annotations

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules
from trickbook.book.scenario import Outcome, Scenario, evaluate
from trickbook.engine.scoring import HandScore

RULES = "auction-pitch"


def pitch(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def outcome(
    declarer: int,
    bid: int,
    dealt: list[list[str]],
    took: list[list[str]],
    totals: list[int] | None = None,
    ruleset: Rules | None = None,
) -> Outcome:
    """Scores a hand with hearts trump in which `declarer` won the auction with `bid`."""
    bids: list[int | str | None] = [None] * 4
    bids[declarer] = bid
    scenario = Scenario(
        bids=bids,
        declarer=declarer,
        trump="H",
        tricks=[len(t) // 4 for t in took[:3]] + [6 - sum(len(t) // 4 for t in took[:3])],
        dealt=dealt,
        took=took,
        seat_totals=totals or [0] * 4,
    )
    return evaluate(ruleset or pitch(), scenario)


def line(score: HandScore, rule: str) -> tuple[int, ...]:
    """The points a scoring rule gave each seat."""
    points = [0] * 4
    for entry in score.lines:
        if entry.rule == rule:
            points[entry.target] += entry.points
    return tuple(points)


def test_52_cards_six_each_four_players_each_alone() -> None:
    """ "Standard deck of 52 cards"; "each player is dealt 6 cards in batches of 3"."""
    table = pitch()
    assert table.seats == 4 and not table.seating.has_sides and table.deck.size == 52
    game = Game(table, seed=3)
    assert [len(game.hand(s)) for s in range(4)] == [6, 6, 6, 6]


def test_one_bid_each_from_the_dealers_left_a_pass_is_final() -> None:
    """ "Starting left of the dealer, each player takes it in turn to bid by announcing how many points they
    think they can get, but do not name a suit. A player who does not wish to bid may pass, but in so doing,
    cannot re-enter the bidding process." (Decision: bids of 2 to 4, each above the last.)"""
    game = Game(pitch(), seed=1, dealer=0)
    assert game.turn == 1
    assert legal(game) == ["pass", "bid 2", "bid 3", "bid 4"]
    act(game, "pass", "bid 3")
    assert legal(game) == ["pass", "bid 4"]
    act(game, "pass", "pass")
    assert game.declarer == 2, "the highest bidder pitches once the dealer has spoken"


def test_when_all_pass_the_dealer_must_bid_two() -> None:
    """Decision (gamerules.com): "If no one else bids, the dealer has to place a bid of 2"."""
    game = Game(pitch(), seed=1, dealer=0)
    act(game, "pass", "pass", "pass")
    assert game.declarer == 0 and list(game.view(0).contract) == [2, 0, 0, 0]


def test_the_pitcher_leads_and_the_first_lead_is_trump() -> None:
    """ "The highest bidder becomes the Pitcher, and trumps are established by his/her first lead. The Pitcher
    leads first"."""
    deal = {1: "2S 3S 4S 5S 6S 7S", 2: "AD KD QD JD TD 9D", 3: "AC KC QC JC TC 9C", 0: "AH KH QH JH TH 9H"}
    game = stacked_game(pitch(), deal, dealer=0)
    act(game, "pass", "bid 2", "pass", "pass")
    assert game.turn == 2
    act(game, "9D")
    assert game.trump == game.rules.deck.suit_index("D")


def test_a_trump_lead_must_be_followed_a_plain_lead_followed_or_trumped() -> None:
    """ "When a trump is led, you must follow suit. If a plain suit is thrown you can either follow suit or play a
    trump." """
    table = pitch()
    deal = {1: "AH 2S 3S 4S 5S 6S", 2: "KH 7S 2D 3D 4D 5D", 3: "QH 8S 2C 3C 4C 5C", 0: "JH 9S 6D 7D 8D 9D"}
    game = stacked_game(table, deal, dealer=0)
    act(game, "bid 2", "pass", "pass", "pass")
    act(game, "AH")
    assert legal(game) == ["KH"]
    act(game, "KH", "QH", "JH")
    act(game, "2S")
    assert sorted(legal(game)) == ["7S"], "East has spades and no trump left: it follows"
    deal = {1: "AH 2S 3S 4S 5S 6S", 2: "KH QH 7S 2D 3D 4D", 3: "JH 8S 2C 3C 4C 5C", 0: "TH 9S 6D 7D 8D 9D"}
    game = stacked_game(table, deal, dealer=0)
    act(game, "bid 2", "pass", "pass", "pass")
    play_trick(game, "AH", "KH", "JH", "TH")
    act(game, "2S")
    assert sorted(legal(game)) == ["7S", "QH"]


def test_high_goes_to_the_player_dealt_the_highest_trump_in_play() -> None:
    """ "High: This is for being dealt the highest trump in play" (whoever takes it in a trick)."""
    result = outcome(1, 2, [[], [], ["KH"], []], [["KH"], [], [], []])
    assert line(result.score, "high") == (0, 0, 1, 0)
    assert line(result.score, "low") == (0, 0, 1, 0), "the only trump in play is also the lowest"


def test_low_goes_to_the_player_dealt_the_lowest_trump_in_play() -> None:
    """ "Low: ... It doesn't matter who wins the card in a trick. The point is awarded to the player or team that
    was dealt the lowest trump in that hand." """
    result = outcome(0, 2, [["AH"], ["9H"], ["3H"], []], [["AH", "9H", "3H"], [], [], []])
    assert line(result.score, "low") == (0, 0, 1, 0)
    assert line(result.score, "high") == (1, 0, 0, 0)


def test_jack_goes_to_who_takes_it_none_when_not_dealt() -> None:
    """ "Jack: This point goes to the player or side that wins the Jack of Trumps in a Trick." """
    taken = outcome(0, 2, [["JH"], [], [], []], [[], [], [], ["JH"]])
    assert line(taken.score, "jack") == (0, 0, 0, 1)
    absent = outcome(0, 2, [["2H"], [], [], []], [["2H"], [], [], []])
    assert line(absent.score, "jack") == (0, 0, 0, 0)


def test_game_goes_to_the_most_card_points_none_on_a_tie() -> None:
    """ "Game: One point for holding the highest value of cards at the end of play -- aces count 4, kings 3,
    queens 2, jacks 1, and 10s 10" (howstuffworks); "If the count for Game is a tie, no one scores it" (Foster)."""
    table = pitch()
    assert [table.scoring.card_points[table.deck.parse_card(c)] for c in ("TS", "AS", "KS", "QS", "JS", "9S")] == [
        10,
        4,
        3,
        2,
        1,
        0,
    ]
    won = outcome(0, 2, [["2H"], [], [], []], [["2H"], ["TS"], ["AS", "KS", "QS"], []])
    assert line(won.score, "game") == (0, 1, 0, 0), "10 beats 4 + 3 + 2"
    tied = outcome(0, 2, [["2H"], [], [], []], [["2H"], ["TS"], ["TC"], []])
    assert line(tied.score, "game") == (0, 0, 0, 0)


def test_the_pitcher_scores_all_made_or_is_set_back_by_the_bid() -> None:
    """ "The Pitching team score if they make at least as many points as was bid. In such a case, they score what
    they make, even if it is more than the bid. If the Pitcher fails to make their contract, they are set back
    the amount of their bid"."""
    made = outcome(1, 2, [[], ["AH", "2H"], [], []], [[], ["AH", "2H", "TS"], [], []])
    assert made.score.seats == (0, 3, 0, 0)
    short = outcome(1, 3, [["AH"], ["2H"], [], []], [["TS"], ["AH", "2H"], [], []])
    assert short.score.seats == (2, -3, 0, 0), "the others keep what they made"


def test_the_first_to_seven_wins() -> None:
    """ "Whoever reaches 7 points win[s]" (howstuffworks); the pitcher's points are counted first, so a pitcher
    reaching 7 with another wins, whatever the totals; Decision: of others reaching it in one deal, the higher
    total wins and equal totals share; option `target`."""
    hand = ([[], ["AH", "2H"], [], []], [[], ["AH", "2H", "TS"], [], []])
    assert outcome(1, 2, *hand, totals=[5, 4, 3, 2]).winner == (1,)
    assert outcome(1, 2, *hand, totals=[5, 3, 3, 2]).winner is None
    assert outcome(1, 2, *hand, totals=[8, 4, 3, 2]).winner == (1,)
    assert outcome(1, 2, *hand, totals=[7, 4, 3, 2]).winner == (1,)
    set_back = ([["AH"], ["2H"], [], []], [["TS"], ["AH", "2H"], [], []])
    assert outcome(1, 3, *set_back, totals=[6, 4, 8, 2]).winner == (0, 2)
    assert outcome(1, 3, *set_back, totals=[7, 4, 8, 2]).winner == (0,)
    assert outcome(1, 3, *set_back, totals=[4, 4, 8, 2]).winner == (2,)
    assert outcome(1, 2, *hand, totals=[5, 4, 3, 2], ruleset=pitch(target="11")).winner is None


def test_a_hand_traced_by_hand() -> None:
    """Dealer North. East bids 2, the others pass. East pitches the ace of hearts: hearts are trump; South must
    follow with the jack, West with the two, North has no heart and throws the ten of spades. East then takes
    every trick with its king of hearts and its spades. East: High (ace), Jack (taken), Game (two tens, ace,
    king, jack: 28 card points) = 3, its bid of 2 made; West: Low (dealt the two of hearts) = 1."""
    deal = {
        1: "AH KH 2S 3S 4S 5S",
        2: "JH 2D 3D 4D 5D 6D",
        3: "2H 2C 3C 4C 5C 6C",
        0: "TS 7D 8D 9D TD 7C",
    }
    game = stacked_game(pitch(), deal, dealer=0)
    act(game, "bid 2", "pass", "pass", "pass")
    tricks = [
        ("AH", "JH", "2H", "TS"),
        ("KH", "2D", "2C", "7D"),
        ("2S", "3D", "3C", "8D"),
        ("3S", "4D", "4C", "9D"),
        ("4S", "5D", "5C", "TD"),
        ("5S", "6D", "6C", "7C"),
    ]
    for cards in tricks:
        assert play_trick(game, *cards) == 1
    hand = game.history[-1]
    assert hand.tricks_won == (0, 6, 0, 0) and hand.seat_score == (0, 3, 0, 1)


def test_partners_score_as_a_side() -> None:
    """ "Four can play individually or in fixed partnerships" (Wikipedia, "Pitch (card game)"); Decision: with
    option `partners`, partners sit opposite, a side scores what its players were dealt and took, and the
    pitching side is set back by the bid as one."""
    table = pitch(partners="on")
    assert table.seating.has_sides
    deal = {1: "AH KH 2S 3S 4S 5S", 2: "JH 2D 3D 4D 5D 6D", 3: "2H 2C 3C 4C 5C 6C", 0: "TS 7D 8D 9D TD 7C"}
    game = stacked_game(table, deal, dealer=0)
    act(game, "bid 2", "pass", "pass", "pass")
    for cards in [
        ("AH", "JH", "2H", "TS"),
        ("KH", "2D", "2C", "7D"),
        ("2S", "3D", "3C", "8D"),
        ("3S", "4D", "4C", "9D"),
        ("4S", "5D", "5C", "TD"),
        ("5S", "6D", "6C", "7C"),
    ]:
        play_trick(game, *cards)
    hand = game.history[-1]
    assert hand.score == (0, 4), "East-West: High, Low (West's two), Jack and Game"

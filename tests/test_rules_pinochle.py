"""Partnership Auction Pinochle (Bicycle's Partnership Auction Pinochle and Partnership Pinochle pages, Britannica's
Partnership Pinochle for the play): one test per rule sentence of the sources, played through `Game` or scored
through the same path as a played hand, and one hand traced by hand."""

from __future__ import annotations

import pytest

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules
from trickbook.book.scenario import Scenario, evaluate

RULES = "pinochle"
NORTH, EAST, SOUTH, WEST = range(4)
BIDS = [f"bid {value}" for value in range(100, 1001, 10)]


def pinochle(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def test_the_pack_holds_two_of_each_ace_ten_king_queen_jack_and_nine() -> None:
    """ "The 48-card Pinochle pack is used." "Rank of Cards. A (high), 10, K, Q, J, 9." """
    deck = pinochle().deck
    assert deck.size == 48 and deck.copies == 2
    assert [rank.code for rank in reversed(deck.faces)] == ["A", "T", "K", "Q", "J", "9"]
    assert sorted(set(deck.codes)) == sorted(f"{r}{s}" for r in "ATKQJ9" for s in "SHCD")


def test_of_duplicate_cards_in_a_trick_the_one_played_first_wins() -> None:
    """ "If duplicate cards are played to the same trick, the one played first ranks higher." """
    game = stacked_game(pinochle(), {EAST: "AS KS", SOUTH: "AS QS", WEST: "9S JS", NORTH: "9S"}, dealer=NORTH)
    act(game, "bid 100", "pass", "pass", "pass", "trump H")
    assert play_trick(game, "AS", "AS", "9S", "9S") == EAST


def test_twelve_cards_each_and_no_trump_card_turned() -> None:
    """ "Twelve cards are dealt to each player, but a trump card is not turned." """
    game = Game(pinochle(), seed=4, dealer=NORTH)
    assert [len(game.hand(s)) for s in range(4)] == [12] * 4
    assert game.view(SOUTH).exposed == () and game.phase == "bidding"


def test_the_auction_starts_on_the_dealers_left_from_100_in_tens() -> None:
    """ "Each player in turn, beginning on the dealer's left, may either bid or pass. The lowest bid is 100. ...
    Bids are made in multiples of 10 points." """
    game = Game(pinochle(), seed=4, dealer=NORTH)
    assert game.turn == EAST
    assert legal(game) == ["pass", *BIDS]


def test_each_bid_is_higher_than_the_last_and_a_pass_is_final() -> None:
    """ "When a player has passed, he may no longer bid; however, until then, he may bid each time it is his turn,
    provided the bid is higher than the last previous bid." """
    game = Game(pinochle(), seed=4, dealer=NORTH)
    act(game, "bid 150", "pass")
    assert game.turn == WEST and legal(game) == ["pass", *BIDS[6:]]
    act(game, "bid 200", "pass", "bid 210")
    assert game.turn == WEST, "South passed, so the auction goes from East to West"
    act(game, "pass")
    assert game.declarer == EAST and game.phase == "trump"


def test_the_highest_bidder_names_any_suit_as_trump() -> None:
    """ "The highest bidder names any suit as trump" """
    game = Game(pinochle(), seed=4, dealer=NORTH)
    act(game, "pass", "bid 120", "pass", "pass")
    assert game.turn == SOUTH and sorted(legal(game)) == ["trump C", "trump D", "trump H", "trump S"]


def test_the_player_on_the_dealers_left_leads_whoever_bid() -> None:
    """ "... with the player on the dealer's left leading first, no matter who made the highest bid." """
    game = Game(pinochle(), seed=4, dealer=NORTH)
    act(game, "pass", "pass", "bid 300", "pass", "trump S")
    assert game.declarer == WEST and game.phase == "play" and game.turn == EAST


def test_when_all_pass_the_dealer_must_bid_and_with_the_option_the_hand_is_thrown_in() -> None:
    """Decision (Bicycle is silent; Britannica makes the dealer's left open instead): the dealer, last to speak,
    must bid; the `all_pass` option deals again."""
    game = Game(pinochle(), seed=4, dealer=NORTH)
    act(game, "pass", "pass", "pass")
    assert game.turn == NORTH and legal(game) == BIDS
    redeal = Game(pinochle(all_pass="redeal"), seed=4, dealer=NORTH)
    act(redeal, "pass", "pass", "pass", "pass")
    assert redeal.hand_number == 2 and redeal.dealer == EAST


def test_following_suit_a_player_must_head_the_trick_and_trump_when_void() -> None:
    """Britannica: "Each player must follow the suit led or, if unable to follow a nontrump suit, must play a trump
    if able"; Decision, Britannica's variation: "players must always top previous cards", so beat the trick when
    following and overtrump when trumping, if able (the `heading` option: Britannica's main rule)."""
    hands = {EAST: "QS AD", SOUTH: "KS JS 9D", WEST: "9H KH KC", NORTH: "AS 9S AH"}
    game = stacked_game(pinochle(), hands, dealer=NORTH)
    act(game, "bid 100", "pass", "pass", "pass", "trump H", "QS")
    assert "KS" in legal(game) and "JS" not in legal(game), "South must beat the queen"
    act(game, "KS")
    assert legal(game) == ["9H", "KH"], "West, void in spades, must trump"
    act(game, "9H")
    assert {"9S", "AS"} <= set(legal(game)), "once the trick is trumped, North follows with any spade"
    free = stacked_game(pinochle(heading="free"), hands, dealer=NORTH)
    act(free, "bid 100", "pass", "pass", "pass", "trump H", "QS")
    assert {"KS", "JS"} <= set(legal(free)), "under the free option South may play under the queen"


def score(took: list[list[str]], tricks: list[int], dealt: list[list[str]], bid: int, last: int = EAST) -> tuple:
    """The hand's score when North dealt, East bid `bid` and named hearts."""
    scenario = Scenario(
        dealer=NORTH,
        declarer=EAST,
        bids=[None, bid, None, None],
        trump="H",
        tricks=tricks,
        took=took,
        dealt=dealt,
        last_trick=last,
    )
    return evaluate(pinochle(), scenario).score.sides


SUITS = [["S"], ["H"], ["C"], ["D"]]


def test_a_side_that_wins_any_trick_counts_both_partners_melds() -> None:
    """ "A side that wins any trick may count the melds of both partners." """
    melds = [["AS", "AH", "AC", "AD"], [], ["KS", "QS"], []]
    assert score(SUITS, [3, 3, 3, 3], melds, 100) == (120 + 100 + 20, 130)
    assert score(SUITS, [0, 6, 6, 0], melds, 100) == (120 + 100 + 20, 130), "South's tricks save North's aces"
    assert score([[], ["H", "S"], [], ["C", "D"]], [0, 6, 0, 6], melds, 100) == (0, 250)


def test_the_bidders_score_all_they_made_when_they_reach_the_bid_in_melds_and_cards() -> None:
    """ "If the bidding side, in melds and cards, scores at least the amount of its bid, it scores all the points it
    has made." East-West: 120 card points, the last trick's 10 and East's run (150): 280."""
    run = [[], ["AH", "TH", "KH", "QH", "JH"], [], []]
    assert score(SUITS, [3, 3, 3, 3], run, 280) == (120, 280)
    assert score(SUITS, [3, 3, 3, 3], run, 130) == (120, 280)


def test_the_bid_is_deducted_when_the_bidders_fall_short_even_below_zero() -> None:
    """ "If it scores less than its bid, the amount of the bid is deducted from its score, even if it causes that
    side to have a net minus score." """
    run = [[], ["AH", "TH", "KH", "QH", "JH"], [], []]
    assert score(SUITS, [3, 3, 3, 3], run, 290) == (120, -290)


def test_the_non_bidding_side_always_scores_all_it_makes() -> None:
    """ "The non-bidding side always scores all the points it makes." """
    aces = [["AS", "AH", "AC", "AD"], [], [], []]
    assert score(SUITS, [3, 3, 3, 3], aces, 500) == (220, -500)
    assert score(SUITS, [3, 3, 3, 3], aces, 100) == (220, 130)


@pytest.mark.parametrize(
    ("totals", "bid", "after", "winner"),
    [
        ((900, 950), 100, (1030, 950), (NORTH, SOUTH)),
        ((990, 950), 300, (690, 1070), (EAST, WEST)),
        ((800, 700), 100, (930, 820), None),
    ],
)
def test_the_first_side_to_1000_wins_the_bidders_counted_first(
    totals: tuple[int, int], bid: int, after: tuple[int, int], winner: tuple[int, int] | None
) -> None:
    """ "The first side to reach 1,000 points wins the game. There is no declaring out, since the score of the
    bidding side is always counted first, and both sides cannot reach 1,000 on the same hand." Britannica: if the
    bidding side reaches the target, "they win, and the opponents add nothing to their score." North-South bid
    and take 120 card points and the last trick; East-West 120."""
    scenario = Scenario(
        dealer=EAST,
        declarer=NORTH,
        bids=[bid, None, None, None],
        trump="H",
        totals=list(totals),
        tricks=[3, 3, 3, 3],
        took=SUITS,
        last_trick=NORTH,
    )
    outcome = evaluate(pinochle(), scenario)
    assert outcome.totals == after
    assert outcome.winner == winner


def test_a_hand_traced_by_hand() -> None:
    """North deals each player one suit whole. East, first to speak, bids 100, the others pass, and East names
    hearts. East leads (the dealer's left) an ace of hearts; nobody can follow or trump, and East leads hearts
    to all twelve tricks. East-West take every card: 240 card points and the last trick's 10. East holds the run
    twice (1,500) and both nines of trump (10 each); West both kings and queens of diamonds (two marriages, 20
    each): 1,560 in melds. North-South win no trick, so North's and South's marriages do not count. East-West
    score 1,810 and pass 1,000: they win."""
    hands = {
        NORTH: "AC AC TC TC KC KC QC QC JC JC 9C 9C",
        EAST: "AH AH TH TH KH KH QH QH JH JH 9H 9H",
        SOUTH: "AS AS TS TS KS KS QS QS JS JS 9S 9S",
        WEST: "AD AD TD TD KD KD QD QD JD JD 9D 9D",
    }
    game = stacked_game(pinochle(), hands, dealer=NORTH)
    act(game, "bid 100", "pass", "pass", "pass", "trump H")
    assert game.turn == EAST
    for lead in ["AH", "AH", "TH", "TH", "KH", "KH", "QH", "QH", "JH", "JH", "9H", "9H"]:
        assert legal(game) == [lead] if lead == "9H" else lead in legal(game)
        followers = [game.rules.deck.codes[game.view(s).hand[0]] for s in (SOUTH, WEST, NORTH)]
        assert play_trick(game, lead, *followers) == EAST
    hand = game.history[0]
    assert hand.tricks_won == (0, 12, 0, 0)
    assert hand.score == (0, 250 + 1500 + 20 + 40)
    assert game.is_over() and game.winner == (EAST, WEST)

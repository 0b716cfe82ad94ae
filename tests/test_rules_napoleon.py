"""Napoleon (the rules of Wikipedia's "Napoleon (card game)" and Britannica's "Nap"): one test per rule sentence of
the source, played through `Game` or scored through the same path as a played hand, and one hand traced by hand."""

from __future__ import annotations

from helpers import act, legal, rules, stacked_game
from trickbook import Game, Rules
from trickbook.book.scenario import Scenario, evaluate

RULES = "napoleon"


def napoleon(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def score(declarer: int, bid: int, tricks: list[int], ruleset: Rules | None = None) -> tuple[int, ...]:
    """The hand's points per seat when `declarer` bid `bid` and the seats took `tricks`."""
    table = ruleset or napoleon()
    bids: list[int | None] = [None] * table.seats
    bids[declarer] = bid
    scenario = Scenario(declarer=declarer, bids=bids, tricks=tricks, seat_totals=[0] * table.seats)
    return evaluate(table, scenario).score.seats


def test_a_full_pack_five_cards_each() -> None:
    """ "A standard 52 card pack is used ... The dealer deals five cards to each player." """
    table = napoleon()
    assert table.deck.size == 52 and not table.seating.has_sides
    game = Game(table, seed=3)
    assert [len(game.hand(s)) for s in range(4)] == [5, 5, 5, 5]


def test_two_to_six_players_as_a_table_option() -> None:
    """ "Nap is played with 2-7 players" (Decision: 2 to 6 here, the option `players`)."""
    for count in ("2", "3", "5", "6"):
        table = napoleon(players=count)
        assert table.seats == int(count)
        assert [len(Game(table, seed=1).hand(s)) for s in range(table.seats)] == [5] * table.seats


def test_one_bid_each_from_the_dealers_left_higher_than_the_last() -> None:
    """ "The bidding starts with the player to dealer's left, and goes clockwise round to end with the dealer. Each
    player is allowed only one bid and it must be higher than the preceding bid (or a pass)." """
    game = Game(napoleon(), seed=2, dealer=0)
    assert game.turn == 1
    assert legal(game) == ["pass", "bid 2", "bid 3", "bid 4", "bid 5"]
    act(game, "bid 3")
    assert game.turn == 2 and legal(game) == ["pass", "bid 4", "bid 5"]
    act(game, "pass", "bid 4", "pass")
    assert game.declarer == 3


def test_nap_is_the_highest_bid_and_ends_the_bidding() -> None:
    """ "Nap - the bidder undertakes to win all five tricks." """
    game = Game(napoleon(), seed=2, dealer=0)
    act(game, "bid 5")
    assert game.declarer == 1


def test_when_every_player_passes_the_hand_is_thrown_in() -> None:
    """Decision: Britannica's "If all hands pass, the dealer bids 1" is below the lowest bid; the hand is thrown in."""
    game = Game(napoleon(), seed=2, dealer=0)
    act(game, "pass", "pass", "pass", "pass")
    assert game.history[0].cancelled


def test_the_high_bidder_leads_and_that_suit_is_trump() -> None:
    """ "The high bidder makes the opening lead, and the suit of this lead becomes trump." """
    game = stacked_game(napoleon(), {1: "2H AS KS QS JS", 2: "AH 3C 4C 5C 6C", 3: "7D", 0: "8D"}, dealer=0)
    act(game, "bid 3", "pass", "pass", "pass")
    assert game.turn == 1
    act(game, "2H")
    assert game.trump == game.rules.deck.suit_index("H")


def test_suit_must_be_followed() -> None:
    """ "The hands are played out in tricks with clockwise rotation ... players must follow suit if able." """
    game = stacked_game(napoleon(), {1: "2H AS KS QS JS", 2: "AH 3C 4C 5C 6C", 3: "7D", 0: "8D"}, dealer=0)
    act(game, "bid 3", "pass", "pass", "pass", "AS")
    assert set(legal(game)) == {"AH", "3C", "4C", "5C", "6C"}, "no spade: any card"


def test_a_bid_made_wins_its_number_from_each_opponent() -> None:
    """ "If the bidder fulfills the contract, he collects chips equal to the number bid from each player." """
    assert score(0, 3, [3, 1, 1, 0]) == (9, -3, -3, -3)
    assert score(1, 2, [0, 4, 1, 0]) == (-2, 6, -2, -2), "more tricks than bid win no more"


def test_a_bid_failed_pays_its_number_to_each() -> None:
    """ "If he loses, he pays that many." """
    assert score(2, 4, [1, 0, 3, 1]) == (4, 4, -12, 4)


def test_nap_wins_ten_and_loses_five() -> None:
    """ "A nap bid, however, is worth 10 if accomplished but costs only 5 if it fails." """
    assert score(3, 5, [0, 0, 0, 5]) == (-10, -10, -10, 30)
    assert score(0, 5, [4, 1, 0, 0]) == (-15, 5, 5, 5)
    assert score(0, 5, [4, 1, 0, 0], napoleon(nap_loss="10")) == (-30, 10, 10, 10)


def test_the_stake_counts_once_per_opponent() -> None:
    """Decision: points per seat, the bidder's stake times the number of opponents, each opponent the opposite."""
    assert score(4, 2, [1, 1, 1, 0, 2], napoleon(players="5")) == (-2, -2, -2, -2, 8)
    assert score(0, 4, [4, 1], napoleon(players="2")) == (4, -4)


def test_the_lowest_bid_option() -> None:
    """Decision: "Three" is the lowest of Wikipedia's bids and "Two" a variation; option `lowest`."""
    game = Game(napoleon(lowest="3"), seed=2, dealer=0)
    assert legal(game) == ["pass", "bid 3", "bid 4", "bid 5"]


def test_the_match_ends_after_four_deals_each() -> None:
    """Decision: the pages play for stakes; here the highest total after four deals each wins."""

    def after(hand: int) -> Scenario:
        return Scenario(
            declarer=0, bids=[2, None, None, None], tricks=[2, 1, 1, 1], seat_totals=[5, 1, 0, -6], hand_number=hand
        )

    assert evaluate(napoleon(), after(16)).winner == (0,)
    assert evaluate(napoleon(), after(15)).winner is None


def test_a_hand_traced_by_hand() -> None:
    """Dealer North. East bids three, South four, West and North pass: South leads the ace of hearts (hearts are
    trump) and takes the ace, king and queen of hearts and the ace of clubs, East the last trick with the ace of
    spades: four tricks made, South wins 4 from each of the three others."""
    hands = {1: "AS 2C 3C 4C 5C", 2: "AH KH QH AC 2S", 3: "6C 7C 8C 9C TC", 0: "2D 3D 4D 5D 6D"}
    game = stacked_game(napoleon(), hands, dealer=0)
    act(game, "bid 3", "bid 4", "pass", "pass")
    assert game.declarer == 2
    act(game, "AH", "6C", "2D", "2C")
    act(game, "KH", "7C", "3D", "3C")
    act(game, "QH", "8C", "4D", "4C")
    act(game, "AC", "9C", "5D", "5C")
    act(game, "2S", "TC", "6D", "AS")
    assert game.seat_totals == (-4, -4, 12, -4)

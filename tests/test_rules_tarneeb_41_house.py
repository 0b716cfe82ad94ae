"""Tarneeb 41 with house rules (`tarneeb-41-house`): one test per house rule, played through `Game` or scored
through the same path as a played hand; the rest of the game is Tarneeb 41's and tested there."""

from __future__ import annotations

from helpers import EAST_WEST, NORTH_SOUTH, act, legal, played, rules, stacked_game
from trickbook import Game, Rules
from trickbook.book.scenario import Scenario, evaluate

RULES = "tarneeb-41-house"


def house(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def after_bid(ruleset: Rules, hands: dict[int, str], trump: str = "H") -> Game:
    """Dealer East (1): North (0) speaks first counter-clockwise, bids 7, the rest pass, North names trump."""
    game = stacked_game(ruleset, hands, dealer=1)
    act(game, "bid 7", "pass", "pass", "pass", f"trump {trump}")
    return game


def test_when_trump_is_led_each_player_must_play_a_higher_trump_if_able() -> None:
    """House rule: must overtrump, read as raising a trump lead."""
    game = after_bid(house(), {0: "5H", 3: "3H 9H QH 2C"})
    act(game, "5H")
    assert game.turn == 3 and legal(game) == ["9H", "QH"]


def test_a_player_without_a_higher_trump_plays_any_trump_on_a_trump_lead() -> None:
    game = after_bid(house(), {0: "5H", 3: "2H 3H 2C"})
    act(game, "5H")
    assert legal(game) == ["2H", "3H"], "following suit still binds"


def test_a_void_player_need_not_trump_a_plain_lead_by_default() -> None:
    game = after_bid(house(), {0: "5S", 3: "3H 9H 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"})
    act(game, "5S")
    assert set(legal(game)) == {"3H", "9H", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"}


def test_with_overtrump_a_void_player_must_trump_above_the_trick() -> None:
    game = after_bid(house(overtrump="overtrump"), {0: "5S", 3: "7H", 2: "3H 9H 2C"})
    act(game, "5S", "7H")
    assert game.turn == 2 and legal(game) == ["9H"]


def test_with_overtrump_off_the_trump_lead_binds_only_to_follow_suit() -> None:
    game = after_bid(house(overtrump="off"), {0: "5H", 3: "3H 9H QH 2C"})
    act(game, "5H")
    assert legal(game) == ["3H", "9H", "QH"]


def outcome(ruleset: Rules, bid: int, took: int, totals: tuple[int, int], played: int = 1, number: int = 0):  # type: ignore[no-untyped-def]
    """East (1) declares `bid` and East-West take `took` tricks in the match's `played`th played hand, hand
    `number` (by default the same: no hand thrown in)."""
    scenario = Scenario(
        tricks=[13 - took, took, 0, 0],
        bids=[None, bid, None, None],
        declarer=1,
        totals=totals,
        hand_number=number or played,
        hands_played=played,
    )
    return evaluate(ruleset, scenario)


def test_a_made_bid_of_13_wins_the_match_at_once_whatever_the_totals() -> None:
    made = outcome(house(), 13, 13, (35, -20))
    assert made.totals == (35, 6) and made.winner == EAST_WEST


def test_thirteen_tricks_on_a_lower_bid_do_not_win_the_match() -> None:
    assert outcome(house(), 9, 13, (35, -20)).winner is None


def test_with_thirteen_wins_off_a_made_13_only_scores() -> None:
    assert outcome(house(thirteen_wins="off"), 13, 13, (35, -20)).winner is None


def test_a_hand_of_13_made_ends_a_played_match_at_once() -> None:
    """One hand traced by hand: North holds every spade, bids 13, names spades and leads them; the others have no
    spade, so North takes all thirteen tricks: +26, and the match is over after this single hand."""
    hearts, diamonds, clubs = ("".join(f"{r}{s} " for r in "23456789TJQKA").split() for s in "HDC")
    hands = {0: " ".join(f"{r}S" for r in "23456789TJQKA"), 1: " ".join(hearts), 2: " ".join(diamonds)}
    game = stacked_game(house(), hands, dealer=1)
    act(game, "bid 13", "trump S")
    while not game.is_over():
        game.apply(game.default_action())
    hand = game.history[-1]
    assert len(game.history) == 1 and hand.tricks_won == (13, 0, 0, 0)
    assert hand.score == (26, 0) and game.winner == NORTH_SOUTH
    assert clubs and set(game.hand(3)) == set(), "West played its clubs away"


def test_ten_hand_match_ends_after_the_tenth_played_hand_with_the_higher_total() -> None:
    after = outcome(house(hands="10"), 7, 8, (20, 10), played=10)
    assert after.totals == (20, 18) and after.winner == NORTH_SOUTH
    assert outcome(house(hands="10"), 7, 8, (20, 10), played=9, number=10).winner is None, "one hand thrown in"


def test_ten_hand_match_41_does_not_end_it_and_equal_totals_play_on() -> None:
    assert outcome(house(hands="10"), 7, 8, (45, 10), played=5).winner is None
    assert outcome(house(hands="10"), 7, 8, (18, 10), played=10).winner is None, "18 and 18"


def test_ten_hand_match_a_made_13_still_wins_at_once() -> None:
    assert outcome(house(hands="10"), 13, 13, (60, 0), played=10).winner == EAST_WEST


def test_a_played_ten_hand_match_lasts_ten_played_hands_unless_13_is_made() -> None:
    for seed in range(3):
        game = played(Game(house(hands="10"), seed, hand_cap=30), seed)
        hands = [h for h in game.history if not h.cancelled]
        last = hands[-1]
        swept = any(h.contract[h.declarer % 2] == 13 and h.score[h.declarer % 2] == 26 for h in hands)
        assert game.winner is not None
        assert swept or (len(hands) >= 10 and last.totals[0] != last.totals[1])
        assert swept or len(hands) == 10 or hands[9].totals[0] == hands[9].totals[1]


def test_with_doubling_the_defenders_may_double_and_a_doubled_hand_scores_twice() -> None:
    """House rule (option `doubling`): after trump the defenders may double a contract below 13, and the
    declarers redouble; the scores count twice or four times."""
    game = stacked_game(house(doubling="on"), {}, dealer=1)
    act(game, "bid 8", "pass", "pass", "pass", "trump S")
    assert game.phase == "doubling" and legal(game) == ["pass", "double"]
    act(game, "double", "pass", "pass")
    assert game.phase == "play"
    scenario = Scenario(tricks=[6, 7, 0, 0], bids=[None, 8, None, None], declarer=1, doubled=1)
    assert evaluate(house(doubling="on"), scenario).score.sides == (12, -16), "East-West doubled, one down"


def test_a_bid_of_13_cannot_be_doubled() -> None:
    game = stacked_game(house(doubling="on"), {}, dealer=1)
    act(game, "bid 13", "trump S")
    assert game.phase == "play"

"""SEED-RULES.md section 2, Tarneeb 41: every rule sentence, under both trump options and both rules versions."""

from __future__ import annotations

import pytest

from helpers import EAST_WEST, NORTH_SOUTH, act, legal, play_trick, rules, stacked_game
from trickbook import Game
from trickbook.book.scenario import Scenario, evaluate
from trickbook.errors import Location
from trickbook.record.replay import RulesetCache, replay_record
from trickbook.record.writer import match_record

KOUZ = (("trump", "kouz-moving"),)
KUBBA = (("trump", "kubba"),)
BOTH_OPTIONS = pytest.mark.parametrize("options", [KOUZ, KUBBA], ids=["kouz-moving", "kubba"])


def t41(options: tuple = KOUZ, version: int | None = None):  # type: ignore[no-untyped-def]
    return rules("tarneeb-41", options, version)


def score(
    bid: int, took: int, *, options: tuple = KOUZ, version: int | None = None, captured: bool = False, totals=(0, 0)
):  # type: ignore[no-untyped-def]
    """Seat 0 declares `bid` and North-South take `took`; optionally seat 1 (East) captured K♥ with the trump ace."""
    tricks = [took, 13 - took, 0, 0]
    events = {"king_captured": [0, 1, 0, 0]} if captured else {}
    scenario = Scenario(tricks=tricks, bids=[bid, None, None, None], declarer=0, totals=totals, events=events)
    return evaluate(t41(options, version), scenario)


def test_direction_is_counter_clockwise_bidding_starts_after_the_dealer() -> None:
    game = stacked_game(t41(), {}, dealer=1)
    assert game.turn == 0
    act(game, "pass")
    assert game.turn == 3


@BOTH_OPTIONS
def test_auction_bid_7_to_13_strictly_higher_or_pass_permanently(options: tuple) -> None:
    game = stacked_game(t41(options), {}, dealer=0)
    assert legal(game) == ["pass", "bid 7", "bid 8", "bid 9", "bid 10", "bid 11", "bid 12", "bid 13"]
    act(game, "bid 9", "pass")
    assert legal(game) == ["pass", "bid 10", "bid 11", "bid 12", "bid 13"]
    act(game, "bid 10", "pass", "pass")
    assert game.turn == 1, "seat 2 passed and is skipped"


@BOTH_OPTIONS
def test_auction_ends_when_all_but_one_have_passed(options: tuple) -> None:
    game = stacked_game(t41(options), {}, dealer=0)
    act(game, "pass", "bid 8", "pass", "pass")
    assert game.phase in ("trump", "play")
    assert game.turn == 2


@BOTH_OPTIONS
def test_auction_ends_when_13_has_been_bid(options: tuple) -> None:
    game = stacked_game(t41(options), {}, dealer=0)
    act(game, "bid 13")
    assert game.phase in ("trump", "play") and game.turn == 3


@BOTH_OPTIONS
def test_all_four_pass_redeal_by_the_same_dealer_and_the_redealt_hand_scores_nothing(options: tuple) -> None:
    game = stacked_game(t41(options), {}, dealer=2)
    act(game, "pass", "pass", "pass")
    assert game.turn == 2, "after three passes the dealer may still bid"
    act(game, "pass")
    cancelled = game.history[0]
    assert cancelled.cancelled and cancelled.score == (0, 0) and game.totals == (0, 0)
    assert game.hand_number == 2 and game.dealer == 2


@BOTH_OPTIONS
def test_the_highest_bidder_leads_the_first_trick(options: tuple) -> None:
    game = stacked_game(t41(options), {}, dealer=0)
    act(game, "pass", "bid 8", "pass", "pass")
    if game.phase == "trump":
        act(game, "trump S")
    assert game.phase == "play" and game.turn == 2


def test_kouz_moving_is_the_default_option() -> None:
    assert dict(rules("tarneeb-41").options) == {"trump": "kouz-moving"}


def test_kouz_moving_highest_bidder_chooses_trump_among_the_four_suits_each_hand() -> None:
    game = stacked_game(t41(KOUZ), {}, dealer=0)
    act(game, "bid 7", "pass", "pass", "pass")
    assert game.phase == "trump" and game.turn == 3
    assert sorted(legal(game)) == ["trump C", "trump D", "trump H", "trump S"]
    act(game, "trump C")
    assert game.trump == game.rules.deck.suit_index("C")


def test_kubba_hearts_are_trump_every_hand_and_the_highest_bidder_leads_at_once() -> None:
    game = stacked_game(t41(KUBBA), {}, dealer=0)
    assert game.trump == game.rules.deck.suit_index("H")
    act(game, "bid 7", "pass", "pass", "pass")
    assert game.phase == "play" and game.turn == 3
    assert not any(t.startswith("trump") for t in legal(game))


def test_bidding_and_scoring_are_the_same_under_both_options() -> None:
    kouz, kubba = t41(KOUZ), t41(KUBBA)
    assert kouz.bidding.min == kubba.bidding.min and kouz.bidding.max == kubba.bidding.max
    assert [r.points.source for r in kouz.scoring.rules] == [r.points.source for r in kubba.scoring.rules]
    for bid, took in [(7, 9), (8, 7), (13, 13), (13, 12), (9, 13)]:
        assert score(bid, took, options=KOUZ).score.sides == score(bid, took, options=KUBBA).score.sides


@BOTH_OPTIONS
def test_scoring_bid_below_13_made_scores_tricks_taken(options: tuple) -> None:
    assert score(8, 10, options=options).score.sides == (10, 0)


@BOTH_OPTIONS
def test_scoring_bid_below_13_all_13_tricks_scores_16(options: tuple) -> None:
    assert score(9, 13, options=options).score.sides == (16, 0)


@BOTH_OPTIONS
def test_scoring_bid_below_13_failed_loses_the_bid_defenders_score_tricks(options: tuple) -> None:
    assert score(8, 7, options=options).score.sides == (-8, 6)


@BOTH_OPTIONS
def test_scoring_bid_13_made_scores_26(options: tuple) -> None:
    assert score(13, 13, options=options).score.sides == (26, 0)


@BOTH_OPTIONS
def test_scoring_bid_13_failed_loses_16_defenders_score_twice_their_tricks(options: tuple) -> None:
    assert score(13, 10, options=options).score.sides == (-16, 6)


def _capture_game(options: tuple, version: int | None, trick: list[str], hands: dict[int, str]) -> Game:
    """Dealer 0; seat 3 declares 7 and names spades (under kouz moving), then `trick` is played from seat 3."""
    game = stacked_game(t41(options, version), hands, dealer=0)
    act(game, "bid 7", "pass", "pass", "pass")
    if game.phase == "trump":
        act(game, "trump S")
    play_trick(game, *trick)
    return game


VOID_HEARTS = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"


def _king_captures(game: Game) -> list[int]:
    while not game.history:
        game.apply(game.default_action())
    index = [e.name for e in game.rules.events].index("king_captured")
    return list(game.history[0].events[index])


@pytest.mark.parametrize(
    ("options", "trick", "hands"),
    [
        (KOUZ, ["KH", "AS", "2H", "3H"], {3: "KH", 2: VOID_HEARTS, 1: "2H", 0: "3H"}),
        (KUBBA, ["KH", "AH", "2H", "3H"], {3: "KH", 2: "AH", 1: "2H", 0: "3H"}),
    ],
    ids=["kouz-moving: ace of the chosen suit", "kubba: ace of hearts"],
)
def test_king_of_hearts_then_the_trump_ace_by_an_opponent_in_the_same_trick_is_credited_to_the_ace(
    options: tuple, trick: list[str], hands: dict[int, str]
) -> None:
    game = _capture_game(options, 2, trick, hands)
    assert game.tricks_won == (0, 0, 1, 0), "the trick still counts as one trick"
    assert _king_captures(game) == [0, 0, 1, 0]


def test_no_bonus_event_if_the_king_came_from_the_ace_players_partner() -> None:
    game = _capture_game(KOUZ, 2, ["2H", "KH", "3H", "AS"], {3: "2H", 2: "KH", 1: "3H", 0: VOID_HEARTS})
    assert _king_captures(game) == [0, 0, 0, 0]


def test_the_king_from_either_opponent_counts() -> None:
    game = _capture_game(KOUZ, 2, ["KH", "2H", "3H", "AS"], {3: "KH", 2: "2H", 1: "3H", 0: VOID_HEARTS})
    assert _king_captures(game) == [1, 0, 0, 0]


def test_no_bonus_event_if_the_ace_was_played_before_the_king() -> None:
    game = _capture_game(KUBBA, 2, ["AH", "KH", "2H", "3H"], {3: "AH", 2: "KH", 1: "2H", 0: "3H"})
    assert _king_captures(game) == [0, 0, 0, 0]


def test_no_bonus_event_if_king_and_ace_fell_in_different_tricks() -> None:
    hands = {3: "KH QD", 2: "2H AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", 1: "3H 2D", 0: "4H 3D"}
    game = _capture_game(KUBBA, 2, ["KH", "2H", "3H", "4H"], hands)
    assert play_trick(game, "QD", "AH", "2D", "3D") == 2
    assert _king_captures(game) == [0, 0, 0, 0]


@BOTH_OPTIONS
def test_bonus_plus_5_only_if_the_capturing_sides_base_score_is_positive(options: tuple) -> None:
    failed = score(9, 7, options=options, captured=True)
    assert failed.score.sides == (-9, 6 + 5)
    made = score(8, 9, options=options, captured=True)
    assert made.score.sides == (9, 0), "East-West captured but scored 0: no bonus"


def test_bonus_counts_after_doubling() -> None:
    outcome = score(13, 11, captured=True)
    assert outcome.score.sides == (-16, 2 * 2 + 5)


@BOTH_OPTIONS
def test_version_1_has_no_king_of_hearts_bonus(options: tuple) -> None:
    version1 = t41(options, 1)
    assert not version1.events
    assert [r.name for r in version1.scoring.rules] == ["declarers", "defenders"]
    assert score(9, 7, options=options, version=1).score.sides == (-9, 6)


def test_version_2_is_the_default_for_new_matches() -> None:
    assert rules("tarneeb-41").version == 2


def test_a_resumed_match_keeps_the_version_it_was_created_with() -> None:
    game = Game(t41(KOUZ, 1), seed=4)
    while len(game.history) < 3:
        game.apply(game.legal_actions()[-1] if game.phase == "bidding" else game.default_action())
    record = match_record(game)
    assert record["ruleset"]["version"] == 1
    resumed = replay_record(record, Location("saved.json", 1, 1), RulesetCache())
    assert resumed.rules.version == 1 and not resumed.rules.events
    assert resumed.state_key() == game.state_key()


def test_match_end_first_side_to_reach_41_wins() -> None:
    assert score(7, 9, totals=(35, 40)).winner == NORTH_SOUTH
    assert score(7, 6, totals=(35, 35)).winner == EAST_WEST
    assert score(7, 7, totals=(30, 40)).winner is None


def test_decision_both_at_41_higher_total_wins_equal_totals_play_on() -> None:
    both = evaluate(t41(), Scenario(tricks=[7, 6, 0, 0], bids=[7, None, None, None], declarer=0, totals=(40, 45)))
    assert both.totals == (47, 45) and both.winner == NORTH_SOUTH
    equal = evaluate(t41(), Scenario(tricks=[7, 6, 0, 0], bids=[7, None, None, None], declarer=0, totals=(38, 45)))
    assert equal.totals == (45, 45) and equal.winner is None


def test_dealer_moves_to_the_next_player_counter_clockwise_after_a_scored_hand() -> None:
    game = stacked_game(t41(), {}, dealer=2)
    act(game, "bid 7", "pass", "pass", "pass", "trump S")
    while len(game.history) < 1:
        game.apply(game.default_action())
    assert game.dealer == 1


def test_no_no_trump_no_doubling_no_redeal_for_weak_hands() -> None:
    weak = "2S 3S 4S 5S 6S 2H 3H 4H 5H 2D 3D 4D 2C"
    game = stacked_game(t41(), {1: weak}, dealer=2)
    assert game.turn == 1
    assert legal(game) == ["pass", "bid 7", "bid 8", "bid 9", "bid 10", "bid 11", "bid 12", "bid 13"]
    act(game, "bid 7", "pass", "pass", "pass")
    assert sorted(legal(game)) == ["trump C", "trump D", "trump H", "trump S"]
    assert set(t41().actions.kinds) == {"play", "pass", "trump", "bid"}

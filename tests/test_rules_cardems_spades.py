"""SEED-RULES.md section 3, Cardems Spades to 500: one test per rule sentence and worked example."""

from __future__ import annotations

import pytest

from helpers import EAST_WEST, NORTH_SOUTH, act, legal, play_trick, rules, stacked_game
from trickbook.book.scenario import Scenario, evaluate
from trickbook.errors import IllegalAction

SPADES = "cardems-spades"


def score(bids: list, tricks: list[int], *, totals=(0, 0), bags=(0, 0)):  # type: ignore[no-untyped-def]
    return evaluate(rules(SPADES), Scenario(tricks=tricks, bids=bids, totals=totals, counters={"bags": bags}))


def bid_round(dealer: int, hands: dict[int, str] | None = None, bids=("bid 3", "bid 3", "bid 3", "bid 3")):  # type: ignore[no-untyped-def]
    game = stacked_game(rules(SPADES), hands or {}, dealer=dealer)
    act(game, *bids)
    return game


def test_direction_clockwise_deal_and_bidding_start_after_the_dealer() -> None:
    game = stacked_game(rules(SPADES), {}, dealer=3)
    seen = []
    for _ in range(4):
        seen.append(game.turn)
        act(game, "bid 3")
    assert seen == [0, 1, 2, 3]


def test_each_player_bids_exactly_once_nil_or_1_to_13() -> None:
    game = stacked_game(rules(SPADES), {}, dealer=0)
    assert legal(game) == [f"bid {n}" for n in range(1, 14)] + ["bid nil"]
    act(game, "bid 4", "bid nil", "bid 2", "bid 5")
    assert game.phase == "play"


def test_there_is_no_numeric_0_bid_no_pass_and_no_blind_nil() -> None:
    game = stacked_game(rules(SPADES), {}, dealer=0)
    for refused in ("bid 0", "pass"):
        with pytest.raises(IllegalAction):
            act(game, refused)
    assert [n.name for n in rules(SPADES).bidding.named] == ["nil"]


def test_partnership_contract_is_the_sum_of_both_partners_numeric_bids() -> None:
    game = bid_round(0, bids=("bid 4", "bid 2", "bid 3", "bid 5"))
    assert [game.rules.actions.text(m.action) for m in game.current_moves] == ["bid 4", "bid 2", "bid 3", "bid 5"]
    assert game.view(0).contract == (2 + 5, 4 + 3), "seat 1 bid 4, seat 3 bid 3; seat 2 bid 2, seat 0 bid 5"


def test_nil_counts_0_so_the_partners_number_is_the_contract() -> None:
    outcome = score(["nil", 2, 5, 3], [0, 4, 6, 3])
    assert outcome.score.sides == (50 + 1 + 100, 50 + 2)


def test_the_first_bidder_leads_the_first_trick() -> None:
    game = bid_round(2)
    assert game.phase == "play" and game.turn == 3


def test_spades_are_trump_every_hand_and_nobody_chooses() -> None:
    for dealer in range(4):
        game = stacked_game(rules(SPADES), {}, dealer=dealer)
        assert game.trump == game.rules.deck.suit_index("S"), "trump is known before anyone bids"
        act(game, "bid 3", "bid 3", "bid 3", "bid 3")
        assert game.phase == "play" and not any(t.startswith("trump") for t in legal(game))


def test_spades_may_not_be_led_until_broken() -> None:
    game = bid_round(3, {0: "AS KS 2H"})
    assert game.turn == 0
    assert "AS" not in legal(game) and "2H" in legal(game)
    with pytest.raises(IllegalAction) as refused:
        act(game, "AS")
    assert refused.value.rule == "lead restriction: not until broken"


def test_spades_may_be_led_unbroken_when_the_leader_holds_only_spades() -> None:
    all_spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    game = bid_round(3, {0: all_spades})
    assert sorted(legal(game)) == sorted(all_spades.split())


def test_spades_break_when_a_spade_is_played_to_a_trick_led_in_another_suit() -> None:
    void_hearts = "2S 3S 4S 5S 6S 7S 8S 9S TS 2D 3D 4D 5D"
    game = bid_round(3, {0: "2H AS KS", 1: void_hearts, 2: "3H", 3: "4H"})
    play_trick(game, "2H", "2S", "3H", "4H")
    assert game.turn == 1
    assert "3S" in legal(game), "spades are broken: seat 1 may lead them"


def test_decision_leading_spades_from_an_all_spade_hand_does_not_break_them() -> None:
    hands = {
        0: "AH AD AC 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
        1: "2H 2D 2C QS",
        2: "3H 3D 3C KS AS",
        3: "4H 4D 4C",
    }
    game = bid_round(3, hands)
    for suit in "HDC":
        assert play_trick(game, f"A{suit}", f"2{suit}", f"3{suit}", f"4{suit}") == 0
    assert sorted(legal(game)) == sorted(["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS"]), (
        "only spades left: may lead them"
    )
    act(game, "2S", "QS", "KS")
    game.apply(game.default_action())
    assert game.turn == 2
    assert "AS" not in legal(game), "spades were led, never broken: seat 2 still may not lead them"


def test_made_scores_10_per_contract_trick_plus_1_per_overtrick() -> None:
    outcome = score([3, 2, 4, 2], [4, 2, 4, 3])
    assert outcome.score.sides == (70 + 1, 40 + 1)


def test_each_overtrick_is_also_a_bag() -> None:
    assert score([3, 2, 4, 2], [4, 2, 4, 3]).counters["bags"] == (1, 1)


def test_failed_scores_minus_10_per_contract_trick_and_no_bags() -> None:
    outcome = score([5, 2, 4, 2], [4, 2, 4, 3])
    assert outcome.score.sides == (-90, 40 + 1)
    assert outcome.counters["bags"] == (0, 1)


def test_bags_accumulate_and_at_10_the_side_loses_100_and_10_bags_are_removed() -> None:
    outcome = score([3, 2, 3, 2], [5, 2, 4, 2], bags=(9, 0))
    assert outcome.score.sides == (60 + 3 - 100, 40)
    assert outcome.counters["bags"] == (2, 0)


def test_example_bags_9_plus_3_gives_minus_100_and_2_bags_left() -> None:
    outcome = score([3, 2, 3, 2], [5, 2, 4, 2], bags=(9, 0))
    assert outcome.counters["bags"][0] == 2
    assert ("bags", 0, -100) in [(line.rule, line.target, line.points) for line in outcome.score.lines]


def test_the_bag_penalty_repeats_while_10_or_more() -> None:
    outcome = score([1, 1, 1, 1], [6, 0, 6, 1], bags=(18, 0))
    assert outcome.counters["bags"] == (8, 0)
    assert outcome.score.sides[0] == 20 + 10 - 200


def test_each_nil_scores_plus_100_if_its_bidder_took_no_trick() -> None:
    assert score(["nil", 3, 4, 3], [0, 3, 5, 5]).score.sides == (100 + 40 + 1, 60 + 2)


def test_each_nil_scores_minus_100_if_its_bidder_took_a_trick_separately_from_the_contract() -> None:
    outcome = score(["nil", 3, 4, 3], [2, 3, 3, 5])
    assert outcome.score.sides == (-100 + 40 + 1, 60 + 2)


def test_decision_a_failed_nil_bidders_tricks_count_for_the_partners_contract_and_can_be_bags() -> None:
    outcome = score(["nil", 3, 4, 3], [3, 3, 2, 5])
    assert outcome.score.sides == (-100 + 40 + 1, 60 + 2)
    assert outcome.counters["bags"] == (1, 2)


def test_decision_both_partners_nil_contract_0_and_every_trick_they_take_is_a_bag() -> None:
    outcome = score(["nil", 4, "nil", 4], [1, 6, 2, 4])
    assert outcome.score.sides == (-100 - 100 + 3, 80 + 2)
    assert outcome.counters["bags"] == (3, 2)


def test_match_end_at_500_or_more_the_higher_total_wins() -> None:
    assert score([3, 3, 3, 3], [4, 3, 3, 3], totals=(480, 100)).winner == NORTH_SOUTH
    assert score([3, 3, 3, 3], [4, 3, 3, 3], totals=(470, 520)).winner == EAST_WEST


def test_match_end_equal_totals_at_500_or_more_play_on() -> None:
    outcome = score([3, 3, 3, 3], [3, 4, 3, 3], totals=(500, 499))
    assert outcome.totals == (560, 560) and outcome.winner is None


def test_no_lower_losing_limit() -> None:
    outcome = score([13, 1, 13, 1], [1, 1, 10, 1], totals=(-900, 0))
    assert outcome.totals[0] == -900 - 260 and outcome.winner is None


def test_dealer_moves_one_seat_clockwise_after_each_hand() -> None:
    game = stacked_game(rules(SPADES), {}, dealer=3)
    while len(game.history) < 2:
        game.apply(game.default_action())
    assert [h.dealer for h in game.history] == [3, 0] and game.dealer == 1

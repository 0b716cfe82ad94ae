"""FAMILY-RULES section 5, Contract Bridge: one test per rule sentence, played through `Game` (the worked
examples, auctions and scores, are the ruleset's own `examples:`, run by `check`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import EAST_WEST, NORTH_SOUTH, act, legal, played, rules, stacked_game
from trickbook import Game, Rules, load_ruleset
from trickbook.errors import IllegalAction, RulesetError

BRIDGE = "contract-bridge"


def bridge(**options: str) -> Rules:
    return rules(BRIDGE, tuple(sorted(options.items())))


def auction(*calls: str, dealer: int = 0, ruleset: Rules | None = None) -> Game:
    """A deal whose auction had these calls (a bid written as `1H`, which alone would be a card)."""
    game = stacked_game(ruleset or bridge(), {}, dealer=dealer)
    act(game, *(call if call in ("pass", "double", "redouble") else f"bid {call}" for call in calls))
    return game


def test_four_seats_in_two_partnerships_clockwise_thirteen_cards_each() -> None:
    ruleset = bridge()
    assert ruleset.seating.sides == (NORTH_SOUTH, EAST_WEST) and ruleset.seating.next_seat == (1, 2, 3, 0)
    assert [len(h) for h in Game(ruleset, seed=2).current_deal] == [13] * 4


@pytest.mark.parametrize("dealer", range(4))
def test_the_dealer_calls_first_then_clockwise(dealer: int) -> None:
    game = stacked_game(bridge(), {}, dealer=dealer)
    assert game.turn == dealer
    act(game, "pass")
    assert game.turn == (dealer + 1) % 4


def test_the_35_bids_rise_by_level_then_strain_and_each_must_beat_the_last() -> None:
    game = stacked_game(bridge(), {}, dealer=0)
    bids = [text for text in legal(game) if text != "pass"]
    assert len(bids) == 35 and bids[:6] == ["bid 1C", "bid 1D", "bid 1H", "bid 1S", "bid 1NT", "bid 2C"]
    assert bids[-1] == "bid 7NT"
    act(game, "bid 1NT")
    assert legal(game)[1] == "bid 2C", "after 1NT the lowest bid is 2C"
    with pytest.raises(IllegalAction, match="a bid must be higher than the last bid, 1NT, not 1♠"):
        act(game, "bid 1S")


def test_a_double_only_of_an_opponents_bid_and_a_redouble_only_of_an_opponents_double() -> None:
    game = auction("1H")
    assert "double" in legal(game) and "redouble" not in legal(game)
    act(game, "pass")
    assert "double" not in legal(game), "South may not double his partner's bid"
    act(game, "pass")
    act(game, "double")
    assert "redouble" in legal(game) and "double" not in legal(game)
    act(game, "pass")
    assert "redouble" not in legal(game), "East's side made the double"


def test_a_new_bid_cancels_a_double() -> None:
    game = auction("1H", "double", "1S", "pass", "pass", "pass")
    assert game.history == () and game.phase == "play"
    view = game.view(0)
    assert view.declarer == 2 and game.rules.actions.text(game.rules.actions.bid(view.contract[0])) != ""
    assert game.view(0).contract == (1, 0)


def test_four_passes_at_the_start_pass_the_deal_out_with_no_play_and_no_score() -> None:
    game = auction("pass", "pass", "pass", "pass")
    assert game.is_over() and game.history[0].cancelled and game.totals == (0, 0)


def test_three_passes_after_a_call_end_the_auction() -> None:
    game = auction("pass", "1C", "pass", "pass")
    assert game.phase == "bidding"
    act(game, "pass")
    assert game.phase == "play"


def test_the_declarer_is_the_first_of_the_side_to_bid_the_strain() -> None:
    game = auction("pass", "1S", "pass", "2S", "pass", "4S", "double", "pass", "pass", "pass")
    assert game.declarer == 1 and game.trump == game.rules.deck.suit_index("S")


def test_a_no_trump_contract_has_no_trump() -> None:
    game = auction("1C", "pass", "1NT", "pass", "3NT", "pass", "pass", "pass")
    assert game.declarer == 2 and game.trump < 0


def test_the_player_after_the_declarer_leads_then_the_dummy_is_shown_and_played_by_the_declarer() -> None:
    game = auction("1H", "pass", "pass", "pass")
    assert game.declarer == 0 and game.turn == 1, "East makes the opening lead"
    assert all(game.view(seat).dummy_hand == () for seat in range(4)), "no dummy shown before the lead"
    act(game, legal(game)[0])
    dummy = game.rules.deck.cards(game.rules.deck.mask(game.hand(2)))
    assert all(set(game.view(seat).dummy_hand) == set(dummy) for seat in range(4))
    assert game.turn == 2 and game.actor == 0, "at the dummy's turn the declarer decides"
    assert game.view(2).legal == () and game.view(0).legal == game.legal_actions()
    assert set(game.legal_actions()) <= set(game.hand(2)), "the declarer plays the dummy's cards"


def test_the_contract_needs_six_more_tricks_than_its_level_and_ns_score_is_minus_ew() -> None:
    for seed in range(6):
        game = Game(bridge(), seed=seed)
        played(game, seed)
        hand = game.history[0]
        assert hand.score[0] == -hand.score[1]
        if hand.cancelled:
            continue
        side = game.rules.seating.side_of[hand.declarer]
        level = hand.contract[side]
        made = sum(hand.tricks_won[s] for s in game.rules.seating.sides[side]) >= 6 + level
        assert (hand.score[side] > 0) is made


@pytest.mark.parametrize(("vulnerability", "score"), [("none", 420), ("ns", 620), ("ew", 420), ("both", 620)])
def test_the_vulnerability_option_is_the_declaring_sides(vulnerability: str, score: int) -> None:
    from trickbook.book.scenario import Scenario, evaluate

    outcome = evaluate(bridge(vulnerability=vulnerability), Scenario(tricks=[5, 1, 5, 2], declarer=0, contract="4S"))
    assert outcome.score.sides == (score, -score)


def test_a_match_is_one_deal_or_the_number_of_deals_chosen() -> None:
    for deals, count in (("1", 1), ("4", 4)):
        game = Game(bridge(deals=deals), seed=3)
        played(game, 3)
        assert len(game.history) == count


@pytest.mark.parametrize("board", range(1, 18))
def test_a_board_number_sets_the_dealer_and_the_vulnerability(board: int) -> None:
    from trickbook.book.scenario import Scenario, evaluate

    ruleset = bridge(board=str(board))
    assert Game(ruleset, seed=9).dealer == (board - 1) % 4
    index = (board - 1) % 16 + 1
    expected = {
        **dict.fromkeys((1, 8, 11, 14), (False, False)),
        **dict.fromkeys((2, 5, 12, 15), (True, False)),
        **dict.fromkeys((3, 6, 9, 16), (False, True)),
        **dict.fromkeys((4, 7, 10, 13), (True, True)),
    }[index]
    made = [
        evaluate(ruleset, Scenario(tricks=t, declarer=d, contract="4S")).score.sides
        for t, d in (([5, 1, 5, 2], 0), ([1, 5, 2, 5], 1))
    ]
    assert (made[0][0] == 620, made[1][1] == 620) == expected


def test_a_first_dealer_that_is_not_known_when_the_rules_load_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "late-dealer.yaml"
    path.write_text(
        "format: trickbook-ruleset/1\nid: late\ntitle: Late\nextends: contract-bridge\n"
        "dealer: {first: hand_number % 4}\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError, match="the first dealer must be known when the rules load"):
        load_ruleset(str(path))


def test_a_pass_is_no_bid_of_a_strain_when_the_declarer_is_found() -> None:
    game = auction("pass", "pass", "1NT", "pass", "pass", "pass")
    assert game.declarer == 2, "North passed first; South named no trump"

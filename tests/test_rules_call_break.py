"""FAMILY-RULES section 7, Call Break: one test per rule sentence, played through `Game` (the worked examples,
the legal-play table among them, are the ruleset's own `examples:`, run by `check`)."""

from __future__ import annotations

import pytest

from helpers import act, bids_made, legal, play_trick, played, rules, stacked_game
from trickbook import Game, Rules

CALL_BREAK = "call-break"
WEST_LEADS = {3: "9H 2D", 2: "KH 7S 3D", 1: "5H AH 3S 4D", 0: "6H 5D"}
"""Dealer North: West calls first and leads, then South, East, North (counter-clockwise)."""


def call_break(**options: str) -> Rules:
    return rules(CALL_BREAK, tuple(sorted(options.items())))


def dealt(ruleset: Rules, hands: dict[int, str]) -> Game:
    """A hand dealt by North with `hands` stacked, every player having called 1."""
    game = stacked_game(ruleset, hands, dealer=0)
    act(game, "bid 1", "bid 1", "bid 1", "bid 1")
    return game


def test_four_players_each_for_himself_counter_clockwise_and_clockwise_as_an_option() -> None:
    assert not call_break().seating.has_sides and call_break().seats == 4
    assert call_break().seating.next_seat == (3, 0, 1, 2)
    assert call_break(direction="clockwise").seating.next_seat == (1, 2, 3, 0)


def test_spades_are_always_trump_and_13_cards_are_dealt_each() -> None:
    game = played(Game(call_break(), seed=3), 3)
    spades = [s.code for s in game.rules.deck.suits].index("S")
    assert all(hand.trump == spades for hand in game.history)
    assert all(len(cards) == 13 for hand in game.history for cards in hand.deal)


def test_calls_from_the_player_after_the_dealer_once_each_1_to_8() -> None:
    game = stacked_game(call_break(), {}, dealer=0)
    order = []
    for _ in range(4):
        order.append(game.turn)
        assert legal(game) == [f"bid {n}" for n in range(1, 9)], "no nil and no limit on the total"
        act(game, "bid 8")
    assert order == [3, 2, 1, 0]
    assert game.phase == "play"


def test_the_call_range_options() -> None:
    game = stacked_game(call_break(min_call="2", max_call="13"), {}, dealer=0)
    assert legal(game) == [f"bid {n}" for n in range(2, 14)]


def test_the_first_caller_leads_and_may_lead_a_spade() -> None:
    game = dealt(call_break(), {3: "AS 2D"})
    assert game.turn == 3 and "AS" in legal(game)


def test_with_spades_must_be_broken_a_spade_may_not_be_led_first() -> None:
    game = dealt(call_break(spades_must_be_broken="on"), {3: "AS 2D"})
    assert "AS" not in legal(game) and "2D" in legal(game)


def test_following_a_player_must_head_the_trick_if_able() -> None:
    game = dealt(call_break(), WEST_LEADS)
    act(game, "9H", "KH")
    codes = game.rules.deck.codes
    hearts = {codes[c] for c in game.hand(1) if codes[c].endswith("H")}
    higher = {h for h in hearts if RANKS.index(h[0]) > RANKS.index("K")}
    assert higher == {"AH"} and set(legal(game)) == higher


def test_following_with_no_higher_card_any_card_of_the_led_suit() -> None:
    game = dealt(call_break(), {3: "9H AH", 2: "KH", 1: "5H 7H 3S 2C"})
    act(game, "9H", "KH")
    codes = game.rules.deck.codes
    assert set(legal(game)) == {codes[c] for c in game.hand(1) if codes[c].endswith("H")}


def test_following_after_a_spade_was_played_to_another_suit_any_card_of_the_led_suit() -> None:
    game = dealt(call_break(), {3: "9H", 2: "2S 3C", 1: "5H AH"})
    act(game, "9H")
    codes = game.rules.deck.codes
    if {codes[c] for c in game.hand(2) if codes[c].endswith("H")}:
        pytest.fail("South was meant to be void in hearts")
    act(game, "2S")
    assert set(legal(game)) == {codes[c] for c in game.hand(1) if codes[c].endswith("H")}


def test_without_must_head_following_any_card_of_the_led_suit() -> None:
    game = dealt(call_break(must_head_following="off"), WEST_LEADS)
    act(game, "9H", "KH")
    codes = game.rules.deck.codes
    assert set(legal(game)) == {codes[c] for c in game.hand(1) if codes[c].endswith("H")}


HEARTS_ELSEWHERE = "2H 3H 4H 5H 6H 7H 8H TH JH QH KH AH"
"""The other hearts, dealt to the leader so that nobody else holds one."""
RANKS = "23456789TJQKA"


def test_void_in_the_led_suit_a_player_must_trump() -> None:
    game = dealt(call_break(), {3: "9H " + HEARTS_ELSEWHERE, 2: "4S QS 2C"})
    act(game, "9H")
    codes = game.rules.deck.codes
    assert set(legal(game)) == {codes[c] for c in game.hand(2) if codes[c].endswith("S")}


def test_void_and_the_trick_already_trumped_a_player_must_overtrump_if_able() -> None:
    game = dealt(call_break(), {3: "9H " + HEARTS_ELSEWHERE, 2: "7S", 1: "4S QS 2C AS"})
    act(game, "9H", "7S")
    codes = game.rules.deck.codes
    spades = {codes[c] for c in game.hand(1) if codes[c].endswith("S")}
    assert set(legal(game)) == {c for c in spades if RANKS.index(c[0]) > RANKS.index("7")} >= {"QS", "AS"}


def test_void_and_unable_to_overtrump_any_card_or_a_low_spade_with_the_option() -> None:
    spades_low = "2S 3S 4S"
    for option, expect_only_spades in (("off", False), ("on", True)):
        game = dealt(
            call_break(lower_spade_when_overtrumped=option),
            {3: "9H " + HEARTS_ELSEWHERE, 2: "AS", 1: spades_low + " 2C 2D"},
        )
        act(game, "9H", "AS")
        codes = game.rules.deck.codes
        mine = {codes[c] for c in game.hand(1)}
        assert set(legal(game)) == ({c for c in mine if c.endswith("S")} if expect_only_spades else mine)


def test_without_must_trump_a_void_player_may_play_any_card() -> None:
    game = dealt(call_break(must_trump="off"), {3: "9H " + HEARTS_ELSEWHERE, 2: "4S QS 2C"})
    act(game, "9H")
    codes = game.rules.deck.codes
    assert set(legal(game)) == {codes[c] for c in game.hand(2)}


def test_the_highest_spade_wins_else_the_highest_of_the_led_suit() -> None:
    game = dealt(call_break(), {3: "9H " + HEARTS_ELSEWHERE, 2: "2S", 1: "AS", 0: "3S"})
    assert play_trick(game, "9H", "2S", "AS", "3S") == 1
    game = dealt(call_break(), WEST_LEADS)
    assert play_trick(game, "9H", "KH", "AH", "6H") == 1


@pytest.mark.parametrize("seed", range(6))
def test_scores_in_tenths_the_call_plus_a_tenth_per_extra_trick_or_minus_the_call(seed: int) -> None:
    game = played(Game(call_break(), seed=seed), seed)
    for hand in game.history:
        calls = bids_made(game, hand)
        expected = tuple(10 * b + (t - b) if t >= b else -10 * b for t, b in zip(hand.tricks_won, calls, strict=True))
        assert hand.seat_score == expected


@pytest.mark.parametrize(("hands", "count"), [("5", 5), ("3", 3)])
def test_a_match_is_five_hands_or_three_the_highest_total_wins_ties_share(hands: str, count: int) -> None:
    for seed in range(4):
        game = played(Game(call_break(hands=hands), seed=seed), seed)
        assert len(game.history) == count
        totals = game.history[-1].seat_totals
        assert totals is not None
        assert game.winner == tuple(s for s in range(4) if totals[s] == max(totals))


def test_the_deal_passes_to_the_next_player_in_the_direction_of_play() -> None:
    game = played(Game(call_break(), seed=1, dealer=2), 1)
    assert [hand.dealer for hand in game.history] == [2, 1, 0, 3, 2]

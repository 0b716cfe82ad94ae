"""SEED-RULES.md, "Common ground": one test per rule sentence, across every bundled ruleset."""

from __future__ import annotations

import random

import pytest

from helpers import SEED_CONFIGURATIONS, act, config_id, deal_in_order, legal, play_trick, rules, stacked_game
from trickbook.engine.game import Game
from trickbook.errors import IllegalAction, InvalidAction


@pytest.mark.parametrize("config", SEED_CONFIGURATIONS, ids=config_id)
def test_common_52_card_deck_no_jokers_ace_high(config: tuple) -> None:
    deck = rules(*config).deck
    assert deck.size == 52
    assert sorted(deck.codes) == sorted(r + s for s in "SHDC" for r in "23456789TJQKA")
    order = [r.code for r in deck.ranks]
    assert order == ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]


@pytest.mark.parametrize("ruleset", ["cardems-tarneeb", "tarneeb-41", "cardems-spades", "syrian-tarneeb-41"])
def test_common_four_players_in_fixed_partnerships_partners_opposite(ruleset: str) -> None:
    seating = rules(ruleset).seating
    assert seating.seats == 4
    assert [seating.side_of[s] for s in range(4)] == [0, 1, 0, 1]
    assert [seating.partner[s] for s in range(4)] == [2, 3, 0, 1]


@pytest.mark.parametrize(
    ("ruleset", "order"),
    [
        ("cardems-tarneeb", [1, 2, 3]),
        ("cardems-spades", [1, 2, 3]),
        ("tarneeb-41", [3, 2, 1]),
        ("syrian-tarneeb-41", [3, 2, 1]),
    ],
)
def test_common_clockwise_next_is_seat_plus_one_counter_clockwise_seat_minus_one(
    ruleset: str, order: list[int]
) -> None:
    game = stacked_game(rules(ruleset), {}, dealer=0)
    seen = []
    for _ in range(3):
        seen.append(game.turn)
        game.apply(game.default_action())
    assert seen == order


@pytest.mark.parametrize("direction", [1, -1])
def test_common_dealt_one_at_a_time_from_the_player_after_the_dealer_dealer_receives_last(direction: int) -> None:
    pack = list(range(52))
    for dealer in range(4):
        deal = deal_in_order(pack, dealer, direction).hands
        first = (dealer + direction) % 4
        assert deal[first][0] == 0
        assert deal[(dealer + 2 * direction) % 4][0] == 1
        assert deal[dealer][-1] == 51
        assert all(len(cards) == 13 for cards in deal)


@pytest.mark.parametrize("config", SEED_CONFIGURATIONS, ids=config_id)
def test_common_each_player_sees_only_their_own_hand(config: tuple) -> None:
    game = Game(rules(*config), seed=3)
    for seat in range(4):
        view = game.view(seat)
        assert set(view.hand) == set(game.hand(seat))
        others = {c for s in range(4) if s != seat for c in game.hand(s)}
        assert not (set(view.hand) & others)
        assert set(view.exposed) <= set(game.exposed)


def _tarneeb_after_auction(hands: dict[int, str], trump: str = "H") -> Game:
    """Cardems Tarneeb, dealer 3: seat 0 bids 7, the rest pass, seat 0 names trump and leads."""
    game = stacked_game(rules("cardems-tarneeb"), hands, dealer=3)
    act(game, "bid 7", "pass", "pass", "pass", f"trump {trump}")
    return game


def test_common_leader_may_lead_any_card() -> None:
    game = _tarneeb_after_auction({0: "AS KH QD JC 2S 3S 4S 5S 6S 7S 8S 9S TS"})
    assert sorted(legal(game)) == sorted(["AS", "KH", "QD", "JC", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"])


def test_common_each_other_player_must_follow_the_led_suit_if_able() -> None:
    game = _tarneeb_after_auction({0: "AS", 1: "2S 3S 2H"})
    act(game, "AS")
    assert sorted(legal(game)) == ["2S", "3S"]
    with pytest.raises(IllegalAction) as refused:
        act(game, "2H")
    assert refused.value.rule == "follow suit"
    assert "you must follow ♠: you hold 3♠ and 2♠" in str(refused.value)


def test_common_a_player_void_in_the_led_suit_may_play_any_card() -> None:
    hand = "2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D 5D"
    game = _tarneeb_after_auction({0: "AS", 1: hand})
    act(game, "AS")
    assert sorted(legal(game)) == sorted(hand.split())


def test_common_highest_trump_wins_when_any_trump_was_played() -> None:
    game = _tarneeb_after_auction({0: "AS", 1: "2H", 2: "KS", 3: "3H"}, trump="H")
    assert play_trick(game, "AS", "2H", "KS", "3H") == 3


def test_common_highest_card_of_the_led_suit_wins_without_trump() -> None:
    game = _tarneeb_after_auction({0: "TS", 1: "AD", 2: "KS", 3: "QS"}, trump="H")
    assert play_trick(game, "TS", "AD", "KS", "QS") == 2


def test_common_an_ace_of_another_suit_does_not_beat_the_led_suit() -> None:
    game = _tarneeb_after_auction({0: "2C", 1: "AD", 2: "3C", 3: "AS"}, trump="H")
    assert play_trick(game, "2C", "AD", "3C", "AS") == 2


def test_common_the_trick_winner_leads_the_next_trick() -> None:
    game = _tarneeb_after_auction({0: "TS", 1: "AS", 2: "KS", 3: "QS"}, trump="H")
    play_trick(game, "TS", "AS", "KS", "QS")
    assert game.turn == 1


@pytest.mark.parametrize("config", SEED_CONFIGURATIONS, ids=config_id)
def test_common_a_hand_is_13_tricks(config: tuple) -> None:
    game = Game(rules(*config), seed=11)
    chooser = random.Random(11)
    while not game.history or game.history[-1].cancelled:
        game.apply(chooser.choice(game.legal_actions()))
    assert sum(game.history[-1].tricks_won) == 13
    assert sum(1 for m in game.history[-1].moves if m.action < 52) == 52


def test_common_card_codes_are_rank_then_suit_and_displays_use_symbols() -> None:
    deck = rules("tarneeb-41").deck
    for code in ("AS", "TH", "2C", "QD"):
        assert deck.code(deck.parse_card(code)) == code
    assert deck.label(deck.parse_card("TH")) == "10♥"
    assert deck.parse_card("Q♥") == deck.parse_card("qh") == deck.parse_card("QH")
    assert deck.parse_card("10h") == deck.parse_card("TH")
    with pytest.raises(InvalidAction):
        deck.parse_card("1H")

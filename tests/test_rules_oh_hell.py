"""FAMILY-RULES section 3, Oh Hell: one test per rule sentence, played through `Game` (the worked examples are
the ruleset's own `examples:`, run by `check`)."""

from __future__ import annotations

import pytest

from helpers import act, bids_made, legal, play_trick, played, rules, stacked_game
from trickbook import Game, Rules

OH_HELL = "oh-hell"


def oh_hell(**options: str) -> Rules:
    return rules(OH_HELL, tuple(sorted(options.items())))


@pytest.mark.parametrize(("players", "largest"), [("3", 17), ("4", 12), ("5", 10), ("6", 8), ("7", 7)])
def test_three_to_seven_players_each_for_himself_hands_of_1_to_the_largest_and_back(players: str, largest: int) -> None:
    game = played(Game(oh_hell(players=players), seed=1), 1)
    assert game.rules.seats == int(players) and not game.rules.seating.has_sides
    assert game.rules.seating.next_seat[0] == 1, "clockwise"
    sizes = [len(hand.deal[0]) for hand in game.history]
    assert sizes == [*range(1, largest + 1), *range(largest - 1, 0, -1)]


@pytest.mark.parametrize(
    ("sequence", "sizes"),
    [
        ("down_up", [*range(7, 0, -1), *range(2, 8)]),
        ("down", list(range(7, 0, -1))),
        ("up", list(range(1, 8))),
        ("4,2", [4, 2]),
    ],
)
def test_the_sequence_option_orders_the_hand_sizes(sequence: str, sizes: list[int]) -> None:
    game = played(Game(oh_hell(players="7", sequence=sequence), seed=2), 2)
    assert [len(hand.deal[0]) for hand in game.history] == sizes


def test_max_cards_caps_the_largest_hand() -> None:
    game = played(Game(oh_hell(players="4", max_cards="7"), seed=2), 2)
    assert [len(hand.deal[0]) for hand in game.history] == [*range(1, 8), *range(6, 0, -1)]


@pytest.mark.parametrize("players", ["3", "4", "7"])
def test_the_next_card_of_the_pack_is_turned_up_for_trump_and_the_rest_is_not_used(players: str) -> None:
    game = Game(oh_hell(players=players), seed=6)
    size = game.hand_size
    assert len(game.current_stock) == 52 - size * int(players)
    assert game.exposed == (game.current_stock[0],)
    assert game.trump == game.rules.deck.suit_of[game.current_stock[0]]
    assert all(game.view(seat).exposed == game.exposed for seat in range(int(players)))


def test_each_player_bids_once_from_the_dealers_left_zero_to_the_hand_size() -> None:
    game = played_to(oh_hell(), hand=5, seed=8)
    dealer = game.dealer
    order = []
    for _ in range(4):
        seat = game.turn
        assert seat is not None
        order.append(seat)
        bids = legal(game)
        if seat != dealer:
            assert bids == [f"bid {n}" for n in range(6)]
        act(game, bids[0])
    assert order == [(dealer + 1 + i) % 4 for i in range(4)]
    assert game.phase == "play" and game.turn == (dealer + 1) % 4, "the dealer's left leads trick 1"


def played_to(ruleset: Rules, hand: int, seed: int) -> Game:
    """A game at the start of hand `hand`, after random legal moves."""
    return played(Game(ruleset, seed=seed), seed, hands=hand - 1)


@pytest.mark.parametrize("hook", ["on", "off"])
def test_the_hook_bars_the_dealer_from_making_the_bids_add_up(hook: str) -> None:
    game = played_to(oh_hell(hook=hook), hand=3, seed=4)
    act(game, "bid 1", "bid 0", "bid 1")
    assert game.turn == game.dealer
    allowed = {int(text.split()[1]) for text in legal(game)}
    assert allowed == ({0, 2, 3} if hook == "on" else {0, 1, 2, 3})


def test_bids_are_public() -> None:
    game = played_to(oh_hell(), hand=3, seed=4)
    act(game, "bid 2")
    bidder = (game.dealer + 1) % 4
    for seat in range(4):
        seen = [(m.seat, game.rules.actions.text(m.action)) for m in game.view(seat).moves]
        assert seen == [(bidder, "bid 2")]


def test_plain_trick_rule_with_the_turned_trump_and_a_void_player_need_not_trump() -> None:
    ruleset = oh_hell()
    game = played_to(ruleset, hand=2, seed=1)
    act(game, "bid 0", "bid 0", "bid 0", "bid 1")
    codes = ruleset.deck.codes
    lead = game.turn
    assert lead is not None
    led = codes[game.hand(lead)[0]]
    act(game, led)
    follower = game.turn
    assert follower is not None
    same = {codes[c] for c in game.hand(follower) if codes[c][-1] == led[-1]}
    assert set(legal(game)) == (same or {codes[c] for c in game.hand(follower)})


def test_a_trick_goes_to_the_highest_trump_else_the_highest_of_the_led_suit() -> None:
    ruleset = oh_hell(sequence="2")
    hands = {1: "2C AS", 2: "KC 3S", 3: "3H 4S", 0: "AC 5S"}
    game = stacked_game(ruleset, hands, dealer=0)
    trump = ruleset.deck.suits[game.trump].code
    act(game, "bid 0", "bid 0", "bid 0", "bid 0")
    winner = play_trick(game, "2C", "KC", "3H", "AC")
    assert winner == (3 if trump == "H" else 0)


@pytest.mark.parametrize("seed", range(6))
def test_one_point_a_trick_and_ten_more_for_exactly_the_bid(seed: int) -> None:
    game = played(Game(oh_hell(players="5", max_cards="7"), seed=seed), seed)
    for hand in game.history:
        bids = bids_made(game, hand)
        assert hand.seat_score == tuple(t + (10 if t == b else 0) for t, b in zip(hand.tricks_won, bids, strict=True))


def test_after_the_last_hand_the_highest_total_wins_and_ties_share() -> None:
    for seed in range(8):
        game = played(Game(oh_hell(players="3", max_cards="7"), seed=seed), seed)
        totals = game.history[-1].seat_totals
        assert totals is not None and len(game.history) == 13
        best = max(totals)
        assert game.winner == tuple(s for s in range(3) if totals[s] == best)


def test_the_deal_passes_to_the_left_after_each_hand() -> None:
    game = played(Game(oh_hell(players="6"), seed=3, dealer=4), 3)
    assert [hand.dealer for hand in game.history[:7]] == [4, 5, 0, 1, 2, 3, 4]

"""Bids from what the hand can make: auctions that stop where the cards say, bids within the hand's value."""

from __future__ import annotations

from helpers import rules, stacked_game
from trickbook import Game
from trickbook.players.base import make_player, parse_player_specs
from trickbook.players.worlds import fair_strength, strength

HONOURS = "AKQJ"
SPOTS = "98765432T"


def _weak_balanced_hands() -> dict[int, str]:
    """Four hands of 10 high-card points, each 4-3-3-3 with its own long suit and one honour in every suit."""
    suits = "SHDC"
    spots = {suit: list(SPOTS) for suit in suits}
    hands: dict[int, str] = {}
    for seat in range(4):
        cards = []
        for index, suit in enumerate(suits):
            cards.append(HONOURS[(index - seat) % 4] + suit)
            cards += [spots[suit].pop() + suit for _ in range(3 if index == seat else 2)]
        hands[seat] = " ".join(cards)
    return hands


def _auction(game: Game, seed: int, player: str = "heuristic") -> Game:
    """Lets `player`s call until the auction ends; the game is then at the play or the hand is over."""
    players = [make_player(spec, seed, seat) for seat, spec in enumerate(parse_player_specs(player))]
    hand = game.hands_finished
    while game.phase == "bidding" and game.hands_finished == hand:
        seat = game.actor
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    return game


def _trick_score(game: Game) -> int:
    """Contract Bridge's trick score of the game's contract, undoubled (100 or more is a game)."""
    level = max(game.contract)
    strain = "NT" if game.trump < 0 else game.rules.deck.suits[game.trump]
    return level * (20 if strain in ("C", "D") else 30) + (10 if strain == "NT" else 0)


def test_a_bridge_auction_stops_below_game_with_weak_hands() -> None:
    bridge = rules("contract-bridge")
    hands = _weak_balanced_hands()
    deck = bridge.deck
    assert all(strength(deck, tuple(deck.parse_card(c) for c in text.split())) == 10 for text in hands.values())
    for seed, dealer in ((1, 0), (2, 1), (3, 2)):
        game = _auction(stacked_game(bridge, hands, dealer=dealer, seed=seed), seed)
        if game.phase == "play":
            assert _trick_score(game) < 100, f"seed {seed}: a game contract, {game.contract} in strain {game.trump}"


def test_few_bridge_contracts_are_slams() -> None:
    bridge = rules("contract-bridge")
    levels = []
    for seed in range(30):
        game = _auction(Game(bridge, seed), seed, "heuristic:samples=2")  # few worlds: seconds, not minutes
        levels.append(max(game.contract) if game.phase == "play" else 0)
    slams = sum(level >= 6 for level in levels)
    assert slams < 0.2 * len(levels), f"{slams} of {len(levels)} contracts at the 6 or 7 level: {levels}"
    assert max(levels) > 0, "somebody bids"


def test_fair_strength_is_an_average_hand() -> None:
    assert fair_strength(rules("contract-bridge")) == 10
    assert fair_strength(rules("skat")) == 40 / 3

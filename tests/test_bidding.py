"""Bids from what the hand can make: auctions that stop where the cards say, bids within the hand's value."""

from __future__ import annotations

import pytest

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


@pytest.mark.parametrize(("player", "deals"), [("heuristic:samples=2", 30), ("mcts:playouts=16", 12)])
def test_few_bridge_contracts_are_slams(player: str, deals: int) -> None:
    """Few worlds per call (seconds, not minutes), and still no spiral to the 7 level."""
    bridge = rules("contract-bridge")
    levels = []
    for seed in range(deals):
        game = _auction(Game(bridge, seed), seed, player)
        levels.append(max(game.contract) if game.phase == "play" else 0)
    slams = sum(level >= 6 for level in levels)
    assert slams < 0.2 * len(levels), f"{slams} of {len(levels)} contracts at the 6 or 7 level: {levels}"
    assert max(levels) > 0, "somebody bids"


def test_fair_strength_is_an_average_hand() -> None:
    assert fair_strength(rules("contract-bridge")) == 10
    assert fair_strength(rules("skat")) == 40 / 3


SKAT_BASES = {"grand": 24, "C": 12, "S": 11, "H": 10, "D": 9}
"""Skat's base values (rulesets/skat.yaml `base`); a null game is worth at most 59 (null ouvert from the hand)."""
SKAT_JACKS = ["JC", "JS", "JH", "JD"]


def _skat_value_bound(hand: str) -> int:
    """The highest game value a Skat hand could declare: the best base times the longest run of matadors the
    skat could give it (two more where the run is "with"), plus game, hand, schneider and schwarz."""
    held = set(hand.split())
    best = 59
    for game, base in SKAT_BASES.items():
        order = SKAT_JACKS + ([] if game == "grand" else [rank + game for rank in "ATKQ987"])
        run = next((n for n, card in enumerate(order) if (card in held) != (order[0] in held)), len(order))
        best = max(best, base * ((run + 2 if order[0] in held else run) + 4))
    return best


def _skat_bids_against_eager_rivals(hand: str, seed: int) -> list[int]:
    """The heuristic's bids with `hand` when both other seats bid on whatever it bids (it alone stops)."""
    skat = rules("skat")
    actions = skat.actions
    seat = seed % skat.seats
    game = stacked_game(skat, {seat: hand}, dealer=(seat + 1) % skat.seats, seed=seed)
    player = make_player(parse_player_specs("heuristic", skat.seats)[0], seed, seat)
    bids = []
    while game.phase == "bidding":
        legal = game.legal_actions()
        if game.actor == seat:
            action = player.choose(game.view(seat))
            if actions.kinds[action] == "bid":
                bids.append(actions.bid_values[action])
        else:
            action = next((a for a in legal if actions.kinds[a] == "bid"), actions.pass_action)
        game.apply(action)
    return bids


def test_a_skat_bid_within_the_hands_value() -> None:
    """A hand for a grand with three matadors (96 with the skat taken) bids on towards that value and stops at
    what the hand could declare; a hand of low cards, which wins no suit game or grand, bids no further than a
    null could go (59, null ouvert from the hand)."""
    grand = "JC JS JH AC TC AS TS AH TH KH"
    for seed in (0, 1):
        bids = _skat_bids_against_eager_rivals(grand, seed)
        assert bids and max(bids) >= 72, f"seed {seed}: the grand hand stopped at {bids[-1:]}"
        assert max(bids) <= _skat_value_bound(grand), f"seed {seed}: bid {max(bids)} over the hand's value"
    low = "7C 8C 9S 8S 7S 9H 8H 7H 8D 7D"
    for seed in (2, 3):
        assert max(_skat_bids_against_eager_rivals(low, seed), default=0) <= 59


def test_a_hand_of_every_spade_climbs_a_level_at_a_time_to_the_grand_slam() -> None:
    """Thirteen spades make thirteen tricks in spades in every world: each higher contract in that strain scores
    in every world and more than the one below, so the first call is the grand slam (not the opening level)."""
    bridge = rules("contract-bridge")
    game = stacked_game(bridge, {0: " ".join(f"{rank}S" for rank in "AKQJT98765432")}, dealer=0, seed=1)
    player = make_player(parse_player_specs("heuristic:samples=4")[0], 1, 0)
    assert game.actor == 0
    assert bridge.actions.text(player.choose(game.view(0))) == "bid 7S"


def test_a_contract_that_scores_in_exactly_half_the_worlds_is_not_bid() -> None:
    """'Most worlds': more than half, so an even split is no reason to bid."""
    from trickbook.players.contract import _mostly_scores

    assert not _mostly_scores([1.0, -1.0]) and _mostly_scores([1.0, 1.0, -1.0]) and not _mostly_scores([])
    assert not _mostly_scores([1.0, 1.0, 1.0, -1.0], 0.75) and _mostly_scores([1.0] * 4, 0.75)
    assert not _mostly_scores([0.0, 0.0, 1.0]), "a world where the party only breaks even is no world it scores in"

"""Hands worked out by hand and played through `Game` (not `Scenario`, not a golden file the engine wrote).

Most deals here give each seat one whole suit, so every trick's winner follows from the rules alone: a seat
that cannot follow plays its own suit, and the seat holding the trump suit takes every trick it can trump.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from helpers import rules
from trickbook import Game, load_ruleset
from trickbook.engine.dealing import first_dealer

SPADES = "cardems-spades"
LOSING_LIMIT = Path(__file__).resolve().parents[1] / "examples" / "spades-losing-limit.yaml"
RANKS = "23456789TJQKA"


def one_suit_each(order: tuple[str, str, str, str]) -> list[list[int]]:
    """Seat s holds all thirteen cards of suit order[s]."""
    deck = rules(SPADES).deck
    return [[deck.parse_card(rank + suit) for rank in RANKS] for suit in order]


def play_out(game: Game) -> None:
    """Plays the rest of the hand: each seat its first legal card (with one suit each, any choice is the same)."""
    hand = game.hand_number
    while game.hand_number == hand and not game.is_over():
        game.apply(game.legal_actions()[0])


def spades_hand(
    holder: int, bids: list[str], bags: tuple[int, int], totals: tuple[int, int] = (0, 0), ruleset: str = SPADES
) -> Game:
    """A Spades hand dealt by West (so North bids and leads first) where `holder` has every spade."""
    order = ["H", "D", "C"]
    suits = [*order[:holder], "S", *order[holder:]]
    game = Game.from_position(
        load_ruleset(ruleset),
        deal=one_suit_each((suits[0], suits[1], suits[2], suits[3])),
        dealer=3,
        hand_number=1,
        totals=totals,
        seat_totals=None,
        counters=[list(bags)],
    )
    for bid in bids:
        game.apply_text(bid)
    play_out(game)
    return game


@pytest.mark.parametrize(
    ("bags_before", "score", "bags_after"),
    [
        (0, 49, 9),  # one below the limit: 9 bags, no penalty
        (1, 49 - 100, 0),  # exactly on 10: minus 100, 10 bags removed
        (2, 49 - 100, 1),  # one above: minus 100, 1 left
    ],
)
@pytest.mark.parametrize("side", [0, 1])
def test_bags_at_one_below_exactly_and_one_above_ten_for_either_side(
    side: int, bags_before: int, score: int, bags_after: int
) -> None:
    # The side holding spades (North for side 0, East for side 1) takes all 13 tricks on a contract of 4
    # (3 + 1): 40 + 9 overtricks = 49, and 9 bags. The other side: a made nil (+100) and a failed 1 (-10).
    holder = side
    bids = ["bid nil", "bid 1", "bid 1", "bid 1"]
    bids[holder], bids[holder + 2] = "bid 3", "bid 1"
    bids[1 - side] = "bid nil"
    bids[3 - side] = "bid 1"
    start = [0, 0]
    start[side] = bags_before
    game = spades_hand(holder, bids, (start[0], start[1]))
    (result,) = game.history
    assert result.tricks_won[holder] == 13
    expected = [0, 0]
    expected[side], expected[1 - side] = score, 100 - 10
    assert list(result.score) == expected
    assert game.counters[0][side] == bags_after and game.counters[0][1 - side] == 0


@pytest.mark.parametrize("side", [0, 1])
@pytest.mark.parametrize(("before", "ends"), [(-100, True), (-90, False)])
def test_a_losing_limit_ends_the_match_for_whichever_side_reaches_it(side: int, before: int, ends: bool) -> None:
    # The side without spades bids 5 + 5 and takes nothing: -100; from -100 it stands at -200, the limit, and
    # loses at once; from -90 it stands at -190 and play goes on. The other side makes 1 + 1 with 11 over.
    holder = 1 - side
    bids = ["bid 1"] * 4
    bids[side], bids[side + 2] = "bid 5", "bid 5"
    totals = [0, 0]
    totals[side] = before
    game = spades_hand(holder, bids, (0, 0), (totals[0], totals[1]), ruleset=str(LOSING_LIMIT))
    assert game.totals[side] == before - 100
    assert game.totals[1 - side] == 20 + 11 - 100, "11 bags reach the bag limit once"
    if ends:
        assert game.is_over() and game.winner == ((1, 3) if side == 0 else (0, 2))
    else:
        assert not game.is_over()


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    spades = rules(SPADES)
    dealers = [Game(spades, seed).dealer for seed in range(1, 401)]
    assert dealers == [first_dealer(spades, seed) for seed in range(1, 401)]
    counts = Counter(dealers)
    assert sorted(counts) == [0, 1, 2, 3] and all(70 <= n <= 130 for n in counts.values()), counts
    assert len(set(dealers[:8])) > 1, "the first dealers of the first seeds differ"


def test_a_failed_nil_played_out_loses_100_and_its_tricks_count_for_the_partner() -> None:
    # North bids nil but holds every spade and takes all 13 tricks: nil -100; South's contract of 1 is made
    # with North's tricks, 12 overtricks: 10 + 12 = 22, and 12 bags pass the limit once: -100, 2 left.
    # East-West bid 1 + 1 and take nothing: -20.
    game = spades_hand(0, ["bid nil", "bid 1", "bid 1", "bid 1"], (0, 0))
    (result,) = game.history
    assert list(result.score) == [-100 + 22 - 100, -20]
    assert [(line.rule, line.target, line.points) for line in result.lines if line.rule == "nil"] == [("nil", 0, -100)]
    assert game.counters[0] == (2, 0)

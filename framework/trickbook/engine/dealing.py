"""How the cards are dealt: one at a time from the seat after the dealer, and the seeded shuffle of each hand."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..ruleset.deck import Card
from ..ruleset.rules import Rules


def deal_in_order(cards: Sequence[Card], dealer: int, direction: int) -> tuple[tuple[Card, ...], ...]:
    """Deals a shuffled pack one card at a time from the seat after the dealer; the dealer gets the last card."""
    hands: list[tuple[Card, ...]] = [(), (), (), ()]
    for offset in range(1, 5):
        hands[(dealer + direction * offset) % 4] = tuple(cards[offset - 1 :: 4])
    return tuple(hands)


def seeded_deal(rules: Rules, seed: int, number: int, dealer: int) -> tuple[tuple[Card, ...], ...]:
    """The deal of hand `number` of the match with this seed: the same for every ruleset on the same deck.

    The pack is ordered by one random float per card (a uniform permutation,
    and faster in Python than `shuffle`).
    """
    draw = random.Random(f"trickbook-deal:{seed}:{number}").random
    cards = sorted(range(rules.deck.size), key=lambda _: draw())
    return deal_in_order(cards, dealer, rules.direction)


def first_dealer(rules: Rules, seed: int) -> int:
    if rules.dealer.first is not None:
        return rules.dealer.first
    return random.Random(f"trickbook-dealer:{seed}").randrange(4)

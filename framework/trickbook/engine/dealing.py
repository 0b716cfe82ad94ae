"""How the cards are dealt: one at a time from the seat after the dealer, the rest to the stock; the seeded shuffle.

A deal is a pure function of the match seed, the hand number, the dealer, the
number of seats and the hand size, so a game holds no random generator and the
same seed deals the same cards under every ruleset on the same deck and table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ..cards import Card
from ..errors import RulesRuntimeError
from ..expr.facts import Facts
from ..ruleset.rules import Rules


class Deal(NamedTuple):
    """Each seat's cards in the order received, and the undealt cards (the stock) in order."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


def hand_size(
    rules: Rules, number: int, dealer: int, totals: Sequence[int] = (), seat_totals: Sequence[int] = ()
) -> int:
    """The cards each player is dealt in hand `number`, from `deal.hand_size` (checked against the deck)."""
    size = rules.deal.hand_size
    if size is None:
        return rules.deal.max_hand_size
    if size.is_constant:
        return int(size.constant)
    facts = Facts.blank(rules.seating, rules.deck)
    facts.hand_number = number
    facts.dealer = dealer
    facts.totals_side = list(totals)
    facts.totals_seat = list(seat_totals) or [0] * rules.seats
    value = size(facts)
    if not 1 <= value <= rules.deal.max_hand_size:
        raise RulesRuntimeError(
            f"deal.hand_size gives {value} cards for hand {number}: "
            f"{rules.seats} players can be dealt 1 to {rules.deal.max_hand_size} each"
        )
    return int(value)


def seeded_deal(rules: Rules, seed: int, number: int, dealer: int, cards_each: int = 0) -> Deal:
    """The deal of hand `number` of the match with this seed: the same cards to the same seat for every ruleset
    on the same deck and number of seats, whatever its direction of play or its dealer.

    The cards are ordered by one random float per card, drawn in card order (a uniform permutation, and faster
    in Python than `shuffle`), and seat s's share is every n-th card from the s-th. The pack is then stacked so
    that dealing it one card at a time from the player after the dealer, in the ruleset's direction, gives
    each seat its share in that order (a fixed rearrangement of a uniform pack is uniform); `cards_each` is
    the cards per player (0: the whole deck shared out).
    """
    draw = random.Random(f"trickbook-deal:{seed}:{number}").random
    removed = rules.deal.removed
    if removed:  # the cards `deal.remove` takes out are not shuffled in
        pack = [card for card in range(rules.deck.size) if not removed >> card & 1]
        keys = [draw() for _ in pack]
        shuffled = [pack[i] for i in sorted(range(len(pack)), key=keys.__getitem__)]
    else:
        shuffled = sorted(range(rules.deck.size), key=[draw() for _ in range(rules.deck.size)].__getitem__)
    size = len(shuffled)
    seats = rules.deal.dealt_seats(rules.seats)
    dealt = (cards_each or size // seats) * seats
    # Stacking the pack that way and dealing it gives seat s exactly its share, in order: taken directly.
    hands = [tuple(shuffled[seat:dealt:seats]) for seat in range(seats)]
    if seats < rules.seats:  # the dealer sits out: the shares go to the others, in seat order
        hands.insert(dealer, ())
    return Deal(tuple(hands), tuple(shuffled[dealt:]) if dealt < size else ())


def first_dealer(rules: Rules, seed: int) -> int:
    if rules.dealer.first is not None:
        return rules.dealer.first
    return random.Random(f"trickbook-dealer:{seed}").randrange(rules.seats)

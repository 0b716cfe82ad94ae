"""What both hand-written programs share: card numbering, deals from a seed, and action numbers.

Cards are `suit * 13 + rank` with suits in the bundled deck's order (spades,
hearts, clubs, diamonds) and ranks from 2 up to the ace, and moves are listed in
the engine's order, so the same random stream makes the same moves in both.
"""

from __future__ import annotations

import random

SPADES, HEARTS, CLUBS, DIAMONDS = 0, 1, 2, 3
ACE, KING = 12, 11
PASS = 52
TRUMP = 53
BID = 57


def first_dealer(seed: int) -> int:
    return random.Random(f"trickbook-dealer:{seed}").randrange(4)


def deal(seed: int, number: int) -> list[list[int]]:
    """Four hands, each sorted, of hand `number` of the match with this seed: seat s gets every fourth card
    of the seeded order from the s-th, whoever deals and whichever way play goes (as the engine documents)."""
    draw = random.Random(f"trickbook-deal:{seed}:{number}").random
    pack = sorted(range(52), key=lambda _: draw())
    return [sorted(pack[seat::4]) for seat in range(4)]


def trick_winner(cards: list[int], seats: list[int], trump: int) -> int:
    """The seat whose card wins: the highest trump, else the highest card of the led suit."""
    best = cards[0]
    winner = seats[0]
    for card, seat in zip(cards[1:], seats[1:], strict=True):
        if card // 13 == best // 13:
            if card > best:
                best, winner = card, seat
        elif card // 13 == trump:
            best, winner = card, seat
    return winner

"""Cardems Spades to 500 (nil, bags, spades broken), written by hand for speed comparison."""

from __future__ import annotations

from collections.abc import Callable

from .common import BID, SPADES, deal, first_dealer, trick_winner

NIL = BID + 14
BIDS = [*range(BID + 1, BID + 14), NIL]


def play_match(
    seed: int, choose: Callable[[list[int]], int], hand_cap: int
) -> tuple[list[tuple[int, int]], int | None]:
    """Plays one match; returns each hand's score per side and the winner (None at the hand cap)."""
    dealer = first_dealer(seed)
    totals = [0, 0]
    bags = [0, 0]
    scores: list[tuple[int, int]] = []
    for number in range(1, hand_cap + 1):
        hands = deal(seed, number)
        bids = [0, 0, 0, 0]
        for offset in range(1, 5):
            bids[(dealer + offset) % 4] = choose(BIDS)
        won = _play(hands, (dealer + 1) % 4, choose)
        score = [0, 0]
        for side in (0, 1):
            contract = sum(b - BID for b in (bids[side], bids[side + 2]) if b != NIL)
            taken = won[side] + won[side + 2]
            if taken >= contract:
                score[side] += 10 * contract + taken - contract
                bags[side] += taken - contract
            else:
                score[side] -= 10 * contract
            for seat in (side, side + 2):
                if bids[seat] == NIL:
                    score[side] += 100 if won[seat] == 0 else -100
            while bags[side] >= 10:
                bags[side] -= 10
                score[side] -= 100
        scores.append((score[0], score[1]))
        totals[0] += score[0]
        totals[1] += score[1]
        if max(totals) >= 500 and totals[0] != totals[1]:
            return scores, 0 if totals[0] > totals[1] else 1
        dealer = (dealer + 1) % 4
    return scores, None


def _play(hands: list[list[int]], leader: int, choose: Callable[[list[int]], int]) -> list[int]:
    won = [0, 0, 0, 0]
    broken = False
    for _ in range(13):
        cards: list[int] = []
        seats: list[int] = []
        seat = leader
        for _ in range(4):
            hand = hands[seat]
            if cards:
                led = cards[0] // 13
                follow = [c for c in hand if c // 13 == led]
                card = choose(follow or hand)
                if card // 13 == SPADES and led != SPADES:
                    broken = True
            else:
                others = hand if broken else [c for c in hand if c // 13 != SPADES]
                card = choose(others or hand)
            hand.remove(card)
            cards.append(card)
            seats.append(seat)
            seat = (seat + 1) % 4
        leader = trick_winner(cards, seats, SPADES)
        won[leader] += 1
    return won

"""Tarneeb 41 (rules version 2, trump chosen by the declarer), written by hand for speed comparison."""

from __future__ import annotations

from collections.abc import Callable

from .common import ACE, BID, HEARTS, KING, PASS, TRUMP, deal, first_dealer, trick_winner


def play_match(
    seed: int, choose: Callable[[list[int]], int], hand_cap: int
) -> tuple[list[tuple[int, int]], int | None]:
    """Plays one match; returns each hand's score per side and the winner (None at the hand cap)."""
    dealer = first_dealer(seed)
    totals = [0, 0]
    scores: list[tuple[int, int]] = []
    for number in range(1, hand_cap + 1):
        hands = deal(seed, number)
        declarer, contract = _auction(dealer, choose)
        if declarer < 0:
            scores.append((0, 0))
            continue
        trump = choose([TRUMP, TRUMP + 1, TRUMP + 2, TRUMP + 3]) - TRUMP
        won, captured = _play(hands, declarer, trump, choose)
        score = _score(declarer & 1, contract, won, captured)
        scores.append(score)
        totals[0] += score[0]
        totals[1] += score[1]
        winner = _winner(totals)
        if winner is not None:
            return scores, winner
        dealer = (dealer - 1) % 4
    return scores, None


def _auction(dealer: int, choose: Callable[[list[int]], int]) -> tuple[int, int]:
    passed = [False, False, False, False]
    high, high_seat = 0, -1
    seat = (dealer - 1) % 4
    while True:
        low = 7 if high_seat < 0 else high + 1
        action = choose([PASS, *range(BID + low, BID + 14)])
        if action == PASS:
            passed[seat] = True
        else:
            high, high_seat = action - BID, seat
            if high == 13:
                return high_seat, high
        active = [s for s in range(4) if not passed[s]]
        if high_seat >= 0 and len(active) == 1:
            return high_seat, high
        if not active:
            return -1, 0
        seat = (seat - 1) % 4
        while passed[seat]:
            seat = (seat - 1) % 4


def _play(hands: list[list[int]], leader: int, trump: int, choose: Callable[[list[int]], int]) -> tuple[list[int], int]:
    won = [0, 0, 0, 0]
    king, ace = HEARTS * 13 + KING, trump * 13 + ACE
    captured = -1
    for _ in range(13):
        cards: list[int] = []
        seats: list[int] = []
        seat = leader
        for _ in range(4):
            hand = hands[seat]
            if cards:
                follow = [c for c in hand if c // 13 == cards[0] // 13]
                card = choose(follow or hand)
            else:
                card = choose(hand)
            hand.remove(card)
            cards.append(card)
            seats.append(seat)
            seat = (seat - 1) % 4
        leader = trick_winner(cards, seats, trump)
        won[leader] += 1
        if king in cards and ace in cards:
            k, a = cards.index(king), cards.index(ace)
            if k < a and seats[k] % 2 != seats[a] % 2:
                captured = seats[a] % 2
    return won, captured


def _score(side: int, contract: int, won: list[int], captured: int) -> tuple[int, int]:
    taken = won[side] + won[side + 2]
    other = 13 - taken
    made = taken >= contract
    if contract == 13:
        mine, theirs = (26, 0) if made else (-16, 2 * other)
    elif taken == 13:
        mine, theirs = 16, 0
    elif made:
        mine, theirs = taken, 0
    else:
        mine, theirs = -contract, other
    if captured == side and mine > 0:
        mine += 5
    elif captured == 1 - side and theirs > 0:
        theirs += 5
    return (mine, theirs) if side == 0 else (theirs, mine)


def _winner(totals: list[int]) -> int | None:
    qualified = [s for s in (0, 1) if totals[s] >= 41]
    if len(qualified) == 1:
        return qualified[0]
    if len(qualified) == 2 and totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    return None

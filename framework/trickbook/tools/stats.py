"""What one match says about its rules, in a few numbers, and how many matches add up with confidence intervals."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.history import Move
from ..ruleset.rules import BiddingKind, Rules


@dataclass(frozen=True, slots=True)
class MatchStats:
    """The counts one match contributes to a comparison; small and picklable, so workers send only these."""

    winner: int | None
    first_dealer: int
    hands: int
    cancelled: int
    contracts: int
    made: int
    bids: tuple[tuple[str, int], ...]
    points: int
    lines: tuple[tuple[str, int, int], ...]
    all_tricks: int
    automatic: int
    events: tuple[tuple[str, int], ...]
    """For each trick event, in how many played hands it happened."""
    lead_changes: int
    comeback: bool


def match_stats(game: Game) -> MatchStats:
    """Counts everything a comparison reports from one finished (or capped) match."""
    rules = game.rules
    actions = rules.actions
    history = game.history
    bids: Counter[str] = Counter()
    lines: dict[str, list[int]] = {}
    events: Counter[str] = Counter()
    contracts = made = points = all_tricks = automatic = 0
    for hand in history:
        for move in hand.moves:
            kind = actions.kinds[move.action]
            if kind == "bid":
                bids[actions.text(move.action)[4:]] += 1
                automatic += move.auto
        if hand.cancelled:
            continue
        held, kept = _contracts(rules, hand.contract, hand.tricks_won, hand.moves)
        contracts += held
        made += kept
        points += hand.score[0] + hand.score[1]
        taken = hand.tricks_won
        all_tricks += max(taken[0] + taken[2], taken[1] + taken[3]) == rules.hand_size
        seen: dict[str, list[int]] = {}
        for line in hand.lines:
            if line.points:
                flags = seen.setdefault(line.rule, [0, 0])
                flags[0 if line.points > 0 else 1] = 1
        for rule, flags in seen.items():
            counts = lines.setdefault(rule, [0, 0])
            counts[0] += flags[0]
            counts[1] += flags[1]
        for event, per_seat in zip(rules.events, hand.events, strict=True):
            events[event.name] += sum(per_seat) > 0
    played = [h for h in history if not h.cancelled]
    return MatchStats(
        winner=game.winner,
        first_dealer=history[0].dealer if history else game.dealer,
        hands=len(history),
        cancelled=len(history) - len(played),
        contracts=contracts,
        made=made,
        bids=tuple(sorted(bids.items())),
        points=points,
        lines=tuple((rule, plus, minus) for rule, (plus, minus) in sorted(lines.items())),
        all_tricks=all_tricks,
        automatic=automatic,
        events=tuple(sorted(events.items())),
        lead_changes=_lead_changes([h.totals for h in played]),
        comeback=_comeback([h.totals for h in played], game.winner),
    )


def _contracts(
    rules: Rules, contract: tuple[int, int], taken: tuple[int, ...], moves: Sequence[Move]
) -> tuple[int, int]:
    """Contracts in a played hand and how many were made.

    An auction's contract belongs to the declaring side; with declarations,
    each side with a contract above 0 holds one, or, when players score
    personally, each player with a bid above 0.
    """
    if rules.personal:
        bids = [0, 0, 0, 0]
        for move in moves:
            if rules.actions.kinds[move.action] == "bid":
                bids[move.seat] = rules.actions.bid_values[move.action]
        held = [s for s in range(4) if bids[s] > 0]
        return len(held), sum(taken[s] >= bids[s] for s in held)
    sides = [s for s in (0, 1) if contract[s] > 0]
    if rules.bidding.kind is BiddingKind.AUCTION:
        sides = sides[:1]
    return len(sides), sum(taken[s] + taken[s + 2] >= contract[s] for s in sides)


def _lead_changes(totals: Sequence[tuple[int, int]]) -> int:
    changes = 0
    leader = None
    for first, second in totals:
        now = 0 if first > second else 1 if second > first else None
        if now is not None and leader is not None and now != leader:
            changes += 1
        if now is not None:
            leader = now
    return changes


def _comeback(totals: Sequence[tuple[int, int]], winner: int | None) -> bool:
    """True when the winner was behind after the middle hand of the match."""
    if winner is None or not totals:
        return False
    middle = totals[(len(totals) - 1) // 2]
    return middle[winner] < middle[winner ^ 1]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A value with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def text(self, percent: bool = False) -> str:
        if percent:
            return f"{100 * self.value:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"
        return f"{self.value:.2f} [{self.low:.2f}, {self.high:.2f}]"


Z95 = 1.959964


def proportion(successes: int, trials: int) -> Estimate:
    """Wilson's 95% interval for a proportion."""
    if trials == 0:
        return Estimate(math.nan, math.nan, math.nan)
    p = successes / trials
    centre = (p + Z95**2 / (2 * trials)) / (1 + Z95**2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / (1 + Z95**2 / trials)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean(values: Sequence[float]) -> Estimate:
    """The mean with a normal-approximation 95% interval."""
    if not values:
        return Estimate(math.nan, math.nan, math.nan)
    average = sum(values) / len(values)
    if len(values) < 2:
        return Estimate(average, average, average)
    variance = sum((v - average) ** 2 for v in values) / (len(values) - 1)
    half = Z95 * math.sqrt(variance / len(values))
    return Estimate(average, average - half, average + half)

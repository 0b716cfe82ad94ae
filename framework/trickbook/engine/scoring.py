"""Scores a finished hand and decides whether the match is over, from `Facts` and compiled rules alone."""

from __future__ import annotations

from typing import NamedTuple

from ..ruleset.rules import Rules, WhenBoth
from .events import ScoreLine
from .facts import Facts


class HandScore(NamedTuple):
    """A hand's points by rule, per side and per seat, and the counters after it."""

    lines: tuple[ScoreLine, ...]
    sides: tuple[int, int]
    seats: tuple[int, int, int, int]
    counters: tuple[tuple[int, ...], ...]


def score_hand(rules: Rules, facts: Facts) -> HandScore:
    """Runs the scoring rules in order (each sees the points of the ones before), then counters and their penalties.

    `facts.counters` holds the counter values before this hand; `facts.hand_side`
    and `facts.hand_seat` are filled in as the rules run.
    """
    lines: list[ScoreLine] = []
    sides = facts.hand_side
    seats = facts.hand_seat
    for rule in rules.scoring.rules:
        per_side = rule.per == "side"
        when = rule.when.function if rule.when is not None else None
        points = rule.points.function
        for target in (0, 1) if per_side else (0, 1, 2, 3):
            if when is not None and not when(facts, target):
                continue
            value = points(facts, target)
            lines.append(ScoreLine(rule.name, rule.per, target, value))
            _credit(sides, seats, per_side, target, value)
    counters = []
    for index, counter in enumerate(rules.counters):
        values = list(facts.counters[index])
        per_side = counter.per == "side"
        for target in range(len(values)):
            values[target] += counter.add.function(facts, target)
            if counter.limit is None:
                continue
            penalty = 0
            while values[target] >= counter.limit:
                values[target] -= counter.limit_subtract
                penalty += counter.limit_points
            if penalty:
                lines.append(ScoreLine(counter.name, counter.per, target, penalty))
                _credit(sides, seats, per_side, target, penalty)
        counters.append(tuple(values))
    return HandScore(tuple(lines), (sides[0], sides[1]), (seats[0], seats[1], seats[2], seats[3]), tuple(counters))


def _credit(sides: list[int], seats: list[int], per_side: bool, target: int, value: int) -> None:
    if per_side:
        sides[target] += value
    else:
        seats[target] += value
        sides[target & 1] += value


def match_winner(rules: Rules, facts: Facts) -> int | None:
    """The winning side given the totals after a hand, or None to play on.

    A side qualifies when `match.wins` holds for it or `match.loses` holds for
    the other side. One qualifier wins; two play on, or the higher total wins
    under `when_both: higher-total` (equal totals play on).
    """
    match = rules.match
    first = match.wins(facts, 0)
    second = match.wins(facts, 1)
    if match.loses is not None:
        first = first or match.loses(facts, 1)
        second = second or match.loses(facts, 0)
    if first != second:
        return 0 if first else 1
    totals = facts.totals_side
    if first and match.when_both is WhenBoth.HIGHER_TOTAL and totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    return None

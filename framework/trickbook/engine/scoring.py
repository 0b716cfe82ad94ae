"""Scores a finished hand and decides whether the match is over, from `Facts` and compiled rules alone."""

from __future__ import annotations

from typing import NamedTuple

from .. import limits
from ..errors import RulesRuntimeError
from ..expr.facts import Facts
from ..ruleset.rules import Rules, Tie, WhenBoth
from .events import ScoreLine


class HandScore(NamedTuple):
    """A hand's points by rule, per side and per seat, and the counters after it."""

    lines: tuple[ScoreLine, ...]
    sides: tuple[int, ...]
    seats: tuple[int, ...]
    counters: tuple[tuple[int, ...], ...]


def score_hand(rules: Rules, facts: Facts) -> HandScore:
    """Runs the scoring rules in written order (each sees the points of the rules before it, not its own), then
    counters and their penalties.

    `facts.counters` holds the counter values before this hand; `facts.hand_side`
    and `facts.hand_seat` are filled in as the rules run. A seat's points also
    count for its side, when the table has sides.
    """
    lines: list[ScoreLine] = []
    sides = facts.hand_side
    seats = facts.hand_seat
    side_of = facts.side_of
    everyone = facts.seats
    all_sides = facts.sides
    for rule in rules.scoring.rules:
        per_side = rule.per == "side"
        when = rule.when.function if rule.when is not None else None
        points = rule.points.function
        # Every target of a rule is scored before any is credited: `hand_score` inside a rule sees the rules
        # before it, never what the same rule gave another seat or side.
        given = [
            (target, points(facts, target))
            for target in (all_sides if per_side else everyone)
            if when is None or when(facts, target)
        ]
        for target, value in given:
            if not -limits.MAX_POINTS <= value <= limits.MAX_POINTS:
                raise _unbounded(rules, f"scoring.rules.{rule.name}", value)
            lines.append(ScoreLine(rule.name, rule.per, target, value))
            _credit(sides, seats, side_of, per_side, target, value)
    counters = []
    for index, counter in enumerate(rules.counters):
        values = list(facts.counters[index])
        per_side = counter.per == "side"
        reset = counter.reset_when.function if counter.reset_when is not None else None
        for target in range(len(values)):
            if reset is not None and reset(facts, target):
                values[target] = counter.start
                continue
            values[target] += counter.add.function(facts, target)
            if not -limits.MAX_POINTS <= values[target] <= limits.MAX_POINTS:
                raise _unbounded(rules, f"counters.{counter.name}", values[target])
            if counter.limit is None or values[target] < counter.limit:
                continue
            times = _times_at_limit(values[target], counter.limit, counter.limit_subtract)
            values[target] -= times * counter.limit_subtract
            penalty = times * counter.limit_points
            if penalty:
                lines.append(ScoreLine(counter.name, counter.per, target, penalty))
                _credit(sides, seats, side_of, per_side, target, penalty)
        counters.append(tuple(values))
    return HandScore(tuple(lines), tuple(sides), tuple(seats), tuple(counters))


def _unbounded(rules: Rules, where: str, value: int) -> RulesRuntimeError:
    digits, allowed = len(str(abs(value))), len(str(limits.MAX_POINTS)) - 1
    return RulesRuntimeError(
        f"{rules.file}: {where} reached a number of {digits} digits, beyond the {allowed}-digit limit: "
        "the rules make points grow without bound (does a score multiply a total?)"
    )


def _times_at_limit(value: int, limit: int, subtract: int) -> int:
    """How often a counter at `value` reaches `limit` while `subtract` is taken off each time (no loop to run long)."""
    return (value - limit) // subtract + 1


def _credit(
    sides: list[int], seats: list[int], side_of: tuple[int, ...], per_side: bool, target: int, value: int
) -> None:
    if per_side:
        sides[target] += value
        return
    seats[target] += value
    side = side_of[target]
    if side >= 0:
        sides[side] += value


def match_winner(rules: Rules, facts: Facts) -> tuple[int, ...] | None:
    """The seats that won, given the totals after a hand; None to play on.

    A side (or seat, per `match.by`) qualifies when `match.wins` holds for it,
    when `match.loses` holds for another, or for everyone when `match.ends`
    holds. One qualifier wins. Several: play on, the higher (lower) total wins,
    or the hand's declarer if it qualifies, under `when_both`; equal best totals
    play on or share per `match.tie`.
    """
    match = rules.match
    per_side = match.by == "side"
    candidates = facts.sides if per_side else facts.seats
    totals = facts.totals_side if per_side else facts.totals_seat
    parting = match.when_both
    if match.ends is not None and match.ends(facts, None):
        qualified = list(candidates)
        parting = match.on_end
    else:
        wins = match.wins
        loses = match.loses
        losers = [c for c in candidates if loses(facts, c)] if loses is not None else []
        if losers:
            qualified = [c for c in candidates if (wins is not None and wins(facts, c)) or losers != [c]]
        elif wins is not None:
            qualified = [c for c in candidates if wins(facts, c)]
        else:
            qualified = []
    if not qualified:
        return None
    if len(qualified) > 1:
        if parting is WhenBoth.PLAY_ON:
            return None
        declarer = facts.declaring_side if per_side else facts.declarer
        if parting is WhenBoth.DECLARER and declarer in qualified:
            qualified = [declarer]
        else:
            best = (min if parting is WhenBoth.LOWER_TOTAL else max)(totals[c] for c in qualified)
            qualified = [c for c in qualified if totals[c] == best]
        if len(qualified) > 1 and match.tie is Tie.PLAY_ON:
            return None
    if not per_side:
        return tuple(qualified)
    return tuple(seat for side in qualified for seat in facts.side_seats[side])

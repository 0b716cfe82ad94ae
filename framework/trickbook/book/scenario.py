"""Worked examples: a hand's outcome given directly (bids, tricks, events, totals), scored by the real rules.

A scenario skips dealing and play: it states what happened and asks the
ruleset's own scoring and match-end rules what follows, through the same
functions the engine calls after a played hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..engine.facts import NO_NAME, NO_SEAT, NO_SUIT, Facts
from ..engine.scoring import HandScore, match_winner, score_hand
from ..errors import TrickbookError
from ..ruleset.rules import BiddingKind, Rules


class ScenarioError(TrickbookError):
    """A scenario that does not fit its ruleset (an unknown event, a bid out of range...)."""


@dataclass(frozen=True, slots=True)
class Scenario:
    """What happened in one hand, and the match state before it.

    `bids` holds one entry per seat: a number, a named bid, or None for a pass.
    In an auction, `declarer` names the winning seat and its bid is the contract.
    """

    tricks: Sequence[int]
    bids: Sequence[int | str | None] = (None, None, None, None)
    declarer: int | None = None
    trump: str | None = None
    dealer: int = 0
    hand_number: int = 1
    totals: Sequence[int] = (0, 0)
    seat_totals: Sequence[int] | None = None
    counters: Mapping[str, Sequence[int]] = field(default_factory=dict)
    events: Mapping[str, Sequence[int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the rules make of a scenario: the hand's score, the new totals and counters, and any winner."""

    score: HandScore
    totals: tuple[int, int]
    seat_totals: tuple[int, ...] | None
    counters: dict[str, tuple[int, ...]]
    winner: int | None


def evaluate(rules: Rules, scenario: Scenario) -> Outcome:
    """Scores the scenario's hand and checks the match end, exactly as after a played hand."""
    facts = scenario_facts(rules, scenario)
    score = score_hand(rules, facts)
    totals = (facts.totals_side[0] + score.sides[0], facts.totals_side[1] + score.sides[1])
    seat_totals = tuple(t + s for t, s in zip(facts.totals_seat, score.seats, strict=True))
    facts.totals_side = list(totals)
    facts.totals_seat = list(seat_totals)
    facts.counters = [list(c) for c in score.counters]
    winner = match_winner(rules, facts)
    counters = {c.name: score.counters[i] for i, c in enumerate(rules.counters)}
    return Outcome(score, totals, seat_totals if rules.personal else None, counters, winner)


def scenario_facts(rules: Rules, scenario: Scenario) -> Facts:
    """Builds the facts the engine would have after playing the scenario's hand."""
    if len(scenario.tricks) != 4 or sum(scenario.tricks) != rules.hand_size:
        raise ScenarioError(
            f"tricks must give four seats' tricks adding up to {rules.hand_size}, not {list(scenario.tricks)}"
        )
    bids, names, passed = _bids(rules, scenario)
    declarer = NO_SEAT if scenario.declarer is None else scenario.declarer
    if rules.bidding.kind is BiddingKind.AUCTION:
        if declarer == NO_SEAT:
            raise ScenarioError("an auction scenario needs `declarer`")
        contract = [0, 0]
        contract[declarer & 1] = bids[declarer]
    else:
        contract = [bids[0] + bids[2], bids[1] + bids[3]]
    seat_totals = list(scenario.seat_totals) if scenario.seat_totals is not None else [0, 0, 0, 0]
    totals = list(scenario.totals)
    if rules.personal and scenario.seat_totals is not None:
        totals = [seat_totals[0] + seat_totals[2], seat_totals[1] + seat_totals[3]]
    tricks = list(scenario.tricks)
    return Facts(
        dealer=scenario.dealer,
        declarer=declarer,
        declaring_side=declarer & 1 if declarer != NO_SEAT else NO_SEAT,
        trump=_trump(rules, scenario.trump),
        hand_number=scenario.hand_number,
        bids=bids,
        bid_names=names,
        passed=passed,
        contract=contract,
        tricks=tricks,
        side_tricks=[tricks[0] + tricks[2], tricks[1] + tricks[3]],
        totals_side=totals,
        totals_seat=seat_totals,
        counters=_named_lists(
            [c.name for c in rules.counters],
            [[c.start] * (2 if c.per == "side" else 4) for c in rules.counters],
            scenario.counters,
            "counter",
        ),
        events=_named_lists(
            [e.name for e in rules.events], [[0, 0, 0, 0] for _ in rules.events], scenario.events, "event"
        ),
    )


def _bids(rules: Rules, scenario: Scenario) -> tuple[list[int], list[int], list[bool]]:
    bidding = rules.bidding
    named = [n.name for n in bidding.named]
    bids, names, passed = [0, 0, 0, 0], [NO_NAME] * 4, [False] * 4
    if len(scenario.bids) != 4:
        raise ScenarioError(f"bids must list four seats, not {list(scenario.bids)}")
    for seat, bid in enumerate(scenario.bids):
        if bid is None:
            passed[seat] = True
        elif isinstance(bid, str):
            if bid not in named:
                raise ScenarioError(
                    f"{bid!r} is not a named bid of {rules.id}; named bids: {', '.join(named) or 'none'}"
                )
            names[seat] = named.index(bid)
            bids[seat] = bidding.named[names[seat]].value
        elif not bidding.min <= bid <= bidding.max:
            raise ScenarioError(f"the bid {bid} is outside {bidding.min}..{bidding.max}")
        else:
            bids[seat] = bid
    return bids, names, passed


def _trump(rules: Rules, code: str | None) -> int:
    if code is None:
        return NO_SUIT
    try:
        return rules.deck.suit_index(code)
    except KeyError:
        raise ScenarioError(f"{code!r} is not a suit of the {rules.deck.title}") from None


def _named_lists(
    names: Sequence[str], defaults: Sequence[list[int]], given: Mapping[str, Sequence[int]], kind: str
) -> list[list[int]]:
    for name in given:
        if name not in names:
            raise ScenarioError(f"{name!r} is not a {kind} of this ruleset; {kind}s: {', '.join(names) or 'none'}")
    return [list(given[name]) if name in given else default for name, default in zip(names, defaults, strict=True)]

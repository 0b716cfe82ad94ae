"""What one match says about its rules, in a few numbers, and how many matches add up with confidence intervals."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.history import HandResult, Move
from ..ruleset.actions import ActionKind
from ..ruleset.rules import BiddingKind, Rules


@dataclass(frozen=True, slots=True)
class MatchStats:
    """The counts one match contributes to a comparison; small and picklable, so workers send only these."""

    winner: tuple[int, ...] | None
    """The seats that won."""
    first_dealer: int
    hands: int
    cancelled: int
    contracts: int
    made: int
    bids: tuple[tuple[str, int], ...]
    points: int
    lines: tuple[tuple[str, int, int], ...]
    all_tricks: int
    """Played hands in which one side (or, without sides, one player) took every trick."""
    automatic: int
    events: tuple[tuple[str, int], ...]
    """For each trick event, in how many played hands it happened."""
    lead_changes: int
    comeback: bool
    shape: Shape | None = None
    """How the match went for its winner (None for a match that ended without one)."""
    strong_won: bool | None = None
    """In restricted play, whether the party the stronger player held won (None: not such a match, or no winner)."""
    parties: int = 0
    """How many parties (sides, or players without sides) could win."""
    contracts_named: tuple[tuple[str, int], ...] = ()
    """How often each contract was played, by the bid that set it (an auction's last bid; every declaration)."""


@dataclass(frozen=True, slots=True)
class Shape:
    """The designer's measures of one finished match, read from the totals after each played hand.

    A *typical hand* is the mean, over the played hands that scored, of the largest amount any party's total
    moved in that hand: the unit in which margins and deficits are counted.
    """

    margin: float
    """The winner's final lead over the best other party, in points (below 0 for a match won otherwise than by
    the totals, such as a slam that wins at once)."""
    close: bool
    """The final margin was at most one typical hand."""
    decided_at: float
    """The share of the played hands after which the winner led alone for good (1.0: only the last hand)."""
    deficit: float
    """The winner's largest deficit behind the leader during the match, in typical hands (0: never behind)."""


def parties(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Who can win a match of these rules: each side's seats, or each seat alone."""
    if rules.match.by == "side":
        return rules.seating.sides
    return tuple((seat,) for seat in range(rules.seats))


def party_names(rules: Rules) -> tuple[str, ...]:
    """What `parties` are called: the sides' names, or the seats'."""
    return rules.seating.side_names if rules.match.by == "side" else rules.seating.seat_names


def match_stats(game: Game, strong: int = -1) -> MatchStats:
    """Counts everything a comparison reports from one finished (or capped) match; `strong` is the party of the
    stronger player in a match of restricted play."""
    rules = game.rules
    actions = rules.actions
    history = game.history
    bids: Counter[str] = Counter()
    lines: dict[str, list[int]] = {}
    events: Counter[str] = Counter()
    contracts = made = points = all_tricks = automatic = 0
    groups = rules.seating.sides or tuple((seat,) for seat in range(rules.seats))
    named: Counter[str] = Counter()
    declarations = rules.bidding.kind is BiddingKind.DECLARATIONS
    for hand in history:
        last = None
        for move in hand.moves:
            kind = actions.kinds[move.action]
            if kind == ActionKind.BID:
                last = actions.text(move.action)[4:]
                bids[last] += 1
                named[last] += declarations
                automatic += move.auto
        if hand.cancelled:
            continue
        if last is not None and not declarations:
            named[last] += 1
        held, kept = _contracts(rules, hand.contract, hand.declarer, hand.tricks_won, hand.moves)
        contracts += held
        made += kept
        points += sum(hand.score) if hand.score else sum(hand.seat_score or ())
        taken = hand.tricks_won
        all_tricks += max(sum(taken[s] for s in group) for group in groups) == sum(taken)
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
    standings = [_standing(rules, h) for h in played]
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
        lead_changes=_lead_changes(standings, rules.match.lower_wins),
        comeback=_comeback(rules, standings, game.winner),
        shape=match_shape(standings, _winning_party(rules, game.winner), rules.match.lower_wins),
        strong_won=None if strong < 0 or game.winner is None else set(parties(rules)[strong]) <= set(game.winner),
        parties=len(parties(rules)),
        contracts_named=tuple(sorted((bid, count) for bid, count in named.items() if count)),
    )


def _winning_party(rules: Rules, winner: tuple[int, ...] | None) -> int | None:
    """The index of the party (side or seat) that won, or None."""
    if winner is None:
        return None
    won = [i for i, members in enumerate(parties(rules)) if set(members) <= set(winner)]
    return won[0] if len(won) == 1 else None


def match_shape(standings: Sequence[tuple[int, ...]], party: int | None, lower_wins: bool) -> Shape | None:
    """The designer's measures of a match from each party's total after every played hand (see `Shape`)."""
    if party is None or not standings or len(standings[0]) < 2:
        return None
    sign = -1 if lower_wins else 1
    before = (0,) * len(standings[0])
    swings = []
    for totals in standings:
        swing = max(abs(now - then) for now, then in zip(totals, before, strict=True))
        if swing:
            swings.append(swing)
        before = totals
    typical = sum(swings) / len(swings) if swings else 1.0
    final = standings[-1]
    margin = sign * (final[party] - max(sign * t for i, t in enumerate(final) if i != party) * sign)
    leading_from = len(standings)
    for index in range(len(standings) - 1, -1, -1):
        totals = standings[index]
        if all(sign * totals[party] > sign * t for i, t in enumerate(totals) if i != party):
            leading_from = index
        else:
            break
    deficit = max(max(sign * t for t in totals) - sign * totals[party] for totals in standings)
    return Shape(
        margin=float(margin),
        close=margin <= typical,
        decided_at=min(1.0, (leading_from + 1) / len(standings)),
        deficit=deficit / typical,
    )


def _standing(rules: Rules, hand: HandResult) -> tuple[int, ...]:
    """Each party's total after a hand: sides' totals, or seats' when a single seat wins a match."""
    if rules.match.by == "side":
        return hand.totals
    return hand.seat_totals or (0,) * rules.seats


def _contracts(
    rules: Rules, contract: tuple[int, ...], declarer: int, taken: tuple[int, ...], moves: Sequence[Move]
) -> tuple[int, int]:
    """Contracts in a played hand and how many were made.

    An auction's contract belongs to the declarer's side (or the declarer); with
    declarations, each side with a contract above 0 holds one, or, when players
    score personally or play alone, each player with a bid above 0. Bids from a
    list of values (a game's worth, points to make) are no tricks to count.
    """
    seating = rules.seating
    if not rules.bidding.present or rules.bidding.values:  # bids of a list of values are points, not tricks
        return 0, 0
    if rules.bidding.kind is BiddingKind.AUCTION:
        if declarer < 0:
            return 0, 0
        side = seating.side_of[declarer]
        members = seating.sides[side] if side >= 0 else (declarer,)
        return 1, int(sum(taken[s] for s in members) >= contract[side if side >= 0 else declarer])
    if rules.personal or not seating.has_sides:
        bids = [0] * rules.seats
        for move in moves:
            if rules.actions.kinds[move.action] == ActionKind.BID:
                bids[move.seat] = rules.actions.bid_values[move.action]
        held = [s for s in range(rules.seats) if bids[s] > 0]
        return len(held), sum(taken[s] >= bids[s] for s in held)
    sides = [s for s in range(len(seating.sides)) if contract[s] > 0]
    return len(sides), sum(sum(taken[p] for p in seating.sides[s]) >= contract[s] for s in sides)


def _leader(totals: tuple[int, ...], lower_wins: bool) -> int | None:
    """The party alone in the lead, or None when the lead is shared."""
    best = min(totals) if lower_wins else max(totals)
    leaders = [i for i, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def _lead_changes(standings: Sequence[tuple[int, ...]], lower_wins: bool) -> int:
    changes = 0
    leader = None
    for totals in standings:
        now = _leader(totals, lower_wins)
        if now is not None and leader is not None and now != leader:
            changes += 1
        if now is not None:
            leader = now
    return changes


def _comeback(rules: Rules, standings: Sequence[tuple[int, ...]], winner: tuple[int, ...] | None) -> bool:
    """True when a winner was behind after the middle hand of the match (not alone or jointly in the lead)."""
    if winner is None or not standings:
        return False
    middle = standings[(len(standings) - 1) // 2]
    won = [i for i, members in enumerate(parties(rules)) if set(members) <= set(winner)]
    best = min(middle) if rules.match.lower_wins else max(middle)
    return bool(won) and all(middle[i] != best for i in won)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A value with its 95% confidence interval."""

    value: float
    low: float
    high: float

    @property
    def known(self) -> bool:
        """False when nothing was there to estimate (a rate of something that cannot happen)."""
        return not math.isnan(self.value)

    def text(self, percent: bool) -> str:
        if percent:
            return f"{100 * self.value:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"
        return f"{self.value:.2f} [{self.low:.2f}, {self.high:.2f}]"


Z95 = 1.959964

_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131)
"""Student's t at 97.5% for 1 to 15 degrees of freedom (from the standard tables)."""


def t95(freedom: int) -> float:
    """Student's t quantile for a two-sided 95% interval: a mean of few matches is far less sure than the normal
    approximation says (with 4 matches 3.18, not 1.96). Past the table, the Cornish-Fisher series in 1/freedom,
    within 0.0002 of the exact value from 16 degrees on."""
    if freedom <= len(_T95):
        return _T95[freedom - 1]
    z, f = Z95, freedom
    return (
        z
        + (z**3 + z) / (4 * f)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * f**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * f**3)
    )


def proportion(successes: int, trials: int) -> Estimate:
    """Wilson's 95% interval for a proportion."""
    if trials == 0:
        return Estimate(math.nan, math.nan, math.nan)
    p = successes / trials
    centre = (p + Z95**2 / (2 * trials)) / (1 + Z95**2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / (1 + Z95**2 / trials)
    # Wilson's bounds hold p in exact arithmetic; rounding can put an end just past it at 0 or 1 successes.
    return Estimate(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def mean(values: Sequence[float], floor: float | None = None) -> Estimate:
    """The mean with Student's 95% interval, cut at `floor` for values that cannot go below it."""
    if not values:
        return Estimate(math.nan, math.nan, math.nan)
    average = sum(values) / len(values)
    if len(values) < 2:
        return Estimate(average, average, average)
    variance = sum((v - average) ** 2 for v in values) / (len(values) - 1)
    half = t95(len(values) - 1) * math.sqrt(variance / len(values))
    low = average - half if floor is None else max(floor, average - half)
    return Estimate(average, low, average + half)

"""Elo-style ratings of player kinds at one ruleset, from paired matches: how much stronger one kind plays.

A pairing seats kind A in one place of the table (a side, or a seat where
there are no sides) and kind B in all the others, on the same seeds for every
place. Read as Bradley-Terry strengths, with k places A wins a match with
chance gamma_A / (gamma_A + (k - 1) gamma_B); so A's win rate r gives
gamma_A / gamma_B = r (k - 1) / (1 - r), and 400 log10 of that is the Elo
difference: 0 when A wins its fair share 1/k, +191 at 75% of two places.
Ratings chain these differences from an anchor kind (random players, 0).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from .stats import Estimate, proportion

ELO_SCALE = 400
"""Elo points per factor of ten in the odds of winning."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """The outcome of one pairing: kind `first` in one of `places` places won `wins` of `matches` against `second`."""

    first: str
    second: str
    wins: int
    matches: int
    places: int


def elo_difference(wins: float, matches: int, places: int) -> float:
    """How many Elo points the first kind is above the second, from its wins; half a win is added to each side
    of the count so that all or none won gives a finite (if large) difference."""
    rate = (wins + 0.5) / (matches + 1)
    return ELO_SCALE * math.log10(rate * (places - 1) / (1 - rate))


def difference(pairing: Pairing) -> Estimate:
    """The Elo difference of a pairing, with the ends of the Wilson 95% interval of its win rate carried over."""
    rate = proportion(pairing.wins, pairing.matches)
    ends = [elo_difference(share * pairing.matches, pairing.matches, pairing.places) for share in (rate.low, rate.high)]
    return Estimate(elo_difference(pairing.wins, pairing.matches, pairing.places), ends[0], ends[1])


def ratings(pairings: Iterable[Pairing], anchor: str = "random") -> dict[str, Estimate]:
    """Each kind's rating, chained through the pairings from `anchor` (rated 0); a kind paired only with kinds
    that cannot be reached from the anchor gets none. The interval of a chained rating adds up the half-widths
    of its links: the lowest ends added up, and the highest (a wide but safe bound)."""
    found = {anchor: Estimate(0.0, 0.0, 0.0)}
    links = list(pairings)
    grew = True
    while grew:
        grew = False
        for link in links:
            known, new, sign = (link.second, link.first, 1) if link.second in found else (link.first, link.second, -1)
            if known not in found or new in found:
                continue
            step = difference(link)
            base = found[known]
            low, high = (step.low, step.high) if sign > 0 else (-step.high, -step.low)
            found[new] = Estimate(base.value + sign * step.value, base.low + low, base.high + high)
            grew = True
    return found

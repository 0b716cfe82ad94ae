"""Paired differences between rulesets: the same seeds dealt the same cards, so each match of B is compared with
the match of A on its seed, and the interval of the difference is the one of the per-seed differences.

Pairing removes the luck of the deal that both rulesets share, so a difference shows with far fewer matches
than two separate intervals would need. Each metric here is a per-match value (a match where it does not
apply, a comeback in an unfinished match say, is left out of the pairs).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import Said, Say, Value, _, said
from .stats import Z95, MatchStats, t95

PerMatch = Callable[[MatchStats], float | None]

METRICS: dict[str, tuple[PerMatch, str, str]] = {
    _("hands per match"): (lambda s: s.hands, _("longer"), _("shorter")),
    _("played hands per match"): (
        lambda s: s.hands - s.cancelled,
        _("longer in played hands"),
        _("shorter in played hands"),
    ),
    _("matches finished"): (lambda s: float(s.winner is not None), _("finish more often"), _("finish less often")),
    _("lead changes per match"): (
        lambda s: s.lead_changes,
        _("change leader more often"),
        _("change leader less often"),
    ),
    _("comebacks (winner behind at mid-match)"): (
        lambda s: float(s.comeback) if s.winner is not None else None,
        _("see more comebacks"),
        _("see fewer comebacks"),
    ),
    _("points per played hand"): (
        lambda s: s.points / (s.hands - s.cancelled) if s.hands > s.cancelled else None,
        _("score more per hand"),
        _("score less per hand"),
    ),
    _("final margin (points)"): (
        lambda s: s.shape.margin if s.shape else None,
        _("end with wider margins"),
        _("end with narrower margins"),
    ),
    _("close finishes (margin within a typical hand)"): (
        lambda s: float(s.shape.close) if s.shape else None,
        _("finish close more often"),
        _("finish close less often"),
    ),
    _("decided at (share of the match)"): (
        lambda s: s.shape.decided_at if s.shape else None,
        _("are decided later (less decisive)"),
        _("are decided earlier (more decisive)"),
    ),
    _("winner's largest deficit (typical hands)"): (
        lambda s: s.shape.deficit if s.shape else None,
        _("have more drama (winners further behind)"),
        _("have less drama (winners less far behind)"),
    ),
    _("contracts made"): (
        lambda s: s.made / s.contracts if s.contracts else None,
        _("make more contracts"),
        _("make fewer contracts"),
    ),
}
"""Each metric: its value in one match (None where it does not apply), and how B's matches differ when it is
larger or smaller."""

SKILL_METRICS: dict[str, tuple[PerMatch, str, str]] = {
    _("skill: its edge over a fair share"): (
        lambda s: float(s.strong_won) - 1 / s.parties if s.strong_won is not None else None,
        _("reward skill more (the stronger player wins more often)"),
        _("reward skill less (luck counts for more)"),
    ),
}
"""Measured on the matches of restricted play (a stronger player against weaker ones, the same seeds)."""


@dataclass(frozen=True, slots=True)
class Difference:
    """B minus A for one metric, over the seeds both played: the mean, its 95% interval and how many pairs."""

    metric: str
    mean: float
    low: float
    high: float
    pairs: int
    spread: float
    """The standard deviation of the per-seed differences (what the matches needed to see a difference hang on)."""
    larger: str
    smaller: str

    @property
    def detected(self) -> bool:
        """True when the interval leaves out zero."""
        return self.low > 0 or self.high < 0

    def matches_needed(self) -> int | None:
        """About how many matches would give an interval narrow enough to tell this difference from none."""
        if self.mean == 0 or self.spread == 0:
            return None
        return math.ceil((Z95 * self.spread / abs(self.mean)) ** 2)

    def verdict(self, label: str, say: Say = str) -> str:
        """`B: matches longer (hands per match +2.10 [1.40, 2.80])`, or why no difference shows at this size; in
        English, or in the language `say` speaks."""
        percent = self.metric in PERCENT
        shown = said(
            "{mean} [{low}, {high}]",
            mean=_number(self.mean, percent, True),
            low=_number(self.low, percent),
            high=_number(self.high, percent),
        )
        if self.spread == 0 and self.mean == 0:
            return say(said("{label}: no change in {metric} in any of the {pairs} matches", **self._values(label)))
        if self.detected:
            way = Said(self.larger if self.mean > 0 else self.smaller)
            return say(said("{label}: matches {way} ({metric} {shown})", **self._values(label), way=way, shown=shown))
        needed = self.matches_needed()
        if needed is None:
            return say(
                said(
                    "{label}: no difference detected in {metric} with {pairs} matches ({shown})",
                    **self._values(label),
                    shown=shown,
                )
            )
        return say(
            said(
                "{label}: no difference detected in {metric} with {pairs} matches ({shown}); "
                "a difference this size would take about {needed} matches to show",
                **self._values(label),
                shown=shown,
                needed=f"{needed:,}",
            )
        )

    def _values(self, label: str) -> dict[str, Value]:
        """The places every verdict fills: the ruleset's label, the measure and the number of matches."""
        return {"label": label, "metric": Said(self.metric), "pairs": self.pairs}


def _number(value: float, percent: bool, sign: bool = False) -> Value:
    """A difference as people read it: shares in percentage points (pp), counts with two decimals."""
    plus = "+" if sign else ""
    return said("{points} pp", points=f"{100 * value:{plus}.1f}") if percent else f"{value:{plus}.2f}"


def paired(
    first: Sequence[MatchStats], second: Sequence[MatchStats], metrics: dict[str, tuple[PerMatch, str, str]] = METRICS
) -> list[Difference]:
    """Every metric's difference `second` - `first`, match by match (the same seeds in the same order)."""
    out = []
    for metric, (value, larger, smaller) in metrics.items():
        gaps = []
        for a, b in zip(first, second, strict=True):
            x, y = value(a), value(b)
            if x is not None and y is not None:
                gaps.append(y - x)
        if len(gaps) < 2:
            continue
        average = sum(gaps) / len(gaps)
        spread = math.sqrt(sum((g - average) ** 2 for g in gaps) / (len(gaps) - 1))
        half = t95(len(gaps) - 1) * spread / math.sqrt(len(gaps))
        low, high = average - half, average + half
        if metric in PERCENT:  # a difference of two shares lies between -100 and +100 percentage points
            low, high = max(-1.0, low), min(1.0, high)
        out.append(Difference(metric, average, low, high, len(gaps), spread, larger, smaller))
    return out


def as_json(difference: Difference) -> dict[str, Any]:
    """A difference for `compare --json`."""
    return {
        "metric": difference.metric,
        "mean": difference.mean,
        "low": difference.low,
        "high": difference.high,
        "pairs": difference.pairs,
        "detected": difference.detected,
        "matches_needed": difference.matches_needed(),
    }


PERCENT = frozenset(
    {
        "matches finished",
        "comebacks (winner behind at mid-match)",
        "contracts made",
        "close finishes (margin within a typical hand)",
        "skill: its edge over a fair share",
    }
)
"""Metrics that are shares: their differences are in percentage points."""

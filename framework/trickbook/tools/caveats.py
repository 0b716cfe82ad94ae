"""Signs that a comparison measures its players rather than its rules, said before any difference is reported.

Players that cannot finish a game, that throw most hands in, or that play one contract nearly every time
make a ruleset look the way they play it. Each sign is counted from the matches already played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..ruleset.actions import ActionKind
from ..ruleset.rules import Rules
from .stats import MatchStats

MOSTLY_THROWN_IN = 0.5
"""A share of thrown-in hands above which the players, not the rules, may be deciding the game."""
ONE_CONTRACT = 0.75
"""A share of played contracts that one bid may not exceed without a word, where the rules offer several."""
FEWEST_CONTRACTS = 20
"""Below this many contracts the share of one says too little to warn about."""


def caveats(rules: Rules, stats: Sequence[MatchStats], hand_cap: int) -> tuple[str, ...]:
    """What in these matches suggests the players misplay the game: each sign in a sentence, or none."""
    out = []
    capped = sum(s.winner is None for s in stats)
    if capped:
        out.append(
            f"{capped} of {len(stats)} matches reached the hand cap of {hand_cap:,} hand{'s' * (hand_cap != 1)} "
            "unfinished: "
            "the players may not know how to end this game"
        )
    hands = sum(s.hands for s in stats)
    thrown = sum(s.cancelled for s in stats)
    if hands and thrown / hands > MOSTLY_THROWN_IN:
        out.append(f"{thrown:,} of {hands:,} hands ({thrown / hands:.0%}) were thrown in: the players rarely bid")
    played: Counter[str] = Counter()
    for s in stats:
        played.update(dict(s.contracts_named))
    total = sum(played.values())
    offered = sum(kind == ActionKind.BID for kind in rules.actions.kinds)
    if total >= FEWEST_CONTRACTS and offered > 2:
        bid, count = played.most_common(1)[0]
        if count / total > ONE_CONTRACT:
            out.append(
                f"{count:,} of {total:,} contracts ({count / total:.0%}) were {bid}: "
                "the players may be bidding one contract whatever they hold"
            )
    return tuple(out)

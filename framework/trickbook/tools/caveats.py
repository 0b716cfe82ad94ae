"""Signs that a comparison measures its players rather than its rules, said before any difference is reported.

Players that cannot finish a game, that throw most hands in, or that play one contract nearly every time
make a ruleset look the way they play it. Each sign is counted from the matches already played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..errors import Said, said
from ..ruleset.actions import ActionKind
from ..ruleset.rules import Rules
from .stats import MatchStats

MOSTLY_THROWN_IN = 0.5
"""A share of thrown-in hands above which the players, not the rules, may be deciding the game."""
ONE_CONTRACT = 0.75
"""A share of played contracts that one bid may not exceed without a word, where the rules offer several."""
FEWEST_CONTRACTS = 20
"""Below this many contracts the share of one says too little to warn about."""


def caveats(rules: Rules, stats: Sequence[MatchStats], hand_cap: int) -> tuple[Said, ...]:
    """What in these matches suggests the players misplay the game: each sign in a sentence, or none."""
    out = []
    capped = sum(s.winner is None for s in stats)
    if capped:
        cap = (
            said("the hand cap of {count} hands", count=f"{hand_cap:,}")
            if hand_cap != 1
            else said("the hand cap of 1 hand")
        )
        out.append(
            said(
                "{capped} of {matches} matches reached {cap} unfinished: the players may not know how to end this game",
                capped=capped,
                matches=len(stats),
                cap=cap,
            )
        )
    hands = sum(s.hands for s in stats)
    thrown = sum(s.cancelled for s in stats)
    if hands and thrown / hands > MOSTLY_THROWN_IN:
        out.append(
            said(
                "{thrown} of {hands} hands ({share}) were thrown in: the players rarely bid",
                thrown=f"{thrown:,}",
                hands=f"{hands:,}",
                share=f"{thrown / hands:.0%}",
            )
        )
    played: Counter[str] = Counter()
    for s in stats:
        played.update(dict(s.contracts_named))
    total = sum(played.values())
    offered = sum(kind == ActionKind.BID for kind in rules.actions.kinds)
    if total >= FEWEST_CONTRACTS and offered > 2:
        bid, count = played.most_common(1)[0]
        if count / total > ONE_CONTRACT:
            out.append(
                said(
                    "{count} of {total} contracts ({share}) were {bid}: "
                    "the players may be bidding one contract whatever they hold",
                    count=f"{count:,}",
                    total=f"{total:,}",
                    share=f"{count / total:.0%}",
                    bid=bid,
                )
            )
    return tuple(out)

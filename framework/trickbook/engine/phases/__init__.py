"""The phases a hand may have before its tricks, as building blocks behind one protocol (`base.Phase`).

A ruleset names which phases its hands have (a `passing` key, a `bidding.kind`, a `trump.mode` of `chosen` or
`made`, `bidding.estimates`, `doubling`, `exchange`, `announcements`, `alone`, `showing`); `pipeline` lists them in
the order a hand runs them, then the tricks are played. Each phase says who acts, which actions are legal, what an
action does, why one is refused (in words a player understands) and which move a timed-out seat gets. A phase sees
the game only through `host.PhaseHost` and holds no state of its own, so one object serves every game.

A new phase needs, besides its module here: its key in `schemas/ruleset.schema.json` and its rules record from
`ruleset/builder.py`; a `PhaseKind` in `engine/kinds.py` if players decide anything new in it; its place in
`pipeline` below; an entry in each outer layer's table keyed by `PhaseKind` (players, terminal, web; the test
`tests/test_registries.py` names any that lacks it); its sentence in the rule book (`book/words.py`).
"""

from __future__ import annotations

from ...ruleset.rules import BiddingKind, Rules, TrumpMode
from .alone import Alone
from .announcing import Announcing
from .auction import Auction, Duels
from .base import Phase
from .calls import Calls
from .declarations import Declarations
from .doubling import Doubling
from .estimates import Estimates
from .exchange import Exchange
from .passing import Passing
from .rest import RestDealing
from .showing import Showing
from .trump import TrumpChoice, TrumpMaking

__all__ = ["BIDDING_KINDS", "Phase", "pipeline"]


BIDDING_KINDS: dict[BiddingKind, Phase] = {
    BiddingKind.AUCTION: Auction(),
    BiddingKind.CALLS: Calls(),
    BiddingKind.DECLARATIONS: Declarations(),
}
"""The registry of bidding phases by `bidding.kind` (`none`: no bidding phase)."""

PASSING_PHASE: Phase = Passing()
TRUMP_CHOICE: Phase = TrumpChoice()
TRUMP_MAKING: Phase = TrumpMaking()
ESTIMATES_PHASE: Phase = Estimates()
EXCHANGE_PHASE: Phase = Exchange()
ALONE_PHASE: Phase = Alone()
ANNOUNCING_PHASE: Phase = Announcing()
DOUBLING_PHASE: Phase = Doubling()
SHOWING_PHASE: Phase = Showing()
REST_DEALING: Phase = RestDealing()


DUELS_PHASE: Phase = Duels()


def pipeline(rules: Rules) -> tuple[Phase, ...]:
    """The phases a hand of these rules goes through before its tricks, in order."""
    phases: list[Phase] = []
    if rules.passing is not None:
        phases.append(PASSING_PHASE)
    if rules.bidding.duels:
        phases.append(DUELS_PHASE)
    elif rules.bidding.kind in BIDDING_KINDS:
        phases.append(BIDDING_KINDS[rules.bidding.kind])
    early = rules.exchange is not None and rules.exchange.before_trump
    if early:
        phases.append(EXCHANGE_PHASE)
    if rules.trump.mode is TrumpMode.CHOSEN:
        phases.append(TRUMP_CHOICE)
    elif rules.trump.mode is TrumpMode.MADE:
        phases.append(TRUMP_MAKING)
    if rules.deal.rest is not None:
        phases.append(REST_DEALING)
    if rules.bidding.estimates is not None:
        phases.append(ESTIMATES_PHASE)
    if rules.doubling is not None:
        phases.append(DOUBLING_PHASE)
    if rules.exchange is not None and not early:
        phases.append(EXCHANGE_PHASE)
    if rules.announcements:
        phases.append(ANNOUNCING_PHASE)
    if rules.alone is not None:
        phases.append(ALONE_PHASE)
    if rules.showing:
        phases.append(SHOWING_PHASE)
    return tuple(phases)

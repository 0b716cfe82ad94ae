"""Declarations: every seat states its bid once in turn, after an optional blind round (`kind: declarations`)."""

from __future__ import annotations

from ...errors import ActionError, IllegalAction, Said, _, said
from ...ruleset.actions import ActionKind
from ...ruleset.rules import BidBan
from ..host import PhaseHost
from ..kinds import BIDDING
from .bidding import finish_bidding, timeout_bid


class Declarations:
    """Every seat declares once in turn from the player after the dealer; a blind round may come first."""

    code = BIDDING

    def start(self, game: PhaseHost) -> None:
        bidding = game.rules.bidding
        if bidding.max_bid is not None:
            game._bid_max = min(bidding.max, max(bidding.min, int(bidding.max_bid(game._facts()))))
        game._phase = BIDDING
        game._turn = game._next[game._dealer]

    def choices(self, game: PhaseHost) -> tuple[int, ...]:
        """The declarations the ruleset offers this hand, before any ban."""
        actions = game.rules.actions
        if game._blind_round:
            return actions.blind_choices
        return actions.declarations_upto[game._bid_max]

    def legal(self, game: PhaseHost) -> tuple[int, ...]:
        return unbanned(game, self.choices(game), game.rules.bidding.bans)

    def apply(self, game: PhaseHost, action: int, auto: bool) -> None:
        if action not in self.legal(game):
            raise self.refuse(game, action)
        seat = game._turn
        game._record(action, auto)
        declare(game, seat, action)

    def refuse(self, game: PhaseHost, action: int) -> ActionError:
        rules = game.rules
        actions = rules.actions
        bidding = rules.bidding
        text = actions.text(action)
        if actions.kinds[action] not in (ActionKind.BID, ActionKind.PASS):
            return IllegalAction(
                said("it is the bidding: you must declare, not {action}", action=text), rule=_("bidding comes first")
            )
        if action in self.choices(game):
            ban = ban_of(game, action)
            assert ban is not None
            why = not_allowed(text, ban.description)
            return IllegalAction(why, rule=f"bidding.forbid.{ban.name}")
        if game._blind_round:
            blind = ", ".join(actions.text(a) for a in actions.blind_choices[1:])
            return IllegalAction(
                said(
                    "first each player, before looking at their cards, may bid blind ({bids}) or pass to look",
                    bids=blind,
                ),
                rule=_("blind bids come first"),
            )
        if actions.kinds[action] == ActionKind.PASS:
            return IllegalAction(
                said("there is no pass: declare {low} to {high}", low=bidding.min, high=game._bid_max),
                rule=_("every player declares once"),
            )
        return IllegalAction(
            said(
                "{action} is not allowed: declarations are {low} to {high}",
                action=text,
                low=bidding.min,
                high=game._bid_max,
            ),
            rule="bidding.bids",
        )

    def timeout(self, game: PhaseHost) -> int:
        return timeout_bid(game, self.legal(game))


def declare(game: PhaseHost, seat: int, action: int) -> None:
    """A declaration, or in a blind round a blind bid or a pass (which means: I look at my cards)."""
    actions = game.rules.actions
    if action != actions.pass_action:
        game._bids[seat] = actions.bid_values[action]
        game._bid_names[seat] = actions.name_index[action]
        if game._blind_round:
            game._blind_bidders |= 1 << seat
    if game._blind_round:
        game._looked |= 1 << seat
    game._bid_count += 1
    if game._bid_count < game._seats:
        game._turn = next_declarer(game, seat)
        return
    if not game._blind_round:
        finish_bidding(game)
        return
    game._blind_round = False
    game._bid_count = game._blind_bidders.bit_count()
    if game._bid_count == game._seats:
        finish_bidding(game)
    else:
        game._turn = next_declarer(game, game._dealer)


def next_declarer(game: PhaseHost, seat: int) -> int:
    """The next seat to declare; the regular round skips those who bid blind."""
    nxt = game._next[seat]
    while not game._blind_round and game._blind_bidders & (1 << nxt):
        nxt = game._next[nxt]
    return nxt


def not_allowed(text: str, description: str) -> Said:
    """Why a bid that a ban forbids is refused, with the ban's own words where the ruleset gives them."""
    if description:
        return said("{action} is not allowed now: {why}", action=text, why=description)
    return said("{action} is not allowed now", action=text)


def ban_of(game: PhaseHost, action: int, bans: tuple[BidBan, ...] | None = None) -> BidBan | None:
    """The first of `bans` (by default `bidding.forbid`) that bans this bid for the seat to act, if any."""
    actions = game.rules.actions
    facts = game._facts()
    facts.this_bid = actions.bid_values[action]
    facts.this_bid_name = actions.name_index[action]
    for ban in game.rules.bidding.bans if bans is None else bans:
        if ban.when(facts, game._turn):
            return ban
    return None


def unbanned(game: PhaseHost, offered: tuple[int, ...], bans: tuple[BidBan, ...]) -> tuple[int, ...]:
    """The bids offered less those a ban forbids; all of them when the bans would forbid every one (a seat must
    bid: a hook on a single bid value would otherwise leave the dealer without a move)."""
    if not bans:
        return offered
    return tuple(a for a in offered if ban_of(game, a, bans) is None) or offered

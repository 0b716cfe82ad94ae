"""Playouts in imagined worlds: what both search players use to value their choices."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import limits
from ..engine.game import Game
from ..engine.history import HandResult
from ..engine.kinds import PhaseKind
from ..engine.view import SeatView
from ..ruleset.actions import GAME, TRUMP
from ..ruleset.rules import TrumpMode
from .policy import Aims, TrickState, aims, card_sense, choose_card, policy
from .worlds import imagine

SharedAims = dict[tuple[object, ...], Aims]
"""What each seat wants, shared by the playouts of one decision (see `aims_key`)."""


def play_key(world: Game) -> tuple[object, ...]:
    """What the play of `world`'s hand is under that the worlds and choices of one decision may differ in: the
    trump (the first card led may set it), the named game, the declarer and the moves before the first card (the
    bids and calls, which a choice or a world's other bidders change). The rest the seats' aims and a hand's
    score read, the totals, counters, dealer and hand size, is the decision's own."""
    return world.trump, world.named_game, world.declarer, world.moves_before_play()


def aims_key(world: Game, seat: int) -> tuple[object, ...]:
    """What a seat's aims in `world` are known by: the seat and its `play_key`."""
    return (seat, *play_key(world))


def aims_of(world: Game, seat: int, view: SeatView | None, shared: SharedAims | None) -> Aims:
    """What `seat` wants in `world`: lent by the decision's other playouts where `shared` holds it, else read
    from its view (`view`, when the caller has built it already)."""
    if shared is None:
        return aims(view if view is not None else world.view(seat))
    key = aims_key(world, seat)
    known = shared.get(key)
    if known is None:
        known = shared[key] = aims(view if view is not None else world.view(seat))
    return known


def play_out_hand(world: Game, hand: int | None = None, shared: SharedAims | None = None) -> HandResult:
    """Plays the rest of hand `hand` (0-based; default: the current one) with the quick policy for every seat;
    returns the finished hand.

    Once the tricks begin, each card is chosen from the world's state directly (`policy.choose_card`) rather than
    from a view built for every card: what a seat wants is read from its view once, at its first turn in the
    play, and the cards gone are kept up to date here. The choices are the ones `policy(world.view(seat))`
    makes (tests/test_search.py plays both side by side).

    `shared` lends the playouts of one decision each seat's aims, found by `aims_key`: the same choices, without
    a view and a reading of the scoring for every seat of every playout.
    """
    if hand is None:
        hand = world.hands_finished
    rules = world.rules
    wants: dict[int, Aims] = {}
    played = -1
    while world.hands_finished == hand and not world.is_over():
        seat = world.actor
        assert seat is not None
        if world.phase is not PhaseKind.PLAY:
            world.apply(policy(world.view(seat)))
            continue
        legal = world.legal_actions()
        if len(legal) == 1:
            card = legal[0]
        else:
            if seat not in wants:  # its first choice in the play (the playout's first, too, when none are known)
                view = world.view(seat) if played < 0 else None
                wants[seat] = aims_of(world, seat, view, shared)
                if view is not None:
                    played = rules.deck.mask(c for cards in view.played() for c in cards)
                    sense = card_sense(rules, world.trump, world.named_game)
            if sense.trump != world.trump:  # set by the first card led (`trump.mode: led`)
                sense = card_sense(rules, world.trump, world.named_game)
            trick, seats = world.claims()
            gone = 0 if trick else played | rules.deck.mask(world.hand(seat))
            state = TrickState(legal, trick, seats, world.tricks_won, gone)
            card = choose_card(sense, state, wants[seat])
        world.apply(card)
        if played >= 0:
            played |= 1 << card
    return world.finished_hand(hand)


def value(view: SeatView, hand: HandResult) -> float:
    """How good a hand's score is for the viewer: its side's (or its own) points minus the others' average,
    turned round when the lower total wins the match."""
    rules = view.rules
    if rules.match.by == "side" and hand.score:
        scores: tuple[int, ...] = hand.score
        mine = rules.seating.side_of[view.seat]
    else:
        scores = hand.seat_score if hand.seat_score is not None else hand.score
        mine = view.seat
    others = [points for index, points in enumerate(scores) if index != mine]
    worth = scores[mine] - sum(others) / max(1, len(others))
    return -worth if rules.match.lower_wins else worth


def close_bidding(world: Game, hand: int) -> None:
    """Ends the bidding of hand `hand` as if nobody outbid the last bid: every later bidder passes where it may
    (where it may not, as in a round of declarations, the quick policy bids)."""
    actions = world.rules.actions
    while world.hands_finished == hand and not world.is_over() and world.phase is PhaseKind.BIDDING:
        seat = world.actor
        assert seat is not None
        legal = world.legal_actions()
        world.apply(actions.pass_action if actions.pass_action in legal else policy(world.view(seat)))


NO_CHOICE = -1
"""The key of a choice's value when the seat names no trump after it in the hand."""


def choice_values(
    view: SeatView,
    world: Game,
    choice: int,
    hand: int,
    named: int = NO_CHOICE,
    shared: SharedAims | None = None,
) -> dict[int, float]:
    """The value of making `choice` in `world`, for each trump (or game) the viewer may name after it in hand
    `hand` (under `NO_CHOICE` when it names none; only `named` where that is one it may name). A bid is played
    as the contract it makes if the auction ends with it, so no imagined rival's weak continuation makes
    outbidding it look good. `shared`: the aims the decision's playouts share (`play_out_hand`)."""
    bidding = world.phase is PhaseKind.BIDDING
    world.apply(choice)  # it may end the hand, and the match with it (everyone passed)
    if bidding:
        close_bidding(world, hand)
    if not _reaches_own_trump(world, view.seat, hand):
        return {NO_CHOICE: value(view, play_out_hand(world, hand, shared))}
    legal = world.legal_actions()
    values = {}
    for trump in (named,) if named in legal else legal:
        branch = world.clone()
        branch.apply(trump)
        values[trump] = value(view, play_out_hand(branch, hand, shared))
    return values


def _reaches_own_trump(world: Game, seat: int, hand: int) -> bool:
    """Moves `world` on by the quick policy to `seat`'s choice of trump (or game) in hand `hand`, if it has one
    before the play."""
    while world.hands_finished == hand and not world.is_over() and world.phase is not PhaseKind.PLAY:
        actor = world.actor
        assert actor is not None
        if actor == seat and world.phase is PhaseKind.TRUMP and len(world.legal_actions()) > 1:
            return True
        world.apply(policy(world.view(actor)))
    return False


def sample_worlds(view: SeatView, rng: random.Random, samples: int) -> list[Game]:
    """`samples` worlds imagined from the view, each ending with this hand."""
    return [imagine(view, rng, later_hands=False) for _ in range(samples)]


def outcomes_in(view: SeatView, choices: Sequence[int], worlds: Sequence[Game]) -> dict[int, list[float]]:
    """The value of each choice in each of the same `worlds` (common random numbers), with the trump named after
    it that is best over all the worlds (the seat names one before it sees more). Every trump is tried after the
    first choice that leads to naming one; the later choices keep the best of them (a cheaper estimate)."""
    outcomes: dict[int, list[float]] = {}
    named = NO_CHOICE
    shared: SharedAims = {}
    for choice in choices:
        found = [choice_values(view, world.clone(), choice, world.hands_finished, named, shared) for world in worlds]
        outcomes[choice], best = best_named(found)
        named = best if named == NO_CHOICE else named
    return outcomes


def best_named(found: Sequence[dict[int, float]]) -> tuple[list[float], int]:
    """The values in each world under the trump worth most over the worlds that all offer it, and that trump
    (each world's best, and `NO_CHOICE`, where they offer none in common)."""
    common = set.intersection(*(set(values) for values in found)) if found else set()
    if not common:
        return [max(values.values()) for values in found], NO_CHOICE
    best = max(sorted(common), key=lambda trump: sum(values[trump] for values in found))
    return [values[best] for values in found], best


def values_in(view: SeatView, choices: Sequence[int], worlds: Sequence[Game]) -> dict[int, float]:
    """The average value of each choice over the same `worlds`."""
    return {choice: sum(found) / max(1, len(found)) for choice, found in outcomes_in(view, choices, worlds).items()}


def compare_choices(view: SeatView, choices: Sequence[int], rng: random.Random, samples: int) -> dict[int, float]:
    """The average value of each choice over the same `samples` imagined worlds (fewer if one decision cannot
    afford them all)."""
    return values_in(view, choices, sample_worlds(view, rng, affordable(view, samples, len(choices))))


def affordable(view: SeatView, wanted: int, choices: int) -> int:
    """How many of `wanted` worlds one decision can afford: each world plays out every choice under every trump
    or game the seat might name after it, and a decision plays out at most `limits.MAX_PLAYOUTS_PER_DECISION`
    hands (one world at the least)."""
    rules = view.rules
    named_later = rules.trump.mode in (TrumpMode.CHOSEN, TrumpMode.MADE) or bool(rules.trump.games)
    branches = max(1, sum(kind in (TRUMP, GAME) for kind in rules.actions.kinds)) if named_later else 1
    return max(1, min(wanted, limits.MAX_PLAYOUTS_PER_DECISION // max(1, choices * branches)))

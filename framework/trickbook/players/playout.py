"""One imagined hand played out to its end by the quick policy, every seat choosing from the world's state."""

from __future__ import annotations

from ..engine.game import Game
from ..engine.history import ACTION_SHIFT, HandResult
from ..engine.kinds import PhaseKind
from ..engine.view import SeatView
from ..ruleset.actions import DISCARD, ActionKind
from .policy import Aims, TrickState, aims, card_sense, choose_card, policy

SharedAims = dict[tuple[object, ...], Aims]
"""What each seat wants, shared by the playouts of one decision (see `aims_key`)."""


def play_key(world: Game) -> tuple[object, ...]:
    """What the play of `world`'s hand is under that the worlds and choices of one decision may differ in: the
    trump (the first card led may set it), the named game, the declarer and the moves before the first card (the
    bids and calls, which a choice or a world's other bidders change), less the cards passed or laid away, which
    each world makes up (neither the seats' aims nor a score read by tricks reads them). The rest the seats'
    aims and a hand's score read, the totals, counters, dealer and hand size, is the decision's own."""
    kinds = world.rules.actions.kinds
    moves = tuple(code for code in world.moves_before_play() if kinds[code >> ACTION_SHIFT] not in _MADE_UP)
    return world.trump, world.named_game, world.declarer, moves


_MADE_UP = frozenset({ActionKind.GIVE, DISCARD})
"""The moves whose cards an imagined world makes up where the view hides them: cards passed and laid away."""


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

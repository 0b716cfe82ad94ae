"""Worlds where players draw from the stock after each trick (`play.draw`).

A round of draws takes the stock's next cards in a public order (the trick's
winner or leader first, then play order), so the stock position of every draw
is known. The face-up draws and the viewer's own are seen; the others' face-down
draws are not. A sampled world gives each unseen draw and each seat's unseen
cards a card so that every card a seat played was in its hand before that trick,
and a seat that showed out of a suit held none of it until it drew again.

Each card a seat played is taken to come from the earliest place it may (its
deal before a hidden draw), which always finds a place when one exists but is
not quite uniform: it leaves the later hidden draws free for the unseen cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ..cards import Card, CardMask
from ..engine.history import ACTION_SHIFT, SEAT_MASK
from ..engine.view import SeatView
from ..errors import PlayerError
from ..ruleset.rules import DrawFirst, FirstLead, LeadsWith, Rules
from .placing import deal_hidden

DEALT = 0
"""The round of a card in a seat's deal: before any draw."""


def drawable(rules: Rules) -> bool:
    """True where the draws and following suit are all a world must account for beyond the deal: no passing,
    deal in stages, open hand, shown cards or card exposed in a seat's hand, and no rule of play that tells more
    of a seat's cards than following suit does (a card it must play or may not lead, a first lead by the holder
    of a card), since a seat's void lasts only until it draws. (The rules refuse drawing with an exchange, a
    dummy or a seat sitting out.)"""
    exposure = rules.deal.exposure
    play = rules.play
    return (
        play.draw is not None
        and rules.passing is None
        and rules.deal.rest is None
        and play.open_hand is None
        and not rules.showing
        and (exposure is None or exposure.seat_offset is None)
        and not play.must.any
        and not play.lead_restrictions
        and not play.first_trick_avoid
        and play.leads_with is LeadsWith.ANY
        and not play.lead_only_when
        and not play.follow_only_when
        and not play.must_play
        and play.first_lead is not FirstLead.HOLDER
    )


class Draw(NamedTuple):
    """One card drawn this hand: after trick `round` (from 1), from stock `position`, by `seat`."""

    round: int
    position: int
    seat: int


def _draws(view: SeatView, stock_size: int) -> list[Draw]:
    """Every draw made so far this hand, in order: each round starts with the trick's winner (or leader) and goes
    on in play order, one card each."""
    rules = view.rules
    draw = rules.play.draw
    assert draw is not None
    size = rules.seats
    next_seat = rules.seating.next_seat
    tricks = view.tricks_taken()
    leaders = _leaders(view) if draw.first is DrawFirst.LEADER else []
    out: list[Draw] = []
    for index in range((stock_size - view.stock_left) // size):
        seat = leaders[index] if leaders else tricks[index][0]
        for turn in range(size):
            out.append(Draw(index + 1, index * size + turn, seat))
            seat = next_seat[seat]
    return out


def drawn_deal(view: SeatView, rng: random.Random, tries: int) -> tuple[list[list[Card]], list[Card]]:
    """Each seat's deal and the whole stock, in a world consistent with `view` (see the module's note)."""
    rules = view.rules
    me = view.seat
    seats = rules.seats
    stock_size = rules.stock_size(view.hand_size)
    made = _draws(view, stock_size)
    known = _known_positions(view, made, stock_size)
    tables = rules.tables(view.trump, view.game)
    played = view.played()
    voids = _voids(view, tables.suit_of)
    deal: list[list[Card]] = [[] for _ in range(seats)]
    stock: list[Card | None] = [known.get(position) for position in range(stock_size)]
    knows_own = bool(view.hand)  # not before a blind bid (nor once every card is played, when all are seen)
    if knows_own:
        own = set(view.drawn[me])
        deal[me] = [c for c in (*view.hand, *played[me]) if c not in own]
    groups: dict[tuple[int, CardMask], list[int]] = {}  # slots alike, by (seat or -1 for the stock, cards barred)
    for seat in range(seats):
        if seat == me and knows_own:
            continue
        open_slots = [(DEALT, -1)] * view.hand_size
        open_slots += [(d.round, d.position) for d in made if d.seat == seat and d.position not in known]
        drawn_known = {known[d.position] for d in made if d.seat == seat and d.position in known}
        unseen = [(i + 1, card) for i, card in enumerate(played[seat]) if card not in drawn_known]
        for _round, position, card in _place_played(unseen, open_slots, voids[seat], tables.suit_of):
            _put(card, seat, position, deal, stock)
        for round_, position in open_slots:
            groups.setdefault((seat, _barred(voids[seat], round_, tables.suit_masks)), []).append(position)
    groups.setdefault((-1, 0), []).extend(p for p in range(len(made), stock_size) if p not in known)
    seen = {*view.hand, *(c for cards in played for c in cards), *known.values()}
    pool = [c for c in range(rules.deck.size) if c not in seen and not rules.deal.removed >> c & 1]
    places = sum(len(positions) for positions in groups.values())
    if len(pool) != places:
        raise PlayerError(f"seat {me} sees {len(pool)} hidden cards for {places} places in the hands and stock")
    keys = list(groups)
    hands = deal_hidden(pool, [len(groups[key]) for key in keys], [mask for _seat, mask in keys], rng, tries)
    for key, cards in zip(keys, hands, strict=True):
        rng.shuffle(cards)
        for card, position in zip(cards, groups[key], strict=True):
            _put(card, key[0], position, deal, stock)
    return deal, [card for card in stock if card is not None]


def _put(card: Card, seat: int, position: int, deal: list[list[Card]], stock: list[Card | None]) -> None:
    """Places `card` in `seat`'s deal (position -1) or at its place in the stock."""
    if position < 0:
        deal[seat].append(card)
    else:
        stock[position] = card


def _known_positions(view: SeatView, made: list[Draw], stock_size: int) -> dict[int, Card]:
    """The stock positions whose card the viewer knows: the face-up draws, its own, the card lying face up now
    and the one the deal turned up."""
    rules = view.rules
    draw = rules.play.draw
    assert draw is not None
    seen = [iter(cards) for cards in view.drawn]
    known: dict[int, Card] = {}
    for d in made:
        if d.seat == view.seat or (draw.face_up and d.position % rules.seats == 0):
            known[d.position] = next(seen[d.seat])
    if view.stock_up is not None:
        known[stock_size - view.stock_left] = view.stock_up
    exposure = rules.deal.exposure
    if exposure is not None:  # a stock too short to draw from keeps it there for ever
        known.setdefault(exposure.card - 1, view.exposed[0])
    return known


def _leaders(view: SeatView) -> list[int]:
    """The seat that led each trick of this hand so far, in order."""
    rules = view.rules
    seats = [code & SEAT_MASK for code in view.packed_moves if code >> ACTION_SHIFT < rules.deck.size]
    return seats[:: rules.seats]


def _voids(view: SeatView, suit_of: Sequence[int]) -> list[list[tuple[int, int]]]:
    """Per seat, each (trick from 1, suit) where it did not follow the suit led, so held none of it then."""
    rules = view.rules
    size = rules.seats
    out: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    if not rules.play.follow_suit:
        return out
    deck_size = rules.deck.size
    moves = [(code >> ACTION_SHIFT, code & SEAT_MASK) for code in view.packed_moves if code >> ACTION_SHIFT < deck_size]
    trumps = view.trump if rules.play.trump_instead else -1
    for start in range(0, len(moves), size):
        trick = moves[start : start + size]
        led = suit_of[trick[0][0]]
        for card, seat in trick[1:]:
            if suit_of[card] not in (led, trumps):
                out[seat].append((start // size + 1, led))
    return out


def _last_void(voids: list[tuple[int, int]], suit: int, before: int) -> int:
    """The last trick before `before` where the seat showed out of `suit` (the deal, 0, if none)."""
    return max((trick for trick, void in voids if void == suit and trick < before), default=DEALT)


def _barred(voids: list[tuple[int, int]], round_: int, suit_masks: Sequence[CardMask]) -> CardMask:
    """The cards a seat cannot still hold from a slot filled after trick `round_` (its deal: 0): every suit it
    showed out of later."""
    barred = 0
    for trick, suit in voids:
        if trick > round_:
            barred |= suit_masks[suit]
    return barred


def _place_played(
    unseen: list[tuple[int, Card]],
    open_slots: list[tuple[int, int]],
    voids: list[tuple[int, int]],
    suit_of: Sequence[int],
) -> list[tuple[int, int, Card]]:
    """Places each card a seat played that it was not seen to draw (`unseen`, as (trick, card)) in a slot of
    `open_slots` (round, stock position; removed from it): its deal or an unseen draw before that trick, and
    after the seat last showed out of the card's suit; returns (round, position, card) for each. Cards go by
    their trick, each to the earliest slot it may take, which places them all whenever any placing can (the real
    deal is one)."""
    placed: list[tuple[int, int, Card]] = []
    for trick, card in sorted(unseen):
        lowest = _last_void(voids, suit_of[card], trick)
        fits = [slot for slot in open_slots if lowest <= slot[0] < trick]
        if not fits:
            raise PlayerError(f"no deal or draw of the seat fits the card it played to trick {trick}")
        slot = min(fits)
        open_slots.remove(slot)
        placed.append((*slot, card))
    return placed

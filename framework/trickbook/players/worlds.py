"""Worlds a player can imagine: the hidden cards dealt out consistently with what its view shows.

A view tells a seat its own cards, every card played so far and by whom, any
exposed card and where it lies, how many cards each seat holds and the stock
keeps, the cards it passed and received, and the cards each seat has shown it
does not hold (by how it followed). A sampled world respects all of that,
invents the passes the seat could not see, and is rebuilt as a full `Game`
the player may search without ever touching the real game.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .. import limits
from ..cards import Card, CardMask, Deck
from ..engine.game import Game
from ..engine.history import ACTION_SHIFT, AUTO_BIT, SEAT_MASK
from ..engine.kinds import PhaseKind
from ..engine.phases.rest import receivers
from ..engine.view import SeatView
from ..errors import ActionError, PlayerError
from ..ruleset.actions import DISCARD, ActionKind
from ..ruleset.rules import BiddingKind, Rules
from .drawn import drawable, drawn_deal
from .placing import deal_hidden


def imaginable(rules: Rules) -> bool:
    """False where sampled worlds cannot follow the rules yet: drawing from the stock together with passing,
    shown cards or a rule of play that tells more than following suit (see `drawn.drawable`), where players
    decide from their view alone rather than search worlds that could hand a seat cards it cannot see."""
    return rules.play.draw is None or drawable(rules)


class World(NamedTuple):
    """A hand as it might have been dealt, and its moves with every hidden pass made concrete."""

    deal: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    moves: tuple[int, ...]


def sample_world(view: SeatView, rng: random.Random, tries: int = 8) -> World:
    """Each seat's cards at the start of this hand, the stock, and the moves, in a world consistent with `view`.

    Before passed cards change hands, each seat's "holding" is its deal; afterwards it is what it held when
    play began (its cards now and those it played), from which the deal is recovered by undoing the passes.
    Where players draw from the stock, `drawn.drawn_deal` places the draws too; refused where it cannot (see
    `imaginable`).
    """
    rules = view.rules
    if not imaginable(rules):
        raise PlayerError(f"seat {view.seat} cannot imagine worlds under these rules of drawing from the stock")
    if rules.play.draw is not None:
        deal, stock = drawn_deal(view, rng, tries)
        return World(tuple(tuple(cards) for cards in deal), tuple(stock), view.packed_moves)
    known = _known(view)
    seats = rules.seats
    seen, exchange, stock_size = known.seen, known.exchange, known.stock_size
    hidden = deal_hidden(known.pool, known.need, known.forbidden, rng, tries)
    holding = [list(cards) + hidden[seat] for seat, cards in enumerate(known.holding)]
    stock_cards = list(known.stock_known) + hidden[seats]
    discards: list[Card] = []
    if exchange is not None:
        taker = exchange.taker
        discards = exchange.laid + hidden[seats + 1]
        taken = (
            list(view.taken)
            if not known.from_stock or view.taken
            else rng.sample(holding[taker] + discards, stock_size)
        )
        if known.from_stock:
            stock_cards = taken
        # Its deal: what it holds (and played), with what it laid away, less what it took (a card may be both).
        holding[taker] = [c for c in holding[taker] + discards if c not in taken]
    handed = known.handed
    gifts = {seat: list(cards) for seat, cards in seen.items()}
    for seat, count in known.unseen.items():
        gifts[seat] = gifts.get(seat, []) + _unseen_gift(view, seat, count, holding, gifts, handed, rng)
    dealt = [list(cards) for cards in holding]
    if handed:
        for seat, cards in gifts.items():
            target = _target(view, seat)
            for card in cards:
                dealt[target].remove(card)
                dealt[seat].append(card)
    exposure = rules.deal.exposure
    if exposure is not None and view.exposed and exposure.seat_offset is not None:
        holder = (view.dealer + rules.direction * exposure.seat_offset) % seats
        cards = dealt[holder]
        cards.remove(view.exposed[0])
        cards.insert(exposure.card - 1 if exposure.card else len(cards), view.exposed[0])
    if known.rest_dealt:
        dealt, stock_cards = _in_stages(view, dealt, stock_cards, rng)
    return World(tuple(tuple(cards) for cards in dealt), tuple(stock_cards), _moves(view, gifts, discards))


class _Known(NamedTuple):
    """What a view tells of its hand's cards, the same in every world sampled from it (`_known`): the cards each
    seat is known to have held, the passes seen and those made unseen, the exchange, the stock's known cards
    and size, and what the hidden deal must fill: the cards, each slot's number (the seats, the stock, the cards
    laid away unseen) and the cards each slot may not hold."""

    holding: tuple[tuple[Card, ...], ...]
    seen: dict[int, list[Card]]
    unseen: dict[int, int]
    handed: bool
    exchange: Exchanged | None
    stock_known: tuple[Card, ...]
    stock_size: int
    from_stock: bool
    rest_dealt: bool
    pool: tuple[Card, ...]
    need: tuple[int, ...]
    forbidden: tuple[CardMask, ...]


_LAST_KNOWN: list[tuple[SeatView, _Known]] = []
"""The last view read by `_known` and its reading: a search samples all its worlds from one view."""


def _known(view: SeatView) -> _Known:
    """What every world sampled from `view` shares, read once per view (the same view object)."""
    last = _LAST_KNOWN[-1] if _LAST_KNOWN else None
    if last is not None and last[0] is view:
        return last[1]
    rules = view.rules
    deck = rules.deck
    seats = rules.seats
    me = view.seat
    played = view.played()
    seen, unseen = _gifts(view)
    handed = bool(seen or unseen) and view.phase is not PhaseKind.PASSING
    holding: list[list[Card]] = [list(played[seat]) for seat in range(seats)]
    knows_own = bool(view.hand) or view.cards_left[me] == 0
    if knows_own:
        holding[me] = list(view.hand) + list(played[me]) + ([] if handed else list(seen.get(me, ())))
    if handed and me in seen:
        target = _target(view, me)
        holding[target] += [c for c in seen[me] if c not in holding[target]]
    exposure = rules.deal.exposure
    rest = rules.deal.rest
    rest_dealt = rest is not None and view.cards_left[me] + len(played[me]) > view.hand_size
    if exposure is not None and view.exposed and exposure.seat_offset is not None:
        holder = (view.dealer + rules.direction * exposure.seat_offset) % seats
        if not any(view.exposed[0] in cards for cards in holding):
            holding[holder].append(view.exposed[0])
    turned_taken = rest_dealt and rest is not None and rest.exposed_to_declarer and bool(view.exposed)
    if turned_taken and not any(view.exposed[0] in cards for cards in holding):  # the declarer took the turned card
        holding[view.declarer].append(view.exposed[0])
    for seat, card in view.shown():
        if not any(card in cards for cards in holding):
            holding[seat].append(card)
    stock_known = list(view.exposed) if exposure is not None and exposure.seat_offset is None and not rest_dealt else []
    if view.dummy_hand and view.dummy != me:
        holding[view.dummy] = list(view.dummy_hand) + list(played[view.dummy])
    if view.open_hand and view.open_seat != me:
        holding[view.open_seat] = list(view.open_hand) + list(played[view.open_seat])
    exchange = _exchange(view)
    laid = exchange.laid if exchange is not None else []
    if exchange is not None:
        holding[exchange.taker] += [c for c in view.taken if c not in holding[exchange.taker]]
    removed = rules.deal.removed
    held = rules.held_size(view.hand_size) if rest_dealt else view.hand_size
    stock_size = rules.stock_size(held)
    from_stock = exchange is not None and rules.exchange is not None and rules.exchange.take == "stock"
    need = [view.cards_left[seat] + len(played[seat]) - len(holding[seat]) for seat in range(seats)]
    need.append(0 if from_stock else stock_size - len(stock_known))
    need.append(exchange.unseen if exchange is not None else 0)
    used = {c for cards in holding for c in cards} | set(stock_known) | set(laid)
    pool = [c for c in range(deck.size) if c not in used and not removed >> c & 1]
    everything = (1 << deck.size) - 1
    forbidden = [everything if seat == me and knows_own else mask for seat, mask in enumerate(view.forbidden())]
    known = _Known(
        tuple(tuple(cards) for cards in holding),
        seen,
        unseen,
        handed,
        exchange,
        tuple(stock_known),
        stock_size,
        from_stock,
        rest_dealt,
        tuple(pool),
        tuple(need),
        (*forbidden, 0, 0),
    )
    _LAST_KNOWN[:] = [(view, known)]
    return known


def _in_stages(
    view: SeatView, holding: list[list[Card]], left: list[Card], rng: random.Random
) -> tuple[list[list[Card]], list[Card]]:
    """A deal in stages (`deal.rest`) once the rest is dealt: each seat's first cards, some of what it held, and
    the stock stacked so that the rest, dealt as the engine deals it, gives each seat the others (the turned card
    first to the declarer where the rules say so); `left` is whatever the rest did not deal."""
    rules = view.rules
    rest = rules.deal.rest
    assert rest is not None
    turned = view.exposed[0] if rest.exposed_to_declarer and view.exposed else None
    first: list[list[Card]] = []
    later: list[list[Card]] = []
    for cards in holding:
        free = [c for c in cards if c != turned]
        rng.shuffle(free)
        first.append(free[: view.hand_size])
        later.append(free[view.hand_size :])
    stock = [turned] if turned is not None else []
    count = [len(cards) for cards in first]
    if turned is not None:
        count[view.declarer] += 1
    stock += [later[seat].pop() for seat in receivers(rules, view.dealer, count)]
    return first, stock + left


LIKELY_DRAWS = 12
"""Worlds drawn in search of one where every bid made so far fits its bidder's cards, before the best is kept."""


def likely_world(view: SeatView, rng: random.Random) -> World:
    """A sampled world in which, as far as `LIKELY_DRAWS` draws find one, each other seat that bid in an auction
    holds at least its share of the high cards (a bid there claims strength); else the draw that misses least."""
    bidders = _bidders(view)
    best: World | None = None
    misses = len(bidders) + 1
    for _ in range(LIKELY_DRAWS if bidders else 1):
        world = sample_world(view, rng)
        missed = sum(strength(view.rules.deck, world.deal[seat]) < fair_strength(view.rules) for seat in bidders)
        if missed < misses:
            best, misses = world, missed
        if not missed:
            break
    assert best is not None
    return best


def strength(deck: Deck, cards: tuple[Card, ...]) -> int:
    """High-card strength of `cards`: 4 for a suit's top rank, 3, 2 and 1 for the next three (each suit's four
    highest, as a point count of honours has it), 0 below; an extra card (a joker) counts as a top rank."""
    top = deck.ranks_per_suit - 1
    return sum(4 if deck.is_extra(c) else max(0, 4 - (top - deck.rank_of[c])) for c in cards)


def fair_strength(rules: Rules) -> float:
    """The strength of an average hand: the whole deck's, shared among the seats dealt cards."""
    return strength(rules.deck, tuple(range(rules.deck.size))) / rules.deal.dealt_seats(rules.seats)


def _bidders(view: SeatView) -> list[int]:
    """Other seats that made a bid this hand, in bidding where a bid competes for the contract."""
    rules = view.rules
    if rules.bidding.kind not in (BiddingKind.CALLS, BiddingKind.AUCTION):
        return []
    actions = rules.actions
    seats = {code & SEAT_MASK for code in view.packed_moves if actions.kinds[code >> ACTION_SHIFT] == ActionKind.BID}
    return sorted(seats - {view.seat})


def _unseen_gift(
    view: SeatView,
    seat: int,
    count: int,
    holding: list[list[Card]],
    gifts: dict[int, list[Card]],
    handed: bool,
    rng: random.Random,
) -> list[Card]:
    """Cards `seat` may have passed unseen: from its own deal before they change hands, else from what its
    receiver held (less cards known to have come from elsewhere)."""
    given = {c for cards in gifts.values() for c in cards}
    source = holding[_target(view, seat)] if handed else holding[seat]
    return rng.sample([c for c in source if c not in given], count)


def _moves(view: SeatView, gifts: dict[int, list[Card]], discards: list[Card]) -> tuple[int, ...]:
    """The hand's moves with each hidden pass or discard replaced by the card the world gives it."""
    actions = view.rules.actions
    cursor = dict.fromkeys(gifts, 0)
    laid = iter(discards)
    moves = []
    for code in view.packed_moves:
        action, seat = code >> ACTION_SHIFT, code & SEAT_MASK
        if actions.kinds[action] == ActionKind.GIVE:
            card = gifts[seat][cursor[seat]]
            cursor[seat] += 1
            code = actions.give(card) << ACTION_SHIFT | (code & AUTO_BIT) | seat
        elif actions.kinds[action] == DISCARD:
            code = actions.discard(next(laid)) << ACTION_SHIFT | (code & AUTO_BIT) | seat
        moves.append(code)
    return tuple(moves)


class Exchanged(NamedTuple):
    """This hand's exchange as a view shows it: the seat that took cards, the cards it is seen to lay away, and
    how many it laid away unseen."""

    taker: int
    laid: list[Card]
    unseen: int


def _exchange(view: SeatView) -> Exchanged | None:
    """This hand's exchange as the view shows it, if one has begun."""
    rules = view.rules
    exchange = rules.exchange
    if exchange is None:
        return None
    actions = rules.actions
    if exchange.optional and not any(code >> ACTION_SHIFT == actions.take_action for code in view.packed_moves):
        return None  # the seat has not taken the cards (yet, or at all: it keeps its hand as dealt)
    laid = [code >> ACTION_SHIFT for code in view.packed_moves if actions.kinds[code >> ACTION_SHIFT] == DISCARD]
    if not laid and view.phase is not PhaseKind.EXCHANGE:
        return None
    taker = view.dealer if exchange.seat == "dealer" else view.declarer
    seen = [actions.card_of(a) for a in laid if a != actions.hidden_discard]
    return Exchanged(taker, seen, len(laid) - len(seen))


def _gifts(view: SeatView) -> tuple[dict[int, list[Card]], dict[int, int]]:
    """The cards each seat is seen to pass, and how many each passes unseen."""
    actions = view.rules.actions
    seen: dict[int, list[Card]] = {}
    unseen: dict[int, int] = {}
    for code in view.packed_moves:
        action, seat = code >> ACTION_SHIFT, code & SEAT_MASK
        if actions.kinds[action] != ActionKind.GIVE:
            continue
        if action == actions.hidden_give:
            unseen[seat] = unseen.get(seat, 0) + 1
        else:
            seen.setdefault(seat, []).append(actions.card_of(action))
    return seen, unseen


def _target(view: SeatView, seat: int) -> int:
    """Whom `seat` passes to this hand, as the view shows it (itself when nobody passes)."""
    return view.receivers[seat] if view.receivers else seat


def world_game(view: SeatView, world: World, seed: int, later_hands: bool = True) -> Game:
    """The game at the view's position in `world`: its deal and moves replayed, the match as the view shows it;
    `ActionError` when the world's cards could not have led to the moves seen."""
    return Game.from_position(
        view.rules,
        deal=world.deal,
        stock=world.stock,
        dealer=view.dealer,
        hand_number=view.hand_number,
        hands_played=view.hands_played,
        totals=view.totals,
        seat_totals=view.seat_totals,
        counters=view.counters,
        moves=world.moves,
        seed=seed,
        hand_cap=limits.DEFAULT_HAND_CAP if later_hands else view.hand_number,
    )


def imagine(view: SeatView, rng: random.Random, later_hands: bool = True) -> Game:
    """A full game at the view's position, in a world sampled from what the view shows; without `later_hands`
    the imagined match ends with this hand (a playout of the hand then deals no next one).

    A world whose deal could not have led to the moves seen (a bid that a `bidding.forbid` rule refuses, a named
    game whose `when` fails, or a card a condition of `play.follow_only_when` or `play.must_play` refuses, with the
    cards the world gives that seat) is drawn again: the real deal proves that some world fits."""
    if not imaginable(view.rules):
        raise PlayerError(f"seat {view.seat} cannot imagine worlds under these rules of drawing from the stock")
    for _ in range(limits.WORLD_DRAWS):
        world = likely_world(view, rng)
        try:
            return world_game(view, world, rng.randrange(2**31), later_hands)
        except ActionError:
            continue
    raise PlayerError(
        f"seat {view.seat} found no deal of the hidden cards that fits the moves it saw in {limits.WORLD_DRAWS} draws"
    )

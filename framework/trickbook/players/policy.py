"""Quick, rule-agnostic decisions from a seat's view: hand strength, greedy card play, simple bids.

Nothing here knows a game: it reads the deck's ranks, the trump suit, the
trick on the table, the seat's own bid and whether the rules score per side
or per player. The heuristic player uses these directly; both search players
use them for every seat inside the worlds they imagine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..cards import Card, CardMask, Deck
from ..engine.kinds import PhaseKind
from ..engine.melds import find
from ..engine.timeouts import timeout_card
from ..engine.view import SeatView
from ..ruleset.actions import ActionKind
from ..ruleset.rules import BiddingKind, MeldSource, Rules
from .appetite import card_worth, party, remember, shuns_tricks, trick_target

PARTNER_SHARE = 0.25
"""What a player expects its partner to take, as a share of a hand's tricks, before anything is known."""
TOP_SEQUENCE = (1.0, 0.75, 0.4)
"""The tricks a suit's highest card, second and third highest are worth when the hand holds the cards above them
too."""


def estimate_tricks(view: SeatView, trump: int | None = None) -> float:
    """Tricks this hand is likely to take by itself: each suit's unbroken top sequence (its three highest cards), plus
    long trumps. A card's height is its place in its suit under that trump, so cards `trump.highest` raises above
    the ace count as the top."""
    if trump is None:
        trump = view.trump if view.trump >= 0 else strongest_suit(view)
    orders = suit_orders(view.rules, trump)
    total = 0.0
    for suit, order in enumerate(orders):
        held = [place for place, card in enumerate(order) if card in view.hand]
        for place, worth in enumerate(TOP_SEQUENCE):  # the suit's top cards, as far as they run unbroken
            if place >= len(held) or held[place] != place:
                break
            total += worth
        if suit == trump and len(held) > 3:
            total += 0.8 * (len(held) - 3)
    return total


_ORDERS: dict[tuple[int, int], tuple[Rules, tuple[tuple[Card, ...], ...]]] = {}


def suit_orders(rules: Rules, trump: int) -> tuple[tuple[Card, ...], ...]:
    """Each suit's cards in play under `trump`, highest first (a card `trump.highest` names in the trump suit)."""
    key = (id(rules), trump)
    cached = _ORDERS.get(key)
    if cached is not None and cached[0] is rules:
        return cached[1]
    tables = rules.tables(trump)
    in_play = ~rules.deal.removed
    orders = tuple(
        tuple(
            sorted(
                rules.deck.cards(tables.suit_masks[suit] & in_play), key=tables.strength[suit].__getitem__, reverse=True
            )
        )
        for suit in range(len(rules.deck.suits))
    )
    remember(_ORDERS, key, (rules, orders))
    return orders


def strongest_suit(view: SeatView) -> int:
    """The suit this hand would like as trump: the longest, high cards breaking ties."""
    deck = view.rules.deck
    scores = [0.0] * len(deck.suits)
    for card in view.hand:
        if deck.is_extra(card):
            continue
        scores[deck.suit_of[card]] += 1 + deck.rank_of[card] / (4 * deck.ranks_per_suit)
    return max(range(len(scores)), key=scores.__getitem__)


def quick_bid(view: SeatView) -> int:
    """A bid from hand strength: climb an auction while the side can make it; declare what one can take."""
    rules = view.rules
    actions = rules.actions
    legal = view.legal
    own = estimate_tricks(view)
    if rules.bidding.kind is BiddingKind.CALLS:
        return _quick_call(view, own)
    if rules.bidding.kind is BiddingKind.AUCTION and actions.pass_action in legal:  # not the estimates
        side = own + (PARTNER_SHARE * view.hand_size if rules.seating.has_sides else 0)
        bids = [a for a in legal if a != actions.pass_action]
        affordable = [a for a in bids if actions.bid_values[a] <= side]
        return min(affordable, key=lambda a: actions.bid_values[a]) if affordable else actions.pass_action
    if not view.hand and view.cards_left[view.seat]:
        return actions.pass_action if actions.pass_action in legal else legal[0]
    named_zero = [a for a in legal if actions.name_index[a] >= 0 and actions.bid_values[a] == 0]
    if named_zero and own < 0.6:
        return named_zero[0]
    numeric = [a for a in legal if actions.kinds[a] == ActionKind.BID and actions.name_index[a] < 0]
    if not numeric:
        return legal[0]
    return min(numeric, key=lambda a: abs(actions.bid_values[a] - own))


def quick_double(view: SeatView) -> int:
    """Doubles when this seat expects to take more than half the tricks the contract leaves the defenders (its
    partner taking the other half of them, the declarers having bid for the rest), so the contract looks set;
    redoubles when its own side expects to make it; otherwise passes."""
    rules = view.rules
    actions = rules.actions
    answer = next((a for a in view.legal if actions.kinds[a] in (ActionKind.DOUBLE, ActionKind.REDOUBLE)), None)
    if answer is None or view.declarer < 0:
        return actions.pass_action if actions.pass_action in view.legal else view.legal[0]
    seating = rules.seating
    tricks = rules.tricks_in_hand(view.hand_size)
    own = estimate_tricks(view)
    declaring = seating.side_of[view.declarer] if seating.has_sides else view.declarer
    wanted = view.contract[declaring] if declaring < len(view.contract) else 0
    if actions.kinds[answer] == ActionKind.DOUBLE:
        left = tricks - wanted
        return answer if own > (left / 2 if seating.has_sides else left) else actions.pass_action
    side = own + (PARTNER_SHARE * tricks if seating.has_sides else 0)
    return answer if side >= wanted else actions.pass_action


def _quick_call(view: SeatView, own: float) -> int:
    """In an auction of calls: pass with less than a fair share of the tricks; else the lowest bid in the
    strongest suit, if it is no more levels above the lowest than the tricks held beyond that share."""
    rules = view.rules
    actions = rules.actions
    calls = rules.bidding.calls
    assert calls is not None
    share = view.hand_size / rules.seats
    if not view.hand or own < share:
        return actions.pass_action
    best = strongest_suit(view)
    bids = [a for a in view.legal if actions.kinds[a] == ActionKind.BID and calls.strain(actions.bid_values[a]) == best]
    if bids and calls.level(actions.bid_values[bids[0]]) - calls.low <= own - share:
        return bids[0]
    return actions.pass_action


def plausible_calls(view: SeatView) -> list[int]:
    """The calls worth searching in an auction of calls: pass, double or redouble, the lowest bid in each
    strain, and one level more in the strongest suit."""
    actions = view.rules.actions
    calls = view.rules.bidding.calls
    assert calls is not None
    picked = [a for a in view.legal if actions.kinds[a] != ActionKind.BID]
    lowest: dict[int, int] = {}
    for action in view.legal:
        if actions.kinds[action] == ActionKind.BID:
            lowest.setdefault(calls.strain(actions.bid_values[action]), action)
    picked += sorted(lowest.values())
    best = lowest.get(strongest_suit(view)) if view.hand else None
    if best is not None:
        higher = best + len(calls.strains)
        if higher in view.legal:
            picked.append(higher)
    return picked


def choose_trump(view: SeatView) -> int:
    """The legal trump choice of this hand's strongest suit, or the best offered; where passing is allowed (trump
    made in rounds), pass unless that suit promises its side's share of the tricks with what a partner takes."""
    actions = view.rules.actions
    named = [a for a in view.legal if actions.kinds[a] == ActionKind.TRUMP]
    if not named:
        return view.legal[0]
    wanted = actions.trump(strongest_suit(view))
    best = wanted if wanted in named else max(named, key=lambda a: estimate_tricks(view, actions.suit_of_trump(a)))
    if actions.pass_action in view.legal:
        rules = view.rules
        held = rules.held_size(view.hand_size)  # more cards to come in a deal in stages: count them in proportion
        share = held / (len(rules.seating.sides) if rules.seating.has_sides else rules.seats)
        if rules.seating.has_sides and not rules.personal:
            share -= PARTNER_SHARE * held  # the partner's tricks count too
        if estimate_tricks(view, actions.suit_of_trump(best)) * held / max(1, len(view.hand)) < share:
            return actions.pass_action
    return best


def choose_discard(view: SeatView) -> int:
    """The card to lay away: the weakest, a non-trump first."""
    actions = view.rules.actions
    cards = tuple(actions.card_of(a) for a in view.legal)
    return actions.discard(timeout_card(view.rules, cards, view.trump, view.game))


class Aims(NamedTuple):
    """What one seat wants from the tricks of a hand, fixed once play begins (the bids are made, trump is
    known): whose tricks count with its own, how many tricks they should take, and whether it promised none."""

    members: tuple[int, ...]
    target: int
    no_tricks: bool


def aims(view: SeatView) -> Aims:
    """What the viewer wants from this hand's tricks, read from its view."""
    return Aims(party(view), trick_target(view), shuns_tricks(view))


class TrickState(NamedTuple):
    """What a card choice reads of the play in progress: the legal cards, the trick on the table and who played
    each of its cards, the tricks each seat has won, and (read only when leading) the cards the seat knows are
    out of play: those played this hand and its own."""

    legal: tuple[int, ...]
    trick: tuple[Card, ...]
    trick_seats: tuple[int, ...]
    tricks_won: tuple[int, ...]
    gone: CardMask


class CardSense(NamedTuple):
    """The quick card play's reading of a hand's trump (or named game) and of the scoring, worked out once per
    ruleset and trump: suits and claims on a trick as that trump counts them, and orders of the cards."""

    deck: Deck
    trump: int
    suit_of: tuple[int, ...]
    strength: tuple[tuple[int, ...], ...]
    low: tuple[int, ...]
    """Each card's place from the lowest: cards outside trump first, then by rank."""
    costly: tuple[tuple[float, int], ...]
    """Most worth shedding first: the cards the taker loses most by (by the scoring), then high cards."""
    spare: tuple[tuple[float, int], ...]
    """The lead of a seat that wants no tricks: cards worth something to their taker first, then low ones."""


_SENSES: dict[tuple[int, int, int], tuple[Rules, CardSense]] = {}


def card_sense(rules: Rules, trump: int, game: int) -> CardSense:
    """The `CardSense` of a hand played under `trump` or the named game `game`, made once and kept."""
    key = (id(rules), trump, game)
    cached = _SENSES.get(key)
    if cached is not None and cached[0] is rules:
        return cached[1]
    deck = rules.deck
    tables = rules.tables(trump, game)
    suit_of = tables.suit_of
    worth = card_worth(rules)
    cards = range(deck.size)
    low = tuple((suit_of[c] == trump) * deck.size + deck.rank_of[c] for c in cards)
    sense = CardSense(
        deck,
        trump,
        suit_of,
        tables.strength,
        low,
        tuple((worth[c], -deck.rank_of[c]) for c in cards),
        tuple((-worth[c] if worth[c] > 0 else 0, low[c]) for c in cards),
    )
    remember(_SENSES, key, (rules, sense))
    return sense


def greedy_card(view: SeatView) -> int:
    """The quick policy's card for the seat whose view this is (see `choose_card`)."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    trick, seats = view.claims()
    gone = 0 if trick else view.rules.deck.mask(c for cards in (*view.played(), view.hand) for c in cards)
    state = TrickState(legal, trick, seats, view.tricks_won, gone)
    return choose_card(card_sense(view.rules, view.trump, view.game), state, aims(view))


def choose_card(sense: CardSense, state: TrickState, wants: Aims) -> int:
    """Win a trick cheaply when the scoring wants more tricks; otherwise lose it, letting a winning partner
    win, and throw to an opponent's trick the card the scoring says is worst to take.

    It reads nothing but its arguments, so search players' playouts can call it on the state of the world they
    imagine without building a view per card (`search.play_out_hand`). Its callers play a lone legal card
    themselves, without asking."""
    legal = state.legal
    low = sense.low.__getitem__
    dodge = wants.no_tricks or sum(map(state.tricks_won.__getitem__, wants.members)) >= wants.target
    trick = state.trick
    if not trick:
        if dodge:
            return min(legal, key=sense.spare.__getitem__)
        return _lead(sense.deck, sense.trump, legal, state.gone, low)
    suit_of = sense.suit_of
    led = suit_of[trick[0]]
    row = sense.strength[led]
    best, first = row[trick[0]], 0
    for index in range(1, len(trick)):
        if row[trick[index]] > best:
            best, first = row[trick[index]], index
    ours = state.trick_seats[first] in wants.members
    winners = [c for c in legal if row[c] > best]
    if dodge:
        losers = [c for c in legal if row[c] <= best]
        if not losers:
            return max(legal, key=low)
        if not ours and suit_of[losers[0]] != led:
            return min(losers, key=sense.costly.__getitem__)
        return max(losers, key=low)
    if ours or not winners:
        if not ours and not any(suit_of[c] == led for c in legal):
            return min(legal, key=sense.costly.__getitem__)
        return min(legal, key=low)
    return min(winners, key=low)


def choose_pass(view: SeatView) -> int:
    """The card to pass: the one the scoring says is worst to be left with, high cards first."""
    actions = view.rules.actions
    worth = card_worth(view.rules)
    rank_of = view.rules.deck.rank_of
    return min(view.legal, key=lambda a: (worth[actions.card_of(a)], -rank_of[actions.card_of(a)], a))


def _lead(deck: Deck, trump: int, legal: tuple[int, ...], gone: CardMask, low: Callable[[Card], int]) -> int:
    """Lead a card no one can beat in its suit if there is one, else the lowest card."""
    ranks = deck.ranks_per_suit
    sure = []
    for card in legal:
        suit = deck.suit_of[card]
        higher = (1 << (suit + 1) * ranks) - (2 << card)  # the cards above it in its suit
        if not higher & ~gone and suit != trump:
            sure.append(card)
    if sure:
        return max(sure)
    return min(legal, key=low)


def _exchange(view: SeatView) -> int:
    """Takes the cards of an exchange when it may, else lays the least useful card away."""
    actions = view.rules.actions
    return actions.take_action if actions.take_action in view.legal else choose_discard(view)


def _decline(view: SeatView) -> int:
    """Passes: no lone hand, no announcement, no card shown."""
    return view.rules.actions.pass_action


def _show_melds(view: SeatView) -> int:
    """Shows, one at a time, each card that belongs to a meld among the cards it may show (where melds are found
    among the cards shown); passes when none is left, or where showing makes no meld."""
    rules = view.rules
    actions = rules.actions
    melds = rules.melds
    shows = {actions.card_of(a): a for a in view.legal if a != actions.pass_action}
    if melds is None or melds.source is not MeldSource.SHOWN or not shows:
        return actions.pass_action
    in_melds = 0
    for meld in find(melds, rules.deck, rules.deck.mask(view.hand), view.trump, view.game):
        in_melds |= meld.cards
    return next((action for card, action in sorted(shows.items()) if in_melds >> card & 1), actions.pass_action)


QUICK: dict[PhaseKind, Callable[[SeatView], int]] = {
    PhaseKind.PASSING: choose_pass,
    PhaseKind.BIDDING: quick_bid,
    PhaseKind.TRUMP: choose_trump,
    PhaseKind.PLAY: greedy_card,
    PhaseKind.EXCHANGE: _exchange,
    PhaseKind.ALONE: _decline,
    PhaseKind.ANNOUNCE: _decline,
    PhaseKind.DOUBLING: quick_double,
    PhaseKind.SHOWING: _show_melds,
}
"""The quick decision of each phase in which a seat decides (nobody decides once the hand is over)."""


def policy(view: SeatView) -> int:
    """One quick decision of any kind: the move every seat makes in an imagined playout."""
    return QUICK[view.phase](view)

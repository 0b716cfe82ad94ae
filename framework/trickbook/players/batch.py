"""The quick policy's playouts, many worlds at once: the tricks of a hand played in numpy arrays over worlds.

A search decision plays hundreds of imagined hands out from the same position with the same quick policy
(`playout.play_out_hand`). Where the play runs to its last card and what may be played is following suit, suits
banned from the lead until broken, a set first lead, cards kept off the first trick and the duties to beat, trump
or overtrump (see `plays_together`), this module plays all of them together: one array step per card for every
world, the same choices `policy.choose_card` makes card for card (tests/test_batch.py plays both side by side),
then the engine scores each hand from its cards (`Game.settle_play`), once per distinct count of tricks and
events where the scoring reads no more (`Rules.scored_by_tricks`). A decision between cards reads each world into
the arrays once and repeats it under every card (`play_out_choices`).

numpy is an optional extra (`pip install trickbook[fast]`); without it `available()` is false and the search
players play each world out alone, with the same choices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from ..engine.game import Game
from ..engine.history import ACTION_SHIFT, HandResult
from ..engine.kinds import PhaseKind
from ..ruleset.actions import ActionKind
from ..ruleset.rules import LeadsWith, MustRules, Relation, Rules, TrumpMode
from .playout import SharedAims, aims_of, play_key, play_out_hand
from .policy import Aims, card_sense

try:
    import numpy as np
except ImportError:  # the optional extra is not installed: the playouts go one world at a time
    np = None  # type: ignore[assignment]

Array = Any
"""A numpy array (numpy's own types are optional here, as numpy is)."""

_BIG = 1 << 30
"""A key above every card's: cards that may not be chosen."""


def available() -> bool:
    """True when numpy is installed, so worlds can be played out together."""
    return np is not None


def plays_together(rules: Rules) -> bool:
    """True when the hands of `rules` can be played out in arrays: the play runs to the last card (no rule stops it,
    nobody draws), what may be played is following suit (or trumping instead), suits banned from the lead until
    broken, the first lead, cards kept off the first trick and the duties to beat, trump or overtrump (no card held
    back or owed by a condition, so no lead of no rank), a dummy's cards chosen by the declarer, seats sitting a
    hand out passed over, and each card is one card of one suit (one copy, no extra cards). Worked out once per
    rules."""
    known = rules.made.get(__name__)
    if known is None:
        known = rules.made[__name__] = _plays_together(rules)
    return bool(known)


def _plays_together(rules: Rules) -> bool:
    deck = rules.deck
    return (
        rules.play.stop_when is None
        and rules.play.draw is None
        and not rules.play.lead_only_when
        and not rules.play.follow_only_when
        and not rules.play.must_play
        and deck.copies == 1
        and deck.size == len(deck.suits) * deck.ranks_per_suit
    )


def ready(world: Game) -> bool:
    """True when `world` is in the play of a hand these arrays can finish: its rules allow it and its trump is
    known (a trump named by the first card led is not known before it)."""
    rules = world.rules
    return (
        np is not None
        and world.phase is PhaseKind.PLAY
        and not world.is_over()
        and plays_together(rules)
        and not (rules.trump.mode is TrumpMode.LED and world.trump < 0)
    )


@dataclass(frozen=True, slots=True)
class _Senses:
    """The quick policy's reading of each trump (or named game) the worlds play under, stacked by its index."""

    suit_of: Array
    """(trumps, cards): each card's suit for following and winning."""
    suit_cards: Array
    """(trumps, suits, cards): each suit's cards."""
    strength: Array
    """(trumps, suits, cards): each card's claim on a trick by led suit."""
    low: Array
    costly: Array
    spare: Array
    """(trumps, cards): the policy's orders of the cards, as ranks (equal keys share a rank)."""
    trump: Array
    """(trumps,): the trump suit (-1: none)."""
    event_first: Array
    event_then: Array
    """(trumps, events): each trick event's two cards under that trump (-1 where it cannot happen)."""
    break_suit: Array
    break_also: Array
    break_only: Array
    """(trumps, bans, cards): each suit banned from the lead until broken, the other cards that break it, and the
    cards that held with it and nothing else let it be led (`PlayStart.breaks`; empty rows pad)."""
    break_any: Array
    """(trumps, bans): whether any card of the banned suit breaks it (else only one played to another suit)."""


def _ranked(keys: Sequence[object]) -> list[int]:
    """Each key's place among the distinct keys, lowest 0: equal keys share a place, so the first card of a
    tie is the one an array's argmin picks, as `min` over cards in order does."""
    order = {key: place for place, key in enumerate(sorted(set(keys)))}  # type: ignore[type-var]
    return [order[key] for key in keys]


def _senses(rules: Rules, plays: tuple[tuple[int, int], ...]) -> _Senses:
    """The stacked readings of the (trump, named game) pairs `plays`, made once per rules and pairs (every round
    of every decision under the same trumps asks the same)."""
    made: dict[tuple[tuple[int, int], ...], _Senses] = rules.made.setdefault(f"{__name__}.senses", {})
    known = made.get(plays)
    if known is None:
        known = made[plays] = _stacked(rules, plays)
        for part in fields(known):  # kept for later decisions: read only, so no playout can change them
            getattr(known, part.name).flags.writeable = False
    return known


def _stacked(rules: Rules, plays: Sequence[tuple[int, int]]) -> _Senses:
    """The readings of `plays` stacked; tables with fewer suits or bans than others are padded with empty rows."""
    size = rules.deck.size
    starts = [rules.tables(trump, game) for trump, game in plays]
    senses = [card_sense(rules, trump, game) for trump, game in plays]
    suits = max(len(start.strength) for start in starts)
    bans = max(len(start.breaks) for start in starts)
    events = range(len(rules.events))
    breaks = [list(start.breaks) + [(0, False, 0, 0)] * (bans - len(start.breaks)) for start in starts]
    pairs = [{event.index: (event.first, event.then) for event in start.events} for start in starts]
    return _Senses(
        np.array([start.suit_of for start in starts]),
        np.array([_padded([_row(m, size) for m in start.suit_masks], suits, [False] * size) for start in starts]),
        np.array([_padded([list(row) for row in start.strength], suits, [0] * size) for start in starts]),
        np.array([sense.low for sense in senses]),
        np.array([_ranked(sense.costly) for sense in senses]),
        np.array([_ranked(sense.spare) for sense in senses]),
        np.array([trump for trump, _game in plays]),
        np.array([[cards.get(e, (-1, -1))[0] for e in events] for cards in pairs], dtype=int).reshape(len(plays), -1),
        np.array([[cards.get(e, (-1, -1))[1] for e in events] for cards in pairs], dtype=int).reshape(len(plays), -1),
        np.array([[_row(ban[0], size) for ban in rows] for rows in breaks], dtype=bool).reshape(len(plays), bans, size),
        np.array([[_row(ban[2], size) for ban in rows] for rows in breaks], dtype=bool).reshape(len(plays), bans, size),
        np.array([[_row(ban[3], size) for ban in rows] for rows in breaks], dtype=bool).reshape(len(plays), bans, size),
        np.array([[ban[1] for ban in rows] for rows in breaks], dtype=bool).reshape(len(plays), bans),
    )


def _padded(rows: list[list[Any]], count: int, blank: list[Any]) -> list[list[Any]]:
    """`rows` with `blank` rows added up to `count`."""
    return rows + [blank] * (count - len(rows))


def _row(mask: int, size: int) -> list[bool]:
    """A card mask as one boolean per card."""
    return [bool(mask >> card & 1) for card in range(size)]


Outcomes = dict[tuple[object, ...], HandResult]
"""The hands a decision's playouts in arrays have scored, by what the scoring reads (`_score`)."""

TOGETHER_AT_LEAST = 10
"""Fewer playouts than this are played one at a time: an array step costs about as much for one world as for
dozens (measured at the first card of two bundled rulesets, the two ways cost the same at 8 to 10 playouts once
a decision's worlds are read into the arrays once; 12 to 14 before)."""


def play_out_all(
    playouts: Sequence[tuple[Game, int]], shared: SharedAims | None = None, scored: Outcomes | None = None
) -> list[HandResult]:
    """Each world's hand `hand` played to its end by the quick policy: the worlds `ready` for it together, in
    arrays, and the others one at a time (`playout.play_out_hand`), with the same choices either way. `shared`
    and `scored`: the aims and scored outcomes one decision's playouts lend each other; given `scored`, hands in
    arrays that end with what their scoring reads alike share one result (the deal, cards and tricks of the
    first that ended so), else every result is its world's own hand."""
    together = [index for index, (world, hand) in enumerate(playouts) if world.hands_finished == hand and ready(world)]
    if len(together) < TOGETHER_AT_LEAST:
        together = []
    worlds = [playouts[index][0] for index in together]
    found = dict(zip(together, play_out_together(worlds, shared, scored), strict=True))
    return [
        found[index] if index in found else play_out_hand(world, hand, shared)
        for index, (world, hand) in enumerate(playouts)
    ]


def play_out_choices(
    worlds: Sequence[Game], choices: Sequence[int], shared: SharedAims | None = None, scored: Outcomes | None = None
) -> list[HandResult]:
    """Each world's hand after its seat to act makes each of `choices` (the same seat's legal actions in every
    world), played to its end by the quick policy: the results world by world, choice by choice. Where the
    choices are cards, the worlds stand at the same card of a play the arrays can finish (`ready`) and make
    enough playouts, each world is read once and played under every choice together; else each choice is made
    on a copy of each world and played out as `play_out_all` does, with the same choices either way. `shared`
    and `scored`: as `play_out_all`."""
    kinds = worlds[0].rules.actions.kinds if worlds else ()
    if (
        len(worlds) * len(choices) >= TOGETHER_AT_LEAST
        and all(kinds[choice] == ActionKind.PLAY for choice in choices)
        and all(ready(world) for world in worlds)
        and len({_point(world) for world in worlds}) == 1
    ):
        return _play_group(worlds, {} if shared is None else shared, scored, choices)
    playouts = []
    for world in worlds:
        hand = world.hands_finished
        for choice in choices:
            branch = world.clone()
            branch.apply(choice)  # it may end the hand (a last pass throws it in): value that hand, not the next
            playouts.append((branch, hand))
    return play_out_all(playouts, shared, scored)


def _point(world: Game) -> tuple[int, int, int]:
    """Where in the hand `world` stands, as the arrays group worlds: who sits out, the card of the trick, the
    cards played."""
    return world.outs, len(world.trick), len(world.trick) + sum(world.tricks_won)


def play_out_together(
    worlds: Sequence[Game], shared: SharedAims | None = None, scored: Outcomes | None = None
) -> list[HandResult]:
    """Plays the rest of each world's hand with the quick policy for every seat, as `playout.play_out_hand` does
    one world at a time, and returns each finished hand. Every world must be `ready`, under the same rules;
    worlds at different points of the hand are played in groups. `shared` and `scored`: as `play_out_all`."""
    groups: dict[tuple[int, int, int], list[int]] = {}
    for index, world in enumerate(worlds):
        assert ready(world), "play_out_together needs worlds in a plain play (see `ready`)"
        groups.setdefault(_point(world), []).append(index)
    results: list[HandResult | None] = [None] * len(worlds)
    shared = {} if shared is None else shared
    for members in groups.values():
        group = [worlds[index] for index in members]
        for index, result in zip(members, _play_group(group, shared, scored), strict=True):
            results[index] = result
    return [result for result in results if result is not None]


def _play_group(
    worlds: Sequence[Game], shared: SharedAims, scored: Outcomes | None, choices: Sequence[int] = ()
) -> list[HandResult]:
    """Plays out worlds that stand at the same card of the same trick; see `play_out_together`. Given `choices`
    (cards the seat to play may play), each world is played once after each of them, world by world."""
    rules = worlds[0].rules
    deck = rules.deck
    seats = rules.seats
    rows = np.repeat(np.arange(len(worlds)), len(choices)) if choices else np.arange(len(worlds))  # each row's world
    count = len(rows)
    at = np.arange(count)
    keys = [play_key(world) for world in worlds]
    plays = tuple(sorted({(world.trump, world.named_game) for world in worlds}))
    sense = _senses(rules, plays)
    which = np.array([plays.index((world.trump, world.named_game)) for world in worlds])[rows]
    suit_of, low, costly, spare = sense.suit_of[which], sense.low[which], sense.costly[which], sense.spare[which]
    strength, suit_cards, trump = sense.strength[which], sense.suit_cards[which], sense.trump[which]
    event_first, event_then = sense.event_first[which], sense.event_then[which]
    bans = _Bans(sense.break_suit[which], sense.break_also[which], sense.break_only[which], sense.break_any[which])
    # What each seat wants, per world: read once per play key, as the playouts one at a time share them.
    found: dict[tuple[object, ...], int] = {}
    kinds: list[tuple[Aims, ...]] = []
    for world, key in zip(worlds, keys, strict=True):
        if key not in found:
            found[key] = len(kinds)
            kinds.append(tuple(aims_of(world, seat, None, shared) for seat in range(seats)))
    members = np.array([[[seat in aim.members for seat in range(seats)] for aim in wants] for wants in kinds])
    target = np.array([[aim.target for aim in wants] for wants in kinds])
    no_tricks = np.array([[aim.no_tricks for aim in wants] for wants in kinds])
    wanted = np.array([found[key] for key in keys])[rows]
    # The worlds' state, a row per playout.
    hands = _bits([world.held_masks() for world in worlds], deck.size)[rows]
    played = _bits([world.cards_played() for world in worlds], deck.size)[rows]
    unbroken = _bits([world.unbroken for world in worlds], deck.size)[rows]
    start = len(worlds[0].trick)
    outs = worlds[0].outs  # the seats sitting this hand out, the same in every world of the group
    size = seats - bin(outs).count("1")
    next_seats = rules.seating.next_skipping(outs) if outs else rules.seating.next_seat
    trick = np.zeros((count, size), dtype=int)
    if start:
        trick[:, :start] = np.array([world.trick for world in worlds])[rows]
    won = np.array([world.tricks_won for world in worlds])[rows]
    events = np.array([world.trick_events for world in worlds], dtype=int)
    events = events.reshape(len(worlds), len(rules.events), seats)[rows]
    leader = np.array([world.leader for world in worlds])[rows]  # of the trick under way (set at each lead)
    turn = np.array([world.turn for world in worlds])[rows]  # the seat whose card is played
    dummy = np.array([world.dummy for world in worlds])[rows]
    declarer = np.array([world.declarer for world in worlds])[rows]
    chosen = np.tile(np.array(choices), len(worlds)) if choices else None  # each row's first card
    dummies = bool((dummy >= 0).any())
    members, target, no_tricks = members[wanted], target[wanted], no_tricks[wanted]  # by row, then seat
    dodging = _dodging(won, members, target, no_tricks)
    order = _seat_order(next_seats, size)
    if start:  # the trick under way: its led suit, each card's claim on it and the seat whose card holds it
        led = suit_of[at, trick[:, 0]]
        row, led_cards = strength[at, led], suit_cards[at, led]
        claims = np.take_along_axis(row, trick[:, :start], axis=1)
        best, winning = claims.max(axis=1), order[leader][at, claims.argmax(axis=1)]
    unlike_trump = np.array(deck.suit_of)[None, :] != trump[:, None]
    trumps = suit_cards[at, np.maximum(trump, 0)] & (trump >= 0)[:, None]  # each world's trump suit, if any
    context = _Table(trump, np.array(rules.seating.partner), 2 * deck.size, suit_cards)
    follow = rules.play.follow_suit
    after = np.array(next_seats)
    sides = np.array(rules.seating.side_of) if rules.seating.has_sides else None
    play = rules.play
    avoid = np.array(_row(play.first_trick_avoid, deck.size)) if play.first_trick_avoid else None
    first_lead = None
    if play.leads_with is not LeadsWith.ANY and play.first_card is not None:
        first_lead = _first_lead(play.leads_with, play.first_card, suit_of, suit_cards, at)
    tricks_before = sum(worlds[0].tricks_won)
    playing = [seat for seat in range(seats) if not outs >> seat & 1]  # a seat sitting out keeps its cards
    steps = int(hands[0, playing].sum())
    moves = np.zeros((steps, count), dtype=np.int64)  # each card played, as the engine packs a move
    for step in range(steps):
        place = (start + step) % size
        first_trick = tricks_before + (start + step) // size == 0
        if step == 0 and chosen is not None:
            card = chosen
        else:  # the quick policy's choice, among the cards the rules allow
            held = hands[at, turn]
            actor = np.where(turn == dummy, declarer, turn) if dummies else turn  # the declarer for a dummy
            legal = held
            if place == 0:
                if first_trick and first_lead is not None:
                    legal = _narrowed(legal, first_lead)
                if bans.count:
                    legal = _narrowed(legal, ~bans.banned(held, unbroken))
            else:
                suited = held & led_cards
                can_follow = suited[at, suited.argmax(axis=1)]
                if follow:  # where a trump may be played instead (`play.may_trump_instead`), one may
                    allowed = suited | held & trumps if play.trump_instead else suited
                    legal = np.where(can_follow[:, None], allowed, held)
                if play.must.any:
                    beats = row > best[:, None]
                    legal = _bound(play.must, legal, held, beats, best, winning, turn, led, trumps, context)
            if first_trick and avoid is not None:
                legal = _narrowed(legal, ~avoid[None, :])
            mates, dodge = members[at, actor], dodging[at, actor]
            if place == 0:
                known = played | hands[at, actor]  # the cards gone, as the chooser knows them: its own hand's
                card = _lead(legal, known, dodge, low, spare, unlike_trump, deck.ranks_per_suit)
            else:
                card = _follow(legal, row, best, winning, led, can_follow, mates, dodge, low, costly, suit_of)
        if place == 0:
            leader = turn
            led = suit_of[at, card]
            row, led_cards = strength[at, led], suit_cards[at, led]
            best, winning = row[at, card], turn
        else:
            claim = row[at, card]
            better = claim > best  # the first of equal claims holds the trick
            best, winning = np.where(better, claim, best), np.where(better, turn, winning)
        hands[at, turn, card] = False
        moves[step] = card << ACTION_SHIFT | turn
        if bans.count:
            bans.break_with(unbroken, card, suit_of[at, card], led)
        played[at, card] = True
        trick[:, place] = card
        turn = after[turn]
        if place == size - 1:
            _finish_trick(rules, trick, order[leader], winning, won, events, event_first, event_then, sides)
            leader = turn = winning
            dodging = _dodging(won, members, target, no_tricks)
    owners = rows.tolist()
    counted = won @ _side_members(rules) if rules.scored_by_side_tricks else won  # the tricks the scoring reads

    def settled(playout: int, key: tuple[object, ...] | None) -> HandResult:
        """The hand of row `playout` scored by the engine (`key`: see `_score`)."""
        world = worlds[owners[playout]]
        return _score(
            world.clone() if choices else world,  # a world played under several choices is settled on a copy
            key,
            moves[:, playout].tolist(),
            tuple(won[playout].tolist()),
            tuple(map(tuple, events[playout].tolist())),
            scored,
            tuple(counted[playout].tolist()),
        )

    if scored is None or not rules.scored_by_tricks:  # every hand settled from its own cards
        return [settled(playout, None) for playout in range(count)]
    # Scored once per distinct play key, tricks read and events, each by the first row that ends so.
    outcomes = np.concatenate([wanted[:, None], counted, events.reshape(count, -1)], axis=1)
    _distinct, firsts, inverse = np.unique(outcomes, axis=0, return_index=True, return_inverse=True)
    results = [settled(first, keys[owners[first]]) for first in firsts.tolist()]
    return [results[index] for index in inverse.reshape(-1).tolist()]


def _side_members(rules: Rules) -> Array:
    """(seats, sides): 1 where the seat plays for the side, so each row's tricks by seat times it are by side."""
    sides = rules.seating.sides
    return np.array([[int(seat in members) for members in sides] for seat in range(rules.seats)], dtype=np.int64)


def _dodging(won: Array, members: Array, target: Array, no_tricks: Array) -> Array:
    """(rows, seats): whether each seat wants no more tricks, by its aims (`members`: each seat's party, `target`:
    the tricks it wants, `no_tricks`: it wants none) and the tricks won so far: its aims change only as tricks
    are won, so this is worked out at each trick's end rather than at every card."""
    return no_tricks | ((members * won[:, None, :]).sum(axis=2) >= target)


def _bits(masks: Sequence[int | Sequence[int]], size: int) -> Array:
    """Card masks (or rows of them) as arrays of booleans over the `size` cards."""
    numbers = np.array(masks, dtype=object)
    if size < 63:
        numbers = numbers.astype(np.int64)
        return (numbers[..., None] >> np.arange(size) & 1).astype(bool)
    flat = [(mask >> card) & 1 for mask in numbers.ravel() for card in range(size)]
    return np.array(flat, dtype=bool).reshape(*numbers.shape, size)


def _narrowed(choice: Array, cards: Array, binds: Array | None = None) -> Array:
    """Each world's `choice` narrowed to `cards` where it holds one of them (a rule binds only when it can) and,
    given `binds`, where the rule binds at all."""
    narrowed = choice & cards
    some = narrowed.any(axis=1)
    if binds is not None:
        some &= binds
    return np.where(some[:, None], narrowed, choice)


def _first_lead(leads_with: LeadsWith, card: int, suit_of: Array, suit_cards: Array, at: Array) -> Array:
    """The cards the first lead must be made with (`play.first_lead`): the named card, or its suit."""
    if leads_with is LeadsWith.CARD:
        only = np.zeros(suit_of.shape[1], dtype=bool)
        only[card] = True
        return only[None, :]
    return suit_cards[at, suit_of[:, card]]


@dataclass(frozen=True, slots=True)
class _Bans:
    """Each world's suits banned from the lead until broken, as the engine keeps them (`restrictions.lead_ban`,
    `restrictions.broken`), by ban: the suit's cards, the other cards that break it, the cards it may be led
    with, whether any card of it breaks it."""

    suit: Array
    also: Array
    only: Array
    any_card: Array

    @property
    def count(self) -> int:
        return int(self.suit.shape[1])

    def banned(self, held: Array, unbroken: Array) -> Array:
        """The cards each world's leader may not lead: the unbroken suits it holds other cards besides."""
        out = np.zeros_like(held)
        for ban in range(self.count):
            suit = self.suit[:, ban]
            blocked = (unbroken & suit).any(axis=1)
            besides = (held & ~(suit | self.only[:, ban])).any(axis=1)
            out |= suit & (blocked & besides)[:, None]
        return out

    def break_with(self, unbroken: Array, card: Array, suit: Array, led: Array) -> None:
        """Lifts in `unbroken` each ban that `card` (of `suit`, to a trick led in `led`) breaks."""
        at = np.arange(card.shape[0])
        for ban in range(self.count):
            cards = self.suit[:, ban]
            still = (unbroken & cards).any(axis=1)
            of_it = cards[at, card] & (self.any_card[:, ban] | (suit != led))
            unbroken &= ~(cards & (still & (of_it | self.also[:, ban][at, card]))[:, None])


def _seat_order(next_seats: Sequence[int], size: int) -> Array:
    """(seats, size): the seat that plays a trick's `n`th card when `leader` leads, as `[leader, n]`, each seat
    followed by `next_seats` (which pass over the seats sitting the hand out)."""
    order = []
    for leader in range(len(next_seats)):
        seat, row = leader, []
        for _place in range(size):
            row.append(seat)
            seat = next_seats[seat]
        order.append(row)
    return np.array(order)


def _first(keys: Array, allowed: Array) -> Array:
    """Per world, the first card among `allowed` with the lowest key (`min` over cards in order)."""
    return np.where(allowed, keys, _BIG).argmin(axis=1)


def _last_best(keys: Array, allowed: Array) -> Array:
    """Per world, the first card among `allowed` with the highest key (`max` over cards in order)."""
    return np.where(allowed, keys, -_BIG).argmax(axis=1)


def _lead(legal: Array, gone: Array, dodge: Array, low: Array, spare: Array, unlike_trump: Array, ranks: int) -> Array:
    """The lead `policy.choose_card` makes in each world: wanting no trick, the card best spared; else the
    highest card no unseen card of its suit beats (trumps aside), else the lowest."""
    count, size = legal.shape
    unseen = ~gone.reshape(count, size // ranks, ranks)
    from_here = np.logical_or.accumulate(unseen[:, :, ::-1], axis=2)[:, :, ::-1]
    above = np.zeros_like(unseen)
    above[:, :, :-1] = from_here[:, :, 1:]
    sure = legal & ~above.reshape(count, size) & unlike_trump
    some_sure = sure.any(axis=1)
    best = _either(some_sure, lambda: size - 1 - sure[:, ::-1].argmax(axis=1), lambda: _first(low, legal))
    return _either(dodge, lambda: _first(spare, legal), lambda: best)


def _either(where: Array, then: Callable[[], Array], otherwise: Callable[[], Array]) -> Array:
    """`then()` in the worlds `where` holds, `otherwise()` in the rest, each worked out only when some world
    needs it (most steps of most hands need one side only: nobody is dodging tricks, everyone can follow)."""
    if where.all():
        return then()
    if not where.any():
        return otherwise()
    return np.where(where, then(), otherwise())


def _follow(
    legal: Array,
    row: Array,
    best: Array,
    winning: Array,
    led: Array,
    can_follow: Array,
    mates: Array,
    dodge: Array,
    low: Array,
    costly: Array,
    suit_of: Array,
) -> Array:
    """The card `policy.choose_card` plays to a trick under way in each world (`row`: each card's claim on it,
    `best` the highest claim so far, made by the seat `winning`; `can_follow`: whether the seat holds the led
    suit): wanting no trick, the highest card that loses it (the costliest discard to an opponent's trick);
    wanting one, the lowest card that wins it unless a partner already does (then the lowest, or the costliest
    discard)."""
    at = np.arange(legal.shape[0])
    ours = mates[at, winning]
    beats = row > best[:, None]

    def shunning() -> Array:
        losers = legal & ~beats
        first_loser = losers.argmax(axis=1)
        off_suit = ~ours & (suit_of[at, first_loser] != led)

        def discard() -> Array:
            return _either(off_suit, lambda: _first(costly, losers), lambda: _last_best(low, losers))

        return _either(losers[at, first_loser], discard, lambda: _last_best(low, legal))

    def taking() -> Array:
        winners = legal & beats
        lowest_winner = _first(low, winners)

        def helping() -> Array:
            return _either(~ours & ~can_follow, lambda: _first(costly, legal), lambda: _first(low, legal))

        return _either(ours | ~winners[at, lowest_winner], helping, lambda: lowest_winner)

    return _either(dodge, shunning, taking)


@dataclass(frozen=True, slots=True)
class _Table:
    """What the duties of a card to a trick read besides the trick: each world's trump, each seat's partner, the
    lowest claim a trump makes (`Deck.strength`: trumps claim from twice the deck's size) and the suits' cards."""

    trump: Array
    partner: Array
    trump_claims: int
    suit_cards: Array


def _bound(
    must: MustRules,
    legal: Array,
    held: Array,
    beats: Array,
    best: Array,
    winning: Array,
    turn: Array,
    led: Array,
    trumps: Array,
    table: _Table,
) -> Array:
    """`legal` narrowed by the duties of `play.must`, in the engine's order (`restrictions._following`), each only
    where it binds and the seat can comply: raise a trump lead, beat the trick, trump when void, overtrump;
    none but the first for a seat whose partner is winning, where the rules say so."""
    at = np.arange(legal.shape[0])
    trumped = (best >= table.trump_claims) & (led != table.trump)
    void = ~(held & table.suit_cards[at, led]).any(axis=1)
    has_trump = table.trump >= 0
    choice = legal
    if must.raise_trump:
        choice = _narrowed(choice, held & trumps & beats, has_trump & (led == table.trump))
    bound = table.partner[turn] != winning if must.unless_partner_wins else np.ones_like(void)
    if must.beat:
        choice = _narrowed(choice, held & table.suit_cards[at, led] & beats, bound & ~trumped)
    void_bound = bound & void & has_trump
    if must.trump or must.trump_low:
        wanted = np.ones_like(trumped) if must.trump_low else ~trumped
        choice = _narrowed(choice, trumps, void_bound & wanted)
    if must.overtrump:
        choice = _narrowed(choice, held & trumps & beats, void_bound & trumped)
    return choice


def _finish_trick(
    rules: Rules,
    trick: Array,
    seats: Array,
    winner: Array,
    won: Array,
    events: Array,
    first: Array,
    then: Array,
    side_of: Array | None,
) -> None:
    """Credits each world's complete trick (played by `seats` in order) to its `winner` and counts its trick
    events (`first`, `then`: each event's cards per world; `side_of`: each seat's side, None without sides)."""
    at = np.arange(trick.shape[0])
    won[at, winner] += 1
    for index, event in enumerate(rules.events):
        is_first = trick == first[:, index][:, None]
        is_then = trick == then[:, index][:, None]
        where_first, where_then = is_first.argmax(axis=1), is_then.argmax(axis=1)
        happened = is_first.any(axis=1) & is_then.any(axis=1) & (where_first < where_then)
        first_seat, then_seat = seats[at, where_first], seats[at, where_then]
        if side_of is not None and event.by is not Relation.ANYONE:
            same = side_of[first_seat] == side_of[then_seat]
            happened &= ~same if event.by is Relation.OPPONENT else same
        events[at, index, then_seat] += happened


def _score(
    world: Game,
    key: tuple[object, ...] | None,
    plays: list[int],
    tricks: tuple[int, ...],
    events: tuple[tuple[int, ...], ...],
    scored: Outcomes | None,
    counted: tuple[int, ...],
) -> HandResult:
    """The hand `world` ends with these cards, tricks and events, scored by the engine; once per distinct count
    of tricks (`counted`: each seat's, or each side's where the scoring reads no more) and events where the
    scoring reads nothing else (`key`: the world's `play_key`, the rest of what its scoring reads being the
    decision's), else every time (`key` None)."""
    outcome = (key, counted, events)
    if key is not None and scored is not None and outcome in scored:
        return scored[outcome]
    hand = world.hands_finished
    world.settle_play(plays, tricks, events)
    result = world.finished_hand(hand)
    if key is not None and scored is not None:
        scored[outcome] = result
    return result

"""What a seat wants from the rest of a hand, read from the ruleset's own scoring: tricks, and which cards.

Nothing here knows a game. The scoring rules are run on imagined outcomes of
the hand in progress, built from what the seat's view shows (the bids,
contracts, trump, totals): how many tricks should this seat's side (or the
seat itself) end with, and what is a single card worth to whoever takes it?
Where every trick scores, the answer is "as many tricks as possible"; where
a bid must be met exactly, "exactly the bid"; where cards carry penalty
points, "no tricks, and never the costliest card". Answers are cached per
ruleset and per hand, so playouts pay for them once.
"""

from __future__ import annotations

from ..engine.history import ACTION_SHIFT, SEAT_MASK
from ..engine.phases.contract import contracts, level_of
from ..engine.scoring import score_hand
from ..engine.view import SeatView
from ..expr.facts import NO_NAME, NO_SEAT, Facts
from ..ruleset.actions import ActionKind
from ..ruleset.rules import Rules

_TARGETS: dict[tuple[object, ...], int] = {}
_SHUNS: dict[tuple[object, ...], bool] = {}
_WORTH: dict[int, tuple[Rules, tuple[float, ...]]] = {}
_LIMIT = 4096
"""Entries kept before a cache starts afresh (bounded memory in long simulations)."""


def remember(cache: dict, key: object, value: object) -> None:  # type: ignore[type-arg]
    """Keeps `value` under `key`, starting `cache` afresh once it holds `_LIMIT` entries."""
    if len(cache) >= _LIMIT:
        cache.clear()
    cache[key] = value


def party(view: SeatView) -> tuple[int, ...]:
    """The seats whose tricks count together with the viewer's: its side when the rules score sides."""
    seating = view.rules.seating
    side = seating.side_of[view.seat]
    if side < 0 or view.rules.personal:
        return (view.seat,)
    return seating.sides[side]


def _bids(view: SeatView) -> tuple[list[int], list[int]]:
    """Each seat's bid value and bid name so far this hand, from the moves the view shows."""
    actions = view.rules.actions
    seats = view.rules.seats
    values, names = [0] * seats, [NO_NAME] * seats
    for code in view.packed_moves:
        action = code >> ACTION_SHIFT
        kind = actions.kinds[action]
        if kind == ActionKind.PLAY:
            break  # the bidding is over before the first card (it is a phase before the tricks)
        if kind == ActionKind.BID:
            seat = code & SEAT_MASK
            values[seat] = actions.bid_values[action]
            names[seat] = actions.name_index[action]
    return values, names


def _outcome(view: SeatView, values: list[int], names: list[int]) -> Facts:
    """Facts of the hand in progress as it would end, but for the tricks (see `_spread`): its bids (`values`,
    `names`), trump, contracts, the totals before it."""
    rules = view.rules
    seating = rules.seating
    facts = Facts.blank(seating, rules.deck, view.hand_size)
    facts.bids, facts.bid_names = values, names
    facts.has_bid = [True] * seating.seats
    facts.dealer = view.dealer
    facts.hand_number = view.hand_number
    facts.hands_played = view.hands_played + 1  # scored as if this hand were played
    facts.trump = view.trump
    facts.game = view.game
    facts.declarer = view.declarer
    facts.declaring_side = seating.side_of[view.declarer] if view.declarer != NO_SEAT else NO_SEAT
    facts.contract, facts.seat_contract = contracts(
        seating,
        values,
        view.declarer,
        level_of(seating, view.contract, view.declarer),
        rules.bidding.estimates is not None,
    )
    facts.totals_side = list(view.totals)
    facts.totals_seat = list(view.seat_totals or [0] * seating.seats)
    facts.counters = [list(values) for values in view.counters]
    facts.events = [[0] * seating.seats for _ in rules.events]
    return facts


def _spread(facts: Facts, members: tuple[int, ...], others: list[int], mine: int) -> None:
    """Sets `facts` to the party `members` ending on `mine` tricks and the rest spread over the `others`, with no
    points scored yet (scoring writes only the hand's points, so one `Facts` serves every count)."""
    tricks = [0] * facts.seat_count
    for index in range(mine):
        tricks[members[index % len(members)]] += 1
    for index in range(facts.hand_size - mine):
        tricks[others[index % len(others)]] += 1
    facts.tricks = tricks
    facts.side_tricks = [sum(tricks[s] for s in group) for group in facts.side_seats]
    # Where only the tricks after the stock count (`play.draw`), a trick imagined here stands for one of those:
    # what the player wants of tricks is the same.
    facts.late_tricks, facts.side_late_tricks = facts.tricks, facts.side_tricks
    facts.hand_side = [0] * len(facts.sides)
    facts.hand_seat = [0] * facts.seat_count


def _mine(view: SeatView, facts: Facts) -> tuple[float, float]:
    """The viewer's party's points in these facts, then those less the others' average (what tells a defender,
    who scores nothing either way, to beat the declarer), both turned round when the lower total wins."""
    score = score_hand(view.rules, facts)
    side = view.rules.seating.side_of[view.seat]
    scores, mine = (score.sides, side) if side >= 0 and not view.rules.personal else (score.seats, view.seat)
    others = [points for index, points in enumerate(scores) if index != mine]
    sign = -1 if view.rules.match.lower_wins else 1
    return sign * scores[mine], sign * (scores[mine] - sum(others) / max(1, len(others)))


def trick_target(view: SeatView) -> int:
    """How many tricks the viewer's party should end the hand with, by the scoring (the fewest, on ties)."""
    values, names = _bids(view)
    members = party(view)  # partners share their side's points, and so its target
    key = (id(view.rules), members, view.hand_size, view.trump, view.game, view.declarer, tuple(values), view.totals)
    target = _TARGETS.get(key)
    if target is None:
        facts = _outcome(view, values, names)
        others = [s for s in range(view.rules.seats) if s not in members]
        scores = []
        for mine in range(view.hand_size + 1):
            _spread(facts, members, others, mine)
            _share_points(view.rules, facts)
            scores.append(_mine(view, facts))
        own = [points for points, _ in scores]
        if min(own) == max(own):  # it scores nothing either way (a defender): beat the others
            own = [relative for _, relative in scores]
        target = own.index(max(own))
        remember(_TARGETS, key, target)
    return target


def shuns_tricks(view: SeatView) -> bool:
    """True when a trick the viewer takes costs its party more than the same trick taken by a partner, as the
    scoring reads the bids (a bid to take no trick, scored apart from the side's): it should lose every trick."""
    members = party(view)
    partners = [s for s in members if s != view.seat]
    if not partners:
        return False  # alone, what it wants of its tricks is its target
    values, names = _bids(view)
    key = (id(view.rules), view.seat, view.hand_size, view.trump, view.game, view.declarer, tuple(values), tuple(names))
    shuns = _SHUNS.get(key)
    if shuns is None:
        facts = _outcome(view, values, names)
        others = [s for s in range(view.rules.seats) if s not in members]
        party_tricks = max(1, view.hand_size // 2)
        _spread(facts, (partners[0],), others, party_tricks)
        _share_points(view.rules, facts)
        without = _mine(view, facts)
        tricks = list(facts.tricks)
        tricks[partners[0]] -= 1
        tricks[view.seat] += 1
        facts.tricks = tricks
        facts.side_tricks = [sum(tricks[s] for s in group) for group in facts.side_seats]
        facts.hand_side = [0] * len(facts.sides)
        facts.hand_seat = [0] * facts.seat_count
        shuns = _mine(view, facts)[0] < without[0]
        remember(_SHUNS, key, shuns)
    return shuns


def _share_points(rules: Rules, facts: Facts) -> None:
    """Gives each seat of `facts` the card points of its share of the tricks, where the scoring counts card
    points: without them a count of tricks alone would score as if no card were taken."""
    points = rules.scoring.card_points
    if not points:
        return
    taken = facts.fresh_cards()
    total = sum(points)
    taken.points = [total * tricks // max(1, facts.hand_size) for tricks in facts.tricks]
    taken.sum_sides(rules.seating.sides)


def card_worth(rules: Rules) -> tuple[float, ...]:
    """What taking each card is worth to the taker by itself (0 where cards carry no points), by the scoring."""
    cached = _WORTH.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    worth: tuple[float, ...] = (0.0,) * rules.deck.size
    if rules.reads_cards:
        seating = rules.seating
        seats = seating.seats
        base = Facts.blank(seating, rules.deck, rules.hand_size)
        base.tricks = [rules.hand_size] + [0] * (seats - 1)
        base.side_tricks = [sum(base.tricks[s] for s in group) for group in seating.sides]
        base.counters = [[c.start] * (len(seating.sides) if c.per == "side" else seats) for c in rules.counters]
        base.events = [[0] * seats for _ in rules.events]
        nothing = _seat_points(rules, base, set())
        worth = tuple(_seat_points(rules, base, {card}) - nothing for card in range(rules.deck.size))
        if rules.match.lower_wins:
            worth = tuple(-w for w in worth)
    remember(_WORTH, id(rules), (rules, worth))
    return worth


def _seat_points(rules: Rules, facts: Facts, cards: set[int]) -> float:
    """Seat 0's points when it took exactly `cards` (its side's, where the rules score sides)."""
    facts.hand_side = [0] * len(rules.seating.sides)
    facts.hand_seat = [0] * rules.seats
    taken = facts.fresh_cards()
    mask = rules.deck.mask(cards)
    taken.taken = [mask] + [0] * (rules.seats - 1)
    points = rules.scoring.card_points
    taken.points = [sum(points[c] for c in cards) if points else 0] + [0] * (rules.seats - 1)
    taken.taker = dict.fromkeys(cards, 0)
    taken.first_trick = taken.last_trick = 0
    taken.sum_sides(rules.seating.sides)
    score = score_hand(rules, facts)
    side = rules.seating.side_of[0]
    return score.sides[side] if side >= 0 and not rules.personal else score.seats[0]

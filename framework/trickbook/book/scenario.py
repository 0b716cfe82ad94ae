"""Worked examples: a hand's outcome given directly (bids, tricks, events, totals), scored by the real rules.

A scenario skips dealing and play: it states what happened and asks the
ruleset's own scoring and match-end rules what follows, through the same
functions the engine calls after a played hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.melds import meld_points, trick_meld_points
from ..engine.phases.contract import contracts
from ..engine.scoring import HandScore, match_winner, score_hand
from ..errors import ActionError, Said, TrickbookError, said
from ..expr.facts import NO_NAME, NO_SEAT, NO_SUIT, Facts
from ..ruleset.rules import BiddingKind, MeldRules, MeldSource, Rules, TrumpMode
from .words import count_words


class ScenarioError(TrickbookError):
    """A scenario that does not fit its ruleset (an unknown event, a bid out of range...); `said` is its sentence,
    which the workbench shows in the page's language while `str()` stays English."""

    def __init__(self, message: str | Said) -> None:
        self.said = message if isinstance(message, Said) else Said(message)
        super().__init__(str(self.said))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles with its sentence."""
        return type(self), (self.said,)


@dataclass(frozen=True, slots=True)
class Scenario:
    """What happened in one hand, and the match state before it.

    `bids` holds one entry per seat: a number, a named bid, or None for a pass
    (empty: nobody bid). In an auction, `declarer` names the winning seat and
    its bid is the contract. `hand_size` defaults to the ruleset's.
    """

    tricks: Sequence[int]
    bids: Sequence[int | str | None] = ()
    declarer: int | None = None
    trump: str | None = None
    dealer: int = 0
    shown: Sequence[Sequence[str]] | None = None
    """Per seat, the cards it showed before the first lead (`showing`); default none."""
    hand_number: int = 1
    hands_played: int | None = None
    """Hands played to their scoring, this one included; by default `hand_number` (no hand thrown in)."""
    hand_size: int | None = None
    totals: Sequence[int] = ()
    seat_totals: Sequence[int] | None = None
    counters: Mapping[str, Sequence[int]] = field(default_factory=dict)
    events: Mapping[str, Sequence[int]] = field(default_factory=dict)
    took: Sequence[Sequence[str]] | None = None
    """Per seat, the cards it took in tricks: card codes, or suit codes for every card of a suit."""
    dealt: Sequence[Sequence[str]] | None = None
    """Per seat, cards it was dealt (the others are left unsaid), in the same codes."""
    first_trick: int | None = None
    """The seat that won the first trick."""
    last_trick: int | None = None
    """The seat that won the last trick."""
    trump_round: int | None = None
    """The round of trump making in which `declarer` made trump (default: 1 where players make trump)."""
    sits_out: int | Sequence[int] | None = None
    """The seat (or seats) that sat the hand out while their partners played alone."""
    game: int = -1
    """The named game (an index of `trump.games`) the hand was played as, or -1."""
    tricks_after_stock: Sequence[int] | None = None
    """Per seat, how many of its tricks it took once the stock was empty (`play.draw`)."""
    stock: Sequence[str] | None = None
    """The cards in the stock at the end of the hand (after any exchange), as card codes."""
    contract: str | None = None
    """Bidding of kind `calls`: the winning bid as written (`4S`, `3NT`); its strain is the hand's trump."""
    doubled: int = 0
    """Bidding of kind `calls`: 1 when the contract was doubled, 2 when redoubled."""
    exchanged: bool | None = None
    """Whether a seat took cards in the exchange (default: true when the rules have an exchange without `when`)."""
    announced: Sequence[str] = ()
    """The declarer's announcements, by name."""
    won_tricks: Sequence[Sequence[Sequence[str]]] | None = None
    """Per seat, the tricks it won whose cards hold melds (`melds` found in tricks), each as card codes."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the rules make of a scenario: the hand's score, the new totals and counters, and any winner."""

    score: HandScore
    totals: tuple[int, ...]
    seat_totals: tuple[int, ...] | None
    counters: dict[str, tuple[int, ...]]
    winner: tuple[int, ...] | None
    """The seats that won the match, or None when it goes on."""


def evaluate(rules: Rules, scenario: Scenario) -> Outcome:
    """Scores the scenario's hand and checks the match end, exactly as after a played hand."""
    facts = scenario_facts(rules, scenario)
    score = score_hand(rules, facts)
    totals = tuple(t + s for t, s in zip(facts.totals_side, score.sides, strict=True))
    seat_totals = tuple(t + s for t, s in zip(facts.totals_seat, score.seats, strict=True))
    facts.totals_side = list(totals)
    facts.totals_seat = list(seat_totals)
    facts.counters = [list(c) for c in score.counters]
    winner = match_winner(rules, facts)
    counters = {c.name: score.counters[i] for i, c in enumerate(rules.counters)}
    return Outcome(score, totals, seat_totals if rules.personal else None, counters, winner)


def scenario_facts(rules: Rules, scenario: Scenario) -> Facts:
    """Builds the facts the engine would have after playing the scenario's hand."""
    seating = rules.seating
    seats = seating.seats
    size = rules.hand_size if scenario.hand_size is None else scenario.hand_size
    in_hand = rules.tricks_in_hand(size)
    # A hand that `play.stop_when` may stop early can be scored after fewer tricks, as in play.
    played = sum(scenario.tricks)
    if len(scenario.tricks) != seats or played > in_hand or (played < in_hand and rules.play.stop_when is None):
        count, given = Said(count_words(seats)), str(list(scenario.tricks))
        if rules.play.stop_when is not None:
            raise ScenarioError(
                said(
                    "tricks must give {count} seats' tricks adding up to at most {total}, not {given}",
                    count=count,
                    total=in_hand,
                    given=given,
                )
            )
        raise ScenarioError(
            said(
                "tricks must give {count} seats' tricks adding up to {total}, not {given}",
                count=count,
                total=in_hand,
                given=given,
            )
        )
    if scenario.hands_played is not None and scenario.hands_played > scenario.hand_number:
        raise ScenarioError(
            said(
                "hands_played ({played}) cannot exceed hand_number ({number}): every played hand has a number",
                played=scenario.hands_played,
                number=scenario.hand_number,
            )
        )
    facts = Facts.blank(seating, rules.deck, rules.held_size(size))
    bids, names, passed = _bids(rules, scenario)
    declarer = NO_SEAT if scenario.declarer is None else scenario.declarer
    if not 0 <= scenario.dealer < seats or not (declarer == NO_SEAT or 0 <= declarer < seats):
        raise ScenarioError(said("seats are numbered 0 to {last}", last=seats - 1))
    trump_code = scenario.trump
    if rules.bidding.kind is BiddingKind.CALLS:
        calls = rules.bidding.calls
        assert calls is not None
        codes = rules.actions.bid_codes
        if declarer == NO_SEAT or scenario.contract not in codes[1:]:
            raise ScenarioError(
                said("a scenario of calls needs `declarer` and a `contract` such as {code}", code=repr(codes[1]))
            )
        value = codes.index(str(scenario.contract))
        facts.contract, facts.seat_contract = contracts(seating, bids, declarer, calls.level(value))
        strain = calls.strain(value)
        trump_code = rules.deck.suits[strain].code if strain >= 0 else None
    elif rules.bidding.kind is BiddingKind.AUCTION:
        if declarer == NO_SEAT:
            raise ScenarioError(said("an auction scenario needs `declarer`"))
        estimates = rules.bidding.estimates is not None
        facts.contract, facts.seat_contract = contracts(seating, bids, declarer, bids[declarer], estimates)
    else:
        facts.contract, facts.seat_contract = contracts(seating, bids, NO_SEAT, 0)
    if scenario.doubled and not (rules.actions.doubles and declarer != NO_SEAT):
        raise ScenarioError(
            said("`doubled` needs a declarer and doubling (`doubling`, or doubles in an auction of calls)")
        )
    if not 0 <= scenario.doubled <= 2:
        raise ScenarioError(said("doubled is 0, 1 (doubled) or 2 (redoubled), not {given}", given=scenario.doubled))
    facts.doubled = scenario.doubled
    facts.dealer = scenario.dealer
    facts.declarer = declarer
    facts.declaring_side = seating.side_of[declarer] if declarer != NO_SEAT else NO_SEAT
    facts.trump = _trump(rules, trump_code)
    made = rules.trump.mode is TrumpMode.MADE and declarer != NO_SEAT
    facts.trump_round = scenario.trump_round if scenario.trump_round is not None else int(made)
    out = scenario.sits_out
    seats_out = () if out is None else (out,) if isinstance(out, int) else tuple(out)
    if not all(isinstance(s, int) and 0 <= s < seats for s in seats_out):
        raise ScenarioError(said("sits_out names seats from 0 to {last}, not {given}", last=seats - 1, given=repr(out)))
    # As in play: a dealer who sits out (`deal.dealer_sits_out`) does so whether or not the example says it.
    facts.outs = sum(1 << s for s in set(seats_out)) | (1 << scenario.dealer if rules.deal.dealer_sits_out else 0)
    facts.game = scenario.game
    exchange = rules.exchange
    default = exchange is not None and exchange.when is None
    facts.exchanged = default if scenario.exchanged is None else scenario.exchanged
    announcements = [a.name for a in rules.announcements]
    for name in scenario.announced:
        if name not in announcements:
            raise ScenarioError(
                said(
                    "{name} is not an announcement of these rules: expected one of {names}",
                    name=repr(name),
                    names=str(announcements),
                )
            )
        facts.announced |= 1 << announcements.index(name)
    if scenario.stock is not None:
        worth = rules.scoring.card_points
        try:
            cards = [rules.deck.parse_card(code) for code in scenario.stock]
        except ActionError as exc:
            raise ScenarioError(exc.said) from None
        facts.stock_points = sum(worth[c] for c in cards) if worth else 0
    facts.hand_number = scenario.hand_number
    facts.hands_played = scenario.hand_number if scenario.hands_played is None else scenario.hands_played
    facts.bids = bids
    facts.bid_names = names
    facts.passed = passed
    facts.has_bid = [b is not None for b in scenario.bids] if scenario.bids else [False] * seats
    facts.tricks = list(scenario.tricks)
    seat_totals = list(scenario.seat_totals) if scenario.seat_totals is not None else [0] * seats
    if len(seat_totals) != seats:
        raise ScenarioError(
            said("seat totals must list {count} seats, not {given}", count=seats, given=str(seat_totals))
        )
    totals = list(scenario.totals) if scenario.totals else [0] * len(seating.sides)
    if rules.personal and scenario.seat_totals is not None:
        totals = [sum(seat_totals[s] for s in members) for members in seating.sides]
    if len(totals) != len(seating.sides):
        raise ScenarioError(
            said("totals must list {count} sides, not {given}", count=len(seating.sides), given=str(totals))
        )
    facts.totals_side = totals
    facts.totals_seat = seat_totals
    sizes = {"side": len(seating.sides), "seat": seats}
    facts.counters = _named_lists(
        [c.name for c in rules.counters],
        [[c.start] * sizes[c.per] for c in rules.counters],
        scenario.counters,
        "counter",
    )
    facts.events = _named_lists(
        [e.name for e in rules.events], [[0] * seats for _ in rules.events], scenario.events, "event"
    )
    facts.side_tricks = [sum(facts.tricks[s] for s in members) for members in seating.sides]
    facts.shown = card_masks(rules, scenario.shown, "shown")
    facts.late_tricks = _late_tricks(rules, scenario, size)
    facts.side_late_tricks = [sum(facts.late_tricks[s] for s in members) for members in seating.sides]
    cards_said = scenario.took is not None or scenario.dealt is not None or scenario.won_tricks is not None
    if cards_said or rules.melds is not None or {scenario.first_trick, scenario.last_trick} != {None}:
        _card_facts(rules, scenario, facts)
    stock = rules.deck.mask(rules.deck.parse_card(code) for code in scenario.stock or ())
    tables = rules.tables(facts.trump, facts.game)
    facts.trump_runs = [tables.trump_run(mask | stock) for mask in card_masks(rules, scenario.dealt, "dealt")]
    return facts


def _late_tricks(rules: Rules, scenario: Scenario, size: int) -> list[int]:
    """Per seat, the scenario's tricks taken once the stock was empty (`play.draw`): none unless it says."""
    late = scenario.tricks_after_stock
    if late is None:
        return [0] * rules.seats
    if rules.play.draw is None:
        raise ScenarioError(said("tricks_after_stock needs rules where players draw from the stock (`play.draw`)"))
    if (
        len(late) != rules.seats
        or sum(late) > size
        or any(n > t or n < 0 for n, t in zip(late, scenario.tricks, strict=True))
    ):
        raise ScenarioError(
            said(
                "tricks_after_stock must give each seat's share of its tricks, {size} at most in all, not {given}",
                size=size,
                given=str(list(late)),
            )
        )
    return list(late)


def _card_facts(rules: Rules, scenario: Scenario, facts: Facts) -> None:
    """Who took and who was dealt which cards, as the scenario says, with the card points that follow."""
    cards = facts.fresh_cards()
    seats = rules.seats
    taken = card_masks(rules, scenario.took, "took")
    cards.taken = taken
    cards.dealt = card_masks(rules, scenario.dealt, "dealt")
    points = rules.scoring.card_points
    cards.points = [sum(points[c] for c in rules.deck.cards(mask)) if points else 0 for mask in taken]
    for seat, mask in enumerate(taken):
        for card in rules.deck.cards(mask):
            cards.taker[card] = seat
    if rules.melds is not None:
        cards.melds = _melds(rules, rules.melds, scenario, facts)
    elif scenario.won_tricks is not None:
        raise ScenarioError(said("won_tricks gives the tricks that hold melds: these rules have no `melds`"))
    for key in ("first_trick", "last_trick"):
        seat = getattr(scenario, key)
        if seat is not None:
            if not 0 <= seat < seats:
                raise ScenarioError(
                    said("{key} is a seat from 0 to {last}, not {given}", key=key, last=seats - 1, given=seat)
                )
            setattr(cards, key, seat)
    cards.sum_sides(rules.seating.sides)


def _melds(rules: Rules, melds: MeldRules, scenario: Scenario, facts: Facts) -> list[int]:
    """Each seat's meld points from the cards the scenario says it showed, was dealt, or won in tricks."""
    if melds.source is not MeldSource.TRICKS:
        if scenario.won_tricks is not None:
            raise ScenarioError(said("won_tricks is for melds found in tricks: these rules find them in a hand"))
        held = facts.shown if melds.source is MeldSource.SHOWN else card_masks(rules, scenario.dealt, "dealt")
        return meld_points(melds, rules.deck, rules.seating, scenario.dealer, held, facts.trump, facts.game)
    won = scenario.won_tricks or [[] for _ in range(rules.seats)]
    if len(won) != rules.seats:
        raise ScenarioError(
            said("won_tricks must list {count} seats' tricks, not {given}", count=rules.seats, given=len(won))
        )
    tricks = []
    for seat, seat_tricks in enumerate(won):
        for trick in seat_tricks:
            cards = card_masks(rules, [trick] + [[] for _ in range(rules.seats - 1)], "won_tricks")[0]
            tricks.append((seat, cards))
    return trick_meld_points(melds, rules.deck, rules.seats, tricks, facts.trump, facts.game)


def card_masks(rules: Rules, given: Sequence[Sequence[str]] | None, key: str) -> list[int]:
    """Each seat's cards as a mask; each card at most once."""
    seats = rules.seats
    if given is None:
        return [0] * seats
    if len(given) != seats:
        raise ScenarioError(
            said(
                "{key} must list {count} seats' cards, not {given}",
                key=key,
                count=Said(count_words(seats)),
                given=len(given),
            )
        )
    deck = rules.deck
    suits = {s.code: i for i, s in enumerate(deck.suits)}
    masks = []
    seen = 0
    for codes in given:
        mask = 0
        for code in codes:
            if code in suits:
                mask |= deck.suit_masks[suits[code]]
            elif code in deck.codes:
                (card,) = deck.read_cards([code], seen | mask) or [deck.codes.index(code)]
                mask |= 1 << card
            else:
                raise ScenarioError(
                    said(
                        "{key}: {code} is neither a suit nor a card of the {deck}",
                        key=key,
                        code=repr(code),
                        deck=deck.title,
                    )
                )
        if mask & seen:
            repeated = deck.codes[(mask & seen).bit_length() - 1]
            raise ScenarioError(said("{key}: {card} is given to two seats", key=key, card=repeated))
        seen |= mask
        masks.append(mask)
    return masks


def _bids(rules: Rules, scenario: Scenario) -> tuple[list[int], list[int], list[bool]]:
    bidding = rules.bidding
    named = [n.name for n in bidding.named]
    seats = rules.seats
    bids, names, passed = [0] * seats, [NO_NAME] * seats, [False] * seats
    if scenario.bids and len(scenario.bids) != seats:
        raise ScenarioError(
            said(
                "bids must list {count} seats, not {given}",
                count=Said(count_words(seats)),
                given=str(list(scenario.bids)),
            )
        )
    for seat, bid in enumerate(scenario.bids):
        if bid is None:
            passed[seat] = True
        elif isinstance(bid, str):
            if bid not in named:
                raise ScenarioError(
                    said(
                        "{bid} is not a named bid of {ruleset}; named bids: {names}",
                        bid=repr(bid),
                        ruleset=rules.id,
                        names=", ".join(named) or "none",
                    )
                )
            names[seat] = named.index(bid)
            bids[seat] = bidding.named[names[seat]].value
        elif not bidding.min <= bid <= bidding.max and (seat == scenario.declarer or not _estimate(rules, bid)):
            raise ScenarioError(
                said("the bid {bid} is outside {low}..{high}", bid=bid, low=bidding.min, high=bidding.max)
            )
        else:
            bids[seat] = bid
    return bids, names, passed


def _estimate(rules: Rules, bid: int) -> bool:
    """True when the bid of a seat other than the declarer may be an estimate (`bidding.estimates`)."""
    estimates = rules.bidding.estimates
    return estimates is not None and estimates.min <= bid <= estimates.max


def _trump(rules: Rules, code: str | None) -> int:
    if code is None:
        return NO_SUIT
    try:
        return rules.deck.suit_index(code)
    except KeyError:
        raise ScenarioError(
            said("{code} is not a suit of the {deck}", code=repr(code), deck=rules.deck.title)
        ) from None


def _named_lists(
    names: Sequence[str], defaults: Sequence[list[int]], given: Mapping[str, Sequence[int]], kind: str
) -> list[list[int]]:
    for name in given:
        if name not in names:
            known = ", ".join(names) or "none"
            if kind == "counter":
                raise ScenarioError(
                    said("{name} is not a counter of this ruleset; counters: {names}", name=repr(name), names=known)
                )
            raise ScenarioError(
                said("{name} is not an event of this ruleset; events: {names}", name=repr(name), names=known)
            )
    return [list(given[name]) if name in given else default for name, default in zip(names, defaults, strict=True)]

"""Worked examples written in a ruleset (`examples:`), checked against what its rules actually give.

An example states one hand's outcome (bids, tricks, cards taken or dealt,
events, totals before) and what must follow (the hand's score, new totals and
counters, scoring lines, whether the match ends, whether the bidding cancels
the hand); or a moment of a hand and the actions the rules allow there (the
bids a seat may make, the cards it may play). Each is evaluated under its own
rules version and table options, through the same functions the engine uses.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..engine.dealing import hand_size
from ..engine.events import ContractSet
from ..engine.game import Game
from ..engine.kinds import PhaseKind
from ..errors import ActionError, Location, OptionError, Said, _, joined, said
from ..expr.facts import NO_SEAT
from ..ruleset.actions import ActionKind
from ..ruleset.loader import RulesetSource
from ..ruleset.rules import Rules
from .scenario import Outcome, Scenario, ScenarioError, card_masks, evaluate, scenario_facts

OUTCOME_KEYS = frozenset({"score", "seat_score", "totals", "seat_totals", "counters", "lines", "winner"})
"""Expectations about a hand's outcome, which need the hand's tricks."""


@dataclass(frozen=True, slots=True)
class Result:
    """One example's verdict: no `said` sentences means it holds."""

    index: int
    name: str
    where: Location
    said: tuple[Said, ...]
    """What does not hold, each a sentence the workbench says in the page's language."""

    @property
    def mismatches(self) -> tuple[str, ...]:
        """What does not hold, in English."""
        return tuple(map(str, self.said))

    @property
    def passed(self) -> bool:
        return not self.said


def check_examples(source: RulesetSource) -> Iterator[Result]:
    """Evaluates every worked example of the ruleset, in order."""
    cache: dict[tuple[int | None, tuple[tuple[str, str], ...]], Rules] = {}
    for index, spec in enumerate(source.document.data.get("examples", [])):
        where = source.document.locate(("examples", index))
        name = spec["name"]
        try:
            key = (spec.get("version"), tuple(sorted(spec.get("options", {}).items())))
            if key not in cache:
                cache[key] = source.resolve(options=spec.get("options"), version=spec.get("version"))
            mismatches = tuple(_check(cache[key], spec))
        except (ScenarioError, OptionError) as exc:
            reason = exc.said if isinstance(exc, ScenarioError) else str(exc)
            mismatches = (said("cannot be evaluated: {reason}", reason=reason),)
        yield Result(index, name, where, mismatches)


def _scenario(spec: dict[str, Any], rules: Rules) -> Scenario:
    size = spec.get("hand_size", rules.hand_size)
    tricks = spec.get("tricks", [rules.tricks_in_hand(size)] + [0] * (rules.seats - 1))
    return Scenario(
        tricks=tricks,
        bids=spec.get("bids", ()),
        declarer=spec.get("declarer"),
        trump=spec.get("trump"),
        dealer=spec.get("dealer", 0),
        hand_number=spec.get("hand_number", 1),
        hands_played=spec.get("hands_played"),
        hand_size=size,
        totals=spec.get("totals", ()),
        seat_totals=spec.get("seat_totals"),
        counters=spec.get("counters", {}),
        events=spec.get("events", {}),
        took=spec.get("took"),
        shown=spec.get("shown"),
        dealt=spec.get("dealt"),
        first_trick=spec.get("first_trick"),
        last_trick=spec.get("last_trick"),
        tricks_after_stock=spec.get("tricks_after_stock"),
        trump_round=spec.get("trump_round"),
        sits_out=spec.get("sits_out"),
        game=_game(rules, spec.get("game")),
        stock=spec.get("stock"),
        contract=spec.get("contract"),
        doubled=spec.get("doubled", 0),
        exchanged=spec.get("exchanged"),
        announced=spec.get("announced", ()),
        won_tricks=spec.get("won_tricks"),
    )


def _check(rules: Rules, spec: dict[str, Any]) -> Iterator[Said]:
    expect = spec["expect"]
    if "legal_bids" in expect:
        yield from _check_bids(rules, spec, expect["legal_bids"])
    if "legal" in expect:
        yield from _check_play(rules, spec, expect["legal"])
    if {"contract", "declarer", "refused"} & set(expect) and "calls" in spec:
        yield from _check_calls(rules, spec, expect)
    if not set(expect) & (OUTCOME_KEYS | {"cancelled"}):
        return
    scenario = _scenario(spec, rules)
    if "cancelled" in expect:
        cancel = rules.bidding.cancel_if
        cancelled = bool(cancel(scenario_facts(rules, scenario))) if cancel is not None else False
        if cancelled != expect["cancelled"]:
            yield _differs("cancelled", expect["cancelled"], cancelled)
    if not set(expect) & OUTCOME_KEYS:
        return
    if "tricks" not in spec:
        raise ScenarioError(said("an example that checks scores needs `tricks`"))
    _check_kept(rules, expect)
    outcome = _determined(rules, scenario)
    for key, actual in _actual(rules, outcome).items():
        if key in expect and expect[key] != actual:
            yield _differs(key, expect[key], actual)
    for name, wanted in expect.get("counters", {}).items():
        values = outcome.counters.get(name)
        if values is None or list(values) != wanted:
            yield _differs(f"counters.{name}", wanted, list(values) if values is not None else "no such counter")
    if "lines" in expect:
        lines = _lines(rules, outcome)
        for rule, wanted in expect["lines"].items():
            got = lines.get(rule)
            if got != wanted:
                yield _differs(f"lines.{rule}", wanted, got if got is not None else "no such rule or counter")


_CALL_WORDS = {"P": "pass", "X": "double", "XX": "redouble", "pass": "pass", "double": "double", "redouble": "redouble"}


def _check_calls(rules: Rules, spec: dict[str, Any], expect: dict[str, Any]) -> Iterator[Said]:
    """An auction of calls made in turn from the first caller: the contract and declarer it gives, or the call
    the rules refuse (`expect.refused`: its position in `calls`, from 0)."""
    dealer = spec.get("dealer", 0)
    size = rules.hand_size
    deal = [tuple(range(seat * size, (seat + 1) * size)) for seat in range(rules.seats)]
    game = Game(rules, 0, deals=lambda number, dealer_seat, cards: deal, dealer=dealer)
    contract: list[str] = []

    def listen(event: object) -> None:
        if isinstance(event, ContractSet):
            contract.append(event.words or str(event.contract))

    game.observer = listen
    refused = None
    for index, call in enumerate(spec["calls"]):
        try:
            game.apply(rules.actions.parse(_CALL_WORDS.get(call, f"bid {call}")))
        except ActionError:
            refused = index
            break
    if "refused" in expect and expect["refused"] != refused:
        yield _differs("refused", expect["refused"], refused if refused is not None else "every call allowed")
    if "contract" in expect:
        passed_out = bool(game.history) and game.history[0].cancelled
        got = "passed out" if passed_out else (contract[0] if contract else "no contract yet")
        if got != expect["contract"]:
            yield _differs("contract", expect["contract"], got)
    if "declarer" in expect and contract and game.declarer != expect["declarer"]:
        yield _differs("declarer", expect["declarer"], game.declarer)


def _check_bids(rules: Rules, spec: dict[str, Any], wanted: list[int | str]) -> Iterator[Said]:
    """The bids the rules let the next seat make, after the seats before it in turn made theirs.

    `bids` lists one entry per seat; the seats bid in turn from the player after
    the dealer, and the first seat whose entry is null is the one asked.
    """
    dealer = spec.get("dealer", 0)
    number = spec.get("hand_number", 1)
    totals = spec.get("totals", [0] * len(rules.seating.sides))
    seat_totals = spec.get("seat_totals", [0] * rules.seats)
    size = hand_size(rules, number, dealer, totals, seat_totals)
    if "hand_size" in spec and spec["hand_size"] != size:
        yield _differs("hand_size", spec["hand_size"], size)
        return
    deal, stock = _deal(rules, spec.get("dealt"), size)
    counters = [[c.start] * (len(rules.seating.sides) if c.per == "side" else rules.seats) for c in rules.counters]
    game = Game.from_position(
        rules,
        deal=deal,
        stock=stock,
        dealer=dealer,
        hand_number=number,
        hands_played=spec.get("hands_played", number) - 1,
        totals=totals,
        seat_totals=seat_totals if rules.personal else None,
        counters=counters,
    )
    bids = spec.get("bids", [])
    if len(bids) != rules.seats:
        raise ScenarioError(
            said("bids must list one entry per seat ({count}), not {given}", count=rules.seats, given=str(bids))
        )
    while game.phase is PhaseKind.BIDDING and bids[game.turn or 0] is not None:
        seat = game.turn or 0
        try:
            game.apply_text(f"bid {bids[seat]}")
        except ActionError as exc:
            raise ScenarioError(
                said("seat {seat} cannot bid {bid}: {reason}", seat=seat, bid=bids[seat], reason=exc.said)
            ) from None
    if game.phase is not PhaseKind.BIDDING:
        raise ScenarioError(said("every seat has bid: leave the asked seat's bid null"))
    actions = rules.actions
    got: list[int | str] = []
    for action in game.legal_actions():
        if actions.kinds[action] == ActionKind.BID:
            name = actions.name_index[action]
            got.append(actions.named_bids[name] if name >= 0 else actions.bid_values[action])
    if sorted(got, key=str) != sorted(wanted, key=str):
        yield _differs("legal_bids", wanted, got)


def _deal(rules: Rules, dealt: list[list[str]] | None, size: int) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    """Hands of `size` cards holding the cards the example says each seat was dealt, the others filled in deck
    order, and the stock: what `bidding.forbid` and the bidding's own rules read as the cards dealt."""
    given = card_masks(rules, dealt, "dealt")
    deck = rules.deck
    free = [card for card in range(deck.size) if not any(mask >> card & 1 for mask in given)]
    deal = []
    for seat, mask in enumerate(given):
        cards = list(deck.cards(mask))
        if len(cards) > size:
            raise ScenarioError(
                said(
                    "dealt: seat {seat} is given {count} cards, but a hand has {size}",
                    seat=seat,
                    count=len(cards),
                    size=size,
                )
            )
        missing = size - len(cards)
        deal.append(tuple(sorted(cards + free[:missing])))
        del free[:missing]
    return deal, tuple(free)


def _check_play(rules: Rules, spec: dict[str, Any], wanted: list[str]) -> Iterator[Said]:
    """The cards the rules let a seat play, in the position the example's `play` describes."""
    if "play" not in spec:
        raise ScenarioError(said("an example that checks legal cards needs `play`"))
    position = spec["play"]
    deck = rules.deck
    try:
        hand = [deck.parse_card(code) for code in position["hand"]]
        trick = [deck.parse_card(code) for code in position.get("trick", [])]
        wanted_cards = sorted(deck.parse_card(code) for code in wanted)
    except ActionError as exc:
        raise ScenarioError(exc.said) from None
    broken = 0
    for code in position.get("broken", []):
        broken |= deck.suit_masks[_suit(rules, code)]
    trump = position.get("trump", spec.get("trump"))
    declarer = position.get("declarer", NO_SEAT)
    if declarer >= rules.seats:
        raise ScenarioError(
            said("play.declarer: seat {seat} does not sit at a table of {count}", seat=declarer, count=rules.seats)
        )
    named = _game(rules, spec.get("game"))
    if named >= 0:
        game_suit = rules.trump.games[named].suit
        trump = None if game_suit is None else rules.deck.suits[game_suit].code
    game = Game.at_trick(
        rules,
        hand=hand,
        trick=trick,
        trick_number=position.get("trick_number", 1),
        trump=_suit(rules, trump) if trump is not None else (-1 if named >= 0 else None),
        broken=broken,
        named=named,
        declarer=declarer,
    )
    got = sorted(game.legal_actions())
    if got != wanted_cards:
        yield _differs("legal", [deck.codes[c] for c in wanted_cards], [deck.codes[c] for c in got])


def _game(rules: Rules, name: str | None) -> int:
    """The index of a named game (`trump.games`), or -1 when the example names none."""
    if name is None:
        return -1
    names = [g.name for g in rules.trump.games]
    if name not in names:
        if not names:
            raise ScenarioError(said("{name} is not a game of this ruleset: it names none", name=repr(name)))
        raise ScenarioError(
            said("{name} is not a game of this ruleset: {names}", name=repr(name), names=", ".join(names))
        )
    return names.index(name)


def _suit(rules: Rules, code: str) -> int:
    try:
        return rules.deck.suit_index(code)
    except KeyError:
        raise ScenarioError(
            said("{code} is not a suit of the {deck}", code=repr(code), deck=rules.deck.title)
        ) from None


def _check_kept(rules: Rules, expect: dict[str, Any]) -> None:
    """Refuses an expected score or total the rules do not keep, naming the one they do: a game without sides
    has no side scores (`score`, `totals`), and one scored by sides keeps no seat totals (`seat_totals`)."""
    for key in ("score", "totals") if not rules.seating.has_sides else ():
        if key in expect:
            raise ScenarioError(
                said("these rules have no sides, so no `{key}`: give each seat's as `seat_{key}`", key=key)
            )
    if "seat_totals" in expect and not rules.personal:
        raise ScenarioError(said("these rules keep totals per side, not per seat: give them as `totals`"))


TRICK_TAKERS = {
    "first_trick": _(
        "{key} is seat {seat}, which took no trick in `tricks` {tricks}: the first trick went to a seat that took one"
    ),
    "last_trick": _(
        "{key} is seat {seat}, which took no trick in `tricks` {tricks}: the last trick went to a seat that took one"
    ),
}
"""What an example may say of who took a trick, where the rules read it, and why a seat with no trick cannot be
the one."""


def _determined(rules: Rules, scenario: Scenario) -> Outcome:
    """The example's outcome. A seat it names as taking the first or the last trick must have taken a trick;
    where it leaves out who took one and the rules read that, every seat that took a trick is tried: the outcome
    must be the same whichever it was, else the example is refused (in play some seat always took it, so no
    example may score the hand as if none had)."""
    takers = [seat for seat, tricks in enumerate(scenario.tricks) if tricks]
    for key in TRICK_TAKERS:
        seat = getattr(scenario, key)
        if seat is not None and 0 <= seat < len(scenario.tricks) and seat not in takers:
            raise ScenarioError(said(TRICK_TAKERS[key], key=key, seat=seat, tricks=str(list(scenario.tricks))))
    unsaid = [key for key in TRICK_TAKERS if getattr(scenario, key) is None and key in rules.uses]
    if not unsaid or not takers:
        return evaluate(rules, scenario)
    found: dict[tuple[int, ...], Outcome] = {}
    for seats in itertools.product(takers, repeat=len(unsaid)):
        taker = dict(zip(unsaid, seats, strict=True))
        first_trick, last_trick = (taker.get(key, getattr(scenario, key)) for key in TRICK_TAKERS)
        found[seats] = evaluate(rules, replace(scenario, first_trick=first_trick, last_trick=last_trick))
    (first, outcome), *others = found.items()
    for seats, other in others:
        if other != outcome:
            keys = joined([f"`{key}`" for key in unsaid])
            one, two = (
                ", ".join(f"{key}: {seat}" for key, seat in zip(unsaid, s, strict=True)) for s in (first, seats)
            )
            raise ScenarioError(
                said(
                    "its outcome depends on {keys}, which it does not say (it scores one way with `{one}` and another "
                    "with `{two}`): add {keys} with the seat's number",
                    keys=keys,
                    one=one,
                    two=two,
                )
            )
    return outcome


def _actual(rules: Rules, outcome: Outcome) -> dict[str, Any]:
    return {
        "score": list(outcome.score.sides),
        "seat_score": list(outcome.score.seats),
        "totals": list(outcome.totals),
        "seat_totals": list(outcome.seat_totals) if outcome.seat_totals is not None else None,
        "winner": winner_words(rules, outcome.winner),
    }


def winner_words(rules: Rules, winner: tuple[int, ...] | None) -> str | int | list[int]:
    """A match winner as examples write it: `none`, a side's number (matches won by a side), a seat's number, or
    the list of seats that share a win."""
    if winner is None:
        return "none"
    seating = rules.seating
    if rules.match.by == "side":
        for side, members in enumerate(seating.sides):
            if tuple(members) == winner:
                return side
    return winner[0] if len(winner) == 1 else list(winner)


def _lines(rules: Rules, outcome: Outcome) -> dict[str, list[int]]:
    """Each rule's points per side (or per seat for seat rules), zeros where it gave nothing."""
    counts = {"side": len(rules.seating.sides), "seat": rules.seats}
    sizes = {r.name: counts[r.per] for r in rules.scoring.rules}
    sizes.update({c.name: counts[c.per] for c in rules.counters})
    lines = {name: [0] * size for name, size in sizes.items()}
    for line in outcome.score.lines:
        lines[line.rule][line.target] += line.points
    return lines


def _differs(key: str, expected: Any, actual: Any) -> Said:
    """What an example expected of `key` and what the rules give instead."""
    return said("{key}: expected {expected}, got {actual}", key=key, expected=repr(expected), actual=repr(actual))


def describe(result: Result) -> str:
    """One paragraph for a failing example: where it is, its name, and each value that differs."""
    head = f"{result.where}: examples[{result.index}] ({result.name!r}) does not hold"
    return "\n".join([head, *(f"  {m}" for m in result.mismatches)])

"""An annotated replay: every bid, the trump, each trick with who won it and why, each scoring line with its inputs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..engine.actions import BID
from ..engine.events import (
    ActionTaken,
    CardExposed,
    CardsDealt,
    ContractSet,
    Event,
    HandCancelled,
    HandScored,
    HandStarted,
    MatchEnded,
    ScoreLine,
    TrickEventHappened,
    TrickWon,
    TrumpSet,
)
from ..engine.game import Game
from ..engine.seats import SEAT_NAMES, SIDE_NAMES
from ..errors import Location
from ..record.replay import RulesetCache, replay_record
from ..ruleset.rules import Rules


def trace(
    record: dict[str, Any], where: Location, rulesets: RulesetCache, record_dir: Path | None, hand: int | None
) -> str:
    """The story of a recorded match (or of hand `hand`, counted from 1), checked by replaying it."""
    events: list[Event] = []
    game = replay_record(record, where, rulesets, record_dir, observer=events.append)
    return "\n".join(_story(game, events, hand)) + "\n"


def _seat(seat: int) -> str:
    return f"{SEAT_NAMES[seat]} ({seat})"


def _story(game: Game, events: list[Event], only: int | None) -> Iterator[str]:
    rules = game.rules
    deck = rules.deck
    current = 0
    trick_cards: list[tuple[int, int]] = []
    bids: dict[int, int] = {}
    yield f"{rules.title}: rules version {rules.version}" + "".join(f", {k}={v}" for k, v in rules.options)
    for event in events:
        if isinstance(event, HandStarted):
            current = event.hand
            bids = {}
            if only in (None, current):
                yield ""
                yield f"Hand {event.hand}: {_seat(event.dealer)} deals"
            continue
        if only not in (None, current) and not isinstance(event, MatchEnded):
            continue
        match event:
            case CardsDealt():
                yield f"  {_seat(event.seat)}: {' '.join(deck.label(c) for c in sorted(event.cards, reverse=True))}"
            case CardExposed():
                yield f"  shown to all: {deck.label(event.card)} in {_seat(event.seat)}'s hand"
            case ActionTaken() if rules.actions.kinds[event.action] == "trump":
                continue
            case ActionTaken() if event.action >= deck.size:
                auto = " (automatically)" if event.auto else ""
                text = rules.actions.label(event.action)
                if rules.actions.kinds[event.action] == BID:
                    bids[event.seat] = rules.actions.bid_values[event.action]
                yield f"  {_seat(event.seat)}: {text}{auto}"
            case ActionTaken():
                trick_cards.append((event.seat, event.action))
            case ContractSet():
                side = SIDE_NAMES[event.declarer & 1]
                yield f"  contract: {event.contract} by {_seat(event.declarer)}, {side} declare"
            case TrumpSet():
                how = f"named by {_seat(event.chosen_by)}" if event.chosen_by is not None else "set by the rules"
                yield f"  trump: {deck.suits[event.suit].symbol} {deck.suits[event.suit].name} ({how})"
            case TrickWon():
                yield _trick(rules, event, trick_cards)
                trick_cards = []
            case TrickEventHappened():
                yield f"    event {event.name}: {_seat(event.seat)}"
            case HandCancelled():
                yield f"  thrown in: {event.reason}"
            case HandScored():
                yield from _scoring(game, current, event)
            case MatchEnded():
                yield ""
                yield f"Match over: {event.reason}."


def _trick(rules: Rules, event: TrickWon, cards: list[tuple[int, int]]) -> str:
    deck = rules.deck
    played = ", ".join(f"{SEAT_NAMES[seat]} {deck.label(card)}" for seat, card in cards)
    winning = next(card for seat, card in cards if seat == event.winner)
    led = deck.suits[deck.suit_of[cards[0][1]]].symbol
    why = (
        "the highest trump"
        if event.by_trump or deck.suit_of[winning] != deck.suit_of[cards[0][1]]
        else f"the highest {led}"
    )
    return f"  trick {event.number}: {played} -> {_seat(event.winner)} wins with {deck.label(winning)}, {why}"


def _scoring(game: Game, number: int, event: HandScored) -> Iterator[str]:
    hand = game.finished_hand(number - 1)
    rules = game.rules
    taken = hand.tricks_won
    yield "  tricks: " + ", ".join(f"{SEAT_NAMES[s]} {taken[s]}" for s in range(4))
    for line in event.lines:
        yield "  " + _line(rules, hand.contract, taken, line)
    yield f"  hand score: {SIDE_NAMES[0]} {event.sides[0]:+d}, {SIDE_NAMES[1]} {event.sides[1]:+d}"
    totals = f"{SIDE_NAMES[0]} {event.totals[0]}, {SIDE_NAMES[1]} {event.totals[1]}"
    if hand.seat_totals is not None:
        totals += " (players: " + ", ".join(f"{SEAT_NAMES[s]} {hand.seat_totals[s]}" for s in range(4)) + ")"
    yield f"  totals: {totals}"


def _line(rules: Rules, contract: tuple[int, int], taken: tuple[int, ...], line: ScoreLine) -> str:
    description = {r.name: r for r in rules.scoring.rules}
    if line.per == "side":
        who = SIDE_NAMES[line.target]
        inputs = f"contract {contract[line.target]}, took {taken[line.target] + taken[line.target + 2]}"
    else:
        who = SEAT_NAMES[line.target]
        inputs = f"took {taken[line.target]}"
    rule = description.get(line.rule)
    formula = f" [{' '.join(rule.points.source.split())}]" if rule is not None else " [counter limit reached]"
    return f"{line.rule} for {who}: {inputs} -> {line.points:+d}{formula}"

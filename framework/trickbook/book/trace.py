"""An annotated replay: every bid, the trump, each trick with who won it and why, each scoring line with its inputs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..engine.events import (
    ActionTaken,
    CardExposed,
    CardsDealt,
    CardsPassed,
    CardsTaken,
    ContractSet,
    Event,
    GameNamed,
    HandCancelled,
    HandScored,
    HandStarted,
    MatchEnded,
    ScoreLine,
    SitsOut,
    TrickEventHappened,
    TrickWon,
    TrumpSet,
)
from ..engine.game import Game
from ..errors import Location
from ..record.replay import RulesetCache, replay_record, replay_under
from ..ruleset.actions import GIVE
from ..ruleset.rules import BiddingKind, Rules


def trace(
    record: dict[str, Any],
    where: Location,
    rulesets: RulesetCache,
    record_dir: Path | None,
    hand: int | None,
    under: Rules | None = None,
) -> str:
    """The story of a recorded match (or of hand `hand`, counted from 1), checked by replaying it; with `under`,
    the same deals and choices played under those rules instead, as far as they allow."""
    events: list[Event] = []
    if under is None:
        game = replay_record(record, where, rulesets, record_dir, observer=events.append)
        return "\n".join(_story(game, events, hand)) + "\n"
    game, stop = replay_under(record, where, under, observer=events.append)
    played = record.get("ruleset", {}).get("id")
    lines = [f"What if the match recorded under {played} had been played under {under.id}: its deals and choices."]
    # The recorded hands run out: that is not the end of a match under the other rules.
    lines += _story(game, [e for e in events if not (isinstance(e, MatchEnded) and e.winner is None)], hand)
    lines.append("")
    if game.is_over() and game.winner is None:
        lines.append(f"The record ends after {game.hands_finished} hand(s); under {under.id} the match would go on.")
    if stop.startswith("skipped"):
        lines.append(f"Every other recorded choice is allowed under {under.id}; the scores are its own. Note: {stop}.")
    elif stop:
        lines.append(f"Stopped: {stop}")
    else:
        lines.append(f"Every recorded choice is allowed under {under.id}; the scores are its own.")
    return "\n".join(lines) + "\n"


def _story(game: Game, events: list[Event], only: int | None) -> Iterator[str]:
    rules = game.rules
    deck = rules.deck
    seating = rules.seating
    label = seating.seat_label
    current = 0
    trick_cards: list[tuple[int, int]] = []
    worth = rules.scoring.card_points
    card_points = [0] * rules.seats
    highest = -1  # the highest bid so far this hand: in duels, the same bid again holds it
    yield f"{rules.title}: rules version {rules.version}" + "".join(f", {k}={v}" for k, v in rules.options)
    for event in events:
        if isinstance(event, HandStarted):
            current = event.hand
            card_points = [0] * rules.seats
            highest = -1
            if only in (None, current):
                yield ""
                yield f"Hand {event.hand}: {label(event.dealer)} deals"
            continue
        if only not in (None, current):
            continue
        match event:
            case CardsDealt() if not event.cards:
                yield f"  {label(event.seat)}: no cards, sits this hand out"
            case CardsDealt():
                yield f"  {label(event.seat)}: {' '.join(deck.label(c) for c in sorted(event.cards, reverse=True))}"
            case CardExposed():
                where = "turned up from the stock" if event.seat < 0 else f"in {label(event.seat)}'s hand"
                yield f"  shown to all: {deck.label(event.card)} {where}"
            case CardsPassed():
                cards = " ".join(deck.label(c) for c in event.cards)
                yield f"  {label(event.seat)} passes {cards} to {label(event.to)}"
            case CardsTaken():
                yield f"  {label(event.seat)} takes {' '.join(deck.label(c) for c in event.cards)}"
            case SitsOut():
                partner = seating.partner[event.seat]
                yield f"  {label(partner)} plays alone: {label(event.seat)} sits this hand out"
            case ActionTaken() if rules.actions.kinds[event.action] in ("trump", "game", GIVE):
                continue
            case ActionTaken() if rules.bidding.duels and rules.actions.kinds[event.action] == "bid":
                value = rules.actions.bid_values[event.action]
                yield f"  {label(event.seat)}: " + (f"holds {value}" if value == highest else f"bid {value}")
                highest = value
            case ActionTaken() if event.action >= deck.size:
                auto = " (automatically)" if event.auto else ""
                yield f"  {label(event.seat)}: {rules.actions.label_in(event.action, event.phase)}{auto}"
            case ActionTaken():
                trick_cards.append((event.seat, event.action))
            case ContractSet():
                side = seating.side_of[event.declarer]
                declare = f", {seating.side_names[side]} declare" if side >= 0 else ""
                yield f"  contract: {event.words or event.contract} by {label(event.declarer)}{declare}"
            case GameNamed():
                game_words = next(g.description for g in rules.trump.games if g.name == event.name)
                shown = f" - {game_words}" if game_words else ""
                yield f"  game: {event.name} (named by {label(event.seat)}){shown}"
            case TrumpSet():
                how = f"named by {label(event.chosen_by)}" if event.chosen_by is not None else "set by the rules"
                yield f"  trump: {deck.suits[event.suit].symbol} {deck.suits[event.suit].name} ({how})"
            case TrickWon():
                yield trick_words(rules, event, trick_cards)
                if worth:
                    card_points[event.winner] += sum(worth[card] for _, card in trick_cards)
                trick_cards = []
            case TrickEventHappened():
                yield f"    event {event.name}: {label(event.seat)}"
            case HandCancelled():
                yield f"  thrown in: {event.reason}"
            case HandScored():
                yield from _scoring(game, current, event, card_points if worth else None)
            case MatchEnded():
                yield ""
                yield f"Match over: {event.reason}."


def trick_words(rules: Rules, event: TrickWon, cards: list[tuple[int, int]]) -> str:
    """A trick as `trick 3: North 9♠, ... -> South (2) wins with A♠, the highest ♠`, indented for a trace."""
    deck = rules.deck
    names = rules.seating.seat_names
    played = ", ".join(f"{names[seat]} {deck.label(card)}" for seat, card in cards)
    winning = next(card for seat, card in cards if seat == event.winner)
    led = deck.suits[event.led].symbol if event.led < len(deck.suits) else "trump"
    why = "the highest trump" if event.by_trump else f"the highest {led}"
    winner = rules.seating.seat_label(event.winner)
    return f"  trick {event.number}: {played} -> {winner} wins with {deck.label(winning)}, {why}"


def _scoring(game: Game, number: int, event: HandScored, card_points: list[int] | None) -> Iterator[str]:
    """The hand's tricks (and card points taken, where cards have points), each scoring line with what it read,
    the hand's score, the totals and the counters."""
    hand = game.finished_hand(number - 1)
    rules = game.rules
    seating = rules.seating
    taken = hand.tricks_won
    yield "  tricks: " + ", ".join(f"{seating.seat_names[s]} {taken[s]}" for s in range(rules.seats))
    if card_points is not None:
        yield "  card points taken: " + ", ".join(
            f"{seating.seat_names[s]} {card_points[s]}" for s in range(rules.seats)
        )
    for line in event.lines:
        yield "  " + _line(rules, hand.contract, taken, card_points, line)
    parts = []
    if event.sides:
        parts.append(
            ", ".join(f"{name} {points:+d}" for name, points in zip(seating.side_names, event.sides, strict=True))
        )
    if event.seats is not None and not event.sides:
        parts.append(", ".join(f"{seating.seat_names[s]} {p:+d}" for s, p in enumerate(event.seats)))
    yield "  hand score: " + "".join(parts)
    totals = ", ".join(f"{name} {total}" for name, total in zip(seating.side_names, event.totals, strict=True))
    if hand.seat_totals is not None:
        players = ", ".join(f"{seating.seat_names[s]} {hand.seat_totals[s]}" for s in range(rules.seats))
        totals = f"{totals} (players: {players})" if totals else players
    yield f"  totals: {totals}"
    for counter, values in zip(rules.counters, hand.counters, strict=True):
        names = seating.side_names if counter.per == "side" else seating.seat_names
        yield f"  counter {counter.name}: " + ", ".join(f"{n} {v}" for n, v in zip(names, values, strict=True))


def _line(
    rules: Rules, contract: tuple[int, ...], taken: tuple[int, ...], card_points: list[int] | None, line: ScoreLine
) -> str:
    description = {r.name: r for r in rules.scoring.rules}
    seating = rules.seating
    has_contracts = rules.bidding.kind is not BiddingKind.NONE
    seats = seating.sides[line.target] if line.per == "side" else (line.target,)
    if line.per == "side":
        who = seating.side_names[line.target]
        held = contract[line.target] if has_contracts else None
    else:
        who = seating.seat_names[line.target]
        held = contract[line.target] if has_contracts and not seating.has_sides else None
    took = sum(taken[s] for s in seats)
    inputs = f"contract {held}, took {took}" if held is not None else f"took {took}"
    if card_points is not None:
        inputs += f", card points {sum(card_points[s] for s in seats)}"
    rule = description.get(line.rule)
    formula = f" [{' '.join(rule.points.source.split())}]" if rule is not None else " [counter limit reached]"
    return f"{line.rule} for {who}: {inputs} -> {line.points:+d}{formula}"

"""Match records in the public JSON format (`trickbook-record/1`): built from a game and written as JSON."""

from __future__ import annotations

import json
from typing import Any

from ..engine.facts import NO_SEAT, NO_SUIT
from ..engine.game import Game
from ..engine.history import HandResult, Move
from ..ruleset.rules import Rules

FORMAT = "trickbook-record/1"


def match_record(game: Game, *, players: list[str] | None = None, path: str | None = None) -> dict[str, Any]:
    """The record of a game so far: finished hands, the hand in progress (if any) and the outcome."""
    rules = game.rules
    identity = rules.identity()
    if path is not None:
        identity["path"] = path
    hands = [hand_entry(rules, hand) for hand in game.history]
    if not game.is_over():
        hands.append(_in_progress(game))
    status = "in-progress" if not game.is_over() else "finished" if game.winner is not None else "capped"
    record: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": identity,
        "seed": game.seed,
        "hands": hands,
        "winner": game.winner,
        "status": status,
        "hand_cap": game.hand_cap,
    }
    if players is not None:
        record["players"] = players
    return record


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of JSON; the same record always gives the same bytes."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


def _points(rules: Rules, sides: tuple[int, int], seats: tuple[int, ...] | None) -> dict[str, Any]:
    return {"teams": list(sides), "seats": list(seats) if rules.personal and seats is not None else None}


def _moves(rules: Rules, moves: tuple[Move, ...] | list[Move]) -> list[dict[str, Any]]:
    return [rules.actions.to_record(m.seat, m.action, m.auto) for m in moves]


OUTCOME_FIELDS = ("cancelled", "trump", "tricks_won", "score", "totals")
"""The fields of a finished hand that say what it came to; replay compares exactly these."""


def hand_outcome(rules: Rules, hand: HandResult) -> dict[str, Any]:
    """What a finished hand came to, in the record's form."""
    return {
        "cancelled": hand.cancelled,
        "trump": None if hand.cancelled or hand.trump == NO_SUIT else rules.deck.suits[hand.trump].code,
        "tricks_won": None if hand.cancelled else list(hand.tricks_won),
        "score": _points(rules, hand.score, hand.seat_score or (0, 0, 0, 0)),
        "totals": _points(rules, hand.totals, hand.seat_totals),
    }


def hand_entry(rules: Rules, hand: HandResult) -> dict[str, Any]:
    """One finished hand as the record format writes it, with trickbook's extra fields after the required ones."""
    deck = rules.deck
    entry: dict[str, Any] = {
        "dealer": hand.dealer,
        "deal": [[deck.codes[c] for c in cards] for cards in hand.deal],
        "exposed": [deck.codes[c] for c in hand.exposed],
        "actions": _moves(rules, hand.moves),
        **hand_outcome(rules, hand),
    }
    if hand.cancelled:
        entry["cancel_reason"] = hand.cancel_reason
        return entry
    entry["declarer"] = None if hand.declarer == NO_SEAT else hand.declarer
    entry["contract"] = list(hand.contract)
    entry["lines"] = [{"rule": ln.rule, "for": ln.per, "target": ln.target, "points": ln.points} for ln in hand.lines]
    if rules.counters:
        entry["counters"] = {c.name: list(hand.counters[i]) for i, c in enumerate(rules.counters)}
    if rules.events:
        entry["events"] = {e.name: list(hand.events[i]) for i, e in enumerate(rules.events)}
    return entry


def _in_progress(game: Game) -> dict[str, Any]:
    rules = game.rules
    deck = rules.deck
    return {
        "dealer": game.dealer,
        "deal": [[deck.codes[c] for c in cards] for cards in game.current_deal],
        "exposed": [deck.codes[c] for c in game.exposed],
        "actions": _moves(rules, game.current_moves),
        "cancelled": False,
        "trump": None if game.trump == NO_SUIT else deck.suits[game.trump].code,
        "tricks_won": None,
        "score": None,
        "totals": None,
        "complete": False,
    }

"""Match records in the public JSON format (`trickbook-record/2`): built from a game and written as JSON.

A record names its rules by id, version, options and a digest of the merged
ruleset; when the ruleset is not bundled it carries the merged ruleset itself
(`ruleset.document`, its deck inlined), so the record replays wherever it is
moved or shared.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..engine.game import Game
from ..engine.history import HandResult, Move
from ..expr.facts import NO_SEAT, NO_SUIT
from ..ruleset.actions import DISCARD, PASS_CARDS
from ..ruleset.rules import Rules

FORMAT = "trickbook-record/2"
FORMAT_V1 = "trickbook-record/1"


def ruleset_identity(rules: Rules) -> dict[str, Any]:
    """The record's `ruleset`: id, rules version, every option in force, the digest, the format of the ruleset's
    file, and the rules when not bundled."""
    identity = rules.identity()
    identity["digest"] = rules.digest
    identity["format"] = rules.written_in
    if rules.portable is not None:
        identity["document"] = rules.portable
    return identity


def match_record(game: Game, *, players: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of a game so far: finished hands, the hand in progress (if any) and the outcome."""
    rules = game.rules
    hands = [hand_entry(rules, hand) for hand in game.history]
    if not game.is_over():
        hands.append(_in_progress(game))
    status = "in-progress" if not game.is_over() else "finished" if game.winner is not None else "capped"
    record: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": ruleset_identity(rules),
        "seed": game.seed,
        "seats": rules.seats,
        "sides": [list(side) for side in rules.seating.sides] or None,
        "hands": hands,
        "winner": list(game.winner) if game.winner is not None else None,
        "status": status,
        "hand_cap": game.hand_cap,
    }
    if players is not None:
        record["players"] = list(players)
    record["deals"] = "seeded" if game.dealt_by_seed else "given"
    return record


LINE_BREAKS = {"\u0085": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
"""Characters JSON leaves raw in text but other readers (`str.splitlines`, JavaScript) take as the end of a line:
written escaped, so a record is always exactly one line of a JSON Lines file."""


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of JSON; the same record always gives the same bytes."""
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
    for raw, escaped in LINE_BREAKS.items():
        text = text.replace(raw, escaped)
    return text


def _points(rules: Rules, sides: tuple[int, ...] | None, seats: tuple[int, ...] | None) -> dict[str, Any]:
    return {
        "sides": list(sides) if sides is not None and rules.seating.has_sides else None,
        "seats": list(seats) if rules.personal and seats is not None else None,
    }


def actions_entries(rules: Rules, moves: Sequence[Move]) -> list[dict[str, Any]]:
    """Moves as record actions; one seat's cards passed (or discarded) in a row become one entry with its cards."""
    out: list[dict[str, Any]] = []
    for move in moves:
        entry = rules.actions.to_record(move.seat, move.action, move.auto)
        last = out[-1] if out else None
        if (
            entry["action"] in (PASS_CARDS, DISCARD)
            and last is not None
            and last["action"] == entry["action"]
            and last["seat"] == move.seat
            and last.get("auto", False) == move.auto
        ):
            last["cards"] += entry["cards"]
            continue
        out.append(entry)
    return out


OUTCOME_FIELDS = ("cancelled", "trump", "tricks_won", "score", "totals")
"""The fields of a finished hand that say what it came to; replay compares exactly these."""

EXTRA_FIELDS = ("cancel_reason", "declarer", "contract", "lines", "counters", "events")
"""The fields trickbook adds to a finished hand; replay compares each one a record carries."""


def hand_outcome(rules: Rules, hand: HandResult, version: int = 2) -> dict[str, Any]:
    """What a finished hand came to, in the record's form (version 1: `teams` instead of `sides`)."""
    zero = (0,) * rules.seats
    outcome: dict[str, Any] = {
        "cancelled": hand.cancelled,
        "trump": None if hand.cancelled or hand.trump == NO_SUIT else rules.deck.suits[hand.trump].code,
        "tricks_won": None if hand.cancelled else list(hand.tricks_won),
        "score": _points(rules, hand.score, hand.seat_score or zero),
        "totals": _points(rules, hand.totals, hand.seat_totals),
    }
    if version == 1:
        for key in ("score", "totals"):
            points = outcome[key]
            outcome[key] = {"teams": points["sides"], "seats": points["seats"]}
    return outcome


def hand_entry(rules: Rules, hand: HandResult) -> dict[str, Any]:
    """One finished hand as the record format writes it, with trickbook's extra fields after the required ones."""
    deck = rules.deck
    entry: dict[str, Any] = {
        "dealer": hand.dealer,
        "deal": [[deck.codes[c] for c in cards] for cards in hand.deal],
        "stock": [deck.codes[c] for c in hand.stock],
        "exposed": [deck.codes[c] for c in hand.exposed],
        "actions": actions_entries(rules, hand.moves),
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
        "stock": [deck.codes[c] for c in game.current_stock],
        "exposed": [deck.codes[c] for c in game.exposed],
        "actions": actions_entries(rules, game.current_moves),
        "cancelled": False,
        "trump": None if game.trump == NO_SUIT else deck.suits[game.trump].code,
        "tricks_won": None,
        "score": None,
        "totals": None,
        "complete": False,
    }

"""Re-executes recorded matches action by action and names the first thing that disagrees with the rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import limits
from ..engine.dealing import seeded_deal
from ..engine.game import Game
from ..engine.history import Move
from ..engine.state import Observer
from ..errors import ActionError, IllegalAction, Location, OptionError, RecordError, RulesetError
from ..ruleset import schema
from ..ruleset.deck import Card
from ..ruleset.loader import load_ruleset
from ..ruleset.rules import Rules
from ..ruleset.yamlsource import Mark
from .shape import check_action, check_hand
from .writer import OUTCOME_FIELDS, hand_outcome


@dataclass
class RulesetCache:
    """Loads each (ruleset, version, options) once; `paths` maps ruleset ids to files that are not bundled."""

    paths: Mapping[str, Path] = field(default_factory=dict)
    _loaded: dict[tuple[str, int, tuple[tuple[str, str], ...]], Rules] = field(default_factory=dict)

    def get(self, identity: Mapping[str, Any], where: Location, record_dir: Path | None) -> Rules:
        ruleset_id = identity["id"]
        version = identity["version"]
        options = identity["options"]
        key = (ruleset_id, version, tuple(sorted(options.items())))
        if key in self._loaded:
            return self._loaded[key]
        reference: str | Path = self.paths.get(ruleset_id, ruleset_id)
        if ruleset_id not in self.paths and "path" in identity:
            hinted = Path(identity["path"])
            if not hinted.is_absolute() and record_dir is not None and not hinted.exists():
                hinted = record_dir / hinted
            reference = hinted
        try:
            rules = load_ruleset(reference, options=options, version=version)
        except (RulesetError, OptionError) as exc:
            raise RecordError(
                f"the record's ruleset cannot be loaded: {exc}",
                where=where,
                path="ruleset",
                hint="pass --ruleset FILE for a ruleset that is not bundled",
            ) from None
        if rules.id != ruleset_id:
            raise RecordError(
                f"the ruleset file has id {rules.id!r}, the record {ruleset_id!r}", where=where, path="ruleset.id"
            )
        self._loaded[key] = rules
        return rules


Decision = Callable[[Game, int, bool, str], None]
"""Called before each recorded action is applied, with the game, the action, its `auto` flag and its path."""


def replay_record(
    record: dict[str, Any],
    where: Location,
    rulesets: RulesetCache,
    record_dir: Path | None = None,
    before: Decision | None = None,
    observer: Observer | None = None,
) -> Game:
    """Replays one record; returns the game in the state the record ends in, or raises `RecordError`."""
    schema.check(
        _skeleton(record),
        "match-record",
        marks={(): Mark(where.file, where.line, where.column)},
        file=where.file,
        error=RecordError,
    )
    rules = rulesets.get(record["ruleset"], where, record_dir)
    hands: list[dict[str, Any]] = record["hands"]
    if not hands:
        raise RecordError("the record has no hands", where=where, path="hands")
    for index, hand in enumerate(hands):
        check_hand(hand, where, f"hands[{index}]")
    deals = [_deal(rules, hand, index, where) for index, hand in enumerate(hands)]

    def source(number: int, dealer: int) -> Sequence[Sequence[Card]]:
        if number > len(hands):
            return seeded_deal(rules, record["seed"], number, dealer)
        recorded = hands[number - 1]["dealer"]
        if recorded != dealer:
            raise RecordError(
                f"the record says seat {recorded} deals, but the rules make seat {dealer} the dealer",
                where=where,
                path=f"hands[{number - 1}].dealer",
            )
        return deals[number - 1]

    cap = record.get("hand_cap", limits.DEFAULT_HAND_CAP)
    game = Game(rules, record["seed"], deals=source, dealer=hands[0]["dealer"], hand_cap=cap, observer=observer)
    for index, hand in enumerate(hands):
        _replay_hand(game, hand, index, where, index == len(hands) - 1, before)
    _check_outcome(game, record, where)
    return game


def _skeleton(record: dict[str, Any]) -> dict[str, Any]:
    """The record without its hands, which `recordshape` checks one by one (the schema validator is too slow)."""
    return {**record, "hands": []} if isinstance(record.get("hands"), list) else record


def _deal(rules: Rules, hand: dict[str, Any], index: int, where: Location) -> tuple[tuple[Card, ...], ...]:
    deck = rules.deck
    path = f"hands[{index}].deal"
    seen: dict[Card, int] = {}
    cards: list[tuple[Card, ...]] = []
    for seat, codes in enumerate(hand["deal"]):
        if len(codes) != rules.hand_size:
            raise RecordError(
                f"seat {seat} is dealt {len(codes)} cards",
                where=where,
                path=f"{path}[{seat}]",
                expected=f"{rules.hand_size} cards each, {deck.size} in all",
            )
        held = []
        for position, code in enumerate(codes):
            if code not in deck.codes:
                raise RecordError(
                    f"{code!r} is not a card of the {deck.title}", where=where, path=f"{path}[{seat}][{position}]"
                )
            card = deck.codes.index(code)
            if card in seen:
                raise RecordError(
                    f"the card {code} is dealt twice (to seats {seen[card]} and {seat})",
                    where=where,
                    path=f"{path}[{seat}][{position}]",
                )
            seen[card] = seat
            held.append(card)
        cards.append(tuple(held))
    return tuple(cards)


def _move_text(rules: Rules, move: Move) -> str:
    return f"seat {move.seat} {rules.actions.text(move.action)}" + (" (automatic)" if move.auto else "")


def _replay_hand(
    game: Game, hand: dict[str, Any], index: int, where: Location, last: bool, before: Decision | None
) -> None:
    rules = game.rules
    if game.is_over():
        raise RecordError(
            f"the match was already over ({game.end_reason}) before this hand", where=where, path=f"hands[{index}]"
        )
    exposed = [rules.deck.codes[c] for c in game.exposed]
    if hand["exposed"] != exposed:
        raise RecordError(
            f"the record shows {hand['exposed']} exposed, the rules expose {exposed}",
            where=where,
            path=f"hands[{index}].exposed",
        )
    entries = hand["actions"]

    def made() -> int:
        return len(game.finished_hand(index).packed_moves) if game.hands_finished > index else game.moves_made

    def engine_move(position: int) -> Move:
        moves = game.finished_hand(index).moves if game.hands_finished > index else game.current_moves
        return moves[position]

    position = 0
    while position < len(entries):
        entry = entries[position]
        path = f"hands[{index}].actions[{position}]"
        check_action(entry, where, path)
        if position < made():
            _same_move(rules, engine_move(position), entry, where, path)
            position += 1
            continue
        if game.hands_finished > index:
            raise RecordError("the hand is already over; this action is one too many", where=where, path=path)
        if entry["seat"] != game.turn:
            raise RecordError(
                f"it is seat {game.turn}'s turn, not seat {entry['seat']}'s",
                where=where,
                path=path,
                hint="actions must follow the turn order",
            )
        try:
            action = rules.actions.from_record(entry)
            auto = bool(entry.get("auto", False))
            if before is not None:
                before(game, action, auto, path)
            game.apply(action, auto)
        except IllegalAction as exc:
            raise RecordError(f"illegal action: {exc} (rule: {exc.rule})", where=where, path=path) from None
        except ActionError as exc:
            raise RecordError(f"not an action of this ruleset: {exc}", where=where, path=path) from None
        position += 1
    if made() > len(entries):
        raise RecordError(
            f"the rules make the automatic move {_move_text(rules, engine_move(len(entries)))} here, "
            "which the record lacks",
            where=where,
            path=f"hands[{index}].actions[{len(entries)}]",
        )
    finished = game.hands_finished > index
    if not finished:
        if last and hand.get("complete") is False:
            return
        raise RecordError(
            "the hand's actions stop before the hand is over", where=where, path=f"hands[{index}].actions"
        )
    if hand.get("complete") is False:
        raise RecordError(
            "the hand is marked in progress, but its actions finish it", where=where, path=f"hands[{index}].complete"
        )
    expected = hand_outcome(rules, game.finished_hand(index))
    for key in OUTCOME_FIELDS:
        if hand[key] != expected[key]:
            raise RecordError(
                f"the record says {hand[key]!r}, but the rules give {expected[key]!r}",
                where=where,
                path=f"hands[{index}].{key}",
            )


def _same_move(rules: Rules, move: Move, entry: dict[str, Any], where: Location, path: str) -> None:
    wanted = rules.actions.to_record(move.seat, move.action, move.auto)
    if {k: v for k, v in entry.items() if k != "auto" or v} != wanted:
        raise RecordError(
            f"the rules make the automatic move {_move_text(rules, move)} here; the record has {entry!r}",
            where=where,
            path=path,
        )


def _check_outcome(game: Game, record: dict[str, Any], where: Location) -> None:
    winner = record["winner"]
    status = record.get("status")
    if game.is_over():
        if game.winner != winner:
            raise RecordError(
                f"the record's winner is {winner!r}, but the rules give {game.winner!r} ({game.end_reason})",
                where=where,
                path="winner",
            )
        actual = "finished" if game.winner is not None else "capped"
        if status is not None and status != actual:
            raise RecordError(
                f"the record's status is {status!r}, but the match is {actual}", where=where, path="status"
            )
        return
    if winner is not None or status in ("finished", "capped"):
        raise RecordError(
            f"the record says the match ended (winner {winner!r}), but under the rules it goes on",
            where=where,
            path="winner",
        )

"""Re-executes recorded matches action by action and names the first thing that disagrees with the rules.

Both record formats replay: version 2 (any table) and version 1 (four seats in
two partnerships, `teams` for sides). A record's rules come from the record
itself when it carries them, else from `--ruleset` files or the bundled
rulesets; a record's digest must match the rules it is replayed under.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import limits
from ..cards import Card
from ..engine.dealing import Deal, seeded_deal
from ..engine.game import Game
from ..engine.history import Move
from ..engine.kinds import PhaseKind
from ..engine.state import Observer
from ..errors import ActionError, IllegalAction, Location, OptionError, RecordError, RulesetError
from ..resources import bundled_ruleset_ids
from ..ruleset.actions import ActionKind
from ..ruleset.loader import load_ruleset, open_document
from ..ruleset.rules import Rules
from .header import RecordHeader
from .shape import check_action, check_hand
from .writer import EXTRA_FIELDS, OUTCOME_FIELDS, hand_entry, hand_outcome


@dataclass
class RulesetCache:
    """Loads each record's rules once; `paths` maps ruleset ids to files that are not bundled (`--ruleset`)."""

    paths: Mapping[str, Path] = field(default_factory=dict)
    _loaded: dict[tuple[Any, ...], Rules] = field(default_factory=dict)
    used: dict[tuple[Any, ...], str] = field(default_factory=dict)
    """What each set of rules loaded was, and where it came from, for replay to say which rules it used."""

    def get(self, identity: Mapping[str, Any], where: Location, record_dir: Path | None) -> Rules:
        ruleset_id = identity["id"]
        version = identity["version"]
        options = identity["options"]
        digest = identity.get("digest")
        key = (ruleset_id, version, tuple(sorted(options.items())), digest, identity.get("path"))
        if key in self._loaded:
            return self._loaded[key]
        try:
            if "document" in identity and ruleset_id not in self.paths:
                source = open_document(identity["document"], f"{where} (the ruleset the record carries)")
                rules = source.resolve(options=options, version=version)
                origin = "the copy the record carries"
            else:
                reference = self._reference(identity, record_dir, where)
                rules = load_ruleset(reference, options=options, version=version)
                origin = "bundled" if isinstance(reference, str) else _file_origin(reference, ruleset_id)
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
        if digest is not None and digest not in (rules.digest, rules.earlier_digest):
            raise RecordError(
                f"the record was played under other rules than the {ruleset_id!r} found here "
                f"({rules.file}): their digests differ",
                where=where,
                path="ruleset.digest",
                expected=digest,
                found=rules.digest,
                hint="pass --ruleset FILE with the ruleset the match was played under",
            )
        self._loaded[key] = rules
        chosen = "".join(f", {name}={value}" for name, value in rules.options)
        checked = (
            "no digest in the record"
            if digest is None
            else "digest checked"
            if digest == rules.digest
            else "an earlier release's digest checked, which does not cover the order of rules"
        )
        self.used[key] = f"{rules.id} version {rules.version}{chosen} ({origin}; {checked})"
        return rules

    def _reference(self, identity: Mapping[str, Any], record_dir: Path | None, where: Location) -> str | Path:
        ruleset_id = identity["id"]
        if ruleset_id in self.paths:
            return self.paths[ruleset_id]
        if "path" in identity:
            hinted = Path(identity["path"])
            try:
                if not hinted.is_absolute() and record_dir is not None and not hinted.exists():
                    hinted = record_dir / hinted
            except (OSError, ValueError) as exc:  # a name too long for the system, a NUL byte
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                raise RecordError(
                    "the record's ruleset path cannot name a file",
                    where=where,
                    path="ruleset.path",
                    found=f"a path of {len(identity['path']):,} characters ({why})",
                    hint="pass --ruleset FILE for a ruleset that is not bundled",
                ) from None
            return hinted
        return str(ruleset_id)


def _file_origin(path: Path, ruleset_id: str) -> str:
    """Where rules read from a file came from, saying so when the file takes the id of a bundled ruleset."""
    if ruleset_id in bundled_ruleset_ids():
        return f"the file {path}, not the bundled {ruleset_id!r} of the same id"
    return f"the file {path}"


def deals_checked(record: Mapping[str, Any]) -> bool:
    """True when replay checks the record's deals against its seed: a version 2 record of seeded deals (version
    1 records, and deals "given", are replayed as recorded)."""
    return record.get("deals") == "seeded"


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
    version = RecordHeader.from_record(record, where).format
    rules = rulesets.get(record["ruleset"], where, record_dir)
    _check_table(rules, record, version, where)
    hands: list[dict[str, Any]] = record["hands"]
    if not hands:
        raise RecordError("the record has no hands", where=where, path="hands")
    if len(hands) > limits.MAX_HANDS or record.get("hand_cap", 0) > limits.MAX_HANDS:
        raise RecordError(
            f"the record holds {len(hands):,} hands (hand cap {record.get('hand_cap')})",
            where=where,
            path="hands",
            expected=f"at most {limits.MAX_HANDS:,} hands in a match",
        )
    for index, hand in enumerate(hands):
        check_hand(hand, where, f"hands[{index}]", rules.seats, version)

    # Deals are checked against the seed only where the record says they come from it: records written
    # before deals were the same for every direction of play say nothing, and replay as recorded.
    seeded = deals_checked(record)

    def source(number: int, dealer: int, size: int) -> Deal:
        if number > len(hands):
            return seeded_deal(rules, record["seed"], number, dealer, size)
        recorded = hands[number - 1]["dealer"]
        if recorded != dealer:
            raise RecordError(
                f"the record says seat {recorded} deals, but the rules make seat {dealer} the dealer",
                where=where,
                path=f"hands[{number - 1}].dealer",
            )
        deal = _deal(rules, hands[number - 1], number - 1, size, where)
        if not seeded:
            return deal
        drawn = seeded_deal(rules, record["seed"], number, dealer, size)
        if _codes(rules, deal) != _codes(rules, drawn):
            raise RecordError(
                f"these are not the cards seed {record['seed']} deals in hand {number}",
                where=where,
                path=f"hands[{number - 1}].deal",
                hint='a record whose deals were not drawn from its seed says "deals": "given"',
            )
        return drawn  # the same cards, with the copies of a card that a deck holds twice where the seed put them

    cap = record.get("hand_cap", limits.DEFAULT_HAND_CAP)
    game = Game(
        rules, record["seed"], deals=source, dealer=hands[0]["dealer"], hand_cap=cap, observer=observer, seeded=seeded
    )
    for index, hand in enumerate(hands):
        _replay_hand(game, hand, index, where, index == len(hands) - 1, before, version)
    _check_outcome(game, record, where, version)
    return game


def _check_table(rules: Rules, record: dict[str, Any], version: int, where: Location) -> None:
    """The record's table must be the rules' table: four seats in two partnerships for version 1."""
    sides = [list(side) for side in rules.seating.sides] or None
    if version == 1:
        if rules.seats != 4 or sides != [[0, 2], [1, 3]]:
            raise RecordError(
                f"a version 1 record is of four seats in partnerships [[0, 2], [1, 3]]; {rules.id!r} is not",
                where=where,
                path="format",
            )
        return
    for key, expected in (("seats", rules.seats), ("sides", sides)):
        if record[key] != expected:
            raise RecordError(
                f"the record's table does not match the rules': the rules say {expected!r}",
                where=where,
                path=key,
                found=repr(record[key]),
            )


def _codes(rules: Rules, deal: Deal) -> tuple[tuple[str, ...], ...]:
    """A deal as its records write it: each seat's cards, then the stock, by code."""
    codes = rules.deck.codes
    return tuple(tuple(codes[card] for card in cards) for cards in (*deal.hands, deal.stock))


def _cards(rules: Rules, codes: list[str], path: str, where: Location, seen: dict[Card, str]) -> tuple[Card, ...]:
    deck = rules.deck
    held = []
    for position, code in enumerate(codes):
        if code not in deck.codes:
            raise RecordError(f"{code!r} is not a card of the {deck.title}", where=where, path=f"{path}[{position}]")
        (card,) = deck.read_cards([code], deck.mask(seen)) or [deck.codes.index(code)]
        if card in seen:
            times = "twice" if deck.copies == 1 else f"{deck.copies + 1} times"
            raise RecordError(
                f"the card {code} is dealt {times} ({seen[card]} and {path})", where=where, path=f"{path}[{position}]"
            )
        seen[card] = path
        held.append(card)
    return tuple(held)


def _deal(rules: Rules, hand: dict[str, Any], index: int, size: int, where: Location) -> Deal:
    deck = rules.deck
    path = f"hands[{index}]"
    seen: dict[Card, str] = {}
    cards: list[tuple[Card, ...]] = []
    out = hand["dealer"] if rules.deal.dealer_sits_out else -1
    for seat, codes in enumerate(hand["deal"]):
        if len(codes) != (0 if seat == out else size):
            each = f"{size} cards each" + (", the dealer none," if out >= 0 else "")
            raise RecordError(
                f"seat {seat} is dealt {len(codes)} cards",
                where=where,
                path=f"{path}.deal[{seat}]",
                expected=f"{each} under the rules for this hand",
            )
        cards.append(_cards(rules, codes, f"{path}.deal[{seat}]", where, seen))
    stock = _cards(rules, hand.get("stock", []), f"{path}.stock", where, seen)
    for card, at in seen.items():
        if rules.deal.removed >> card & 1:
            raise RecordError(
                f"the card {deck.label(card)} is dealt at {at}, but the rules take it out of the deck (deal.remove)",
                where=where,
                path=at,
            )
    if len(seen) != rules.pack_size:
        taken_out = f" less the {deck.size - rules.pack_size} taken out" if rules.pack_size != deck.size else ""
        raise RecordError(
            f"the deal and the stock hold {len(seen)} cards, not the deck's {deck.size}{taken_out}",
            where=where,
            path=f"{path}.stock",
        )
    return Deal(tuple(cards), stock)


def _move_text(rules: Rules, move: Move) -> str:
    return f"seat {move.seat} {rules.actions.text(move.action)}" + (" (automatic)" if move.auto else "")


def _expand(rules: Rules, entries: list[Any], index: int, where: Location) -> list[tuple[str, int, int, bool]]:
    """Each recorded action as engine actions (a `pass_cards` of three cards is three), with its path."""
    out: list[tuple[str, int, int, bool]] = []
    for position, entry in enumerate(entries):
        path = f"hands[{index}].actions[{position}]"
        check_action(entry, where, path, rules.seats)
        try:
            decoded = rules.actions.from_record(entry)
        except ActionError as exc:
            raise RecordError(f"not an action of this ruleset: {exc}", where=where, path=path) from None
        out += [(path, entry["seat"], action, bool(entry.get("auto", False))) for action in decoded]
    return out


def _replay_hand(
    game: Game,
    hand: dict[str, Any],
    index: int,
    where: Location,
    last: bool,
    before: Decision | None,
    version: int,
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
    steps = _expand(rules, hand["actions"], index, where)

    def made() -> int:
        return len(game.finished_hand(index).packed_moves) if game.hands_finished > index else game.moves_made

    def engine_move(position: int) -> Move:
        moves = game.finished_hand(index).moves if game.hands_finished > index else game.current_moves
        return moves[position]

    for position, (path, seat, action, auto) in enumerate(steps):
        if position < made():
            move = engine_move(position)
            if (move.seat, move.action, move.auto) != (seat, action, auto):
                raise RecordError(
                    f"the rules make the automatic move {_move_text(rules, move)} here; "
                    f"the record has {_move_text(rules, Move(seat, action, auto))}",
                    where=where,
                    path=path,
                )
            continue
        if game.hands_finished > index:
            raise RecordError("the hand is already over; this action is one too many", where=where, path=path)
        if seat != game.turn:
            raise RecordError(
                f"it is seat {game.turn}'s turn, not seat {seat}'s",
                where=where,
                path=path,
                hint="actions must follow the turn order",
            )
        try:
            if auto:
                _check_timeout_move(game, action, where, path)
            if before is not None:
                before(game, action, auto, path)
            game.apply(action, auto)
        except IllegalAction as exc:
            raise RecordError(f"illegal action: {exc} (rule: {exc.rule})", where=where, path=path) from None
        except ActionError as exc:
            raise RecordError(f"not an action of this ruleset: {exc}", where=where, path=path) from None
    if made() > len(steps):
        raise RecordError(
            f"the rules make the automatic move {_move_text(rules, engine_move(len(steps)))} here, "
            "which the record lacks",
            where=where,
            path=f"hands[{index}].actions[{len(hand['actions'])}]",
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
    expected = hand_outcome(rules, game.finished_hand(index), version)
    for key in OUTCOME_FIELDS:
        if not _agrees(hand[key], expected[key], key, expected["cancelled"]):
            raise RecordError(
                f"the record says {_json(hand[key])}, but the rules give {_json(expected[key])}",
                where=where,
                path=f"hands[{index}].{key}",
            )
    # The fields trickbook adds to a hand are checked as strictly as the public ones, when a record carries them.
    written = hand_entry(rules, game.finished_hand(index))
    for key in EXTRA_FIELDS:
        if key in hand and hand[key] != written.get(key):
            raise RecordError(
                f"the record says {_json(hand[key])}, but the rules give {_json(written.get(key))}",
                where=where,
                path=f"hands[{index}].{key}",
            )


def _check_timeout_move(game: Game, action: int, where: Location, path: str) -> None:
    """A move marked automatic must be the one the rules make when the seat's time runs out (`timeout`): the mark
    is no licence for any other move, and resuming does not ask a player again about it."""
    made = game.default_action()
    if action != made:
        text = game.rules.actions.text
        raise RecordError(
            f"the record marks {text(action)} automatic, but when time runs out the rules play {text(made)} here",
            where=where,
            path=path,
            hint="an automatic move is the ruleset's timeout move; a move chosen by a seat is not marked auto",
        )


def _agrees(recorded: Any, expected: Any, key: str, cancelled: bool) -> bool:
    """A cancelled hand's `tricks_won` and `score` may be written as zeros or as null."""
    if recorded == expected:
        return True
    if not cancelled or key not in ("tricks_won", "score"):
        return False
    if recorded is None:
        return True
    if isinstance(recorded, dict):  # a score: the record's shape was checked, tricks_won is never a mapping
        return all(not any(v or 0 for v in (recorded.get(k) or [])) for k in recorded)
    return isinstance(recorded, list) and not any(recorded)


def _json(value: Any) -> str:
    """A record value as JSON writes it (`null`, not `None`)."""
    return json.dumps(value, ensure_ascii=False)


def _check_outcome(game: Game, record: dict[str, Any], where: Location, version: int) -> None:
    winner = record["winner"]
    status = record.get("status")
    if game.is_over():
        actual: Any = list(game.winner) if game.winner is not None else None
        if version == 1:
            actual = game.winning_side
        if actual != winner:
            raise RecordError(
                f"the record's winner is {_json(winner)}, but the rules give {_json(actual)} ({game.end_reason})",
                where=where,
                path="winner",
            )
        ended = "finished" if game.winner is not None else "capped"
        if status is not None and status != ended:
            raise RecordError(
                f"the record's status is {status!r}, but the match is {ended}", where=where, path="status"
            )
        return
    if winner is not None or status in ("finished", "capped"):
        raise RecordError(
            f"the record says the match ended (winner {_json(winner)}), but under the rules it goes on",
            where=where,
            path="winner",
        )


def replay_under(
    record: dict[str, Any], where: Location, rules: Rules, observer: Observer | None = None
) -> tuple[Game, str]:
    """Plays a record's deals and choices again under other rules ("what if we had played my variant?").

    Each recorded hand is dealt as recorded and the recorded choices are made in order, each checked by
    `rules`; automatic moves are left to `rules`. Returns the game so far and, when `rules` refuse a recorded
    choice (or end a hand sooner or later than the record), why, at which recorded action; else "".
    """
    header = RecordHeader.from_record(record, where)
    version = header.format
    hands: list[dict[str, Any]] = record["hands"]
    if header.seats != rules.seats:
        raise RecordError(
            f"the record is of a table of {header.seats} seats; {rules.id} is played by {rules.seats}",
            where=where,
            path="seats",
        )
    if not hands:
        raise RecordError("the record has no hands", where=where, path="hands")
    for index, hand in enumerate(hands):
        check_hand(hand, where, f"hands[{index}]", rules.seats, version)

    def source(number: int, dealer: int, size: int) -> Deal:
        return _deal(rules, hands[min(number, len(hands)) - 1], number - 1, size, where)

    game = Game(rules, record["seed"], deals=source, dealer=hands[0]["dealer"], hand_cap=len(hands), observer=observer)
    skipped: list[str] = []
    try:
        for index, hand in enumerate(hands):
            _play_under(game, hand, index, where, index == len(hands) - 1, skipped)
    except RecordError as exc:
        return game, str(exc)
    return game, (f"skipped, as these rules do not ask for them: {', '.join(skipped)}" if skipped else "")


def _play_under(game: Game, hand: dict[str, Any], index: int, where: Location, last: bool, skipped: list[str]) -> None:
    """One recorded hand's choices under the game's rules; `RecordError` at the first they refuse. A recorded
    choice of a phase these rules do not have here (a trump named where trump is fixed) is skipped and noted."""
    kinds = game.rules.actions.kinds
    for path, seat, action, auto in _expand(game.rules, hand["actions"], index, where):
        if auto:
            continue
        if game.phase is PhaseKind.PLAY and kinds[action] != ActionKind.PLAY and not game.is_over():
            skipped.append(f"{path} ({game.rules.actions.text(action)})")
            continue
        if game.is_over() or game.hands_finished > index:
            raise RecordError("under these rules the hand is already over", where=where, path=path)
        if seat != game.turn:
            raise RecordError(f"under these rules it is seat {game.turn}'s turn, not {seat}'s", where=where, path=path)
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"not allowed: {exc} (rule: {exc.rule})", where=where, path=path) from None
        except ActionError as exc:
            raise RecordError(f"not an action of these rules: {exc}", where=where, path=path) from None
    if game.hands_finished <= index and not (last and hand.get("complete") is False):
        raise RecordError(
            "under these rules the hand goes on after the recorded actions", where=where, path=f"hands[{index}]"
        )

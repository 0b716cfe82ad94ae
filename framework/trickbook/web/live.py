"""Live tables: `Table`s with a private token per person, each seat's event log, and a save after every call.

A seat's page is drawn from its own `Table.view` and the events the table addressed to that seat, so a
page never receives a card its seat may not see. Calls on one table run one at a time; the bots' moves
run inside the call, so a bot's thinking is bounded by the player options a table may choose.
"""

from __future__ import annotations

import functools
import json
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import i18n, limits, resources
from ..book.story import action_words
from ..book.words import Reader, exchange_words
from ..engine.history import HandResult
from ..engine.kinds import PhaseKind
from ..engine.view import SeatView
from ..errors import Malformed, Refusal, Said, TrickbookError, UsageError, Words, said
from ..ruleset.rules import Rules, TrumpMode
from ..session.progress import progress
from ..session.table import CLOSED, HUMAN, VOTING, Delivery, Table, TableError
from .requests import bot
from .store import Store

MAX_TABLES = 200
"""Most tables a server keeps open; a new one is refused beyond it."""
TURN_SECONDS = (5.0, 3600.0)
"""The shortest and longest turn clock a table may be given (a person needs a moment; a clock over an hour is
no clock)."""
MAX_LOG = 400
"""Most events kept per seat for its page (a hand's worth at any table trickbook allows)."""
MAX_ACTION_CHARS = 40
"""Longest action an 'act' message may carry: every action a ruleset names is far shorter, and a longer text is
refused before a table quotes it back."""


@dataclass(slots=True)
class LiveTable:
    """One table, the tokens of its people's seats and what each seat has been told this hand."""

    id: str
    table: Table
    tokens: list[str | None]
    logs: dict[int, list[dict[str, Any]]]
    kept: int
    """How many finished matches are already stored."""
    pins: dict[str, str] | None = None
    """The digests of the saved rulesets the table started with, by id (its ruleset and those it extends), which
    it plays to its end; None for a table kept before pinning, which plays the saved rulesets of the moment."""
    touched: float = 0.0
    """When the table last changed (created, a move, a ready, a vote, a clock's move): its idle time runs from it."""
    expired: bool = False
    """Closed for being idle: forgotten by the store, so a message still on its way must not save it again."""
    creator: str | None = None
    """The token of the person who created the table, who may let a bot stand in for an absent person and give
    the seat back; None for a table kept before there were creators' tokens."""
    lock: threading.Lock = field(default_factory=threading.Lock)


class Hub:
    """Every open table of the server, saved to the store after each change and restored at start."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, LiveTable] = {}

    def restore_all(self, now: float) -> list[str]:
        """Reopens every stored table where it stood; returns the problems of those that cannot reopen."""
        problems = []
        for table_id, text, touched in self.store.tables():
            try:
                live = self._reopened(table_id, json.loads(text), now)
                live.touched = touched
            except (TrickbookError, KeyError, TypeError, ValueError, AttributeError) as exc:
                problems.append(f"table {table_id} is not reopened: {exc}")
                continue
            self.tables[table_id] = live
            self._deliver(live, live.table.pending())
        return problems

    def _reopened(self, table_id: str, state: dict[str, Any], now: float) -> LiveTable:
        """A stored table, on the saved rulesets' texts it pinned."""
        pins = state.get("pins")
        if pins is not None and not (isinstance(pins, dict) and all(isinstance(v, str) for v in pins.values())):
            raise ValueError(f"its pinned rulesets are a map of ids to digests, not {str(pins)[:60]!r}")
        texts = self.store.rulesets() if pins is None else self.store.pinned(pins)
        for spec in state["table"]["seats"]:
            if spec != HUMAN:
                bot(spec)  # as when the table was created: a stored table is trusted no more than a request
        with resources.saved_rulesets(texts):
            table = Table.restore(state["table"], now)
        table.secret_seeds = True  # a table kept by an earlier trickbook dealt a rematch from seed + 1
        logs = {int(seat): list(events) for seat, events in state["logs"].items()}
        creator = state.get("creator")
        if creator is not None and not isinstance(creator, str):
            raise ValueError("its creator's token is text")
        return LiveTable(table_id, table, list(state["tokens"]), logs, int(state["kept"]), pins=pins, creator=creator)

    def create(
        self,
        ruleset: str,
        seats: list[str],
        options: Mapping[str, str],
        version: int | None,
        turn_seconds: float | None,
        now: float,
        admit: Callable[[], None],
    ) -> LiveTable:
        """A new table; every person's seat gets an unguessable token (its private link). `admit` is called once
        the table is dealt and may open (the caller's allowance, which may refuse): a refused request costs nothing."""
        if len(self.tables) >= MAX_TABLES:
            for closed in [t for t in self.tables.values() if t.table.phase == CLOSED]:
                del self.tables[closed.id]  # the records of its finished matches stay in the store
                self.store.forget_table(closed.id)
        if len(self.tables) >= MAX_TABLES:
            raise UsageError(f"this server keeps at most {MAX_TABLES} tables open; try again when one closes")
        for spec in seats:
            if spec != HUMAN:
                bot(spec)
        shortest, longest = TURN_SECONDS
        if turn_seconds is not None and not shortest <= turn_seconds <= longest:
            raise UsageError(f"a turn clock is {shortest:g} to {longest:g} seconds, not {turn_seconds:g}")
        saved = self.store.rulesets()
        with resources.saved_rulesets(saved):
            table = Table(
                ruleset,
                seats=seats,
                options=dict(options),
                version=version,
                secret_seeds=True,
                turn_seconds=turn_seconds,
                ready_seconds=turn_seconds,  # the turn clock covers the ready check between hands too
                now=now,
                hand_cap=limits.DEFAULT_HAND_CAP,
            )
        admit()
        pins = self.store.pin({name: saved[name] for name in (ruleset, *table.rules.extends) if name in saved})
        tokens = [secrets.token_urlsafe(18) if spec == HUMAN else None for spec in seats]
        logs: dict[int, list[dict[str, Any]]] = {seat: [] for seat in range(len(seats))}
        live = LiveTable(secrets.token_hex(6), table, tokens, logs, 0, pins=pins, creator=secrets.token_urlsafe(18))
        self.tables[live.id] = live
        self._deliver(live, table.pending())
        self._save(live, now)
        return live

    def seat_of(self, table_id: str, token: str) -> tuple[LiveTable, int]:
        """The table and the seat a token acts for; refused alike for an unknown table or a wrong token."""
        live = self.tables.get(table_id)
        if live is not None:
            for seat, known in enumerate(live.tokens):
                if known is not None and secrets.compare_digest(known, token):
                    return live, seat
        raise UsageError("this link does not open a seat at any table here")

    def seat_player(self, table_id: str, creator: str, seat: Any, player: Any, now: float) -> LiveTable:
        """The creator lets a bot (`player`) stand in for the person at `seat`, or gives the seat back
        (`player` "human"); refused alike for an unknown table or a wrong creator's token."""
        live = self.tables.get(table_id)
        if live is None or live.creator is None or not secrets.compare_digest(live.creator, creator):
            raise UsageError("only the table's creator, from the browser that created it, changes who plays a seat")
        people = [s for s, token in enumerate(live.tokens) if token is not None]
        if isinstance(seat, bool) or seat not in people:
            raise UsageError(f"'seat' is the number of a person's seat ({', '.join(map(str, people))}), not {seat!r}")
        if not isinstance(player, str) or not 0 < len(player) <= 60:
            raise UsageError(f"'player' is {HUMAN!r} (the person takes the seat back) or a bot such as 'heuristic'")
        if player != HUMAN:
            bot(player)
        with live.lock:
            if live.expired:
                raise UsageError("this table has closed: nobody played at it for too long")
            table = live.table
            delivery = table.give_back(seat, now) if player == HUMAN else table.stand_in(seat, player, now)
            self._deliver(live, delivery)
            self._save(live, now)
        return live

    def act(self, live: LiveTable, seat: int, message: Any, now: float) -> Delivery:
        """One message from a seat's page: an action, a ready, a vote; refused in words when it does not fit."""
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise Malformed(said("a message is a JSON object with a 'type': 'act', 'ready', 'vote' or 'tick'"))
        kind = message["type"]
        with live.lock:
            if live.expired:
                raise Refusal(said("this table has closed: nobody played at it for too long"))
            table = live.table
            if kind == "act":
                action = message.get("action")
                if not isinstance(action, str) or not 0 < len(action) <= MAX_ACTION_CHARS:
                    card = table.rules.deck.codes[-1]
                    refused = said(
                        "an 'act' message has an 'action': a card such as {card}, a bid or 'pass'", card=repr(card)
                    )
                    raise Malformed(refused)
                delivery = table.submit(seat, action, now)
            elif kind == "ready":
                delivery = table.mark_ready(seat, now)
            elif kind == "vote":
                if not isinstance(message.get("rematch"), bool):
                    raise Malformed(said("a 'vote' message has 'rematch': true or false"))
                delivery = table.vote(seat, message["rematch"], now)
            elif kind == "tick":
                delivery = table.tick(now)
            else:
                refused = said("unknown message type {kind}; known: 'act', 'ready', 'vote', 'tick'", kind=repr(kind))
                raise Malformed(refused)
            self._deliver(live, delivery)
            self._save(live, now)
            return delivery

    def tick_all(self, now: float) -> list[tuple[LiveTable, Delivery]]:
        """Lets the clocks of every table run; returns the tables where something happened."""
        changed: list[tuple[LiveTable, Delivery]] = []
        for live in list(self.tables.values()):
            table = live.table
            if table.deadline is None or now < table.deadline or table.phase == CLOSED:
                continue
            with live.lock:
                try:
                    delivery = table.tick(now)
                except TableError:
                    continue
                self._deliver(live, delivery)
                self._save(live, now)
            changed.append((live, delivery))
        return changed

    def expire_idle(self, now: float, idle_seconds: float) -> list[LiveTable]:
        """Closes and forgets the tables unchanged for `idle_seconds` (their finished matches' records stay), so
        abandoned tables do not hold the server's places for good; returns them."""
        expired = []
        for live in list(self.tables.values()):
            with live.lock:
                if live.touched > now - idle_seconds:
                    continue
                live.expired = True
                self.tables.pop(live.id, None)
                self.store.forget_table(live.id)
            expired.append(live)
        return expired

    def page(self, live: LiveTable, seat: int, language: str = i18n.LANGUAGES[0]) -> dict[str, Any]:
        """What a seat's page shows, in its language: its view, its events this hand, and the table's public facts."""
        with live.lock:
            table = live.table
            rules = table.rules
            deck = rules.deck
            seating = rules.seating
            view, game_view = table.views(seat)
            # Cards in suits as this hand's trump counts them (`SeatView.in_suits`), each highest first.
            pack = [card for group in game_view.in_suits(range(deck.size)) for card in group]
            order = {deck.codes[card]: position for position, card in enumerate(pack)}
            return {
                "table": live.id,
                "title": rules.translation(language).title,
                "ruleset": rules.identity(),
                "seat": seat,
                "seats": [
                    {
                        "name": rules.word(language, seating.seat_names[s]),
                        "player": table.seats[s],
                        "stand_in": table.stand_ins.get(s),
                        "side": seating.side_of[s],
                        "role": None if (role := game_view.role(s)) is None else rules.word(language, role),
                    }
                    for s in range(rules.seats)
                ],
                "sides": [rules.word(language, name) for name in seating.side_names],
                "words": dict(rules.translation(language).words),
                "personal": table.game.seat_totals is not None,  # kept where the rules score players
                "cards": {code: [deck.label(i), deck.colour(i)] for i, code in enumerate(deck.codes)},
                "suits": {s.code: [s.symbol, rules.word(language, s.name), s.colour] for s in deck.suits},
                "view": {
                    **view,
                    "hand": sorted(view["hand"], key=order.__getitem__),
                    "dummy_hand": sorted(view["dummy_hand"], key=order.__getitem__),
                    "open_hand": sorted(view["open_hand"], key=order.__getitem__),
                },
                "trick_seats": list(game_view.trick_seats()),
                "labels": {
                    rules.actions.text(a): action_words(rules, language, rules.actions.label(a))
                    for a in game_view.legal
                    if view["legal"]
                },
                "progress": [{**p._asdict(), "name": rules.word(language, p.name)} for p in progress(game_view)],
                "bids": _bid_words(rules, language),
                "sheet": [_sheet_row(hand) for hand in table.game.history],
                "passing": _passing(rules, game_view, language),
                "exchange": None if rules.exchange is None else exchange_words(Reader(rules, language)),
                "broken": [[deck.suits[suit].code, broken] for suit, broken in game_view.broken()],
                "trump_game": rules.trump.mode is not TrumpMode.NONE,
                "before_play": bool(table.game.phases_before_play),  # without a phase before the tricks, no bids panel
                "log": [in_language(event, language, rules) for event in live.logs.get(seat, [])],
                "finished": list(range(1, live.kept + 1)),
                "match_over": table.phase in (VOTING, CLOSED),
                "close_reason": table.close_reason,
            }

    def _deliver(self, live: LiveTable, delivery: Delivery) -> None:
        for seat, events in delivery.items():
            log = live.logs.setdefault(seat, [])
            for event in events:
                if event["type"] == "hand_started":
                    scored = [e for e in log if e["type"] == "hand_scored"][-1:]
                    log[:] = scored
                log.append(event)
            del log[:-MAX_LOG]

    def _save(self, live: LiveTable, now: float) -> None:
        finished = live.table.finished
        new = {number: finished[number - 1] for number in range(live.kept + 1, len(finished) + 1)}
        live.kept = len(finished)
        live.touched = now
        state = {"table": live.table.save(), "tokens": live.tokens, "logs": live.logs, "kept": live.kept}
        if live.pins is not None:
            state["pins"] = live.pins
        if live.creator is not None:
            state["creator"] = live.creator
        self.store.save_table(live.id, state, now, new)


def in_language(event: dict[str, Any], language: str, rules: Rules | None = None) -> dict[str, Any]:
    """An event as a seat's page shows it: the reason of a refusal, a thrown-in hand or an ended match, and a
    refusal's rule, in the page's language (the table keeps the English words and the sentence to translate); the
    game's terms in it as `rules` translates them."""
    if not isinstance(event.get("said"), dict):
        return event
    gettext = i18n.gettext(language)
    told = {**event, "reason": Said.from_json(event["said"]).in_language(gettext, _words(rules, language))}
    if event.get("type") == "refused":
        rule = str(event.get("rule") or "")
        told["rule"] = gettext(rule) if rule else ""
    return told


def refusal_words(error: TrickbookError, language: str, rules: Rules | None = None) -> str:
    """An error a page's person caused, in the page's language where it is a refusal worded for translation (the
    game's terms in it as `rules` translates them)."""
    if not isinstance(error, Refusal):
        return str(error)
    return error.said.in_language(i18n.gettext(language), _words(rules, language))


def _words(rules: Rules | None, language: str) -> Words:
    """The game's terms in a language, where a table's rules are known (else the words as the deck has them)."""
    return str if rules is None else functools.partial(rules.word, language)


def _sheet_row(hand: HandResult) -> dict[str, Any]:
    """One played hand on the score sheet: what it scored and the totals after it."""
    row: dict[str, Any] = {"hand": hand.number, "cancelled": hand.cancelled}
    row |= {"score": list(hand.score), "totals": list(hand.totals)}
    if hand.seat_score is not None and hand.seat_totals is not None:
        row |= {"seat_score": list(hand.seat_score), "seat_totals": list(hand.seat_totals)}
    return row


def _bid_words(rules: Rules, language: str) -> dict[str, str]:
    """Where bids are a level and a strain: each bid's code as people read it, its suit's symbol or the words
    "no trump" for the strain that is no suit (`1NT` is "1 no trump")."""
    calls = rules.bidding.calls
    if calls is None:
        return {}
    deck = rules.deck
    actions = rules.actions
    _ = i18n.gettext(language)
    no_trump = _("no trump")
    words = {}
    for value in range(1, len(actions.bid_codes)):
        strain = calls.strain(value)
        words[actions.bid_codes[value]] = f"{calls.level(value)}" + (
            deck.suits[strain].symbol if strain >= 0 else f" {no_trump}"
        )
    return words


def _passing(rules: Rules, view: SeatView, language: str) -> str | None:
    """While cards are being passed: how many this seat gives, and to whom."""
    if view.phase is not PhaseKind.PASSING or rules.passing is None:
        return None
    to = view.receivers[view.seat]
    if to == view.seat:
        return None
    _ = i18n.gettext(language)
    said = _("Choose {cards} cards to pass to {seat}")
    return said.format(cards=rules.passing.cards, seat=rules.word(language, rules.seating.seat_names[to]))

"""A table: the session layer an app needs around a match - seats, ready checks, rematches and a turn clock.

The caller owns time: every call that can expire a turn takes `now` (seconds,
any clock), so the table never sleeps or starts threads and is easy to test.
Every call returns what each seat should be told, as JSON-ready events
(`schemas/table-event.schema.json`); a seat never receives another seat's
cards. The whole table is saved as its match record plus table fields and can
be restored in another process, on the rules version it was created with.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..book.words import count_words
from ..engine.events import (
    ActionTaken,
    CardDrawn,
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
    Sight,
    SitsOut,
    TrickEventHappened,
    TrickWon,
    TrumpSet,
)
from ..engine.game import Game
from ..engine.view import SeatView
from ..errors import ActionError, IllegalAction, Location, RulesRuntimeError, UsageError, _, said
from ..limits import DEFAULT_HAND_CAP, MAX_HANDS
from ..players import Player, PlayerSpec, make_player, parse_player_specs
from ..record.replay import RulesetCache
from ..record.writer import match_record
from ..resources import looks_like_path
from ..ruleset.actions import DISCARD, GIVE, PASS_CARDS
from ..ruleset.loader import load_ruleset
from ..ruleset.rules import Rules
from ..tools.simulate import resume_match
from .saved import CLOSED as CLOSED
from .saved import FORMAT, SavedTable, check_agrees, check_reached, read_saved
from .saved import HUMAN as HUMAN
from .saved import PLAYING as PLAYING
from .saved import VOTING as VOTING
from .saved import WAITING_READY as WAITING_READY
from .saved import TableError as TableError

Delivery = dict[int, list[dict[str, Any]]]
"""New events for each seat, oldest first."""


class Table:
    """The ruleset's seats around one match, then rematches while everyone agrees."""

    def __init__(
        self,
        ruleset: str,
        *,
        seats: Sequence[str],
        options: dict[str, str] | None = None,
        version: int | None = None,
        seed: int = 1,
        turn_seconds: float | None = None,
        ready_seconds: float | None = None,
        vote_seconds: float | None = None,
        now: float = 0.0,
        hand_cap: int = DEFAULT_HAND_CAP,
        secret_seeds: bool = False,
    ) -> None:
        """`turn_seconds`: a person's time to act; `ready_seconds`: to confirm ready (then confirmed for them);
        `vote_seconds`: to vote on a rematch (then counted as a refusal). None: no clock. Match *i* is dealt
        from seed `seed + i - 1`, or with `secret_seeds` from a seed drawn from `secrets` for each match, so that
        a finished match's record (which holds its own seed) tells nothing of a rematch's cards."""
        if isinstance(hand_cap, bool) or not isinstance(hand_cap, int) or not 1 <= hand_cap <= MAX_HANDS:
            raise UsageError(f"a table's hand cap is 1 to {MAX_HANDS:,} hands, not {hand_cap!r}")
        self.reference = ruleset
        self.rules: Rules = load_ruleset(ruleset, options=options, version=version)
        if len(seats) != self.rules.seats:
            raise UsageError(f"{self.rules.id} is played by {count_words(self.rules.seats)} seats, not {len(seats)}")
        if HUMAN not in seats:
            raise UsageError(f"a table needs at least one {HUMAN!r} seat; to let bots play alone, use simulate")
        self.seats = list(seats)
        self.specs: list[PlayerSpec | None] = [None if s == HUMAN else parse_player_specs(s, 1)[0] for s in seats]
        self.stand_ins: dict[int, str] = {}
        self.turn_seconds = turn_seconds
        self.ready_seconds = ready_seconds
        self.vote_seconds = vote_seconds
        self.hand_cap = hand_cap
        self.seed = seed
        self.secret_seeds = secret_seeds
        self.match_number = 1
        self.finished: list[dict[str, Any]] = []
        self.phase = PLAYING
        self.ready: set[int] = set()
        self.votes: dict[int, bool] = {}
        self.deadline: float | None = None
        self.close_reason = ""
        self._outbox: Delivery = {s: [] for s in range(self.rules.seats)}
        self._held: list[Event] = []
        self._hidden_deals: dict[int, CardsDealt] = {}
        self._start_match(now)

    # ------------------------------------------------------------------ calls

    def submit(self, seat: int, action: str | int, now: float) -> Delivery:
        """A person's action (text such as `QH`, `bid 8`, or an action number); refused with the rule if illegal."""
        seat = self._person(seat, "submit")
        if isinstance(action, bool) or not isinstance(action, str | int):
            example = self.rules.deck.codes[-1]
            raise TableError(f"an action is text such as {example!r} or 'pass', or an action number, not {action!r}")
        self._check_open()
        self._run(lambda: self._expire(now))
        if self.phase != PLAYING:
            raise TableError(said("the table is {phase}, not playing", phase=self.phase))
        if self.game.actor != seat:
            raise TableError(
                said("it is seat {actor}'s turn, not seat {seat}'s", actor=f"{self.game.actor}", seat=seat)
            )
        try:
            chosen = self.rules.actions.parse(action, self.game.legal_actions()) if isinstance(action, str) else action
            self._run(lambda: self.game.apply(chosen))
        except IllegalAction as exc:
            self._refuse(seat, exc, exc.rule)
            return self.pending()
        except ActionError as exc:
            self._refuse(seat, exc, _("not an action"))
            return self.pending()
        if self.phase != CLOSED:
            self._run(lambda: self._advance(now))
        return self.pending()

    def _refuse(self, seat: int, refusal: ActionError, rule: str) -> None:
        """Tells a seat its action was refused: the reason in English, and as a sentence its page translates."""
        event = {"type": "refused", "seat": seat, "reason": str(refusal), "rule": rule, "said": refusal.said.as_json()}
        self._send(seat, event)

    def tick(self, now: float) -> Delivery:
        """Lets time pass: a late turn gets the ruleset's default move, a late ready is given, a late vote is no."""
        self._check_open()
        self._run(lambda: self._expire(now))
        return self.pending()

    def mark_ready(self, seat: int, now: float) -> Delivery:
        """A person confirms they are ready for the next deal; the deal is shown once every seat is."""
        seat = self._person(seat, "mark_ready")
        self._check_open()
        self._run(lambda: self._expire(now))
        if self.phase != WAITING_READY:
            raise TableError("nobody needs to confirm ready now")
        self.ready.add(seat)
        self._broadcast({"type": "ready", "seat": seat})
        self._run(lambda: self._after_ready(now))
        return self.pending()

    def vote(self, seat: int, rematch: bool, now: float) -> Delivery:
        """A person's rematch vote; one refusal closes the table, a yes from every seat starts a new match."""
        seat = self._person(seat, "vote")
        if not isinstance(rematch, bool):
            raise TableError(f"a rematch vote is true or false, not {rematch!r}")
        self._check_open()
        self._run(lambda: self._expire(now))
        self._check_open()
        if self.phase != VOTING:
            raise TableError("there is no rematch vote now")
        self.votes[seat] = rematch
        self._broadcast({"type": "vote", "seat": seat, "rematch": rematch})
        self._run(lambda: self._after_votes(now))
        return self.pending()

    def stand_in(self, seat: int, player: str, now: float) -> Delivery:
        """A bot (`player`, such as `heuristic`) plays a person's seat while they are away, so one absent person
        does not stop the match; `give_back` returns the seat to them."""
        seat = self._person(seat, "stand_in")
        self._check_open()
        spec = parse_player_specs(player, 1)[0]
        self._run(lambda: self._expire(now))
        self._check_open()
        self.stand_ins[seat] = str(spec)
        self.specs[seat] = spec
        self.players[seat] = make_player(spec, self.game.seed, seat)
        self._broadcast({"type": "stand_in", "seat": seat, "player": str(spec)})
        if self.phase == WAITING_READY:
            self.ready.add(seat)
            self._run(lambda: self._after_ready(now))
        elif self.phase == VOTING:
            self.votes[seat] = True
            self._run(lambda: self._after_votes(now))
        elif self.game.actor == seat:
            self._run(lambda: self._advance(now))
        return self.pending()

    def give_back(self, seat: int, now: float) -> Delivery:
        """The person whose seat a bot played takes it back, from the next move on."""
        seat = self._seat(seat, "give_back")
        if seat not in self.stand_ins:
            raise TableError(f"give_back: seat {seat} is not played by a stand-in bot")
        self._check_open()
        self._run(lambda: self._expire(now))
        del self.stand_ins[seat]
        self.specs[seat] = None
        self.players[seat] = None
        self._broadcast({"type": "seat_returned", "seat": seat})
        return self.pending()

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see now, as JSON: its own cards (once it has looked, and not while the next deal waits
        for the ready check), everything public, nothing else."""
        return self.views(seat)[0]

    def views(self, seat: int) -> tuple[dict[str, Any], SeatView]:
        """`view(seat)` and the engine's view of the seat it is made from, built once for callers that need
        both (a page also sorts the hand and labels the choices)."""
        seat = self._seat(seat, "view")
        view = self.game.view(seat)
        return self._shown(seat, view), view

    def _shown(self, seat: int, view: SeatView) -> dict[str, Any]:
        deck = self.rules.deck
        actions = self.rules.actions
        shown = {
            "seat": seat,
            "table": self.phase,
            "phase": view.phase,
            "turn": view.turn,
            "actor": self.game.actor if self.phase == PLAYING else None,
            "deadline": self.deadline if view.turn is not None and self.specs[self.game.actor or 0] is None else None,
            "hand": [deck.codes[c] for c in view.hand] if self.phase != WAITING_READY else [],
            "legal": [actions.text(a) for a in view.legal] if self.phase == PLAYING else [],
            "dealer": view.dealer,
            "hand_number": view.hand_number,
            "hand_size": view.hand_size,
            "exposed": [deck.codes[c] for c in view.exposed],
            "shown": [deck.codes[c] for c in view.still_shown()],
            "trump": deck.suits[view.trump].code if view.trump >= 0 else None,
            "game": self.rules.trump.games[view.game].name if view.game >= 0 else None,
            "declarer": view.declarer if view.declarer >= 0 else None,
            "contract": list(view.contract),
            "estimating": view.estimating,
            "trick": [deck.codes[c] for c in view.trick],
            "dummy": view.dummy if view.dummy >= 0 else None,
            "dummy_hand": [deck.codes[c] for c in view.dummy_hand],
            "open_seat": view.open_seat if view.open_seat >= 0 else None,
            "open_hand": [deck.codes[c] for c in view.open_hand],
            "leader": view.leader if view.trick else None,
            "tricks_won": list(view.tricks_won),
            "totals": list(view.totals),
            "seat_totals": list(view.seat_totals) if view.seat_totals is not None else None,
            "match": self.match_number,
        }
        if self.rules.counters:  # numbers kept across hands, such as each side's overtricks
            shown["counters"] = [
                {"name": counter.name, "per": counter.per, "values": list(values)}
                for counter, values in zip(self.rules.counters, view.counters, strict=True)
            ]
        own = view.own_melds()
        if own:  # this seat's own melds from the hand dealt, by trump (the seat's cards, so for it alone)
            shown["own_melds"] = [[deck.suits[t].code if t >= 0 else None, points] for t, points in own]
        if self.rules.play.draw is not None:  # the stock players draw from, as this seat sees it
            shown["stock_up"] = deck.codes[view.stock_up] if view.stock_up is not None else None
            shown["stock_left"] = view.stock_left
        return shown

    # ------------------------------------------------------------- saving

    def save(self) -> dict[str, Any]:
        """The table as JSON: the current match's record, the finished matches and the table's own fields."""
        return {
            "format": FORMAT,
            "reference": self.reference,
            "seats": self.seats,
            "seed": self.seed,
            "secret_seeds": self.secret_seeds,
            "turn_seconds": self.turn_seconds,
            "ready_seconds": self.ready_seconds,
            "vote_seconds": self.vote_seconds,
            "stand_ins": {str(seat): spec for seat, spec in sorted(self.stand_ins.items())},
            "hand_cap": self.hand_cap,
            "match_number": self.match_number,
            "phase": self.phase,
            "ready": sorted(self.ready),
            "votes": {str(s): v for s, v in sorted(self.votes.items())},
            "deadline": self.deadline,
            "close_reason": self.close_reason,
            "record": match_record(self.game, players=self.seats),
            "finished": self.finished,
        }

    @classmethod
    def restore(cls, saved: dict[str, Any], now: float) -> Table:
        """A saved table, continuing exactly: same rules version and options, bots where they were.

        A save is checked as strictly as a record: each field's type and range, then that the table's state is
        one it could have reached with its match; anything else is refused with `TableError` naming the field
        (or `RecordError` for the match itself).
        """
        fields = read_saved(saved)
        check_agrees(fields)
        try:
            return cls._restore(fields, now)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise TableError(f"the saved table's record is damaged: {type(exc).__name__} {exc}") from None
        except RulesRuntimeError as exc:
            raise TableError(f"the saved table's match cannot be played again: {exc}") from None

    @classmethod
    def _restore(cls, saved: SavedTable, now: float) -> Table:
        record = saved.record
        identity = record["ruleset"]
        table = cls.__new__(cls)
        table.reference = saved.reference
        if not looks_like_path(table.reference) and table.reference != identity["id"]:
            raise TableError(
                f"the saved table names {table.reference!r}, but its match was played under {identity['id']!r}"
            )
        table.rules = load_ruleset(table.reference, options=identity["options"], version=identity["version"])
        if table.rules.id != identity["id"]:
            raise TableError(
                f"the saved table names {table.reference!r}, but its match was played under {identity['id']!r}"
            )
        table.seats = list(saved.seats)
        if len(table.seats) != table.rules.seats:
            raise TableError(f"the saved table's seats do not fit {table.rules.id}: {table.seats!r}")
        table.specs = list(saved.specs)
        table.stand_ins = {}
        table.turn_seconds = saved.turn_seconds
        table.ready_seconds = saved.ready_seconds
        table.vote_seconds = saved.vote_seconds
        table.hand_cap = saved.hand_cap
        table.seed = saved.seed
        table.secret_seeds = saved.secret_seeds
        table.match_number = saved.match_number
        table.finished = list(saved.finished)
        table.phase = saved.phase
        table.ready = set(saved.ready)
        table.votes = dict(saved.votes)
        table.deadline = saved.deadline
        table.close_reason = saved.close_reason
        table._outbox = {s: [] for s in range(table.rules.seats)}
        table._held = []
        table._hidden_deals = {}
        paths = {table.rules.id: Path(table.reference)} if looks_like_path(table.reference) else {}
        game, players = resume_match(record, table.specs, Location("saved table", 1, 1), RulesetCache(paths))
        check_reached(saved, game)
        table.game = game
        table.players = players
        for seat, spec in saved.stand_ins:  # a stand-in plays on from here; its past moves replay as made
            table.stand_ins[seat], table.specs[seat] = str(spec), spec
            table.players[seat] = make_player(spec, game.seed, seat)
        game.observer = table._held.append
        if table.phase == WAITING_READY:
            table._held.extend(_hand_start(game))
        elif not game.is_over():
            # Seats that have not looked at their cards yet (a blind round) are told them when they look.
            for seat, cards in enumerate(game.current_deal):
                if not game.has_looked(seat):
                    table._hidden_deals[seat] = CardsDealt(seat, cards)
        if table.phase == PLAYING and (game.is_over() or table.specs[game.actor or 0] is not None):
            table._run(lambda: table._advance(now))  # saved where a bot was to move, or as the match ended
        return table

    # ------------------------------------------------------------- internals

    def _start_match(self, now: float) -> None:
        seed = secrets.randbelow(2**31) if self.secret_seeds else self.seed + self.match_number - 1
        self.game = Game(self.rules, seed, hand_cap=self.hand_cap, observer=self._held.append)
        self.players: list[Player | None] = [
            None if spec is None else make_player(spec, seed, seat) for seat, spec in enumerate(self.specs)
        ]
        self._broadcast({"type": "match_started", "match": self.match_number, "ruleset": self.rules.identity()})
        self._advance(now)

    def _pump(self) -> bool:
        """Delivers held game events; stops after a scored hand (True) so the next deal waits for the ready check."""
        while self._held:
            event = self._held.pop(0)
            self._deliver(event)
            if isinstance(event, HandScored) and self._held and not self.game.is_over():
                return True
        return False

    def _deliver(self, event: Event) -> None:
        if isinstance(event, CardsDealt) and not self._has_looked(event.seat):
            self._hidden_deals[event.seat] = event
            return
        self._tell(event, event_json(self.rules, event), "action")

    def _tell(self, event: Event, whole: dict[str, Any], kind: str) -> None:
        """Sends each seat what `event.seen_by` lets it see: `whole`, or for another seat's hidden card a message
        of type `kind` saying what sort of move it was but not the card."""
        for seat in range(self.rules.seats):
            sight = event.seen_by(seat)
            if sight is Sight.WHOLE:
                self._send(seat, whole)
            elif sight is Sight.HIDDEN and isinstance(event, ActionTaken):
                self._send(seat, {"type": kind, "seat": event.seat, "action": self._hidden_kind(event), "hidden": True})
            elif sight is Sight.HIDDEN and isinstance(event, CardDrawn):
                self._send(seat, {"type": "card_drawn", "seat": event.seat, "card": None, "face_up": False})

    def _hidden_kind(self, event: ActionTaken) -> str:
        """What the other seats are told a hidden card was: a card set aside to pass, or one laid away."""
        return PASS_CARDS if self.rules.actions.kinds[event.action] == GIVE else DISCARD

    def _has_looked(self, seat: int) -> bool:
        """False while a blind round keeps a seat's own cards from it."""
        return self.game.has_looked(seat)

    def _advance(self, now: float) -> None:
        """Delivers what happened, lets bots move, and starts the clock of the next person to act."""
        while True:
            for waiting, dealt in list(self._hidden_deals.items()):
                if self._has_looked(waiting):
                    del self._hidden_deals[waiting]
                    self._send(waiting, event_json(self.rules, dealt))
            if self._pump():
                self._enter_ready(now)
                return
            if self.game.is_over():
                self._enter_vote(now)
                return
            seat = self.game.actor
            assert seat is not None
            player = self.players[seat]
            if player is None:
                break
            self.game.apply(player.choose(self.game.view(seat)))
        self.deadline = now + self.turn_seconds if self.turn_seconds is not None else None
        legal = [self.rules.actions.text(a) for a in self.game.legal_actions()]
        self._broadcast({"type": "turn", "seat": seat, "deadline": self.deadline})
        self._send(seat, {"type": "your_turn", "seat": seat, "legal": legal, "deadline": self.deadline})

    def _expire(self, now: float) -> None:
        """Runs every clock that has run out by `now`, each at its own deadline, in order."""
        while self.deadline is not None and now >= self.deadline:
            deadline = self.deadline
            if self.phase == PLAYING:
                seat = self.game.actor
                assert seat is not None
                action = self.game.default_action()
                told = len(self._held)
                self.game.apply(action, auto=True)
                taken = self._held[told]  # the engine reports the move before anything it leads to
                whole = {"type": "timed_out", "seat": seat, "action": self.rules.actions.text(action)}
                self._tell(taken, whole, "timed_out")
                self._advance(deadline)
            elif self.phase == WAITING_READY:
                for seat in range(self.rules.seats):
                    if seat not in self.ready:
                        self.ready.add(seat)
                        self._broadcast({"type": "ready", "seat": seat, "auto": True})
                self._after_ready(deadline)
            else:
                for seat in range(self.rules.seats):
                    if seat not in self.votes:
                        self.votes[seat] = False
                        self._broadcast({"type": "vote", "seat": seat, "rematch": False, "auto": True})
                self._after_votes(deadline)

    def _enter_ready(self, now: float) -> None:
        self.phase = WAITING_READY
        self.deadline = now + self.ready_seconds if self.ready_seconds is not None else None
        self.ready = {s for s in range(self.rules.seats) if self.specs[s] is not None}
        waiting = [s for s in range(self.rules.seats) if s not in self.ready]
        self._broadcast({"type": "ready_wanted", "waiting_for": waiting, "deadline": self.deadline})

    def _after_ready(self, now: float) -> None:
        if len(self.ready) < self.rules.seats:
            return
        self.phase = PLAYING
        self.ready = set()
        self._advance(now)

    def _enter_vote(self, now: float) -> None:
        self.phase = VOTING
        self.deadline = now + self.vote_seconds if self.vote_seconds is not None else None
        self.finished.append(match_record(self.game, players=self.seats))
        self.votes = {s: True for s in range(self.rules.seats) if self.specs[s] is not None}
        winner = self.game.winner
        self._broadcast(
            {
                "type": "vote_wanted",
                "winner": list(winner) if winner is not None else None,
                "waiting_for": [s for s in range(self.rules.seats) if s not in self.votes],
                "deadline": self.deadline,
            }
        )
        self._after_votes(now)

    def _after_votes(self, now: float) -> None:
        if any(vote is False for vote in self.votes.values()):
            self._close("a player declined the rematch")
            return
        if len(self.votes) < self.rules.seats:
            return
        self.match_number += 1
        self.phase = PLAYING
        self.votes = {}
        self._start_match(now)

    def _check_open(self) -> None:
        if self.phase == CLOSED:
            raise TableError(said("the table is closed: {reason}", reason=self.close_reason))

    def _seat(self, seat: object, call: str) -> int:
        """`seat` as a seat number of this table; `TableError` naming the call otherwise."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.rules.seats:
            raise TableError(f"{call}: seats are numbered 0 to {self.rules.seats - 1}, not {seat!r}")
        return seat

    def _person(self, seat: object, call: str) -> int:
        """`seat` as a seat a person plays: bots do not act, confirm or vote through the table's calls."""
        number = self._seat(seat, call)
        if number in self.stand_ins:
            raise TableError(
                f"{call}: a bot ({self.stand_ins[number]}) plays seat {number} while its person is away; "
                "the table's creator gives the seat back"
            )
        if self.specs[number] is not None:
            raise TableError(f"{call}: seat {number} is played by a bot ({self.seats[number]}), not by a person")
        return number

    def _run(self, step: Callable[[], object]) -> None:
        """Runs one step of the match; rules that fail while it runs (a division by zero in a ruleset's
        expression) close the table in a defined way, told to every seat, instead of leaving it stuck."""
        try:
            step()
        except RulesRuntimeError as exc:
            self._close(f"the rules failed: {exc}")

    def _close(self, reason: str) -> None:
        self.phase = CLOSED
        self.deadline = None
        self.close_reason = reason
        self._broadcast({"type": "table_closed", "reason": reason})

    def _send(self, seat: int, message: dict[str, Any]) -> None:
        self._outbox[seat].append(message)

    def _broadcast(self, message: dict[str, Any]) -> None:
        for seat in range(self.rules.seats):
            self._outbox[seat].append(message)

    def pending(self) -> Delivery:
        """The events not yet handed out (after creating or restoring a table, the opening ones)."""
        out, self._outbox = self._outbox, {s: [] for s in range(self.rules.seats)}
        return out


def _hand_start(game: Game) -> list[Event]:
    """The events that started the current hand, for a table restored while the deal waits for the ready check."""
    events: list[Event] = [HandStarted(game.hand_number, game.dealer)]
    events += [CardsDealt(seat, cards) for seat, cards in enumerate(game.current_deal)]
    exposure = game.rules.deal.exposure
    if exposure is not None and game.exposed:
        holder = -1 if exposure.seat_offset is None else game.rules.seating.after(game.dealer, exposure.seat_offset)
        events.append(CardExposed(holder, game.exposed[0]))
    if game.trump >= 0:
        events.append(TrumpSet(game.trump, None))
    return events


def event_json(rules: Rules, event: Event) -> dict[str, Any]:
    """A game event as JSON with card and suit codes; deals are meant for their own seat only."""
    deck = rules.deck
    actions = rules.actions
    match event:
        case HandStarted():
            return {"type": "hand_started", "hand": event.hand, "dealer": event.dealer}
        case CardsDealt():
            return {"type": "cards_dealt", "seat": event.seat, "cards": [deck.codes[c] for c in event.cards]}
        case CardExposed():
            holder = event.seat if event.seat >= 0 else None
            return {"type": "card_exposed", "seat": holder, "card": deck.codes[event.card]}
        case CardsPassed():
            cards = [deck.codes[c] for c in event.cards]
            return {"type": "cards_passed", "seat": event.seat, "to": event.to, "cards": cards}
        case CardsTaken():
            return {"type": "cards_taken", "seat": event.seat, "cards": [deck.codes[c] for c in event.cards]}
        case CardDrawn():
            return {"type": "card_drawn", "seat": event.seat, "card": deck.codes[event.card], "face_up": event.face_up}
        case SitsOut():
            return {"type": "sits_out", "seat": event.seat}
        case GameNamed():
            return {"type": "game_named", "name": event.name, "seat": event.seat if event.seat >= 0 else None}
        case ActionTaken():
            return {"type": "action", **actions.to_record(event.seat, event.action, event.auto)}
        case ContractSet():
            contract: dict[str, Any] = {"type": "contract", "declarer": event.declarer, "contract": event.contract}
            if event.bid:
                contract |= {"words": event.words, "bid": event.bid, "doubled": event.doubled}
            return contract
        case TrumpSet():
            return {"type": "trump", "suit": deck.suits[event.suit].code, "chosen_by": event.chosen_by}
        case TrickWon():
            cards = [deck.codes[c] for c in event.cards]
            return {
                "type": "trick",
                "number": event.number,
                "leader": event.leader,
                "cards": cards,
                "winner": event.winner,
            }
        case TrickEventHappened():
            return {"type": "trick_event", "name": event.name, "seat": event.seat, "trick": event.trick}
        case HandCancelled():
            return {"type": "hand_cancelled", "reason": str(event.reason), "said": event.reason.as_json()}
        case HandScored():
            lines = [{"rule": ln.rule, "for": ln.per, "target": ln.target, "points": ln.points} for ln in event.lines]
            return {
                "type": "hand_scored",
                "lines": lines,
                "score": list(event.sides),
                "totals": list(event.totals),
                "seat_score": list(event.seats) if event.seats is not None else None,
                "seat_totals": list(event.seat_totals) if event.seat_totals is not None else None,
            }
        case MatchEnded():
            winner = list(event.winner) if event.winner is not None else None
            return {
                "type": "match_ended",
                "winner": winner,
                "reason": str(event.reason),
                "said": event.reason.as_json(),
            }
    raise AssertionError(event)

"""Play one seat against bots at the terminal; the match is saved as a record that `replay` accepts.

Input comes line by line (a keyboard or a pipe): a number picks from the
listed choices, or an action is typed (`QH`, `Q♥`, `10h`, `bid 8`, `pass`,
`trump H`). An illegal choice is refused with the rule that forbids it; `quit`
or the end of the input saves the match so far and stops.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..engine.events import CardsPassed, Event, HandCancelled, HandScored, TrickWon, TrumpSet
from ..engine.game import Game
from ..engine.view import SeatView
from ..errors import ActionError, IllegalAction
from ..players import Player
from ..record.writer import match_record
from ..ruleset.actions import GIVE
from ..ruleset.rules import Rules

_COLOURS = {"red": "bold red", "black": "bold", "blue": "bold blue", "green": "bold green"}


class TerminalMatch:
    """A match between one person at the terminal and bots at the other seats."""

    def __init__(
        self,
        rules: Rules,
        seed: int,
        seat: int,
        bots: Sequence[Player | None],
        console: Console,
        entry: TextIO,
        save: Path,
        hand_cap: int,
        labels: Sequence[str],
        resumed: Game | None = None,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.bots = bots
        self.console = console
        self.entry = entry
        self.save_path = save
        self.labels = list(labels)
        self.pending: list[Event] = []
        if resumed is None:
            self.game = Game(rules, seed, hand_cap=hand_cap, observer=self.pending.append)
        else:
            self.game = resumed
            resumed.observer = self.pending.append
        names = rules.seating.seat_names
        self.names = [names[s] + (" (you)" if s == seat else "") for s in range(rules.seats)]

    def run(self) -> int:
        """Plays until the match ends or the input does; returns the exit status."""
        game = self.game
        self.console.print(
            f"[bold]{self.rules.title}[/bold]: you play {self.rules.seating.seat_names[self.seat]}. "
            "Type a number or an action; 'quit' saves and stops."
        )
        while not game.is_over():
            self.report()
            seat = game.turn
            assert seat is not None
            if seat == self.seat:
                if not self.human_turn():
                    self.save()
                    self.console.print(
                        f"Match saved in {self.save_path}; `trickbook replay {self.save_path}` checks it."
                    )
                    return 0
            else:
                bot = self.bots[seat]
                assert bot is not None
                action = bot.choose(game.view(seat))
                game.apply(action)
                if self.rules.actions.kinds[action] == GIVE:
                    if self._gives(seat) == self._pass_count():
                        self.console.print(f"{self.names[seat]} has set {self._pass_count()} cards aside to pass")
                else:
                    self.console.print(f"{self.names[seat]}: {self.rules.actions.label(action)}")
        self.report()
        ending = game.end_reason
        self.console.print(f"[bold]Match over[/bold]: {ending}.")
        self.save()
        self.console.print(f"Match saved in {self.save_path}.")
        return 0

    def human_turn(self) -> bool:
        """Asks until a legal action is given; False when the person quits or the input ends."""
        view = self.game.view(self.seat)
        self.show(view)
        actions = self.rules.actions
        while True:
            choices = "  ".join(f"[{i + 1}] {actions.label(a)}" for i, a in enumerate(view.legal))
            self.console.print(f"Your choices: {choices}")
            line = self.entry.readline()
            if not line:
                self.console.print("(end of input)")
                return False
            text = line.strip()
            if text.lower() in ("quit", "q", "exit"):
                return False
            if not text:
                continue
            try:
                action = (
                    view.legal[int(text) - 1]
                    if text.isdigit() and 0 < int(text) <= len(view.legal)
                    else actions.parse(text)
                )
                if view.phase == "passing" and actions.kinds[action] == "play":
                    action = actions.give(action)
                self.game.apply(action)
            except IllegalAction as exc:
                self.console.print(f"[red]Not allowed[/red]: {exc} (rule: {exc.rule})")
                continue
            except ActionError as exc:
                self.console.print(f"[red]Not understood[/red]: {exc}")
                continue
            self.console.print(f"{self.names[self.seat]}: {actions.label(action)}")
            return True

    def _pass_count(self) -> int:
        """How many cards each player passes."""
        passing = self.rules.passing
        return passing.cards if passing is not None else 0

    def _gives(self, seat: int) -> int:
        """How many cards `seat` has set aside to pass this hand, as the person's view shows it."""
        kinds = self.rules.actions.kinds
        return sum(m.seat == seat and kinds[m.action] == GIVE for m in self.game.view(self.seat).moves)

    def show(self, view: SeatView) -> None:
        """The person's hand sorted by suit, the state of the hand and the current trick."""
        deck = self.rules.deck
        hand = Text("Your hand: ")
        for suit_index, suit in enumerate(deck.suits):
            cards = [c for c in view.hand if deck.suit_of[c] == suit_index]
            if cards:
                hand.append(
                    " ".join(deck.label(c) for c in sorted(cards, reverse=True)), style=_COLOURS.get(suit.colour, "")
                )
                hand.append("   ")
        self.console.print(hand)
        facts = [f"dealer {self.names[view.dealer]}"]
        if view.phase == "passing" and view.receivers:
            chosen = self._gives(self.seat)
            to = self.rules.seating.seat_names[view.receivers[self.seat]]
            facts.append(f"pass {self._pass_count()} cards to {to}: card {chosen + 1} of {self._pass_count()}")
        if view.trump >= 0:
            suit = deck.suits[view.trump]
            facts.append(f"trump {suit.symbol} {suit.name}")
        if view.declarer >= 0:
            side = self.rules.seating.side_of[view.declarer]
            facts.append(
                f"contract {view.contract[side if side >= 0 else view.declarer]} by {self.names[view.declarer]}"
            )
        kinds = self.rules.actions.kinds
        bids = [
            f"{self.names[m.seat]} {self.rules.actions.label(m.action)}"
            for m in view.moves
            if kinds[m.action] in ("bid", "pass")
        ]
        if bids:
            facts.append("bidding: " + ", ".join(bids))
        if view.exposed:
            facts.append("shown: " + " ".join(deck.label(c) for c in view.exposed))
        names = self.rules.seating.seat_names
        facts.append("tricks " + ", ".join(f"{names[s]} {view.tricks_won[s]}" for s in range(self.rules.seats)))
        self.console.print(" | ".join(facts))
        if view.trick:
            leader = view.leader
            played = ", ".join(
                f"{names[self.rules.seating.after(leader, i)]} {deck.label(c)}" for i, c in enumerate(view.trick)
            )
            self.console.print(f"Trick so far (led by {names[leader]}): {played}")

    def report(self) -> None:
        """Prints what happened since the last report: trump set, tricks won, hands scored or thrown in."""
        deck = self.rules.deck
        for event in self.pending:
            match event:
                case CardsPassed() if self.seat in (event.seat, event.to):
                    cards = " ".join(deck.label(c) for c in event.cards)
                    if event.to == self.seat:
                        self.console.print(f"{self.names[event.seat]} passes you {cards}")
                    else:
                        self.console.print(f"You pass {cards} to {self.names[event.to]}")
                case TrumpSet():
                    self.console.print(f"Trump: {deck.suits[event.suit].symbol} {deck.suits[event.suit].name}")
                case TrickWon():
                    cards = " ".join(deck.label(c) for c in event.cards)
                    self.console.print(f"Trick {event.number} ({cards}) won by {self.names[event.winner]}")
                case HandCancelled():
                    self.console.print(f"Hand thrown in: {event.reason}")
                case HandScored():
                    self.score_table(event)
                    self.save()
        self.pending.clear()

    def score_table(self, event: HandScored) -> None:
        seating = self.rules.seating
        columns = seating.side_names if event.sides else seating.seat_names
        table = Table(title=f"After hand {self.game.hands_finished}")
        table.add_column("")
        for name in columns:
            table.add_column(name, justify="right")
        for line in event.lines:
            cells = [""] * len(columns)
            column = line.target if line.per == "side" or not event.sides else seating.side_of[line.target]
            cells[column] = f"{line.points:+d}"
            who = "" if line.per == "side" or not event.sides else f" ({seating.seat_names[line.target]})"
            table.add_row(line.rule + who, *cells)
        if event.sides:
            table.add_row("hand", *(f"{p:+d}" for p in event.sides))
            table.add_row("total", *(str(t) for t in event.totals))
        else:
            table.add_row("hand", *(f"{p:+d}" for p in event.seats or ()))
            table.add_row("total", *(str(t) for t in event.seat_totals or ()))
        self.console.print(table)

    def save(self) -> None:
        record = match_record(self.game, players=self.labels)
        self.save_path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")

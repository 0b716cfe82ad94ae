"""Play one seat against bots at the terminal; the match is saved as a record that `replay` accepts.

Input comes line by line (a keyboard or a pipe). An action is typed as people
say it: a card by its code or symbol, a bid as its number or name, a trump
suit by name, code or symbol (`help` lists the ruleset's own forms); when
playing or passing cards, a number picks from the numbered choices (in the
bidding a number is always a bid). Commands: `help`,
`score`, `last` (the last trick), `undo` (your last move, and the bots' after
it) and `quit`, which saves the match so far; so does the end of the input.
An illegal choice is refused with the rule that forbids it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .. import i18n
from ..book.story import Story, action_words
from ..engine.events import (
    CardDrawn,
    Event,
    HandScored,
    HandStarted,
    MatchEnded,
    TrickWon,
)
from ..engine.game import Game
from ..engine.kinds import PhaseKind
from ..engine.view import SeatView
from ..errors import ActionError, IllegalAction, InvalidAction
from ..players import Player, PlayerSpec, make_player
from ..record.writer import dumps, match_record
from ..ruleset.actions import ALONE, DISCARD, GAME, GIVE, PLAY, TRUMP, ActionKind, ActionSpace
from ..ruleset.rules import BiddingKind, Rules, TrumpMode
from .progress import progress

_LISTED = 16
"""The most typed choices listed in full."""

_COLOURS = {"red": "bold red", "black": "bold", "blue": "bold blue", "green": "bold green"}


def help_text(rules: Rules, language: str = i18n.LANGUAGES[0]) -> str:
    """How to type each kind of action in this ruleset, with its own cards, bids and suits as examples; the forms
    are typed as in English whatever the language of the explanation."""
    _ = i18n.gettext(language)
    deck = rules.deck
    last = deck.extra_base - 1
    example = f"{deck.codes[last]}, {deck.label(last)}"
    card = (
        _("  a card        {example} (when passing: the card to give)")
        if rules.passing is not None
        else _("  a card        {example}")
    )
    lines = [_("Type what you do as people say it:"), card.format(example=example)]
    if rules.bidding.kind is not BiddingKind.NONE:
        bids = ", ".join([f"{rules.actions.min_bid}", *rules.actions.named_bids, "pass"])
        lines.append(_("  a bid         {bids} (in the bidding a number is always a bid)").format(bids=bids))
    if rules.trump.mode is TrumpMode.CHOSEN and rules.trump.suits:
        suit = deck.suits[rules.trump.suits[0]]  # one the declarer may name
        lines.append(_("  a trump suit  {suits}").format(suits=f"{suit.name}, {suit.code}, {suit.symbol}"))
    if rules.trump.games:
        lines.append(_("  a game        {games}").format(games=", ".join(g.name for g in rules.trump.games)))
    lines += [
        _("  a number      picks from the numbered choices when cards are played or passed"),
        _("Commands: help, score (the totals and this hand), last (the last trick),"),
        _("undo (take back your last move and the bots' moves after it), quit (save and stop)."),
    ]
    return "\n".join(lines)


def _read_bid(actions: ActionSpace, text: str, legal: Collection[int]) -> int:
    """In the bidding, a lone code such as `2H` is the bid of that name, not the card."""
    if actions.bid_codes and len(text.split()) == 1:
        try:
            return actions.parse(f"bid {text}")
        except InvalidAction:
            pass
    return actions.parse(text, legal)


def _read_trump(actions: ActionSpace, text: str, legal: Collection[int]) -> int:
    """While trump is chosen, a suit by name, code or symbol names it; `pass` and a game's name are themselves."""
    if "_".join(text.lower().split()) not in ("pass", "p", *actions.games):  # `no trump` is the game `no_trump`
        return actions.parse(text if text.lower().startswith("trump ") else f"trump {text}")
    return actions.parse(text, legal)


def _read_give(actions: ActionSpace, text: str, legal: Collection[int]) -> int:
    """While passing, a card typed is the card to give."""
    action = actions.parse(text, legal)
    return actions.give(action) if actions.kinds[action] == PLAY else action


def _read_discard(actions: ActionSpace, text: str, legal: Collection[int]) -> int:
    """In an exchange, a card typed is the card to lay away."""
    action = actions.parse(text, legal)
    return actions.discard(action) if actions.kinds[action] == PLAY else action


def _read(actions: ActionSpace, text: str, legal: Collection[int]) -> int:
    """An action as its own words say it: a card to play, `alone`, an announcement, `double`, `pass`."""
    return actions.parse(text, legal)


def _read_show(actions: ActionSpace, text: str, legal: Collection[int]) -> int:
    """A card to show, typed alone (`KH`) or as `show KH`; or `pass`."""
    words = text.split()
    if len(words) == 1 and words[0].lower() not in ("pass", "p"):
        return actions.show(actions.deck.parse_card(words[0]))
    return actions.parse(text, legal)


PARSERS: dict[PhaseKind, Callable[[ActionSpace, str, Collection[int]], int]] = {
    PhaseKind.PASSING: _read_give,
    PhaseKind.BIDDING: _read_bid,
    PhaseKind.TRUMP: _read_trump,
    PhaseKind.PLAY: _read,
    PhaseKind.EXCHANGE: _read_discard,
    PhaseKind.ALONE: _read,
    PhaseKind.ANNOUNCE: _read,
    PhaseKind.DOUBLING: _read,
    PhaseKind.SHOWING: _read_show,
}
"""How a typed action is read in each phase in which the person decides."""


class TerminalMatch:
    """A match between one person at the terminal and bots at the other seats."""

    def __init__(
        self,
        game: Game,
        seat: int,
        specs: Sequence[PlayerSpec | None],
        bots: Sequence[Player | None],
        console: Console,
        entry: TextIO,
        save: Path,
        *,
        autoplay: bool = False,
        resume_hint: str = "",
        language: str = i18n.LANGUAGES[0],
    ) -> None:
        """`specs` and `bots`: per seat, the bot's spec and player (None at the person's seat); `autoplay`:
        a move that is the only legal one is made for the person; `language`: of the words the table says (the
        rules' own terms as the ruleset translates them; actions and commands are typed as in English)."""
        self._ = i18n.gettext(language)
        self.language = language
        self.game = game
        self.rules: Rules = game.rules
        self.seat = seat
        self.specs = list(specs)
        self.bots = list(bots)
        self.console = console
        self.entry = entry
        self.save_path = save
        self.autoplay = autoplay
        self.resume_hint = resume_hint
        self.labels = ["human" if spec is None else str(spec) for spec in specs]
        self.pending: list[Event] = []
        self.story = Story(self.rules, seat, language).join(game)
        self.last_trick = ""
        game.observer = self.pending.append
        self.seat_names = self.story.seat_names
        self.names = self.story.names

    # ----------------------------------------------------------------- the loop

    def run(self) -> bool:
        """Plays until the match ends or the input does; True when the person asks for another match."""
        title = escape(self.rules.translation(self.language).title)
        said = self._("{title}: you play {seat}. Type an action, or 'help'.")
        self.console.print(said.format(title=f"[bold]{title}[/bold]", seat=escape(self.seat_names[self.seat])))
        game = self.game
        if game.moves_made or game.hands_finished:
            said = self._("Resumed at hand {hand}, move {move}.")
            self.console.print(said.format(hand=game.hand_number, move=game.moves_made + 1))
            self.show_score()
        if not game.is_over():
            self.console.rule(Text(self.story.hand_words(game.hand_number, game.dealer)))
            if game.trump >= 0:
                chosen = self.rules.trump.mode is TrumpMode.CHOSEN
                self._say(self.story.trump_words(game.trump, game.declarer if chosen else None))
        while not game.is_over():
            self.report()
            seat = game.actor
            assert seat is not None
            try:
                if seat == self.seat:
                    if not self.human_turn():
                        self.stop("")
                        return False
                    game = self.game
                    continue
                bot = self.bots[seat]
                assert bot is not None
                action = bot.choose(game.view(seat))
                played_for = game.turn  # the dummy's seat when the declarer plays the dummy's card
                phase = game.phase
                game.apply(action)
                self.announce(seat if played_for is None else played_for, action, phase)
            except KeyboardInterrupt:
                self.stop("(interrupted) ")
                return False
        self.report()
        self.save()
        self._say(self._("Match saved in {file}.").format(file=self.save_path))
        return self._again()

    def _again(self) -> bool:
        """Asks whether to play another match until the answer is yes or no, in English or the player's language
        (no at the end of the input, or to quit): a stray move typed after the last card is not taken for an
        answer, and `score` and `last` still show the match's end."""
        yes, no = {"y", "yes", self._("yes")}, {"n", "no", self._("no"), "quit", "q", "exit"}
        while True:
            self.console.print(self._("Play another match? (y/n)"))
            line = self.entry.readline()
            answer = line.strip().lower()
            if not line or answer in no:
                return False
            if answer in yes:
                return True
            if answer == "score":
                self.show_score()
            elif answer == "last":
                self._say(self.last_trick or self._("No trick has been played yet in this hand."))
            else:
                self._say(self._("Answer y (yes) or n (no), not {answer}.").format(answer=answer))

    def stop(self, why: str) -> None:
        """Saves the match so far and says how to go on."""
        self.save()
        saved = self._("Match saved in {file}.").format(file=self.save_path)
        self._say(f"{why}{saved} {self.resume_hint}".rstrip())

    def announce(self, seat: int, action: int, phase: PhaseKind) -> None:
        """Says what a bot did in `phase`, without showing a card it passes."""
        actions = self.rules.actions
        if actions.kinds[action] == GIVE:
            if self._gives(seat) == self._pass_count():
                said = self._("{seat} has set {count} cards aside to pass")
                self._say(said.format(seat=self.names[seat], count=self._pass_count()))
            return
        if actions.kinds[action] == DISCARD:
            self._say(self._("{seat} lays a card away").format(seat=self.names[seat]))
            return
        if actions.kinds[action] == ALONE:
            self._say(self._("{seat} plays alone").format(seat=self.names[seat]))
            return
        if actions.kinds[action] in (TRUMP, GAME):
            return  # the trump or game named is told once, by its event, with who named it
        self._say(self._("{seat}: {action}").format(seat=self.names[seat], action=self._words(action, phase)))

    def human_turn(self) -> bool:
        """Asks until a legal action or a command that ends the turn; False when the person quits or input ends."""
        view = self.game.view(self.seat)
        self.show(view)
        if self.autoplay and len(view.legal) == 1:
            self.game.apply(view.legal[0])
            said = self._("{seat}: {action} (your only choice)")
            said = said.format(seat=self._mover(view), action=self._words(view.legal[0], view.phase))
            self._say(said)
            return True
        numbered = view.phase is not PhaseKind.BIDDING  # in the bidding a number is a bid
        while True:
            self._say(self._("Your choices: {choices}").format(choices=self._choices(view, numbered)))
            line = self.entry.readline()
            if not line:
                self.console.print(self._("(end of input)"))
                return False
            text = line.strip()
            command = text.lower()
            if command in ("quit", "q", "exit"):
                return False
            if not text:
                continue
            if command in ("help", "h", "?"):
                self._say(help_text(self.rules, self.language))
                continue
            if command == "score":
                self.show_score()
                continue
            if command == "last":
                self._say(self.last_trick or self._("No trick has been played yet in this hand."))
                continue
            if command == "undo":
                if self.undo():
                    return True
                continue
            try:
                action = self._parse(view, text, numbered)
                self.game.apply(action)
            except IllegalAction as exc:
                said = self._("Not allowed: {reason} (rule: {rule})")
                reason, rule = exc.said.in_language(self._, self._word), self._(exc.rule)
                self.console.print(said.format(reason=escape(reason), rule=escape(rule)), style="red")
                continue
            except ActionError as exc:
                said = self._("Not understood: {reason} (type 'help' for the forms)")
                self.console.print(said.format(reason=escape(exc.said.in_language(self._, self._word))), style="red")
                continue
            said = self._("{seat}: {action}").format(seat=self._mover(view), action=self._words(action, view.phase))
            self._say(said)
            return True

    def _say(self, text: str) -> None:
        """A line of plain text: what the ruleset, its translation or the person wrote is never read as markup."""
        self.console.print(text, markup=False)

    def _word(self, english: str) -> str:
        """One of the game's terms (a suit's name in a refusal) as the ruleset says it in the player's language."""
        return self.rules.word(self.language, english)

    def _words(self, action: int, phase: PhaseKind) -> str:
        """An action just made, as told: a pass says what it declines; in duels the same bid again holds it."""
        actions = self.rules.actions
        if self.rules.bidding.duels and actions.kinds[action] == ActionKind.BID:
            bids = [m.action for m in self.game.current_moves if actions.kinds[m.action] == ActionKind.BID]
            if len(bids) > 1 and actions.bid_values[bids[-2]] == actions.bid_values[action]:
                return self._("holds {bid}").format(bid=actions.bid_values[action])
        return action_words(self.rules, self.language, actions.label_in(action, phase))

    def _label(self, action: int, phase: PhaseKind, numbered: bool) -> str:
        """An action as the choices list it: a named game by its name in the person's language. In another
        language than English a numbered choice is said in that language (its number picks it), and a typed one
        keeps what is typed with the words after it."""
        actions = self.rules.actions
        label = actions.label(action)
        if actions.kinds[action] == GAME:
            return self.rules.word(self.language, label)
        if self.language == i18n.LANGUAGES[0]:
            return label
        words = action_words(self.rules, self.language, actions.label_in(action, phase))
        if numbered or words == label:
            return words
        return f"{label} ({words})"

    def _mover(self, view: SeatView) -> str:
        """Whose move the person makes: their own, or the dummy's when they declare."""
        if view.turn in (None, self.seat):
            return self.names[self.seat]
        return self._("{seat} (dummy)").format(seat=self.names[view.turn])

    def _listed(self, view: SeatView) -> tuple[int, ...]:
        """The legal actions in the order they are listed and numbered: other actions first, as they come, then
        those about a card (to play, give or lay away) in the order the hand is shown."""
        actions = self.rules.actions
        pack = [card for group in view.in_suits(range(self.rules.deck.size)) for card in group]
        shown = {card: position for position, card in enumerate(pack)}

        def place(action: int) -> int:
            return shown[actions.card_of(action)] if actions.kinds[action] in (PLAY, GIVE, DISCARD) else -1

        return tuple(sorted(view.legal, key=place))

    def _choices(self, view: SeatView, numbered: bool) -> str:
        """The legal actions, listed; a long list of typed choices (an auction of many values) is shortened to
        its first and last few, as any of them may still be typed."""
        labels = [self._label(a, view.phase, numbered) for a in self._listed(view)]
        if not numbered:
            shown = labels if len(labels) <= _LISTED else [*labels[: _LISTED - 3], "...", *labels[-2:]]
            return ", ".join(shown)
        return "  ".join(f"[{i + 1}] {label}" for i, label in enumerate(labels))

    def _parse(self, view: SeatView, text: str, numbered: bool) -> int:
        """The action typed: a number picks a listed choice when cards are chosen; anything else is read as an
        action in this phase (`PARSERS`)."""
        if numbered and text.isascii() and text.isdigit() and len(text) < 4 and 0 < int(text) <= len(view.legal):
            return self._listed(view)[int(text) - 1]
        return PARSERS[view.phase](self.rules.actions, text, view.legal)

    # -------------------------------------------------------------- what is shown

    def show(self, view: SeatView) -> None:
        """The person's hand sorted by suit, the state of the hand and the current trick."""
        deck = self.rules.deck
        hand = Text(self._("Your hand: "))
        for group in view.in_suits(view.hand):  # as this hand's trump counts suits: a jack of trump among trumps
            for card in group:
                colour = deck.colour(card)
                hand.append(deck.label(card), style=_COLOURS.get(colour, ""))
                hand.append(" ")
            hand.append("  ")
        self.console.print(hand)
        if view.open_hand and view.open_seat != self.seat:
            shown = "  ".join(" ".join(map(deck.label, group)) for group in view.in_suits(view.open_hand))
            said = self._("Open hand ({seat}): {cards}").format(seat=self.names[view.open_seat], cards=shown)
            self._say(said)
        if view.stock_left:
            if view.stock_up is None:
                said = self._("Stock: {count} cards").format(count=view.stock_left)
            else:
                said = self._("Stock: {count} cards, {card} face up on top")
                said = said.format(count=view.stock_left, card=deck.label(view.stock_up))
            self._say(said)
        if view.dummy_hand:
            shown = "  ".join(" ".join(map(deck.label, group)) for group in view.in_suits(view.dummy_hand))
            if view.turn == view.dummy and view.legal:
                said = self._("Dummy ({seat}): {cards} - you play it now")
            else:
                said = self._("Dummy ({seat}): {cards}")
            self._say(said.format(seat=self.names[view.dummy], cards=shown))
        facts = []
        if view.phase is PhaseKind.PASSING and view.receivers:
            chosen = self._gives(self.seat)
            to = self.seat_names[view.receivers[self.seat]]
            said = self._("pass {count} cards to {seat}: card {card} of {count}")
            facts.append(said.format(count=self._pass_count(), seat=to, card=chosen + 1))
        if view.game >= 0:
            game = self.rules.word(self.language, self.rules.trump.games[view.game].name)
            facts.append(self._("game {game}").format(game=game))
        elif view.trump >= 0:
            suit = deck.suits[view.trump]
            facts.append(f"{self._('trump')} {suit.symbol} {self.rules.word(self.language, suit.name)}")
        kinds = self.rules.actions.kinds
        bids = [
            f"{self.names[m.seat]} {action_words(self.rules, self.language, self.rules.actions.label(m.action))}"
            for m in view.moves
            if kinds[m.action] in (ActionKind.BID, ActionKind.PASS, ActionKind.DOUBLE, ActionKind.REDOUBLE)
        ]
        if bids and view.phase is PhaseKind.BIDDING:
            facts.append(self._("bidding: {bids}").format(bids=self._(", ").join(bids)))
        if view.estimating and view.declarer >= 0:
            caller = self.names[view.declarer]
            facts.append(
                self._("estimates: every player but {seat} says the tricks they will take").format(seat=caller)
            )
        elif view.estimating:  # a hand without its auction
            facts.append(
                self._("estimates: every player says the tricks they will take; the highest estimate declares")
            )
        if view.still_shown():
            facts.append(self._("shown: {cards}").format(cards=" ".join(map(deck.label, view.still_shown()))))
        own = view.own_melds()
        if len(own) == 1:
            facts.append(self._("your melds: {points}").format(points=own[0][1]))
        elif own:
            worth = " ".join(f"{deck.suits[trump].symbol} {points}" for trump, points in own)
            facts.append(self._("your melds, by trump: {worth}").format(worth=worth))
        actions = self.rules.actions
        if view.phase is PhaseKind.EXCHANGE and actions.take_action in view.legal:
            facts.append(self._("'take' the cards to lay as many away, or 'pass' to keep your hand as dealt"))
        if view.phase is PhaseKind.ANNOUNCE and len(view.legal) == 2:
            facts.append(self._("you may {action}, or 'pass'").format(action=actions.text(view.legal[1])))
        progress = self._progress(view)
        if progress:
            facts.append(progress)
        self._say(" | ".join(facts))
        if view.trick:
            names = self.seat_names
            played = self._(", ").join(
                f"{names[seat]} {deck.label(c)}" for seat, c in zip(view.trick_seats(), view.trick, strict=True)
            )
            said = self._("Trick so far (led by {seat}): {cards}")
            self._say(said.format(seat=names[view.leader], cards=played))

    def _progress(self, view: SeatView) -> str:
        """Tricks taken this hand, against the contracts where there are any: `North-South 5 of 9, East-West 3`;
        and the melds everyone may know, where the rules have them."""
        of = self._("{name} {taken} of {wanted}")
        parts = []
        melds = []
        for p in progress(view):
            name = self.rules.word(self.language, p.name)
            parts.append(
                of.format(name=name, taken=p.taken, wanted=p.wanted) if p.wanted is not None else f"{name} {p.taken}"
            )
            if p.melds is not None:
                melds.append(f"{name} {p.melds}")
        if not parts:
            return ""
        text = self._("tricks: {count}").format(count=self._(", ").join(parts))
        if melds:
            text += " | " + self._("melds: {melds}").format(melds=self._(", ").join(melds))
        return text

    def show_score(self) -> None:
        """The match totals (sides, and players where the rules score players) and the hand so far."""
        game = self.game
        seating = self.rules.seating
        parts = []
        if seating.sides:
            sides = [self.rules.word(self.language, n) for n in seating.side_names]
            parts.append(self._(", ").join(f"{n} {t}" for n, t in zip(sides, game.totals, strict=True)))
        if game.seat_totals is not None:  # kept where the rules score players
            players = self._(", ").join(f"{self.seat_names[s]} {t}" for s, t in enumerate(game.seat_totals))
            parts.append(self._("players: {players}").format(players=players) if seating.sides else players)
        for counter, values in zip(self.rules.counters, game.counters, strict=True):
            names = (
                [self.rules.word(self.language, n) for n in seating.side_names]
                if counter.per == "side"
                else self.seat_names
            )
            kept = self._(", ").join(f"{n} {v}" for n, v in zip(names, values, strict=True))
            parts.append(f"{self.rules.word(self.language, counter.name)}: {kept}")
        hands = game.hands_finished
        if hands == 0:
            said = self._("Totals before the first hand: ")
        elif hands == 1:
            said = self._("Totals after one hand: ")
        else:
            said = self._("Totals after {hands} hands: ").format(hands=hands)
        self._say(said + self._("; ").join(parts))
        progress = self._progress(game.view(self.seat))
        if progress and not game.is_over():
            said = self._("Hand {hand}, {progress}").format(hand=game.hand_number, progress=progress)
            self._say(said)

    def report(self) -> None:
        """Prints what happened since the last report, as the story tells it to the person's seat: a new hand as
        a rule across the screen, a score sheet as a table, the end of the match in bold."""
        draws: list[CardDrawn] = []
        for event in [*self.pending, None]:
            if isinstance(event, CardDrawn):
                draws.append(event)
                continue
            for line in self.story.tell_draws(draws):
                self._say(line)
            draws.clear()
            if event is None:
                break
            said = self.story.tell(event)
            match event:
                case HandStarted() if said is not None:
                    self.last_trick = ""
                    self.console.rule(Text(said))
                case TrickWon() if said is not None:
                    self.last_trick = said
                    self._say(said)
                case HandScored():
                    self.score_table(event)
                    self.save()
                case MatchEnded() if said is not None:
                    head, _, rest = said.partition(": ")
                    self.console.print(f"[bold]{escape(head)}[/bold]: {escape(rest)}")
                case _ if said is not None:
                    self._say(said)
        self.pending.clear()

    def score_table(self, event: HandScored) -> None:
        seating = self.rules.seating
        columns = [
            self.rules.word(self.language, name) for name in (seating.side_names if event.sides else seating.seat_names)
        ]
        table = Table(title=self._("After hand {hand}").format(hand=self.game.hands_finished))
        table.add_column("")
        for name in columns:
            table.add_column(escape(name), justify="right")
        rows: dict[str, list[int | None]] = {}  # one row per rule (and seat, when seats score for sides)
        for line in event.lines:
            column = line.target if line.per == "side" or not event.sides else seating.side_of[line.target]
            who = "" if line.per == "side" or not event.sides else f" ({self.seat_names[line.target]})"
            cells = rows.setdefault(self.rules.word(self.language, line.rule) + who, [None] * len(columns))
            cells[column] = (cells[column] or 0) + line.points
        for label, cells in rows.items():
            table.add_row(escape(label), *("" if points is None else f"{points:+d}" for points in cells))
        hand, total = self._("hand"), self._("total")
        if event.sides:
            table.add_row(hand, *(f"{p:+d}" for p in event.sides))
            table.add_row(total, *(str(t) for t in event.totals))
        else:
            table.add_row(hand, *(f"{p:+d}" for p in event.seats or ()))
            table.add_row(total, *(str(t) for t in event.seat_totals or ()))
        for counter, values in zip(self.rules.counters, self.game.counters, strict=True):
            if (counter.per == "side") == bool(event.sides):  # kept per column of the table
                table.add_row(escape(self.rules.word(self.language, counter.name)), *map(str, values))
        self.console.print(table)

    # ------------------------------------------------------------ undo and save

    def undo(self) -> bool:
        """Takes back the person's last move of this hand and every move after it; False when there is none.

        The match is played again from its seed up to that move, each bot deciding its past moves again (which
        brings its random state back), so what follows is what would have followed.
        """
        game = self.game
        current = game.current_moves
        mine = [i for i, move in enumerate(current) if move.seat == self.seat and not move.auto]
        if not mine:
            self.console.print(self._("Nothing to undo: you have not moved in this hand."))
            return False
        moves = [move for hand in game.history for move in hand.moves] + list(current[: mine[-1]])
        fresh = Game(self.rules, game.seed, hand_cap=game.hand_cap)
        bots = [None if spec is None else make_player(spec, game.seed, seat) for seat, spec in enumerate(self.specs)]
        for move in moves:
            actor = fresh.actor  # who decided: the declarer, for a card of the dummy's
            assert actor is not None
            bot = bots[actor]
            if bot is not None and not move.auto:
                bot.choose(fresh.view(actor))
            fresh.apply(move.action, move.auto)
        self.game, self.bots = fresh, bots
        fresh.observer = self.pending.append
        self.pending.clear()
        self.story = Story(self.rules, self.seat, self.language).join(fresh)
        taken_back = self.rules.actions.label(current[mine[-1]].action)
        self._say(self._("Undone: back to before your {move}.").format(move=taken_back))
        return True

    def _pass_count(self) -> int:
        """How many cards each player passes."""
        passing = self.rules.passing
        return passing.cards if passing is not None else 0

    def _gives(self, seat: int) -> int:
        """How many cards `seat` has set aside to pass this hand, as the person's view shows it."""
        kinds = self.rules.actions.kinds
        return sum(m.seat == seat and kinds[m.action] == GIVE for m in self.game.view(self.seat).moves)

    def save(self) -> None:
        record = match_record(self.game, players=self.labels)
        self.save_path.write_text(dumps(record) + "\n", encoding="utf-8")

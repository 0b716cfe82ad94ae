"""Engine events put into words once, for every reader: the whole match told in the third person (the trace), or
one seat's part of it told to that seat with `you` and `your` (the terminal), in the reader's language.

Every sentence is a catalogue text with named places (`{seat} deals`), so a translation may order its words
freely; English, the source language, reads the texts as they are.

A `Story` remembers what later words depend on: the plays of the trick in progress, the last bid of a duel, the
card points taken, the card shown and the trump of the hand. `tell` gives an event's sentence, or None where the
event is told another way (a card played is told with its trick; a seat's score sheet is a table) or is not this
seat's to see. Layout (indentation, rules across the screen, colours, markup escaping, JSON) is the caller's.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .. import i18n
from ..cards import Card
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
    ScoreLine,
    Sight,
    SitsOut,
    TrickEventHappened,
    TrickWon,
    TrumpSet,
)
from ..engine.game import Game
from ..engine.history import HandResult
from ..errors import Said
from ..ruleset.actions import BID, GAME, GIVE, PLAY, TRUMP
from ..ruleset.rules import BiddingKind, Rules


def _(text: str) -> str:
    """Marks a fixed word for the catalogue; it is translated where it is said."""
    return text


FIXED_WORDS = frozenset(
    {_("pass"), _("bid"), _("trump"), _("give"), _("discard"), _("double"), _("redouble"), _("show")}
)
"""The fixed words of action labels (`ActionSpace.label`), which the catalogue translates."""

ENGINE_WORDS = (
    _("extra card"),
    _("keeps the hand as dealt (pass)"),
    _("does not announce it (pass)"),
    _("does not play alone"),
    _("shows no more cards (pass)"),
    _("every player passed"),
    _("every player passed: the deal is passed out"),
    _("every player passed in every round of trump making"),
)
"""Fixed words the engine, the deck and the actions write (`Deck.group_word`, a hand thrown in, a pass told by its
phase in `ActionSpace.label_in`), which a story passes through the catalogue."""


def action_words(rules: Rules, language: str, label: str) -> str:
    """An action's label in a language: its fixed words from the catalogue, the game's own terms (such as a
    suit's or a named bid's name) as the ruleset translates them."""
    gettext = i18n.gettext(language)
    if label in ENGINE_WORDS:
        return gettext(label)
    said = []
    for word in label.split(" "):
        core = word.strip("()")
        translated = gettext(core) if core in FIXED_WORDS else rules.word(language, core)
        said.append(word.replace(core, translated) if core else word)
    return " ".join(said)


class Speech(NamedTuple):
    """How one reader is told things: the catalogue's translating function and the seats' names in its language."""

    gettext: i18n.Gettext
    names: Sequence[str]
    """Each seat's name, as the reader's language says it."""
    labels: Sequence[str]
    """Each seat's name with its number where four seats play (`North (0)`), as records know seats."""

    @classmethod
    def of(cls, rules: Rules, language: str) -> Speech:
        names = [rules.word(language, name) for name in rules.seating.seat_names]
        labels = [f"{name} ({seat})" if rules.seats == 4 else name for seat, name in enumerate(names)]
        return cls(i18n.gettext(language), names, labels)

    def join(self, parts: Sequence[str]) -> str:
        """Parts of a list, with the language's comma."""
        return self.gettext(", ").join(parts)


class Story:
    """Tells one match's events in order: to a reader of the whole match (`seat` None), or to one seat."""

    def __init__(self, rules: Rules, seat: int | None = None, language: str = i18n.LANGUAGES[0]) -> None:
        """`language`: of the words told (records keep their English reasons whatever the reader's language)."""
        self.rules = rules
        self.seat = seat
        self.language = language
        self.speech = Speech.of(rules, language)
        self._ = self.speech.gettext
        self.seat_names = list(self.speech.names)
        self.names = [self.seat_names[s] + (" " + self._("(you)") if s == seat else "") for s in range(rules.seats)]
        self.trick: list[tuple[int, Card]] = []
        """The (seat, card) plays of the trick in progress."""
        self.card_points = [0] * rules.seats
        self.highest = -1
        """The last bid of this hand's duel: the same bid again holds it."""
        self.exposed: Card | None = None
        self.trump = -1
        self.game = -1
        self.late = [0] * rules.seats
        """Per seat, the tricks taken so far after which nobody drew from the stock (`play.draw`)."""
        self.undrawn = -1
        """The winner of the last trick while no draw has followed it yet (-1: none)."""

    def join(self, game: Game) -> Story:
        """Takes up the story in the middle of `game`'s current hand (a resumed or undone match); returns itself."""
        kinds = self.rules.actions.kinds
        plays = [(m.seat, m.action) for m in game.current_moves if kinds[m.action] == PLAY]
        self.trick = plays[len(plays) - len(game.trick) :] if game.trick else []
        self.exposed = game.exposed[0] if game.exposed else None
        self.late, self.undrawn = list(game.tricks_after_stock()), -1
        self.trump = game.trump
        self.game = game.named_game
        return self

    def tell(self, event: Event) -> str | None:
        """The event's words for this reader, after noting what later words depend on."""
        self._remember(event)
        if self.seat is None:
            return self._whole(event)
        if event.seen_by(self.seat) is Sight.NOTHING:
            return None
        return self._seat(event, self.seat)

    def tell_draws(self, draws: Sequence[CardDrawn]) -> list[str]:
        """A run of draws told to a seat at once (the rest of a staged deal): the cards this seat sees drawn by
        each seat on one line, and a seat that draws several cards face down as a count; a single draw reads as
        `tell` says it."""
        if self.seat is None or len(draws) < 2:
            return [said for draw in draws if (said := self.tell(draw)) is not None]
        for draw in draws:
            self._remember(draw)
        seen: dict[int, list[Card]] = {}
        hidden: dict[int, int] = {}
        for draw in draws:
            if draw.seen_by(self.seat) is Sight.WHOLE:
                seen.setdefault(draw.seat, []).append(draw.card)
            else:
                hidden[draw.seat] = hidden.get(draw.seat, 0) + 1
        _, deck, names = self._, self.rules.deck, self.names
        told = []
        for seat in dict.fromkeys(draw.seat for draw in draws):
            if seat in seen:
                cards = " ".join(deck.label(c) for c in seen[seat])
                said = _("You draw {card}") if seat == self.seat else _("{seat} draws {card}")
                told.append(said.format(seat=names[seat], card=cards))
            if hidden.get(seat, 0) == 1:
                told.append(_("{seat} draws a card face down").format(seat=names[seat]))
            elif seat in hidden:
                told.append(_("{seat} draws {count} cards face down").format(seat=names[seat], count=hidden[seat]))
        return told

    # ------------------------------------------------------------------ memory

    def _remember(self, event: Event) -> None:
        """Notes what later words depend on; the plays of a trick are kept until the trick is told."""
        match event:
            case HandStarted():
                self.trick, self.card_points, self.highest = [], [0] * self.rules.seats, -1
                self.exposed, self.trump, self.game = None, -1, -1
                self.late, self.undrawn = [0] * self.rules.seats, -1
            case TrickWon():
                if self.undrawn >= 0:
                    self.late[self.undrawn] += 1
                self.undrawn = event.winner
            case CardDrawn():
                self.undrawn = -1
            case CardExposed():
                self.exposed = event.card
            case TrumpSet():
                self.trump = event.suit
            case GameNamed():
                self.game = next(i for i, g in enumerate(self.rules.trump.games) if g.name == event.name)
            case ActionTaken() if event.action < self.rules.deck.size:
                self.trick.append((event.seat, event.action))

    def _trick_done(self, event: TrickWon) -> str:
        """The trick's words; its card points go to the winner and a new trick begins."""
        worth = self.rules.scoring.card_points
        if worth:
            self.card_points[event.winner] += sum(worth[card] for _, card in self.trick)
        words = trick_words(self.rules, event, self.trick, self.speech)
        self.trick = []
        return words

    # ------------------------------------------------------- the whole match

    def _whole(self, event: Event) -> str | None:
        """An event as the trace tells it: every seat's cards, every bid and choice, in the third person."""
        rules = self.rules
        deck = rules.deck
        _ = self._
        label = self.speech.labels
        match event:
            case HandStarted():
                return _("Hand {hand}: {seat} deals").format(hand=event.hand, seat=label[event.dealer])
            case CardsDealt() if not event.cards:
                return _("{seat}: no cards, sits this hand out").format(seat=label[event.seat])
            case CardsDealt():
                cards = " ".join(deck.label(c) for c in sorted(event.cards, reverse=True))
                return _("{seat}: {cards}").format(seat=label[event.seat], cards=cards)
            case CardExposed() if event.seat < 0:
                return _("shown to all: {card} turned up from the stock").format(card=deck.label(event.card))
            case CardExposed():
                said = _("shown to all: {card} in {seat}'s hand")
                return said.format(card=deck.label(event.card), seat=label[event.seat])
            case CardsPassed():
                cards = " ".join(deck.label(c) for c in event.cards)
                said = _("{seat} passes {cards} to {other}")
                return said.format(seat=label[event.seat], cards=cards, other=label[event.to])
            case CardsTaken():
                cards = " ".join(deck.label(c) for c in event.cards)
                return _("{seat} takes {cards}").format(seat=label[event.seat], cards=cards)
            case CardDrawn():
                said = _("{seat} draws {card} (face up)") if event.face_up else _("{seat} draws {card}")
                return said.format(seat=label[event.seat], card=deck.label(event.card))
            case SitsOut():
                partner = rules.seating.partner[event.seat]
                said = _("{seat} plays alone: {other} sits this hand out")
                return said.format(seat=label[partner], other=label[event.seat])
            case ActionTaken():
                return self._action(event)
            case ContractSet():
                side = rules.seating.side_of[event.declarer]
                contract, seat = self._contract(event), label[event.declarer]
                if side < 0:
                    return _("contract: {contract} by {seat}").format(contract=contract, seat=seat)
                said = _("contract: {contract} by {seat}, {side} declare")
                return said.format(
                    contract=contract, seat=seat, side=rules.word(self.language, rules.seating.side_names[side])
                )
            case GameNamed() if event.seat < 0:
                return _("game: {game} (set by the rules)").format(game=rules.word(self.language, event.name))
            case GameNamed():
                english = next(g.description for g in rules.trump.games if g.name == event.name)
                game_words = rules.word(self.language, english)
                game = rules.word(self.language, event.name)
                # A game's description is shown in another language only where the ruleset translates it.
                if not game_words or (game_words == english and self.language != i18n.LANGUAGES[0]):
                    return _("game: {game} (named by {seat})").format(game=game, seat=label[event.seat])
                said = _("game: {game} (named by {seat}) - {words}")
                return said.format(game=game, seat=label[event.seat], words=game_words)
            case TrumpSet():
                suit = deck.suits[event.suit]
                name = f"{suit.symbol} {rules.word(self.language, suit.name)}"
                if event.chosen_by is None:
                    return _("trump: {suit} (set by the rules)").format(suit=name)
                return _("trump: {suit} (named by {seat})").format(suit=name, seat=label[event.chosen_by])
            case TrickWon():
                return self._trick_done(event)
            case TrickEventHappened():
                return _("event {name}: {seat}").format(
                    name=rules.word(self.language, event.name), seat=label[event.seat]
                )
            case HandCancelled():
                return _("thrown in: {reason}").format(reason=self._said(event.reason))
            case HandScored():
                return None  # told line by line with the hand it scores: `scoring`
            case MatchEnded():
                return _("Match over: {reason}.").format(reason=self._ending(event))

    def _ending(self, event: MatchEnded) -> str:
        """Why the match ended, in the reader's words: who won, or the engine's reason where nobody did."""
        if event.winner is None:
            return self._said(event.reason)
        return won_words(self.rules, event.winner, self.speech, self.language)

    def _said(self, sentence: Said) -> str:
        """An engine's sentence in the reader's language, the game's terms in it as the ruleset words them."""
        return sentence.in_language(self._, functools.partial(self.rules.word, self.language))

    def _contract(self, event: ContractSet) -> str:
        """A contract as the reader says it: its bid and whether it was doubled (`3NT doubled`), else its number."""
        if not event.bid:
            return str(event.contract)
        if not event.doubled:
            return event.bid
        return f"{event.bid} {self._(('doubled', 'redoubled')[event.doubled - 1])}"

    def _action(self, event: ActionTaken) -> str | None:
        """A bid, pass or other choice with who made it; a card waits for its trick, and a trump, a game named or a
        card given is told by its own event."""
        rules = self.rules
        kind = rules.actions.kinds[event.action]
        who = self.speech.labels[event.seat]
        _ = self._
        if kind in (TRUMP, GAME, GIVE) or event.action < rules.deck.size:
            return None
        if rules.bidding.duels and kind == BID:
            value = rules.actions.bid_values[event.action]
            held, self.highest = value == self.highest, value
            said = _("{seat}: holds {bid}") if held else _("{seat}: bid {bid}")
            return said.format(seat=who, bid=value)
        words = action_words(rules, self.language, rules.actions.label_in(event.action, event.phase))
        said = _("{seat}: {action} (automatically)") if event.auto else _("{seat}: {action}")
        return said.format(seat=who, action=words)

    def _late_tricks(self) -> list[int] | None:
        """Per seat, the hand's tricks taken once the stock was empty, where players draw (`play.draw`)."""
        if self.rules.play.draw is None:
            return None
        late = list(self.late)
        if self.undrawn >= 0:
            late[self.undrawn] += 1
        return late

    def scoring(self, hand: HandResult, event: HandScored) -> Iterator[str]:
        """The hand's tricks (and card points taken, where cards have points), each scoring line with what it
        read, the hand's score, the totals and the counters."""
        rules = self.rules
        seating = rules.seating
        _, names, join = self._, self.speech.names, self.speech.join
        sides = [rules.word(self.language, name) for name in seating.side_names]
        taken = hand.tricks_won
        card_points = self.card_points if rules.scoring.card_points else None
        yield _("tricks: {count}").format(count=join([f"{names[s]} {taken[s]}" for s in range(rules.seats)]))
        if card_points is not None:
            points = join([f"{names[s]} {card_points[s]}" for s in range(rules.seats)])
            yield _("card points taken: {points}").format(points=points)
        for line in event.lines:
            yield _line(rules, hand.contract, taken, card_points, line, self._late_tricks(), self.speech, self.language)
        parts = []
        if event.sides:
            parts.append(join([f"{name} {points:+d}" for name, points in zip(sides, event.sides, strict=True)]))
        if event.seats is not None and not event.sides:
            parts.append(join([f"{names[s]} {p:+d}" for s, p in enumerate(event.seats)]))
        yield _("hand score: {score}").format(score="".join(parts))
        totals = join([f"{name} {total}" for name, total in zip(sides, event.totals, strict=True)])
        if hand.seat_totals is not None:
            players = join([f"{names[s]} {hand.seat_totals[s]}" for s in range(rules.seats)])
            totals = _("{sides} (players: {players})").format(sides=totals, players=players) if totals else players
        yield _("totals: {totals}").format(totals=totals)
        for counter, values in zip(rules.counters, hand.counters, strict=True):
            whose = sides if counter.per == "side" else names
            counts = join([f"{n} {v}" for n, v in zip(whose, values, strict=True)])
            yield _("counter {name}: {counts}").format(name=rules.word(self.language, counter.name), counts=counts)

    # ------------------------------------------------------------ one seat's

    def _seat(self, event: Event, seat: int) -> str | None:
        """An event as one seat is told it: `you` for that seat, the others by their names in its language."""
        deck = self.rules.deck
        names = self.names
        _ = self._
        match event:
            case HandStarted():
                return self.hand_words(event.hand, event.dealer)
            case CardsTaken():
                cards = " ".join(deck.label(c) for c in event.cards)
                if event.seat == seat:
                    return _("You take {cards}").format(cards=cards)
                return _("{seat} takes {cards}").format(seat=names[event.seat], cards=cards)
            case CardDrawn() if event.seen_by(seat) is Sight.WHOLE:
                if event.seat == seat:
                    return _("You draw {card}").format(card=deck.label(event.card))
                return _("{seat} draws {card}").format(seat=names[event.seat], card=deck.label(event.card))
            case CardDrawn():
                return _("{seat} draws a card face down").format(seat=names[event.seat])
            case GameNamed():
                game = self.rules.word(self.language, event.name)
                if event.seat < 0:
                    return _("The rules set the game: {game}").format(game=game)
                return _("{who} names the game: {game}").format(who=names[event.seat], game=game)
            case SitsOut():
                if event.seat == seat:
                    return _("You sit this hand out")
                return _("{seat} sits this hand out").format(seat=names[event.seat])
            case CardsPassed():
                cards = " ".join(deck.label(c) for c in self.as_shown(event.cards))
                if event.to == seat:
                    return _("{seat} passes you {cards}").format(seat=names[event.seat], cards=cards)
                return _("You pass {cards} to {seat}").format(cards=cards, seat=names[event.to])
            case ContractSet():
                contract = self._contract(event)
                return _("Contract: {contract} by {seat}").format(contract=contract, seat=names[event.declarer])
            case TrumpSet():
                return self.trump_words(event.suit, event.chosen_by)
            case TrickWon():
                return self._trick_done(event)
            case HandCancelled():
                return _("Hand thrown in: {reason}").format(reason=self._said(event.reason))
            case MatchEnded():
                return f"{_('Match over')}: {self._result(event, seat)}."
            case _:
                return None  # a seat sees its cards, the bids and its score sheet laid out, not told

    def hand_words(self, hand: int, dealer: int) -> str:
        """The words that open a hand, to a seat: its number and its dealer."""
        return self._("Hand {hand} · {seat} deals").format(hand=hand, seat=self.seat_names[dealer])

    def trump_words(self, suit_index: int, chosen_by: int | None) -> str:
        """Trump and why, to a seat: who named it, the card shown that set it, or the rules."""
        deck = self.rules.deck
        suit = deck.suits[suit_index]
        trump = f"{suit.symbol} {self.rules.word(self.language, suit.name)}"
        _ = self._
        if chosen_by is not None:
            return _("{seat} names trump: {suit}").format(seat=self.names[chosen_by], suit=trump)
        if self.exposed is not None:
            shown = deck.label(self.exposed)
            if deck.suit_of[self.exposed] == suit_index:
                return _("{card} is shown, so {suit} are trump").format(card=shown, suit=trump)
            said = _("{card} is shown, and a shown {symbol} makes {suit} trump")
            return said.format(card=shown, symbol=deck.suits[deck.suit_of[self.exposed]].symbol, suit=trump)
        return _("{suit} are trump in every hand").format(suit=trump)

    def as_shown(self, cards: Sequence[Card]) -> list[Card]:
        """`cards` in the order a hand is shown: by suit as this hand's trump counts them, highest first."""
        tables = self.rules.tables(self.trump, self.game)
        return [
            card
            for suit in range(len(tables.suit_masks))
            for card in sorted((c for c in cards if tables.suit_of[c] == suit), key=tables.strength[suit].__getitem__)[
                ::-1
            ]
        ]

    def _result(self, event: MatchEnded, seat: int) -> str:
        """Why the match ended and, when someone won, whether this seat did."""
        if event.winner is None:
            return self._ending(event)
        said = self._("{reason}: you win") if seat in event.winner else self._("{reason}: you lose")
        return said.format(reason=self._ending(event))


def won_words(rules: Rules, winner: Sequence[int], speech: Speech, language: str) -> str:
    """How the end of a match is told: a side won, a player won, or players share the win."""
    seating = rules.seating
    _ = speech.gettext
    sides = {seating.side_of[seat] for seat in winner}
    side = sides.pop() if len(sides) == 1 else -1
    if side >= 0 and len(winner) == len(seating.sides[side]):
        return _("{side} won").format(side=rules.word(language, seating.side_names[side]))
    if len(winner) == 1:
        return _("{seat} won").format(seat=speech.labels[winner[0]])
    names = _(" and ").join(speech.labels[seat] for seat in winner)
    return _("{seats} share the win").format(seats=names)


def trick_words(rules: Rules, event: TrickWon, cards: Sequence[tuple[int, Card]], speech: Speech | None = None) -> str:
    """A trick as `trick 3: North 9♠, ... -> South (2) wins with A♠, the highest ♠`, in English unless `speech`
    says another language."""
    deck = rules.deck
    speech = speech or Speech.of(rules, i18n.LANGUAGES[0])
    _ = speech.gettext
    played = speech.join([f"{speech.names[seat]} {deck.label(card)}" for seat, card in cards])
    winning = deck.label(next(card for seat, card in cards if seat == event.winner))
    winner = speech.labels[event.winner]
    if event.by_trump:
        said = _("trick {number}: {cards} -> {seat} wins with {card}, the highest trump")
        told = said.format(number=event.number, cards=played, seat=winner, card=winning)
    else:
        said = _("trick {number}: {cards} -> {seat} wins with {card}, the highest {led}")
        told = said.format(
            number=event.number, cards=played, seat=winner, card=winning, led=_(deck.group_word(event.led))
        )
    if event.rankless:
        told += _(" ({card}, led by force, counts as no card)").format(card=deck.label(cards[0][1]))
    return told


def _line(
    rules: Rules,
    contract: tuple[int, ...],
    taken: tuple[int, ...],
    card_points: list[int] | None,
    line: ScoreLine,
    late: list[int] | None,
    speech: Speech,
    language: str,
) -> str:
    """One scoring rule's points for a side or seat, with what it read and its formula."""
    description = {r.name: r for r in rules.scoring.rules}
    seating = rules.seating
    _ = speech.gettext
    has_contracts = rules.bidding.kind is not BiddingKind.NONE
    seats = seating.sides[line.target] if line.per == "side" else (line.target,)
    if line.per == "side":
        who = rules.word(language, seating.side_names[line.target])
        held = contract[line.target] if has_contracts else None
    else:
        who = speech.names[line.target]
        held = contract[line.target] if has_contracts and not seating.has_sides else None
    took = sum(taken[s] for s in seats)
    if held is not None:
        inputs = _("contract {contract}, took {took}").format(contract=held, took=took)
    else:
        inputs = _("took {took}").format(took=took)
    if card_points is not None:
        inputs += _(", card points {points}").format(points=sum(card_points[s] for s in seats))
    if late is not None:
        inputs += _(" ({tricks} once the stock was empty)").format(tricks=sum(late[s] for s in seats))
    rule = description.get(line.rule)
    formula = " ".join(rule.points.source.split()) if rule is not None else _("counter limit reached")
    said = _("{rule} for {who}: {inputs} -> {points} [{formula}]")
    return said.format(
        rule=rules.word(language, line.rule), who=who, inputs=inputs, points=f"{line.points:+d}", formula=formula
    )

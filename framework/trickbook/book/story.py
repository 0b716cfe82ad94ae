"""Engine events put into words once, for every reader: the whole match told in the third person (the trace), or
one seat's part of it told to that seat with `you` and `your`, in its language (the terminal).

A `Story` remembers what later words depend on: the plays of the trick in progress, the last bid of a duel, the
card points taken, the card shown and the trump of the hand. `tell` gives an event's sentence, or None where the
event is told another way (a card played is told with its trick; a seat's score sheet is a table) or is not this
seat's to see. Layout (indentation, rules across the screen, colours, markup escaping, JSON) is the caller's.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

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
from ..ruleset.actions import BID, GAME, GIVE, PLAY, TRUMP
from ..ruleset.rules import BiddingKind, Rules


class Story:
    """Tells one match's events in order: to a reader of the whole match (`seat` None), or to one seat."""

    def __init__(self, rules: Rules, seat: int | None = None, language: str = i18n.LANGUAGES[0]) -> None:
        """`language`: of a seat's story (the trace is told in English, as records and rule books are)."""
        self.rules = rules
        self.seat = seat
        self.language = language
        self._ = i18n.gettext(language)
        self.seat_names = [rules.word(language, name) for name in rules.seating.seat_names]
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
        words = trick_words(self.rules, event, self.trick)
        self.trick = []
        return words

    # ------------------------------------------------------- the whole match

    def _whole(self, event: Event) -> str | None:
        """An event as the trace tells it: every seat's cards, every bid and choice, in the third person."""
        rules = self.rules
        deck = rules.deck
        label = rules.seating.seat_label
        match event:
            case HandStarted():
                return f"Hand {event.hand}: {label(event.dealer)} deals"
            case CardsDealt() if not event.cards:
                return f"{label(event.seat)}: no cards, sits this hand out"
            case CardsDealt():
                return f"{label(event.seat)}: {' '.join(deck.label(c) for c in sorted(event.cards, reverse=True))}"
            case CardExposed():
                where = "turned up from the stock" if event.seat < 0 else f"in {label(event.seat)}'s hand"
                return f"shown to all: {deck.label(event.card)} {where}"
            case CardsPassed():
                return f"{label(event.seat)} passes {' '.join(deck.label(c) for c in event.cards)} to {label(event.to)}"
            case CardsTaken():
                return f"{label(event.seat)} takes {' '.join(deck.label(c) for c in event.cards)}"
            case CardDrawn():
                return f"{label(event.seat)} draws {deck.label(event.card)}{' (face up)' if event.face_up else ''}"
            case SitsOut():
                partner = rules.seating.partner[event.seat]
                return f"{label(partner)} plays alone: {label(event.seat)} sits this hand out"
            case ActionTaken():
                return self._action(event)
            case ContractSet():
                side = rules.seating.side_of[event.declarer]
                declare = f", {rules.seating.side_names[side]} declare" if side >= 0 else ""
                return f"contract: {event.words or event.contract} by {label(event.declarer)}{declare}"
            case GameNamed():
                game_words = next(g.description for g in rules.trump.games if g.name == event.name)
                shown = f" - {game_words}" if game_words else ""
                return f"game: {event.name} (named by {label(event.seat)}){shown}"
            case TrumpSet():
                how = f"named by {label(event.chosen_by)}" if event.chosen_by is not None else "set by the rules"
                return f"trump: {deck.suits[event.suit].symbol} {deck.suits[event.suit].name} ({how})"
            case TrickWon():
                return self._trick_done(event)
            case TrickEventHappened():
                return f"event {event.name}: {label(event.seat)}"
            case HandCancelled():
                return f"thrown in: {event.reason}"
            case HandScored():
                return None  # told line by line with the hand it scores: `scoring`
            case MatchEnded():
                return f"Match over: {event.reason}."

    def _action(self, event: ActionTaken) -> str | None:
        """A bid, pass or other choice with who made it; a card waits for its trick, and a trump, a game named or a
        card given is told by its own event."""
        rules = self.rules
        kind = rules.actions.kinds[event.action]
        who = rules.seating.seat_label(event.seat)
        if kind in (TRUMP, GAME, GIVE) or event.action < rules.deck.size:
            return None
        if rules.bidding.duels and kind == BID:
            value = rules.actions.bid_values[event.action]
            held, self.highest = value == self.highest, value
            return f"{who}: " + (f"holds {value}" if held else f"bid {value}")
        auto = " (automatically)" if event.auto else ""
        return f"{who}: {rules.actions.label_in(event.action, event.phase)}{auto}"

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
        taken = hand.tricks_won
        card_points = self.card_points if rules.scoring.card_points else None
        yield "tricks: " + ", ".join(f"{seating.seat_names[s]} {taken[s]}" for s in range(rules.seats))
        if card_points is not None:
            yield "card points taken: " + ", ".join(
                f"{seating.seat_names[s]} {card_points[s]}" for s in range(rules.seats)
            )
        for line in event.lines:
            yield _line(rules, hand.contract, taken, card_points, line, self._late_tricks())
        parts = []
        if event.sides:
            parts.append(
                ", ".join(f"{name} {points:+d}" for name, points in zip(seating.side_names, event.sides, strict=True))
            )
        if event.seats is not None and not event.sides:
            parts.append(", ".join(f"{seating.seat_names[s]} {p:+d}" for s, p in enumerate(event.seats)))
        yield "hand score: " + "".join(parts)
        totals = ", ".join(f"{name} {total}" for name, total in zip(seating.side_names, event.totals, strict=True))
        if hand.seat_totals is not None:
            players = ", ".join(f"{seating.seat_names[s]} {hand.seat_totals[s]}" for s in range(rules.seats))
            totals = f"{totals} (players: {players})" if totals else players
        yield f"totals: {totals}"
        for counter, values in zip(rules.counters, hand.counters, strict=True):
            names = seating.side_names if counter.per == "side" else seating.seat_names
            yield f"counter {counter.name}: " + ", ".join(f"{n} {v}" for n, v in zip(names, values, strict=True))

    # ------------------------------------------------------------ one seat's

    def _seat(self, event: Event, seat: int) -> str | None:
        """An event as one seat is told it: `you` for that seat, the others by their names in its language."""
        deck = self.rules.deck
        names = self.names
        match event:
            case HandStarted():
                return self.hand_words(event.hand, event.dealer)
            case CardsTaken():
                taker = "You take" if event.seat == seat else f"{names[event.seat]} takes"
                return f"{taker} {' '.join(deck.label(c) for c in event.cards)}"
            case CardDrawn() if event.seen_by(seat) is Sight.WHOLE:
                drawer = "You draw" if event.seat == seat else f"{names[event.seat]} draws"
                return f"{drawer} {deck.label(event.card)}"
            case CardDrawn():
                return f"{names[event.seat]} draws a card face down"
            case GameNamed():
                game = self.rules.word(self.language, event.name)
                return self._("{who} names the game: {game}").format(who=names[event.seat], game=game)
            case SitsOut():
                return f"{'You sit' if event.seat == seat else f'{names[event.seat]} sits'} this hand out"
            case CardsPassed():
                cards = " ".join(deck.label(c) for c in self.as_shown(event.cards))
                if event.to == seat:
                    return f"{names[event.seat]} passes you {cards}"
                return f"You pass {cards} to {names[event.to]}"
            case ContractSet():
                contract = event.words or str(event.contract)
                return self._("Contract: {contract} by {seat}").format(contract=contract, seat=names[event.declarer])
            case TrumpSet():
                return self.trump_words(event.suit, event.chosen_by)
            case TrickWon():
                return self._trick_done(event)
            case HandCancelled():
                return f"Hand thrown in: {event.reason}"
            case MatchEnded():
                return f"{self._('Match over')}: {self._result(event, seat)}."
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
        if chosen_by is not None:
            return self._("{seat} names trump: {suit}").format(seat=self.names[chosen_by], suit=trump)
        if self.exposed is not None:
            shown = deck.label(self.exposed)
            if deck.suit_of[self.exposed] == suit_index:
                return f"{shown} is shown, so {trump} are trump"
            return f"{shown} is shown, and a shown {deck.suits[deck.suit_of[self.exposed]].symbol} makes {trump} trump"
        return f"{trump} are trump in every hand"

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
            return event.reason
        return f"{event.reason}: {self._('you win') if seat in event.winner else self._('you lose')}"


def trick_words(rules: Rules, event: TrickWon, cards: Sequence[tuple[int, Card]]) -> str:
    """A trick as `trick 3: North 9♠, ... -> South (2) wins with A♠, the highest ♠`."""
    deck = rules.deck
    names = rules.seating.seat_names
    played = ", ".join(f"{names[seat]} {deck.label(card)}" for seat, card in cards)
    winning = next(card for seat, card in cards if seat == event.winner)
    led = deck.group_word(event.led)
    why = "the highest trump" if event.by_trump else f"the highest {led}"
    winner = rules.seating.seat_label(event.winner)
    return f"trick {event.number}: {played} -> {winner} wins with {deck.label(winning)}, {why}"


def _line(
    rules: Rules,
    contract: tuple[int, ...],
    taken: tuple[int, ...],
    card_points: list[int] | None,
    line: ScoreLine,
    late: list[int] | None = None,
) -> str:
    """One scoring rule's points for a side or seat, with what it read and its formula."""
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
    if late is not None:
        inputs += f" ({sum(late[s] for s in seats)} once the stock was empty)"
    rule = description.get(line.rule)
    formula = f" [{' '.join(rule.points.source.split())}]" if rule is not None else " [counter limit reached]"
    return f"{line.rule} for {who}: {inputs} -> {line.points:+d}{formula}"

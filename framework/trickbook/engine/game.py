"""The one generic engine: a state machine that deals, runs a hand's phases, plays the tricks and scores.

Hands are bitmasks, legal plays come from mask arithmetic and per-suit tables,
and each hand's deal is a pure function of the match seed and the hand number,
so a game holds no random generator and `clone()` is a handful of list copies.
Nothing here names a game or assumes a table: seats, sides and the phases of a
hand all come from the compiled rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add
from typing import cast

from .. import limits
from ..cards import Card, CardMask
from ..errors import IllegalAction, InvalidAction, Said, _, said
from ..expr.facts import NO_NAME, NO_SEAT, NO_SUIT, Facts
from ..ruleset.actions import DISCARD, GIVE, ActionKind
from ..ruleset.rules import DrawFirst, FirstLead, MeldRules, MeldSource, Relation, Rules, TrumpMode
from . import restrictions
from .dealing import Deal, first_dealer, hand_size, seeded_deal
from .events import (
    ActionTaken,
    CardDrawn,
    CardExposed,
    CardsDealt,
    HandCancelled,
    HandScored,
    HandStarted,
    MatchEnded,
    ScoreLine,
    TrickEventHappened,
    TrickWon,
    TrumpSet,
)
from .history import ACTION_SHIFT, AUTO_BIT, SEAT_MASK, HandResult
from .kinds import OVER, PHASES, PLAY
from .melds import meld_points, trick_meld_points
from .phases import ESTIMATES_PHASE
from .phases.contract import contracts, level_of
from .scoring import match_winner, score_hand
from .specialise import engine_for, fixed
from .state import NO_GAME, DealSource, GameState, Observer
from .timeouts import timeout_card
from .view import SeatView, visible_moves

Start = tuple[Sequence[int], Sequence[int] | None, Sequence[Sequence[int]]]
"""A match's standing before its first hand here: side totals, seat totals (or None) and counters."""


_NO_GIFTS = tuple((0,) * seats for seats in range(9))
"""Per table size, no card set aside to pass (the passing phase makes its own list)."""


class Game(GameState):
    """A match under one ruleset: `legal_actions()`, `apply()`, `view(seat)`, `clone()`, scores and records.

    The fields, their read-only queries and copies live in `GameState`; this class holds the transitions,
    and the phases before the tricks live in `phases`.
    """

    __slots__ = ()

    def __new__(cls, rules: Rules | None = None, *args: object, **kwargs: object) -> Game:
        """A `Game` is made as the engine specialised for its rules (`specialise.engine_for`); without rules, or
        for a subclass, as asked."""
        made = engine_for(cls, rules) if cls is Game and rules is not None else cls
        return super().__new__(made)

    def __init__(
        self,
        rules: Rules,
        seed: int = 0,
        *,
        deals: DealSource | None = None,
        dealer: int | None = None,
        hand_cap: int = limits.DEFAULT_HAND_CAP,
        observer: Observer | None = None,
        start: Start | None = None,
        seeded: bool | None = None,
    ) -> None:
        """`deals` gives each hand's cards instead of the seed; `seeded` says they are the seed's all the same
        (a replay that checked them), so records written of the game say so."""
        self.rules = rules
        self.seed = seed
        self.hand_cap = hand_cap
        self.observer = observer
        self._deals = deals or (lambda number, dealer_seat, size: seeded_deal(rules, seed, number, dealer_seat, size))
        self._seeded = deals is None if seeded is None else seeded
        for name, value in fixed(rules).items():
            setattr(self, name, value)
        seating = rules.seating
        self._next = seating.next_seat
        self._suit_of = rules.deck.suit_of
        self._suit_masks = rules.deck.suit_masks
        self._strength = rules.play_start[0].strength
        if dealer is not None and not 0 <= dealer < self._seats:
            raise ValueError(f"dealer: expected a seat from 0 to {self._seats - 1}, found {dealer}")
        self._dealer = first_dealer(rules, seed) if dealer is None else dealer
        sides = len(seating.sides)
        if start is None:
            self._number = 0
            self._played = 0
            self._totals = [0] * sides
            self._seat_totals = [0] * self._seats
            self._counters = [[c.start] * (sides if c.per == "side" else self._seats) for c in rules.counters]
        else:
            totals, seat_totals, counters = start
            self._totals = list(totals)
            self._seat_totals = list(seat_totals) if seat_totals is not None else [0] * self._seats
            self._counters = [list(values) for values in counters]
        self._history = []
        self._sheet = None
        self._winner = None
        self._end_reason = ""
        self._standing = (self.totals, self.seat_totals, self.counters)
        self._outs = 0  # read by the first `_start_hand`, which resets the rest of a hand's state
        self._start_hand()

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        deal: Sequence[Sequence[Card]],
        dealer: int,
        hand_number: int,
        hands_played: int | None = None,
        totals: Sequence[int],
        seat_totals: Sequence[int] | None,
        counters: Sequence[Sequence[int]],
        moves: Sequence[int] = (),
        stock: Sequence[Card] = (),
        seed: int = 0,
        hand_cap: int = limits.DEFAULT_HAND_CAP,
    ) -> Game:
        """A game at a position of some match: its standing before this hand, this hand's deal, the moves so far.

        Players build the worlds they imagine this way (a deal sampled from
        their own view); later hands, if any, are dealt from `seed`.
        """
        dealt = Deal(tuple(tuple(cards) for cards in deal), tuple(stock))

        def deals(number: int, dealer_seat: int, size: int) -> Deal:
            return dealt if number == hand_number else seeded_deal(rules, seed, number, dealer_seat, size)

        game = cls.__new__(cls, rules)
        game._number = hand_number - 1
        game._played = hand_number - 1 if hands_played is None else hands_played
        cls.__init__(
            game, rules, seed, deals=deals, dealer=dealer, hand_cap=hand_cap, start=(totals, seat_totals, counters)
        )
        position = 0
        while position < len(moves):
            if game.moves_made <= position:
                packed = moves[position]
                game.apply(packed >> ACTION_SHIFT, bool(packed & AUTO_BIT))
            position += 1
        return game

    @classmethod
    def at_trick(
        cls,
        rules: Rules,
        *,
        hand: Sequence[Card],
        trick: Sequence[Card] = (),
        trick_number: int = 1,
        leader: int = 0,
        trump: int | None = None,
        broken: CardMask = 0,
        named: int = NO_GAME,
        declarer: int = NO_SEAT,
    ) -> Game:
        """A hand-made position in the play: the seat after those who played `trick` holds `hand` and is to play.

        Worked examples of legal plays are asked this way. The trick's cards are
        placed as facts, not replayed; the other seats hold the rest of the deck;
        `trump` replaces the hand's trump (when given), `named` makes it a named game (an index of
        `trump.games`), `declarer` gives the hand a declarer and `broken` lifts the ban on leading those cards'
        suits.
        """
        n = rules.seats
        deck = rules.deck
        size = len(hand)
        seats = [(leader + rules.direction * k) % n for k in range(n)]
        turn = seats[len(trick)]
        rest = [c for c in range(deck.size) if c not in hand and c not in trick]
        deal: list[tuple[Card, ...]] = []
        for seat in range(n):
            held = list(hand) if seat == turn else []
            while len(held) < size - (seat in seats[: len(trick)]):
                held.append(rest.pop(0))
            deal.append(tuple(held))
        dealt = Deal(tuple(deal), tuple(rest))
        game = cls(rules, deals=lambda number, dealer, cards: dealt, dealer=(leader - rules.direction) % n)
        if trump is not None:
            game._trump = trump
        game._game = named
        game._declarer = declarer
        game._stage = len(game._pipeline)
        game._start_play()
        game._block &= ~broken
        game._restrict = ~game._block
        game._hand_size = trick_number - 1 + size
        game._trick_count = trick_number - 1
        game._turn = leader
        for card in trick:
            game._place(card)
        return game

    def _place(self, card: Card) -> None:
        """Puts `card` into the trick for the seat to play, as a fact (a hand-made position; no rule is checked)."""
        seat = self._turn
        self._allowed = -1
        self._moves.append(card << ACTION_SHIFT | seat)
        if not self._trick:
            suit = self._suit_of[card]
            self._restrict = self._suit_masks[suit] if self._follow else -1
            self._led = suit
            self._leader = seat
            self._row = self._strength[suit]
            self._best = self._row[card]
            self._win_seat = seat
        elif self._row[card] > self._best:
            self._best = self._row[card]
            self._win_seat = seat
        self._trick.append(card)
        self._turn = self._next[seat]

    def view(self, seat: int) -> SeatView:
        """What `seat` may see now: its own cards and everything public, nothing of other hands."""
        phase = self._phase
        turn = None if phase == OVER else self._turn
        hands = self._hands
        return SeatView(
            self.rules,
            seat,
            PHASES[phase],
            turn,
            self.legal_actions() if self.actor == seat else (),
            self.rules.deck.cards(hands[seat]) if self._looked & (1 << seat) else (),
            self._number,
            self._dealer,
            self._hand_size,
            self._exposed,
            visible_moves(self, seat),
            self._trump,
            self._declarer,
            tuple(self._contract),
            tuple(self._trick),
            self._leader,
            tuple(self._tricks_won),
            self._cards_left(),
            *self._standing,
            self._winner,
            self._targets,
            self._outs,
            self._taken_seen_by(seat),
            self._game,
            self._dummy,
            self.rules.deck.cards(hands[self._dummy]) if self._dummy_shown() else (),
            self._open,
            self.rules.deck.cards(hands[self._open]) if self._open != NO_SEAT else (),
            self._block,
            self._played,
            *self._draw_view(seat),
            self._rankless_tricks,
            phase != OVER and self._stage < len(self._pipeline) and self._pipeline[self._stage] is ESTIMATES_PHASE,
        )

    def _draw_view(self, seat: int) -> tuple[Card | None, int, tuple[tuple[Card, ...], ...]]:
        """The stock as `seat` sees it with `play.draw`: the face-up card, how many are left, the draws it knows."""
        if self.rules.play.draw is None:
            return None, 0, ()
        return self.stock_up, len(self._stock) - self._drawn, self.drawn_seen_by(seat)

    def _dummy_shown(self) -> bool:
        """True once the opening lead is made: from then on everyone sees the dummy's cards."""
        return self._dummy != NO_SEAT and self._phase in (PLAY, OVER) and bool(self._trick or self._trick_count)

    def _taken_seen_by(self, seat: int) -> tuple[Card, ...]:
        """The cards of this hand's exchange `seat` may know: all of them when they were shown (the exposed
        card), else only to the seat that took them."""
        exchange = self.rules.exchange
        if not self._taken or exchange is None:
            return ()
        taker = self._dealer if exchange.seat == "dealer" else self._declarer
        return self.rules.deck.cards(self._taken) if exchange.take == "exposed" or seat == taker else ()

    def _cards_left(self) -> tuple[int, ...]:
        """How many cards each seat holds, counting cards set aside to pass until they change hands."""
        if self._passed_over or not any(self._given):
            return tuple(map(int.bit_count, self._hands))
        return tuple(h.bit_count() + g.bit_count() for h, g in zip(self._hands, self._given, strict=True))

    def legal_actions(self) -> tuple[int, ...]:
        """The actions the seat to act may take, sorted; empty when the match is over."""
        phase = self._phase
        if phase == PLAY:
            hand = self._hands[self._turn]
            if not self._plain:
                allowed = self._allowed
                if allowed < 0:
                    allowed = self._allowed = restrictions.allowed(self, hand, self._condition_facts)
                return self._cards(allowed)
            allowed = hand & self._restrict
            if not allowed or allowed == hand:
                return self._cards(hand)
            if self._trick:
                led = self._led
                return self._runs[led][allowed >> self._shifts[led]]
            return self._cards(allowed)
        if phase == OVER:
            return ()
        return self._pipeline[self._stage].legal(self)

    def default_action(self) -> int:
        """The move the rules make for a seat whose time ran out (the ruleset's `timeout`)."""
        if self._phase == OVER:
            raise IllegalAction(said("the match is over"), rule=_("match over"))
        if self._phase == PLAY:
            return timeout_card(self.rules, self.legal_actions(), self._trump, self._game)
        return self._pipeline[self._stage].timeout(self)

    # ----------------------------------------------------------------- actions

    def apply(self, action: int, auto: bool = False) -> None:
        """Applies one action of the seat to act; raises `IllegalAction` naming the rule it breaks."""
        if self._phase != PLAY:
            if self._phase == OVER:
                raise IllegalAction(said("the match is over: no more actions"), rule=_("match over"))
            if not 0 <= action < self.rules.actions.size:
                raise InvalidAction(f"{action} is not an action of this ruleset")
            if self.rules.deck.copies > 1:
                action = self._held_copy(action, self._pipeline[self._stage].legal(self))
            self._pipeline[self._stage].apply(self, action, auto)
            return
        # The play path is written out here: it runs for every card of every simulated hand.
        seat = self._turn
        hand = self._hands[seat]
        if self._plain:
            allowed = hand & self._restrict or hand
        else:
            allowed = self._allowed if self._allowed >= 0 else restrictions.allowed(self, hand, self._condition_facts)
            self._allowed = -1
        if action < 0 or not allowed & (1 << action):
            action = self._held_copy(action, self._cards(allowed))
            if action < 0 or not allowed & (1 << action):
                raise self._refuse_card(action, hand)
        trick = self._trick
        rankless = (
            self._rankless
            and not trick
            and self._rankless & (1 << action)
            and restrictions.led_without_rank(self, action, self._condition_facts)
        )
        self._hands[seat] = hand ^ (1 << action)
        self._moves.append(action << 4 | auto << 3 | seat)  # history's packing, with its constants written out
        if self.observer is not None:
            self.observer(ActionTaken(seat, action, auto, False))  # a card played is seen by all
        if rankless:
            # Led only because the leader held nothing else: no card, and no suit to follow until the next card.
            self._rankless_tricks |= 1 << sum(self._tricks_won)  # tricks finished among this hand's moves
            self._restrict = -1
            self._led = NO_SUIT
            self._leader = seat
            self._best = -1
            self._win_seat = seat
        elif not trick or (self._rankless and self._led < 0):  # the lead, or the card after one of no rank
            if self.rules.trump.mode is TrumpMode.LED and not self._trick_count:
                self._trump_by_lead(action)
            suit = self._suit_of[action]
            self._restrict = self._suit_masks[suit] if self._follow else -1
            self._led = suit
            if not trick:
                self._leader = seat
            row = self._row = self._strength[suit]
            self._best = row[action]
            self._win_seat = seat
            if self._block and not self._plain:
                restrictions.broken(self, action)
        else:
            claim = self._row[action]
            if claim > self._best:
                self._best = claim
                self._win_seat = seat
            if self._block:
                if not self._plain:
                    restrictions.broken(self, action)
                else:
                    suit = self._suit_of[action]
                    if suit != self._led and self._block & self._suit_masks[suit]:
                        self._block &= ~self._suit_masks[suit]
        trick.append(action)
        if len(trick) < self._trick_size:
            self._turn = self._next[seat]
            return
        # The trick is complete.
        winner = self._win_seat
        self._tricks_won[winner] += 1
        self._trick_count += 1
        if self._event_cards:
            self._check_events(trick)
        if self.observer is not None:
            by_trump = self._best >= 2 * self._deck_size and self._led != self._trump
            rankless = bool(self._rankless_tricks >> (sum(self._tricks_won) - 1) & 1)  # this trick's bit
            self.observer(
                TrickWon(self._trick_count, self._leader, tuple(trick), winner, by_trump, self._led, rankless)
            )
        if self.rules.play.draw is not None:
            self._draw_round(winner)
        self._trick = []
        self._restrict = ~self._block
        last = self._hand_size + self._draw_tricks
        if self._trick_count == last or (self._stop is not None and self._stop(self._played_facts())):
            self._score_hand()
        else:
            self._turn = winner

    def settle_play(self, plays: Sequence[int], tricks_won: Sequence[int], events: Sequence[Sequence[int]]) -> None:
        """Ends the play of the hand with the rest of its cards as `plays` (packed moves, `card << ACTION_SHIFT |
        seat`, in the order played), after which each seat has taken `tricks_won` tricks in all and trick event
        `e` has happened `events[e][seat]` times to each seat, then scores the hand. For playouts that work the
        cards, tricks and events out themselves (`players.batch`, many worlds at once): nothing is checked card by
        card. Only where the play runs to the last card as dealt (no `play.stop_when`, no `play.draw`), and in a
        game nobody watches (no `observer`: the cards would reach it as no event)."""
        play = self.rules.play
        if self._phase != PLAY or play.stop_when is not None or play.draw is not None:
            raise ValueError("settle_play needs a hand in play that runs to its last card (no stop_when, no draw)")
        if self.observer is not None:
            raise ValueError("settle_play is for imagined games: this one has an observer, which would miss the cards")
        if plays and not self._trick and not self._trick_count and self.rules.trump.mode is TrumpMode.LED:
            self._trump_by_lead(plays[0] >> ACTION_SHIFT)  # the first card led names trump, as in `apply`
        self._moves.extend(plays)
        self._tricks_won[:] = tricks_won
        self._event_counts = [list(counts) for counts in events]
        self._trick_count = sum(tricks_won)
        self._trick = []
        hands = self._hands
        for code in plays:  # a seat sitting the hand out keeps its cards, as in play
            hands[code & SEAT_MASK] &= ~(1 << (code >> ACTION_SHIFT))
        if plays:
            self._turn = plays[-1] & SEAT_MASK
        self._score_hand()

    def _draw_round(self, winner: int) -> None:
        """`play.draw`: after a trick each seat draws a card from the stock, the first the face-up one; a trick
        after which there is nothing left to draw counts among the tricks taken once the stock was empty."""
        draw = self.rules.play.draw
        assert draw is not None
        stock = self._stock
        size = self._trick_size
        if self._drawn + size > len(stock):
            self._late_won[winner] += 1
            return
        seat = winner if draw.first is DrawFirst.WINNER else self._leader
        for turn in range(size):
            self._draw(seat, draw.face_up and not turn)
            seat = self._next[seat]
        if draw.face_up and self.observer is not None and self._drawn + size <= len(stock):
            self.observer(CardExposed(NO_SEAT, stock[self._drawn]))

    def _draw(self, seat: int, face_up: bool) -> None:
        """Gives `seat` the stock's next card (a draw after a trick, or the rest of a deal in stages), seen by
        everyone when `face_up` and otherwise by its drawer alone."""
        card = self._stock[self._drawn]
        self._drawn += 1
        self._hands[seat] |= 1 << card
        self._draws.append(card << ACTION_SHIFT | face_up * AUTO_BIT | seat)
        if self.observer is not None:
            self.observer(CardDrawn(seat, card, face_up))

    def _held_copy(self, action: int, legal: tuple[int, ...]) -> int:
        """`action`, or the same action with another copy of its card where only that copy may be used: a card
        is named by its code, and which copy a seat holds makes no difference to the game."""
        actions = self.rules.actions
        if action in legal or not 0 <= action < actions.size:
            return action
        return next((other for other in actions.copies(action) if other in legal), action)

    def _refuse_card(self, action: int, hand: int) -> IllegalAction | InvalidAction:
        actions = self.rules.actions
        if not 0 <= action < actions.size:
            return InvalidAction(f"{action} is not an action of this ruleset")
        if action >= self._deck_size:
            return IllegalAction(
                said("the play has begun: play a card, not {action}", action=actions.text(action)),
                rule=_("only cards in the play"),
            )
        return restrictions.refusal(self, hand, action, self._condition_facts)

    def apply_text(self, text: str, auto: bool = False) -> int:
        """Applies an action typed as text (`QH`, `bid 8`, `pass`, `trump H`, `give QS`); returns its id."""
        action = self.rules.actions.parse(text)
        self.apply(action, auto)
        return action

    def _record(self, action: int, auto: bool) -> None:
        self._moves.append(action << ACTION_SHIFT | auto * AUTO_BIT | self._turn)
        if self.observer is not None:
            hidden = self.rules.actions.kinds[action] in (GIVE, DISCARD)
            self.observer(ActionTaken(self._turn, action, auto, hidden, PHASES[self._phase]))

    def _advance(self) -> None:
        """Starts the hand's next phase, or the play once every phase is done."""
        self._stage += 1
        if self._stage < len(self._pipeline):
            self._pipeline[self._stage].start(self)
        else:
            self._start_play()

    # ----------------------------------------------------------------- dealing

    def _start_hand(self) -> None:
        rules = self.rules
        n = self._seats
        self._number += 1
        size = rules.fixed_hand_size or hand_size(rules, self._number, self._dealer, self._totals, self._seat_totals)
        self._hand_size = size
        raw = self._deals(self._number, self._dealer, size)
        if type(raw) is Deal:
            deal, stock = raw
        else:
            deal = tuple(tuple(cards) for cards in cast(Sequence[Sequence[Card]], raw))
            removed = rules.deal.removed
            held = {c for cards in deal for c in cards}
            stock = tuple(c for c in range(self._deck_size) if c not in held and not removed >> c & 1)
        self._deal = deal
        self._stock = stock
        bit = rules.deck.bits.__getitem__
        self._hands = [sum(map(bit, cards)) for cards in deal]
        self._moves = []
        self._stage = -1
        self._targets = ()
        self._given = _NO_GIFTS[n]
        self._passed_over = False
        self._bids = [0] * n
        self._bid_names = [NO_NAME] * n
        self._bid_max = rules.bidding.max
        self._passed = 0
        self._bid_count = 0
        self._blind_round = blind = rules.bidding.blind_round
        self._looked = 0 if blind else (1 << n) - 1
        self._blind_bidders = 0
        self._high_seat = NO_SEAT
        self._declarer = NO_SEAT
        self._turn = NO_SEAT  # until the hand's first phase gives someone the turn
        self._contract = [0] * rules.contract_size
        self._doubled = 0
        self._doubler = NO_SEAT
        self._passes_in_row = 0
        self._round = 0
        self._game = NO_GAME
        self._taken = 0
        self._discards = 0
        self._announced = 0
        self._offer = 0
        self._shown = [0] * self._seats
        if self._outs:
            self._next = rules.seating.next_seat
        self._outs = 0
        self._dummy = NO_SEAT
        self._open = NO_SEAT
        self._trick_size = n
        self._drawn = 0
        self._draws = []
        self._late_won = [0] * n
        self._draw_tricks = len(stock) // n if rules.play.draw is not None else rules.held_size(size) - size
        if rules.deal.dealer_sits_out:
            self._outs = self._passed = 1 << self._dealer  # no cards, no bid, no turn: as if passed throughout
            self._next = rules.seating.next_skipping(self._outs)
            self._trick_size = n - 1
        self._trump = NO_SUIT
        self._block = 0
        self._breaks = ()
        self._restrict = -1
        self._allowed = -1
        self._trick = []
        self._leader = NO_SEAT
        self._led = NO_SUIT
        self._row = ()
        self._best = 0
        self._win_seat = NO_SEAT
        self._tricks_won = [0] * n
        self._trick_count = 0
        self._rankless_tricks = 0
        self._event_cards = ()
        self._event_counts = [[0] * n for _ in rules.events]
        holder, exposed = self._exposure(deal, stock) if rules.deal.exposure is not None else (NO_SEAT, ())
        self._exposed = exposed
        trump = rules.trump
        if trump.mode is TrumpMode.FIXED:
            assert trump.suit is not None
            self._trump = trump.suit
        elif trump.mode is TrumpMode.EXPOSED and exposed:
            self._trump = trump.mapping[rules.deck.suit_of[exposed[0]]]
        observer = self.observer
        if observer is not None:
            observer(HandStarted(self._number, self._dealer))
            for seat in range(n):
                observer(CardsDealt(seat, deal[seat]))
            if exposed:
                observer(CardExposed(holder, exposed[0]))
            if self._trump != NO_SUIT:
                observer(TrumpSet(self._trump, None))
        self._advance()

    def _exposure(self, deal: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...]) -> tuple[int, tuple[Card, ...]]:
        """The card the rules show to everyone (none if its stock is empty), and its holder (-1: the stock)."""
        exposure = self.rules.deal.exposure
        if exposure is None:
            return NO_SEAT, ()
        if exposure.seat_offset is None:
            return (NO_SEAT, (stock[exposure.card - 1],)) if len(stock) >= exposure.card else (NO_SEAT, ())
        holder = (self._dealer + self.rules.direction * exposure.seat_offset) % self._seats
        return holder, (deal[holder][exposure.card - 1],)

    # -------------------------------------------------------------------- play

    def _use_trump(self) -> None:
        """Sets the play's tables (strengths, suits, lead bans, trick events) for the hand's trump or game."""
        rules = self.rules
        start = rules.tables(self._trump, self._game)
        self._strength = start.strength
        if rules.remapped:
            self._suit_of = start.suit_of
            self._suit_masks = start.suit_masks
        self._block = start.blocked
        self._breaks = start.breaks
        self._restrict = ~start.blocked
        self._event_cards = start.events

    def _trump_by_lead(self, card: Card) -> None:
        """`trump.mode: led`: the hand's first card names trump, before it is placed."""
        self._trump = self.rules.deck.suit_of[card]
        self._use_trump()
        if self.observer is not None:
            self.observer(TrumpSet(self._trump, self._turn))

    def _start_play(self) -> None:
        rules = self.rules
        self._use_trump()
        if rules.play.dummy and self._declarer != NO_SEAT:
            self._dummy = rules.seating.partner[self._declarer]
        open_hand = rules.play.open_hand
        if open_hand is not None and self._declarer != NO_SEAT and open_hand(self._facts()):
            self._open = self._declarer
        lead = rules.play.first_lead
        if lead is FirstLead.DECLARER:
            self._turn = self._declarer
        elif lead is FirstLead.AFTER_DEALER:
            self._turn = self._next[self._dealer]
        elif lead is FirstLead.AFTER_DECLARER:
            self._turn = self._next[self._declarer]
        elif lead is FirstLead.HOLDER:
            card = rules.play.first_card
            assert card is not None
            self._turn = next((s for s in range(self._seats) if self._hands[s] & (1 << card)), self._next[self._dealer])
        else:
            self._turn = self._dealer
        self._phase = PLAY

    def _check_events(self, trick: list[Card]) -> None:
        for event in self._event_cards:
            if event.first in trick and event.then in trick:
                i = trick.index(event.first)
                j = trick.index(event.then)
                if i >= j:
                    continue
                side_of = self._side_of
                first_seat = self._seat_in_trick(i)
                then_seat = self._seat_in_trick(j)
                # Only `anyone` is allowed at a table without sides (the builder checks), and sides share out every
                # seat, so every seat here has a side when the relation is read.
                same_side = side_of[first_seat] == side_of[then_seat]
                relation = event.by
                if (relation is Relation.OPPONENT and same_side) or (relation is Relation.PARTNER and not same_side):
                    continue
                self._event_counts[event.index][then_seat] += 1
                if self.observer is not None:
                    name = self.rules.events[event.index].name
                    self.observer(TrickEventHappened(name, then_seat, self._trick_count))

    def _seat_in_trick(self, position: int) -> int:
        """The seat that played the trick's card at `position` (0: the leader), skipping a seat that sits out."""
        seat = self._leader
        for _step in range(position):
            seat = self._next[seat]
        return seat

    # ----------------------------------------------------------------- scoring

    def _facts(self) -> Facts:
        """The hand's facts for expressions; they share the engine's lists, which expressions only read.

        One `Facts` per game is refreshed each time, as it is needed once or twice a hand: facts no
        expression of the ruleset reads (who has bid, who passed, the cards dealt) stay blank, and
        card-level facts are added by `_fill_card_facts`.
        """
        rules = self.rules
        n = self._seats
        facts = self._sheet
        if facts is None:
            facts = self._sheet = Facts.blank(rules.seating, rules.deck)
        sides = facts.side_seats
        declarer = self._declarer
        bids = self._bids
        won = self._tricks_won
        seating = rules.seating
        estimates = rules.bidding.estimates is not None
        level = level_of(seating, self._contract, declarer)
        facts.seat_contract = contracts(seating, bids, declarer, level, estimates)[1]
        facts.hand_side = [0] * len(sides)
        facts.hand_seat = [0] * n
        facts.bids = bids
        facts.bid_names = self._bid_names
        uses = rules.uses
        if "passed" in uses:
            passed = self._passed
            facts.passed = [bool(passed & (1 << s)) for s in range(n)]
        if "has_bid" in uses:
            facts.has_bid = self._has_bid()
        if sides:
            facts.contract = self._contract
            facts.side_tricks = [sum(map(won.__getitem__, members)) for members in sides]
        facts.tricks = won
        if "held" in uses:
            facts.held = self._hands
            facts.suit_cards = self._suit_masks
        if "led_suit" in uses:
            facts.led_suit = self._led if self._trick else NO_SUIT
        if "tricks_after_stock" in uses:
            late = self._late_won
            facts.late_tricks = late
            facts.side_late_tricks = [sum(map(late.__getitem__, members)) for members in sides]
        facts.totals_side = self._totals
        facts.totals_seat = self._seat_totals
        facts.dealer = self._dealer
        facts.declarer = declarer
        facts.declaring_side = facts.side_of[declarer]
        facts.trump = self._trump
        facts.trump_round = self._round
        facts.turn = self._turn
        facts.outs = self._outs
        facts.game = self._game
        facts.doubled = self._doubled
        facts.exchanged = self._taken != 0
        if "trump_run" in uses:
            tables = rules.tables(self._trump, self._game)
            stock = rules.deck.mask(self._stock)
            facts.trump_runs = [tables.trump_run(rules.deck.mask(held) | stock) for held in self._deal]
        facts.announced = self._announced
        facts.shown = self._shown
        if "stock_points" in rules.uses:
            worth = rules.scoring.card_points
            stock = rules.deck.mask(self._stock) & ~self._taken | self._discards
            facts.stock_points = sum(worth[card] for card in rules.deck.cards(stock)) if worth else 0
        facts.hand_number = self._number
        facts.hands_played = self._played
        facts.hand_size = rules.held_size(self._hand_size)
        facts.counters = self._counters
        facts.events = self._event_counts
        if rules.reads_deal or rules.reads_cards:
            cards = facts.fresh_cards()
            cards.dealt = self._dealt()
            cards.sum_sides(sides)
        return facts

    def _dealt(self) -> list[CardMask]:
        """Each seat's cards dealt this hand as masks: the deal, and the rest of a deal in stages (`deal.rest`)."""
        dealt = [self.rules.deck.mask(held) for held in self._deal]
        if self.rules.deal.rest is not None:
            for code in self._draws:
                dealt[code & SEAT_MASK] |= 1 << (code >> ACTION_SHIFT)
        return dealt

    def _has_bid(self) -> list[bool]:
        """Which seats have bid or declared so far this hand. With estimates after the auction, once trump is
        named it is who has estimated (the declarer counts as bound to its bid): an outbid bid is not an
        estimate."""
        actions = self.rules.actions
        kinds = actions.kinds
        estimates = self.rules.bidding.estimates is not None
        out = [False] * self._seats
        for code in self._moves:
            kind = kinds[code >> ACTION_SHIFT]
            if kind == ActionKind.BID:  # a pass, and a look in a blind round, is a PASS
                out[code & SEAT_MASK] = True
            elif estimates and kind in (ActionKind.TRUMP, ActionKind.GAME):
                out = [seat == self._declarer for seat in range(self._seats)]
        return out

    def _condition_facts(self) -> Facts:
        """The facts a condition read before a card needs: with the cards played and taken only when one reads
        them (they cost a pass over the hand's moves)."""
        return self._played_facts() if self.rules.conditions_read_cards else self._facts()

    def _played_facts(self) -> Facts:
        """The hand's facts with what the tricks so far hold (who took and played which card, card points)."""
        facts = self._facts()
        if self.rules.reads_cards:
            self._fill_card_facts(facts)
        return facts

    def _score_hand(self) -> None:
        rules = self.rules
        self._played += 1
        facts = self._played_facts()
        score = score_hand(rules, facts)
        totals = self._totals
        totals[:] = map(add, totals, score.sides)
        if rules.personal:
            seat_totals = self._seat_totals
            seat_totals[:] = map(add, seat_totals, score.seats)
        counters = [list(values) for values in score.counters]
        self._counters = counters
        facts.counters = counters
        if self.observer is not None:
            personal = rules.personal
            self.observer(
                HandScored(
                    score.lines,
                    score.sides,
                    self.totals,
                    score.seats if personal else None,
                    self.seat_totals,
                )
            )
        self._finish_hand(False, "", score.lines, score.sides, score.seats)
        winner = match_winner(rules, facts)
        if winner is not None:
            self._end(winner, self._won_words(winner))
            return
        move = rules.dealer.after_hand
        if self._played % rules.dealer.deals_each:
            move = 0
        self._next_hand(move)

    def _won_words(self, winner: tuple[int, ...]) -> Said:
        """How the end of the match is told in a record: a side won, a player won, or players share the win (a
        reader's language tells it from the winners, `book.story.won_words`)."""
        seating = self.rules.seating
        sides = {seating.side_of[seat] for seat in winner}
        side = sides.pop() if len(sides) == 1 else -1
        if side >= 0 and len(winner) == len(seating.sides[side]):
            return Said(f"{seating.side_names[side]} won")
        names = " and ".join(seating.seat_label(seat) for seat in winner)
        return Said(f"{names} won" if len(winner) == 1 else f"{names} share the win")

    def _fill_card_facts(self, facts: Facts) -> None:
        """Who played and who took each card, each seat's cards and points taken, and the first and last tricks'
        winners."""
        size = self._deck_size
        points = self.rules.scoring.card_points
        plays = [code for code in self._moves if code >> ACTION_SHIFT < size]
        by_led = self._strength
        suit_of = self._suit_of
        per_trick = self._trick_size
        cards = facts.cards
        player = cards.player
        taker = cards.taker
        taken = [0] * self._seats
        won_points = [0] * self._seats
        won_tricks: list[tuple[int, CardMask]] = []
        melds = self.rules.melds
        in_tricks = melds is not None and melds.source is MeldSource.TRICKS  # each trick's cards kept only then
        rankless = self._rankless_tricks
        for start in range(0, len(plays), per_trick):
            trick = plays[start : start + per_trick]
            # A trick led with a card of no rank: the next card sets the suit, and the lead claims nothing.
            claims = trick[1:] if rankless >> (start // per_trick) & 1 and len(trick) > 1 else trick
            row = by_led[suit_of[claims[0] >> ACTION_SHIFT]]
            best = -1
            winner = NO_SEAT
            for code in claims:
                if row[code >> ACTION_SHIFT] > best:
                    best = row[code >> ACTION_SHIFT]
                    winner = code & SEAT_MASK
            for code in trick:
                card = code >> ACTION_SHIFT
                player[card] = code & SEAT_MASK
                taker[card] = winner
                taken[winner] |= 1 << card
                if points:
                    won_points[winner] += points[card]
            if start == 0:
                cards.first_trick = winner
            cards.last_trick = winner
            if in_tricks:
                won_tricks.append((winner, sum(1 << (code >> ACTION_SHIFT) for code in trick)))
        cards.taken = taken
        cards.points = won_points
        if melds is not None:
            cards.melds = self._meld_points(melds, facts, won_tricks)
        cards.sum_sides(self.rules.seating.sides)

    def _meld_points(self, melds: MeldRules, facts: Facts, won_tricks: list[tuple[int, CardMask]]) -> list[int]:
        """Each seat's points from its melds this hand, found where the rules say (`melds.source`)."""
        rules = self.rules
        if melds.source is MeldSource.TRICKS:
            return trick_meld_points(melds, rules.deck, self._seats, won_tricks, self._trump, self._game)
        held = facts.shown if melds.source is MeldSource.SHOWN else self._dealt()
        return meld_points(melds, rules.deck, rules.seating, self._dealer, held, self._trump, self._game)

    def _cancel(self, reason: Said) -> None:
        if self.observer is not None:
            self.observer(HandCancelled(reason))
        sides = len(self.rules.seating.sides)
        self._finish_hand(True, str(reason), (), (0,) * sides, (0,) * self._seats)
        ends = self.rules.match.ends
        if ends is not None:
            # A match of so many hands counts thrown-in hands too (the totals did not move, so `wins` would not).
            facts = self._facts()
            winner = match_winner(self.rules, facts) if ends(facts, None) else None
            if winner is not None:
                self._end(winner, self._won_words(winner))
                return
        self._next_hand(self.rules.dealer.after_cancelled)

    def _finish_hand(
        self,
        cancelled: bool,
        reason: str,
        lines: tuple[ScoreLine, ...],
        side_score: tuple[int, ...],
        seat_score: tuple[int, ...],
    ) -> None:
        personal = self.rules.personal
        result = HandResult(
            self._number,
            self._dealer,
            self._deal,
            self._stock,
            self._exposed,
            tuple(self._moves),
            cancelled,
            reason,
            self._trump,
            self._declarer,
            tuple(self._contract),
            tuple(self._tricks_won),
            side_score,
            seat_score if personal else None,
            tuple(self._totals),
            tuple(self._seat_totals) if personal else None,
            lines,
            tuple(map(tuple, self._counters)),
            tuple(map(tuple, self._event_counts)),
        )
        self._history.append(result)
        self._standing = (result.totals, result.seat_totals, result.counters)

    def _next_hand(self, move: int) -> None:
        if self._number >= self.hand_cap:
            capped = said("the hand cap of {count} hands was reached", count=self.hand_cap)
            self._end(None, capped if self.hand_cap != 1 else said("the hand cap of 1 hand was reached"))
            return
        self._dealer = (self._dealer + self.rules.direction * move) % self._seats
        self._start_hand()

    def _end(self, winner: tuple[int, ...] | None, reason: Said) -> None:
        self._winner = winner
        self._end_reason = str(reason)
        self._phase = OVER
        if self.observer is not None:
            self.observer(MatchEnded(winner, reason))

"""The one generic engine: a state machine that deals, bids, sets trump, plays and scores as `Rules` say.

Hands are bitmasks, legal plays come from mask arithmetic and per-suit tables,
and each hand's deal is a pure function of the match seed and the hand number,
so a game holds no random generator and `clone()` is a handful of list copies.
Nothing here names a game: every decision reads the compiled rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import limits
from ..errors import IllegalAction, InvalidAction
from ..ruleset.deck import Card
from ..ruleset.rules import BiddingKind, FirstLead, Relation, Rules, TrumpMode
from .dealing import first_dealer, seeded_deal
from .events import (
    ActionTaken,
    CardExposed,
    CardsDealt,
    ContractSet,
    HandCancelled,
    HandScored,
    HandStarted,
    MatchEnded,
    ScoreLine,
    TrickEventHappened,
    TrickWon,
    TrumpSet,
)
from .facts import NO_NAME, NO_SEAT, NO_SUIT, Facts
from .history import HandResult, unpack
from .refusals import refuse_bid, refuse_play, timeout_action
from .scoring import match_winner, score_hand
from .seats import SIDE_NAMES
from .state import BIDDING, OVER, PHASES, PLAY, TRUMP, DealSource, GameState, Observer
from .view import SeatView


class Game(GameState):
    """A match under one ruleset: `legal_actions()`, `apply()`, `view(seat)`, `clone()`, scores and records.

    The fields, their read-only queries and copies live in `GameState`; this class holds the transitions.
    """

    __slots__ = ()

    def __init__(
        self,
        rules: Rules,
        seed: int = 0,
        *,
        deals: DealSource | None = None,
        dealer: int | None = None,
        hand_cap: int = limits.DEFAULT_HAND_CAP,
        observer: Observer | None = None,
        start: tuple[Sequence[int], Sequence[int] | None, Sequence[Sequence[int]]] | None = None,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.hand_cap = hand_cap
        self.observer = observer
        self._deals = deals or (lambda number, dealer_seat: seeded_deal(rules, seed, number, dealer_seat))
        self._dir = rules.direction
        self._next = rules.next_seat
        self._suit_of = rules.deck.suit_of
        self._suit_masks = rules.deck.suit_masks
        self._hand_size = rules.hand_size
        self._deck_size = rules.deck.size
        self._cards = rules.deck.cards
        self._runs = rules.deck.runs
        self._shifts = rules.deck.shifts
        self._follow = rules.play.follow_suit
        self._strength = rules.deck.strength
        self._dealer = first_dealer(rules, seed) if dealer is None else dealer
        if start is None:
            self._number = 0
            self._totals = [0, 0]
            self._seat_totals = [0, 0, 0, 0]
            self._counters = [[c.start] * (2 if c.per == "side" else 4) for c in rules.counters]
        else:
            totals, seat_totals, counters = start
            self._totals = list(totals)
            self._seat_totals = list(seat_totals) if seat_totals is not None else [0, 0, 0, 0]
            self._counters = [list(values) for values in counters]
        self._history = []
        self._winner = None
        self._end_reason = ""
        self._standing = (self.totals, self.seat_totals, self.counters)
        self._start_hand()

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        deal: Sequence[Sequence[Card]],
        dealer: int,
        hand_number: int,
        totals: Sequence[int],
        seat_totals: Sequence[int] | None,
        counters: Sequence[Sequence[int]],
        moves: Sequence[int] = (),
        seed: int = 0,
        hand_cap: int = limits.DEFAULT_HAND_CAP,
    ) -> Game:
        """A game at a position of some match: its standing before this hand, this hand's deal, the moves so far.

        Players build the worlds they imagine this way (a deal sampled from
        their own view); later hands, if any, are dealt from `seed`.
        """
        dealt = tuple(tuple(cards) for cards in deal)

        def deals(number: int, dealer_seat: int) -> Sequence[Sequence[Card]]:
            return dealt if number == hand_number else seeded_deal(rules, seed, number, dealer_seat)

        game = cls.__new__(cls)
        game._number = hand_number - 1
        cls.__init__(
            game, rules, seed, deals=deals, dealer=dealer, hand_cap=hand_cap, start=(totals, seat_totals, counters)
        )
        position = 0
        while position < len(moves):
            if game.moves_made <= position:
                packed = moves[position]
                game.apply(packed >> 3, bool(packed & 4))
            position += 1
        return game

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
            self.legal_actions() if turn == seat else (),
            self.rules.deck.cards(hands[seat]) if self._looked >> seat & 1 else (),
            self._number,
            self._dealer,
            self._exposed,
            tuple(self._moves),
            self._trump,
            self._declarer,
            (self._contract[0], self._contract[1]),
            tuple(self._trick),
            self._leader,
            tuple(self._tricks_won),
            (hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(), hands[3].bit_count()),
            *self._standing,
            self._winner,
        )

    def legal_actions(self) -> tuple[int, ...]:
        """The actions the seat to act may take, sorted; empty when the match is over."""
        phase = self._phase
        if phase == PLAY:
            hand = self._hands[self._turn]
            allowed = hand & self._restrict
            if not allowed or allowed == hand:
                return self._cards(hand)
            if self._trick:
                led = self._led
                return self._runs[led][allowed >> self._shifts[led]]
            return self._cards(allowed)
        if phase == BIDDING:
            return self._bid_actions()
        if phase == TRUMP:
            return self.rules.actions.trump_choices
        return ()

    def default_action(self) -> int:
        """The move the rules make for a seat whose time ran out (the ruleset's `timeout`)."""
        return timeout_action(self)

    # ----------------------------------------------------------------- actions

    def apply(self, action: int, auto: bool = False) -> None:
        """Applies one action of the seat to act; raises `IllegalAction` naming the rule it breaks."""
        if self._phase != PLAY:
            if self._phase == BIDDING:
                self._bid(action, auto)
            elif self._phase == TRUMP:
                self._choose_trump(action, auto)
            else:
                raise IllegalAction("the match is over: no more actions", rule="match over")
            return
        # The play path is written out here: it runs for every card of every simulated hand.
        seat = self._turn
        hand = self._hands[seat]
        allowed = hand & self._restrict or hand
        if action < 0 or not allowed >> action & 1:
            raise refuse_play(self, action)
        self._hands[seat] = hand ^ (1 << action)
        self._moves.append(action << 3 | auto << 2 | seat)
        if self.observer is not None:
            self.observer(ActionTaken(seat, action, auto))
        trick = self._trick
        if not trick:
            suit = self._suit_of[action]
            self._restrict = self._suit_masks[suit] if self._follow else -1
            self._led = suit
            self._leader = seat
            row = self._row = self._strength[self._trump + 1][suit]
            self._best = row[action]
            self._win_seat = seat
        else:
            claim = self._row[action]
            if claim > self._best:
                self._best = claim
                self._win_seat = seat
            if self._block:
                suit = self._suit_of[action]
                if suit != self._led and self._block & self._suit_masks[suit]:
                    self._block &= ~self._suit_masks[suit]
        trick.append(action)
        if len(trick) == 4:
            self._finish_trick()
        else:
            self._turn = self._next[seat]

    def apply_text(self, text: str, auto: bool = False) -> int:
        """Applies an action typed as text (`QH`, `bid 8`, `pass`, `trump H`); returns its id."""
        action = self.rules.actions.parse(text)
        self.apply(action, auto)
        return action

    def _record(self, action: int, auto: bool) -> None:
        self._moves.append(action << 3 | auto << 2 | self._turn)
        if self.observer is not None:
            self.observer(ActionTaken(self._turn, action, auto))

    # ----------------------------------------------------------------- dealing

    def _start_hand(self) -> None:
        rules = self.rules
        self._number += 1
        raw = self._deals(self._number, self._dealer)
        deal = raw if type(raw) is tuple and type(raw[0]) is tuple else tuple(tuple(cards) for cards in raw)
        self._deal = deal
        bit = rules.deck.bits.__getitem__
        self._hands = [sum(map(bit, cards)) for cards in deal]
        self._moves = []
        self._bids = [0, 0, 0, 0]
        self._bid_names = [NO_NAME] * 4
        self._passed = 0
        self._bid_count = 0
        self._blind_round = rules.bidding.blind_round
        self._looked = 0 if self._blind_round else 15
        self._blind_bidders = 0
        self._high_seat = NO_SEAT
        self._declarer = NO_SEAT
        self._contract = [0, 0]
        self._trump = NO_SUIT
        self._block = 0
        self._restrict = -1
        self._trick = []
        self._leader = NO_SEAT
        self._led = NO_SUIT
        self._row = ()
        self._best = 0
        self._win_seat = NO_SEAT
        self._tricks_won = [0, 0, 0, 0]
        self._trick_count = 0
        self._event_cards = ()
        self._event_counts = [[0, 0, 0, 0] for _ in rules.events]
        exposure = rules.exposure
        exposed: tuple[Card, ...] = ()
        if exposure is not None:
            holder = (self._dealer + self._dir * exposure.seat_offset) % 4
            exposed = (deal[holder][exposure.card - 1],)
        self._exposed = exposed
        trump = rules.trump
        if trump.mode is TrumpMode.FIXED:
            assert trump.suit is not None
            self._trump = trump.suit
        elif trump.mode is TrumpMode.EXPOSED:
            self._trump = trump.mapping[self._suit_of[exposed[0]]]
        self._phase = BIDDING
        self._turn = (self._dealer + self._dir) % 4
        observer = self.observer
        if observer is not None:
            observer(HandStarted(self._number, self._dealer))
            for seat in range(4):
                observer(CardsDealt(seat, deal[seat]))
            if exposure is not None:
                observer(CardExposed((self._dealer + self._dir * exposure.seat_offset) % 4, exposed[0]))
            if self._trump != NO_SUIT:
                observer(TrumpSet(self._trump, None))

    # ----------------------------------------------------------------- bidding

    def _bid_actions(self) -> tuple[int, ...]:
        actions = self.rules.actions
        if self.rules.bidding.kind is BiddingKind.DECLARATIONS:
            return actions.blind_choices if self._blind_round else actions.declarations
        if self._high_seat == NO_SEAT:
            return actions.auction_from[self.rules.bidding.min]
        return actions.auction_from[self._bids[self._high_seat] + 1]

    def _bid(self, action: int, auto: bool) -> None:
        rules = self.rules
        actions = rules.actions
        if action < 0 or action >= actions.size:
            raise InvalidAction(f"{action} is not an action of this ruleset")
        if action not in self._bid_actions():
            raise refuse_bid(self, action)
        seat = self._turn
        self._record(action, auto)
        if rules.bidding.kind is BiddingKind.DECLARATIONS:
            self._declare(seat, action)
            return
        if action == actions.pass_action:
            self._passed |= 1 << seat
        else:
            self._bids[seat] = actions.bid_values[action]
            self._high_seat = seat
            if self._bids[seat] >= rules.bidding.ends_at:
                self._auction_won()
                return
        self._auction_next(seat)

    def _declare(self, seat: int, action: int) -> None:
        """A declaration, or in a blind round a blind bid or a pass (which means: I look at my cards)."""
        actions = self.rules.actions
        if action != actions.pass_action:
            self._bids[seat] = actions.bid_values[action]
            self._bid_names[seat] = actions.name_index[action]
            if self._blind_round:
                self._blind_bidders |= 1 << seat
        if self._blind_round:
            self._looked |= 1 << seat
        self._bid_count += 1
        if self._bid_count < 4:
            self._turn = self._next_declarer(seat)
            return
        if not self._blind_round:
            self._bidding_done()
            return
        self._blind_round = False
        self._bid_count = self._blind_bidders.bit_count()
        if self._bid_count == 4:
            self._bidding_done()
        else:
            self._turn = self._next_declarer(self._dealer)

    def _next_declarer(self, seat: int) -> int:
        """The next seat to declare; the regular round skips those who bid blind."""
        nxt = (seat + self._dir) % 4
        while not self._blind_round and self._blind_bidders >> nxt & 1:
            nxt = (nxt + self._dir) % 4
        return nxt

    def _auction_next(self, seat: int) -> None:
        passed = self._passed
        remaining = 4 - passed.bit_count()
        if self._high_seat != NO_SEAT:
            if remaining == 1:
                self._auction_won()
                return
        elif remaining == 0:
            self._cancel("every player passed")
            return
        elif remaining == 1 and self.rules.bidding.all_pass == "force":
            forced_bid = self.rules.bidding.forced_bid
            assert forced_bid is not None
            last = (~passed & 15).bit_length() - 1
            self._turn = last
            self._record(self.rules.actions.bid(forced_bid), True)
            self._bids[last] = forced_bid
            self._high_seat = last
            self._auction_won()
            return
        direction = self._dir
        nxt = (seat + direction) % 4
        while passed >> nxt & 1:
            nxt = (nxt + direction) % 4
        self._turn = nxt

    def _auction_won(self) -> None:
        declarer = self._high_seat
        self._declarer = declarer
        self._contract[declarer & 1] = self._bids[declarer]
        if self.observer is not None:
            self.observer(ContractSet(declarer, self._bids[declarer]))
        self._bidding_done()

    def _bidding_done(self) -> None:
        rules = self.rules
        if rules.bidding.kind is BiddingKind.DECLARATIONS:
            bids = self._bids
            self._contract = [bids[0] + bids[2], bids[1] + bids[3]]
        cancel_if = rules.bidding.cancel_if
        if cancel_if is not None and cancel_if(self._facts()):
            self._cancel(f"bidding.cancel_if holds: {cancel_if.source.strip()}")
            return
        if rules.trump.mode is TrumpMode.CHOSEN:
            self._phase = TRUMP
            self._turn = self._declarer
            return
        self._start_play()

    def _choose_trump(self, action: int, auto: bool) -> None:
        actions = self.rules.actions
        if not (0 <= action < actions.size) or actions.kinds[action] != "trump":
            raise IllegalAction(
                "the declarer must now choose trump, not "
                + (actions.text(action) if 0 <= action < actions.size else str(action)),
                rule="trump is chosen after the auction",
            )
        suit = actions.suit_of_trump(action)
        if suit not in self.rules.trump.suits:
            allowed = " ".join(self.rules.deck.suits[s].symbol for s in self.rules.trump.suits)
            raise IllegalAction(f"trump must be one of {allowed}", rule="trump.suits")
        self._record(action, auto)
        self._trump = suit
        if self.observer is not None:
            self.observer(TrumpSet(suit, self._turn))
        self._start_play()

    # -------------------------------------------------------------------- play

    def _start_play(self) -> None:
        rules = self.rules
        start = rules.play_start[self._trump + 1]
        self._block = start.blocked
        self._restrict = ~start.blocked
        self._event_cards = start.events
        lead = rules.play.first_lead
        if lead is FirstLead.DECLARER:
            self._turn = self._declarer
        elif lead is FirstLead.AFTER_DEALER:
            self._turn = (self._dealer + self._dir) % 4
        else:
            self._turn = self._dealer
        self._phase = PLAY

    def _finish_trick(self) -> None:
        winner = self._win_seat
        self._tricks_won[winner] += 1
        self._trick_count += 1
        trick = self._trick
        if self._event_cards:
            self._check_events(trick)
        if self.observer is not None:
            by_trump = self._best >= 2 * self._deck_size and self._led != self._trump
            self.observer(TrickWon(self._trick_count, self._leader, tuple(trick), winner, by_trump))
        self._trick = []
        self._restrict = ~self._block
        if self._trick_count == self._hand_size:
            self._score_hand()
        else:
            self._turn = winner

    def _check_events(self, trick: list[Card]) -> None:
        leader = self._leader
        for event in self._event_cards:
            if event.first in trick and event.then in trick:
                i = trick.index(event.first)
                j = trick.index(event.then)
                if i >= j:
                    continue
                first_seat = (leader + self._dir * i) % 4
                then_seat = (leader + self._dir * j) % 4
                same_side = (first_seat & 1) == (then_seat & 1)
                relation = event.by
                if (relation is Relation.OPPONENT and same_side) or (relation is Relation.PARTNER and not same_side):
                    continue
                self._event_counts[event.index][then_seat] += 1
                if self.observer is not None:
                    name = self.rules.events[event.index].name
                    self.observer(TrickEventHappened(name, then_seat, self._trick_count))

    # ----------------------------------------------------------------- scoring

    def _facts(self) -> Facts:
        """The hand's facts for expressions; they share the engine's lists, which expressions only read."""
        declarer = self._declarer
        passed = self._passed
        won = self._tricks_won
        return Facts(
            self._dealer,
            declarer,
            declarer & 1 if declarer != NO_SEAT else NO_SEAT,
            self._trump,
            self._number,
            self._bids,
            self._bid_names,
            [passed & 1 == 1, passed & 2 == 2, passed & 4 == 4, passed & 8 == 8],
            self._contract,
            won,
            [won[0] + won[2], won[1] + won[3]],
            self._totals,
            self._seat_totals,
            [0, 0],
            [0, 0, 0, 0],
            self._counters,
            self._event_counts,
        )

    def _score_hand(self) -> None:
        rules = self.rules
        facts = self._facts()
        if rules.reads_cards:
            self._fill_card_facts(facts)
        score = score_hand(rules, facts)
        sides, seats = score.sides, score.seats
        totals = self._totals
        totals[0] += sides[0]
        totals[1] += sides[1]
        if rules.personal:
            seat_totals = self._seat_totals
            for seat in range(4):
                seat_totals[seat] += seats[seat]
        self._counters = facts.counters = [list(values) for values in score.counters]
        if self.observer is not None:
            self.observer(HandScored(score.lines, sides, self.totals))
        self._finish_hand(False, "", score.lines, sides, seats)
        winner = match_winner(rules, facts)
        if winner is not None:
            self._end(winner, f"{SIDE_NAMES[winner]} won")
            return
        self._next_hand(rules.dealer.after_hand)

    def _fill_card_facts(self, facts: Facts) -> None:
        plays = [m for m in unpack(self._moves) if m.action < self._deck_size]
        by_led = self._strength[self._trump + 1]
        for start in range(0, len(plays), 4):
            trick = plays[start : start + 4]
            row = by_led[self._suit_of[trick[0].action]]
            best = max(trick, key=lambda move: row[move.action])
            for move in trick:
                facts.player[move.action] = move.seat
                facts.taker[move.action] = best.seat

    def _cancel(self, reason: str) -> None:
        if self.observer is not None:
            self.observer(HandCancelled(reason))
        self._finish_hand(True, reason, (), (0, 0), (0, 0, 0, 0))
        self._next_hand(self.rules.dealer.after_cancelled)

    def _finish_hand(
        self,
        cancelled: bool,
        reason: str,
        lines: tuple[ScoreLine, ...],
        side_score: tuple[int, int],
        seat_score: tuple[int, int, int, int],
    ) -> None:
        personal = self.rules.personal
        result = HandResult(
            self._number,
            self._dealer,
            self._deal,
            self._exposed,
            tuple(self._moves),
            cancelled,
            reason,
            self._trump,
            self._declarer,
            (self._contract[0], self._contract[1]),
            tuple(self._tricks_won),
            side_score,
            seat_score if personal else None,
            (self._totals[0], self._totals[1]),
            tuple(self._seat_totals) if personal else None,
            lines,
            tuple(map(tuple, self._counters)),
            tuple(map(tuple, self._event_counts)),
        )
        self._history.append(result)
        self._standing = (result.totals, result.seat_totals, result.counters)

    def _next_hand(self, move: int) -> None:
        if self._number >= self.hand_cap:
            self._end(None, f"the hand cap of {self.hand_cap} hands was reached")
            return
        self._dealer = (self._dealer + self._dir * move) % 4
        self._start_hand()

    def _end(self, winner: int | None, reason: str) -> None:
        self._winner = winner
        self._end_reason = reason
        self._phase = OVER
        if self.observer is not None:
            self.observer(MatchEnded(winner, reason))

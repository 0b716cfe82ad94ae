"""The state a match carries: every field of a `Game`, the read-only queries on them, and cheap copies.

`Game` (in `game.py`) adds the transitions - dealing, the phases of a hand,
play and scoring; keeping the data and its reading here leaves the state
machine one job. Sizes come from the table (`rules.seating`), never from a
fixed four.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Self

from ..cards import Card, CardMask
from ..expr.facts import NO_SEAT, Facts
from ..ruleset.rules import EventCards, Rules
from .dealing import Deal
from .events import Event
from .history import ACTION_SHIFT, AUTO_BIT, SEAT_MASK, HandResult, Move, unpack
from .kinds import OVER, PHASES, PhaseKind

if TYPE_CHECKING:
    from ..expr.compiler import Compiled
    from .phases import Phase

NO_GAME = -1
"""No named game: the hand is played under its trump suit (or none)."""

DealSource = Callable[[int, int, int], Deal | Sequence[Sequence[Card]]]
"""Gives the cards of hand `number` dealt by `dealer`, `size` cards each: a `Deal`, or just each seat's cards
in the order received (the rest of the deck is then the stock)."""

Observer = Callable[[Event], None]

Standing = tuple[tuple[int, ...], tuple[int, ...] | None, tuple[tuple[int, ...], ...]]
"""Totals per side, per seat (personal scoring) and counters as tuples: they change only between hands."""

Breaks = tuple[tuple[CardMask, bool, CardMask, CardMask], ...]
"""For each suit that may not be led until broken, under this hand's trump: the suit's cards, whether any
card of it breaks it (else only one played to a trick led in another suit), the other cards that break it,
and the cards that, held with it and nothing else, let it be led."""


class GameState:
    """The fields of a match in progress; hands are bitmasks and moves packed integers (see `history.pack`)."""

    rules: Rules
    seed: int
    hand_cap: int
    observer: Observer | None
    # Fixed for the match: taken from the rules once, read on every card.
    _deals: DealSource
    _seeded: bool
    """True when every deal comes from the match seed; False when the caller gave the deals."""
    _pipeline: tuple[Phase, ...]
    _seats: int
    _next: tuple[int, ...]
    _side_of: tuple[int, ...]
    _suit_of: tuple[int, ...]
    _suit_masks: tuple[CardMask, ...]
    _deck_size: int
    _cards: Callable[[CardMask], tuple[Card, ...]]
    _runs: tuple[tuple[tuple[Card, ...], ...], ...]
    _shifts: tuple[int, ...]
    _follow: bool
    _plain: bool
    _rankless: CardMask
    """Cards that count as no card when led only because the leader holds nothing else (`if_forced: no-rank`)."""
    _stop: Compiled | None
    """`play.stop_when`, read after every trick."""
    _strength: tuple[tuple[int, ...], ...]
    """Each card's claim on a trick by led suit, under this hand's trump or named game (`Rules.tables`)."""
    # The match.
    _phase: int
    _dealer: int
    _number: int
    _played: int
    """Hands played to their scoring in the match so far (hands thrown in before play do not count)."""
    _totals: list[int]
    _seat_totals: list[int]
    _counters: list[list[int]]
    _history: list[HandResult]
    _winner: tuple[int, ...] | None
    _end_reason: str
    _standing: Standing
    _sheet: Facts | None
    """The facts expressions read, refreshed each time they are needed (see `Game._facts`)."""
    # The hand.
    _deal: tuple[tuple[Card, ...], ...]
    _stock: tuple[Card, ...]
    _exposed: tuple[Card, ...]
    _hand_size: int
    _hands: list[CardMask]
    _moves: list[int]
    _turn: int
    _stage: int
    """Position in `_pipeline` of the phase in progress (== its length once play has started)."""
    # Passing.
    _targets: tuple[int, ...]
    _given: list[CardMask] | tuple[CardMask, ...]
    _passed_over: bool
    # Bidding.
    _bids: list[int]
    _bid_names: list[int]
    _bid_max: int
    _passed: int
    _bid_count: int
    _blind_round: bool
    _blind_bidders: int
    _looked: int
    _high_seat: int
    _declarer: int
    _contract: list[int]
    _doubled: int
    """Calls: 0, or 1 when the last bid is doubled, 2 when redoubled."""
    _doubler: int
    _passes_in_row: int
    """Passes in a row since the last call that was not a pass (an auction of calls, or a round of trump
    making)."""
    _round: int
    """The round of trump making under way, or in which trump was made (0: no trump making)."""
    _game: int
    """The named game (an index of `trump.games`) this hand is played as, or -1."""
    _taken: CardMask
    """The cards the exchanging seat took this hand."""
    _discards: CardMask
    """The cards it laid away (they join the stock, unseen by the others)."""
    _announced: int
    """The declarer's announcements this hand, as a mask by their order in the rules."""
    _offer: int
    """The next announcement the declarer may be offered (an index of `rules.announcements`)."""
    _shown: list[CardMask]
    """Per seat, the cards it showed this hand (`showing`)."""
    _outs: int
    """The seats that sit this hand out (their partners play alone), as a mask."""
    _dummy: int
    """The seat whose hand is the dummy (`play.dummy`), or -1; the declarer plays its cards."""
    _open: int
    """The seat whose cards lie face up for everyone this hand (`play.open_hand`), or -1."""
    """The seat that sits this hand out (its partner plays alone), or -1."""
    _trick_size: int
    """Cards in a trick this hand: one per seat that plays."""
    # Play.
    _trump: int
    _block: CardMask
    _breaks: Breaks
    _restrict: CardMask
    _allowed: CardMask
    """The cards the play restrictions leave the seat to play, worked out by `legal_actions` and used by the
    next `apply` (-1: not worked out; rulesets on the plain path never set it)."""
    _event_cards: tuple[EventCards, ...]
    _event_counts: list[list[int]]
    _tricks_won: list[int]
    _trick_count: int
    _rankless_tricks: int
    """The tricks among this hand's moves (a bit per trick, the first lowest) led with a card that counts as no
    card."""
    # Drawing from the stock (`play.draw`).
    _drawn: int
    """Stock cards drawn so far this hand (the next to draw is `_stock[_drawn]`)."""
    _draws: list[int]
    """Each draw in order, packed as a move: card, face-up flag in the auto bit, seat."""
    _late_won: list[int]
    """Per seat, tricks taken once the stock was empty."""
    _draw_tricks: int
    """Tricks this hand has beyond the cards dealt: one per round of draws the stock holds."""
    # The trick.
    _trick: list[Card]
    _leader: int
    _led: int
    _row: tuple[int, ...]
    _best: int
    _win_seat: int

    __slots__ = (
        "_allowed",
        "_announced",
        "_best",
        "_bid_count",
        "_bid_max",
        "_bid_names",
        "_bids",
        "_blind_bidders",
        "_blind_round",
        "_block",
        "_breaks",
        "_cards",
        "_contract",
        "_counters",
        "_deal",
        "_dealer",
        "_deals",
        "_deck_size",
        "_declarer",
        "_discards",
        "_doubled",
        "_doubler",
        "_draw_tricks",
        "_drawn",
        "_draws",
        "_dummy",
        "_end_reason",
        "_event_cards",
        "_event_counts",
        "_exposed",
        "_follow",
        "_game",
        "_given",
        "_hand_size",
        "_hands",
        "_high_seat",
        "_history",
        "_late_won",
        "_leader",
        "_led",
        "_looked",
        "_moves",
        "_next",
        "_number",
        "_offer",
        "_open",
        "_outs",
        "_passed",
        "_passed_over",
        "_passes_in_row",
        "_phase",
        "_pipeline",
        "_plain",
        "_played",
        "_rankless",
        "_rankless_tricks",
        "_restrict",
        "_round",
        "_row",
        "_runs",
        "_seat_totals",
        "_seats",
        "_seeded",
        "_sheet",
        "_shifts",
        "_shown",
        "_side_of",
        "_stage",
        "_standing",
        "_stock",
        "_stop",
        "_strength",
        "_suit_masks",
        "_suit_of",
        "_taken",
        "_targets",
        "_totals",
        "_trick",
        "_trick_count",
        "_trick_size",
        "_tricks_won",
        "_trump",
        "_turn",
        "_win_seat",
        "_winner",
        "hand_cap",
        "observer",
        "rules",
        "seed",
    )

    # ----------------------------------------------------------------- queries

    @property
    def phase(self) -> PhaseKind:
        return PHASES[self._phase]

    @property
    def phases_before_play(self) -> tuple[PhaseKind, ...]:
        """The kinds of phase a hand passes through before its tricks, in order, each deciding something or not
        (none: the tricks start at once)."""
        return tuple(PHASES[phase.code] for phase in self._pipeline)

    @property
    def turn(self) -> int | None:
        """The seat to act, or None when the match is over."""
        return None if self._phase == OVER else self._turn

    @property
    def actor(self) -> int | None:
        """The seat that decides the next action: the seat to act, or the declarer when it is the dummy's turn."""
        if self._phase == OVER:
            return None
        return self._declarer if self._turn == self._dummy else self._turn

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def hand_number(self) -> int:
        return self._number

    @property
    def hand_size(self) -> int:
        """The cards each player was dealt this hand."""
        return self._hand_size

    @property
    def winner(self) -> tuple[int, ...] | None:
        """The seats that won the match (a side, one player, or players sharing a win); None while it goes on."""
        return self._winner

    @property
    def winning_side(self) -> int | None:
        """The side whose seats won, at a table with sides; None otherwise or while the match goes on."""
        if not self._winner or not self.rules.seating.has_sides:
            return None
        sides = {self._side_of[seat] for seat in self._winner}
        return sides.pop() if len(sides) == 1 else None

    @property
    def end_reason(self) -> str:
        return self._end_reason

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total (empty at a table without sides)."""
        return tuple(self._totals)

    @property
    def seat_totals(self) -> tuple[int, ...] | None:
        return tuple(self._seat_totals) if self.rules.personal else None

    @property
    def counters(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(c) for c in self._counters)

    @property
    def history(self) -> tuple[HandResult, ...]:
        """Every finished hand, cancelled ones included."""
        return tuple(self._history)

    @property
    def trump(self) -> int:
        return self._trump

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._tricks_won)

    @property
    def current_deal(self) -> tuple[tuple[Card, ...], ...]:
        return self._deal

    @property
    def stock_up(self) -> Card | None:
        """The stock's card lying face up for everyone to draw next (`play.draw` with `face_up: top`), or None."""
        draw = self.rules.play.draw
        if draw is None or not draw.face_up or self._drawn + self._trick_size > len(self._stock):
            return None
        return self._stock[self._drawn]

    def tricks_after_stock(self) -> tuple[int, ...]:
        """Per seat, the tricks taken so far this hand once the stock was empty (`play.draw`; public)."""
        return tuple(self._late_won)

    def drawn_seen_by(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the cards it drew from the stock this hand that `seat` may know: all of its own, and the
        face-up ones of the others."""
        out: list[list[Card]] = [[] for _ in range(self._seats)]
        for code in self._draws:
            drawer = code & SEAT_MASK
            if drawer == seat or code & AUTO_BIT:
                out[drawer].append(code >> ACTION_SHIFT)
        return tuple(map(tuple, out))

    @property
    def current_stock(self) -> tuple[Card, ...]:
        return self._stock

    @property
    def current_moves(self) -> tuple[Move, ...]:
        return unpack(self._moves)

    @property
    def hands_finished(self) -> int:
        """How many hands are over, cancelled ones included (cheaper than `len(history)`)."""
        return len(self._history)

    def finished_hand(self, index: int) -> HandResult:
        """The finished hand at `index` (0-based), without copying the history."""
        return self._history[index]

    @property
    def moves_made(self) -> int:
        """How many moves the current hand has had (cheaper than `len(current_moves)`)."""
        return len(self._moves)

    def moves_before_play(self) -> tuple[int, ...]:
        """This hand's moves before its first card to a trick, packed as the engine keeps them (`ACTION_SHIFT`):
        the bids, calls and choices its play is made under (the full state: players see `view(seat)`)."""
        moves = self._moves
        for index, code in enumerate(moves):
            if code >> ACTION_SHIFT < self._deck_size:
                return tuple(moves[:index])
        return tuple(moves)

    @property
    def outs(self) -> int:
        """The seats that sit this hand out (a lone hand's partner, a dealer dealt no cards), as a mask."""
        return self._outs

    @property
    def dummy(self) -> int:
        """The seat whose hand is the dummy this hand (`play.dummy`; the declarer plays its cards), or -1."""
        return self._dummy

    @property
    def unbroken(self) -> CardMask:
        """The cards of the suits that may not be led until broken and are not broken yet, as a mask."""
        return self._block

    @property
    def trick_events(self) -> tuple[tuple[int, ...], ...]:
        """How often each trick event has happened to each seat in this hand so far (per event, per seat)."""
        return tuple(map(tuple, self._event_counts))

    def held_masks(self) -> tuple[CardMask, ...]:
        """The cards each seat holds now, as masks (the full state; players get `view(seat)` instead)."""
        return tuple(self._hands)

    def cards_played(self) -> CardMask:
        """The cards played to tricks this hand so far, as a mask (cards every seat has seen fall)."""
        size = self._deck_size
        out = 0
        for code in self._moves:
            if code >> ACTION_SHIFT < size:
                out |= 1 << (code >> ACTION_SHIFT)
        return out

    @property
    def exposed(self) -> tuple[Card, ...]:
        return self._exposed

    @property
    def declarer(self) -> int:
        return self._declarer

    @property
    def contract(self) -> tuple[int, ...]:
        """Each side's contract, or at a table without sides each seat's."""
        return tuple(self._contract)

    @property
    def dealt_by_seed(self) -> bool:
        """True when every deal of the match comes from its seed (records say otherwise when it does not)."""
        return self._seeded

    def is_over(self) -> bool:
        return self._phase == OVER

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards `seat` holds now (the full state; players get `view(seat)` instead)."""
        return self.rules.deck.cards(self._hands[seat])

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in the order played."""
        return tuple(self._trick)

    @property
    def leader(self) -> int:
        """The seat that led the trick in progress (or the last one)."""
        return self._leader

    def trick_seats(self) -> tuple[int, ...]:
        """The seat that played each card of the trick in progress, in order (as `SeatView.trick_seats`)."""
        seats = []
        seat = self._leader
        for _card in self._trick:
            seats.append(seat)
            seat = self._next[seat]
        return tuple(seats)

    def claims(self) -> tuple[tuple[Card, ...], tuple[int, ...]]:
        """The trick in progress as it is fought for: its cards and their seats, less a lead of no rank."""
        cards, seats = tuple(self._trick), self.trick_seats()
        if self._rankless_tricks >> sum(self._tricks_won) & 1:
            return cards[1:], seats[1:]
        return cards, seats

    @property
    def named_game(self) -> int:
        """The named game (an index of `trump.games`) this hand is played as, or -1."""
        return self._game

    @property
    def in_blind_round(self) -> bool:
        return self._blind_round

    def has_looked(self, seat: int) -> bool:
        """True when `seat` may see its own cards (false only before its choice in a blind round)."""
        return bool(self._looked & (1 << seat))

    @property
    def highest_bid(self) -> int | None:
        """The highest bid of the auction so far, or None."""
        return None if self._high_seat == NO_SEAT else self._bids[self._high_seat]

    def receiver(self, seat: int) -> int:
        """Who `seat` passes cards to this hand (itself when it passes none)."""
        return self._targets[seat] if self._targets else seat

    @property
    def cards_passed(self) -> bool:
        """True once the passing phase, if any, has handed the cards over."""
        return self._passed_over

    # ------------------------------------------------------------------- copies

    def clone(self) -> Self:
        """An independent copy of the full state, without the observer; costs a few list copies."""
        new = object.__new__(type(self))  # the same class, specialised or not, without `Game.__new__`
        new.rules = self.rules
        new.seed = self.seed
        new.hand_cap = self.hand_cap
        new.observer = None
        new._deals = self._deals
        new._seeded = self._seeded
        new._pipeline = self._pipeline
        new._seats = self._seats
        new._next = self._next
        new._side_of = self._side_of
        new._suit_of = self._suit_of
        new._suit_masks = self._suit_masks
        new._deck_size = self._deck_size
        new._standing = self._standing
        new._sheet = None
        new._cards = self._cards
        new._runs = self._runs
        new._shifts = self._shifts
        new._follow = self._follow
        new._plain = self._plain
        new._rankless = self._rankless
        new._stop = self._stop
        new._strength = self._strength
        new._number = self._number
        new._played = self._played
        new._dealer = self._dealer
        new._totals = self._totals[:]
        new._seat_totals = self._seat_totals[:]
        new._counters = [c[:] for c in self._counters]
        new._history = self._history[:]
        new._winner = self._winner
        new._phase = self._phase
        new._stage = self._stage
        new._end_reason = self._end_reason
        new._deal = self._deal
        new._stock = self._stock
        new._exposed = self._exposed
        new._hand_size = self._hand_size
        new._hands = self._hands[:]
        new._moves = self._moves[:]
        new._turn = self._turn
        new._targets = self._targets
        new._given = self._given[:]
        new._passed_over = self._passed_over
        new._bids = self._bids[:]
        new._bid_names = self._bid_names[:]
        new._bid_max = self._bid_max
        new._passed = self._passed
        new._bid_count = self._bid_count
        new._blind_round = self._blind_round
        new._blind_bidders = self._blind_bidders
        new._looked = self._looked
        new._high_seat = self._high_seat
        new._declarer = self._declarer
        new._contract = self._contract[:]
        new._doubled = self._doubled
        new._doubler = self._doubler
        new._passes_in_row = self._passes_in_row
        new._round = self._round
        new._game = self._game
        new._taken = self._taken
        new._discards = self._discards
        new._announced = self._announced
        new._offer = self._offer
        new._shown = self._shown[:]
        new._outs = self._outs
        new._dummy = self._dummy
        new._open = self._open
        new._trick_size = self._trick_size
        new._trump = self._trump
        new._block = self._block
        new._breaks = self._breaks
        new._restrict = self._restrict
        new._allowed = self._allowed
        new._trick = self._trick[:]
        new._leader = self._leader
        new._led = self._led
        new._row = self._row
        new._best = self._best
        new._win_seat = self._win_seat
        new._tricks_won = self._tricks_won[:]
        new._trick_count = self._trick_count
        new._rankless_tricks = self._rankless_tricks
        new._drawn = self._drawn
        new._draws = self._draws[:]
        new._late_won = self._late_won[:]
        new._draw_tricks = self._draw_tricks
        new._event_cards = self._event_cards
        new._event_counts = [c[:] for c in self._event_counts]
        return new

    def state_key(self) -> tuple[Any, ...]:
        """Everything that decides the future of the match, for equality checks between copies."""
        return (
            self._number,
            self._played,
            self._dealer,
            tuple(self._totals),
            tuple(self._seat_totals),
            self.counters,
            self._phase,
            self._stage,
            self._deal,
            self._stock,
            tuple(self._hands),
            tuple(self._shown),
            tuple(self._given),
            tuple(self._moves),
            self._turn,
            self._looked,
            self._blind_round,
            self._trump,
            self._block,
            tuple(self._trick),
            tuple(self._tricks_won),
            self._winner,
            len(self._history),
        )

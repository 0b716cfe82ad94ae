"""What one seat may know: its own cards, what was exposed or played, and the public state of the match.

A `SeatView` is an immutable value built from copies; it holds no reference
to the game, so a player given a view cannot reach another seat's cards.
Cards another seat passes are hidden in the moves it shows, except from the
seat that received them once they have changed hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..cards import Card, CardMask
from ..ruleset.actions import DISCARD, GIVE, ActionKind
from ..ruleset.rules import MeldSource, Rules
from .history import ACTION_SHIFT, AUTO_BIT, SEAT_MASK, Move, unpack
from .kinds import PhaseKind
from .melds import find, meld_points, trick_meld_points

if TYPE_CHECKING:
    from .state import GameState


class SeatView(NamedTuple):
    """One seat's information set, plus the legal actions when it is that seat's turn."""

    rules: Rules
    seat: int
    phase: PhaseKind
    turn: int | None
    legal: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_number: int
    dealer: int
    hand_size: int
    exposed: tuple[Card, ...]
    packed_moves: tuple[int, ...]
    trump: int
    declarer: int
    contract: tuple[int, ...]
    trick: tuple[Card, ...]
    leader: int
    tricks_won: tuple[int, ...]
    cards_left: tuple[int, ...]
    totals: tuple[int, ...]
    seat_totals: tuple[int, ...] | None
    counters: tuple[tuple[int, ...], ...]
    winner: tuple[int, ...] | None
    receivers: tuple[int, ...] = ()
    """Whom each seat passes cards to this hand (the seat itself: it passes none); empty before passing starts
    and in hands without passing. Public: the ruleset says where cards go."""
    outs: int = 0
    """The seats that sit this hand out while their partners play alone, as a mask."""
    taken: tuple[Card, ...] = ()
    """The cards taken in this hand's exchange, where this seat may know them (the exposed card, to everyone;
    the stock, to the seat that took it); empty otherwise."""
    game: int = -1
    """The named game (an index of `trump.games`) the hand is played as, or -1."""
    dummy: int = -1
    """The seat whose hand is the dummy, played by the declarer (`play.dummy`), or -1."""
    dummy_hand: tuple[Card, ...] = ()
    """The dummy's cards, face up for everyone once the opening lead is made; empty before."""
    open_seat: int = -1
    """The seat that plays with its cards face up this hand (`play.open_hand`), or -1."""
    open_hand: tuple[Card, ...] = ()
    """That seat's cards, seen by everyone from before the first lead."""
    unbroken: CardMask = 0
    """The cards of the suits that may not be led yet this hand because they are not broken (public: it follows
    from the play)."""
    hands_played: int = 0
    """Hands of the match played to their scoring before this one's end (hands thrown in do not count)."""
    stock_up: Card | None = None
    """The stock's face-up card, the next trick's winner's to draw (`play.draw`), or None."""
    stock_left: int = 0
    """Cards left in the stock to draw from (`play.draw`; 0 without drawing)."""
    drawn: tuple[tuple[Card, ...], ...] = ()
    """Per seat, the cards it drew from the stock this hand that this seat may know: its own, and the face-up
    cards the others took (empty without drawing)."""
    rankless_tricks: int = 0
    """The tricks of this hand led with a card of no rank (`if_forced: no-rank`), a bit per trick, the first
    lowest (public: everyone sees the leader had nothing else)."""
    estimating: bool = False
    """True while the players estimate their tricks (`bidding.estimates`): after the auction, or in a hand
    without one, where everyone estimates and the highest estimate declares."""

    def claims(self) -> tuple[tuple[Card, ...], tuple[int, ...]]:
        """The trick in progress as it is fought for: its cards and their seats, less a lead of no rank (the
        next card sets the suit to follow)."""
        cards, seats = self.trick, self.trick_seats()
        if cards and self.rankless_tricks >> sum(self.tricks_won) & 1:
            return cards[1:], seats[1:]
        return cards, seats

    def still_shown(self) -> tuple[Card, ...]:
        """The cards exposed at the deal that nothing else tells of: not the stock's face-up card (told with the
        stock), and not a card drawn into a hand since."""
        drawn = {card for cards in self.drawn for card in cards}
        return tuple(card for card in self.exposed if card != self.stock_up and card not in drawn)

    @property
    def moves(self) -> tuple[Move, ...]:
        """This hand's moves so far, in order, as this seat may see them."""
        return unpack(self.packed_moves)

    def in_suits(self, cards: Sequence[Card]) -> list[tuple[Card, ...]]:
        """`cards` grouped by suit as this hand's trump counts them, each group highest first: a card that joins
        trump sits among the trumps, and cards that form a trump group of their own come after the suits."""
        tables = self.rules.tables(self.trump, self.game)
        groups = [
            tuple(sorted((c for c in cards if tables.suit_of[c] == suit), key=tables.strength[suit].__getitem__))
            for suit in range(len(tables.suit_masks))
        ]
        return [group[::-1] for group in groups if group]

    def trick_seats(self) -> tuple[int, ...]:
        """The seat that played each card of the trick in progress, in order (a seat that sits out plays none)."""
        count = len(self.trick)
        if not count:
            return ()
        size = self.rules.deck.size
        seats: list[int] = []
        for code in reversed(self.packed_moves):  # the trick's cards are the hand's last `count` card moves
            if code >> ACTION_SHIFT < size:
                seats.append(code & SEAT_MASK)
                if len(seats) == count:
                    break
        return tuple(reversed(seats))

    def role(self, seat: int) -> str | None:
        """The name of `seat`'s place at the table this hand (`dealer.roles`, counted from the dealer's left), or
        None when the rules name none for it."""
        roles = self.rules.dealer.roles
        steps = (seat - self.dealer) * self.rules.seating.direction % self.rules.seats
        place = (steps or self.rules.seats) - 1
        return roles[place] if place < len(roles) else None

    def broken(self) -> tuple[tuple[int, bool], ...]:
        """For each suit this hand's rules keep from being led until broken: the suit and whether it is broken
        (empty before the play)."""
        if self.phase is not PhaseKind.PLAY and self.phase is not PhaseKind.OVER:
            return ()
        start = self.rules.tables(self.trump, self.game)
        return tuple(
            (suit, not self.unbroken & mask) for suit, mask in enumerate(start.suit_masks) if start.blocked & mask
        )

    def tricks_taken(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """Each finished trick of this hand, in order: the seat that won it and its cards (all public)."""
        start = self.rules.tables(self.trump, self.game)
        size = self.rules.deck.size
        per_trick = self.rules.seats - self.outs.bit_count()
        out: list[tuple[int, tuple[Card, ...]]] = []
        cards: list[Card] = []
        row: tuple[int, ...] = ()
        best = winner = -1
        for code in self.packed_moves:
            card, seat = code >> ACTION_SHIFT, code & SEAT_MASK
            if card >= size:
                continue
            rankless = self.rankless_tricks >> len(out) & 1
            if not cards or (rankless and len(cards) == 1):  # the lead, or the card after a lead of no rank
                row, best = start.strength[start.suit_of[card]], -1
            if row[card] > best and not (rankless and not cards):
                best, winner = row[card], seat
            cards.append(card)
            if len(cards) == per_trick:
                out.append((winner, tuple(cards)))
                cards = []
        return tuple(out)

    def points_taken(self) -> tuple[int, ...] | None:
        """The card points (`scoring.card_points`) each seat has taken in tricks this hand; None for rules whose
        cards are worth nothing by themselves."""
        worth = self.rules.scoring.card_points
        if not worth:
            return None
        points = [0] * self.rules.seats
        for winner, cards in self.tricks_taken():
            points[winner] += sum(worth[card] for card in cards)
        return tuple(points)

    def meld_points(self) -> tuple[int, ...] | None:
        """The points of the melds each seat has made so far this hand that everyone may know (`melds`): those in
        the tricks taken, or among the cards shown, compared as the scoring compares them; None for rules without
        melds, or whose melds stay in the hands dealt."""
        melds = self.rules.melds
        if melds is None or melds.source is MeldSource.DEALT:
            return None
        rules = self.rules
        if melds.source is MeldSource.TRICKS:
            tricks = [(winner, rules.deck.mask(cards)) for winner, cards in self.tricks_taken()]
            return tuple(trick_meld_points(melds, rules.deck, rules.seats, tricks, self.trump, self.game))
        shown = [0] * rules.seats
        for seat, card in self.shown():
            shown[seat] |= 1 << card
        return tuple(meld_points(melds, rules.deck, rules.seating, self.dealer, shown, self.trump, self.game))

    def own_melds(self) -> tuple[tuple[int, int], ...]:
        """What this seat's own melds are worth where they stay in the hands dealt (`melds.from: dealt`), as
        (trump, points): for the trump of this hand, or for each suit while trump is still to be named; nothing
        for other melds, or where cards change hands before the play (passing, an exchange, a deal in stages)."""
        rules = self.rules
        melds = rules.melds
        if melds is None or melds.source is not MeldSource.DEALT:
            return ()
        if rules.passing is not None or rules.exchange is not None or rules.deal.rest is not None:
            return ()
        deck = rules.deck
        held = deck.mask(self.hand) | deck.mask(self.played()[self.seat])
        named = self.trump >= 0 or self.game >= 0 or self.phase not in (PhaseKind.BIDDING, PhaseKind.TRUMP)
        trumps = (self.trump,) if named else tuple(range(len(deck.suits)))
        return tuple((trump, sum(m.points for m in find(melds, deck, held, trump, self.game))) for trump in trumps)

    def shown(self) -> tuple[tuple[int, Card], ...]:
        """The cards seats showed this hand (`showing`), each with the seat that holds it (public)."""
        actions = self.rules.actions
        return tuple(
            (code & SEAT_MASK, actions.card_of(code >> ACTION_SHIFT))
            for code in self.packed_moves
            if actions.kinds[code >> ACTION_SHIFT] == ActionKind.SHOW
        )

    def played(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has played to tricks this hand, in order."""
        out: list[list[Card]] = [[] for _ in range(self.rules.seats)]
        size = self.rules.deck.size
        for code in self.packed_moves:
            if code >> ACTION_SHIFT < size:
                out[code & SEAT_MASK].append(code >> ACTION_SHIFT)
        return tuple(tuple(cards) for cards in out)

    def forbidden(self) -> tuple[CardMask, ...]:
        """For each seat, the cards it has shown it does not hold (as a mask), from how it played.

        With `play.draw` nothing is inferred (a seat void in a suit may draw it later): every mask is empty.
        Otherwise a seat that did not follow lacks the led suit; one that led a suit not yet
        broken held nothing else it could lead; one whose lead counted as no card held nothing but
        cards held back from the lead; one that had to trump, overtrump
        or beat the trick when able, and did not, lacks the cards that would have;
        one that played a card barred from the first trick held nothing else it could play.
        """
        rules = self.rules
        deck = rules.deck
        play = rules.play
        must = play.must
        size = deck.size
        trump = self.trump
        start = rules.tables(trump, self.game)
        strength = start.strength
        suit_of, suit_masks = start.suit_of, start.suit_masks
        trumps = suit_masks[trump] if trump >= 0 else 0
        breaks = start.breaks
        block = start.blocked
        only = 0
        for _suit, _any, _also, extra in breaks:
            only |= extra
        out = [0] * rules.seats
        if play.draw is not None:
            return tuple(out)
        partner = rules.seating.partner
        winner = -1
        unplayed = (1 << size) - 1
        avoid = play.first_trick_avoid
        first_trick = True
        trick = 0
        led_cards = 0
        row: tuple[int, ...] = ()
        best = 0
        led = -1
        done = 0
        held_back = 0
        for condition in play.lead_only_when:
            held_back |= condition.cards
        for code in self.packed_moves:
            card, seat = code >> ACTION_SHIFT, code & SEAT_MASK
            if card >= size:
                continue
            bit = 1 << card
            rankless = self.rankless_tricks >> done & 1
            if rankless and not trick:
                # Led as no card: the leader held nothing but cards held back from the lead.
                out[seat] |= unplayed & ~held_back
            elif not trick or (rankless and trick == 1):
                led = suit_of[card]
                led_cards = suit_masks[led]
                row = strength[led]
                best = row[card]
                winner = seat
                if block & bit and not rankless:  # the card after a lead of no rank obeys no lead ban
                    out[seat] |= unplayed & ~(block | only)
            else:
                trumped = best >= 2 * size and led != trump
                follows = bit & led_cards
                if not follows and play.follow_suit and not (play.trump_instead and bit & trumps):
                    out[seat] |= unplayed & led_cards
                # A seat whose partner was winning the trick was bound by no obligation but raising a trump lead:
                # its card shows nothing else.
                bound = not (must.unless_partner_wins and partner[seat] == winner)
                if must.raise_trump and led == trump and follows and row[card] <= best:
                    out[seat] |= unplayed & trumps & _beating(row, best, size)
                if bound and must.beat and follows and not trumped and row[card] <= best:
                    out[seat] |= unplayed & led_cards & _beating(row, best, size)
                if not bound or follows:
                    pass
                elif trumps and not bit & trumps:
                    if (must.trump and not trumped) or must.trump_low:
                        out[seat] |= unplayed & trumps
                    if must.overtrump and trumped:
                        out[seat] |= unplayed & trumps & _beating(row, best, size)
                elif must.overtrump and trumped and row[card] <= best:
                    # A lower trump on a trumped trick: the seat held no trump that would have beaten it.
                    out[seat] |= unplayed & trumps & _beating(row, best, size)
                if first_trick and bit & avoid:
                    # A card barred from the first trick: the seat held no other card it could have played.
                    could = led_cards if follows else (trumps if bit & trumps and must.trump and not trumped else -1)
                    out[seat] |= unplayed & could & ~avoid
                if row[card] > best:
                    best, winner = row[card], seat
            for suit_mask, any_card, also, _extra in breaks:
                if block & suit_mask and ((bit & suit_mask and (any_card or suit_of[card] != led)) or bit & also):
                    block &= ~suit_mask
            unplayed &= ~bit
            trick = (trick + 1) % (rules.seats - self.outs.bit_count())
            done += not trick
            first_trick = first_trick and trick > 0
        return tuple(out)


def _beating(row: tuple[int, ...], best: int, size: int) -> CardMask:
    """The cards whose claim on the trick beats `best`."""
    out = 0
    for card in range(size):
        if row[card] > best:
            out |= 1 << card
    return out


def visible_moves(game: GameState, seat: int) -> tuple[int, ...]:
    """The hand's moves as `seat` may see them: another seat's passed cards are hidden, unless passed to it and
    already handed over."""
    moves = game._moves
    discards = game._discards
    if (not game._given or not any(game._given)) and not discards:
        return tuple(moves)
    actions = game.rules.actions
    kinds = actions.kinds
    handed = game.cards_passed
    out = []
    for code in moves:
        mover = code & SEAT_MASK
        kind = kinds[code >> ACTION_SHIFT]
        if kind == DISCARD and mover != seat:
            code = actions.hidden_discard << ACTION_SHIFT | (code & AUTO_BIT) | mover
        elif kind == GIVE and mover != seat and not (handed and game.receiver(mover) == seat):
            code = actions.hidden_give << ACTION_SHIFT | (code & AUTO_BIT) | mover
        out.append(code)
    return tuple(out)

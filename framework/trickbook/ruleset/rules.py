"""Compiled, immutable rules: what the loader produces and the only thing the game engine reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..cards import Card, CardMask, Deck
from ..expr.compiler import Compiled
from ..seating import COMPASS, SEAT, Seating
from .actions import ActionSpace
from .formats import CURRENT


class BiddingKind(Enum):
    AUCTION = "auction"
    CALLS = "calls"
    """Bids of a level and a strain in rising order, passes that are not final, doubles."""
    DECLARATIONS = "declarations"
    NONE = "none"


class TrumpMode(Enum):
    CHOSEN = "chosen"
    FIXED = "fixed"
    EXPOSED = "exposed"
    BID = "bid"
    """The strain of the winning bid (bidding kind `calls`)."""
    MADE = "made"
    """Named by a player in rounds of trump making; the first to name a suit is the maker (the declarer)."""
    LED = "led"
    """The suit of the hand's first card is trump."""
    NONE = "none"


class MakingRound(Enum):
    """What a seat may name as trump in one round of trump making (or pass)."""

    EXPOSED = "exposed"
    """Only the exposed card's suit (accepting it, or passing)."""
    OTHERS = "others"
    """Any suit but the exposed card's."""
    ANY = "any"
    """Any suit."""


class FirstLead(Enum):
    DECLARER = "declarer"
    AFTER_DEALER = "after-dealer"
    AFTER_DECLARER = "after-declarer"
    DEALER = "dealer"
    HOLDER = "holder"
    """The holder of `PlayRules.first_card` leads."""


class DrawFirst(Enum):
    """Who draws first from the stock after a trick (`play.draw.first`); the others follow in play order."""

    WINNER = "winner"
    LEADER = "leader"


@dataclass(frozen=True, slots=True)
class DrawRules:
    """After each trick, while the stock holds a card for every seat that plays, each draws one (`play.draw`).

    With `face_up`, the stock's top card lies face up for everyone and goes to the first drawer; the cards the
    others draw are seen only by them, and the next card is turned up after each round of draws.
    """

    first: DrawFirst = DrawFirst.WINNER
    face_up: bool = True


class LeadsWith(Enum):
    """What the holder of the first-lead card must lead to the first trick."""

    CARD = "card"
    SUIT = "suit"
    ANY = "any"


class WhenBoth(Enum):
    """What happens when more than one side (or seat) qualifies to win after a hand."""

    PLAY_ON = "play-on"
    HIGHER_TOTAL = "higher-total"
    LOWER_TOTAL = "lower-total"
    DECLARER = "declarer"
    """The hand's declaring side (or declarer) wins if it qualifies, as when its points are counted first; else
    the higher total."""


class Tie(Enum):
    """What happens when the best totals among the qualifiers are equal."""

    PLAY_ON = "play-on"
    SHARE = "share"


class Relation(Enum):
    OPPONENT = "opponent"
    PARTNER = "partner"
    ANYONE = "anyone"


class BreakBy(Enum):
    """What breaks a suit that may not be led until broken."""

    DISCARD = "discard"
    """A card of the suit played to a trick led in another suit."""
    ANY = "any"
    """Any card of the suit played to a trick, a lead from a hand of nothing else included."""


@dataclass(frozen=True, slots=True)
class DealerRules:
    first: int | None
    """The first dealer's seat, or None to draw it from the match seed."""
    after_hand: int
    """Seats to move after a played hand: 1 (next) or 0 (same)."""
    after_cancelled: int
    roles: tuple[str, ...] = ()
    """Names of the places at the table, counted from the player after the dealer (`dealer.roles`)."""
    deals_each: int = 1
    """Played hands a dealer deals in a row before `after_hand` moves the deal (`dealer.deals_each`)."""


@dataclass(frozen=True, slots=True)
class Exposure:
    """A card shown to all: a seat's `card`-th card (1-based, in order received; 0 = its last), or a stock card.

    `seat_offset` counts seats after the dealer in the direction of play; None means the card is
    the `card`-th card of the stock (the undealt cards).
    """

    seat_offset: int | None
    card: int


@dataclass(frozen=True, slots=True)
class DealRules:
    hand_size: Compiled | None
    """Cards dealt to each player, an expression of the hand number (None: the whole deck, shared equally)."""
    max_hand_size: int
    """The most cards any hand of this ruleset can deal each player (bounds bids and tricks)."""
    exposure: Exposure | None
    dealer_sits_out: bool = False
    """The dealer deals to the others and sits the hand out: no cards, no turn, no tricks."""
    removed: CardMask = 0
    """Cards taken out of the deck before every deal (`deal.remove`): never dealt, never in the stock."""
    rest: RestDeal | None = None
    """A deal in stages: once trump is fixed the stock is dealt on (`deal.rest`)."""

    def dealt_seats(self, seats: int) -> int:
        """How many players are dealt cards each hand at a table of `seats`."""
        return seats - 1 if self.dealer_sits_out else seats


@dataclass(frozen=True, slots=True)
class RestDeal:
    """Once trump is made or chosen, the stock is dealt on until every player holds `hand_size` cards; the stock
    card shown (`deal.expose`) goes first to the declarer when `exposed_to_declarer`."""

    hand_size: int
    exposed_to_declarer: bool = False


@dataclass(frozen=True, slots=True)
class PassingRules:
    """Before the bidding, each seat gives `cards` cards to the seat `to` names (itself: no passing that hand)."""

    cards: int
    to: Compiled
    description: str = ""


def passing_clash(targets: list[int] | tuple[int, ...]) -> str | None:
    """What is wrong when the seats' passing targets (by seat) are not one-to-one, in words; None when they are:
    two seats passing to one would leave hands of different sizes."""
    givers: dict[int, int] = {}
    for seat, target in enumerate(targets):
        if target in givers:
            return f"seats {givers[target]} and {seat} both pass to seat {target}"
        givers[target] = seat
    return None


@dataclass(frozen=True, slots=True)
class ExchangeRules:
    """Once trump is known, `seat` ('dealer' or 'declarer') takes cards into its hand (`take`: the exposed card,
    or the whole stock) and lays `discard` cards away face down, when `when` holds (always if None)."""

    seat: str
    take: str
    discard: int
    keep_taken: bool
    """The cards just taken may not be laid away."""
    when: Compiled | None
    description: str = ""
    optional: bool = False
    """The seat may keep its hand as dealt (`pass`) instead of taking the cards (`take`)."""
    before_trump: bool = False
    """The exchange comes before trump is chosen (the declarer sees the cards taken before naming trump)."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """Something the declarer may announce once the game is named, offered when `when` holds (in the order
    listed, so a later one may depend on an earlier one); its name is true in expressions once announced."""

    name: str
    description: str
    when: Compiled | None


@dataclass(frozen=True, slots=True)
class Showing:
    """Cards a player holding them may show to everyone before the first lead, in hands where `when` holds, to
    change what they are worth (a card shown to double its cost); `shown(seat, card)` reads it in expressions."""

    name: str
    description: str
    cards: CardMask
    when: Compiled | None


class MeldSource(Enum):
    """Where melds are found: the cards each player showed, those each was dealt, or each trick's cards."""

    SHOWN = "shown"
    DEALT = "dealt"
    TRICKS = "tricks"


@dataclass(frozen=True, slots=True)
class MeldKind:
    """One meld that scores: a run of `run` cards of a suit, every card of one of `ranks`, or the cards `cards`
    together; `compared` says whether it takes part in the comparison of the best melds, `points_in` what it is
    worth in some named games."""

    name: str
    description: str
    points: int
    run: int = 0
    ranks: tuple[int, ...] = ()
    cards: tuple[CardPattern, ...] = ()
    compared: bool = True
    points_in: tuple[tuple[int, int], ...] = ()
    """(named game index, worth) pairs: what the meld is worth in a hand played as that game instead of `points`."""
    sets: int = 1
    """How many times over the cards are held (both copies of each card, in a deck holding each twice)."""
    group: str = ""
    """Melds of one group share no card, those worth most taken first (empty: a group of this kind alone)."""
    in_each_suit: int = 0
    """For `cards` written with a rank and no suit: 1, the cards of any one suit; 2, of any suit but trump."""

    def worth(self, game: int) -> int:
        """What the meld is worth in a hand played as named game `game` (-1: none)."""
        return next((points for named, points in self.points_in if named == game), self.points)


@dataclass(frozen=True, slots=True)
class MeldRules:
    """Combinations of cards that score for their holder (`melds`): where they are found, the sequence order of
    the ranks for runs (a rank's place, or -1 for one in no run), and how sides' melds are compared."""

    source: MeldSource
    kinds: tuple[MeldKind, ...]
    place: tuple[int, ...]
    """Each rank's place in sequence order (by rank index), -1 for a rank in no run."""
    best_only: bool = False
    """Only the side (or seat) holding the best compared meld scores its compared melds."""
    ties_to_first: bool = False
    """Equal best melds: the one held nearest the dealer's left wins (else neither scores)."""
    description: str = ""


@dataclass(frozen=True, slots=True)
class AloneRules:
    """Once trump is known (and any exchange made), the declarer may play alone: the partner's hand sits out, its
    turns are skipped and tricks have one card fewer."""

    must_when: Compiled | None = None
    """When it holds, the declarer must play alone."""
    defenders: str = "never"
    """Whether a defender may then play alone too: 'never', 'vs_alone' (only against a lone declarer), 'any'."""
    description: str = ""


@dataclass(frozen=True, slots=True)
class DoublingRules:
    """Once the declarer and trump are known, the declarer's opponents may double the contract, one at a time, and
    the declarer's side may answer a double with a redouble."""

    when: Compiled | None = None
    """When the contract may be doubled at all (None: always)."""
    redouble: bool = True
    description: str = ""


@dataclass(frozen=True, slots=True)
class NamedBid:
    name: str
    value: int
    description: str
    blind: bool = False
    """Made in a first round, before the bidder looks at their cards."""


@dataclass(frozen=True, slots=True)
class BidBan:
    """A declaration a seat may not make when `when` holds (evaluated for the bidder, with `this_bid`)."""

    name: str
    description: str
    when: Compiled


@dataclass(frozen=True, slots=True)
class EstimateRules:
    """A second round of bidding after an auction and the trump choice: every player but the declarer, once in
    turn from the declarer's next player, estimates the tricks they will take; each is then bound to its own
    estimate, and the declarer to the winning bid."""

    min: int
    max: int
    """The highest estimate of any hand (the action space's bound)."""
    max_estimate: Compiled | None
    """The highest estimate of this hand, an expression read as the round starts; None: `max`."""
    bans: tuple[BidBan, ...] = ()
    """Estimates a seat may not make (`this_bid` is the estimate offered)."""
    without_auction: Compiled | None = None
    """Read once the hand is dealt, before any bid: when it holds the hand has no auction, every player estimates
    from the player after the dealer, and the highest estimate makes the declarer (None: every hand has an auction)."""


@dataclass(frozen=True, slots=True)
class CallRules:
    """An auction of calls: bids of a level and a strain, numbered 1, 2, ... in rising order (level by level, each
    through the strains), passes that are not final, doubles, and an end after `ends_after` passes in a row."""

    low: int
    """The lowest level."""
    levels: int
    strains: tuple[int, ...]
    """Each strain's suit, in rising order; -1 for no trump."""
    first: int
    """Seats after the dealer of the first caller (0: the dealer)."""
    ends_after: int
    doubles: bool

    def level(self, value: int) -> int:
        """The level of bid number `value` (1 is the lowest bid)."""
        return self.low + (value - 1) // len(self.strains)

    def strain(self, value: int) -> int:
        """The strain's suit of bid number `value`, or -1 for no trump."""
        return self.strains[(value - 1) % len(self.strains)]


@dataclass(frozen=True, slots=True)
class BiddingRules:
    kind: BiddingKind
    min: int
    max: int
    """The highest numeric bid of any hand (the action space's bound)."""
    max_bid: Compiled | None
    """The highest numeric bid of this hand when it follows the hand, an expression; None: `max`."""
    named: tuple[NamedBid, ...]
    ends_at: int
    all_pass: str
    """'cancel', 'force' or 'must-bid' (auctions only)."""
    forced_bid: int | None
    cancel_if: Compiled | None
    bans: tuple[BidBan, ...] = ()
    calls: CallRules | None = None
    """Kind `calls`: the levels and strains of the bids and how the auction runs."""
    values: tuple[int, ...] = ()
    """The only values a bid may take, rising (empty: every number from `min` to `max`); such bids are values
    such as a game's worth, not tricks."""
    duels: bool = False
    """An auction in duels (the listener holds the speaker's bid or passes) rather than round the table."""
    once: bool = False
    """An auction of one round: each player speaks once, in turn, and the highest bid then wins."""
    estimates: EstimateRules | None = None
    """An auction's second round, in which the others estimate their tricks (None: the auction alone)."""
    blind_round: bool = field(init=False)
    """True when declarations open with a round of blind bids (a named bid is blind); read at every deal."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "blind_round", any(n.blind for n in self.named))

    @property
    def present(self) -> bool:
        """True when hands have a bidding phase (any kind but `none`)."""
        return self.kind is not BiddingKind.NONE


@dataclass(frozen=True, slots=True)
class NamedGame:
    """A game a player may name instead of a trump suit: which suit is trump (None: no suit), which cards rank
    above all others as trumps (without a trump suit, the only trumps), and the order of the ranks in a suit."""

    name: str
    description: str
    suit: int | None
    highest: tuple[CardPattern, ...]
    order: tuple[int, ...] | None
    """Each rank's strength within a suit (by rank index; None: the deck's order)."""
    when: Compiled | None = None
    """When it may be named (None: always), read as it is offered, after the bidding and any exchange."""
    for_partner: bool = False
    """Trump made in rounds: the player who names it makes its partner the declarer (a buy for the partner)."""
    overcalls: bool = False
    """Trump made in rounds: it takes over a suit named earlier in the round, until that suit is confirmed."""


@dataclass(frozen=True, slots=True)
class TrumpSetting:
    """A hand whose trump nobody chooses: when `when` holds (read once the bidding is over), trump is `suit`, or
    the named game `game` of `trump.games` is played."""

    when: Compiled
    suit: int = -1
    """The trump suit set (-1: a game is set)."""
    game: int = -1
    """The index in `trump.games` of the game set (-1: a suit is set)."""


@dataclass(frozen=True, slots=True)
class TrumpRules:
    mode: TrumpMode
    suits: tuple[int, ...]
    """Suits the declarer may choose (mode CHOSEN), in the order offered."""
    suit: int | None
    """The fixed trump suit (mode FIXED)."""
    mapping: tuple[int, ...]
    """Trump suit for each exposed suit (mode EXPOSED), indexed by suit."""
    highest: tuple[CardPattern, ...] = ()
    """Cards above every other trump, highest first, that belong to the trump suit whatever suit they show."""
    rounds: tuple[MakingRound, ...] = ()
    """Mode MADE: the rounds of trump making, each once around the table from the player after the dealer."""
    last_must_name: bool = False
    """Mode MADE: the last seat of the last round (the dealer) may not pass ("stick the dealer"); otherwise a hand
    where everyone passes every round is thrown in."""
    games: tuple[NamedGame, ...] = ()
    """Mode MADE: games a player may name besides the suits, offered in rounds of kind `any`."""
    chooser: int = 0
    """Mode CHOSEN without bidding: how many places after the dealer the seat that chooses trump sits (0: the
    dealer)."""
    settings: tuple[TrumpSetting, ...] = ()
    """Mode CHOSEN: trump set by the hand instead of chosen, the first whose `when` holds (`trump.set`)."""

    @property
    def present(self) -> bool:
        """True when hands may have a trump suit (any mode but `none`)."""
        return self.mode is not TrumpMode.NONE


@dataclass(frozen=True, slots=True)
class CardCondition:
    """Cards tied to an expression read during the play with `seat` the player: held back from the lead
    (`play.lead_only_when`) or from following (`play.follow_only_when`) while it fails, or owed while it holds
    (`play.must_play`)."""

    cards: CardMask
    when: Compiled
    no_rank_if_forced: bool = False
    """`play.lead_only_when`'s `if_forced: no-rank`: such a card led only because the leader holds nothing else
    counts as no card: it cannot win the trick, and the next card played sets the suit to follow."""


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """A suit that may not be led until broken, unless the leader holds nothing but it (and `unless_only`)."""

    suit: int | None
    """The restricted suit, or None for this hand's trump."""
    broken_by: BreakBy = BreakBy.DISCARD
    also_broken_by: tuple[Card, ...] = ()
    """Cards whose play to any trick breaks the suit too."""
    unless_only: tuple[Card, ...] = ()
    """Cards that, held with the suit and nothing else, still let the suit be led."""


@dataclass(frozen=True, slots=True)
class MustRules:
    """Obligations when following, beyond following suit; each applies only when the player can comply."""

    beat: bool = False
    """Play a card of the led suit higher than those in the trick, while no trump has been played to it."""
    trump: bool = False
    """Void in the led suit: play a trump if the trick holds none yet."""
    trump_low: bool = False
    """Void in the led suit: play a trump even when the trick is trumped and yours are all lower."""
    overtrump: bool = False
    """Void in the led suit, the trick trumped: play a higher trump than those in it."""
    raise_trump: bool = False
    """Trump led: play a higher trump than those in the trick (`beat` for trump leads only)."""
    unless_partner_wins: bool = False
    """None of these obligations binds a player whose partner is winning the trick so far."""

    @property
    def any(self) -> bool:
        return self.beat or self.trump or self.trump_low or self.overtrump or self.raise_trump


@dataclass(frozen=True, slots=True)
class PlayRules:
    first_lead: FirstLead
    follow_suit: bool
    lead_restrictions: tuple[LeadRestriction, ...]
    first_card: Card | None = None
    """With `FirstLead.HOLDER`: the card whose holder leads."""
    leads_with: LeadsWith = LeadsWith.ANY
    must: MustRules = MustRules()
    first_trick_avoid: CardMask = 0
    """Cards nobody may play to the first trick unless they hold nothing else they may play."""
    stop_when: Compiled | None = None
    """Checked after each trick: when it holds, the hand is scored at once with the tricks played so far."""
    dummy: bool = False
    """The declarer's partner is the dummy: its cards are shown to all after the opening lead and the declarer
    chooses them at its turns."""
    open_hand: Compiled | None = None
    """Read as the play starts: when it holds, the declarer's cards lie face up for everyone."""
    trump_instead: bool = False
    """A player who can follow suit may play a trump instead (`play.may_trump_instead`)."""
    lead_only_when: tuple[CardCondition, ...] = ()
    """Cards held back from leading while their condition fails (`play.lead_only_when`)."""
    draw: DrawRules | None = None
    """Seats refill their hands from the stock after each trick until it runs out (`play.draw`)."""
    follow_only_when: tuple[CardCondition, ...] = ()
    """Cards held back from a trick another player led while their condition fails (`play.follow_only_when`)."""
    must_play: tuple[CardCondition, ...] = ()
    """Cards their holder must play whenever they are legal and their condition holds (`play.must_play`)."""

    @property
    def rankless_leads(self) -> CardMask:
        """The cards that count as no card when led only because the leader holds nothing else."""
        out = 0
        for condition in self.lead_only_when:
            if condition.no_rank_if_forced:
                out |= condition.cards
        return out

    @property
    def plain(self) -> bool:
        """True when one mask per trick decides every legal card (follow suit and lead bans only)."""
        return (
            not self.must.any
            and not self.trump_instead
            and not self.first_trick_avoid
            and self.leads_with is LeadsWith.ANY
            and not self.lead_only_when
            and not self.follow_only_when
            and not self.must_play
            and all(
                r.broken_by is BreakBy.DISCARD and not r.also_broken_by and not r.unless_only
                for r in self.lead_restrictions
            )
        )


@dataclass(frozen=True, slots=True)
class CardPattern:
    """A card named by rank and suit, where the suit may be "this hand's trump" (suit None) or the other suit of
    trump's colour (`same_colour`); an extra card (a joker) is its place among the extras in their group."""

    rank: int
    suit: int | None
    same_colour: bool = False

    def resolve(self, deck: Deck, trump: int) -> Card | None:
        suit = trump if self.suit is None else self.suit
        if suit >= 0 and self.same_colour:
            suit = deck.colour_mate[suit]
        if suit < 0:
            return None
        return suit * deck.ranks_per_suit + self.rank


@dataclass(frozen=True, slots=True)
class TrickEvent:
    name: str
    description: str
    first: CardPattern
    then: CardPattern
    by: Relation


@dataclass(frozen=True, slots=True)
class ScoreRule:
    name: str
    description: str
    per: str
    """'side' or 'seat': evaluated once per side or once per seat."""
    when: Compiled | None
    points: Compiled


@dataclass(frozen=True, slots=True)
class ScoringRules:
    by: str
    """'side' (partnership totals) or 'seat' (personal totals)."""
    rules: tuple[ScoreRule, ...]
    card_points: tuple[int, ...] = ()
    """Points of each card when taken in a trick (empty: cards are worth nothing by themselves)."""


@dataclass(frozen=True, slots=True)
class Counter:
    name: str
    description: str
    per: str
    start: int
    add: Compiled
    limit: int | None
    limit_points: int
    limit_subtract: int
    reset_when: Compiled | None = None
    """Read for each side or seat after a played hand: when it holds, the counter goes back to `start` instead of
    growing (None: it never does)."""


@dataclass(frozen=True, slots=True)
class MatchRules:
    by: str
    """'side' or 'seat': who wins a match."""
    wins: Compiled | None
    loses: Compiled | None
    ends: Compiled | None
    """When it holds after a hand, every side (or seat) qualifies and `when_both` picks the winner."""
    when_both: WhenBoth
    tie: Tie
    when_ended: WhenBoth | None = None
    """Who wins when `ends` holds, if not as `when_both` says (`match.when_ended`)."""

    @property
    def on_end(self) -> WhenBoth:
        """How the qualifiers are parted when `ends` holds."""
        return self.when_both if self.when_ended is None else self.when_ended

    @property
    def lower_wins(self) -> bool:
        return WhenBoth.LOWER_TOTAL in (self.when_both, self.when_ended)


@dataclass(frozen=True, slots=True)
class TimeoutRules:
    bid: str | int
    trump_order: tuple[int, ...]
    prefer_non_trump: bool
    suit_order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OptionValue:
    value: str
    description: str


@dataclass(frozen=True, slots=True)
class NumberList:
    """What a table option's list of numbers may hold (at most `most` numbers from `low` to `high`) and means."""

    most: int
    low: int
    high: int
    meaning: str


@dataclass(frozen=True, slots=True)
class TableOption:
    name: str
    description: str
    default: str
    values: tuple[OptionValue, ...]
    numbers: NumberList | None = None
    """For an option a table may also set to a list of numbers: what such a list may hold and means."""


@dataclass(frozen=True, slots=True)
class Version:
    number: int
    description: str


@dataclass(frozen=True, slots=True)
class Definition:
    name: str
    source: str


@dataclass(frozen=True, slots=True)
class EventCards:
    """A trick event resolved for one trump: event `index` happens when `first` then `then` fall by `by`."""

    index: int
    first: Card
    then: Card
    by: Relation


@dataclass(frozen=True, slots=True)
class PlayStart:
    """Under one trump: each card's suit for following and winning, the cards of each suit, each card's claim on
    a trick by led suit, the suits that may not be led until broken (a mask), how each breaks, the events' cards.

    The suits are the printed ones except where `trump.highest` makes a card a trump."""

    suit_of: tuple[int, ...]
    suit_masks: tuple[CardMask, ...]
    strength: tuple[tuple[int, ...], ...]
    """`strength[led][card]`, as `Deck.strength[trump + 1]`, with the highest cards above the ace of trump."""
    blocked: CardMask
    breaks: tuple[tuple[CardMask, bool, CardMask, CardMask], ...]
    """Per banned suit: its cards, whether any card of it breaks it, other cards that do, and `unless_only`."""
    events: tuple[EventCards, ...]
    trumps: tuple[Card, ...] = ()
    """Every trump, highest first (empty without trump)."""

    def trump_run(self, held: CardMask) -> int:
        """With or without: the trumps `held` has in an unbroken run from the highest trump down, or, without
        the highest, how many trumps rank above its highest one (all of them when it holds none)."""
        has_top = bool(self.trumps) and held >> self.trumps[0] & 1
        count = 0
        for card in self.trumps:
            if (held >> card & 1) != has_top:
                break
            count += 1
        return count


def _card_tables(
    deck: Deck, trump: int, highest: tuple[Card, ...], order: tuple[int, ...] | None = None
) -> tuple[tuple[int, ...], tuple[CardMask, ...], tuple[tuple[int, ...], ...]]:
    """Each card's suit, each suit's cards and each card's claim on a trick by led suit under `trump`, with the
    `highest` cards made trumps ranked above the others, highest first (without a trump suit they form a trump
    group of their own, numbered after the suits), and ranks within a suit in `order` (default: the deck's)."""
    if not highest and order is None:
        return deck.suit_of, deck.suit_masks, deck.strength[trump + 1]
    size = deck.size
    per_suit = deck.ranks_per_suit
    group = trump if trump >= 0 else len(deck.suit_masks)
    suit_of = list(deck.suit_of)
    masks = [*deck.suit_masks, 0] if trump < 0 and highest else list(deck.suit_masks)
    for card in highest:
        masks[suit_of[card]] &= ~(1 << card)
        suit_of[card] = group
        masks[group] |= 1 << card
    top = {card: 3 * size + len(highest) - i for i, card in enumerate(highest)}
    strength = order if order is not None else tuple(range(per_suit))

    def within(card: Card) -> int:
        rank = deck.rank_of[card]
        if deck.is_extra(card):
            return deck.suit_of[card] * per_suit + rank
        return deck.suit_of[card] * per_suit + strength[rank - rank % deck.copies]

    def claim(card: Card, led: int) -> int:
        suit = suit_of[card]
        if suit == group and (trump >= 0 or highest):
            return top.get(card, 2 * size + within(card))
        return size + within(card) if suit == led else 0

    rows = tuple(tuple(claim(card, led) for card in range(size)) for led in range(len(masks)))
    return tuple(suit_of), tuple(masks), rows


def _play_start(rules: Rules, trump: int, game: NamedGame | None = None) -> PlayStart:
    blocked = 0
    breaks = []
    deck = rules.deck
    # `trump.highest` ranks cards above a trump suit's ace: with no trump suit (and no named game) there is none.
    patterns = (rules.trump.highest if trump >= 0 else ()) if game is None else game.highest
    highest = tuple(dict.fromkeys(c for p in patterns if (c := p.resolve(deck, trump)) is not None))
    suit_of, suit_masks, strength = _card_tables(deck, trump, highest, game.order if game is not None else None)
    for restriction in rules.play.lead_restrictions:
        suit = trump if restriction.suit is None else restriction.suit
        if suit >= 0:
            blocked |= suit_masks[suit]
            breaks.append(
                (
                    suit_masks[suit],
                    restriction.broken_by is BreakBy.ANY,
                    deck.mask(restriction.also_broken_by),
                    deck.mask(restriction.unless_only),
                )
            )
    events = []
    for index, event in enumerate(rules.events):
        first = event.first.resolve(rules.deck, trump)
        then = event.then.resolve(rules.deck, trump)
        if first is not None and then is not None and first != then:
            events.append(EventCards(index, first, then, event.by))
    lead = strength[0]
    trumps = sorted((c for c in range(deck.size) if lead[c] >= 2 * deck.size), key=lambda c: -lead[c])
    return PlayStart(suit_of, suit_masks, strength, blocked, tuple(breaks), tuple(events), tuple(trumps))


CARD_FACTS = frozenset({"taker", "player", "points", "took", "first_trick", "last_trick", "melds"})
"""Built-in names whose values come from the cards each trick held; the engine works them out only when read."""
PLAY_STATE_FACTS = frozenset({"held", "led_suit", "turn", "trump_run", "stock_points", "tricks_after_stock"})
"""Built-in names that read where the cards are during the play (who holds what, whose turn), not what it won."""


@dataclass(frozen=True, slots=True)
class Translation:
    """A ruleset's own words in one language: its title, its description and its game's terms by English word."""

    language: str
    title: str
    description: str
    words: tuple[tuple[str, str], ...]
    texts: tuple[tuple[str, str], ...] = ()
    """The ruleset's own sentences (descriptions of rules, options, versions) by their English text, its spaces
    run together."""


@dataclass(frozen=True, slots=True)
class Rules:
    """One ruleset at one rules version with every table option chosen, compiled for play."""

    id: str
    title: str
    description: str
    source: str
    extends: tuple[str, ...]
    version: int
    options: tuple[tuple[str, str], ...]
    table_options: tuple[TableOption, ...]
    versions: tuple[Version, ...]
    deck: Deck
    seating: Seating
    dealer: DealerRules
    deal: DealRules
    passing: PassingRules | None
    bidding: BiddingRules
    trump: TrumpRules
    exchange: ExchangeRules | None
    alone: AloneRules | None
    doubling: DoublingRules | None
    announcements: tuple[Announcement, ...]
    play: PlayRules
    definitions: tuple[Definition, ...]
    events: tuple[TrickEvent, ...]
    scoring: ScoringRules
    counters: tuple[Counter, ...]
    match: MatchRules
    timeout: TimeoutRules
    actions: ActionSpace
    file: str
    showing: tuple[Showing, ...] = ()
    """What players may show of their cards before the first lead (`showing`), in the order the rules list it."""
    melds: MeldRules | None = None
    """Combinations of cards that score for their holder (`melds`)."""
    digest: str = field(default="", compare=False)
    """Identifies the rules in force, the order of their ordered mappings included: records carry it."""
    earlier_digest: str = field(default="", compare=False)
    """The same rules' digest as earlier releases wrote it (every key sorted), accepted from old records."""
    translations: tuple[Translation, ...] = field(default=(), compare=False)
    """The ruleset's words in other languages (`translations`): words only, so not part of the rules' identity."""

    def translation(self, language: str) -> Translation:
        """The ruleset's words in a language, the English ones where it gives none."""
        found = next((t for t in self.translations if t.language == language), None)
        return found or Translation(language, self.title, self.description, ())

    def word(self, language: str, word: str) -> str:
        """One of the game's terms in a language, as the ruleset translates it (a name such as `no_trump` also
        as its words, `no trump`), else its deck, else (the seats' and sides' usual names) the program's
        catalogue; else a name's words (`no trump`): a person never reads an identifier's underscores."""
        words = dict(self.translation(language).words)
        spaced = word.replace("_", " ")
        said = words.get(word, words.get(spaced))
        if said is not None:
            return said
        said = self.deck.word(language, word)
        return said if said != word else self._table_word(language, word).replace("_", " ")

    def _table_word(self, language: str, word: str) -> str:
        """A name the program gave a seat or side (North, Seat 3, North-South) in `language`, from its catalogue:
        a ruleset translates only the names it gives itself (`seat_names`, `side_names`)."""
        from .. import i18n  # here: loading rules needs no catalogue

        seating = self.seating
        if language == i18n.LANGUAGES[0]:
            return word
        gettext = i18n.gettext(language)
        if not seating.named_seats and word in seating.seat_names:
            seat = seating.seat_names.index(word)
            return gettext(word) if seating.seats == len(COMPASS) else gettext(SEAT).format(seat=seat)
        if not seating.named_sides and word in seating.side_names:
            members = seating.sides[seating.side_names.index(word)]
            return gettext(" and ").join(self.word(language, seating.seat_names[s]) for s in members)
        return word

    def text(self, language: str, english: str) -> str:
        """One of the ruleset's own sentences in a language, as the ruleset translates it (else unchanged)."""
        return dict(self.translation(language).texts).get(" ".join(english.split()), english)

    portable: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    """The merged ruleset as a record carries it, when it is not bundled."""
    changes: tuple[str, ...] = field(default=(), repr=False, compare=False)
    """The rules a variant's own file sets (`match.wins`...), for the rule book; empty when it extends nothing."""
    written_in: str = field(default=CURRENT, compare=False)
    """The format the ruleset's file is written in (`trickbook-ruleset/N`): records carry it."""
    play_start: tuple[PlayStart, ...] = field(init=False, repr=False, compare=False)
    """`play_start[trump + 1]`: what the play of a hand starts with under that trump (index 0: no trump)."""
    remapped: bool = field(init=False, repr=False, compare=False)
    """True when a card's suit or a suit's order can depend on trump or on a named game (`trump.highest`,
    `trump.games`): the engine then takes each hand's suit tables from `tables`."""
    plain_play: bool = field(init=False, repr=False, compare=False)
    """True when one mask per trick decides every legal card: `PlayRules.plain`, with every suit a run of cards
    (no `trump.highest` card moved into trump)."""
    reads_cards: bool = field(init=False, repr=False, compare=False)
    """True when scoring reads which cards were played or taken (`taker(card)`, `points(seat)`...)."""
    conditions_read_cards: bool = field(init=False, repr=False, compare=False)
    """True when a condition read before a card (`play.lead_only_when`, `play.follow_only_when`,
    `play.must_play`) reads which cards were played or taken, so the engine fills those facts for it."""
    reads_deal: bool = field(init=False, repr=False, compare=False)
    """True when an expression reads which cards were dealt (`dealt(seat, card)`)."""
    uses: frozenset[str] = field(init=False, repr=False, compare=False)
    """Every built-in name some expression of these rules reads, so the engine works out only those facts."""
    scored_by_tricks: bool = field(init=False, repr=False, compare=False)
    """True when nothing a hand's scoring reads depends on which cards fell where, beyond the tricks each seat
    took and the trick events counted: no card taken, held or dealt is read, no rule stops the play, no seat
    draws. Hands whose play ends with the same counts then score the same (`players.batch` scores them once)."""
    scored_by_side_tricks: bool = field(init=False, repr=False, compare=False)
    """`scored_by_tricks`, and no expression reads a seat's own tricks (`tricks(seat)`), only its side's: hands
    whose play ends with the same tricks for each side (and the same trick events) then score the same."""
    fixed_hand_size: int = field(init=False, repr=False, compare=False)
    """The cards each player is dealt when every hand deals the same number, else 0."""
    contract_size: int = field(init=False, repr=False, compare=False)
    """How many contracts a hand has: one per side, or one per seat at a table without sides."""
    seats: int = field(init=False, repr=False, compare=False)
    """How many players (`seating.seats`)."""
    direction: int = field(init=False, repr=False, compare=False)
    """+1 clockwise, -1 counter-clockwise (`seating.direction`)."""
    expressions: tuple[Compiled, ...] = field(default=(), repr=False, compare=False)
    """Every expression of the rules, wherever it is read: what the engine must fill facts for is their union."""
    made: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """What later layers build once from these rules (the engine specialised for them), by name: it lives as
    long as the rules do."""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        suits = len(self.deck.suits)
        named = tuple(_play_start(self, -1 if g.suit is None else g.suit, g) for g in self.trump.games)
        set_(self, "play_start", tuple(_play_start(self, t) for t in range(-1, suits)) + named)
        remapped = bool(self.trump.highest) or bool(self.trump.games)
        set_(self, "remapped", remapped)
        set_(self, "plain_play", self.play.plain and not remapped and self.deck.copies == 1)
        # Card facts may be read only once tricks are taken (after each trick and in scoring), so any read of them
        # is one the engine must fill them for.
        uses = frozenset().union(*(e.uses for e in self.expressions))
        set_(self, "reads_cards", bool(CARD_FACTS & uses))
        play = self.play
        conditions = (*play.lead_only_when, *play.follow_only_when, *play.must_play)
        set_(self, "conditions_read_cards", any(CARD_FACTS & c.when.uses for c in conditions))
        set_(self, "reads_deal", "dealt" in uses)
        set_(self, "uses", uses)
        set_(
            self,
            "scored_by_tricks",
            not (self.reads_cards or self.reads_deal or PLAY_STATE_FACTS & uses)
            and play.stop_when is None
            and play.draw is None,
        )
        calls = frozenset().union(*(e.calls for e in self.expressions))
        set_(
            self,
            "scored_by_side_tricks",
            self.scored_by_tricks and self.seating.has_sides and "tricks(seat)" not in calls,
        )
        size = self.deal.hand_size
        fixed = self.deal.max_hand_size if size is None or size.is_constant else 0
        set_(self, "fixed_hand_size", fixed)
        set_(self, "contract_size", len(self.seating.sides) or self.seating.seats)
        set_(self, "seats", self.seating.seats)
        set_(self, "direction", self.seating.direction)

    @property
    def hand_size(self) -> int:
        """The most cards a player can be dealt in a hand of this ruleset (the number of tricks when it is fixed)."""
        return self.deal.max_hand_size

    def tricks_in_hand(self, hand_size: int) -> int:
        """The tricks of a hand whose players are dealt `hand_size` cards: one per card, and with `play.draw` one
        more per round of draws the stock holds."""
        if self.deal.rest is not None:
            return self.deal.rest.hand_size
        if self.play.draw is None:
            return hand_size
        return hand_size + self.stock_size(hand_size) // self.deal.dealt_seats(self.seats)

    def stock_size(self, hand_size: int) -> int:
        """The cards left undealt when each seat dealt cards gets `hand_size`: the stock."""
        return self.pack_size - self.deal.dealt_seats(self.seats) * hand_size

    def held_size(self, hand_size: int) -> int:
        """The cards each player holds for the play of a hand dealt `hand_size` cards first (`deal.rest` deals
        the rest before the play)."""
        return self.deal.rest.hand_size if self.deal.rest is not None else hand_size

    @property
    def pack_size(self) -> int:
        """The cards each hand is dealt from: the deck less the cards `deal.remove` takes out."""
        return self.deck.size - self.deal.removed.bit_count()

    def tables(self, trump: int, game: int = -1) -> PlayStart:
        """What play starts with under this hand's trump, or under the named game `game` (an index of
        `trump.games`) when one was named."""
        return self.play_start[len(self.deck.suits) + 1 + game if game >= 0 else trump + 1]

    @property
    def personal(self) -> bool:
        return self.scoring.by == "seat"

    def identity(self) -> dict[str, Any]:
        """The `ruleset` object of a match record: id, rules version and every option in force."""
        return {"id": self.id, "version": self.version, "options": dict(self.options)}

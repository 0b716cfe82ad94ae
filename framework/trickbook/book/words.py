"""A compiled ruleset stated rule by rule in words: what `explain` prints and `diff` compares.

Every rule becomes a `Statement` with a stable key (such as `bidding`,
`trump` or `scoring.rules.king_bonus`), so two rulesets can be compared key by
key, and the same text serves the generated rule book.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import pairwise

from .. import i18n
from ..cards import CardMask
from ..engine.restrictions import card_words
from ..errors import spoken
from ..ruleset.rules import (
    BiddingKind,
    BreakBy,
    CardPattern,
    DrawFirst,
    FirstLead,
    LeadRestriction,
    LeadsWith,
    MakingRound,
    MeldSource,
    NamedBid,
    NamedGame,
    NumberList,
    Relation,
    Rules,
    Tie,
    TrumpMode,
    WhenBoth,
)
from ..text import visible


def _(text: str) -> str:
    """Marks a rule-book text for the catalogue; `Reader._` translates it."""
    return text


SECTIONS = (
    "Players and deal",
    "Bidding",
    "Trump",
    "Play",
    "Trick events",
    "Scoring",
    "Match end",
    "Timeouts",
    "Table options and rules versions",
)


@dataclass(frozen=True, slots=True)
class Statement:
    """One rule in words; `key` identifies it across rulesets, `section` groups it in the rule book."""

    key: str
    section: str
    title: str
    text: str


def statements(rules: Rules, language: str = i18n.LANGUAGES[0]) -> list[Statement]:
    """Every rule of `rules`, in rule-book order, with the ruleset's own text shown as it is (`text.visible`).

    In another language, the fixed sentences are said through the catalogue, and the ruleset's own terms and
    descriptions through its `translations` (English where it gives none)."""
    reader = Reader(rules, language)
    said = [
        *_players(reader),
        *_bidding(reader),
        *_trump(reader),
        *_play(reader),
        *_events(reader),
        *_melds(reader),
        *_scoring(reader),
        *_match(reader),
        *_timeouts(reader),
        *_options(reader),
    ]
    return [Statement(s.key, s.section, visible(s.title), visible(s.text)) for s in said]


@dataclass(frozen=True, slots=True)
class Reader:
    """The rules and the language a rule book is written for: its catalogue, and the game's terms in it."""

    rules: Rules
    language: str

    def _(self, text: str) -> str:
        """A catalogue text in the reader's language."""
        return i18n.gettext(self.language)(text)

    def word(self, english: str) -> str:
        """One of the game's terms as the ruleset translates it."""
        return self.rules.word(self.language, english)

    def text(self, english: str) -> str:
        """One of the ruleset's own sentences (a rule's or an option's description) as the ruleset translates it."""
        return self.rules.text(self.language, english)

    def own(self, description: str) -> str:
        """A ruleset's description put before a fixed sentence, in the reader's language; nothing where none."""
        return self.text(description) + " " if description else ""

    def suit(self, suit: int) -> str:
        """`♥ NAME`: a suit by its symbol and its name in the reader's language."""
        found = self.rules.deck.suits[suit]
        return f"{found.symbol} {self.word(found.name)}"

    def seat(self, seat: int) -> str:
        """`North (0)`: a seat as people and records both know it, its name in the reader's language."""
        name = self.word(self.rules.seating.seat_names[seat])
        return f"{name} ({seat})" if self.rules.seats == 4 else name

    def count(self, count: int) -> str:
        """A small number as a word, as a rule book writes it in the reader's language."""
        return self._(count_words(count))


NUMBERS = (_("no"), _("one"), _("two"), _("three"), _("four"), _("five"), _("six"), _("seven"))


def count_words(count: int) -> str:
    """A small number as a word, as a rule book writes it."""
    return NUMBERS[count] if 0 <= count < len(NUMBERS) else str(count)


def _copies_words(reader: Reader) -> str:
    """What a deck holding every card more than once means for play, or nothing for a deck of single cards."""
    copies = reader.rules.deck.copies
    if copies == 1:
        return ""
    _ = reader._
    return " " + _(
        "The deck holds every card {count} times; of equal cards in a trick the one played first ranks higher."
    ).format(count=reader.count(copies))


def _players(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    deck = rules.deck
    section = SECTIONS[0]
    ranks = " ".join(next((a for a in r.aliases if a.isdigit()), r.code) for r in reversed(deck.faces))
    suits = _(", ").join(f"{s.symbol} {reader.word(s.name)}" for s in deck.suits)
    yield Statement("players", section, "Players", _table_words(reader))
    cards = _("{deck}: {count} cards, suits {suits}; ranks from highest to lowest: {ranks}.")
    yield Statement(
        "deck",
        section,
        "Cards",
        cards.format(deck=reader.word(deck.title), count=deck.size, suits=suits, ranks=ranks)
        + _extras_words(reader)
        + _copies_words(reader),
    )
    way = _("clockwise") if rules.direction == 1 else _("counter-clockwise")
    if rules.direction == 1:
        said = (
            _("Dealing, bidding and play go {way}: the next player is seat + 1 (the player on the left).")
            if rules.bidding.present
            else _("Dealing and play go {way}: the next player is seat + 1 (the player on the left).")
        )
    else:
        said = (
            _("Dealing, bidding and play go {way}: the next player is seat - 1 (the player on the right).")
            if rules.bidding.present
            else _("Dealing and play go {way}: the next player is seat - 1 (the player on the right).")
        )
    yield Statement("direction", section, "Direction", said.format(way=way))
    yield Statement("dealer", section, "Dealer", _dealer_words(reader, way))
    yield Statement("deal", section, "Deal", _deal_words(reader))
    if rules.passing is not None:
        passing = rules.passing
        said = _(
            "After the deal each player chooses {count} cards to pass to the player `{to}` names (the player "
            "themselves: no passing that hand). Everyone chooses before any card changes hands, so cards received "
            "cannot be passed on."
        )
        text = reader.own(passing.description) + said.format(
            count=reader.count(passing.cards), to=_one_line(passing.to.source)
        )
        yield Statement("passing", section, "Passing", text)


def _dealer_words(reader: Reader, way: str) -> str:
    """Who deals first, who deals next, and the places at the table named by the dealer."""
    rules = reader.rules
    _ = reader._
    first = _("drawn at random") if rules.dealer.first is None else reader.seat(rules.dealer.first)
    moves = {1: _("passes to the next player ({way})").format(way=way), 0: _("stays with the same player")}
    each = rules.dealer.deals_each
    if each == 1:
        said = _("The first dealer is {first}. After a played hand the deal {moves}")
    else:
        said = _(
            "The first dealer is {first}. After every {count} played hands (the same player deals them all) the "
            "deal {moves}"
        )
    text = said.format(first=first, count=each, moves=moves[rules.dealer.after_hand])
    auction = rules.bidding.kind is BiddingKind.AUCTION
    if rules.bidding.cancel_if is not None or (auction and rules.bidding.all_pass == "cancel"):
        text += _("; after a hand thrown in before play it {moves}").format(moves=moves[rules.dealer.after_cancelled])
    text += "."
    roles = [reader.word(role) for role in rules.dealer.roles]
    if roles:
        named = _("{names} and {name}").format(names=_(", ").join(roles[:-1]), name=roles[-1])
        said = _(" The places at the table this hand, from the player after the dealer, are {names}.")
        text += said.format(names=named if len(roles) > 1 else roles[0])
    return text


def _members(rules: Rules) -> int:
    """How many players each side has when every side has as many ("its two players' bids"), else 0."""
    sizes = {len(side) for side in rules.seating.sides}
    return sizes.pop() if len(sizes) == 1 else 0


def _table_words(reader: Reader) -> str:
    rules = reader.rules
    _ = reader._
    seating = rules.seating
    players = reader.count(seating.seats)
    players = players[:1].upper() + players[1:]
    if not seating.has_sides:
        return _("{count} players, each playing for themselves.").format(count=players)
    sides = _("; ").join(
        _("{side}: {seats}").format(side=reader.word(name), seats=_(" and ").join(reader.seat(s) for s in members))
        for name, members in zip(seating.side_names, seating.sides, strict=True)
    )
    opposite = seating.seats == 4 and [list(s) for s in seating.sides] == [[0, 2], [1, 3]]
    said = (
        _("{count} players in {sides} fixed sides; partners sit opposite: {list}.")
        if opposite
        else _("{count} players in {sides} fixed sides: {list}.")
    )
    return said.format(count=players, sides=reader.count(len(seating.sides)), list=sides)


def _deal_words(reader: Reader) -> str:
    rules = reader.rules
    _ = reader._
    deal = rules.deal
    if deal.hand_size is None:
        size = _("until each player holds {count}").format(count=rules.hand_size)
    elif deal.hand_size.is_constant:
        size = _("until each player holds {count}").format(count=deal.hand_size.constant)
    else:
        size = _("until each player holds `{count}` cards (hand by hand)").format(
            count=_one_line(deal.hand_size.source)
        )
    said = _(
        "Cards are dealt one at a time, starting with the player after the dealer, {size}; the dealer receives the "
        "last card of each round. Each player sees only their own hand."
    )
    text = said.format(size=size)
    if deal.removed:
        cards = ", ".join(rules.deck.label(card) for card in rules.deck.cards(deal.removed))
        said = (
            _("First {cards} is taken out of the deck. ")
            if deal.removed.bit_count() == 1
            else _("First {cards} are taken out of the deck. ")
        )
        text = said.format(cards=cards) + text
    pack = rules.pack_size
    if deal.hand_size is not None or pack % rules.deal.dealt_seats(rules.seats):
        text += _(" The undealt cards form the stock, face down.")
    exposure = deal.exposure
    if exposure is not None:
        if exposure.seat_offset is None:
            text += _(" Card number {card} of the stock is turned face up for everyone to see.").format(
                card=exposure.card
            )
        else:
            whose = exposure.seat_offset == 0
            last = exposure.card == 0
            said = {
                (True, True): _(
                    " The dealer's own last card (in the order received) is shown to everyone; it stays in that "
                    "hand and is played like any card."
                ),
                (True, False): _(
                    " The dealer's own card number {card} (in the order received) is shown to everyone; it stays "
                    "in that hand and is played like any card."
                ),
                (False, True): _(
                    " The next player's last card (in the order received) is shown to everyone; it stays in that "
                    "hand and is played like any card."
                ),
                (False, False): _(
                    " The next player's card number {card} (in the order received) is shown to everyone; it stays "
                    "in that hand and is played like any card."
                ),
            }[(whose, last)]
            text += said.format(card=exposure.card)
    rest = deal.rest
    if rest is not None:
        said = (
            _(
                " Once trump is named, the declarer takes the card turned face up, then the stock is dealt on, one "
                "card at a time from the player after the dealer, each seeing only their own, until every player "
                "holds {count}; the hand has {count} tricks."
            )
            if rest.exposed_to_declarer
            else _(
                " Once trump is named, the stock is dealt on, one card at a time from the player after the dealer, "
                "each seeing only their own, until every player holds {count}; the hand has {count} tricks."
            )
        )
        text += said.format(count=rest.hand_size)
    return text


def _bidding(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    bidding = rules.bidding
    section = SECTIONS[1]
    yield Statement("bidding", section, _("Bidding"), BIDDING_WORDS[bidding.kind](reader))
    if bidding.kind is BiddingKind.NONE or bidding.kind is BiddingKind.CALLS:
        return
    if bidding.estimates is not None:
        yield from _estimates(reader)
    for ban in bidding.bans:
        said = _("A player may not declare a bid when `{when}` (`seat` is the bidder, `this_bid` the bid).")
        text = reader.own(ban.description) + said.format(when=_one_line(ban.when.source))
        title = _("Ban {name}").format(name=ban.name.replace("_", " "))
        yield Statement(f"bidding.forbid.{ban.name}", section, title, text)
    if bidding.cancel_if is not None:
        said = _("After the bidding the hand is thrown in when `{when}`.")
        text = said.format(when=_one_line(bidding.cancel_if.source))
        yield Statement("bidding.cancel_if", section, _("Hand thrown in"), text)


def _estimates(reader: Reader) -> Iterator[Statement]:
    """The second round of an auction's hand: who estimates, in which order, within which range, and the bans."""
    rules = reader.rules
    _ = reader._
    estimates = rules.bidding.estimates
    assert estimates is not None
    section = SECTIONS[1]
    high = f"`{_one_line(estimates.max_estimate.source)}`" if estimates.max_estimate is not None else str(estimates.max)
    said = (
        _(
            "Once the auction is won and the trump is chosen, every other player, in turn from the player after the "
            "declarer, estimates the tricks they will take: a number from {low} to {high}. Each player is then bound "
            "to their own estimate and the declarer to the winning bid: `bid(seat)` and `contract(seat)` are a "
            "player's estimate, `bid(declarer)` the winning bid."
        )
        if rules.trump.mode in (TrumpMode.CHOSEN, TrumpMode.MADE)
        else _(
            "Once the auction is won, every other player, in turn from the player after the declarer, estimates the "
            "tricks they will take: a number from {low} to {high}. Each player is then bound to their own estimate "
            "and the declarer to the winning bid: `bid(seat)` and `contract(seat)` are a player's estimate, "
            "`bid(declarer)` the winning bid."
        )
    )
    text = said.format(low=estimates.min, high=high)
    yield Statement("bidding.estimates", section, _("Estimates"), text)
    if estimates.without_auction is not None:
        said = _(
            "When `{when}` the hand has no auction: once its trump is known every player, in turn from the player "
            "after the dealer, estimates the tricks they will take, from {low} to {high}; the highest estimate (the "
            "first made, on a tie) makes its player the declarer, bound to it like any estimate."
        )
        text = said.format(when=_one_line(estimates.without_auction.source), low=estimates.min, high=estimates.max)
        yield Statement("bidding.estimates.without_auction", section, _("Hands without an auction"), text)
    for ban in estimates.bans:
        said = _("A player may not estimate when `{when}` (`seat` is the estimator, `this_bid` the estimate).")
        text = reader.own(ban.description) + said.format(when=_one_line(ban.when.source))
        title = _("Ban on estimates {name}").format(name=ban.name.replace("_", " "))
        yield Statement(f"bidding.estimates.forbid.{ban.name}", section, title, text)


def _bids_words(reader: Reader) -> str:
    """The bids a player may make, in words: a list of values, or a range whose top may be an expression."""
    bidding = reader.rules.bidding
    _ = reader._
    high = f"`{_one_line(bidding.max_bid.source)}`" if bidding.max_bid is not None else str(bidding.max)
    values = bidding.values
    if values:
        steps = {later - earlier for earlier, later in pairwise(values)}
        if len(values) > 4 and len(steps) == 1:
            said = _("a number from {low} to {high} in steps of {step}")
            return said.format(low=values[0], high=values[-1], step=steps.pop())
        return _("one of {values}").format(values=_(", ").join(map(str, values)))
    return _("a number from {low} to {high}").format(low=bidding.min, high=high)


def _no_bidding_words(reader: Reader) -> str:
    return reader._("There is no bidding.")


def _auction_words(reader: Reader) -> str:
    """An auction, in duels, of one round, or rising bids with final passes, and how it ends."""
    rules = reader.rules
    _ = reader._
    bidding = rules.bidding
    bids = _bids_words(reader)
    if bidding.duels:
        said = _(
            "An auction in duels. The player after the dealer listens and the next player speaks: the speaker bids "
            "{bids}, higher than the highest bid so far, or passes; the listener holds that bid (says yes, by bidding "
            "it too) or passes. A pass is final. The one left listens to the next player, who speaks, until one "
            "player is left: the declarer, whose contract is the highest bid named or held. If nobody bid, the last "
            "player left may bid {low} or pass, and if all {count} players pass the hand is thrown in."
        )
        return said.format(bids=bids, low=bidding.min, count=reader.count(rules.seats))
    said = (
        _(
            "An auction of one round, starting with the player after the dealer: in turn, each player bids {bids}, "
            "higher than the highest bid so far, or passes, and speaks only once. The auction ends when the dealer "
            "has spoken, or at once when someone bids {top}."
        )
        if bidding.once
        else _(
            "An auction, starting with the player after the dealer: in turn, each player bids {bids}, higher than "
            "the highest bid so far, or passes; a pass is final for this auction. The auction ends when all players "
            "but one have passed, or at once when someone bids {top}."
        )
    )
    text = said.format(bids=bids, top=bidding.ends_at)
    text += (
        _(" The highest bidder is the declarer; their bid is their side's contract.")
        if rules.seating.has_sides
        else _(" The highest bidder is the declarer; their bid is their contract.")
    )
    if bidding.all_pass == "force":
        said = _(
            " If the first {count} players pass, the last player becomes declarer with a contract of {bid}, "
            "automatically."
        )
        text += said.format(count=reader.count(rules.seats - 1), bid=bidding.forced_bid)
    elif bidding.all_pass == "must-bid":
        said = _(" If the first {count} players pass, the last player may not pass and must bid, {bid} or more.")
        text += said.format(count=reader.count(rules.seats - 1), bid=bidding.min)
    else:
        text += _(" If all {count} players pass, the hand is thrown in.").format(count=reader.count(rules.seats))
    return text


def _counts_as(reader: Reader, named: NamedBid) -> str:
    """A named bid and the number it counts as, with what it means where the ruleset says."""
    _ = reader._
    name = reader.word(named.name)
    if named.description:
        said = _("{name} (counts as {value}: {description})")
        return said.format(name=name, value=named.value, description=reader.text(named.description))
    return _("{name} (counts as {value})").format(name=name, value=named.value)


def _declarations_words(reader: Reader) -> str:
    """Declarations once round the table, with the named bids, after an optional blind round."""
    rules = reader.rules
    _ = reader._
    bidding = rules.bidding
    high = f"`{_one_line(bidding.max_bid.source)}`" if bidding.max_bid is not None else str(bidding.max)
    named = "".join(_(" or {bid}").format(bid=_counts_as(reader, n)) for n in bidding.named if not n.blind)
    said = _(
        "Declarations, starting with the player after the dealer: each player bids once, a number from {low} to "
        "{high}{named}; there is no pass."
    )
    text = said.format(low=bidding.min, high=high, named=named)
    if rules.seating.has_sides:
        members = _members(rules)
        text += (
            _(" A side's contract is the sum of its {count} players' bids.").format(count=reader.count(members))
            if members
            else _(" A side's contract is the sum of its players' bids.")
        )
    blind = [n for n in bidding.named if n.blind]
    if blind:
        offers = _(" or ").join(_counts_as(reader, n) for n in blind)
        said = _(
            "First, before looking at their cards, each player in turn may bid blind, {offers}, or pass to look at "
            "their cards. Then the players who looked declare. "
        )
        text = said.format(offers=offers) + text
    return text


def _chosen_words(reader: Reader) -> str:
    rules = reader.rules
    _ = reader._
    trump = rules.trump
    options = _(", ").join(reader.suit(s) for s in trump.suits)
    named = _(", ").join(reader.word(g.name) for g in trump.games)
    if trump.games:
        options += _(", or names a game: {games}").format(games=named)
    preference = " ".join(rules.deck.suits[s].symbol for s in rules.timeout.trump_order)
    if not rules.bidding.present:
        choice = (
            _("trump for this hand among {options}").format(options=options)
            if trump.suits
            else _("the game of this hand among {games}").format(games=named)
        )
        who = _("the player after the dealer") if trump.chooser else _("the dealer")
        return _("After the deal {who} alone chooses {choice}, and is the hand's declarer.").format(
            who=who, choice=choice
        )
    after = _("the auction and the exchange") if rules.exchange and rules.exchange.before_trump else _("the auction")
    if not trump.suits:
        said = _(
            "After {after} the declarer alone chooses the game of this hand among {games}. (A declarer whose time "
            "runs out gets the first of them that is allowed.)"
        )
        return said.format(after=after, games=named)
    said = _(
        "After {after} the declarer alone chooses trump for this hand among {options}. (A declarer whose time runs "
        "out gets the first of {preference} that is allowed.)"
    )
    return said.format(after=after, options=options, preference=preference)


def _game_trumps(reader: Reader, named: NamedGame) -> str:
    """A named game's trumps in words, as its rules set them: its trump suit and the cards ranked above it."""
    _ = reader._
    listed = _(", then ").join(_pattern_words(reader, p) for p in named.highest)
    if named.suit is None:
        return _(" Its only trumps are {cards}, highest first.").format(cards=listed) if listed else ""
    suit = reader.suit(named.suit)
    if listed:
        return _(" {suit} are trump, and above their ace rank {cards}.").format(suit=suit, cards=listed)
    return _(" {suit} are trump.").format(suit=suit)


def _fixed_words(reader: Reader) -> str:
    trump = reader.rules.trump.suit
    assert trump is not None
    return reader._("{suit} are trump in every hand; nobody chooses.").format(suit=reader.suit(trump))


def _exposed_words(reader: Reader) -> str:
    rules = reader.rules
    _ = reader._
    trump = rules.trump
    suits = rules.deck.suits
    if trump.mapping == tuple(range(len(suits))):
        text = _("The suit of the card shown to everyone is trump; nobody chooses.")
    else:
        pairs = _("; ").join(
            _("{shown} shown, {trump} trump").format(shown=suits[s].symbol, trump=suits[t].symbol)
            for s, t in enumerate(trump.mapping)
        )
        text = _("Trump is set by the suit of the card shown to everyone ({pairs}); nobody chooses.").format(
            pairs=pairs
        )
    exposure = rules.deal.exposure
    if exposure is not None and exposure.seat_offset is None:
        text += _(" When every card is dealt and none is left to turn up, the hand has no trump.")
    return text


def _bid_strain_words(reader: Reader) -> str:
    return reader._("The strain of the contract is trump for the hand; a no-trump contract has no trump.")


def _doubling_words(reader: Reader) -> str:
    """Who may double and redouble, when, and what the scoring reads."""
    _ = reader._
    doubling = reader.rules.doubling
    assert doubling is not None
    text = reader.own(doubling.description) + _(
        "Once the declarer and trump are known, the declarer's opponents are asked in turn from the declarer's "
        "left whether to double the contract ('double') or not ('pass'); the first double ends their round."
    )
    if doubling.redouble:
        text += _(" The declaring side, the declarer first, may then answer it with a redouble ('redouble').")
    if doubling.when is not None:
        text += _(" The contract may be doubled only when `{when}`.").format(when=_one_line(doubling.when.source))
    return text + _(" The scoring reads `doubled`: 0, 1 when doubled, 2 when redoubled.")


def _led_words(reader: Reader) -> str:
    return reader._("The suit of the first card led in the hand is trump for the hand; until then nobody knows it.")


def _no_trump_words(reader: Reader) -> str:
    return reader._("There is no trump.")


def _trump(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    section = SECTIONS[2]
    trump = rules.trump
    yield Statement("trump", section, _("Trump"), TRUMP_WORDS[trump.mode](reader))
    if trump.settings:
        said = _("Nobody chooses trump in these hands: {hands}; the first that holds sets it.")
        hands = _("; ").join(
            _("when `{when}`, {trump}").format(
                when=_one_line(setting.when.source),
                trump=_("the game {game}").format(game=reader.word(trump.games[setting.game].name))
                if setting.game >= 0
                else _("{suit} are trump").format(suit=reader.word(rules.deck.suits[setting.suit].name)),
            )
            for setting in trump.settings
        )
        yield Statement("trump.set", section, _("Trump set by the hand"), said.format(hands=hands))
    for named in trump.games:
        name = reader.word(named.name)
        text = reader.text(named.description) if named.description else ""
        text = text or _("A game a player may name instead of a trump suit: {name}.").format(name=name)
        text += _game_trumps(reader, named)
        yield Statement(f"trump.games.{named.name}", section, _("Game {name}").format(name=name), text)
    if trump.highest:
        listed = _(", then ").join(_pattern_words(reader, p) for p in trump.highest)
        said = _(
            "Above the ace of trump rank {cards}, in that order. They belong to the trump suit in every respect, "
            "for following and for winning tricks, and not to the suit printed on them."
        )
        yield Statement("trump.highest", section, _("Highest trumps"), said.format(cards=listed))
    if rules.doubling is not None:
        yield Statement("doubling", section, _("Doubling"), _doubling_words(reader))
    if rules.exchange is not None:
        yield Statement("exchange", section, _("Exchange"), exchange_words(reader))
    for index, announcement in enumerate(rules.announcements):
        said = (
            _("The declarer may announce it ('announce {name}') or pass, once the game is named")
            if not index
            else _(
                "The declarer may announce it ('announce {name}') or pass, once the game is named after the "
                "announcements before it"
            )
        )
        text = reader.own(announcement.description) + said.format(name=announcement.name)
        text += (
            _(", when `{when}`.").format(when=_one_line(announcement.when.source))
            if announcement.when is not None
            else "."
        )
        title = _("Announcement {name}").format(name=announcement.name.replace("_", " "))
        yield Statement(f"announcements.{announcement.name}", section, title, text)
    if rules.alone is not None:
        yield Statement("alone", section, _("Playing alone"), _alone_words(reader))
    for entry in rules.showing:
        shown = " ".join(rules.deck.label(card) for card in rules.deck.cards(entry.cards))
        said = _(
            "Before the first lead, each player in turn from the dealer's left may show any of {cards} it holds "
            "('show' and the card), one at a time, then passes; every player is asked"
        )
        text = reader.own(entry.description) + said.format(cards=shown)
        text += _(", in hands where `{when}`.").format(when=_one_line(entry.when.source)) if entry.when else "."
        title = _("Showing {name}").format(name=entry.name.replace("_", " "))
        yield Statement(f"showing.{entry.name}", section, title, text)


def _alone_words(reader: Reader) -> str:
    """Who may or must play alone, and whether a defender may answer alone too."""
    _ = reader._
    alone = reader.rules.alone
    assert alone is not None
    text = reader.text(alone.description) if alone.description else ""
    text = text or _(
        "Once trump is fixed, the declarer may play alone: the partner's cards are out of play, the partner's turns "
        "are skipped and tricks have one card fewer."
    )
    if alone.must_when is not None:
        text += _(" The declarer must play alone when `{when}`.").format(when=alone.must_when.source.strip())
    if alone.defenders != "never":
        said = (
            _(
                " Against a lone declarer, the defenders are then asked in turn, the one nearest the dealer's left "
                "first: the first who plays alone leaves the partner out too."
            )
            if alone.defenders == "vs_alone"
            else _(
                " Against any declarer, the defenders are then asked in turn, the one nearest the dealer's left "
                "first: the first who plays alone leaves the partner out too."
            )
        )
        text += said
    return text


def _melds(reader: Reader) -> Iterator[Statement]:
    """The melds that score, where they are found and how sides' melds are compared."""
    rules = reader.rules
    _ = reader._
    melds = rules.melds
    if melds is None:
        return
    deck = rules.deck
    where = {
        MeldSource.SHOWN: _("among the cards each player shows before the first lead"),
        MeldSource.DEALT: _("among the cards each player was dealt, without showing them"),
        MeldSource.TRICKS: _("among the cards of each trick, for the player who wins it"),
    }[melds.source]
    kinds = []
    for kind in melds.kinds:
        if kind.run:
            shape = _("{count} cards of a suit in sequence").format(count=reader.count(kind.run))
        elif kind.ranks:
            shape = _("every card of one rank: {ranks}").format(
                ranks=_(" or ").join(deck.ranks[r].code for r in kind.ranks)
            )
        elif kind.in_each_suit:
            ranks = _(" with ").join(reader.word(deck.ranks[p.rank].name) for p in kind.cards)
            said = _("{ranks} of any suit") if kind.in_each_suit == 1 else _("{ranks} of a suit other than trump")
            shape = said.format(ranks=ranks)
        else:
            shape = _(" with ").join(_pattern_words(reader, p) for p in kind.cards)
        if kind.sets > 1:
            shape = _("{shape}, each card {count} times").format(shape=shape, count=reader.count(kind.sets))
        games = rules.trump.games
        elsewhere = "".join(
            _(", {points} in {game}").format(points=points, game=reader.word(games[game].name))
            for game, points in kind.points_in
        )
        said = (
            _("{name} ({shape}) {points}{elsewhere}")
            if kind.compared or not melds.best_only
            else _("{name} ({shape}) {points}{elsewhere}, always counted")
        )
        name = reader.word(kind.name)
        kinds.append(said.format(name=name, shape=shape, points=kind.points, elsewhere=elsewhere))
    order = sorted((r for r in range(deck.ranks_per_suit) if melds.place[r] >= 0), key=melds.place.__getitem__)
    said = _("Melds are found {where}: {kinds}.")
    text = reader.own(melds.description) + said.format(where=where, kinds=_("; ").join(kinds))
    if any(kind.run for kind in melds.kinds):
        said = _(" Sequences follow the order {order}; a longer sequence counts once, as the longest kind it reaches.")
        text += said.format(order=" ".join(deck.ranks[r].code for r in order))
    groups = [
        _(", ").join(reader.word(k.name) for k in melds.kinds if k.group == group)
        for group in dict.fromkeys(kind.group for kind in melds.kinds if kind.group)
    ]
    if len(groups) == 1:
        said = _(" {names} share no card: the one worth most is counted first, and a card it uses makes no other.")
        text += said.format(names=groups[0])
    elif groups:
        said = _(
            " The melds of each of these groups share no card, the one worth most counted first and a card it uses "
            "making no other: {groups}."
        )
        text += said.format(groups=_("; ").join(groups))
    if deck.copies > 1:
        text += _(" Cards held more than once can make the same meld more than once.")
    if melds.best_only:
        text += (
            _(
                " Only the side holding the best meld scores its melds: the one worth most, then the longer "
                "sequence, then the higher top card, then one in trump; on a tie the one held first from the "
                "dealer's left."
            )
            if melds.ties_to_first
            else _(
                " Only the side holding the best meld scores its melds: the one worth most, then the longer "
                "sequence, then the higher top card, then one in trump; on a tie nobody."
            )
        )
    text += _(" `melds(seat)` and `melds(side)` give the points in scoring.")
    yield Statement("melds", SECTIONS[5], _("Melds"), text)


def _calls_words(reader: Reader) -> str:
    """An auction of calls, as a rule book says it."""
    rules = reader.rules
    _ = reader._
    calls = rules.bidding.calls
    assert calls is not None
    suits = rules.deck.suits
    strains = " ".join("NT" if s < 0 else suits[s].symbol for s in calls.strains)
    codes = rules.actions.bid_codes
    said = (
        _(
            "The dealer calls first, then each player in turn makes a call: pass, or a bid of a level from {low} to "
            "{high} and a strain ({strains}, in rising order), higher than the last bid made by anyone ({lowest} is "
            "the lowest, {highest} the highest). A pass does not stop a player from calling again later."
        )
        if calls.first == 0
        else _(
            "The player after the dealer calls first, then each player in turn makes a call: pass, or a bid of a "
            "level from {low} to {high} and a strain ({strains}, in rising order), higher than the last bid made by "
            "anyone ({lowest} is the lowest, {highest} the highest). A pass does not stop a player from calling "
            "again later."
        )
    )
    text = said.format(
        low=calls.low, high=calls.low + calls.levels - 1, strains=strains, lowest=codes[1], highest=codes[-1]
    )
    if calls.doubles:
        text += _(
            " A player may double the last bid when an opponent made it, and redouble a double of his own side's "
            "bid; a new bid cancels both."
        )
    said = _(
        " The auction ends when {count} passes in a row follow a call; if every player passes before any bid, the "
        "deal is thrown in. The last bid is the contract (doubled or redoubled if so called), and the declarer is "
        "the player of the winning side who first bid its strain."
    )
    return text + said.format(count=reader.count(calls.ends_after))


_ROUND_WORDS = {
    MakingRound.EXPOSED: _("accept the suit of the card shown to everyone"),
    MakingRound.OTHERS: _("name any suit but that of the card shown"),
    MakingRound.ANY: _("name any suit"),
}


def _making_words(reader: Reader) -> str:
    """Trump made in rounds, as a rule book says it."""
    rules = reader.rules
    _ = reader._
    trump = rules.trump
    games = _(" or ").join(_("the game {name}").format(name=reader.word(g.name)) for g in trump.games)

    def offer(kind: MakingRound) -> str:
        named = _(" or name {games}").format(games=games) if games else ""
        return _(_ROUND_WORDS[kind]) + named

    rounds = _("; ").join(
        _("in round {number} each player may {offer}, or pass").format(number=number, offer=offer(kind))
        for number, kind in enumerate(trump.rounds, start=1)
    )
    count = len(trump.rounds)
    said = {
        (False, False): _(
            "Trump is made in {count} round, each going once around the table from the player after the dealer: "
            "{rounds}. The first player to name a suit makes it the hand's trump and is the maker (the declarer)."
        ),
        (True, False): _(
            "Trump is made in {count} rounds, each going once around the table from the player after the dealer: "
            "{rounds}. The first player to name a suit makes it the hand's trump and is the maker (the declarer)."
        ),
        (False, True): _(
            "Trump is made in {count} round, each going once around the table from the player after the dealer: "
            "{rounds}. The first player to name a suit or a game makes it the hand's trump or game and is the maker "
            "(the declarer)."
        ),
        (True, True): _(
            "Trump is made in {count} rounds, each going once around the table from the player after the dealer: "
            "{rounds}. The first player to name a suit or a game makes it the hand's trump or game and is the maker "
            "(the declarer)."
        ),
    }[(count > 1, bool(games))]
    text = said.format(count=reader.count(count), rounds=rounds)
    for_partner = [reader.word(g.name) for g in trump.games if g.for_partner]
    if for_partner:
        said = _(" Naming {games} is a buy for the partner: the namer's partner becomes the maker (the declarer).")
        text += said.format(games=_(" or ").join(for_partner))
    overcalls = _(" or ").join(reader.word(g.name) for g in trump.games if g.overcalls)
    if overcalls:
        said = _(
            " A suit named does not end the round at once: every other player in turn may still name {games}, which "
            "takes the buy over, or pass; when all have passed, the player who named the suit confirms it or names "
            "{games} instead."
        )
        text += said.format(games=overcalls)
    if trump.last_must_name:
        return text + _(" In the last round the dealer may not pass and must name a suit.")
    return text + _(" If every player passes in every round, the hand is thrown in.")


def _extras_words(reader: Reader) -> str:
    """The deck's extra cards and the suit each counts as for following (no suit unless `trump.highest` moves
    it into trump); empty for a deck without them."""
    rules = reader.rules
    _ = reader._
    deck = rules.deck
    if not deck.extras:
        return ""
    named = {deck.extra_base + p.rank for p in rules.trump.highest if p.suit == deck.extra_group}
    words = []
    for offset, extra in reversed(list(enumerate(deck.extras))):
        card = deck.extra_base + offset
        said = (
            _(
                " The {name} ({code}, {symbol}) is an extra card: it belongs to the trump suit, for following suit "
                "as for winning, above every other trump; in a hand without trump it forms a suit with the other "
                "extra cards."
            )
            if card in named
            else _(
                " The {name} ({code}, {symbol}) is an extra card: it forms a suit with the other extra cards: led, "
                "only another extra card follows it."
            )
        )
        words.append(said.format(name=reader.word(extra.name), code=extra.code, symbol=extra.symbol))
    return "".join(words)


def _pattern_words(reader: Reader, pattern: CardPattern) -> str:
    deck = reader.rules.deck
    _ = reader._
    if pattern.suit == deck.extra_group:
        return _("the {name}").format(name=reader.word(deck.extras[pattern.rank].name))
    rank = reader.word(deck.ranks[pattern.rank].name)
    if pattern.suit is not None:
        return _("the {rank} of {suit}").format(rank=rank, suit=reader.word(deck.suits[pattern.suit].name))
    said = _("the {rank} of the other suit of trump's colour") if pattern.same_colour else _("the {rank} of trump")
    return said.format(rank=rank)


def exchange_words(reader: Reader) -> str:
    """The exchange in words: who takes which cards, how many are laid away, and when (the rule book and the
    table's prompt)."""
    _ = reader._
    exchange = reader.rules.exchange
    assert exchange is not None
    if exchange.description:
        return reader.text(exchange.description)
    who = _("the dealer") if exchange.seat == "dealer" else _("the declarer")
    what = _("the card shown to everyone") if exchange.take == "exposed" else _("the cards of the stock")
    away = (
        _("{count} card").format(count=reader.count(1))
        if exchange.discard == 1
        else (_("{count} cards").format(count=reader.count(exchange.discard)))
    )
    said = {
        (True, True): _(
            "After the auction, before naming trump, {who} may take {what} into hand and lays {away} away face down"
        ),
        (True, False): _(
            "After the auction, before naming trump, {who} takes {what} into hand and lays {away} away face down"
        ),
        (False, True): _("Once trump is known, {who} may take {what} into hand and lays {away} away face down"),
        (False, False): _("Once trump is known, {who} takes {what} into hand and lays {away} away face down"),
    }[(exchange.before_trump, exchange.optional)]
    text = said.format(who=who, what=what, away=away)
    text += _(", not a card just taken") if exchange.keep_taken else ""
    text += _(" ('take'), or keep the hand as dealt ('pass').") if exchange.optional else "."
    if exchange.when is not None:
        text += _(" This happens when `{when}`.").format(when=exchange.when.source.strip())
    return text


def _play(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    section = SECTIONS[3]
    play = rules.play
    yield Statement("play.first_lead", section, "First lead", _first_lead_words(reader))
    follow = (
        _("Each player in turn must follow the led suit if they can; a player who cannot may play any card.")
        if play.follow_suit
        else _("Players may play any card; there is no obligation to follow suit.")
    )
    if play.trump_instead:
        follow += _(" A player who can follow suit may play a trump instead.")
    must = play.must
    duties = []
    if must.beat:
        duties.append(
            _(
                "a player following suit must play a higher card of the led suit than any in the trick if they "
                "can, unless a trump has been played to a trick led in another suit"
            )
        )
    if must.trump_low:
        duties.append(_("a player who cannot follow suit must play a trump if they hold one"))
    elif must.trump:
        duties.append(
            _(
                "a player who cannot follow suit must play a trump if they hold one, unless the trick already "
                "holds a trump"
            )
        )
    if must.overtrump:
        duties.append(
            _(
                "a player who cannot follow suit, when the trick holds a trump, must play a higher trump if they "
                "hold one"
            )
        )
    if duties:
        follow += _(" Moreover, {duties}.").format(duties=_("; ").join(duties))
        if must.unless_partner_wins:
            follow += _(" None of this binds a player whose partner is winning the trick so far.")
    if must.raise_trump:
        follow += _(" When trump is led, every player must play a higher trump than any in the trick if they hold one.")
    yield Statement("play.follow_suit", section, "Following", follow)
    if play.first_trick_avoid:
        cards = _card_words(reader, play.first_trick_avoid, "or")
        said = _("Nobody may play {cards} to the first trick unless they hold nothing else they may play.")
        yield Statement("play.first_trick_avoid", section, "The first trick", said.format(cards=cards))
    trumpless = not rules.trump.present
    winner = (
        _("The highest card of the led suit wins the trick.")
        if trumpless
        else _("The highest trump wins the trick; if no trump was played, the highest card of the led suit wins.")
    )
    tricks = (
        _("A hand has {count} tricks.").format(count=rules.tricks_in_hand(rules.hand_size))
        if rules.deal.hand_size is None or rules.deal.hand_size.is_constant
        else _("A hand has as many tricks as each player holds cards.")
        if play.draw is None
        else _("A hand goes on until every card dealt or drawn is played.")
    )
    said = _("{winner} The winner leads the next trick. {tricks}").format(winner=winner, tricks=tricks)
    yield Statement("play.winner", section, "Winning a trick", said)
    if play.draw is not None:
        yield Statement("play.draw", section, _("Drawing from the stock"), _draw_words(reader))
    if play.dummy:
        text = _(
            "The declarer's partner is the dummy: once the opening lead is made, the dummy's cards are laid "
            "face up for everyone, and at the dummy's turns the declarer chooses which of them to play."
        )
        yield Statement("play.dummy", section, _("The dummy"), text)
    if play.stop_when is not None:
        said = _("After each trick, the hand stops and is scored at once when `{when}`.")
        yield Statement("play.stop_when", section, _("Stopping early"), said.format(when=play.stop_when.source.strip()))
    for index, restriction in enumerate(play.lead_restrictions):
        yield Statement(
            f"play.lead_restrictions[{index}]", section, _("Lead restriction"), _restriction_words(reader, restriction)
        )
    for index, condition in enumerate(play.lead_only_when):
        said = _(
            "{cards} may be led only when `{when}` (read before each lead, the leader as `seat`), unless the leader "
            "holds nothing else; played to a trick someone else led, they are not restricted."
        )
        text = said.format(cards=_capital(_card_words(reader, condition.cards)), when=condition.when.source.strip())
        if condition.no_rank_if_forced:
            text += _(
                " Led so, because the leader holds nothing else, such a card counts as no card: it cannot win the "
                "trick, and the next card played sets the suit to follow."
            )
        yield Statement(f"play.lead_only_when[{index}]", section, _("Held back from the lead"), text)
    for index, condition in enumerate(play.follow_only_when):
        said = _(
            "{cards} may be played to a trick someone else led only when `{when}` (read before each card, the player "
            "as `seat`), unless the player holds nothing else it may play; leading them is not restricted by this."
        )
        text = said.format(cards=_capital(_card_words(reader, condition.cards)), when=condition.when.source.strip())
        yield Statement(f"play.follow_only_when[{index}]", section, _("Held back from following"), text)
    for index, condition in enumerate(play.must_play):
        said = _(
            "A player holding {cards} must play it when `{when}` (read before each card, the player as `seat`) and "
            "the other rules of play allow it."
        )
        text = said.format(cards=_card_words(reader, condition.cards, "or"), when=condition.when.source.strip())
        yield Statement(f"play.must_play[{index}]", section, _("Card owed"), text)


def _capital(text: str) -> str:
    """A sentence's first word capitalised, where the language has capitals."""
    return text[:1].upper() + text[1:]


def _card_words(reader: Reader, mask: CardMask, joiner: str = "and") -> str:
    """Cards as the rule book names a set, a whole suit by its symbol and name, in the reader's language."""
    return str(spoken(card_words(reader.rules.deck, mask, joiner), reader._, reader.word))


def _restriction_words(reader: Reader, restriction: LeadRestriction) -> str:
    """A suit that may not be led until broken, what breaks it, and the hands it does not bind."""
    _ = reader._
    deck = reader.rules.deck
    suit = _("trump") if restriction.suit is None else reader.suit(restriction.suit)
    how = (
        _("any card of that suit was played")
        if restriction.broken_by is BreakBy.ANY
        else _("a card of that suit was played to a trick led in another suit")
    )
    if restriction.also_broken_by:
        how = _("{how}, or {cards} was played").format(
            how=how, cards=_(" or ").join(deck.label(c) for c in restriction.also_broken_by)
        )
    said = _("{suit} may not be led until broken ({how}), unless the leader holds nothing else")
    text = said.format(suit=_capital(suit), how=how)
    if restriction.unless_only:
        text += _(" but {cards}").format(cards=_(" and ").join(deck.label(c) for c in restriction.unless_only))
    return text + (
        "." if restriction.broken_by is BreakBy.ANY else _("; leading it from such a hand does not break it.")
    )


def _first_lead_words(reader: Reader) -> str:
    """Who leads the first trick, and with what."""
    rules = reader.rules
    _ = reader._
    play = rules.play
    deck = rules.deck
    if play.first_lead is FirstLead.HOLDER:
        assert play.first_card is not None
        card = deck.label(play.first_card)
        said = {
            LeadsWith.CARD: _("The player holding {card} leads the first trick, with {card}."),
            LeadsWith.SUIT: _("The player holding {card} leads the first trick, with a card of its suit ({suit})."),
            LeadsWith.ANY: _("The player holding {card} leads the first trick, with any card."),
        }[play.leads_with]
        return said.format(card=card, suit=deck.suits[deck.suit_of[play.first_card]].symbol)
    if play.first_lead is FirstLead.AFTER_DEALER:
        if rules.bidding.duels:
            return _("The player after the dealer (the first listener in the bidding) leads the first trick.")
        if rules.bidding.present:
            return _("The player after the dealer (the first to bid) leads the first trick.")
        return _("The player after the dealer leads the first trick.")
    return {
        FirstLead.DECLARER: _("The declarer leads the first trick."),
        FirstLead.DEALER: _("The dealer leads the first trick."),
        FirstLead.AFTER_DECLARER: _("The player after the declarer leads the first trick."),
    }[play.first_lead]


def _draw_words(reader: Reader) -> str:
    """`play.draw` in words: who draws, what each seat sees of the draws, when drawing stops."""
    rules = reader.rules
    _ = reader._
    draw = rules.play.draw
    assert draw is not None
    text = (
        _(
            "After each trick every player draws a card from the stock, the winner of the trick first and the others "
            "in turn. "
        )
        if draw.first is DrawFirst.WINNER
        else _(
            "After each trick every player draws a card from the stock, the player who led it first and the others "
            "in turn. "
        )
    )
    if draw.face_up:
        text += _(
            "The stock's top card lies face up for everyone to see: the first to draw takes it, the others draw "
            "face down and only they see their card, and then the next card is turned up. "
        )
    else:
        text += _("Every card is drawn face down: only the player who draws it sees it. ")
    text += _(
        "Once the stock holds too few cards for everyone to draw, nobody draws and the remaining cards are "
        "played out; `tricks_after_stock` counts the tricks taken from then on."
    )
    size = rules.deal.hand_size
    if size is not None and size.is_constant:
        rounds = rules.tricks_in_hand(rules.hand_size) - rules.hand_size
        said = _(" With {count} cards each, players draw after each of the first {rounds} tricks.")
        text += said.format(count=rules.hand_size, rounds=rounds)
    return text


def _card(reader: Reader, rank: int, suit: int | None) -> str:
    deck = reader.rules.deck
    rank_code = deck.ranks[rank]
    shown = next((a for a in rank_code.aliases if a.isdigit()), rank_code.code)
    if suit is None:
        return reader._("the {rank} of trump").format(rank=reader.word(rank_code.name))
    return shown + deck.suits[suit].symbol


def _events(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    relation = {
        Relation.OPPONENT: _(
            "A player plays {first}, and later in the same trick an opponent of that player plays {then}; the event "
            "is credited to the second player."
        ),
        Relation.PARTNER: _(
            "A player plays {first}, and later in the same trick the partner of that player plays {then}; the event "
            "is credited to the second player."
        ),
        Relation.ANYONE: _(
            "A player plays {first}, and later in the same trick anyone other than that player plays {then}; the "
            "event is credited to the second player."
        ),
    }
    for event in rules.events:
        text = relation[event.by].format(
            first=_card(reader, event.first.rank, event.first.suit),
            then=_card(reader, event.then.rank, event.then.suit),
        )
        title = reader.word(event.name.replace("_", " ").capitalize())
        yield Statement(f"events.{event.name}", SECTIONS[4], title, text)


def _scoring(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    section = SECTIONS[5]
    if not rules.seating.has_sides:
        kept = _("Scores are kept per player.")
    elif rules.personal:
        members = _members(rules)
        kept = (
            _("Scores are kept per player; a side's total is the sum of its {count} players' totals.").format(
                count=reader.count(members)
            )
            if members
            else _("Scores are kept per player; a side's total is the sum of its players' totals.")
        )
    else:
        kept = _("Scores are kept per side.")
    yield Statement("scoring.by", section, _("Totals"), kept + _(" Negative totals stand."))
    points = rules.scoring.card_points
    if points:
        deck = rules.deck
        worth: dict[int, list[str]] = {}
        for card, value in enumerate(points):
            if value and card == deck.first_copy(card):
                worth.setdefault(value, []).append(deck.label(card))
        listed = _("; ").join(f"{' '.join(cards)}: {value}" for value, cards in sorted(worth.items(), reverse=True))
        said = _("Cards taken in tricks are worth points ({listed}; every other card 0), counted by `points`.")
        yield Statement("scoring.card_points", section, _("Card points"), said.format(listed=listed))
    for definition in rules.definitions:
        title = _("Definition {name}").format(name=definition.name)
        said = _("`{name}` means `{meaning}`.").format(name=definition.name, meaning=_one_line(definition.source))
        yield Statement(f"definitions.{definition.name}", section, title, said)
    per = {"side": _("side"), "seat": _("seat"), "player": _("player")}
    for rule in rules.scoring.rules:
        said = (
            _("For each {per}, when `{when}`: `{points}` points.")
            if rule.when is not None
            else _("For each {per}: `{points}` points.")
        )
        text = reader.own(rule.description) + said.format(
            per=per.get(rule.per, rule.per),
            when="" if rule.when is None else _one_line(rule.when.source),
            points=_one_line(rule.points.source),
        )
        yield Statement(f"scoring.rules.{rule.name}", section, _("Rule {name}").format(name=rule.name), text)
    for counter in rules.counters:
        said = _("Kept per {per} across hands, starting at {start}; after each played hand it grows by `{add}`.")
        text = reader.own(counter.description) + said.format(
            per=per.get(counter.per, counter.per), start=counter.start, add=_one_line(counter.add.source)
        )
        if counter.limit is not None:
            said = _(
                " Whenever it reaches {limit}, {points} points go to that {per} and {subtract} is taken off "
                "(repeated while it is {limit} or more)."
            )
            text += said.format(
                limit=counter.limit,
                points=f"{counter.limit_points:+d}",
                per=per.get(counter.per, counter.per),
                subtract=counter.limit_subtract,
            )
        if counter.reset_when is not None:
            said = _(" When `{when}` after a hand, it goes back to {start} instead.")
            text += said.format(when=_one_line(counter.reset_when.source), start=counter.start)
        title = _("Counter {name}").format(name=counter.name)
        yield Statement(f"counters.{counter.name}", section, title, text)


def _match(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    match = rules.match
    section = SECTIONS[6]
    title = _("Winning the match")
    by_side = match.by == "side"
    parties = len(rules.seating.sides) if by_side else rules.seats
    tie = _("they share the win") if match.tie is Tie.SHARE else _("another hand is played")
    equal = _("with equal totals") if parties == 2 else _("when the best totals are equal")
    on_end = _("lower") if match.on_end is WhenBoth.LOWER_TOTAL else _("higher")
    ends = match.ends is not None
    end_when = _one_line(match.ends.source) if match.ends is not None else ""
    decided = _("the {best} total wins; {equal} {tie}").format(best=on_end, equal=equal, tie=tie)
    if ends and match.wins is None and match.loses is None and match.on_end is not WhenBoth.PLAY_ON:
        said = _("The match ends after a hand when `{when}`: {decided}.")
        yield Statement("match", section, title, said.format(when=end_when, decided=decided))
        return
    parts = []
    if ends and match.when_ended is not None and match.when_ended is not match.when_both:
        parting = _("play continues until only one qualifies") if match.when_ended is WhenBoth.PLAY_ON else decided
        said = (
            _("The match ends after a hand when `{when}`; then every side qualifies and {parting}.")
            if by_side
            else _("The match ends after a hand when `{when}`; then every player qualifies and {parting}.")
        )
        parts.append(said.format(when=end_when, parting=parting))
    elif ends:
        said = (
            _("The match ends after a hand when `{when}`; then every side qualifies.")
            if by_side
            else _("The match ends after a hand when `{when}`; then every player qualifies.")
        )
        parts.append(said.format(when=end_when))
    if match.wins is not None:
        wins = _one_line(match.wins.source)
        if match.loses is not None:
            said = (
                _("After each played hand, a side qualifies when `{wins}`, or when another side has lost: `{loses}`.")
                if by_side
                else _(
                    "After each played hand, a player qualifies when `{wins}`, or when another player has lost: "
                    "`{loses}`."
                )
            )
        else:
            said = (
                _("After each played hand, a side qualifies when `{wins}`.")
                if by_side
                else _("After each played hand, a player qualifies when `{wins}`.")
            )
        loses = _one_line(match.loses.source) if match.loses is not None else ""
        parts.append(said.format(wins=wins, loses=loses))
    parts.append(
        _("If exactly one side qualifies, it wins the match.")
        if by_side
        else _("If exactly one player qualifies, it wins the match.")
    )
    both = parties == 2
    if match.when_both is WhenBoth.PLAY_ON:
        parts.append(
            _("If both qualify, play continues until, after some hand, only one does.")
            if both
            else _("If several qualify, play continues until, after some hand, only one does.")
        )
    else:
        best = _("lower") if match.when_both is WhenBoth.LOWER_TOTAL else _("higher")
        if match.when_both is WhenBoth.DECLARER:
            parts.append(
                _("If the declaring side qualifies with another, it wins: its points are counted first.")
                if by_side
                else _(
                    "If the declarer qualifies with another player, the declarer wins: its points are counted first."
                )
            )
        said = _("If both qualify, {decided}.") if both else _("If several qualify, {decided}.")
        if match.when_both is WhenBoth.DECLARER:
            said = "" if both else _("Otherwise, if several qualify, {decided}.")
        if said:
            parts.append(
                said.format(decided=_("the {best} total wins; {equal} {tie}").format(best=best, equal=equal, tie=tie))
            )
    yield Statement("match", section, title, " ".join(parts))


def _timeouts(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    timeout = rules.timeout
    section = SECTIONS[7]
    if rules.bidding.kind is BiddingKind.AUCTION:
        passes = (
            _("pass")
            if rules.bidding.estimates is None
            else _("pass, and in the estimates the lowest estimate allowed")
        )
    elif rules.bidding.blind_round:
        passes = _("pass in the blind round, the lowest bid after it")
    else:
        passes = _("the lowest bid (there is no pass)")
    bid = {"pass": passes, "lowest": _("the lowest bid")}.get(str(timeout.bid), _("bid {bid}").format(bid=timeout.bid))
    order = " ".join(rules.deck.suits[s].symbol for s in timeout.suit_order)
    card = (
        _("the lowest-ranked legal card that is not trump, or the lowest trump if every legal card is trump")
        if timeout.prefer_non_trump and rules.trump.present
        else _("the lowest-ranked legal card")
    )
    moves = []
    if rules.passing is not None:
        moves.append(_("in passing, the highest-ranked card still held"))
    if rules.bidding.present:
        moves.append(_("in the bidding, {bid}").format(bid=bid))
    moves.append(_("in play, {card}").format(card=card))
    said = _(
        "When a player's time runs out, the rules move for them: {moves}; ties of rank go to the first suit in the "
        "order {order}."
    )
    yield Statement("timeout", section, _("Timeouts"), said.format(moves=_("; ").join(moves), order=order))


def _options(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    section = SECTIONS[8]
    for option in rules.table_options:
        values = []
        for v in option.values:
            value = f"`{v.value}`" + (_(" (default)") if v.value == option.default else "")
            if v.description:
                value = _("{value}: {description}").format(
                    value=value, description=reader.text(v.description).rstrip(".")
                )
            values.append(value)
        listed = _("; ").join(values)
        if option.numbers is not None:
            listed += _("; or a list of {numbers}").format(numbers=_number_list(reader, option.numbers))
        chosen = dict(rules.options).get(option.name)
        said = _("Values: {values}. In force: `{chosen}`.").format(values=listed, chosen=chosen)
        title = _("Option {name}").format(name=option.name)
        yield Statement(f"options.{option.name}", section, title, reader.own(option.description) + said)
    versions = _("; ").join(
        _("version {number}: {description}").format(number=v.number, description=reader.text(v.description).rstrip("."))
        for v in rules.versions
        if v.description
    )
    told = f"{versions}. " if versions else ""
    said = _("These rules are version {version}; a match keeps the version it was created with.")
    yield Statement("versions", section, _("Rules versions"), told + said.format(version=rules.version))


def _number_list(reader: Reader, numbers: NumberList) -> str:
    """What a table option's list of numbers may hold, and what it means where the ruleset says."""
    said = reader._("up to {most} numbers from {low} to {high} separated by commas")
    listed = said.format(most=numbers.most, low=numbers.low, high=numbers.high)
    return listed + (f": {reader.text(numbers.meaning)}" if numbers.meaning else "")


def _one_line(text: str) -> str:
    return " ".join(text.split())


BIDDING_WORDS: dict[BiddingKind, Callable[[Reader], str]] = {
    BiddingKind.NONE: _no_bidding_words,
    BiddingKind.AUCTION: _auction_words,
    BiddingKind.DECLARATIONS: _declarations_words,
    BiddingKind.CALLS: _calls_words,
}
"""The rule book's paragraph on the bidding, for each kind of bidding (`tests/test_registries.py` keeps every kind
covered)."""

TRUMP_WORDS: dict[TrumpMode, Callable[[Reader], str]] = {
    TrumpMode.NONE: _no_trump_words,
    TrumpMode.FIXED: _fixed_words,
    TrumpMode.CHOSEN: _chosen_words,
    TrumpMode.EXPOSED: _exposed_words,
    TrumpMode.MADE: _making_words,
    TrumpMode.BID: _bid_strain_words,
    TrumpMode.LED: _led_words,
}
"""The rule book's paragraph on how trump is set, for each trump mode."""

"""A compiled ruleset stated rule by rule in words: what `explain` prints and `diff` compares.

Every rule becomes a `Statement` with a stable key (such as `bidding`,
`trump` or `scoring.rules.king_bonus`), so two rulesets can be compared key by
key, and the same text serves the generated rule book.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .. import i18n
from ..engine.restrictions import card_words
from ..ruleset.rules import (
    BiddingKind,
    BreakBy,
    CardPattern,
    DrawFirst,
    FirstLead,
    LeadsWith,
    MakingRound,
    MeldSource,
    NamedGame,
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

    In another language, the sections a player reads first (Players and deal, and Play's first lead, following
    and winning a trick) are said through the catalogue; the rest is English still."""
    reader = Reader(rules, language)
    said = [
        *_players(reader),
        *_bidding(rules),
        *_trump(rules),
        *_play(reader),
        *_events(rules),
        *_melds(rules),
        *_scoring(rules),
        *_match(rules),
        *_timeouts(rules),
        *_options(rules),
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


def direction_words(rules: Rules) -> str:
    return "clockwise" if rules.direction == 1 else "counter-clockwise"


def suit_words(rules: Rules, suit: int) -> str:
    found = rules.deck.suits[suit]
    return f"{found.symbol} {found.name}"


def _players(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    deck = rules.deck
    section = SECTIONS[0]
    ranks = " ".join(next((a for a in r.aliases if a.isdigit()), r.code) for r in reversed(deck.ranks))
    suits = _(", ").join(f"{s.symbol} {reader.word(s.name)}" for s in deck.suits)
    yield Statement("players", section, "Players", _table_words(reader))
    cards = _("{deck}: {count} cards, suits {suits}; ranks from highest to lowest: {ranks}.")
    yield Statement(
        "deck",
        section,
        "Cards",
        cards.format(deck=deck.title, count=deck.size, suits=suits, ranks=ranks) + _extras_words(rules),
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
        text = (passing.description + " " if passing.description else "") + said.format(
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


def _members(rules: Rules) -> str:
    """`"two "` when every side has two players, else nothing: "the sum of its two players' bids"."""
    sizes = {len(side) for side in rules.seating.sides}
    return f"{count_words(sizes.pop())} " if len(sizes) == 1 else ""


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


def _bidding(rules: Rules) -> Iterator[Statement]:
    bidding = rules.bidding
    section = SECTIONS[1]
    text = BIDDING_WORDS[bidding.kind](rules)
    yield Statement("bidding", section, "Bidding", text)
    if bidding.kind is BiddingKind.NONE or bidding.kind is BiddingKind.CALLS:
        return
    if bidding.estimates is not None:
        yield from _estimates(rules)
    for ban in bidding.bans:
        text = (ban.description + " " if ban.description else "") + (
            f"A player may not declare a bid when `{_one_line(ban.when.source)}` "
            "(`seat` is the bidder, `this_bid` the bid)."
        )
        yield Statement(f"bidding.forbid.{ban.name}", section, f"Ban {ban.name.replace('_', ' ')}", text)
    if bidding.cancel_if is not None:
        yield Statement(
            "bidding.cancel_if",
            section,
            "Hand thrown in",
            f"After the bidding the hand is thrown in when `{_one_line(bidding.cancel_if.source)}`.",
        )


def _estimates(rules: Rules) -> Iterator[Statement]:
    """The second round of an auction's hand: who estimates, in which order, within which range, and the bans."""
    estimates = rules.bidding.estimates
    assert estimates is not None
    section = SECTIONS[1]
    high = f"`{_one_line(estimates.max_estimate.source)}`" if estimates.max_estimate is not None else str(estimates.max)
    after = " and the trump is chosen" if rules.trump.mode in (TrumpMode.CHOSEN, TrumpMode.MADE) else ""
    text = (
        f"Once the auction is won{after}, every other player, in turn from the player after the declarer, "
        f"estimates the tricks they will take: a number from {estimates.min} to {high}. Each player is then bound "
        "to their own estimate and the declarer to the winning bid: `bid(seat)` and `contract(seat)` are a "
        "player's estimate, `bid(declarer)` the winning bid."
    )
    yield Statement("bidding.estimates", section, "Estimates", text)
    for ban in estimates.bans:
        text = (ban.description + " " if ban.description else "") + (
            f"A player may not estimate when `{_one_line(ban.when.source)}` "
            "(`seat` is the estimator, `this_bid` the estimate)."
        )
        name = ban.name.replace("_", " ")
        yield Statement(f"bidding.estimates.forbid.{ban.name}", section, f"Ban on estimates {name}", text)


def _bids_words(rules: Rules) -> str:
    """The bids a player may make, in words: a list of values, or a range whose top may be an expression."""
    bidding = rules.bidding
    high = f"`{_one_line(bidding.max_bid.source)}`" if bidding.max_bid is not None else str(bidding.max)
    return (
        f"one of {', '.join(map(str, bidding.values))}" if bidding.values else f"a number from {bidding.min} to {high}"
    )


def _no_bidding_words(rules: Rules) -> str:
    return "There is no bidding."


def _auction_words(rules: Rules) -> str:
    """An auction, in duels, of one round, or rising bids with final passes, and how it ends."""
    bidding = rules.bidding
    bids = _bids_words(rules)
    if bidding.duels:
        return (
            "An auction in duels. The player after the dealer listens and the next player speaks: the speaker "
            f"bids {bids}, higher than the highest bid so far, or passes; the listener holds that bid (says yes, "
            "by bidding it too) or passes. A pass is final. The one left listens to the next player, who speaks, "
            "until one player is left: the declarer, whose contract is the highest bid named or held. If nobody "
            f"bid, the last player left may bid {bidding.min} or pass, and if all {count_words(rules.seats)} "
            "players pass the hand is thrown in."
        )
    owner = "their side's" if rules.seating.has_sides else "their"
    text = (
        (
            f"An auction of one round, starting with the player after the dealer: in turn, each player bids "
            f"{bids}, higher than the highest bid so far, or passes, and speaks only once. The auction ends when "
            "the dealer has spoken"
        )
        if bidding.once
        else (
            f"An auction, starting with the player after the dealer: in turn, each player bids {bids}, "
            "higher than the highest bid so far, or passes; a pass is final for "
            f"this auction. The auction ends when all players but one have passed"
        )
    )
    text += f", or at once when someone bids {bidding.ends_at}."
    text += f" The highest bidder is the declarer; their bid is {owner} contract."
    if bidding.all_pass == "force":
        text += (
            f" If the first {count_words(rules.seats - 1)} players pass, the last player becomes declarer with "
            f"a contract of {bidding.forced_bid}, automatically."
        )
    elif bidding.all_pass == "must-bid":
        text += (
            f" If the first {count_words(rules.seats - 1)} players pass, the last player may not pass and must "
            f"bid, {bidding.min} or more."
        )
    else:
        text += f" If all {count_words(rules.seats)} players pass, the hand is thrown in."
    return text


def _declarations_words(rules: Rules) -> str:
    """Declarations once round the table, with the named bids, after an optional blind round."""
    bidding = rules.bidding
    high = f"`{_one_line(bidding.max_bid.source)}`" if bidding.max_bid is not None else str(bidding.max)
    named = "".join(
        f" or {n.name} (counts as {n.value}" + (f": {n.description}" if n.description else "") + ")"
        for n in bidding.named
        if not n.blind
    )
    text = (
        f"Declarations, starting with the player after the dealer: each player bids once, a number from "
        f"{bidding.min} to {high}{named}; there is no pass."
    )
    if rules.seating.has_sides:
        text += f" A side's contract is the sum of its {_members(rules)}players' bids."
    blind = [n for n in bidding.named if n.blind]
    if blind:
        offers = " or ".join(
            f"{n.name} (counts as {n.value}" + (f": {n.description}" if n.description else "") + ")" for n in blind
        )
        text = (
            "First, before looking at their cards, each player in turn may bid blind, "
            f"{offers}, or pass to look at their cards. Then the players who looked declare. " + text
        )
    return text


def _chosen_words(rules: Rules) -> str:
    trump = rules.trump
    options = ", ".join(suit_words(rules, s) for s in trump.suits)
    if trump.games:
        options += ", or names a game: " + ", ".join(g.name for g in trump.games)
    preference = " ".join(rules.deck.suits[s].symbol for s in rules.timeout.trump_order)
    if not rules.bidding.present:
        named = ", ".join(g.name for g in trump.games)
        choice = f"trump for this hand among {options}" if trump.suits else f"the game of this hand among {named}"
        who = "the player after the dealer" if trump.chooser else "the dealer"
        return f"After the deal {who} alone chooses {choice}, and is the hand's declarer."
    after = "the auction and the exchange" if rules.exchange and rules.exchange.before_trump else "the auction"
    if not trump.suits:
        named = ", ".join(g.name for g in trump.games)
        return (
            f"After {after} the declarer alone chooses the game of this hand among {named}. "
            "(A declarer whose time runs out gets the first of them that is allowed.)"
        )
    return (
        f"After {after} the declarer alone chooses trump for this hand among {options}. "
        f"(A declarer whose time runs out gets the first of {preference} that is allowed.)"
    )


def _game_trumps(rules: Rules, named: NamedGame) -> str:
    """A named game's trumps in words, as its rules set them: its trump suit and the cards ranked above it."""
    listed = ", then ".join(_pattern_words(rules, p) for p in named.highest)
    if named.suit is None:
        return f" Its only trumps are {listed}, highest first." if listed else ""
    text = f" {suit_words(rules, named.suit)} are trump"
    return text + (f", and above their ace rank {listed}." if listed else ".")


def _fixed_words(rules: Rules) -> str:
    assert rules.trump.suit is not None
    return f"{suit_words(rules, rules.trump.suit)} are trump in every hand; nobody chooses."


def _exposed_words(rules: Rules) -> str:
    trump = rules.trump
    if trump.mapping == tuple(range(len(rules.deck.suits))):
        text = "The suit of the card shown to everyone is trump; nobody chooses."
    else:
        pairs = "; ".join(
            f"{rules.deck.suits[s].symbol} shown, {rules.deck.suits[t].symbol} trump"
            for s, t in enumerate(trump.mapping)
        )
        text = f"Trump is set by the suit of the card shown to everyone ({pairs}); nobody chooses."
    exposure = rules.deal.exposure
    if exposure is not None and exposure.seat_offset is None:
        text += " When every card is dealt and none is left to turn up, the hand has no trump."
    return text


def _bid_strain_words(rules: Rules) -> str:
    return "The strain of the contract is trump for the hand; a no-trump contract has no trump."


def _doubling_words(rules: Rules) -> str:
    """Who may double and redouble, when, and what the scoring reads."""
    doubling = rules.doubling
    assert doubling is not None
    text = doubling.description + " " if doubling.description else ""
    text += (
        "Once the declarer and trump are known, the declarer's opponents are asked in turn from the declarer's "
        "left whether to double the contract ('double') or not ('pass'); the first double ends their round."
    )
    if doubling.redouble:
        text += " The declaring side, the declarer first, may then answer it with a redouble ('redouble')."
    if doubling.when is not None:
        text += f" The contract may be doubled only when `{_one_line(doubling.when.source)}`."
    return text + " The scoring reads `doubled`: 0, 1 when doubled, 2 when redoubled."


def _led_words(rules: Rules) -> str:
    return "The suit of the first card led in the hand is trump for the hand; until then nobody knows it."


def _no_trump_words(rules: Rules) -> str:
    return "There is no trump."


def _trump(rules: Rules) -> Iterator[Statement]:
    trump = rules.trump
    text = TRUMP_WORDS[trump.mode](rules)
    yield Statement("trump", SECTIONS[2], "Trump", text)
    for named in trump.games:
        text = named.description or f"A game a player may name instead of a trump suit: {named.name}."
        text += _game_trumps(rules, named)
        yield Statement(f"trump.games.{named.name}", SECTIONS[2], f"Game {named.name}", text)
    if trump.highest:
        cards = [_pattern_words(rules, p) for p in trump.highest]
        listed = ", then ".join(cards)
        text = (
            f"Above the ace of trump rank {listed}, in that order. They belong to the trump suit in every respect, "
            "for following and for winning tricks, and not to the suit printed on them."
        )
        yield Statement("trump.highest", SECTIONS[2], "Highest trumps", text)
    if rules.doubling is not None:
        yield Statement("doubling", SECTIONS[2], "Doubling", _doubling_words(rules))
    if rules.exchange is not None:
        yield Statement("exchange", SECTIONS[2], "Exchange", exchange_words(rules))
    for index, announcement in enumerate(rules.announcements):
        text = (announcement.description + " " if announcement.description else "") + (
            "The declarer may announce it ('announce " + announcement.name + "') or pass"
        )
        later = " after the announcements before it" if index else ""
        text += f", once the game is named{later}"
        text += f", when `{_one_line(announcement.when.source)}`." if announcement.when is not None else "."
        title = f"Announcement {announcement.name.replace('_', ' ')}"
        yield Statement(f"announcements.{announcement.name}", SECTIONS[2], title, text)
    if rules.alone is not None:
        text = rules.alone.description or (
            "Once trump is fixed, the declarer may play alone: the partner's cards are out of play, "
            "the partner's turns are skipped and tricks have one card fewer."
        )
        if rules.alone.must_when is not None:
            text += f" The declarer must play alone when `{rules.alone.must_when.source.strip()}`."
        if rules.alone.defenders != "never":
            against = "a lone declarer" if rules.alone.defenders == "vs_alone" else "any declarer"
            text += (
                f" Against {against}, the defenders are then asked in turn, the one nearest the dealer's left "
                "first: the first who plays alone leaves the partner out too."
            )
        yield Statement("alone", SECTIONS[2], "Playing alone", text)
    for entry in rules.showing:
        shown = " ".join(rules.deck.label(card) for card in rules.deck.cards(entry.cards))
        text = (entry.description + " " if entry.description else "") + (
            f"Before the first lead, each player in turn from the dealer's left may show any of {shown} it holds "
            "('show' and the card), one at a time, then passes; every player is asked"
        )
        text += f", in hands where `{_one_line(entry.when.source)}`." if entry.when is not None else "."
        yield Statement(f"showing.{entry.name}", SECTIONS[2], f"Showing {entry.name.replace('_', ' ')}", text)


def _melds(rules: Rules) -> Iterator[Statement]:
    """The melds that score, where they are found and how sides' melds are compared."""
    melds = rules.melds
    if melds is None:
        return
    deck = rules.deck
    where = {
        MeldSource.SHOWN: "among the cards each player shows before the first lead",
        MeldSource.DEALT: "among the cards each player was dealt, without showing them",
        MeldSource.TRICKS: "among the cards of each trick, for the player who wins it",
    }[melds.source]
    kinds = []
    for kind in melds.kinds:
        if kind.run:
            shape = f"{count_words(kind.run)} cards of a suit in sequence"
        elif kind.ranks:
            shape = "every card of one rank: " + " or ".join(deck.ranks[r].code for r in kind.ranks)
        else:
            shape = " with ".join(_pattern_words(rules, p) for p in kind.cards)
        compared = "" if kind.compared or not melds.best_only else ", always counted"
        games = rules.trump.games
        elsewhere = "".join(f", {points} in {games[game].name.replace('_', ' ')}" for game, points in kind.points_in)
        kinds.append(f"{kind.name.replace('_', ' ')} ({shape}) {kind.points}{elsewhere}{compared}")
    order = sorted((r for r in range(deck.ranks_per_suit) if melds.place[r] >= 0), key=melds.place.__getitem__)
    text = (melds.description + " " if melds.description else "") + f"Melds are found {where}: " + "; ".join(kinds)
    text += "."
    if any(kind.run for kind in melds.kinds):
        text += (
            " Sequences follow the order " + " ".join(deck.ranks[r].code for r in order) + "; a longer sequence "
            "counts once, as the longest kind it reaches."
        )
    if melds.best_only:
        text += (
            " Only the side holding the best meld scores its melds: the one worth most, then the longer sequence, "
            "then the higher top card, then one in trump"
        )
        text += "; on a tie the one held first from the dealer's left." if melds.ties_to_first else "; on a tie nobody."
    text += " `melds(seat)` and `melds(side)` give the points in scoring."
    yield Statement("melds", SECTIONS[5], "Melds", text)


def _calls_words(rules: Rules) -> str:
    """An auction of calls, as a rule book says it."""
    calls = rules.bidding.calls
    assert calls is not None
    suits = rules.deck.suits
    strains = " ".join("NT" if s < 0 else suits[s].symbol for s in calls.strains)
    first = "The dealer calls first" if calls.first == 0 else "The player after the dealer calls first"
    codes = rules.actions.bid_codes
    text = (
        f"{first}, then each player in turn makes a call: pass, or a bid of a level from {calls.low} to "
        f"{calls.low + calls.levels - 1} and a strain ({strains}, in rising order), higher than the last bid "
        f"made by anyone ({codes[1]} is the lowest, {codes[-1]} the highest). A pass does not stop a player "
        "from calling again later."
    )
    if calls.doubles:
        text += (
            " A player may double the last bid when an opponent made it, and redouble a double of his own "
            "side's bid; a new bid cancels both."
        )
    passes = count_words(calls.ends_after)
    text += (
        f" The auction ends when {passes} passes in a row follow a call; if every player passes before any bid, "
        "the deal is thrown in. The last bid is the contract (doubled or redoubled if so called), and the "
        "declarer is the player of the winning side who first bid its strain."
    )
    return text


_ROUND_WORDS = {
    MakingRound.EXPOSED: "accept the suit of the card shown to everyone",
    MakingRound.OTHERS: "name any suit but that of the card shown",
    MakingRound.ANY: "name any suit",
}


def _making_words(rules: Rules) -> str:
    """Trump made in rounds, as a rule book says it."""
    trump = rules.trump
    games = " or ".join(f"the game {g.name}" for g in trump.games)

    def offer(kind: MakingRound) -> str:
        return _ROUND_WORDS[kind] + (f" or name {games}" if games else "")

    rounds = "; ".join(
        f"in round {number} each player may {offer(kind)}, or pass" for number, kind in enumerate(trump.rounds, start=1)
    )
    text = (
        f"Trump is made in {count_words(len(trump.rounds))} round{'s' if len(trump.rounds) > 1 else ''}, each "
        f"going once around the table from the player after the dealer: {rounds}. The first player to name a "
        f"suit{' or a game' if games else ''} makes it the hand's trump{' or game' if games else ''} and is "
        "the maker (the declarer)."
    )
    for_partner = [g.name for g in trump.games if g.for_partner]
    if for_partner:
        text += (
            f" Naming {' or '.join(for_partner)} is a buy for the partner: the namer's partner becomes the maker "
            "(the declarer)."
        )
    overcalls = [g.name for g in trump.games if g.overcalls]
    if overcalls:
        text += (
            f" A suit named does not end the round at once: every other player in turn may still name "
            f"{' or '.join(overcalls)}, which takes the buy over, or pass; when all have passed, the player who named "
            f"the suit confirms it or names {' or '.join(overcalls)} instead."
        )
    if trump.last_must_name:
        return text + " In the last round the dealer may not pass and must name a suit."
    return text + " If every player passes in every round, the hand is thrown in."


def _extras_words(rules: Rules) -> str:
    """The deck's extra cards and the suit each counts as for following (no suit unless `trump.highest` moves
    it into trump); empty for a deck without them."""
    deck = rules.deck
    if not deck.extras:
        return ""
    named = {deck.extra_base + p.rank for p in rules.trump.highest if p.suit == deck.extra_group}
    words = []
    for offset, extra in reversed(list(enumerate(deck.extras))):
        card = deck.extra_base + offset
        where = (
            "it belongs to the trump suit, for following suit as for winning, above every other trump; in a hand "
            "without trump it forms a suit with the other extra cards"
            if card in named
            else "it forms a suit with the other extra cards: led, only another extra card follows it"
        )
        words.append(f" The {extra.name} ({extra.code}, {extra.symbol}) is an extra card: {where}.")
    return "".join(words)


def _pattern_words(rules: Rules, pattern: CardPattern) -> str:
    if pattern.suit == rules.deck.extra_group:
        return f"the {rules.deck.extras[pattern.rank].name}"
    rank = rules.deck.ranks[pattern.rank].name
    if pattern.suit is not None:
        return f"the {rank} of {rules.deck.suits[pattern.suit].name}"
    return f"the {rank} of the other suit of trump's colour" if pattern.same_colour else f"the {rank} of trump"


def exchange_words(rules: Rules) -> str:
    """The exchange in words: who takes which cards, how many are laid away, and when (the rule book and the
    table's prompt)."""
    exchange = rules.exchange
    assert exchange is not None
    if exchange.description:
        return exchange.description
    who = "the dealer" if exchange.seat == "dealer" else "the declarer"
    what = "the card shown to everyone" if exchange.take == "exposed" else "the cards of the stock"
    away = f"{count_words(exchange.discard)} card{'s' if exchange.discard > 1 else ''}"
    when = "After the auction, before naming trump" if exchange.before_trump else "Once trump is known"
    takes = "may take" if exchange.optional else "takes"
    text = f"{when}, {who} {takes} {what} into hand and lays {away} away face down"
    text += ", not a card just taken" if exchange.keep_taken else ""
    text += " ('take'), or keep the hand as dealt ('pass')." if exchange.optional else "."
    if exchange.when is not None:
        text += f" This happens when `{exchange.when.source.strip()}`."
    return text


def _play(reader: Reader) -> Iterator[Statement]:
    rules = reader.rules
    _ = reader._
    section = SECTIONS[3]
    play = rules.play
    deck = rules.deck
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
        cards = card_words(deck, play.first_trick_avoid, "or")
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
        yield Statement("play.draw", section, "Drawing from the stock", _draw_words(rules))
    if play.dummy:
        text = _(
            "The declarer's partner is the dummy: once the opening lead is made, the dummy's cards are laid "
            "face up for everyone, and at the dummy's turns the declarer chooses which of them to play."
        )
        yield Statement("play.dummy", section, "The dummy", text)
    if play.stop_when is not None:
        text = f"After each trick, the hand stops and is scored at once when `{play.stop_when.source.strip()}`."
        yield Statement("play.stop_when", section, "Stopping early", text)
    for index, restriction in enumerate(play.lead_restrictions):
        suit = "trump" if restriction.suit is None else suit_words(rules, restriction.suit)
        how = (
            "any card of that suit was played"
            if restriction.broken_by is BreakBy.ANY
            else "a card of that suit was played to a trick led in another suit"
        )
        text = f"{suit.capitalize()} may not be led until broken ({how}"
        if restriction.also_broken_by:
            text += ", or " + " or ".join(deck.label(c) for c in restriction.also_broken_by) + " was played"
        text += "), unless the leader holds nothing else"
        if restriction.unless_only:
            text += " but " + " and ".join(deck.label(c) for c in restriction.unless_only)
        text += "." if restriction.broken_by is BreakBy.ANY else "; leading it from such a hand does not break it."
        yield Statement(f"play.lead_restrictions[{index}]", section, "Lead restriction", text)
    for index, condition in enumerate(play.lead_only_when):
        cards = card_words(deck, condition.cards)
        text = (
            f"{cards[:1].upper() + cards[1:]} may be led only when `{condition.when.source.strip()}` "
            "(read before each lead, the leader as `seat`), unless the leader holds nothing else; played to a trick "
            "someone else led, they are not restricted."
        )
        yield Statement(f"play.lead_only_when[{index}]", section, "Held back from the lead", text)
    for index, condition in enumerate(play.follow_only_when):
        cards = card_words(deck, condition.cards)
        text = (
            f"{cards[:1].upper() + cards[1:]} may be played to a trick someone else led only when "
            f"`{condition.when.source.strip()}` (read before each card, the player as `seat`), unless the player "
            "holds nothing else it may play; leading them is not restricted by this."
        )
        yield Statement(f"play.follow_only_when[{index}]", section, "Held back from following", text)
    for index, condition in enumerate(play.must_play):
        cards = card_words(deck, condition.cards, "or")
        text = (
            f"A player holding {cards} must play it when `{condition.when.source.strip()}` (read before each card, "
            "the player as `seat`) and the other rules of play allow it."
        )
        yield Statement(f"play.must_play[{index}]", section, "Card owed", text)


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


def _draw_words(rules: Rules) -> str:
    """`play.draw` in words: who draws, what each seat sees of the draws, when drawing stops."""
    draw = rules.play.draw
    assert draw is not None
    first = "the winner of the trick" if draw.first is DrawFirst.WINNER else "the player who led it"
    text = f"After each trick every player draws a card from the stock, {first} first and the others in turn. "
    if draw.face_up:
        text += (
            "The stock's top card lies face up for everyone to see: the first to draw takes it, the others draw "
            "face down and only they see their card, and then the next card is turned up. "
        )
    else:
        text += "Every card is drawn face down: only the player who draws it sees it. "
    text += (
        "Once the stock holds too few cards for everyone to draw, nobody draws and the remaining cards are "
        "played out; `tricks_after_stock` counts the tricks taken from then on."
    )
    size = rules.deal.hand_size
    if size is not None and size.is_constant:
        rounds = rules.tricks_in_hand(rules.hand_size) - rules.hand_size
        text += f" With {rules.hand_size} cards each, players draw after each of the first {rounds} tricks."
    return text


def _card(rules: Rules, rank: int, suit: int | None) -> str:
    rank_code = rules.deck.ranks[rank]
    shown = next((a for a in rank_code.aliases if a.isdigit()), rank_code.code)
    if suit is None:
        return f"the {rank_code.name} of trump"
    return shown + rules.deck.suits[suit].symbol


def _events(rules: Rules) -> Iterator[Statement]:
    relation = {
        Relation.OPPONENT: "an opponent of",
        Relation.PARTNER: "the partner of",
        Relation.ANYONE: "anyone other than",
    }
    for event in rules.events:
        text = (
            f"A player plays {_card(rules, event.first.rank, event.first.suit)}, and later in the same trick "
            f"{relation[event.by]} that player plays {_card(rules, event.then.rank, event.then.suit)}; "
            "the event is credited to the second player."
        )
        yield Statement(f"events.{event.name}", SECTIONS[4], event.name.replace("_", " ").capitalize(), text)


def _scoring(rules: Rules) -> Iterator[Statement]:
    section = SECTIONS[5]
    if not rules.seating.has_sides:
        kept = "Scores are kept per player."
    elif rules.personal:
        kept = f"Scores are kept per player; a side's total is the sum of its {_members(rules)}players' totals."
    else:
        kept = "Scores are kept per side."
    yield Statement("scoring.by", section, "Totals", kept + " Negative totals stand.")
    points = rules.scoring.card_points
    if points:
        deck = rules.deck
        worth: dict[int, list[str]] = {}
        for card, value in enumerate(points):
            if value:
                worth.setdefault(value, []).append(deck.label(card))
        listed = "; ".join(f"{' '.join(cards)}: {value}" for value, cards in sorted(worth.items(), reverse=True))
        yield Statement(
            "scoring.card_points",
            section,
            "Card points",
            f"Cards taken in tricks are worth points ({listed}; every other card 0), counted by `points`.",
        )
    for definition in rules.definitions:
        yield Statement(
            f"definitions.{definition.name}",
            section,
            f"Definition {definition.name}",
            f"`{definition.name}` means `{_one_line(definition.source)}`.",
        )
    for rule in rules.scoring.rules:
        text = rule.description + " " if rule.description else ""
        text += f"For each {rule.per}"
        if rule.when is not None:
            text += f", when `{_one_line(rule.when.source)}`"
        text += f": `{_one_line(rule.points.source)}` points."
        yield Statement(f"scoring.rules.{rule.name}", section, f"Rule {rule.name}", text)
    for counter in rules.counters:
        text = counter.description + " " if counter.description else ""
        text += (
            f"Kept per {counter.per} across hands, starting at {counter.start}; "
            f"after each played hand it grows by `{_one_line(counter.add.source)}`."
        )
        if counter.limit is not None:
            text += (
                f" Whenever it reaches {counter.limit}, {counter.limit_points:+d} points go to that {counter.per} and "
                f"{counter.limit_subtract} is taken off (repeated while it is {counter.limit} or more)."
            )
        yield Statement(f"counters.{counter.name}", section, f"Counter {counter.name}", text)


def _match(rules: Rules) -> Iterator[Statement]:
    match = rules.match
    section = SECTIONS[6]
    who = "side" if match.by == "side" else "player"
    parties = len(rules.seating.sides) if match.by == "side" else rules.seats
    several = "both" if parties == 2 else "several"
    best = "higher" if match.when_both is WhenBoth.HIGHER_TOTAL else "lower"
    tie = "they share the win" if match.tie is Tie.SHARE else "another hand is played"
    equal = "with equal totals" if parties == 2 else "when the best totals are equal"
    ends = f"The match ends after a hand when `{_one_line(match.ends.source)}`" if match.ends is not None else ""
    on_end = "higher" if match.on_end is WhenBoth.HIGHER_TOTAL else "lower"
    if ends and match.wins is None and match.loses is None and match.on_end is not WhenBoth.PLAY_ON:
        yield Statement("match", section, "Winning the match", f"{ends}: the {on_end} total wins; {equal} {tie}.")
        return
    parts = []
    if ends and match.when_ended is not None and match.when_ended is not match.when_both:
        parting = (
            "play continues until only one qualifies"
            if match.when_ended is WhenBoth.PLAY_ON
            else f"the {on_end} total wins; {equal} {tie}"
        )
        parts.append(f"{ends}; then every {who} qualifies and {parting}.")
    elif ends:
        parts.append(f"{ends}; then every {who} qualifies.")
    if match.wins is not None:
        text = f"After each played hand, a {who} qualifies when `{_one_line(match.wins.source)}`"
        if match.loses is not None:
            text += f", or when another {who} has lost: `{_one_line(match.loses.source)}`"
        parts.append(text + ".")
    parts.append(f"If exactly one {who} qualifies, it wins the match.")
    if match.when_both is WhenBoth.PLAY_ON:
        parts.append(f"If {several} qualify, play continues until, after some hand, only one does.")
    else:
        parts.append(f"If {several} qualify, the {best} total wins; {equal} {tie}.")
    yield Statement("match", section, "Winning the match", " ".join(parts))


def _timeouts(rules: Rules) -> Iterator[Statement]:
    timeout = rules.timeout
    section = SECTIONS[7]
    if rules.bidding.kind is BiddingKind.AUCTION:
        passes = "pass" if rules.bidding.estimates is None else "pass, and in the estimates the lowest estimate allowed"
    elif rules.bidding.blind_round:
        passes = "pass in the blind round, the lowest bid after it"
    else:
        passes = "the lowest bid (there is no pass)"
    bid = {
        "pass": passes,
        "lowest": "the lowest bid",
    }.get(str(timeout.bid), f"bid {timeout.bid}")
    order = " ".join(rules.deck.suits[s].symbol for s in timeout.suit_order)
    card = (
        "the lowest-ranked legal card that is not trump, or the lowest trump if every legal card is trump"
        if timeout.prefer_non_trump
        else "the lowest-ranked legal card"
    )
    if not rules.trump.present:
        card = "the lowest-ranked legal card"
    moves = []
    if rules.passing is not None:
        moves.append("in passing, the highest-ranked card still held")
    if rules.bidding.present:
        moves.append(f"in the bidding, {bid}")
    moves.append(f"in play, {card}")
    text = f"When a player's time runs out, the rules move for them: {'; '.join(moves)}"
    text += f"; ties of rank go to the first suit in the order {order}."
    yield Statement("timeout", section, "Timeouts", text)


def _options(rules: Rules) -> Iterator[Statement]:
    section = SECTIONS[8]
    for option in rules.table_options:
        values = "; ".join(
            f"`{v.value}`"
            + (" (default)" if v.value == option.default else "")
            + (f": {v.description.rstrip('.')}" if v.description else "")
            for v in option.values
        )
        if option.numbers:
            values += f"; or a list of {option.numbers}"
        chosen = dict(rules.options).get(option.name)
        text = (option.description + " " if option.description else "") + f"Values: {values}. In force: `{chosen}`."
        yield Statement(f"options.{option.name}", section, f"Option {option.name}", text)
    versions = "; ".join(f"version {v.number}: {v.description.rstrip('.')}" for v in rules.versions if v.description)
    told = f"{versions}. " if versions else ""
    yield Statement(
        "versions",
        section,
        "Rules versions",
        f"{told}These rules are version {rules.version}; a match keeps the version it was created with.",
    )


def _one_line(text: str) -> str:
    return " ".join(text.split())


BIDDING_WORDS: dict[BiddingKind, Callable[[Rules], str]] = {
    BiddingKind.NONE: _no_bidding_words,
    BiddingKind.AUCTION: _auction_words,
    BiddingKind.DECLARATIONS: _declarations_words,
    BiddingKind.CALLS: _calls_words,
}
"""The rule book's paragraph on the bidding, for each kind of bidding (`tests/test_registries.py` keeps every kind
covered)."""

TRUMP_WORDS: dict[TrumpMode, Callable[[Rules], str]] = {
    TrumpMode.NONE: _no_trump_words,
    TrumpMode.FIXED: _fixed_words,
    TrumpMode.CHOSEN: _chosen_words,
    TrumpMode.EXPOSED: _exposed_words,
    TrumpMode.MADE: _making_words,
    TrumpMode.BID: _bid_strain_words,
    TrumpMode.LED: _led_words,
}
"""The rule book's paragraph on how trump is set, for each trump mode."""

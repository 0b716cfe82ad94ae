"""A compiled ruleset stated rule by rule in words: what `explain` prints and `diff` compares.

Every rule becomes a `Statement` with a stable key (such as `bidding`,
`trump` or `scoring.rules.king_bonus`), so two rulesets can be compared key by
key, and the same text serves the generated rule book.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..engine.seats import SEAT_NAMES
from ..ruleset.rules import BiddingKind, FirstLead, Relation, Rules, TrumpMode, WhenBoth

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


def statements(rules: Rules) -> list[Statement]:
    """Every rule of `rules`, in rule-book order."""
    return [
        *_players(rules),
        *_bidding(rules),
        *_trump(rules),
        *_play(rules),
        *_events(rules),
        *_scoring(rules),
        *_match(rules),
        *_timeouts(rules),
        *_options(rules),
    ]


def direction_words(rules: Rules) -> str:
    return "clockwise" if rules.direction == 1 else "counter-clockwise"


def suit_words(rules: Rules, suit: int) -> str:
    found = rules.deck.suits[suit]
    return f"{found.symbol} {found.name}"


def _players(rules: Rules) -> Iterator[Statement]:
    deck = rules.deck
    section = SECTIONS[0]
    ranks = " ".join(next((a for a in r.aliases if a.isdigit()), r.code) for r in reversed(deck.ranks))
    suits = ", ".join(f"{s.symbol} {s.name}" for s in deck.suits)
    yield Statement(
        "players",
        section,
        "Players",
        "Four players in two fixed partnerships; partners sit opposite: seats 0 and 2 "
        f"({SEAT_NAMES[0]}-{SEAT_NAMES[2]}) against seats 1 and 3 ({SEAT_NAMES[1]}-{SEAT_NAMES[3]}).",
    )
    yield Statement(
        "deck",
        section,
        "Cards",
        f"{deck.title}: {deck.size} cards, suits {suits}; ranks from highest to lowest: {ranks}.",
    )
    yield Statement(
        "direction",
        section,
        "Direction",
        f"Dealing, bidding and play go {direction_words(rules)}: the next player is "
        + ("seat + 1 (the player on the left)." if rules.direction == 1 else "seat - 1 (the player on the right)."),
    )
    first = "drawn at random" if rules.dealer.first is None else f"seat {rules.dealer.first}"
    moves = {1: f"passes to the next player ({direction_words(rules)})", 0: "stays with the same player"}
    yield Statement(
        "dealer",
        section,
        "Dealer",
        f"The first dealer is {first}. After a played hand the deal {moves[rules.dealer.after_hand]}; "
        f"after a hand thrown in before play it {moves[rules.dealer.after_cancelled]}.",
    )
    text = (
        f"Cards are dealt one at a time, starting with the player after the dealer, until each player holds "
        f"{rules.hand_size}; the dealer receives the last card. Each player sees only their own hand."
    )
    if rules.exposure is not None:
        whose = "dealer's own" if rules.exposure.seat_offset == 0 else "next player's"
        text += (
            f" The {whose} card number {rules.exposure.card} (in the order received) is shown to everyone; "
            "it stays in that hand and is played like any card."
        )
    yield Statement("deal", section, "Deal", text)


def _bidding(rules: Rules) -> Iterator[Statement]:
    bidding = rules.bidding
    section = SECTIONS[1]
    named = "".join(
        f" or {n.name} (counts as {n.value}" + (f": {n.description}" if n.description else "") + ")"
        for n in bidding.named
        if not n.blind
    )
    if bidding.kind is BiddingKind.AUCTION:
        text = (
            f"An auction, starting with the player after the dealer: in turn, each player bids a number from "
            f"{bidding.min} to {bidding.max}, higher than the highest bid so far, or passes; a pass is final for "
            f"this auction. The auction ends when all players but one have passed"
        )
        text += f", or at once when someone bids {bidding.ends_at}." if bidding.ends_at <= bidding.max else "."
        text += " The highest bidder is the declarer; their bid is their side's contract."
        if bidding.all_pass == "force":
            text += (
                f" If the first three players pass, the last player becomes declarer with a contract of "
                f"{bidding.forced_bid}, automatically."
            )
        else:
            text += " If all four players pass, the hand is thrown in."
    else:
        text = (
            f"Declarations, starting with the player after the dealer: each player bids once, a number from "
            f"{bidding.min} to {bidding.max}{named}; there is no pass. A side's contract is the sum of its two "
            "players' bids."
        )
        blind = [n for n in bidding.named if n.blind]
        if blind:
            offers = " or ".join(
                f"{n.name} (counts as {n.value}" + (f": {n.description}" if n.description else "") + ")" for n in blind
            )
            text = (
                "First, before looking at their cards, each player in turn may bid blind, "
                f"{offers}, or pass to look at their cards. Then the players who looked declare. " + text
            )
    yield Statement("bidding", section, "Bidding", text)
    if bidding.cancel_if is not None:
        yield Statement(
            "bidding.cancel_if",
            section,
            "Hand thrown in",
            f"After the bidding the hand is thrown in when `{_one_line(bidding.cancel_if.source)}`.",
        )


def _trump(rules: Rules) -> Iterator[Statement]:
    trump = rules.trump
    if trump.mode is TrumpMode.CHOSEN:
        options = ", ".join(suit_words(rules, s) for s in trump.suits)
        preference = " ".join(rules.deck.suits[s].symbol for s in rules.timeout.trump_order)
        text = (
            f"After the auction the declarer alone chooses trump for this hand among {options}. "
            f"(A declarer whose time runs out gets the first of {preference} that is allowed.)"
        )
    elif trump.mode is TrumpMode.FIXED:
        assert trump.suit is not None
        text = f"{suit_words(rules, trump.suit)} are trump in every hand; nobody chooses."
    elif trump.mode is TrumpMode.EXPOSED:
        pairs = "; ".join(
            f"{rules.deck.suits[s].symbol} shown, {rules.deck.suits[t].symbol} trump"
            for s, t in enumerate(trump.mapping)
        )
        text = f"Trump is set by the suit of the card shown to everyone ({pairs}); nobody chooses."
    else:
        text = "There is no trump."
    yield Statement("trump", SECTIONS[2], "Trump", text)


def _play(rules: Rules) -> Iterator[Statement]:
    section = SECTIONS[3]
    lead = {
        FirstLead.DECLARER: "The declarer leads the first trick.",
        FirstLead.AFTER_DEALER: "The player after the dealer (the first to bid) leads the first trick.",
        FirstLead.DEALER: "The dealer leads the first trick.",
    }[rules.play.first_lead]
    yield Statement("play.first_lead", section, "First lead", lead)
    follow = (
        "Each player in turn must follow the led suit if they can; a player who cannot may play any card."
        if rules.play.follow_suit
        else "Players may play any card; there is no obligation to follow suit."
    )
    yield Statement("play.follow_suit", section, "Following", follow)
    yield Statement(
        "play.winner",
        section,
        "Winning a trick",
        f"The highest trump wins the trick; if no trump was played, the highest card of the led suit wins. "
        f"The winner leads the next trick. A hand has {rules.hand_size} tricks.",
    )
    for index, restriction in enumerate(rules.play.lead_restrictions):
        suit = "trump" if restriction.suit is None else suit_words(rules, restriction.suit)
        yield Statement(
            f"play.lead_restrictions[{index}]",
            section,
            "Lead restriction",
            f"{suit.capitalize()} may not be led until broken (a card of that suit was played to a trick led in "
            "another suit), unless the leader holds nothing else; leading it from such a hand does not break it.",
        )


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
    kept = (
        "Scores are kept per player; a side's total is the sum of its two players' totals."
        if rules.personal
        else "Scores are kept per side."
    )
    yield Statement("scoring.by", section, "Totals", kept + " Negative totals stand.")
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
    text = f"After each played hand, a side qualifies when `{_one_line(match.wins.source)}`"
    if match.loses is not None:
        text += f", or when the other side has lost: `{_one_line(match.loses.source)}`"
    text += ". If exactly one side qualifies, it wins the match."
    if match.when_both is WhenBoth.PLAY_ON:
        text += " If both qualify, play continues until, after some hand, only one does."
    else:
        text += " If both qualify, the higher total wins; with equal totals another hand is played."
    yield Statement("match", section, "Winning the match", text)


def _timeouts(rules: Rules) -> Iterator[Statement]:
    timeout = rules.timeout
    section = SECTIONS[7]
    bid = {
        "pass": "pass where passing is allowed, else the lowest bid",
        "lowest": "the lowest bid",
    }.get(str(timeout.bid), f"bid {timeout.bid}")
    order = " ".join(rules.deck.suits[s].symbol for s in timeout.suit_order)
    card = (
        "the lowest-ranked legal card that is not trump, or the lowest trump if every legal card is trump"
        if timeout.prefer_non_trump
        else "the lowest-ranked legal card"
    )
    text = f"When a player's time runs out, the rules move for them: in the bidding, {bid}; in play, {card}"
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
        chosen = dict(rules.options).get(option.name)
        text = (option.description + " " if option.description else "") + f"Values: {values}. In force: `{chosen}`."
        yield Statement(f"options.{option.name}", section, f"Option {option.name}", text)
    versions = "; ".join(f"version {v.number}: {v.description.rstrip('.')}" for v in rules.versions)
    yield Statement(
        "versions",
        section,
        "Rules versions",
        f"{versions}. These rules are version {rules.version}; a match keeps the version it was created with.",
    )


def _one_line(text: str) -> str:
    return " ".join(text.split())

"""Which cards a seat may play: every rule that narrows the choice, in order, as card masks with their reasons.

Each rule names the cards it prefers; it narrows the choice only when the
player holds one of them ("must follow suit if able", "must overtrump if
able"). The same steps give the legal cards and, for a refused card, the first
rule it breaks, in words. Rulesets whose only rules are following suit and
suits not led until broken take the engine's one-mask fast path instead
(`PlayRules.plain`); the steps give the same cards there too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from ..cards import Card, CardMask, Deck
from ..errors import IllegalAction, Said, Term, Value, _, joined, said
from ..ruleset.rules import LeadsWith

if TYPE_CHECKING:
    from ..expr.facts import Facts
    from .state import GameState

FactsReader = Callable[[], "Facts"]
"""Gives the hand's facts with what the tricks so far hold, for the conditions read before a card (the game's
`_played_facts`): asked only when the seat holds a card some condition names."""


class Step(NamedTuple):
    """One rule's preferred cards, the rule's name, and how to say why a card outside them is refused: `why()`
    gives the sentence (its place `{cards}` stands for the cards the rule leaves, as "3♠ and 2♠"), built only for a
    refusal."""

    cards: CardMask
    rule: str
    why: Callable[[], Said]


def steps(game: GameState, hand: CardMask, held_back: CardMask, owed: CardMask) -> Iterator[Step]:
    """The rules that apply to the seat to play now, in the order they narrow its choice; `held_back`: the cards
    `play.lead_only_when` (leading) or `play.follow_only_when` (following) keeps back now, `owed`: those
    `play.must_play` asks for now."""
    rules = game.rules
    play = rules.play
    deck = rules.deck
    first_trick = game._trick_count == 0
    if not game._trick:
        card = play.first_card
        if first_trick and card is not None and play.leads_with is not LeadsWith.ANY:
            if play.leads_with is LeadsWith.CARD:
                yield Step(
                    1 << card,
                    "play.first_lead",
                    lambda: said("the first trick is led with {card}, and you hold it", card=deck.label(card)),
                )
            else:
                suit = game._suit_of[card]
                yield Step(
                    game._suit_masks[suit],
                    "play.first_lead",
                    lambda: said(
                        "the first trick is led with a {suit}: you hold {cards}", suit=deck.suits[suit].symbol
                    ),
                )
        banned = lead_ban(game, hand)
        if banned:
            yield Step(~banned, _("lead restriction: not until broken"), lambda: _unbroken_words(deck, banned))
        if held_back:
            yield Step(
                ~held_back,
                "play.lead_only_when",
                lambda: said(
                    "{held} may not be led now, and you hold other cards you may lead: {cards}",
                    held=card_words(deck, held_back),
                ),
            )
    else:
        yield from _following(game, hand)
        if held_back:
            yield Step(
                ~held_back,
                "play.follow_only_when",
                lambda: said(
                    "{held} may not be played to this trick now, and you hold other cards you may play: {cards}",
                    held=card_words(deck, held_back),
                ),
            )
    if owed:
        yield Step(owed, "play.must_play", lambda: said("you must play {owed} now", owed=card_words(deck, owed, "or")))
    if first_trick and play.first_trick_avoid:
        yield Step(
            ~play.first_trick_avoid,
            "play.first_trick_avoid",
            lambda: said(
                "{avoided} may not be played to the first trick while you hold other cards you may play: {cards}",
                avoided=card_words(deck, play.first_trick_avoid),
            ),
        )


def _unbroken_words(deck: Deck, banned: CardMask) -> Said:
    suits = joined([_suit_words(deck, i) for i in range(len(deck.suits)) if banned & deck.suit_masks[i]])
    return said("{suits} may not be led until broken, and you hold other cards you may lead: {cards}", suits=suits)


def _suit_words(deck: Deck, suit: int) -> Said:
    """`♥ (NAME)`: a whole suit, its name in the reader's language as the ruleset translates it."""
    found = deck.suits[suit]
    return said("{symbol} ({suit})", symbol=found.symbol, suit=Term(found.name))


def card_words(deck: Deck, mask: CardMask, joiner: str = "and") -> Value:
    """Cards as people name a set: a whole suit by its symbol and name (`♥ (NAME)`), other cards one by one
    (`Q♠`)."""
    parts: list[Value] = []
    for suit, suit_mask in enumerate(deck.suit_masks):
        if mask & suit_mask == suit_mask and suit < len(deck.suits):
            parts.append(_suit_words(deck, suit))
        else:
            parts += [deck.label(c) for c in reversed(deck.suit_cards(mask, suit))]
    return joined(parts, joiner)


def lead_ban(game: GameState, hand: CardMask) -> CardMask:
    """The cards of suits not yet broken that this hand may not lead (a suit is lifted when held with only its
    `unless_only` cards)."""
    block = game._block
    if not block:
        return 0
    banned = 0
    for suit_mask, _any, _also, only in game._breaks:
        if block & suit_mask and hand & ~(suit_mask | only):
            banned |= suit_mask
    return banned


def _following(game: GameState, hand: CardMask) -> Iterator[Step]:
    rules = game.rules
    deck = rules.deck
    led = game._led
    if led < 0:  # the trick was led with a card of no rank (`if_forced: no-rank`): this card sets its suit
        return
    led_cards = game._suit_masks[led]
    symbol = deck.group_word(led)
    if game._follow and rules.play.trump_instead and game._trump >= 0:
        # Only a player who can follow is bound; a void one may play anything, as when following suit.
        yield Step(
            led_cards | game._suit_masks[game._trump] if hand & led_cards else -1,
            _("follow suit or trump"),
            lambda: said("you must follow {suit} or play a trump: you hold {cards}", suit=Said(symbol)),
        )
    elif game._follow:
        yield Step(
            led_cards, _("follow suit"), lambda: said("you must follow {suit}: you hold {cards}", suit=Said(symbol))
        )
    must = rules.play.must
    if not must.any:
        return
    trump = game._trump
    best = game._best
    row = game._row
    trumped = best >= 2 * game._deck_size and led != trump
    void = not hand & led_cards
    trumps = game._suit_masks[trump] if trump >= 0 else 0
    if must.raise_trump and led == trump:  # binds even a player whose partner is winning: trump was led
        yield Step(
            _above(hand & trumps, row, best),
            _("must raise trump"),
            lambda: said("trump is led: you must play a higher trump than the trick holds when you can"),
        )
    if must.unless_partner_wins and rules.seating.partner[game._turn] == game._win_seat:
        return
    if must.beat and not trumped:
        yield Step(
            _above(hand & led_cards, row, best),
            _("must beat the trick"),
            lambda: said("you must play a higher {suit} when you can", suit=Said(symbol)),
        )
    if void and trumps:
        if (must.trump and not trumped) or must.trump_low:
            yield Step(
                trumps,
                _("must trump"),
                lambda: said("you cannot follow {suit}, so you must play a trump: you hold {cards}", suit=Said(symbol)),
            )
        if must.overtrump and trumped:
            yield Step(
                _above(hand & trumps, row, best),
                _("must overtrump"),
                lambda: said("you must play a higher trump than the trick holds"),
            )


def _above(cards: CardMask, row: tuple[int, ...], best: int) -> CardMask:
    """The cards among `cards` that would win the trick now."""
    out = 0
    card = 0
    while cards:
        if cards % 2 and row[card] > best:
            out |= 1 << card
        cards >>= 1
        card += 1
    return out


def duties(game: GameState, hand: CardMask, read: FactsReader) -> tuple[CardMask, CardMask]:
    """The cards of `hand` held back now (`play.lead_only_when` when leading, `play.follow_only_when` when
    following) and those owed now (`play.must_play`), each condition read with `seat` the player."""
    play = game.rules.play
    held_back = play.follow_only_when if game._trick else play.lead_only_when
    owed = play.must_play
    if not any(hand & c.cards for c in held_back) and not any(hand & c.cards for c in owed):
        return 0, 0
    facts = read()
    seat = game._turn
    held = 0
    for condition in held_back:
        if hand & condition.cards and not condition.when(facts, seat):
            held |= condition.cards
    due = 0
    for condition in owed:
        if hand & condition.cards and condition.when(facts, seat):
            due |= condition.cards
    return held & hand, due & hand


def led_without_rank(game: GameState, card: Card, read: FactsReader) -> bool:
    """True when `card`, led now, counts as no card: a `play.lead_only_when` entry with `if_forced: no-rank` holds
    it back, so the leader led it only because they hold nothing else (the card was found legal)."""
    bit = 1 << card
    facts = read()
    seat = game._turn
    return any(
        condition.no_rank_if_forced and condition.cards & bit and not condition.when(facts, seat)
        for condition in game.rules.play.lead_only_when
    )


def allowed(game: GameState, hand: CardMask, read: FactsReader) -> CardMask:
    """The cards of `hand` its holder may play now."""
    choice = hand
    for step in steps(game, hand, *duties(game, hand, read)):
        narrowed = choice & step.cards
        if narrowed:
            choice = narrowed
    return choice


def refusal(game: GameState, hand: CardMask, card: Card, read: FactsReader) -> IllegalAction:
    """Why `card` may not be played now: the first rule that leaves it out, with the cards that rule allows."""
    deck = game.rules.deck
    if not hand & (1 << card):
        return IllegalAction(
            said("you do not hold {card}", card=deck.label(card)), rule=_("play a card from your hand")
        )
    choice = hand
    for step in steps(game, hand, *duties(game, hand, read)):
        narrowed = choice & step.cards
        if narrowed:
            if not narrowed & (1 << card):
                labels = [deck.label(c) for c in reversed(deck.cards(narrowed))]
                shown = said("{cards} and {card}", cards=", ".join(labels[:-1]), card=labels[-1])
                why = step.why()
                cards = shown if len(labels) > 1 else labels[0]
                return IllegalAction(Said(why.text, (*why.values, ("cards", cards))), rule=step.rule)
            choice = narrowed
    raise AssertionError(f"{deck.label(card)} is legal")


def broken(game: GameState, card: Card) -> None:
    """Lifts the ban on leading a suit once a card that breaks it is played (`game._led` is the trick's suit)."""
    suit_of = game._suit_of
    bit = 1 << card
    for suit_mask, any_card, also, _only in game._breaks:
        if game._block & suit_mask and ((bit & suit_mask and (any_card or suit_of[card] != game._led)) or bit & also):
            game._block &= ~suit_mask

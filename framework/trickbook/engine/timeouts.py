"""The card the rules play for a seat whose time ran out (each phase before the tricks has its own timeout move)."""

from __future__ import annotations

from ..cards import Card
from ..ruleset.rules import Rules


def timeout_card(rules: Rules, legal: tuple[Card, ...], trump: int, game: int = -1) -> Card:
    """The weakest legal card: lowest rank, a non-trump first if the ruleset says so, rank ties by its suit order.
    Before trump is known, a card that ranks above every trump whatever the trump (`trump.highest` naming the
    card itself) is never the weakest."""
    deck = rules.deck
    timeout = rules.timeout
    order = {suit: i for i, suit in enumerate(timeout.suit_order)}
    suit_of = rules.tables(trump, game).suit_of
    unknown = trump < 0 and game < 0
    above = {c for p in rules.trump.highest if (c := p.resolve(deck, -1)) is not None} if unknown else set()

    def weakness(card: Card) -> tuple[bool, bool, int, int]:
        trumps = timeout.prefer_non_trump and suit_of[card] == trump
        return (card in above, trumps, deck.rank_of[card], order.get(deck.suit_of[card], len(order)))

    return min(legal, key=weakness)

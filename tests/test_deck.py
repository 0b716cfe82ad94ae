"""The deck's per-suit tables: every pattern of a suit's bits lists exactly its cards, weakest first."""

from __future__ import annotations

from helpers import rules


def test_every_suit_pattern_lists_its_cards_in_rising_order() -> None:
    deck = rules("tarneeb-41").deck
    per_suit = deck.ranks_per_suit
    for suit, table in enumerate(deck.runs):
        assert len(table) == 1 << per_suit
        for pattern, cards in enumerate(table):
            assert cards == tuple(suit * per_suit + r for r in range(per_suit) if pattern >> r & 1)


def test_cards_of_a_mask_come_by_suit_then_rank() -> None:
    deck = rules("tarneeb-41").deck
    mask = deck.mask([deck.card("A", "S"), deck.card("2", "C"), deck.card("Q", "H"), deck.card("3", "H")])
    assert [deck.code(c) for c in deck.cards(mask)] == sorted(
        ["AS", "2C", "QH", "3H"], key=lambda code: deck.card(code[:-1], code[-1])
    )

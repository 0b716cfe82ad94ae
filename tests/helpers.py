"""Shared test helpers: rulesets by id, stacked deals, and scripted play by action text."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path

from trickbook import Game, Rules, load_ruleset
from trickbook.cards import Card
from trickbook.engine.dealing import Deal, seeded_deal
from trickbook.engine.history import HandResult

Configuration = tuple[str, tuple[tuple[str, str], ...], int | None]

SEED_CONFIGURATIONS: list[Configuration] = [
    ("cardems-tarneeb", (), None),
    ("tarneeb-41", (("trump", "kouz-moving"),), 2),
    ("tarneeb-41", (("trump", "kubba"),), 2),
    ("tarneeb-41", (("trump", "kouz-moving"),), 1),
    ("tarneeb-41", (("trump", "kubba"),), 1),
    ("cardems-spades", (), None),
    ("syrian-tarneeb-41", (), None),
]
"""The four rulesets of the seed rule pages, each table option and each rules version."""

FAMILY_CONFIGURATIONS: list[Configuration] = [
    ("whist", (("honours", "on"),), None),
    ("hearts", (), None),
    ("oh-hell", (), None),
    ("oh-hell", (("players", "5"),), None),
    ("call-break", (), None),
    ("euchre", (), None),
    ("skat-simple", (), None),
    ("contract-bridge", (), None),
    ("skat", (("deals", "3"),), None),
]
"""The rulesets of the trick-taking family: different tables, deals, phases and play restrictions."""

LIBRARY_CONFIGURATIONS: list[Configuration] = [
    ("tarneeb-41-house", (), None),
    ("black-maria", (), None),
    ("spot-hearts", (), None),
    ("suicide-spades", (), None),
    ("spades-bags-amnesty", (), None),
    ("knaves", (), None),
    ("polignac", (), None),
    ("sueca", (), None),
    ("rubber-bridge", (), None),
    ("slobberhannes", (), None),
    ("trex", (), None),
    ("estimation", (), None),
    ("german-whist", (), None),
    ("auction-pitch", (), None),
    ("five-hundred", (), None),
    ("napoleon", (), None),
    ("klaverjassen", (), None),
    ("belote", (), None),
    ("klaverjassen", (("city", "amsterdam"),), None),
    ("sheepshead", (), None),
    ("baloot", (), None),
    ("kout", (), None),
    ("pinochle", (), None),
    ("pinochle", (("all_pass", "redeal"), ("count", "simple"), ("heading", "free")), None),
]
"""The library's games and house variants the language already says (issue 31), each with its default options."""

CONFIGURATIONS: list[Configuration] = SEED_CONFIGURATIONS + FAMILY_CONFIGURATIONS + LIBRARY_CONFIGURATIONS
"""Every bundled ruleset, with the options and versions that change how it plays."""


NORTH_SOUTH, EAST_WEST = (0, 2), (1, 3)
"""The seats that win a match when a side of a four-seat partnership ruleset wins."""


def config_id(config: Configuration) -> str:
    name, options, version = config
    parts = [name, *(f"{k}={v}" for k, v in options)]
    if version is not None:
        parts.append(f"v{version}")
    return "/".join(parts)


def deal_in_order(cards: Sequence[Card], dealer: int, direction: int, seats: int = 4, hand_size: int = 0) -> Deal:
    """Deals a pack one card at a time from the seat after the dealer, `hand_size` each (0: all it can): the
    rule as written, kept here as the reference the engine's seeded deal is checked against.

    The dealer receives the last card of each round; what is left over forms the stock.
    """
    dealt = (hand_size or len(cards) // seats) * seats
    hands: list[tuple[Card, ...]] = [()] * seats
    for offset in range(1, seats + 1):
        hands[(dealer + direction * offset) % seats] = tuple(cards[offset - 1 : dealt : seats])
    return Deal(tuple(hands), tuple(cards[dealt:]) if dealt < len(cards) else ())


@cache
def rules(ruleset_id: str, options: tuple[tuple[str, str], ...] = (), version: int | None = None) -> Rules:
    return load_ruleset(ruleset_id, options=dict(options), version=version)


def stacked_deal(rules: Rules, hands: Mapping[int, str], size: int | None = None, stock: str = "") -> Deal:
    """A deal where each seat in `hands` receives the listed cards first; the rest of the pack (less the cards
    `deal.remove` takes out) fills up in order (`size` cards each, by default the ruleset's hand size) and what is
    left forms the stock, the cards `stock` lists on top in that order (a staged deal's turned card and rest)."""
    deck = rules.deck
    size = rules.hand_size if size is None else size
    given: dict[int, list[Card]] = {}
    taken = 0
    for seat, text in [*hands.items(), (-1, stock)]:
        cards = deck.read_cards(text.split(), taken)
        assert cards is not None, f"{text!r} names no cards of the deck, or more copies than it holds"
        taken |= deck.mask(cards)
        given[seat] = cards
    top = given.pop(-1)
    used = [c for cards in given.values() for c in cards] + top
    assert len(used) == len(set(used)), "a card is stacked twice"
    rest = [c for c in range(deck.size) if c not in used and not rules.deal.removed >> c & 1]
    deal = []
    for seat in range(rules.seats):
        cards = list(given.get(seat, []))
        while len(cards) < size:
            cards.append(rest.pop(0))
        deal.append(tuple(cards))
    return Deal(tuple(deal), tuple(top + rest))


def stacked_game(
    rules: Rules, hands: Mapping[int, str], dealer: int = 0, seed: int = 0, stock: str = "", **kwargs: object
) -> Game:
    """A game whose first hand is `stacked_deal(hands, stock=stock)`, dealt by `dealer`; later hands come from
    the seed."""

    def deals(number: int, dealer_seat: int, size: int) -> Deal:
        if number == 1:
            return stacked_deal(rules, hands, size, stock)
        return seeded_deal(rules, seed, number, dealer_seat, size)

    return Game(rules, seed, deals=deals, dealer=dealer, **kwargs)  # type: ignore[arg-type]


def played_until(game: Game, reached: Callable[[Game], bool]) -> Game:
    """`game` after random moves, drawn by a generator seeded with its seed, up to the first position where
    `reached` holds."""
    chooser = random.Random(game.seed)
    while not reached(game):
        game.apply(chooser.choice(game.legal_actions()))
    return game


def random_position(config: Configuration, seed: int, steps: int) -> Game:
    """The game after up to `steps` random actions, stopping before the action that would end the match."""
    game = Game(rules(*config), seed, hand_cap=3)
    chooser = random.Random(seed)
    for _ in range(steps):
        action = chooser.choice(game.legal_actions())
        after = game.clone()
        after.apply(action)
        if after.is_over():
            break
        game.apply(action)
    return game


def act(game: Game, *texts: str) -> None:
    """Applies actions typed as text, in turn order."""
    for text in texts:
        game.apply_text(text)


def texts(game: Game, actions: Sequence[int]) -> list[str]:
    return [game.rules.actions.text(a) for a in actions]


def legal(game: Game) -> list[str]:
    return texts(game, game.legal_actions())


def play_trick(game: Game, *cards: str) -> int:
    """Plays one trick's cards in turn order; returns the seat that won it."""
    before = list(game.tricks_won)
    hand = game.hand_number
    act(game, *cards)
    seats = range(game.rules.seats)
    if game.hand_number != hand:
        last = game.history[-1].tricks_won
        return next(s for s in seats if last[s] != before[s])
    return next(s for s in seats if game.tricks_won[s] != before[s])


def played(game: Game, seed: int, hands: int | None = None) -> Game:
    """`game` after random legal moves (drawn from `seed`) to the end of the match, or of its first `hands` hands."""
    chooser = random.Random(seed)
    while not game.is_over() and (hands is None or game.hands_finished < hands):
        game.apply(chooser.choice(game.legal_actions()))
    return game


def bids_made(game: Game, hand: HandResult) -> list[int]:
    """Each seat's numeric bid in a finished hand, read from its moves (0 for a seat that made none)."""
    bids = [0] * game.rules.seats
    for move in hand.moves:
        text = game.rules.actions.text(move.action)
        if text.startswith("bid "):
            bids[move.seat] = int(text.split()[1])
    return bids


def simulated(folder: Path, ruleset: str, *options: str, name: str = "m.jsonl") -> Path:
    """The records of `trickbook simulate RULESET --matches 1 OPTIONS...`, written in `folder`."""
    from trickbook.cli import main

    out = folder / name
    assert main(["simulate", ruleset, "--matches", "1", *options, "--out", str(out)]) == 0
    return out

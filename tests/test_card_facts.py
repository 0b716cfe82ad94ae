"""`taker(card)` and `player(card)` in scoring: checked against tricks worked out here from the moves alone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from trickbook import Game, Rules, load_ruleset
from trickbook.engine.history import HandResult

VARIANT = """\
format: trickbook-ruleset/1
id: spades-queen
title: Spades with a queen of spades penalty
extends: cardems-spades
scoring:
  rules:
    queen_taken:
      description: The side that takes the queen of spades loses 13.
      for: side
      when: side_of(taker(QS)) == side
      points: -13
    queen_played:
      description: The seat that plays the queen of spades gets 1.
      for: seat
      when: player(QS) == seat
      points: 1
"""


@pytest.fixture(scope="module")
def queen_rules(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    path: Path = tmp_path_factory.mktemp("variants") / "spades-queen.yaml"
    path.write_text(VARIANT, encoding="utf-8")
    return load_ruleset(path)


def who_played_and_took(rules: Rules, hand: HandResult, card: int) -> tuple[int, int]:
    """The seat that played `card` and the seat that won its trick: highest trump, else highest of the led suit."""
    deck = rules.deck
    plays = [move for move in hand.moves if move.action < deck.size]
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        if any(move.action == card for move in trick):
            led = deck.suit_of[trick[0].action]
            trumps = [m for m in trick if deck.suit_of[m.action] == hand.trump]
            contenders = trumps or [m for m in trick if deck.suit_of[m.action] == led]
            best = max(contenders, key=lambda m: deck.rank_of[m.action])
            played = next(m.seat for m in trick if m.action == card)
            return played, best.seat
    raise AssertionError("the card was never played")


@pytest.mark.parametrize("seed", range(6))
def test_the_queen_lines_name_the_seat_that_played_it_and_the_side_that_took_it(queen_rules: Rules, seed: int) -> None:
    game = Game(queen_rules, seed, hand_cap=4)
    draw = random.Random(seed).random
    while not game.is_over():
        legal = game.legal_actions()
        game.apply(legal[int(draw() * len(legal))])
    queen = queen_rules.deck.card("Q", "S")
    for hand in game.history:
        played, took = who_played_and_took(queen_rules, hand, queen)
        lines = {(line.rule, line.target): line.points for line in hand.lines if line.rule.startswith("queen")}
        assert lines == {("queen_taken", took % 2): -13, ("queen_played", played): 1}


TOOK = """\
format: trickbook-ruleset/1
id: spades-counted
title: Spades that scores each spade taken
extends: cardems-spades
scoring:
  rules:
    spades_taken:
      description: Each seat scores the spades it took.
      for: seat
      points: took(seat, S)
"""


def test_took_counts_each_card_of_the_suit_once_for_the_seat_that_took_it(tmp_path: Path) -> None:
    path = tmp_path / "spades-counted.yaml"
    path.write_text(TOOK, encoding="utf-8")
    rules = load_ruleset(path)
    spades = rules.deck.suit_masks[[s.code for s in rules.deck.suits].index("S")]
    for seed in range(1, 6):
        game = Game(rules, seed)
        chooser = random.Random(seed)
        while game.hands_finished == 0:
            game.apply(chooser.choice(game.legal_actions()))
        hand = game.history[0]
        counted = [0] * 4
        for line in hand.lines:
            if line.rule == "spades_taken":
                counted[line.target] += line.points
        expected = [0] * 4
        for card in range(rules.deck.size):
            if spades >> card & 1:
                expected[who_played_and_took(rules, hand, card)[1]] += 1
        assert counted == expected and sum(counted) == 13

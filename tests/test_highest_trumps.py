"""`trump.highest`: cards that rank above every other trump and belong to trump whatever suit they show (Euchre's
bowers), checked with FAMILY-RULES §4's legal-play and trick examples on a fixed trump of hearts."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import act, legal, play_trick, stacked_game
from trickbook import Rules, load_ruleset
from trickbook.book.story import trick_words
from trickbook.engine.events import TrickWon
from trickbook.errors import RulesetError

BOWERS = """format: trickbook-ruleset/1
id: bowers
title: Bowers
deck: euchre-24
seats: 4
sides: [[0, 2], [1, 3]]
direction: clockwise
dealer: {first: 0, after_hand: next}
deal: {hand_size: 5}
bidding: {kind: none}
trump:
  mode: fixed
  suit: H
  highest: [{rank: J, suit: trump}, {rank: J, suit: same-colour}]
play: {first_lead: after-dealer}
scoring: {by: side, rules: {tricks: {for: side, points: tricks(side)}}}
match: {wins: total(side) >= 10, when_both: higher-total}
"""


@pytest.fixture(scope="module")
def bowers(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    path = tmp_path_factory.mktemp("bowers") / "bowers.yaml"
    path.write_text(BOWERS, encoding="utf-8")
    return load_ruleset(str(path))


def following(rules: Rules, led: str, holds: str) -> list[str]:
    """The legal cards of East, holding `holds`, after North leads `led` (West deals, North leads)."""
    game = stacked_game(rules, {0: led, 1: holds}, dealer=3)
    act(game, led)
    return legal(game)


@pytest.mark.parametrize(
    ("led", "holds", "allowed"),
    [
        ("9D", "JD AS KC QS TS", {"JD", "AS", "KC", "QS", "TS"}),  # JD is a heart: East has no diamond
        ("9H", "JD AS KC QS TS", {"JD"}),  # the left bower follows a heart lead
        ("AD", "KD JD AS KC QS", {"KD"}),  # and never its printed suit
        ("JD", "9H KD AS KC QS", {"9H"}),  # a left bower lead is a trump lead
    ],
)
def test_the_left_bower_belongs_to_trump_for_following(bowers: Rules, led: str, holds: str, allowed: set[str]) -> None:
    assert set(following(bowers, led, holds)) == allowed


def test_the_left_bower_beats_the_other_trumps_and_the_right_bower_beats_it(bowers: Rules) -> None:
    game = stacked_game(bowers, {0: "AD", 1: "JD", 2: "9H", 3: "KD"}, dealer=3)
    assert play_trick(game, "AD", "JD", "9H", "KD") == 1, "AD led, then JD, 9H, KD: JD wins"
    game = stacked_game(bowers, {0: "AH", 1: "JD", 2: "JH", 3: "KH"}, dealer=3)
    assert play_trick(game, "AH", "JD", "JH", "KH") == 2, "the right bower is the highest card"


def test_the_other_jacks_stay_in_their_suits(bowers: Rules) -> None:
    game = stacked_game(bowers, {0: "JS", 1: "9S", 2: "JC", 3: "AS"}, dealer=3)
    assert set(following(bowers, "9C", "JC AS KS QS TS")) == {"JC"}
    assert play_trick(game, "JS", "9S", "JC", "AS") == 3, "JC is an ordinary club, AS the highest spade"


def test_a_trick_won_by_the_left_bower_is_told_as_won_by_the_highest_trump(bowers: Rules) -> None:
    words: list[str] = []

    def listen(event: object) -> None:
        if isinstance(event, TrickWon):
            words.append(trick_words(bowers, event, list(zip(range(4), event.cards, strict=True))))

    game = stacked_game(bowers, {0: "AD", 1: "JD", 2: "9H", 3: "KD"}, dealer=3, observer=listen)
    play_trick(game, "AD", "JD", "9H", "KD")
    assert words[-1].endswith("wins with J♦, the highest trump")
    game = stacked_game(bowers, {0: "JD", 1: "9H", 2: "TH", 3: "QH"}, dealer=3, observer=listen)
    play_trick(game, "JD", "9H", "TH", "QH")
    assert words[-1].endswith("wins with J♦, the highest ♥"), "a left bower lead leads trump"


def test_same_colour_needs_a_deck_whose_colours_pair_its_suits(tmp_path: Path) -> None:
    deck = tmp_path / "odd.yaml"
    deck.write_text(
        "format: trickbook-deck/1\nid: odd\ntitle: Odd\nsuits:\n"
        '  - {code: S, name: spades, symbol: "♠", colour: black}\n'
        '  - {code: H, name: hearts, symbol: "♥", colour: red}\n'
        '  - {code: C, name: clubs, symbol: "♣", colour: black}\n'
        "ranks:\n  - {code: A, name: ace, order: 14}\n  - {code: J, name: jack, order: 11}\n"
        "  - {code: '9', name: nine, order: 9}\n",
        encoding="utf-8",
    )
    path = tmp_path / "odd-bowers.yaml"
    path.write_text(BOWERS.replace("deck: euchre-24", "deck: odd.yaml").replace("{hand_size: 5}", "{hand_size: 2}"))
    with pytest.raises(RulesetError, match="'same-colour' needs a deck whose colours pair its suits"):
        load_ruleset(str(path))

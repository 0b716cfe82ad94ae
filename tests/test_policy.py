"""The quick policy's decisions (players/policy.py), each at its edge: what a seat bids, doubles, names and plays
when it decides from its view alone (issue 33: the survivors of its mutation run)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from helpers import played_until, rules, stacked_game, texts
from trickbook import Game, load_ruleset
from trickbook.engine.view import SeatView
from trickbook.players import policy


def _view(game: Game, until: Callable[[Game], bool]) -> SeatView:
    """The view of the seat to act at the first position, in random play from the game, where `until` holds."""
    seat = played_until(game, until).actor
    assert seat is not None
    return game.view(seat)


def _estimating(monkeypatch: pytest.MonkeyPatch, tricks: float) -> None:
    monkeypatch.setattr(policy, "estimate_tricks", lambda view: tricks)


DOUBLING = rules("tarneeb-41-house", (("doubling", "on"),))
"""Tarneeb 41 house rules with doubling: at seed 6 South contracts for 12 of 13 tricks, East may double and South
then redouble."""


@pytest.mark.parametrize(("own", "answer"), [(0.5, "pass"), (0.51, "double")])
def test_a_defender_doubles_expecting_more_than_half_the_tricks_the_contract_leaves(
    monkeypatch: pytest.MonkeyPatch, own: float, answer: str
) -> None:
    """A contract of 12 leaves the defenders 1 trick: East doubles on more than half of it."""
    view = _view(Game(DOUBLING, 6), lambda game: game.phase == "doubling")
    assert view.seat == 1 and view.contract[0] == 12
    _estimating(monkeypatch, own)
    assert DOUBLING.actions.text(policy.quick_double(view)) == answer


@pytest.mark.parametrize(("own", "answer"), [(8.7, "pass"), (8.75, "redouble")])
def test_a_declarer_redoubles_when_its_side_expects_to_make_the_contract(
    monkeypatch: pytest.MonkeyPatch, own: float, answer: str
) -> None:
    """South's side expects its own 8.75 tricks and a quarter of the 13 from its partner: 12, the contract."""
    view = _view(Game(DOUBLING, 6), lambda game: game.phase == "doubling" and game.actor == 2)
    assert view.contract[0] == 12
    _estimating(monkeypatch, own)
    assert DOUBLING.actions.text(policy.quick_double(view)) == answer


SOLO_DOUBLING = """\
format: trickbook-ruleset/1
id: solo-doubling
title: Solo doubling
description: Tarneeb 41 each for themself; any other seat may double a contract below 13, its bidder redouble.
extends: tarneeb-41
sides: null
versions:
  - version: 1
    description: Without the king-of-hearts bonus.
doubling:
  description: Any other seat may double a contract below 13; its bidder may redouble.
  when: contract_bid < 13
definitions:
  contract_bid: contract(declarer)
  taken: tricks(declarer)
scoring:
  by: seat
  rules:
    declarers:
      for: seat
      when: seat == declarer
      points: nth(doubled + 1, 1, 2, 4) * (if made then taken else -contract_bid)
    defenders:
      for: seat
      when: seat != declarer
      points: if made then 0 else tricks(seat)
match:
  wins: total(seat) >= 41
"""
"""A house variant without partners: at seed 1 North contracts for 12 of 13 tricks, the others may double."""


@pytest.mark.parametrize(
    ("answering", "own", "answer"),
    [("double", 1.0, "pass"), ("double", 1.01, "double"), ("redouble", 11.9, "pass"), ("redouble", 12.0, "redouble")],
)
def test_a_seat_without_partners_doubles_and_redoubles_on_its_own_tricks_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answering: str, own: float, answer: str
) -> None:
    """No partner takes a share: a defender doubles expecting more than the 1 trick a contract of 12 leaves, the
    declarer redoubles expecting all 12 itself."""
    path = tmp_path / "solo-doubling.yaml"
    path.write_text(SOLO_DOUBLING, encoding="utf-8")
    solo = load_ruleset(str(path))
    view = _view(Game(solo, 1), lambda game: answering in texts(game, game.legal_actions()))
    assert not solo.seating.has_sides and view.contract[view.declarer] == 12
    _estimating(monkeypatch, own)
    assert solo.actions.text(policy.quick_double(view)) == answer


HAND = "AS KS QS JS 4S AH QH 3H KC QC JC AD KD"
"""Top sequences counted (an ace 1, then a king 0.75, then a queen 0.4, no further), a broken one only to its
break, and trumps beyond three 0.8 each."""


@pytest.mark.parametrize(
    ("trump", "tricks"),
    [
        ("S", 1 + 0.75 + 0.4 + 0.8 * 2 + 1 + 1 + 0.75),  # A K Q (not the J) of five trumps; A of A Q 3; A K
        ("H", 1 + 0.75 + 0.4 + 1 + 1 + 0.75),  # the same without long trumps: hearts are three
    ],
)
def test_a_hands_tricks_are_its_top_sequences_and_its_long_trumps(trump: str, tricks: float) -> None:
    tarneeb = rules("cardems-tarneeb")
    view = stacked_game(tarneeb, {0: HAND}).view(0)
    suit = next(index for index, found in enumerate(tarneeb.deck.suits) if found.code == trump)
    assert policy.estimate_tricks(view, suit) == pytest.approx(tricks)


def test_a_seat_that_has_not_looked_at_its_cards_passes_to_look() -> None:
    """Spades with blind nil: before looking a seat may bid blind nil or pass to see its cards; the quick policy,
    knowing nothing of its hand, looks."""
    blind = load_ruleset("examples/spades-blind-nil.yaml")
    view = _view(Game(blind, 1), lambda game: True)
    assert not view.hand and [str(blind.actions.text(a)) for a in view.legal] == ["pass", "bid blind_nil"]
    assert blind.actions.text(policy.quick_bid(view)) == "pass"

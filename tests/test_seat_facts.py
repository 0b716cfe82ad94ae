"""What expressions read about each seat's bidding (`contract(seat)`, `passed(seat)`, `has_bid(seat)`), checked
through `Game` in house variants that score them as lines, with the bids scripted and the values worked out
here. No bundled ruleset reads these three, so these variants are their only check."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import act, legal
from trickbook import Game, Rules, load_ruleset
from trickbook.errors import IllegalAction

AUCTION = """\
format: trickbook-ruleset/1
id: tarneeb-41-seat-facts
title: Tarneeb 41 that scores what each seat did in the auction
extends: tarneeb-41
scoring:
  rules:
    own_contract:
      description: Each seat's own contract, as a line.
      for: seat
      points: contract(seat)
    passed:
      description: 1 for each seat that passed.
      for: seat
      points: if passed(seat) then 1 else 0
    bid:
      description: 1 for each seat that made a bid (a pass is no bid).
      for: seat
      points: if has_bid(seat) then 1 else 0
"""

DECLARATIONS = """\
format: trickbook-ruleset/1
id: call-break-seat-facts
title: Call Break that scores each seat's declaration and whether it declared
extends: call-break
scoring:
  rules:
    own_contract:
      description: Each seat's own contract, as a line.
      for: seat
      points: 10 * contract(seat)
    declared:
      description: 1 for each seat that declared.
      for: seat
      points: if has_bid(seat) then 1 else 0
"""


def variant(folder: Path, text: str) -> Rules:
    path = folder / "variant.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def lines_of_first_hand(game: Game) -> dict[str, list[int]]:
    """Each seat's points from each rule scored per seat in the first hand, played out with the first legal
    moves."""
    while game.hands_finished == 0:
        game.apply(game.legal_actions()[0])
    lines: dict[str, list[int]] = {}
    for line in (line for line in game.history[0].lines if line.per == "seat"):
        lines.setdefault(line.rule, [0] * game.rules.seats)[line.target] += line.points
    return lines


def test_an_auctions_contract_is_the_declarers_and_passes_are_per_seat(tmp_path: Path) -> None:
    game = Game(variant(tmp_path, AUCTION), 1)
    order = []
    for text in ("bid 8", "pass", "bid 9", "pass", "pass"):  # the third bidder's 9 wins; the others pass
        order.append(game.turn)
        act(game, text)
    third = order[2]
    assert game.declarer == third
    lines = lines_of_first_hand(game)
    assert lines["own_contract"] == [9 if seat == third else 0 for seat in range(4)], "only the declarer's"
    assert lines["passed"] == [0 if seat == third else 1 for seat in range(4)]
    assert lines["bid"] == [1 if seat in (order[0], third) else 0 for seat in range(4)]


def test_declarations_are_each_seats_contract_and_every_seat_has_bid(tmp_path: Path) -> None:
    game = Game(variant(tmp_path, DECLARATIONS), 1)
    for _ in range(4):
        seat = game.turn
        assert seat is not None
        act(game, f"bid {seat + 1}")  # each seat declares its number plus one
    lines = lines_of_first_hand(game)
    assert lines["own_contract"] == [10, 20, 30, 40]
    assert lines["declared"] == [1, 1, 1, 1]


ONE_BLIND_NIL_A_SIDE = """\
format: trickbook-ruleset/1
id: spades-one-blind-nil-a-side
title: Spades where a player may not bid blind nil once the partner has bid
extends: cardems-spades
bidding:
  named:
    blind_nil:
      value: 0
      blind: true
      description: Bid before looking at one's cards.
  forbid:
    partner_first:
      description: Blind nil only while the partner has not bid.
      when: this_bid == blind_nil and has_bid(partner(seat))
"""


def test_looking_at_ones_cards_in_the_blind_round_is_no_bid_and_a_blind_bid_is(tmp_path: Path) -> None:
    """`has_bid` read by a bid ban during a blind round: a pass there means "I look at my cards", so the
    partner may still bid blind nil; after the partner's blind nil it may not."""
    ruleset = variant(tmp_path, ONE_BLIND_NIL_A_SIDE)
    for first, allowed in (("pass", True), ("bid blind_nil", False)):
        game = Game(ruleset, 1, dealer=0)
        opener = game.turn
        assert opener is not None
        act(game, first, "pass")
        assert game.turn == ruleset.seating.partner[opener]
        assert ("bid blind_nil" in legal(game)) is allowed, first
        if not allowed:
            with pytest.raises(IllegalAction, match="not allowed now: Blind nil only while the partner has not bid"):
                act(game, "bid blind_nil")

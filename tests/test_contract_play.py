"""Play to the contract: a seat whose bid the scoring rewards for taking no trick plays to lose every trick."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import act, rules, stacked_game
from trickbook import Game, Rules, load_ruleset
from trickbook.players.base import make_player, parse_player_specs

NIL_HAND = "2C 3C 4C 9C 2D 3D 8D 2H 3H 4H JH 2S 3S"
"""Low cards, with a few a careless nil would win tricks with."""


def _could_duck_but_won(game: Game, seat: int, card: int) -> bool:
    """Whether `card`, played by `seat` to the trick on the table, takes the lead of it when a legal card would
    have stayed under the card winning so far."""
    trick = game.trick
    if not trick:
        return False
    row = game.rules.tables(game.trump, game.named_game).strength[game.rules.deck.suit_of[trick[0]]]
    best = max(row[c] for c in trick)
    legal = [game.rules.actions.card_of(a) for a in game.legal_actions()]
    return row[card] > best and any(row[c] <= best for c in legal)


ZERO_BID_SPADES = """
format: trickbook-ruleset/1
id: zero-bid-spades
title: Spades whose nil is the bid 0
deck: standard-52
seats: 4
sides: [[0, 2], [1, 3]]
direction: clockwise
dealer: {first: random, after_hand: next}
bidding:
  kind: declarations
  bids: {min: 0, max: 13}
trump: {mode: fixed, suit: S}
play:
  first_lead: after-dealer
definitions:
  made: tricks(side) >= contract(side)
scoring:
  by: side
  rules:
    contract:
      description: Ten a contract trick when made, else minus ten.
      for: side
      points: if made then 10 * contract(side) else -10 * contract(side)
    nil:
      description: A bid of 0 scores +100 if its bidder took no trick, else -100.
      for: seat
      when: bid(seat) == 0
      points: if tricks(seat) == 0 then 100 else -100
match:
  wins: total(side) >= 500
  when_both: higher-total
"""
"""A nil written as a numeric bid: what it asks is read from the scoring alone."""


def _spades(tmp_path: Path, named: bool) -> tuple[Rules, str]:
    """Cardems Spades and its bid of nil, or a Spades whose nil is the bid 0."""
    if named:
        return rules("cardems-spades"), "bid nil"
    path = tmp_path / "zero-bid-spades.yaml"
    path.write_text(ZERO_BID_SPADES, encoding="utf-8")
    return load_ruleset(path), "bid 0"


@pytest.mark.parametrize("named", [True, False])
@pytest.mark.parametrize("player", ["heuristic", "mcts:playouts=24"])
def test_a_nil_played_to_lose(player: str, named: bool, tmp_path: Path) -> None:
    spades, nil = _spades(tmp_path, named)
    actions = spades.actions
    for seed in (1, 2, 3):
        game = stacked_game(spades, {3: NIL_HAND}, dealer=0, seed=seed)
        act(game, "bid 1", "bid 4", nil, "bid 4")  # its partner wants a trick: the side's tricks must be its
        players = [make_player(spec, seed, seat) for seat, spec in enumerate(parse_player_specs(player))]
        while game.hands_finished == 0:
            seat = game.actor
            assert seat is not None
            action = players[seat].choose(game.view(seat))
            if seat == 3:
                card = actions.card_of(action)
                assert not _could_duck_but_won(game, seat, card), f"seed {seed}: the nil took the lead with {card}"
            game.apply(action)

"""`bidding.all_pass: {action: must-bid}`: when every other player has passed without a bid, the last player may
not pass and must bid, any bid from the lowest. Kout Bo 6 (jawaker.com): "If all players pass, the last player is
forced to bid at lease 5 (called "Malzoom" in this case)"."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import act, legal
from trickbook import Game, load_ruleset
from trickbook.book.explain import explain
from trickbook.errors import IllegalAction, RulesetError

MUST_BID = """\
format: trickbook-ruleset/2
id: must-bid
title: Must bid
extends: tarneeb-41
bidding:
  all_pass: {action: must-bid}
"""


def ruleset_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "must.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def game(tmp_path: Path) -> Game:
    return Game(load_ruleset(ruleset_file(tmp_path, MUST_BID)), seed=2)


def test_the_last_player_may_not_pass_once_the_others_have(game: Game) -> None:
    act(game, "pass", "pass", "pass")
    assert game.turn == game.dealer
    assert legal(game) == ["bid 7", "bid 8", "bid 9", "bid 10", "bid 11", "bid 12", "bid 13"]
    with pytest.raises(IllegalAction, match="everyone else passed: you may not pass, bid 7 or more"):
        act(game, "pass")


def test_the_last_player_may_bid_above_the_lowest_bid(game: Game) -> None:
    dealer = game.dealer
    act(game, "pass", "pass", "pass", "bid 9")
    assert game.declarer == dealer and game.phase == "trump"
    assert game.contract[game.rules.seating.side_of[dealer]] == 9


def test_a_pass_stays_free_while_someone_has_bid_or_others_may_still_speak(game: Game) -> None:
    act(game, "pass", "pass")
    assert "pass" in legal(game), "the dealer has still to speak"
    act(game, "bid 7")
    assert "pass" in legal(game)


def test_the_rule_book_says_the_last_player_must_bid(game: Game) -> None:
    book = " ".join(explain(game.rules).split())
    assert "If the first three players pass, the last player may not pass and must bid, 7 or more." in book


def test_an_auction_in_duels_refuses_it_where_it_stands(tmp_path: Path) -> None:
    text = MUST_BID.replace("extends: tarneeb-41\n", "extends: skat\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset_file(tmp_path, text))
    assert "nothing is forced" in str(caught.value) and "must.yaml:6" in str(caught.value)


def test_a_last_player_whose_time_runs_out_bids_the_lowest_bid(game: Game) -> None:
    act(game, "pass", "pass", "pass")
    assert game.rules.actions.text(game.default_action()) == "bid 7"


def test_an_auction_of_one_round_takes_the_dealers_pass_away_too(tmp_path: Path) -> None:
    text = MUST_BID.replace("  all_pass: {action: must-bid}\n", "  order: once\n  all_pass: {action: must-bid}\n")
    game = Game(load_ruleset(ruleset_file(tmp_path, text)), seed=2)
    act(game, "pass", "pass", "pass")
    assert game.turn == game.dealer and "pass" not in legal(game)
    act(game, "bid 8")
    assert game.declarer == game.dealer and game.phase == "trump"

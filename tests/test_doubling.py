"""Doubling after any bidding (`doubling`, issue 30 item 8): the opponents of the declarer may double, the
declarer's side redouble, and the scoring reads `doubled`; each sentence of its reference entry is a test."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import act, legal, stacked_game
from trickbook import load_ruleset, open_ruleset
from trickbook.book.worked import check_examples
from trickbook.engine.game import Game
from trickbook.errors import IllegalAction, RulesetError
from trickbook.players import make_player, parse_player_specs
from trickbook.tools.simulate import play_on

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "tarneeb-doubling.yaml"


def doubling_game() -> Game:
    """North (seat 0) wins the auction at 8 and names spades: the doubling round starts."""
    game = stacked_game(load_ruleset(EXAMPLE), {}, dealer=3)
    act(game, "bid 8", "pass", "pass", "pass", "trump S")
    return game


def test_after_trump_the_opponent_on_the_declarers_left_is_asked_first_to_double_or_pass() -> None:
    game = doubling_game()
    assert game.phase == "doubling" and game.turn == 1
    assert legal(game) == ["pass", "double"]


def test_when_both_opponents_pass_the_hand_is_played_undoubled() -> None:
    game = doubling_game()
    act(game, "pass")
    assert game.turn == 3 and legal(game) == ["pass", "double"]
    act(game, "pass")
    assert game.phase == "play" and game._facts().doubled == 0


def test_a_double_ends_the_opponents_round_and_the_declarer_is_asked_first_to_redouble() -> None:
    game = doubling_game()
    act(game, "pass", "double")
    assert game.turn == 0 and legal(game) == ["pass", "redouble"]
    act(game, "pass")
    assert game.turn == 2 and legal(game) == ["pass", "redouble"]
    act(game, "redouble")
    assert game.phase == "play" and game._facts().doubled == 2


def test_a_double_with_nobody_redoubling_leaves_the_contract_doubled() -> None:
    game = doubling_game()
    act(game, "double", "pass", "pass")
    assert game.phase == "play" and game._facts().doubled == 1


def test_the_declarers_side_may_not_double_and_the_opponents_may_not_redouble() -> None:
    game = doubling_game()
    with pytest.raises(IllegalAction, match="double or pass, not redouble"):
        act(game, "redouble")
    act(game, "double")
    with pytest.raises(IllegalAction, match="redouble or pass, not double"):
        act(game, "double")


def test_when_the_condition_fails_nobody_is_asked() -> None:
    game = stacked_game(load_ruleset(EXAMPLE), {}, dealer=3)
    act(game, "bid 13", "trump H")
    assert game.phase == "play", "a bid of 13 may not be doubled in this variant"


def test_without_redoubles_a_double_ends_the_doubling(tmp_path: Path) -> None:
    path = tmp_path / "no-redouble.yaml"
    path.write_text(
        "format: trickbook-ruleset/2\nid: no-redouble\ntitle: No redouble\nextends: cardems-tarneeb\n"
        "doubling: {redouble: false}\n",
        encoding="utf-8",
    )
    game = stacked_game(load_ruleset(path), {}, dealer=3)
    act(game, "bid 8", "pass", "pass", "pass", "trump S", "double")
    assert game.phase == "play" and game._facts().doubled == 1


def test_the_worked_examples_of_the_doubling_variant_hold() -> None:
    assert [result.mismatches for result in check_examples(open_ruleset(EXAMPLE))] == [(), (), ()]


def test_a_doubled_hand_scores_twice_in_play() -> None:
    """Play the doubled hand out by bots: the declarers' line is twice what the same tricks score undoubled."""
    game = doubling_game()
    act(game, "double", "pass", "pass")
    players = [make_player(spec, 4, seat) for seat, spec in enumerate(parse_player_specs("random", 4))]
    while not game.history:
        play_on(game, players, 1)
    hand = game.history[0]
    made = hand.tricks_won[0] + hand.tricks_won[2] >= 8
    declarers = hand.tricks_won[0] + hand.tricks_won[2] if made else -8
    assert hand.score[0] == 2 * declarers


@pytest.mark.parametrize(
    ("doubling", "message"),
    [
        ("{when: 3}", "doubling.when"),
        ("{redouble: maybe}", "doubling.redouble"),
    ],
)
def test_a_misused_doubling_key_is_refused_at_its_place(tmp_path: Path, doubling: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        f"format: trickbook-ruleset/2\nid: bad\ntitle: Bad\nextends: cardems-tarneeb\ndoubling: {doubling}\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert message in str(refused.value) and "bad.yaml:5" in str(refused.value)


@pytest.mark.parametrize(
    ("base", "says"),
    [("contract-bridge", "doubles inside the auction"), ("hearts", "only a hand with a declarer")],
)
def test_doubling_without_a_contract_to_double_is_refused(tmp_path: Path, base: str, says: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        f"format: trickbook-ruleset/2\nid: bad\ntitle: Bad\nextends: {base}\ndoubling: {{}}\n", encoding="utf-8"
    )
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert says in str(refused.value) and "bad.yaml:5" in str(refused.value)


def test_simulate_plays_doubling_matches_to_the_end() -> None:
    rules = load_ruleset(EXAMPLE)
    for seed in range(3):
        game = Game(rules, seed=seed)
        play_on(game, [make_player(spec, 4, seat) for seat, spec in enumerate(parse_player_specs("heuristic", 4))])
        assert game.is_over() and any(m for m in game.history)

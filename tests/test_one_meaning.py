"""One meaning for a ruleset: each defect of issue 26, as a user met it, on every path that reads the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trickbook import load_ruleset, open_ruleset
from trickbook.book.worked import check_examples
from trickbook.cli import main
from trickbook.engine.game import Game
from trickbook.errors import ExpressionError, PlayerError
from trickbook.players import make_player, parse_player_specs
from trickbook.tools.simulate import play_on

ORDERED_SCORING = """\
format: trickbook-ruleset/1
id: order-test
title: Order test
description: Tarneeb 41 scored by two rules, the second reading the first.
extends: tarneeb-41
scoring:
  by: side
  rules:
    declarers: null
    defenders: null
    b_base:
      description: One point a trick.
      for: side
      points: tricks(side)
    a_double:
      description: The points so far once more.
      for: side
      points: hand_score(side)
examples:
  - name: the second rule doubles the first
    declarer: 0
    bids: [7, null, null, null]
    tricks: [4, 3, 4, 2]
    expect: {score: [16, 10]}
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line]


def hand_scores(path: Path) -> list[list[int]]:
    return [hand["score"]["sides"] for record in records(path) for hand in record["hands"]]  # type: ignore[index]


def tricks_by_side(path: Path) -> list[list[int]]:
    out = []
    for record in records(path):
        for hand in record["hands"]:  # type: ignore[union-attr]
            tricks = hand["tricks_won"]  # type: ignore[index]
            out.append([tricks[0] + tricks[2], tricks[1] + tricks[3]])
    return out


# 1. Scoring rules run in written order on every path, not in alphabetical order of their names.


def test_check_holds_the_written_order(tmp_path: Path) -> None:
    file = write(tmp_path, "order.yaml", ORDERED_SCORING)
    assert [r.passed for r in check_examples(open_ruleset(file))] == [True]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_simulate_scores_in_written_order(tmp_path: Path, jobs: str) -> None:
    file = write(tmp_path, "order.yaml", ORDERED_SCORING)
    out = tmp_path / "m.jsonl"
    args = ["simulate", str(file), "--rules-version", "1", "--matches", "2", "--hand-cap", "2", "--players", "random"]
    args += ["--jobs", jobs]
    assert main([*args, "--out", str(out)]) == 0
    # b_base gives each side its tricks; a_double gives the same again: twice the tricks, never the tricks alone.
    assert hand_scores(out) == [[2 * t for t in pair] for pair in tricks_by_side(out)]


def test_the_api_scores_in_written_order(tmp_path: Path) -> None:
    rules = load_ruleset(write(tmp_path, "order.yaml", ORDERED_SCORING), version=1)
    assert [rule.name for rule in rules.scoring.rules] == ["b_base", "a_double"]
    game = Game(rules, seed=3, hand_cap=1)
    play_on(game, [make_player(spec, 3, seat) for seat, spec in enumerate(parse_player_specs("random", 4))])
    hand = game.history[0]
    sides = [hand.tricks_won[0] + hand.tricks_won[2], hand.tricks_won[1] + hand.tricks_won[3]]
    assert list(hand.score) == [2 * t for t in sides]


# 2. simulate plays the file as written: its records replay and trace under the same file, and the digest covers order.


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_records_of_a_file_replay_under_that_file(
    tmp_path: Path, jobs: str, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(tmp_path, "order.yaml", ORDERED_SCORING)
    out = tmp_path / "m.jsonl"
    args = ["simulate", str(file), "--matches", "3", "--hand-cap", "2", "--players", "random", "--jobs", jobs]
    assert main([*args, "--out", str(out)]) == 0
    carried = records(out)[0]["ruleset"]["document"]  # type: ignore[index]
    assert list(carried["scoring"]["rules"]) == ["b_base", "a_double"]
    assert main(["replay", str(out), "--ruleset", str(file)]) == 0
    assert main(["replay", str(out)]) == 0
    assert main(["trace", str(out), "--ruleset", str(file)]) == 0
    told = capsys.readouterr().out
    assert told.index("b base for North-South") < told.index("a double for North-South")  # rule names read as words


def test_the_digest_covers_the_order_of_scoring_rules(tmp_path: Path) -> None:
    swapped = ORDERED_SCORING.replace(
        "    b_base:\n      description: One point a trick.\n      for: side\n      points: tricks(side)\n", ""
    ).replace(
        "      points: hand_score(side)\n",
        "      points: hand_score(side)\n    b_base:\n      description: One point a trick.\n"
        "      for: side\n      points: tricks(side)\n",
    )
    first = load_ruleset(write(tmp_path, "a.yaml", ORDERED_SCORING), version=1)
    second = load_ruleset(write(tmp_path, "b.yaml", swapped), version=1)
    assert [r.name for r in second.scoring.rules] == ["a_double", "b_base"]
    assert first.digest != second.digest
    # The digest of earlier releases sorted every key, so it could not tell the two apart; old records carry it.
    assert first.earlier_digest == second.earlier_digest


def test_the_digest_ignores_the_order_of_keys_that_mean_the_same_in_any_order(tmp_path: Path) -> None:
    moved = ORDERED_SCORING.replace("extends: tarneeb-41\n", "extends: tarneeb-41\ndefinitions: {a: 1, b: 2}\n")
    reordered = ORDERED_SCORING.replace("extends: tarneeb-41\n", "extends: tarneeb-41\ndefinitions: {b: 2, a: 1}\n")
    first, second = write(tmp_path, "a.yaml", moved), write(tmp_path, "b.yaml", reordered)
    assert load_ruleset(first).digest == load_ruleset(second).digest


def test_a_ruleset_in_sorted_order_keeps_the_digest_of_earlier_releases() -> None:
    rules = load_ruleset("tarneeb-41")
    assert [r.name for r in rules.scoring.rules] == sorted(r.name for r in rules.scoring.rules)
    assert rules.digest == rules.earlier_digest


def test_a_runtime_error_in_simulate_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ORDERED_SCORING.replace("points: tricks(side)", "points: tricks(side) * 1000000000000 + 1")
    file = write(tmp_path, "grows.yaml", text.split("examples:")[0])
    assert main(["simulate", str(file), "--matches", "1", "--players", "random", "--hand-cap", "20"]) == 1
    assert str(file) in capsys.readouterr().err


# 3. Inside one rule, hand_score reads only the rules before it, never what the same rule gave another seat.

SEAT_ORDER = """\
format: trickbook-ruleset/1
id: seat-order
title: Seat order
description: Each seat scores 10, then 1 more, or 100 when the seat to its right already had more than 10.
deck: standard-52
seats: 4
direction: clockwise
play: {first_lead: after-dealer}
dealer: {first: 0, after_hand: next}
trump: {mode: none}
scoring:
  by: seat
  rules:
    base:
      description: Ten each.
      for: seat
      points: 10
    bonus:
      description: One more, or a hundred when the seat to the right already had more than ten.
      for: seat
      points: if hand_score(right(seat)) > 10 then 100 else 1
match:
  ends: hand_number >= 1
  when_both: higher-total
  tie: share
examples:
  - name: each seat sees only the rules before this one
    tricks: [4, 3, 3, 3]
    expect: {seat_score: [11, 11, 11, 11]}
"""


def test_a_rule_reads_only_the_rules_listed_before_it(tmp_path: Path) -> None:
    """Reference, `hand_score`: "Points the seat has from the scoring rules listed before this one"."""
    file = write(tmp_path, "seat.yaml", SEAT_ORDER)
    assert [r.passed for r in check_examples(open_ruleset(file))] == [True]
    out = tmp_path / "m.jsonl"
    assert main(["simulate", str(file), "--matches", "2", "--players", "random", "--out", str(out)]) == 0
    assert [hand["score"]["seats"] for r in records(out) for hand in r["hands"]] == [[11] * 4] * 2  # type: ignore[index]


# 4. play.stop_when reads the cards taken and their points as they are after each trick.

STOP_AT_FIRST_DIAMOND = """\
format: trickbook-ruleset/1
id: first-diamond
title: First diamond
description: Whist's play, stopped when a diamond is first taken; each seat scores its tricks.
deck: standard-52
seats: 4
direction: clockwise
dealer: {first: 0, after_hand: next}
trump: {mode: none}
play:
  first_lead: after-dealer
  stop_when: any(took(s, D) > 0 for s in seats)
scoring:
  by: seat
  rules:
    tricks:
      description: One a trick.
      for: seat
      points: tricks(seat)
match:
  ends: hand_number >= 1
  when_both: higher-total
  tie: share
"""


@pytest.mark.parametrize("stop", ["any(took(s, D) > 0 for s in seats)", "any(points(s) > 0 for s in seats)"])
def test_stop_when_sees_the_cards_taken_so_far(tmp_path: Path, stop: str) -> None:
    text = STOP_AT_FIRST_DIAMOND.replace("any(took(s, D) > 0 for s in seats)", stop)
    if "points" in stop:
        text = text.replace("scoring:\n", "scoring:\n  card_points: {suits: {D: 1}}\n")
    rules = load_ruleset(write(tmp_path, "stop.yaml", text))
    for seed in range(5):
        game = Game(rules, seed=seed, hand_cap=1)
        play_on(game, [make_player(spec, seed, seat) for seat, spec in enumerate(parse_player_specs("random", 4))])
        moves = [m for m in game.history[0].moves if m.action < rules.deck.size]
        diamonds = [i for i, m in enumerate(moves) if rules.deck.suits[rules.deck.suit_of[m.action]].code == "D"]
        # The hand stops after the trick holding the first diamond played.
        assert len(moves) == (diamonds[0] // 4 + 1) * 4
        assert sum(game.history[0].tricks_won) == diamonds[0] // 4 + 1


def test_stop_when_may_not_read_the_scoring_rules_points(tmp_path: Path) -> None:
    text = STOP_AT_FIRST_DIAMOND.replace("any(took(s, D) > 0 for s in seats)", "hand_score(left(dealer)) > 0")
    with pytest.raises(ExpressionError) as caught:
        load_ruleset(write(tmp_path, "stop.yaml", text))
    assert "stop.yaml:12:" in str(caught.value) and "play.stop_when" in str(caught.value)


# 5. A worked example's legal bids are those of the cards it says were dealt.

DEALT_BAN = """\
format: trickbook-ruleset/1
id: forbid-test
title: Forbid test
description: Oh Hell where a player dealt the ace or the king of spades may not bid 0.
extends: oh-hell
bidding:
  forbid:
    strong_zero:
      description: Holding the ace or the king of spades, a player may not bid 0.
      when: this_bid == 0 and dealt(seat, card(A, S)) + dealt(seat, card(K, S)) >= 1
"""


@pytest.mark.parametrize(
    ("dealt", "wanted"),
    [
        ("[[AS], [], [], []]", "[1, 2, 3]"),
        ("[[], [AS, KS], [], []]", "[0, 1, 2, 3]"),
        ("[[2C], [], [], []]", "[0, 1, 2, 3]"),
    ],
)
def test_legal_bids_of_an_example_read_its_dealt_cards(tmp_path: Path, dealt: str, wanted: str) -> None:
    example = (
        "examples:\n  - name: seat 0 asked\n    hand_number: 3\n    dealer: 3\n    bids: [null, null, null, null]\n"
        f"    dealt: {dealt}\n    expect: {{legal_bids: {wanted}}}\n"
    )
    file = write(tmp_path, "ban.yaml", DEALT_BAN + example)
    results = check_examples(open_ruleset(file))
    assert [r.mismatches for r in results] == [()]


# 6. Players choose only among the engine's legal actions; a player that fails stops the run with where it failed.


def test_the_heuristic_bids_within_a_ban_on_dealt_cards(tmp_path: Path) -> None:
    file = write(tmp_path, "ban.yaml", DEALT_BAN)
    out = tmp_path / "m.jsonl"
    assert main(["simulate", str(file), "--matches", "2", "--hand-cap", "4", "--seed", "1", "--out", str(out)]) == 0
    assert main(["replay", str(out)]) == 0


def test_a_failing_player_stops_the_run_naming_match_seed_hand_and_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from trickbook.players import random_player

    def refuse_in_match_three(self: random_player.RandomPlayer, legal: tuple[int, ...]) -> int:
        raise PlayerError("no move")

    out = tmp_path / "m.jsonl"
    args = ["simulate", "whist", "--matches", "3", "--seed", "5", "--hand-cap", "1", "--out", str(out)]
    assert main([*args, "--players", "random"]) == 0
    kept = out.read_text(encoding="utf-8")
    calls = {"n": 0}
    original = random_player.RandomPlayer.choose_among

    def fails_later(self: random_player.RandomPlayer, legal: tuple[int, ...]) -> int:
        calls["n"] += 1
        if calls["n"] > 2 * 13 * 4 + 5:  # two whole matches of one hand, then five moves into the third
            return refuse_in_match_three(self, legal)
        return original(self, legal)

    monkeypatch.setattr(random_player.RandomPlayer, "choose_among", fails_later)
    assert main([*args, "--players", "random", "--jobs", "1"]) == 1
    error = capsys.readouterr().err
    assert "match 3 (seed 7), hand 1, seat" in error and "(random)" in error and "no move" in error
    assert "the 2 record(s) before it are in" in error
    assert out.read_text(encoding="utf-8") == "\n".join(kept.split("\n")[:2]) + "\n"


def test_a_player_may_not_pass_an_illegal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_ruleset("whist")
    game = Game(rules, seed=1, hand_cap=1)
    players = [make_player(spec, 1, seat) for seat, spec in enumerate(parse_player_specs("random", 4))]
    monkeypatch.setattr(type(players[0]), "choose_among", lambda self, legal: rules.deck.size + 999)
    with pytest.raises(PlayerError) as caught:
        play_on(game, players)
    assert caught.value.hand == 1 and caught.value.seat is not None


def test_a_worked_example_of_a_hand_stopped_early_scores_as_play_does(tmp_path: Path) -> None:
    """skat-simple's null stops at the declarer's first trick: an example may say so, with the tricks played."""
    file = write(
        tmp_path,
        "null.yaml",
        "format: trickbook-ruleset/2\nid: null-stop\ntitle: Null stopped\nextends: skat-simple\nexamples:\n"
        "  - name: lost at the first trick\n    declarer: 1\n    game: 'null'\n    tricks: [0, 1, 0]\n"
        "    expect: {seat_score: [30, -60, 30]}\n"
        "  - name: more tricks than the hand has\n    declarer: 1\n    game: 'null'\n    tricks: [5, 1, 5]\n"
        "    expect: {seat_score: [30, -60, 30]}\n",
    )
    held, refused = check_examples(open_ruleset(file))
    assert held.mismatches == ()
    assert refused.mismatches == (
        "cannot be evaluated: tricks must give three seats' tricks adding up to at most 10, not [5, 1, 5]",
    )

"""Bad input is refused with a located, one-paragraph message and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import simulated
from trickbook import Game, load_ruleset
from trickbook.cli import main
from trickbook.errors import IllegalAction, InvalidAction, Location, OptionError, RecordError, RulesetError
from trickbook.record.writer import match_record
from trickbook.resources import bundled_only
from trickbook.ruleset.deck import load_deck

HEADER = "format: trickbook-ruleset/1\nid: house\ntitle: House rules\nextends: tarneeb-41\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return status, captured.err


def write(tmp_path: Path, text: str, name: str = "house.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_malformed_yaml_names_file_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, HEADER + "match:\n  wins: [total(side)\n")
    status, err = run(capsys, "validate", path)
    assert status == 1
    assert f"{path}:7:1: this is not valid YAML" in err or f"{path}:6:" in err


def test_unknown_key_is_refused_with_a_suggestion(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, HEADER + "scorng:\n  by: side\n")
    status, err = run(capsys, "validate", path)
    assert status == 1
    assert f"{path}:5:" in err and "unknown key 'scorng'" in err and "did you mean 'scoring'?" in err


def test_wrong_type_names_the_key_expected_and_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, HEADER + "bidding:\n  bids: {min: seven, max: 13}\n")
    status, err = run(capsys, "validate", path)
    assert status == 1
    assert f"{path}:6:" in err and "bidding.bids.min" in err
    assert "expected a whole number" in err and "found 'seven'" in err


def test_undefined_name_in_an_expression_shows_a_caret(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, HEADER + "match:\n  wins: totl(side) >= 61\n")
    status, err = run(capsys, "validate", path)
    assert status == 1
    assert f"{path}:6:9: match.wins: unknown name 'totl'" in err
    assert "    totl(side) >= 61\n    ^^^^" in err
    assert "did you mean 'total'?" in err


def test_wrong_type_in_an_expression(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, HEADER + "match:\n  wins: total(side) + 61\n")
    status, err = run(capsys, "validate", path)
    assert status == 1
    assert "match.wins: this expression gives a number" in err and "expected true or false" in err


def test_unknown_option_value_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = run(capsys, "simulate", "tarneeb-41", "--option", "trump=clubs", "--matches", "1")
    assert status == 1
    assert "'clubs' is not a value of the option 'trump' of 'tarneeb-41'" in err
    assert "'kouz-moving', 'kubba'" in err


def test_unknown_rules_version_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = run(capsys, "simulate", "tarneeb-41", "--rules-version", "7", "--matches", "1")
    assert status == 1 and "no rules version 7" in err


def _record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    out = simulated(tmp_path, "cardems-spades", "--hand-cap", "2", "--seed", "9")
    capsys.readouterr()
    return json.loads(out.read_text().splitlines()[0])


def test_a_record_with_an_illegal_move_names_record_hand_action_and_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record(tmp_path, capsys)
    actions = record["hands"][0]["actions"]
    first_play = next(i for i, a in enumerate(actions) if a["action"] == "play")
    for index in range(first_play + 1, len(actions)):
        if (index - first_play) % 4 != 1:
            continue  # only the second card of a trick, so that the card before it is the one led
        seat = actions[index]["seat"]
        hand = record["hands"][0]["deal"][seat]
        led = actions[index - 1]["card"][1]
        played = {a.get("card") for a in actions[:index]}
        off_suit = [c for c in hand if c[1] != led and c not in played]
        if any(c[1] == led and c not in played for c in hand) and off_suit:
            break  # this seat could follow the suit led, and holds another suit to break the rule with
    else:
        raise AssertionError("no play in this hand could break follow-suit")
    actions[index]["card"] = off_suit[0]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    status, err = run(capsys, "replay", str(path))
    assert status == 1
    assert f"{path}:1:1: hands[0].actions[{index}]: illegal action: you must follow" in err
    assert "(rule: follow suit)" in err


def test_a_record_with_a_wrong_score_names_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(tmp_path, capsys)
    record["hands"][1]["score"]["sides"][0] += 10
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record) + "\n")
    status, err = run(capsys, "replay", str(path))
    assert status == 1
    assert f"{path}:1:1: hands[1].score: the record says" in err and "but the rules give" in err


def test_bad_command_line_arguments_exit_2_with_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["simulate", "tarneeb-41", "--matches", "many"])
    assert exited.value.code == 2
    assert "expected a whole number, found 'many'" in capsys.readouterr().err


def test_the_installed_command_prints_no_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER + "play:\n  first_lead: nobody\n")
    done = subprocess.run([sys.executable, "-m", "trickbook.cli", "validate", path], capture_output=True, text=True)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"{path}:6:" in done.stderr and "play.first_lead" in done.stderr and "'after-dealer'" in done.stderr


@pytest.mark.parametrize("style", ["|", ">", "|-", ">+"])
def test_an_error_in_a_multi_line_expression_points_at_its_own_line(
    style: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = (
        f"scoring:\n  rules:\n    declarers:\n      points: {style}\n"
        "        if made\n\n        then taken + bogus\n        else 0\n"
    )
    path = write(tmp_path, HEADER + body)
    status, err = run(capsys, "validate", path)
    assert status == 1
    assert f"{path}:11:22: scoring.rules.declarers.points: unknown name 'bogus'" in err
    assert "taken + bogus" in err and "^^^^^" in err


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("0x10", "write integers in plain decimal"),
        ("1:30", "write integers in plain decimal"),
        ("1.0e+999", "infinite numbers are not allowed"),
        ("-.inf", "infinite numbers are not allowed"),
        (".nan", "not-a-number (.nan) is not allowed"),
        ("1234567890123456789", "this integer is too large"),
    ],
)
def test_a_number_yaml_reads_but_a_ruleset_refuses_names_its_key(
    value: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, HEADER + f"bidding:\n  bids: {{min: {value}, max: 13}}\n")
    status, err = run(capsys, "validate", path)
    assert status == 1
    assert f"{path}:6:15: bidding.bids.min: {says}" in err, err


def test_a_cancelled_hand_may_record_its_score_and_tricks_as_null(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game(load_ruleset("tarneeb-41"), 3, hand_cap=2)
    for _ in range(4):
        game.apply_text("pass")
    while not game.is_over():
        game.apply(game.default_action())
    record = match_record(game)
    hand = record["hands"][0]
    assert hand["cancelled"] and hand["score"] == {"sides": [0, 0], "seats": None} and hand["tricks_won"] is None
    out = tmp_path / "t.json"
    hand["score"] = None
    out.write_text(json.dumps(record))
    assert main(["replay", str(out)]) == 0
    hand["score"] = {"sides": [0, 1], "seats": None}
    out.write_text(json.dumps(record))
    status, err = run(capsys, "replay", str(out))
    assert status == 1 and "hands[0].score: the record says" in err


def test_an_error_at_an_inherited_key_says_how_to_change_it_in_the_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, HEADER.replace("tarneeb-41", "cardems-spades") + "trump:\n  mode: none\n")
    status, err = run(capsys, "validate", path)
    assert status == 1
    assert (
        "rulesets/cardems-spades.yaml:" in err and "trump.suit: `suit` has no meaning when trump mode is 'none'" in err
    )
    assert f"hint: `trump.suit` comes from rulesets/cardems-spades.yaml, which {path} extends" in err
    assert "(`null` removes it)" in err


def test_ten_written_as_10_is_a_card_in_events_and_expressions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = HEADER + (
        "events:\n  ten_captured:\n    first: 10H\n    then: {rank: A, suit: trump}\n    by: opponent\n"
        "scoring:\n  rules:\n    ten:\n      for: side\n"
        "      points: ten_captured(side) + (if taker(10H) == taker(TH) then 1 else 0)\n"
    )
    status, err = run(capsys, "validate", write(tmp_path, text))
    assert status == 0, err
    bad = text.replace("first: 10H", "first: 1H0")
    status, err = run(capsys, "validate", write(tmp_path, bad))
    assert status == 1
    assert "events.ten_captured.first: this" in err and "a card code: a rank then a suit, such as 'KH' or '10H'" in err
    assert "^" not in err.split("found")[0], "no regular expression in the message"


@pytest.mark.parametrize(
    "error",
    [
        IllegalAction("you must follow ♠: you hold 3♠", rule="follow suit"),
        InvalidAction("99 is not an action of this ruleset"),
        RulesetError(
            "unknown key", where=Location("r.yaml", 3, 5), path="play.x", expected="a key", found="x", hint="drop it"
        ),
        RecordError("the score disagrees", path="hands[2].score", expected="[1, 2]", found="[2, 1]"),
        OptionError("no option 'x'"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_errors_cross_process_boundaries_whole(error: Exception) -> None:
    """Workers of `simulate --jobs` and `compare` send errors back pickled: they must arrive with every detail."""
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error) and str(copy) == str(error)
    assert vars(copy) == vars(error)


def test_a_single_equals_sign_suggests_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, err = run(capsys, "validate", write(tmp_path, HEADER + "match:\n  wins: total(side) = 51\n"))
    assert status == 1 and "the character '=' cannot be used here" in err and "did you mean `==`?" in err


def test_a_tab_used_to_indent_is_named_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, err = run(capsys, "validate", write(tmp_path, HEADER + "match:\n\twins: total(side) >= 51\n"))
    assert status == 1 and "a tab is not allowed for indentation in YAML" in err and "indent with spaces" in err


def test_an_error_under_one_version_only_says_which(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """tarneeb-41's king_captured event exists from rules version 2 on; version 1 does not know the name."""
    variant = "format: trickbook-ruleset/1\nid: v\ntitle: V\nextends: tarneeb-41\n"
    variant += "scoring:\n  rules:\n    extra: {for: side, points: king_captured(side)}\n"
    status, err = run(capsys, "validate", write(tmp_path, variant))
    assert status == 1 and "unknown name 'king_captured' (under rules version 1)" in err


def test_points_that_grow_without_bound_stop_the_match_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A score that squares a total would reach numbers of millions of digits within forty hands."""
    square = HEADER + "scoring:\n  rules:\n    sq: {for: side, points: total(side) * total(side) + 2}\n"
    square += "match:\n  wins: hand_number > 100\n"
    status = main(["simulate", write(tmp_path, square), "--matches", "1", "--hand-cap", "40", "--out", "-"])
    assert status == 1
    assert "scoring.rules.sq reached a number of" in capsys.readouterr().err


def test_replaying_an_empty_file_says_it_holds_no_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    assert main(["replay", str(empty)]) == 1
    err = capsys.readouterr().err
    assert "the file holds no record" in err and "1 file(s) could not be read" in err and "0 record" not in err


def test_an_app_can_allow_only_bundled_rulesets_and_decks(tmp_path: Path) -> None:
    """Inside `bundled_only()` no path a stranger's ruleset names reaches the file system."""
    variant = write(tmp_path, HEADER + "match:\n  wins: total(side) >= 61\n")
    with bundled_only():
        assert load_ruleset("tarneeb-41").id == "tarneeb-41"
        with pytest.raises(RulesetError, match=r"a file is named .*, but only bundled rulesets and decks may be used"):
            load_ruleset(variant)
        with pytest.raises(RulesetError, match="expected a bundled deck such as 'standard-52'"):
            load_deck("./decks/five-suits.yaml", tmp_path)
    assert load_ruleset(variant).id == "house", "outside the block files load as usual"


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "whist", "--matches", "1", "--hand-cap", "1", "--out", "{folder}/r.jsonl"],
        ["simulate", "whist", "--matches", "1", "--hand-cap", "1", "--out", "{folder}/r.jsonl.gz"],
        ["explain", "whist", "--out", "{folder}/whist.md"],
        ["compare", "whist", "--matches", "1", "--hand-cap", "1", "--jobs", "1", "--csv", "{folder}/c.csv"],
        ["compare", "whist", "--matches", "1", "--hand-cap", "1", "--jobs", "1", "--plot", "{folder}/c.png"],
    ],
)
def test_an_output_file_that_cannot_be_written_is_named_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    folder = tmp_path / "no-such-folder"
    status, err = run(capsys, *(a.format(folder=folder) for a in argv))
    assert status == 2 and f"trickbook: cannot write {folder}/" in err and "No such file or directory" in err

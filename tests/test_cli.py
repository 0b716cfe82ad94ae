"""The trickbook command: simulate, replay, validate and rulesets, as a user runs them."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from helpers import simulated
from trickbook import load_ruleset, open_ruleset, resources
from trickbook.cli import COMMANDS, build_parser, main
from trickbook.tools.parallel import parse_ruleset_spec
from trickbook.tools.simulate import MatchSummary, Tally


def simulate(tmp_path: Path, name: str, *args: str) -> Path:
    out = tmp_path / name
    assert main(["simulate", *args, "--out", str(out)]) == 0
    return out


def test_simulate_writes_one_record_per_line_and_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = simulate(tmp_path, "a.jsonl", "tarneeb-41", "--matches", "3", "--seed", "4", "--hand-cap", "20")
    lines = out.read_text().splitlines()
    assert len(lines) == 3
    assert [json.loads(line)["seed"] for line in lines] == [4, 5, 6]
    report = capsys.readouterr().out
    assert "tarneeb-41 (rules version 2, trump=kouz-moving): 3 matches, seeds 4..6" in report
    assert "hands/s" in report


def test_the_summary_counts_a_side_once_however_many_of_its_seats_win() -> None:
    """Won by sides, a match counts once for the winning side; won by seats, once for each winning seat; a match
    stopped at the cap counts as unfinished."""
    by_side = Tally(load_ruleset("tarneeb-41"))
    by_side.add(MatchSummary(1, (0, 2), 9, 1, (41, 20)))
    by_side.add(MatchSummary(2, None, 1000, 0, (3, 5)))
    assert by_side.lines(1, "heuristic", 1000) == [
        "tarneeb-41 (rules version 2, trump=kouz-moving): 2 matches, seeds 1..2, players heuristic",
        "  North-South won 1 (50.0%)",
        "  East-West won 0 (0.0%)",
        "  unfinished at the hand cap of 1000: 1 (50.0%)",
        "  hands: 1,009 (504.5 per match), cancelled 1",
    ]
    by_seat = Tally(load_ruleset("hearts"))
    by_seat.add(MatchSummary(1, (1, 3), 12, 0, (90, 40, 102, 40)))
    assert by_seat.wins == [0, 1, 0, 1] and by_seat.unfinished == 0


def test_the_same_seed_gives_byte_identical_output(tmp_path: Path) -> None:
    first = simulate(tmp_path, "a.jsonl", "syrian-tarneeb-41", "--matches", "4", "--seed", "11", "--hand-cap", "15")
    second = simulate(tmp_path, "b.jsonl", "syrian-tarneeb-41", "--matches", "4", "--seed", "11", "--hand-cap", "15")
    assert first.read_bytes() == second.read_bytes()
    third = simulate(tmp_path, "c.jsonl", "syrian-tarneeb-41", "--matches", "4", "--seed", "12", "--hand-cap", "15")
    assert first.read_bytes() != third.read_bytes()


def test_the_hand_cap_ends_a_match_with_winner_null(tmp_path: Path) -> None:
    out = simulate(tmp_path, "cap.jsonl", "cardems-spades", "--matches", "1", "--hand-cap", "3")
    record = json.loads(out.read_text())
    assert len(record["hands"]) == 3 and record["winner"] is None and record["status"] == "capped"


def test_options_and_rules_version_are_recorded(tmp_path: Path) -> None:
    out = simulate(
        tmp_path,
        "k.jsonl",
        "tarneeb-41",
        "--option",
        "trump=kubba",
        "--rules-version",
        "1",
        "--matches",
        "1",
        "--hand-cap",
        "2",
    )
    record = json.loads(out.read_text())
    digest = load_ruleset("tarneeb-41", options={"trump": "kubba"}, version=1).digest
    assert record["ruleset"] == {
        "id": "tarneeb-41",
        "version": 1,
        "options": {"trump": "kubba"},
        "digest": digest,
        "format": "trickbook-ruleset/2",
    }
    assert digest.startswith("sha256:") and "document" not in record["ruleset"], "a bundled ruleset is named"


def test_records_to_standard_output_with_the_summary_on_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "cardems-tarneeb", "--matches", "2", "--hand-cap", "2", "--out", "-"]) == 0
    captured = capsys.readouterr()
    assert [json.loads(line)["format"] for line in captured.out.splitlines()] == ["trickbook-record/2"] * 2
    assert "2 matches" in captured.err


@pytest.mark.parametrize("ruleset", resources.bundled_ruleset_ids())
def test_replay_accepts_simulated_records(tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str) -> None:
    """Random players reach many positions fast; the default (heuristic) players' own choices, one short match."""
    played = simulate(tmp_path, "r.jsonl", ruleset, "--matches", "5", "--hand-cap", "25", "--players", "random")
    searched = simulate(tmp_path, "h.jsonl", ruleset, "--matches", "1", "--hand-cap", "2")
    capsys.readouterr()
    assert main(["replay", str(played), str(searched)]) == 0
    assert "replayed 6 record(s)" in capsys.readouterr().out


def test_replay_of_a_house_variant_finds_its_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    variant = tmp_path / "to61.yaml"
    variant.write_text(
        "format: trickbook-ruleset/1\nid: to-61\ntitle: To 61\nextends: tarneeb-41\nmatch:\n  wins: total(side) >= 61\n"
    )
    out = simulate(tmp_path, "v.jsonl", str(variant), "--matches", "2", "--hand-cap", "30")
    capsys.readouterr()
    assert main(["replay", str(out)]) == 0
    assert main(["replay", str(out), "--ruleset", str(variant)]) == 0


def test_validate_takes_several_files_and_says_ok_for_each(capsys: pytest.CaptureFixture[str]) -> None:
    """Every bundled ruleset passes the same checks in tests/test_lint.py, one by one; here the command line."""
    paths = [str(resources.rulesets_dir() / f"{name}.yaml") for name in ("tarneeb-41", "whist", "pinochle")]
    assert main(["validate", *paths]) == 0
    out = capsys.readouterr().out
    assert out.count(": ok (") == len(paths)
    assert "tarneeb-41: 2 version(s), 4 combination(s)" in out


def test_rulesets_lists_bundled_ids_with_versions_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    for ruleset in resources.bundled_ruleset_ids():
        assert ruleset in out
    assert "options trump: kouz-moving, kubba (default kouz-moving)" in out


def exit_code(argv: list[str]) -> int:
    """What the command exits with, whether argparse stops it or `main` returns."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["simulate", "tarneeb-41", "--matches", "0"], "argument --matches: expected a number of at least 1, found 0"),
        (["simulate", "tarneeb-41", "--option", "trump"], "--option takes NAME=VALUE, as in --option trump=fixed"),
        (["play", "tarneeb-41", "--opponents", "random,random"], "--opponents takes one player for all three bots"),
        (["trace", "tarneeb-41", "--hand", "x"], "argument --hand"),
    ],
)
def test_command_line_mistakes_exit_2_saying_what_is_wanted(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert exit_code(argv) == 2
    err = capsys.readouterr().err
    assert says in err, err
    assert "Traceback" not in err


def test_trace_of_a_match_the_file_lacks_says_how_many_it_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = simulate(tmp_path, "one.jsonl", "cardems-tarneeb", "--matches", "1", "--hand-cap", "2")
    assert exit_code(["trace", str(out), "--match", "3"]) == 2
    assert f"{out} holds fewer than 3 record(s)" in capsys.readouterr().err


def test_check_of_a_ruleset_without_worked_examples_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bare.yaml"
    path.write_text("format: trickbook-ruleset/1\nid: bare\ntitle: Bare\nextends: tarneeb-41\nexamples: []\n")
    assert exit_code(["check", str(path)]) == 0
    assert f"{path}: no worked examples" in capsys.readouterr().out


def test_explain_writes_to_a_file_when_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rules.html"
    assert exit_code(["explain", "cardems-spades", "--format", "html", "--out", str(out)]) == 0
    assert capsys.readouterr().out == ""
    assert "<h1>" in out.read_text(encoding="utf-8") and "bags" in out.read_text(encoding="utf-8")


def test_a_record_of_a_house_variant_replays_and_traces_wherever_it_is_moved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    made = tmp_path / "made"
    made.mkdir()
    (made / "decks").mkdir()
    (made / "decks" / "small.yaml").write_text(
        (resources.decks_dir() / "standard-52.yaml").read_text(encoding="utf-8").replace("standard-52", "small")
    )
    (made / "to61.yaml").write_text(
        "format: trickbook-ruleset/1\nid: to-61\ntitle: To 61\nextends: tarneeb-41\ndeck: decks/small.yaml\n"
        "match:\n  wins: total(side) >= 61\n"
    )
    monkeypatch.chdir(made)
    assert main(["simulate", "to61.yaml", "--matches", "1", "--hand-cap", "2", "--out", "v.jsonl"]) == 0
    record = json.loads((made / "v.jsonl").read_text())
    assert record["ruleset"]["document"]["deck"]["id"] == "small", "the record carries the variant and its deck"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (made / "v.jsonl").rename(elsewhere / "v.jsonl")
    (made / "to61.yaml").unlink()
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["replay", "elsewhere/v.jsonl"]) == 0
    assert main(["trace", "elsewhere/v.jsonl"]) == 0
    assert "To 61: rules version 2" in capsys.readouterr().out


def test_a_record_whose_rules_were_changed_is_refused_by_its_digest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = simulate(tmp_path, "r.jsonl", "tarneeb-41", "--matches", "1", "--hand-cap", "1")
    record = json.loads(out.read_text())
    changed = {**open_ruleset("tarneeb-41").document.data, "match": {"wins": "total(side) >= 31"}}
    record["ruleset"]["document"] = changed
    out.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["replay", str(out)]) == 1
    assert "ruleset.digest: the record was played under other rules" in capsys.readouterr().err


def test_output_cut_short_by_a_closed_pipe_ends_quietly() -> None:
    command = f"{sys.executable} -m trickbook.cli simulate tarneeb-41 --matches 30 --hand-cap 3 --out - | head -1"
    done = subprocess.run(command, shell=True, capture_output=True, text=True, check=False)
    assert done.stdout.count("\n") == 1 and json.loads(done.stdout)["format"] == "trickbook-record/2"
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_the_readme_lists_every_command_and_every_option_each_takes() -> None:
    """The README's command table and the argument parser say the same: a test keeps them in step."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    rows = [line for line in readme.splitlines() if line.startswith("| `trickbook ")]
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in commands.choices.items():
        row = " ".join(r for r in rows if r.startswith(f"| `trickbook {name}"))
        assert row, f"the README's command table has no row for `trickbook {name}`"
        for action in command._actions:
            longest = max(action.option_strings, key=len, default="")
            if longest and longest != "--help":
                assert longest in row, f"the README does not list `trickbook {name} {longest}`"
    assert any("`trickbook --version`" in r for r in rows)


def test_every_command_is_one_module_with_one_entry_in_the_registry() -> None:
    """`trickbook COMMAND` is the module `trickbook.cli.COMMAND`, registered once, in the order help lists them."""
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert list(commands) == list(COMMANDS)
    assert all(sys.modules[f"trickbook.cli.{name}"] is module for name, module in COMMANDS.items())


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and re.fullmatch(r"trickbook \d+\.\d+\.\d+\n", capsys.readouterr().out)


def test_new_writes_a_variant_that_validates_changes_nothing_and_quotes_its_parent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "whist-7.yaml"
    assert main(["new", "whist-7", "--extends", "whist", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=") and "ruleset.schema.json" in text.splitlines()[0]
    assert main(["validate", str(out)]) == 0
    assert main(["diff", "whist", str(out)]) == 0, "a new variant changes nothing until it is edited"
    quoted = [line[2:] for line in text.split("uncomment what you change")[1].splitlines()[1:] if line.startswith("#")]
    parent = open_ruleset("whist").document.data
    naming = {"format", "id", "title", "description", "source", "translations", "extends", "examples"}
    naming |= {"versions", "options"}
    rules_only = {key: value for key, value in parent.items() if key not in naming}
    assert yaml.safe_load("\n".join(quoted)) == rules_only, "the comments, uncommented, are the parent's rules"
    capsys.readouterr()
    assert main(["new", "whist-7", "--extends", "whist", "--out", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["new", "Whist 7", "--extends", "whist"]) == 2


def test_the_pre_commit_hooks_run_real_commands() -> None:
    hooks = yaml.safe_load((Path(__file__).resolve().parent.parent / ".pre-commit-hooks.yaml").read_text("utf-8"))
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert {hook["id"] for hook in hooks} == {"trickbook-validate", "trickbook-check", "trickbook-upgrade"}
    for hook in hooks:
        program, command, *flags = hook["entry"].split()
        assert program == "trickbook" and command in commands and hook["language"] == "python"
        assert all(flag in commands[command]._option_string_actions for flag in flags)


def test_a_hand_cap_beyond_what_a_record_may_hold_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["simulate", "tarneeb-41", "--hand-cap", "6000"])
    assert refused.value.code == 2 and "a match may have at most 5,000 hands, not 6,000" in capsys.readouterr().err


@pytest.mark.parametrize("spec", ["tarneeb-41@²", "tarneeb-41@" + "9" * 5000])
def test_a_rules_version_written_with_other_digits_or_too_long_is_refused(
    spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["diff", "tarneeb-41", spec]) == 2
    assert "the rules version after '@' is a number such as 2" in capsys.readouterr().err
    assert main(["compare", "tarneeb-41", spec, "--matches", "1"]) == 2
    assert "the rules version after '@' is a number such as 2" in capsys.readouterr().err


def test_replay_says_which_rules_it_used_and_where_they_came_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = simulated(tmp_path, "tarneeb-41", "--hand-cap", "2")
    capsys.readouterr()
    assert main(["replay", str(out)]) == 0
    assert "under tarneeb-41 version 2, trump=kouz-moving (bundled; digest checked)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("oh-hell@1:sequence=3,5,hook=off", ("oh-hell", 1, {"sequence": "3,5", "hook": "off"})),
        ("oh-hell:hook=off,sequence=7", ("oh-hell", None, {"hook": "off", "sequence": "7"})),
        ("tarneeb-41:trump=kubba", ("tarneeb-41", None, {"trump": "kubba"})),
        ("whist", ("whist", None, {})),
    ],
)
def test_a_ruleset_named_with_options_keeps_a_typed_list_whole(
    text: str, parsed: tuple[str, int | None, dict[str, str]]
) -> None:
    assert parse_ruleset_spec(text) == parsed


def test_validate_checks_every_combination_up_to_32_and_says_how_many_beyond(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """README: every combination of version and options when there are at most 32; beyond that a sample, and
    validate says how many it checked."""
    assert main(["validate", "tarneeb-41", "hearts"]) == 0
    out = capsys.readouterr().out
    assert "tarneeb-41: 2 version(s), 4 combination(s)" in out
    assert "hearts: 1 version(s), 32 of 3072 combinations of version and options checked" in out


def test_simulate_plays_heuristic_players_to_a_cap_of_1000_hands_unless_told_otherwise(tmp_path: Path) -> None:
    """README: `simulate` uses the heuristic player and stops a match after 1000 hands unless told otherwise."""
    record = json.loads(simulate(tmp_path, "w.jsonl", "whist", "--matches", "1").read_text(encoding="utf-8"))
    assert record["players"] == ["heuristic"] * 4 and record["hand_cap"] == 1000

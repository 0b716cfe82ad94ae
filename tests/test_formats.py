"""Ruleset formats: files of every released format load (or upgrade and then load) and play as they did.

`tests/data/formats/format-1/` holds the bundled rulesets and examples frozen at three points of format 1's
history (see its README): each must give the same rules (digest) and the same records for the same seeds as
today's file of the same name, read as it is and after `trickbook upgrade`.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from trickbook.cli import main
from trickbook.errors import RulesetError
from trickbook.players import parse_player_specs
from trickbook.record.writer import match_record
from trickbook.ruleset import formats
from trickbook.ruleset.loader import load_ruleset, open_ruleset
from trickbook.ruleset.rules import Rules
from trickbook.tools.simulate import play_match

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).parent / "data" / "formats"
FROZEN = sorted(path for path in (CORPUS / "format-1").glob("*/*/*.yaml"))
WRITTEN_IN_FORMAT_2 = {
    "auction-pitch",
    "baloot",
    "belote",
    "black-maria",
    "estimation",
    "five-hundred",
    "german-whist",
    "klaverjassen",
    "kout",
    "napoleon",
    "knaves",
    "pinochle",
    "polignac",
    "rubber-bridge",
    "sheepshead",
    "slobberhannes",
    "spades-bags-amnesty",
    "spot-hearts",
    "sueca",
    "suicide-spades",
    "tarneeb-41-house",
    "trex",
}
"""Bundled rulesets first written after format 2 came out (the library of issue 31): no format 1 file to freeze."""
REWRITTEN = {
    "any-table/rulesets/whist.yaml": "d8133e0 added the rubber option, the honours rewritten for it",
    "last/rulesets/skat.yaml": "cace9f8 named the places at the table (dealer.roles: Forehand, Middlehand, Rearhand)",
}
"""Frozen files whose rules today's file writes differently (the same play, another digest and more table
options), and why."""


def _name(path: Path) -> str:
    return path.relative_to(CORPUS / "format-1").as_posix()


def _records(rules: Rules, *, options: bool = True) -> list[dict[str, Any]]:
    """Two seeded matches of three hands between random players, without what names the file they came from
    (nor the table options in force, unless `options`)."""
    specs = parse_player_specs("random", rules.seats)
    out = []
    for seed in (3, 11):
        record = match_record(play_match(rules, seed, specs, hand_cap=3))
        for key in ("format", "document", "digest") if options else ("format", "document", "digest", "options"):
            record["ruleset"].pop(key, None)
        out.append(record)
    return out


@pytest.mark.parametrize("frozen", FROZEN, ids=_name)
def test_a_frozen_format_1_file_plays_as_todays_file_before_and_after_upgrade(frozen: Path, tmp_path: Path) -> None:
    """The frozen file loads as format 1 meant it, upgrades to the current format, and both readings give the
    rules and records of today's file of the same name."""
    today = load_ruleset(ROOT / frozen.parent.name / frozen.name)
    old = load_ruleset(frozen)
    assert old.written_in == formats.FIRST
    same = _name(frozen) not in REWRITTEN
    assert (old.digest == today.digest) is same
    expected = _records(today, options=same)
    assert _records(old, options=same) == expected
    copy = tmp_path / frozen.parent.name
    shutil.copytree(frozen.parent, copy)
    assert main(["upgrade", "--check", str(copy / frozen.name)]) == 1
    assert main(["upgrade", str(copy / frozen.name)]) == 0
    assert main(["upgrade", "--check", str(copy / frozen.name)]) == 0
    upgraded = load_ruleset(copy / frozen.name)
    assert upgraded.written_in == formats.CURRENT
    assert upgraded.digest == old.digest
    assert _records(upgraded, options=same) == expected


def test_the_corpus_holds_every_release_and_every_bundled_ruleset_of_the_last() -> None:
    """Three points of format 1's history are frozen, the last with every ruleset bundled before format 2."""
    releases = {path.relative_to(CORPUS / "format-1").parts[0] for path in FROZEN}
    assert releases == {"first-release", "any-table", "last"}
    last = {path.stem for path in FROZEN if _name(path).startswith("last/rulesets/")}
    assert last == {path.stem for path in (ROOT / "rulesets").glob("*.yaml")} - WRITTEN_IN_FORMAT_2


FIRST_RELEASE_SPADES = CORPUS / "format-1" / "first-release" / "rulesets" / "cardems-spades.yaml"


def test_upgrade_changes_only_the_format_line_and_writes_the_first_releases_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every other line (comments, blank lines, quoting) is kept; the diff is shown."""
    path = tmp_path / "spades.yaml"
    before = FIRST_RELEASE_SPADES.read_text(encoding="utf-8")
    path.write_text(before, encoding="utf-8")
    assert main(["upgrade", str(path)]) == 0
    after = path.read_text(encoding="utf-8").splitlines()
    added = [line for line in after if line not in before.splitlines()]
    assert added[0] == f"format: {formats.CURRENT}"
    assert added[1:] == [
        "# Format 1 seated a ruleset that said nothing of its table as four players, partners opposite.",
        "seats: 4",
        "sides: [[0, 2], [1, 3]]",
    ]
    assert [line for line in before.splitlines() if line not in after] == [f"format: {formats.FIRST}"]
    assert after.index("seats: 4") == after.index("deck: standard-52") + 2
    shown = capsys.readouterr().out
    assert "+sides: [[0, 2], [1, 3]]" in shown and f"-format: {formats.FIRST}" in shown
    assert "\n  - its table is written out: until 1 December 2026 format 1 seated" in shown


def test_a_format_1_file_without_a_table_that_loads_without_sides_keeps_none(tmp_path: Path) -> None:
    """A format 1 file written after 1 December that leaves `seats` out, everyone for themselves, stays so: its
    upgrade changes the format line alone."""
    hearts = (CORPUS / "format-1" / "last" / "rulesets" / "hearts.yaml").read_text(encoding="utf-8")
    assert "\nseats: 4\n" in hearts
    path = tmp_path / "hearts.yaml"
    path.write_text(hearts.replace("\nseats: 4\n", "\n"), encoding="utf-8")
    rules = load_ruleset(path)
    assert rules.seating.sides == () and rules.seats == 4
    assert main(["upgrade", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == hearts.replace("\nseats: 4\n", "\n").replace(
        formats.FIRST, formats.CURRENT, 1
    )


def test_a_format_1_file_that_loads_neither_way_is_refused_as_today_refuses_it(tmp_path: Path) -> None:
    """Two sides do not rescue a file with another fault: its error is today's, located in the file."""
    text = FIRST_RELEASE_SPADES.read_text(encoding="utf-8").replace("wins: ", "wins: nonsense + ", 1)
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError, match=r"scoring\.by: this table has no sides to score") as refused:
        load_ruleset(path)
    assert "read with the table format 1 gave such a file until 1 December 2026" in str(refused.value)
    assert re.search(r"it is refused too, at .*broken.yaml:\d+:\d+: match.wins: ", str(refused.value))
    assert main(["upgrade", "--check", str(path)]) == 2


def test_a_format_1_file_refused_for_one_reason_either_way_is_told_it_once(tmp_path: Path) -> None:
    path = tmp_path / "untitled.yaml"
    path.write_text(FIRST_RELEASE_SPADES.read_text(encoding="utf-8").replace("\ntitle:", "\nname:", 1))
    with pytest.raises(RulesetError, match="name") as refused:
        load_ruleset(path)
    assert "refused too" not in str(refused.value)


def test_format_2_means_no_sides_where_none_are_declared(tmp_path: Path) -> None:
    """The same file saying format 2 is read in today's language: no sides, so scoring by side is refused,
    with the message that names the missing sides."""
    path = tmp_path / "spades.yaml"
    path.write_text(FIRST_RELEASE_SPADES.read_text(encoding="utf-8").replace(formats.FIRST, formats.CURRENT))
    with pytest.raises(RulesetError, match="this table has no sides to score"):
        load_ruleset(path)


def test_an_unknown_format_names_the_known_ones(tmp_path: Path) -> None:
    path = tmp_path / "future.yaml"
    path.write_text("format: trickbook-ruleset/3\nid: future\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"future.yaml:1:9: format: this is not a trickbook ruleset") as refused:
        open_ruleset(path)
    assert "expected 'trickbook-ruleset/1' or 'trickbook-ruleset/2'" in str(refused.value)
    assert "hint: a later format is read by a later trickbook" in str(refused.value)


def test_a_variant_in_format_1_takes_its_table_from_a_format_1_parent(tmp_path: Path) -> None:
    """The first release's table belongs to the file that extends nothing; a variant of it inherits it."""
    shutil.copy(FIRST_RELEASE_SPADES, tmp_path / "spades.yaml")
    variant = tmp_path / "to-300.yaml"
    variant.write_text(
        f"format: {formats.FIRST}\nid: to-300\ntitle: To 300\nextends: spades.yaml\nmatch:\n"
        "  wins: total(side) >= 300\n",
        encoding="utf-8",
    )
    rules = load_ruleset(variant)
    assert rules.seating.sides == ((0, 2), (1, 3)) and rules.written_in == formats.FIRST
    assert main(["upgrade", str(variant)]) == 0
    assert "seats" not in variant.read_text(encoding="utf-8")
    assert load_ruleset(variant).digest == rules.digest


def test_records_carry_the_format_of_the_rulesets_file(tmp_path: Path) -> None:
    """A bundled ruleset is in the current format; a house variant's record says the format its file is in."""
    bundled = match_record(play_match(load_ruleset("whist"), 1, parse_player_specs("random", 4), hand_cap=1))
    assert bundled["ruleset"]["format"] == formats.CURRENT
    old = match_record(play_match(load_ruleset(FIRST_RELEASE_SPADES), 1, parse_player_specs("random", 4), 1))
    assert old["ruleset"]["format"] == formats.FIRST
    assert list(old["ruleset"]) == ["id", "version", "options", "digest", "format", "document"]


def test_a_record_made_before_format_2_replays_under_the_upgraded_ruleset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record written by the release before format 2 (it carries its format 1 ruleset and says no format)
    replays under its own copy, under the format 1 file, and under that file upgraded: one digest for all."""
    record = CORPUS / "records" / "tarneeb-61-format-1.jsonl"
    carried = json.loads(record.read_text(encoding="utf-8"))["ruleset"]
    assert carried["document"]["format"] == formats.FIRST and "format" not in carried
    variant = tmp_path / "tarneeb-61.yaml"
    shutil.copy(CORPUS / "format-1" / "last" / "examples" / "tarneeb-61.yaml", variant)
    assert main(["replay", str(record)]) == 0
    assert main(["replay", str(record), "--ruleset", str(variant)]) == 0
    assert main(["upgrade", str(variant)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record), "--ruleset", str(variant)]) == 0
    assert "all agree" in capsys.readouterr().out
    assert load_ruleset(variant).digest == carried["digest"]


def test_upgrade_refuses_a_bundled_id_and_locates_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["upgrade", "hearts", "no-such-file.yaml"]) == 2
    err = capsys.readouterr().err
    assert "'hearts' names a bundled ruleset" in err
    assert "no-such-file.yaml:1:1: there is no ruleset file 'no-such-file.yaml'" in err


def test_validate_names_an_older_format_and_the_command_that_rewrites_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "spades.yaml"
    shutil.copy(FIRST_RELEASE_SPADES, path)
    assert main(["validate", str(path)]) == 0
    said = capsys.readouterr().out
    assert f"written in {formats.FIRST} and read as that format means it; `trickbook upgrade {path}` rewrites" in said
    assert main(["upgrade", str(path)]) == 0
    capsys.readouterr()
    assert main(["validate", str(path)]) == 0
    assert "upgrade" not in capsys.readouterr().out

"""Files of records: JSON Lines or one pretty-printed document, streamed when huge, refused when unreadable."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from helpers import rules, simulated
from trickbook import Game, limits
from trickbook.cli import main
from trickbook.errors import Location, RecordError
from trickbook.record.header import RecordHeader
from trickbook.record.reader import read_records
from trickbook.record.writer import match_record


def records(count: int) -> list[dict]:
    found = []
    for seed in range(count):
        game = Game(rules("cardems-spades"), seed, hand_cap=1)
        while not game.is_over():
            game.apply(game.default_action())
        found.append(match_record(game))
    return found


def test_json_lines_give_each_record_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    path.write_text("\n" + "\n\n".join(json.dumps(r) for r in records(3)) + "\n", encoding="utf-8")
    read = list(read_records(path))
    assert [where.line for where, _ in read] == [2, 4, 6]
    assert [record for _, record in read] == records(3)


def test_one_pretty_printed_record_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    (record,) = records(1)
    path.write_text(json.dumps(record, indent=2), encoding="utf-8")
    assert [r for _, r in read_records(path)] == [record]


def test_a_file_over_the_size_limit_is_streamed_a_line_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "m.jsonl"
    lines = [json.dumps(r) for r in records(3)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(limits, "MAX_RECORD_BYTES", max(len(line) for line in lines) + 10)
    assert [r for _, r in read_records(path)] == records(3)
    monkeypatch.setattr(limits, "MAX_RECORD_BYTES", min(len(line) for line in lines) - 10)
    with pytest.raises(RecordError, match=r"m\.jsonl:1:1: this record is too large"):
        list(read_records(path))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "the file holds no record"),
        (b"\n  \n", "the file holds no record"),
        (b'{"format": "caf\xe9"}\n', "the file is not UTF-8 text"),
    ],
)
def test_an_empty_or_undecodable_file_is_refused(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "m.jsonl"
    path.write_bytes(content)
    with pytest.raises(RecordError, match=message):
        list(read_records(path))


def test_a_missing_file_says_why_it_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"missing\.jsonl:1:1: cannot read the file: No such file or directory"):
        list(read_records(tmp_path / "missing.jsonl"))


def test_a_record_whose_deals_are_not_its_seeds_is_refused_unless_it_says_they_were_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Swapping two seats' cards (one side given every ace, say) is caught: the seed deals otherwise."""
    out = simulated(tmp_path, "cardems-spades", "--seed", "5", "--hand-cap", "2")
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["deals"] == "seeded", "simulated deals come from the seed"
    deal = record["hands"][0]["deal"]
    deal[0], deal[1] = deal[1], deal[0]
    out.write_text(json.dumps(record) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(out)]) == 1
    assert "hands[0].deal: these are not the cards seed 5 deals in hand 1" in capsys.readouterr().err


def test_records_written_and_read_compressed_by_file_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain, packed = tmp_path / "m.jsonl", tmp_path / "m.jsonl.gz"
    for out in (plain, packed):
        assert main(["simulate", "cardems-spades", "--matches", "3", "--hand-cap", "5", "--out", str(out)]) == 0
    assert gzip.decompress(packed.read_bytes()) == plain.read_bytes()
    assert packed.stat().st_size < plain.stat().st_size / 4
    capsys.readouterr()
    assert main(["replay", str(packed)]) == 0 and "replayed 3 record(s)" in capsys.readouterr().out


def test_a_compressed_line_that_expands_past_the_record_limit_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bomb = tmp_path / "bomb.jsonl.gz"
    with gzip.open(bomb, "wb") as handle:
        handle.write(b" " * (limits.MAX_RECORD_BYTES + 10) + b"\n")
    assert bomb.stat().st_size < 100_000
    assert main(["replay", str(bomb)]) == 1
    assert "bomb.jsonl.gz:1:1: this record is too large" in capsys.readouterr().err


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085"])
def test_json_lines_split_at_newline_only_so_text_with_unicode_line_separators_stays_in_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], separator: str
) -> None:
    """Records whose text holds a Unicode line or paragraph separator are read back whole, both when another
    writer left it raw (valid JSON) and as trickbook writes it (escaped, so that every reader sees one line)."""
    from trickbook.record.writer import dumps

    labelled = [dict(r, players=[f"left{separator}right"] * 4) for r in records(2)]
    raw = tmp_path / "raw.jsonl"
    raw.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in labelled), encoding="utf-8")
    assert [record for _, record in read_records(raw)] == labelled
    written = tmp_path / "written.jsonl"
    written.write_text("".join(dumps(r) + "\n" for r in labelled), encoding="utf-8")
    assert separator not in written.read_text(encoding="utf-8")
    assert len(written.read_text(encoding="utf-8").splitlines()) == 2
    assert main(["replay", str(raw), str(written)]) == 0
    assert "replayed 4 record(s)" in capsys.readouterr().out


def test_a_records_header_is_read_typed_and_a_version_1_record_has_four_seats() -> None:
    """The header the commands read: rules, table, players and seed; version 1 records do not say their seats."""
    game = Game(rules("whist"), 7, hand_cap=1)
    while not game.is_over():
        game.apply(game.default_action())
    record = match_record(game, players=["heuristic", "random", "human", "random"])
    header = RecordHeader.from_record(record, Location("m.json", 3, 1))
    assert header == RecordHeader(
        format=2,
        ruleset_id="whist",
        rules_version=1,
        options=(("target", "5"), ("honours", "off"), ("rubber", "off")),
        seats=4,
        players=("heuristic", "random", "human", "random"),
        seed=7,
        hands=1,
    )
    old = {**record, "format": "trickbook-record/1", "winner": None}
    del old["seats"], old["sides"]
    assert RecordHeader.from_record(old, Location("m.json", 3, 1)).seats == 4


def test_a_header_that_breaks_the_record_schema_is_refused_at_its_key() -> None:
    game = Game(rules("cardems-spades"), 1, hand_cap=1)
    while not game.is_over():
        game.apply(game.default_action())
    record = {**match_record(game), "seed": "one"}
    with pytest.raises(RecordError) as refused:
        RecordHeader.from_record(record, Location("m.jsonl", 5, 1))
    assert "m.jsonl:5:1" in str(refused.value) and "seed" in str(refused.value)

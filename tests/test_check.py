"""`trickbook check` runs the worked examples written in rulesets and names any that do not hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook import open_ruleset, resources
from trickbook.book.worked import check_examples
from trickbook.cli import main


@pytest.mark.parametrize("ruleset", resources.bundled_ruleset_ids())
def test_every_bundled_ruleset_carries_worked_examples_that_hold(
    ruleset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    results = list(check_examples(open_ruleset(ruleset)))
    assert len(results) >= 8
    assert all(r.passed for r in results), [r.mismatches for r in results if not r.passed]
    assert main(["check", ruleset]) == 0
    assert f"{len(results)} of {len(results)} worked examples hold" in capsys.readouterr().out


def test_changing_one_expected_value_fails_and_names_the_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (resources.rulesets_dir() / "cardems-tarneeb.yaml").read_text(encoding="utf-8")
    assert "expect: {score: [-8, 6], lines:" in text
    changed = tmp_path / "cardems-tarneeb.yaml"
    changed.write_text(
        text.replace("expect: {score: [-8, 6], lines:", "expect: {score: [-8, 7], lines:"), encoding="utf-8"
    )
    assert main(["check", str(changed)]) == 1
    err = capsys.readouterr().err
    assert "examples[0] ('bid 8, took 7') does not hold" in err
    assert "score: expected [-8, 7], got [-8, 6]" in err
    line = next(
        n for n, row in enumerate(changed.read_text().splitlines(), 1) if row.strip() == "- name: bid 8, took 7"
    )
    assert f"{changed}:{line}:" in err


def test_an_example_that_does_not_fit_its_ruleset_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = tmp_path / "v.yaml"
    variant.write_text(
        "format: trickbook-ruleset/1\nid: v\ntitle: V\nextends: cardems-spades\nexamples:\n"
        "  - name: unknown counter\n    bids: [1, 1, 1, 1]\n    tricks: [4, 3, 3, 3]\n"
        "    counters: {pips: [1, 1]}\n    expect: {score: [0, 0]}\n"
    )
    assert main(["check", str(variant)]) == 1
    assert "cannot be evaluated: 'pips' is not a counter of this ruleset" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("parent", "example", "says"),
    [
        (
            "cardems-spades",
            "bids: [1, 1, 1, 1]\n    tricks: [4, 3, 3, 2]\n    expect: {score: [0, 0]}",
            "tricks must give four seats' tricks adding up to 13, not [4, 3, 3, 2]",
        ),
        (
            "tarneeb-41",
            "bids: [8, null, null, null]\n    tricks: [4, 3, 3, 3]\n    expect: {score: [0, 0]}",
            "an auction scenario needs `declarer`",
        ),
        (
            "cardems-spades",
            "bids: [blind, 1, 1, 1]\n    tricks: [4, 3, 3, 3]\n    expect: {score: [0, 0]}",
            "'blind' is not a named bid of v; named bids: nil",
        ),
        (
            "tarneeb-41",
            "declarer: 0\n    bids: [5, null, null, null]\n    tricks: [4, 3, 3, 3]\n    expect: {score: [0, 0]}",
            "the bid 5 is outside 7..13",
        ),
        (
            "tarneeb-41",
            "declarer: 0\n    bids: [8, null, null, null]\n    trump: X\n    tricks: [4, 3, 3, 3]\n"
            "    expect: {score: [0, 0]}",
            "'X' is not a suit of the Standard 52-card deck",
        ),
        (
            "tarneeb-41",
            "declarer: 0\n    bids: [8, null, null, null]\n    expect: {score: [0, 0]}",
            "an example that checks scores needs `tricks`",
        ),
        (  # in play some seat always takes the last trick: an example may not score it as nobody's
            "slobberhannes",
            "tricks: [3, 2, 1, 2]\n    first_trick: 1\n    expect: {seat_score: [0, 1, 0, 0]}",
            "its outcome depends on `last_trick`, which it does not say (it scores one way with `last_trick: 0` "
            "and another with `last_trick: 1`): add `last_trick` with the seat's number",
        ),
        (
            "slobberhannes",
            "tricks: [3, 2, 3, 0]\n    first_trick: 3\n    last_trick: 0\n    expect: {seat_score: [1, 0, 0, 1]}",
            "first_trick is seat 3, which took no trick in `tricks` [3, 2, 3, 0]",
        ),
        (
            "slobberhannes",
            "tricks: [3, 2, 1, 2]\n    first_trick: 1\n    last_trick: 2\n    expect: {score: [1, 1]}",
            "these rules have no sides, so no `score`: give each seat's as `seat_score`",
        ),
        (
            "tarneeb-41",
            "declarer: 0\n    bids: [8, null, null, null]\n    tricks: [4, 3, 3, 3]\n"
            "    expect: {seat_totals: [0, 0, 0, 0]}",
            "these rules keep totals per side, not per seat: give them as `totals`",
        ),
    ],
)
def test_a_worked_example_written_wrongly_is_reported_with_what_to_fix(
    parent: str, example: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = tmp_path / "v.yaml"
    variant.write_text(
        f"format: trickbook-ruleset/1\nid: v\ntitle: V\nextends: {parent}\nexamples:\n  - name: wrong\n    {example}\n"
    )
    assert main(["check", str(variant)]) == 1
    err = capsys.readouterr().err
    assert "examples[0] ('wrong')" in err and says in err, err


def test_a_variant_that_adds_a_counter_keeps_the_inherited_examples_whole(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "format: trickbook-ruleset/1\nid: house\ntitle: House\nextends: cardems-spades\n"
        "counters:\n  nils:\n    for: seat\n    add: if bid(seat) == nil then 1 else 0\n"
        "scoring:\n  rules:\n    nil_count:\n      for: seat\n      points: 0 * nils(seat)\n",
        encoding="utf-8",
    )
    results = list(check_examples(open_ruleset(str(house))))
    assert results and all(r.passed for r in results), [r.mismatches for r in results if not r.passed]


def test_an_example_states_cards_taken_and_who_took_them(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "format: trickbook-ruleset/1\nid: house\ntitle: House\nextends: tarneeb-41\n"
        "scoring:\n  rules:\n    king:\n      for: side\n"
        "      points: if side_of(taker(KH)) == side then 3 else 0\n"
        "examples:\n"
        "  - name: the side that took the king scores 3\n"
        "    declarer: 0\n    bids: [8, null, null, null]\n    tricks: [5, 2, 5, 1]\n"
        "    took: [[], [KH], [], []]\n    expect: {lines: {king: [0, 3]}}\n"
        "  - name: a king nobody took belongs to no side\n"
        "    declarer: 0\n    bids: [8, null, null, null]\n    tricks: [5, 2, 5, 1]\n"
        "    took: [[], [], [], []]\n    expect: {lines: {king: [0, 0]}}\n",
        encoding="utf-8",
    )
    results = list(check_examples(open_ruleset(str(house))))
    assert [r.passed for r in results] == [True, True], [r.mismatches for r in results]

"""The documentation stays true: the reference matches the schema and the function table, tutorial files load."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

import pytest

from trickbook import bundled_rulesets, load_ruleset, resources
from trickbook.book.worked import check_examples
from trickbook.expr.functions import BUILTINS, FOLDS
from trickbook.ruleset.loader import open_ruleset

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _generated() -> str:
    namespace = runpy.run_path(str(DOCS / "reference_gen.py"))
    return str(namespace["reference"]())


def test_the_reference_is_what_the_generator_writes_from_the_schema_and_function_table() -> None:
    assert (DOCS / "reference.md").read_text(encoding="utf-8") == _generated(), "run python docs/reference_gen.py"


def test_the_reference_names_every_ruleset_key_and_every_builtin() -> None:
    text = (DOCS / "reference.md").read_text(encoding="utf-8")
    for key in resources.schema("ruleset")["properties"]:
        assert f"| `{key}`" in text
    for builtin in BUILTINS:
        assert f"`{builtin.signature}`" in text
    for fold in FOLDS:
        assert f"`{fold}(... for s in D)`" in text


TARGET = {"the first side to reach 41 wins", "both at 41 - the higher total wins"}
INHERITED_FAILURES = {0: TARGET, 1: TARGET | {"bid 13 made scores 26", "bid below 13, all 13 tricks score 16"}}


def _yaml_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", (DOCS / "tutorial.md").read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("index", range(len(_yaml_blocks())))
def test_every_tutorial_file_loads_and_its_own_examples_hold(index: int, tmp_path: Path) -> None:
    block = _yaml_blocks()[index]
    path = tmp_path / f"step{index}.yaml"
    path.write_text(block, encoding="utf-8")
    load_ruleset(path)
    results = list(check_examples(open_ruleset(str(path))))
    if "examples:" in block:
        assert all(result.passed for result in results)
    else:
        failing = {r.name for r in results if not r.passed}
        assert failing == INHERITED_FAILURES[index], "the tutorial says which inherited examples the change breaks"


def test_the_tutorials_error_message_is_the_real_one(tmp_path: Path) -> None:
    path = tmp_path / "tarneeb-61.yaml"
    path.write_text(_yaml_blocks()[0].replace("total(side) >= 61", "totl(side) >= 61"), encoding="utf-8")
    with pytest.raises(Exception) as refused:
        load_ruleset(path)
    message = str(refused.value).replace(str(path), "tarneeb-61.yaml")
    tutorial = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    assert message in tutorial


def test_every_test_that_testing_md_names_for_a_readme_promise_exists() -> None:
    """docs/testing.md maps each README promise to tests; each one named must exist, so the map stays true."""
    text = (DOCS / "testing.md").read_text(encoding="utf-8")
    section = text.split("## README promises and the tests that hold them", 1)[1]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| the README")]
    assert len(rows) > 40
    root = DOCS.parent
    hostile = {case.name for case in _hostile_cases()}
    for row in rows:
        held_by = re.findall(r"`([^`]+)`", row.rsplit(" | ", 1)[1])
        assert held_by, f"a promise without a test: {row}"
        for reference in held_by:
            if "::" in reference:
                path, name = reference.split("::")
                assert re.search(rf"^def {name}\(", (root / path).read_text(encoding="utf-8"), re.M), reference
            elif reference.startswith("tests/hostile.py: "):
                assert reference.split(": ", 1)[1].strip('"') in hostile, reference
            else:
                assert (root / reference.split(" ")[0]).is_file(), reference


def _hostile_cases() -> list[Any]:
    import hostile

    return list(hostile.CASES)


def test_the_players_page_states_every_missed_target_and_its_cause() -> None:
    """docs/players.md names each pairing that misses its target, with the cause where one is known (issue 32), and
    every bundled ruleset has its rows."""
    report = runpy.run_path(str(DOCS / "players_report.py"), run_name="players_report")
    missed = (
        "| rubber-bridge | heuristic vs random | 5 of 8 (3 unfinished) | 62.5% [30.6, 86.3] | 70%: **missed** | 9 s |"
    )
    met = "| whist | heuristic vs random | 99 of 100 (0 unfinished) | 99.0% [94.6, 99.8] | 70%: **met** | 0 s |"
    pairing = "| whist | mcts:playouts=60 vs heuristic "
    reached = pairing + "| 22 of 40 (0 unfinished) | 55.0% [39.8, 69.3] | 60%: **missed** | 9 s |"
    short = pairing + "| 8 of 40 (0 unfinished) | 20.0% [10.5, 34.8] | 60%: **missed** | 9 s |"
    lines = report["shortfalls"]([missed, met, reached, short])
    assert len(lines) == 3
    assert lines[0].startswith("- rubber-bridge, heuristic vs random: random players seldom make a game")
    assert lines[1].endswith("interval [39.8, 69.3] reaches the target, so this run has not shown a shortfall.")
    assert lines[2] == "- whist, mcts:playouts=60 vs heuristic: no cause established."
    page = (DOCS / "players.md").read_text(encoding="utf-8")
    for ruleset in bundled_rulesets():
        assert f"| {ruleset} |" in page or f"| {ruleset}:" in page, f"docs/players.md has no row for {ruleset}"
    for row in page.splitlines():
        if "**missed**" in row:
            name = row.split("|")[1].strip()
            assert f"- {name}, " in page, f"the missed target of {name} is not explained"

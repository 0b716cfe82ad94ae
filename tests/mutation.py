"""Mutation testing: small deliberate bugs put into a module, one at a time; the tests that exercise it should
fail for each. Writes docs/mutation-report.md with the score and the mutants that survived.

    python tests/mutation.py            # every module below: some hours on two cores (once a release, docs/testing.md)
    python tests/mutation.py --only framework/trickbook/engine/scoring.py   # keeps the other modules' rows

Each mutant changes one operator or constant (`<` to `<=`, `+` to `-`, `and` to `or`, `n` to `n + 1`, `True` to
`False`...) in a copy of the project, and runs the module's tests there with `-x` and a time limit; a mutant
whose tests still pass "survives". Written here, not taken from mutmut, whose 3.x releases record no test for
a package under `framework/` (tried on 2026-12-01).

To be quick enough to run as a habit, each mutant first runs only the tests that execute its statement (found
by one run of the module's tests under coverage, test by test); a mutant those tests do not catch runs the
whole list before it counts as surviving, so the score is the one the whole list gives.
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import coverage

ROOT = Path(__file__).resolve().parents[1]

QUICK_COMPARE = "not one_or_two_jobs and not dask and not cluster and not scheduler"
"""The comparison tests without the ones that start process pools or clusters (the same code, run slower)."""

TARGETS: dict[str, list[str]] = {
    "framework/trickbook/engine/scoring.py": [
        "tests/test_anchors.py",
        "tests/test_scoring_edges.py",
        "tests/test_rules_cardems_spades.py",
        "tests/test_rules_tarneeb_41.py",
        "tests/test_rules_cardems_tarneeb.py",
        "tests/test_rules_syrian_tarneeb_41.py",
        "tests/test_check.py",
        "tests/test_golden.py",
    ],
    **{
        f"framework/trickbook/engine/phases/{module}.py": [
            "tests/test_trump_making.py",
            "tests/test_phase_edges.py",
            "tests/test_typed_actions.py",
            "tests/test_duels.py",
            "tests/test_declaring.py",
            "tests/test_rules_euchre.py",
            "tests/test_rules_skat_simple.py",
            "tests/test_rules_contract_bridge.py",
            "tests/test_rules_hearts.py",
            "tests/test_rules_oh_hell.py",
            "tests/test_rules_cardems_tarneeb.py",
            "tests/test_rules_tarneeb_41.py",
            "tests/test_rules_syrian_tarneeb_41.py",
            "tests/test_rules_cardems_spades.py",
            "tests/test_check.py",
            "tests/test_rules_trex.py",
            "tests/test_rules_estimation.py",
            "tests/test_rules_german_whist.py",
        ]
        for module in (
            "alone",
            "announcing",
            "auction",
            "bidding",
            "calls",
            "contract",
            "declarations",
            "doubling",
            "estimates",
            "exchange",
            "passing",
            "showing",
            "trump",
        )
    },
    "framework/trickbook/engine/game.py": [
        "tests/test_specialise.py",
        "tests/test_game_api.py",
        "tests/test_seat_facts.py",
        "tests/test_anchors.py",
        "tests/test_scoring_edges.py",
        "tests/test_rules_*.py",
        "tests/test_phase_edges.py",
        "tests/test_trump_making.py",
        "tests/test_highest_trumps.py",
        "tests/test_card_facts.py",
        "tests/test_golden.py",
        "tests/test_check.py",
        "tests/test_typed_actions.py",
        "tests/test_duels.py",
        "tests/test_declaring.py",
        "tests/test_examples.py::test_blind_nil_is_bid_before_looking_and_the_hand_is_hidden_until_then",
        "tests/test_examples.py::test_when_every_player_bids_blind_nil_there_is_no_regular_round",
    ],
    "framework/trickbook/engine/specialise.py": ["tests/test_specialise.py"],
    "framework/trickbook/expr/compiler.py": [
        "tests/test_expressions.py",
        "tests/test_fuzz.py",
        "tests/test_check.py",
        "tests/test_examples.py",
        "tests/test_loader_checks.py",
        "tests/test_scoring_edges.py",
        "tests/test_rules_*.py",
    ],
    "framework/trickbook/record/replay.py": [
        "tests/test_replay_checks.py",
        "tests/test_record_files.py",
        "tests/test_golden.py",
        "tests/test_bad_input.py",
        "tests/test_never_ending.py",
        "tests/test_hostile.py",
        "tests/test_resume.py",
    ],
    "framework/trickbook/tools/stats.py": ["tests/test_stats.py", "tests/test_compare.py", "-k", QUICK_COMPARE],
    "framework/trickbook/tools/paired.py": ["tests/test_paired.py", "tests/test_compare.py", "-k", QUICK_COMPARE],
    "framework/trickbook/ruleset/loader.py": [
        "tests/test_loader.py",
        "tests/test_loader_checks.py",
        "tests/test_schema_messages.py",
        "tests/test_limits.py",
        "tests/test_formats.py",
        "tests/test_yaml_builds.py",
        "tests/test_usercache.py",
        "tests/test_arabic.py::test_a_variant_that_translates_itself_inherits_its_parents_words_and_one_that_does_not_stays_english",
    ],
    "framework/trickbook/ruleset/builder.py": [
        "tests/test_loader.py",
        "tests/test_loader_checks.py",
        "tests/test_schema_messages.py",
        "tests/test_limits.py",
        "tests/test_yaml_builds.py",
        "tests/test_language_three.py",
        "tests/test_builder_edges.py",
        "tests/test_rules_*.py",
        "tests/test_formats.py",
    ],
    **{
        f"framework/trickbook/session/{module}.py": [
            "tests/test_table.py",
            "tests/test_saved_table.py",
            "tests/test_stand_in.py",
            "tests/test_hostile.py",
            "tests/test_limits.py",
            "tests/test_every_path.py",
            "tests/test_rules_german_whist.py",
        ]
        for module in ("table", "saved")
    },
    "framework/trickbook/session/terminal.py": [
        "tests/test_play.py",
        "tests/test_arabic.py",
        "tests/test_registries.py",
        "tests/test_rules_estimation.py",
        "tests/test_rules_trex.py",
    ],
    "framework/trickbook/session/progress.py": [
        "tests/test_progress.py",
        "tests/test_declaring.py",
        "tests/test_melds.py",
        "tests/test_rules_estimation.py",
        "tests/test_play.py",
    ],
    "framework/trickbook/web/live.py": [
        "tests/test_room_page.py",
        "tests/test_stand_in.py",
        "tests/test_arabic.py",
        "tests/test_limits.py",
        "tests/test_hostile.py",
        "tests/test_web_api.py",
    ],
    "framework/trickbook/web/comparisons.py": [
        "tests/test_caveats.py",
        "tests/test_arabic.py",
        "tests/test_web_guard.py",
        "tests/test_web_api.py",
    ],
    "framework/trickbook/web/app.py": [
        "tests/test_web_api.py",
        "tests/test_web_guard.py",
        "tests/test_web_requests.py",
    ],
    "framework/trickbook/web/requests.py": [
        "tests/test_web_requests.py",
        "tests/test_web_api.py",
        "tests/test_web_guard.py",
    ],
    "framework/trickbook/web/guard.py": ["tests/test_web_guard.py", "tests/test_web_api.py"],
    "framework/trickbook/web/pages.py": ["tests/test_i18n.py", "tests/test_web_room.py", "tests/test_web.py"],
    "framework/trickbook/web/workbench.py": [
        "tests/test_workbench.py",
        "tests/test_web.py",
        "tests/test_formats_web.py",
        "tests/test_web_api.py",
        "tests/test_web_room.py",
    ],
    "framework/trickbook/web/store.py": [
        "tests/test_web_store.py",
        "tests/test_web_api.py",
        "tests/test_stand_in.py",
        "tests/test_room_page.py",
    ],
    "framework/trickbook/players/drawn.py": [
        "tests/test_rules_german_whist.py",
        "tests/test_worlds.py",
        "tests/test_heuristic.py",
    ],
    "framework/trickbook/book/lint.py": [
        "tests/test_lint.py",
        "tests/test_lint_reach.py",
        "tests/test_examples.py",
        "tests/test_hostile.py",
        "-k",
        "lint or totals or house_variant or bundled or reach or tried or probe or scorers",
    ],
    **{
        f"framework/trickbook/players/{module}.py": [
            "tests/test_player_choices.py",
            "tests/test_heuristic.py",
            "tests/test_mcts.py",
            "tests/test_policy.py",
            "tests/test_search.py",
            "tests/test_worlds.py",
            "tests/test_bidding.py",
            "tests/test_all_pass_must_bid.py",
            "tests/test_players.py",
        ]
        for module in (
            "appetite",
            "base",
            "contract",
            "heuristic",
            "mcts",
            "policy",
            "random_player",
            "search",
            "worlds",
            "placing",
            "playout",
        )
    },
    "framework/trickbook/players/batch.py": ["tests/test_batch.py", "tests/test_search.py", "tests/test_mcts.py"],
}
"""Each module mutated, with the tests that should catch its bugs."""

SWAPS: dict[type[ast.AST], type[ast.AST]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Mult,
    ast.And: ast.Or,
    ast.Or: ast.And,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}


@dataclass(frozen=True)
class Mutant:
    file: str
    index: int
    line: int
    change: str


def sites(tree: ast.AST) -> Iterator[tuple[ast.AST, str, str]]:
    """Every place a mutation applies, as (node, field or operator index, description); docstrings excluded."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for index, op in enumerate(node.ops):
                if type(op) in SWAPS:
                    yield node, f"ops:{index}", f"{type(op).__name__} -> {SWAPS[type(op)].__name__}"
        elif isinstance(node, ast.BinOp | ast.BoolOp) and type(node.op) in SWAPS:
            yield node, "op", f"{type(node.op).__name__} -> {SWAPS[type(node.op)].__name__}"
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            yield node, "value", f"{node.value} -> {not node.value}"
        elif isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            yield node, "value", f"{node.value} -> {node.value + 1}"
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "not", "not x -> x"


def mutable(tree: ast.AST) -> list[tuple[ast.AST, str, str]]:
    """The mutation sites of a module, in a fixed order, leaving out docstrings and decorators (the flags of
    `@dataclass(frozen=True, slots=True)` change no behaviour a test could see)."""
    skipped = {
        id(body[0].value)
        for body in (getattr(n, "body", None) for n in ast.walk(tree))
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        for decorator in getattr(node, "decorator_list", []):
            skipped.update(id(inner) for inner in ast.walk(decorator))
    return [site for site in sites(tree) if id(site[0]) not in skipped]


def mutate(source: str, index: int) -> tuple[str, int, str]:
    """The source with mutation number `index` applied, its line and what changed."""
    tree = ast.parse(source)
    node, where, change = mutable(tree)[index]
    if where.startswith("ops:"):
        position = int(where[4:])
        node.ops[position] = SWAPS[type(node.ops[position])]()  # type: ignore[attr-defined]
    elif where == "op":
        node.op = SWAPS[type(node.op)]()  # type: ignore[attr-defined]
    elif where == "value":
        value = node.value  # type: ignore[attr-defined]
        node.value = (not value) if isinstance(value, bool) else value + 1  # type: ignore[attr-defined]
    else:
        replacement = node.operand  # type: ignore[attr-defined]
        for parent in ast.walk(tree):
            for field, child in ast.iter_fields(parent):
                if child is node:
                    setattr(parent, field, replacement)
                elif isinstance(child, list):
                    for position, item in enumerate(child):
                        if item is node:
                            child[position] = replacement
    return ast.unparse(tree), node.lineno, change  # type: ignore[attr-defined]


def expanded(copy: Path, tests: list[str]) -> list[str]:
    """The pytest arguments with file patterns (`tests/test_rules_*.py`) spelt out, as no shell does it here."""
    return [name for arg in tests for name in (sorted(str(p.relative_to(copy)) for p in copy.glob(arg)) or [arg])]


def run(copy: Path, file: str, index: int, tests: list[str], covering: Covering) -> tuple[Mutant, str]:
    """Applies one mutant in `copy`, runs the tests that execute it and, if they pass, all the module's tests;
    restores the file; the verdict: "caught", "timeout" (caught by the time limit alone, worth a look on a busy
    machine) or "survived"."""
    target = copy / file
    original = target.read_text(encoding="utf-8")  # the copy is the snapshot the mutants were counted on
    text, line, change = mutate(original, index)
    target.write_text(text, encoding="utf-8")
    try:
        chosen = covering.tests_for(file, original, index, tests)
        verdict = _fails(copy, chosen) or (_fails(copy, tests) if chosen != tests else "") or "survived"
    finally:
        target.write_text(original, encoding="utf-8")
    return Mutant(file, index, line, change), verdict


def _fails(copy: Path, tests: list[str]) -> str:
    """ "caught" when the tests fail, "timeout" when they run past the time limit (which catches a mutant that
    loops), else empty."""
    # Each copy keeps its own user cache (parser tables, rulesets whose schema passed): no module mutated here
    # writes to it, and a cold cache in every run would make each mutant cost several seconds more.
    environment = {**os.environ, "PYTHONPATH": str(copy / "framework"), "TRICKBOOK_CACHE_DIR": str(copy / ".cache")}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider", *expanded(copy, tests)],
            cwd=copy,
            env=environment,
            capture_output=True,
            timeout=300,
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    return "caught" if done.returncode != 0 else ""


@dataclass(frozen=True)
class Covering:
    """Which tests execute each line of each mutated module, from one run of its tests under coverage."""

    lines: dict[str, dict[int, set[str]]]
    """Per module file: line -> the tests (pytest node ids) that executed it."""

    def tests_for(self, file: str, source: str, index: int, tests: list[str]) -> list[str]:
        """The tests that execute the statement mutant `index` changes, with the list's options (`-k ...`);
        all of `tests` when none does (a line run only at import, or only in a subprocess)."""
        node = mutable(ast.parse(source))[index][0]
        first, last = statement_lines(source, node)
        covered = self.lines.get(file, {})
        chosen = sorted({test for number in range(first, last + 1) for test in covered.get(number, ())})
        if not chosen:
            return tests
        options = [arg for position, arg in enumerate(tests) if arg.startswith("-") or tests[position - 1] == "-k"]
        return [*chosen, *options]


def statement_lines(source: str, node: ast.AST) -> tuple[int, int]:
    """The lines of the innermost statement holding `node`: for a compound statement (if, for, def...), its
    header only, since a node in its body would sit in a deeper statement."""
    tree = ast.parse(source)
    position = (node.lineno, node.col_offset)  # type: ignore[attr-defined]
    best: ast.stmt | None = None
    for candidate in ast.walk(tree):
        if not isinstance(candidate, ast.stmt):
            continue
        start = (candidate.lineno, candidate.col_offset)
        end = (candidate.end_lineno or candidate.lineno, candidate.end_col_offset or 0)
        if start <= position <= end and (best is None or start >= (best.lineno, best.col_offset)):
            best = candidate
    if best is None:
        return position[0], position[0]
    body = getattr(best, "body", None)
    if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
        return best.lineno, body[0].lineno - 1
    return best.lineno, best.end_lineno or best.lineno


def covering(copy: Path, targets: dict[str, list[str]]) -> Covering:
    """Runs each module's tests once under coverage, recording which test executes which line (the tests must
    pass on the unchanged code, or nothing is measured)."""
    lines: dict[str, dict[int, set[str]]] = {}
    for file, tests in targets.items():
        data_file = copy / ".mutation-coverage"
        settings = copy / ".mutation-coveragerc"
        settings.write_text(f"[run]\ndynamic_context = test_function\ninclude = */{file}\n", encoding="utf-8")
        done = subprocess.run(
            [
                *(sys.executable, "-m", "coverage", "run", f"--rcfile={settings}", f"--data-file={data_file}"),
                *("-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", *expanded(copy, tests)),
            ],
            cwd=copy,
            env={**os.environ, "PYTHONPATH": str(copy / "framework"), "TRICKBOOK_CACHE_DIR": str(copy / ".cache")},
            capture_output=True,
        )
        if done.returncode != 0:
            raise SystemExit(f"the tests of {file} fail before any mutation:\n{done.stdout.decode()[-2000:]}")
        data = coverage.CoverageData(basename=str(data_file))
        data.read()
        measured = next((f for f in data.measured_files() if f.endswith(file)), None)
        by_line = data.contexts_by_lineno(measured) if measured else {}
        lines[file] = {number: {_node_id(c) for c in contexts if c} for number, contexts in by_line.items()}
        data_file.unlink(missing_ok=True)
        settings.unlink()
    return Covering(lines)


def _node_id(context: str) -> str:
    """A coverage test context (`test_module.test_name`) as a pytest node id (`tests/test_module.py::test_name`)."""
    module, _, name = context.partition(".")
    return f"tests/{module}.py::{name.replace('.', '::')}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="mutate only this module (repeatable)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    targets = {f: t for f, t in TARGETS.items() if not args.only or f in args.only}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:
        copies = []
        for number in range(args.jobs):
            copy = Path(scratch) / f"copy{number}"
            shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", "*.pyc", "__pycache__", "mutants"))
            copies.append(copy)
        found = covering(copies[0], targets)
        work = [
            (file, index, tests)
            for file, tests in targets.items()
            for index in range(len(mutable(ast.parse((copies[0] / file).read_text(encoding="utf-8")))))
        ]
        results: list[tuple[Mutant, str]] = []
        free = list(copies)

        def one(item: tuple[str, int, list[str]]) -> tuple[Mutant, str]:
            copy = free.pop()
            try:
                return run(copy, *item, found)
            finally:
                free.append(copy)

        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for result in pool.map(one, work):
                results.append(result)
                label = {"caught": "caught  ", "timeout": "timeout ", "survived": "SURVIVED"}[result[1]]
                print(f"{label} {result[0].file}:{result[0].line} {result[0].change}")
    report(results, time.monotonic() - started)


TIMED_OUT = "## Caught by the time limit alone (check by hand on a busy machine)"


def kept(rerun: set[str]) -> tuple[list[str], list[str]]:
    """The table rows and survivors of the existing report for modules not mutated in this run."""
    path = ROOT / "docs" / "mutation-report.md"
    rows: list[str] = []
    survivors: list[str] = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith(TIMED_OUT):
                break  # a run's mutants caught by the time limit are that run's to look at, not kept
            if line.startswith("| `") and line.split("`")[1] not in rerun:
                rows.append(line)
            elif line.startswith("- `") and line.split("`")[1].split(":")[0] not in rerun:
                survivors.append(line)
    return rows, survivors


def report(verdicts: list[tuple[Mutant, str]], seconds: float) -> None:
    results = [(m, verdict != "survived") for m, verdict in verdicts]
    rerun = {m.file for m, _ in results}
    old_rows, old_survivors = kept(rerun)
    lines = [
        "# Mutation testing",
        "",
        "Generated by `python tests/mutation.py` (see its docstring): each mutant is one deliberate bug in one",
        "module, run against that module's tests. Not part of CI: all modules take about an hour on two cores.",
        "",
        "| module | mutants | caught | score |",
        "|---|---:|---:|---:|",
    ]
    lines += old_rows
    for file in dict.fromkeys(m.file for m, _ in results):
        mine = [caught for m, caught in results if m.file == file]
        lines.append(f"| `{file}` | {len(mine)} | {sum(mine)} | {100 * sum(mine) / len(mine):.1f}% |")
    total = [caught for _, caught in results]
    lines += [
        "",
        f"Last run on {time.strftime('%Y-%m-%d')}: {', '.join(f'`{f}`' for f in sorted(rerun))}, {len(total)} mutants, "
        f"{sum(total)} caught ({100 * sum(total) / max(1, len(total)):.1f}%), {seconds / 60:.0f} minutes"
        + ("; the rows of the other modules are kept from earlier runs (`--only`)." if old_rows else "."),
        "",
        "## Survivors",
        "",
    ]
    survivors = [f"- `{m.file}:{m.line}`: {m.change}" for m, caught in results if not caught]
    lines += [*old_survivors, *survivors] or ["None."]
    timed_out = [f"- `{m.file}:{m.line}`: {m.change}" for m, verdict in verdicts if verdict == "timeout"]
    if timed_out:
        lines += ["", TIMED_OUT, "", *timed_out]
    (ROOT / "docs" / "mutation-report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote docs/mutation-report.md: {sum(total)} of {len(total)} caught")


if __name__ == "__main__":
    main()

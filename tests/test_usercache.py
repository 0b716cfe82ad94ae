"""The expression parser's tables kept in the user cache: the same parser from a file, and never an unsafe file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from trickbook.errors import ExpressionError, Mark
from trickbook.expr import syntax
from trickbook.expr.site import Site
from trickbook.usercache import ENVIRONMENT, folder

TEXTS = [
    "if made then taken else -contract_bid",
    "sum(tricks(s) for s in players(side)) >= 7 and not (trump == H)",
    "max(total(side) - 5, 0) * 2",
]
BAD_TEXTS = ["tricks(side) >=", "1 + * 2", "if made then 1"]


@pytest.fixture
def cache_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "cache"))
    syntax._parser.cache_clear()
    yield tmp_path / "cache"
    syntax._parser.cache_clear()


def outcomes(texts: list[str]) -> list[str]:
    """What parsing each text gives: its tree, or the error a person reads."""
    found = []
    for text in texts:
        try:
            found.append(repr(syntax.parse(Site(text, Mark("r.yaml", 3, 5), "match.wins"))))
        except ExpressionError as exc:
            found.append(str(exc))
    return found


def test_the_second_process_reads_the_tables_and_parses_alike(cache_in: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = outcomes(TEXTS + BAD_TEXTS)
    assert [p.name.startswith("expression-parser-") for p in cache_in.iterdir()] == [True]
    syntax._parser.cache_clear()

    def refuse(text: str) -> None:
        raise AssertionError("the parser was rebuilt although its tables were cached")

    monkeypatch.setattr(syntax, "_build", refuse)
    assert outcomes(TEXTS + BAD_TEXTS) == built
    assert any("expected" in outcome for outcome in built[len(TEXTS) :])


def test_a_damaged_cache_file_is_rebuilt(cache_in: Path) -> None:
    before = outcomes(TEXTS)
    (cached,) = cache_in.iterdir()
    cached.write_bytes(b"not a pickle at all")
    syntax._parser.cache_clear()
    assert outcomes(TEXTS) == before
    assert cached.read_bytes() != b"not a pickle at all"


def test_a_folder_others_may_write_to_is_not_used(cache_in: Path) -> None:
    cache_in.mkdir(mode=0o700)
    cache_in.chmod(0o777)
    assert folder() is None
    outcomes(TEXTS)
    assert list(cache_in.iterdir()) == []


def test_an_empty_setting_turns_the_cache_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, "")
    assert folder() is None


def test_an_unwritable_place_means_no_cache_not_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file, not a folder")
    monkeypatch.setenv(ENVIRONMENT, str(blocker / "cache"))
    assert folder() is None


def test_a_ruleset_that_passed_its_schema_is_not_checked_again_and_a_failing_one_always_is(
    cache_in: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trickbook import RulesetError, load_ruleset
    from trickbook.ruleset import schema

    load_ruleset("whist")
    passes = sorted((cache_in / "schema-passes").iterdir())
    assert passes, "the passes were noted"

    def refuse(name: str) -> None:
        raise AssertionError(f"the {name} schema was run again")

    monkeypatch.setattr(schema, "validator", refuse)
    load_ruleset("whist")  # served by the notes
    monkeypatch.undo()
    monkeypatch.setenv(ENVIRONMENT, str(cache_in))
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: trickbook-ruleset/1\nid: broken\nextends: whist\nseats: many\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(RulesetError, match="seats"):
            load_ruleset(broken)
    assert sorted((cache_in / "schema-passes").iterdir()) == passes, "a failing document is never noted"


def test_the_cache_file_is_named_after_the_grammar_lark_and_python(
    cache_in: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README: the file's name covers the grammar, Lark and Python versions, so a change never reads stale tables."""
    grammar = syntax.resources.grammar_text()
    names = set()
    for change in (None, "grammar", "lark", "python"):
        if change == "grammar":
            monkeypatch.setattr(syntax.resources, "grammar_text", lambda: grammar + "\n// changed\n")
        elif change == "lark":
            monkeypatch.setattr(syntax.lark, "__version__", "0.0.1")
        elif change == "python":
            monkeypatch.setattr(syntax, "sys", SimpleNamespace(version_info=(3, 99, 0)))
        syntax._parser.cache_clear()
        syntax._parser()
        names |= {p.name for p in cache_in.iterdir()}
    assert len(names) == 4, names

"""The workbench's one call: a ruleset's text in, what `validate`, `explain`, `check`, `diff` and `upgrade` say
of it out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import i18n, resources
from ..book.diff import as_text as diff_text
from ..book.diff import differences
from ..book.explain import explain
from ..book.lint import lint
from ..book.worked import check_examples
from ..errors import InputError, Location, TrickbookError, UsageError
from ..ruleset.loader import RulesetSource, load_ruleset, open_text
from ..ruleset.upgrade import upgraded

EDITOR = "editor"
"""How the text being edited is named in messages: errors in it point at the editor's lines."""


def study(text: str, saved: Mapping[str, str], language: str = i18n.LANGUAGES[0]) -> dict[str, Any]:
    """Everything the workbench shows for `text`: located errors and warnings, and, when it loads, the rule book
    (HTML, in the page's language), each worked example's verdict, the differences from the ruleset it extends
    and, for an older format, the text `trickbook upgrade` would write."""
    out: dict[str, Any] = {"id": None, "title": None, "errors": [], "warnings": [], "book": None}
    out |= {"examples": [], "diff": None, "extends": None, "upgrade": None}
    gettext = i18n.gettext(language)
    with resources.saved_rulesets(saved):
        try:
            source = open_text(text, EDITOR)
            out |= {"id": source.id, "title": source.document.data.get("title")}
            findings = lint(source)
            rules = source.resolve()
        except InputError as exc:  # in the page's language where the catalogue has the words
            problem, hint = exc.problem_in(gettext), exc.worded("hint", gettext)
            out["errors"].append(_located(exc.where, exc.render(gettext), problem, hint))
            return out
        except TrickbookError as exc:
            out["errors"].append(_located(None, str(exc), str(exc), None))
            return out
        for finding in findings:
            entry = _located(finding.where, finding.render(gettext), finding.said.in_language(gettext), None)
            out["errors" if finding.level == "error" else "warnings"].append(entry)
        out["upgrade"] = _upgrade(text, source)
        out["book"] = explain(rules, "html", language)
        out["examples"] = [
            {
                "name": r.name,
                "line": r.where.line,
                "passed": r.passed,
                "mismatches": [m.in_language(gettext) for m in r.said],
            }
            for r in check_examples(source)
        ]
        if source.chain:
            parent = source.chain[0]
            out["extends"] = parent
            try:
                base = open_text(saved[parent], parent).resolve() if parent in saved else load_ruleset(parent)
                out["diff"] = diff_text(base, rules, differences(base, rules))
            except TrickbookError as exc:
                out["diff"] = f"cannot compare with {parent}: {exc}"
    return out


def checked_for_saving(text: str, saved: Mapping[str, str]) -> str:
    """The id under which `text` is saved; refused when it does not load (the schema holds an id to the form of a
    file name) or names a bundled ruleset."""
    with resources.saved_rulesets(saved):
        source = open_text(text, EDITOR)
        source.resolve()
    if source.id in resources.bundled_ruleset_ids():
        raise UsageError(f"{source.id!r} is a bundled ruleset's id; give your ruleset an id of its own")
    return source.id


def _upgrade(text: str, source: RulesetSource) -> dict[str, Any] | None:
    """What the workbench offers for a text in an older format: the upgraded text, its diff and the changes in
    words; None when the text is in the current format."""
    change = upgraded(text, EDITOR, source)
    if not change.needed:
        return None
    return {"format": change.written_in, "text": change.after, "diff": change.diff(), "notes": list(change.notes)}


def _located(where: Location | None, text: str, message: str, hint: str | None) -> dict[str, Any]:
    """An error as the editor marks it: its line and column in the editor, or none when it lies in another file."""
    mine = where is not None and where.file == EDITOR
    return {
        "line": where.line if mine and where else None,
        "column": where.column if mine and where else None,
        "file": where.file if where else None,
        "message": message,
        "hint": hint,
        "text": text,
    }

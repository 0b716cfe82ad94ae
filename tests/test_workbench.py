"""The workbench's one call (web/workbench.py) without a browser: what it says of a text that extends a variant,
and which ids it saves under."""

from __future__ import annotations

import pytest

from trickbook.errors import RulesetError, UsageError
from trickbook.web.workbench import checked_for_saving, study

HOUSE = "format: trickbook-ruleset/2\nid: my-house\ntitle: My house\nextends: tarneeb-41-house\n"
"""A text that extends a bundled variant (Tarneeb 41 house rules, itself extending Tarneeb 41) and changes
nothing."""


def test_a_text_is_compared_with_the_ruleset_it_extends_itself_not_that_rulesets_parent() -> None:
    out = study(HOUSE, {})
    assert out["errors"] == [] and out["extends"] == "tarneeb-41-house"
    assert out["diff"].startswith("tarneeb-41-house (version 2") and out["diff"].endswith("the rules are the same\n")
    assert out["book"].startswith('<!DOCTYPE html>\n<html lang="en" dir="ltr">'), "in English unless asked"


def test_a_saved_parent_is_read_from_the_saved_texts() -> None:
    saved = {"my-base": HOUSE.replace("my-house", "my-base").replace("My house", "My base")}
    out = study(HOUSE.replace("tarneeb-41-house", "my-base"), saved)
    assert out["extends"] == "my-base" and out["diff"].startswith("my-base (version 2")


def test_a_text_is_saved_under_an_id_of_its_own_in_the_form_of_a_file_name() -> None:
    assert checked_for_saving(HOUSE, {}) == "my-house"
    with pytest.raises(UsageError, match="'tarneeb-41' is a bundled ruleset's id; give your ruleset an id of its own"):
        checked_for_saving(HOUSE.replace("my-house", "tarneeb-41"), {})
    with pytest.raises(RulesetError) as refused:
        checked_for_saving(HOUSE.replace("my-house", "my_house"), {})
    assert str(refused.value).startswith("editor:2:5: id: this text has the wrong form")


def test_an_error_in_a_saved_parent_is_placed_in_that_file_not_at_the_editors_lines() -> None:
    parent = "format: trickbook-ruleset/2\nid: my-parent\ntitle: Parent\nextends: spades\n"
    out = study(HOUSE.replace("tarneeb-41-house", "my-parent"), {"my-parent": parent})
    [error] = out["errors"]
    assert (error["line"], error["column"], error["file"]) == (None, None, "saved/my-parent.yaml")
    assert error["text"].startswith("saved/my-parent.yaml:4:10: extends: there is no bundled ruleset 'spades'")
    own = study(HOUSE.replace("tarneeb-41-house", "spades"), {})["errors"][0]
    assert (own["line"], own["column"], own["file"]) == (4, 10, "editor"), "in the text itself: marked there"


def test_a_deck_file_named_in_the_editor_is_refused_at_the_deck_key() -> None:
    """A text in the editor may not name a deck file (there is no file beside it to read); the refusal is placed
    where the text names it."""
    [error] = study(HOUSE + "deck: nowhere.yaml\n", {})["errors"]
    assert (error["line"], error["column"], error["file"]) == (5, 7, "editor")
    assert error["text"].startswith("editor:5:7: deck: a file is named ('nowhere.yaml'), but only bundled rulesets")

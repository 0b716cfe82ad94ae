"""The web server's store, called directly: where it keeps its file, the versions of a saved ruleset, the texts a
table pins, and what a missing table record or comparison reads as."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from trickbook.errors import UsageError
from trickbook.web.store import Store, digest

WHIST = "format: trickbook-ruleset/1\nid: mine\nextends: whist\n"
HEARTS = "format: trickbook-ruleset/1\nid: mine\nextends: hearts\n"


def test_the_store_makes_its_folder_and_opens_again_one_that_exists(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "b"
    Store(folder).close()
    assert (folder / "trickbook.sqlite3").is_file()
    again = Store(folder)
    assert again.path == folder / "trickbook.sqlite3"
    again.close()


def test_saving_other_text_adds_a_version_and_the_same_text_again_does_not(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.save_ruleset("mine", WHIST, 1.0) == 1
    assert store.save_ruleset("mine", WHIST, 2.0) == 1
    assert store.save_ruleset("mine", HEARTS, 3.0) == 2
    assert store.save_ruleset("mine", WHIST, 4.0) == 3, "back to an earlier text is a new version"
    assert store.save_ruleset("other", WHIST, 5.0) == 1
    assert store.rulesets() == {"mine": WHIST, "other": WHIST}


def test_a_table_reads_the_texts_it_pinned_and_is_told_which_are_gone(tmp_path: Path) -> None:
    store = Store(tmp_path)
    pins = store.pin({"mine": WHIST})
    assert pins == {"mine": digest(WHIST)}
    assert store.pinned(pins) == {"mine": WHIST}
    message = "the text of saved ruleset(s) gone, lost that the table started with is gone"
    with pytest.raises(UsageError, match=re.escape(message)):
        store.pinned({**pins, "lost": digest("x"), "gone": digest("y")})


def test_a_missing_record_or_comparison_reads_as_none_and_a_kept_one_as_written(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_table("t1", {"phase": "playing"}, 1.0, {1: {"seed": 7}})
    assert store.record("t1", 1) == '{"seed": 7}'
    assert store.record("t1", 2) is None and store.record("t2", 1) is None
    store.save_comparison("c1", {"done": 3})
    assert store.comparison("c1") == {"done": 3}
    assert store.comparison("c2") is None


def test_the_store_answers_the_servers_other_threads(tmp_path: Path) -> None:
    store = Store(tmp_path)
    answers: list[object] = []
    worker = threading.Thread(target=lambda: answers.append(store.save_ruleset("mine", WHIST, 1.0)))
    worker.start()
    worker.join()
    assert answers == [1] and store.rulesets() == {"mine": WHIST}


def test_kept_tables_are_read_oldest_change_first_whatever_their_ids(tmp_path: Path) -> None:
    """The order the server reopens tables in after a restart is the order of their last change."""
    store = Store(tmp_path)
    store.save_table("a", {"n": 1}, 1.0, {})
    store.save_table("b", {"n": 2}, 2.0, {})
    store.save_table("a", {"n": 3}, 3.0, {})
    assert [(table_id, updated) for table_id, _state, updated in store.tables()] == [("b", 2.0), ("a", 3.0)]
    assert store.tables()[1][1] == '{"n": 3}'

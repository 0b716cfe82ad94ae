"""The language's third round (issue 30): each concept as its reference states it."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook import load_ruleset, open_ruleset
from trickbook.book.worked import check_examples
from trickbook.errors import ExpressionError

NINE = """\
format: trickbook-ruleset/2
id: nine-bonus
title: Nine bonus
description: Tarneeb 41 where taking the nine or the ten of trump scores a point.
extends: tarneeb-41
scoring:
  rules:
    nine:
      description: The side that takes the nine of trump scores one more, and the ten another.
      for: side
      points: took(side, card(9, trump)) + took(side, card(10, trump))
examples:
  - name: the nine of trump to one side, the ten to the other
    declarer: 0
    trump: H
    bids: [7, null, null, null]
    tricks: [4, 3, 4, 2]
    took: [[9H], [TH], [], []]
    expect: {lines: {nine: [1, 1]}}
"""


def test_a_rank_the_deck_names_by_a_number_is_written_as_that_number(tmp_path: Path) -> None:
    """Reference: where a rank is expected, a number the deck names a rank by is that rank (`card(9, trump)`)."""
    path = tmp_path / "nine.yaml"
    path.write_text(NINE, encoding="utf-8")
    assert [r.mismatches for r in check_examples(open_ruleset(path))] == [()]


def test_a_number_that_names_no_rank_is_still_refused_at_its_place(tmp_path: Path) -> None:
    path = tmp_path / "one.yaml"
    path.write_text(NINE.replace("card(9, trump)", "card(1, trump)"), encoding="utf-8")
    with pytest.raises(ExpressionError) as refused:
        load_ruleset(path)
    assert "one.yaml:11:" in str(refused.value) and "expected card(rank, suit)" in str(refused.value)

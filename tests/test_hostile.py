"""Every hostile input of tests/hostile.py is refused quickly, with its message, and nothing runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from hostile import CASES, SECRET, Case, run

TIME_BUDGET = 5.0
MEMORY_BUDGET_MB = 200.0


@pytest.mark.parametrize("case", CASES, ids=[f"{c.kind}: {c.name}" for c in CASES])
def test_hostile_input_is_refused_with_a_located_message(case: Case, tmp_path: Path) -> None:
    outcome = run(case, tmp_path)
    assert outcome.status == 1, outcome.message
    assert case.expect in outcome.message, outcome.message
    assert "Traceback" not in outcome.message
    assert outcome.message.startswith("trickbook: "), outcome.message
    assert outcome.seconds < TIME_BUDGET
    assert outcome.peak_mb < MEMORY_BUDGET_MB
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists(), "a tag ran code"
    assert SECRET.split()[-1] not in outcome.message, "a file's text was echoed"


def test_passing_targets_that_stop_being_one_to_one_end_the_match_with_the_rule(tmp_path: Path) -> None:
    """`passing.to` is tried at load for many hands, but it may read totals: a clash found in play is the rule's
    error, never an IndexError or a seat with more cards than the others."""
    from trickbook import Game, RulesRuntimeError, load_ruleset

    path = tmp_path / "later.yaml"
    path.write_text(
        "format: trickbook-ruleset/1\nid: later\ntitle: Later\nextends: hearts\n"
        'passing: {cards: 3, to: "if total(seat) > 0 then left(dealer) else left(seat)"}\n',
        encoding="utf-8",
    )
    game = Game(load_ruleset(str(path)), seed=1)
    with pytest.raises(RulesRuntimeError, match=r"passing.to in hand \d+: seats \d and \d both pass to seat \d"):
        while not game.is_over():
            game.apply(game.default_action())


@pytest.mark.parametrize("value", ["²", "③", "1,²", "٣", "1,2,³"])
def test_option_numbers_are_ascii_digits_so_superscript_and_circled_digits_are_refused_not_crashed(value: str) -> None:
    """`str.isdigit` accepts '²' and '③', which `int` refuses: an option value is checked digit by digit in ASCII."""
    from trickbook import OptionError, load_ruleset

    with pytest.raises(OptionError, match="is not a value of the option 'sequence'"):
        load_ruleset("oh-hell", options={"sequence": value})


BIDI = "\u202e\u2066\u200b\u200f\ufeff"


def test_bidi_controls_and_zero_width_characters_are_shown_escaped_in_messages_and_rule_books(tmp_path: Path) -> None:
    """Text that reorders or hides itself is written as its escape wherever trickbook quotes ruleset text."""
    from trickbook import RulesetError, load_ruleset
    from trickbook.book.diff import as_text, differences
    from trickbook.book.explain import explain

    path = tmp_path / "bidi.yaml"
    body = f"format: trickbook-ruleset/1\nid: bidi\ntitle: 'T{BIDI}'\nextends: cardems-spades\n"
    path.write_text(body + f"description: 'D{BIDI}'\nmatch: {{wins: 'total(side) >= 1 {BIDI}'}}\n", "utf-8")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(path))
    path.write_text(body + f"description: 'D{BIDI}'\n", "utf-8")
    rules, base = load_ruleset(str(path)), load_ruleset("cardems-spades")
    said = [
        str(refused.value),
        explain(rules, "md"),
        explain(rules, "html"),
        as_text(base, rules, differences(base, rules)),
    ]
    for text in said:
        assert not any(c in text for c in BIDI), text
    assert "\\u202e\\u2066\\u200b\\u200f\\ufeff" in said[1] and "\\u202e" in said[0]

"""Every hostile input of tests/hostile.py is refused quickly, with its message, and nothing runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostile import CASES, SECRET, Case, _record, run

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


def _timed_out_table() -> dict:
    """A saved table where the person at seat 0 let the clock bid and play for them, and bots played the rest."""
    from trickbook.session.table import Table

    table = Table("cardems-spades", seats=["human", "random", "random", "random"], seed=3, turn_seconds=10)
    table.tick(100)
    return table.save()


def test_an_automatic_move_must_be_the_timeout_move_in_replay_and_in_a_table_restore() -> None:
    """`auto` marks the move the turn clock made: a forged move with the mark is refused, for a person's seat
    (it is not what the clock plays) and for a bot's (a bot is never timed out, and resume would not ask it)."""
    from trickbook.errors import RecordError
    from trickbook.session.table import Table

    saved = _timed_out_table()
    Table.restore(json.loads(json.dumps(saved)), now=100)
    forged = json.loads(json.dumps(saved))
    forged["record"]["hands"][0]["actions"][0]["value"] = 7
    with pytest.raises(RecordError, match=r"actions\[0\]: the record marks bid 7 automatic, but when time runs out"):
        Table.restore(forged, now=100)
    bot = json.loads(json.dumps(saved))
    bot["record"]["hands"][0]["actions"][1].update(value=1, auto=True)  # the timeout's bid, but a bot's
    with pytest.raises(RecordError, match=r"seat 1 is played by random, which always chooses in time"):
        Table.restore(bot, now=100)


def test_replay_says_which_records_deals_were_not_checked_against_their_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A version 2 record of seeded deals has its deals checked; one whose deals are "given" (or a version 1
    record) replays as dealt, and `replay` says so instead of a bare "all agree"."""
    from trickbook.cli import main

    seeded = json.loads(Path(_record(lambda r: None)(tmp_path)).read_text(encoding="utf-8"))
    given = dict(seeded, deals="given")
    path = tmp_path / "both.jsonl"
    path.write_text(json.dumps(seeded) + "\n" + json.dumps(given) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "all agree" in out
    assert "1 of 2 record(s) replayed as dealt: their deals were not checked against their seed" in out


def test_a_file_that_takes_a_bundled_id_is_named_in_replay_and_warned_about_by_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record's ruleset path shadows the bundled ruleset of the same id: replay says whose rules it used, and
    `validate` warns the author of the file."""
    from trickbook import Game, load_ruleset
    from trickbook.cli import main
    from trickbook.record.writer import match_record

    mine = tmp_path / "mine.yaml"
    mine.write_text("format: trickbook-ruleset/1\nid: hearts\ntitle: Mine\nextends: hearts\n", encoding="utf-8")
    assert main(["validate", str(mine)]) == 0
    assert "id: 'hearts' is the id of a bundled ruleset" in capsys.readouterr().err
    game = Game(load_ruleset(str(mine)), seed=2, hand_cap=1)
    while not game.is_over():
        game.apply(game.default_action())
    record = match_record(game)
    record["ruleset"]["path"] = str(mine)
    del record["ruleset"]["document"]
    (tmp_path / "record.json").write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(tmp_path / "record.json")]) == 0
    assert f"the file {mine}, not the bundled 'hearts' of the same id" in capsys.readouterr().out


def test_validate_tries_fewer_totals_on_a_match_end_that_costs_more_to_evaluate(tmp_path: Path) -> None:
    """Nested aggregates under the limit still cost many parts per evaluation: `validate` thins the totals it
    tries for such a match end, so its time stays that of a plain one; a plain match end gets every total."""
    from trickbook import load_ruleset
    from trickbook.book.lint import TOTALS_PROBED, _totals_probed

    path = tmp_path / "costly.yaml"
    costly = "any(any(total(a) + total(b) >= 100000 and total(a) - total(b) > 7 for b in seats) for a in seats)"
    path.write_text(f"format: trickbook-ruleset/1\nid: c\ntitle: C\nextends: hearts\nmatch: {{ends: '{costly}'}}\n")
    rules = load_ruleset(str(path))
    assert rules.match.ends is not None and 100 < rules.match.ends.work <= 1000
    assert len(_totals_probed(rules)) < len(TOTALS_PROBED) // 2
    assert _totals_probed(load_ruleset("hearts")) == TOTALS_PROBED

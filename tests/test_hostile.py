"""Every hostile input of tests/hostile.py is refused quickly, with its message, and nothing runs."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

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


def test_the_bundled_file_itself_is_not_warned_about_its_own_id(capsys: pytest.CaptureFixture[str]) -> None:
    """`validate rulesets/whist.yaml` in a checkout names the bundled file word for word: no shadowing warning
    (a file that only shares the id is warned about, below)."""
    from trickbook.cli import main
    from trickbook.resources import rulesets_dir

    assert main(["validate", str(rulesets_dir() / "whist.yaml")]) == 0
    assert "is the id of a bundled ruleset" not in capsys.readouterr().err


def test_a_file_that_takes_a_bundled_id_is_named_in_replay_and_warned_about_by_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record's ruleset path shadows the bundled ruleset of the same id: replay says whose rules it used, and
    `validate` warns the author of the file."""
    from trickbook import Game, load_ruleset
    from trickbook.cli import main
    from trickbook.record.writer import match_record

    mine = tmp_path / "mine.yaml"
    mine.write_text("format: trickbook-ruleset/1\nid: whist\ntitle: Mine\nextends: whist\n", encoding="utf-8")
    assert main(["validate", str(mine)]) == 0
    assert "id: 'whist' is the id of a bundled ruleset" in capsys.readouterr().err
    game = Game(load_ruleset(str(mine)), seed=2, hand_cap=1)
    while not game.is_over():
        game.apply(game.default_action())
    record = match_record(game)
    record["ruleset"]["path"] = str(mine)
    del record["ruleset"]["document"]
    (tmp_path / "record.json").write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(tmp_path / "record.json")]) == 0
    assert f"the file {mine}, not the bundled 'whist' of the same id" in capsys.readouterr().out


def test_validate_tries_fewer_totals_on_a_match_end_that_costs_more_to_evaluate(tmp_path: Path) -> None:
    """Nested aggregates under the limit still cost many parts per evaluation: `validate` thins the totals it
    tries for such a match end, so its time stays that of a plain one; a plain match end gets every total."""
    from trickbook import limits, load_ruleset
    from trickbook.book.lint import thinning

    path = tmp_path / "costly.yaml"
    costly = "any(any(total(a) + total(b) >= 100000 and total(a) - total(b) > 7 for b in seats) for a in seats)"
    path.write_text(f"format: trickbook-ruleset/1\nid: c\ntitle: C\nextends: hearts\nmatch: {{ends: '{costly}'}}\n")
    rules = load_ruleset(str(path))
    assert rules.match.ends is not None and 100 < rules.match.ends.work <= limits.MAX_EVALUATED_PARTS
    assert thinning(rules.match.ends.work) > 2
    hearts = load_ruleset("hearts").match
    assert thinning(sum(c.work for c in (hearts.wins, hearts.loses, hearts.ends) if c is not None)) == 1


def _saved_table(state: str) -> dict:
    """A save of a cardems-spades table with one person and three random bots, all clocks on, playing
    mid-hand, waiting for the ready check after the first hand, or voting on a rematch after a one-hand match."""
    from trickbook.session.table import Table

    table = Table(
        "cardems-spades",
        seats=["human", "random", "random", "random"],
        seed=3,
        turn_seconds=10,
        ready_seconds=10,
        vote_seconds=10,
        hand_cap=1 if state == "voting" else 5,
    )
    now = 0.0
    while table.phase == "playing" and not (state == "playing" and table.game.moves_made > 6):
        now += 20
        table.tick(now)
    assert table.phase == state
    return json.loads(json.dumps(table.save()))


TAMPERED = [
    # item 14: each field's type and range
    ("playing", "hand_cap", "lots", "hand_cap: expected a whole number from 1 to 5,000"),
    ("playing", "hand_cap", 0, "hand_cap: expected a whole number from 1 to 5,000"),
    ("playing", "finished", "junk", "finished: expected a list of match records"),
    ("playing", "finished", [7], "finished[0]: expected a match record with its seed"),
    ("playing", "turn_seconds", "10", "turn_seconds: expected null or a finite number of seconds"),
    ("playing", "turn_seconds", -5, "turn_seconds: expected null (no clock) or a positive number of seconds"),
    ("playing", "deadline", True, "deadline: expected null or a finite number of seconds"),
    ("playing", "seed", 1.5, "seed: expected a whole number"),
    ("playing", "secret_seeds", "yes", "secret_seeds: expected true or false"),
    ("playing", "match_number", 0, "match_number: expected a whole number from 1"),
    ("playing", "ready", "0", "ready: expected a list of seat numbers from 0 to 3"),
    ("playing", "votes", [], "votes: expected an object of seat numbers and true or false"),
    ("playing", "votes", {"0": "yes"}, "votes['0']: expected a seat from 0 to 3 voting true or false"),
    ("playing", "close_reason", 3, "close_reason: expected text"),
    ("playing", "reference", 5, "reference: expected text"),
    ("playing", "seats", "human", "seats: expected a list of players"),
    ("playing", "record", [], "record: expected a match record (a JSON object)"),
    ("playing", "owner", "me", "owner: a table saves no such field"),
    # item 15: the state against the match
    ("playing", "phase", "voting", "phase: a rematch vote comes only once the match is over, and this one goes on"),
    ("playing", "phase", "waiting-ready", "phase: a ready check comes only between two hands"),
    ("playing", "ready", [0], "phase: a table playing has no confirmations or votes pending"),
    ("playing", "seed", 4, "seed: match 1 of a table of seed 4 is dealt from seed 4; found 3"),
    ("playing", "hand_cap", 7, "hand_cap: the match's record has a hand cap of 5"),
    ("playing", "deadline", None, "deadline: the clock of 10 seconds runs for the person to act"),
    ("playing", "turn_seconds", None, "deadline: a table playing without a clock has no deadline"),
    ("waiting-ready", "ready", [0, 1, 2, 3], "ready: bots ([1, 2, 3]) are ready at once"),
    ("waiting-ready", "ready", [], "ready: bots ([1, 2, 3]) are ready at once"),
    ("voting", "finished", "twice", "finished: match 1 follows 0 finished match(es); found 2"),
    ("voting", "finished", "other", "finished[0]: expected match 1, over, of seed 3"),
    ("voting", "votes", {"1": True, "2": True}, "votes: bots ([1, 2, 3]) vote yes at once"),
    ("voting", "phase", "playing", "phase: a table playing has no confirmations or votes pending"),
    # item 16: every player within the budget per decision
    ("playing", "seats", ["human", "mcts:playouts=100000000", "random", "random"], "seats[1]: mcts:playouts=100000000"),
    ("playing", "seats", ["human", "heuristic:samples=100000", "random", "random"], "would play out 500,000 hands"),
]


@pytest.mark.parametrize(
    ("state", "field", "value", "says"), TAMPERED, ids=[f"{t[0]}-{t[1]}-{t[2]!r}" for t in TAMPERED]
)
def test_a_tampered_table_save_is_refused_naming_the_field(state: str, field: str, value: object, says: str) -> None:
    from trickbook.session.table import Table, TableError

    saved = _saved_table(state)
    if value == "twice":
        value = [saved["finished"][0], saved["finished"][0]]
    elif value == "other":
        value = [dict(saved["finished"][0], seed=9)]
    saved[field] = value
    with pytest.raises(TableError) as refused:
        Table.restore(saved, now=1000.0)
    assert says in str(refused.value)


JUNK: list[object] = [None, True, -1, 0, 1.5, float("inf"), "x", [], {}, [0], {"0": True}, 10**30]


def _answer_every_call(table: Any) -> None:
    """Calls every entry of a restored table once: each gives events or a trickbook error, nothing else."""
    from trickbook.errors import TrickbookError

    legal = table.view(0)["legal"]
    calls = [
        lambda: table.submit(0, legal[0] if legal else "pass", 1001.0),
        lambda: table.mark_ready(0, 1002.0),
        lambda: table.vote(0, True, 1003.0),
        lambda: table.tick(5000.0),
    ]
    for call in calls:
        with contextlib.suppress(TrickbookError):
            call()


@pytest.mark.parametrize("state", ["playing", "waiting-ready", "voting"])
def test_any_junk_in_a_saved_field_is_refused_or_gives_a_table_that_answers_every_call(state: str) -> None:
    """Every field of a save replaced by each kind of junk: the restore refuses it with `TableError`, or the table
    it gives answers tick, view, submit, mark_ready and vote with events or a `TableError`, never a TypeError."""
    from trickbook.errors import TrickbookError
    from trickbook.session.table import Table

    saved = _saved_table(state)
    for field in sorted(saved):
        for junk in JUNK:
            tampered = json.loads(json.dumps(saved))
            tampered[field] = junk
            try:
                table = Table.restore(tampered, now=1000.0)
            except TrickbookError:
                continue
            _answer_every_call(table)


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("mcts:playouts=100000000", "would play out 100,000,000 hands for one decision"),
        ("heuristic:samples=100000", "would play out 500,000 hands for one decision"),
        ("mcts:ms=999999", "would think 999999 ms for one decision"),
    ],
)
def test_one_budget_per_decision_holds_for_every_player_kind_wherever_a_player_is_named(
    spec: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line, a new table, a server creating or reopening a table: each refuses a bot over the budget
    before it plays (a saved table's seats are checked by the tampered-save corpus above)."""
    from trickbook.cli import main
    from trickbook.errors import UsageError
    from trickbook.session.table import Table
    from trickbook.web.live import Hub
    from trickbook.web.store import Store

    assert main(["simulate", "whist", "--matches", "1", "--players", spec]) == 2
    assert says in capsys.readouterr().err
    with pytest.raises(UsageError, match=says):
        Table("whist", seats=["human", spec, "random", "random"])
    hub = Hub(Store(tmp_path))
    with pytest.raises(UsageError, match=says):
        hub.create("whist", ["human", spec, "random", "random"], {}, None, None, 0.0, lambda: None)
    live = hub.create("whist", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    state = {"table": live.table.save(), "tokens": live.tokens, "logs": live.logs, "kept": live.kept}
    state["table"]["seats"][1] = spec
    hub.store.save_table(live.id, state, 1.0, {})
    problems = Hub(hub.store).restore_all(2.0)
    assert len(problems) == 1 and says in problems[0]


def test_every_event_class_declares_who_may_see_it_with_no_default() -> None:
    """Each event of the engine says which seats may see it (its own `seen_by`, not inherited): an event that
    does not say fails here instead of being broadcast by whoever delivers it."""
    import dataclasses
    import inspect
    import typing

    from trickbook.engine import events

    declared = set(typing.get_args(events.Event))
    defined = {
        cls
        for _, cls in inspect.getmembers(events, inspect.isclass)
        if cls.__module__ == events.__name__ and dataclasses.is_dataclass(cls)
    }
    assert defined == declared, "every event class is part of `Event`"
    for cls in declared:
        assert "seen_by" in vars(cls), f"{cls.__name__} does not say who may see it"
        assert inspect.signature(vars(cls)["seen_by"]).return_annotation in ("Sight", events.Sight)


def test_a_timed_out_hidden_move_names_its_card_only_to_its_own_seat() -> None:
    """The turn clock passes a card for seat 0: seat 0 is told which, the others only that a card was set aside
    to pass; every message fits the table-event schema."""
    from jsonschema import Draft202012Validator

    from trickbook import resources
    from trickbook.session.table import Table

    schema = Draft202012Validator(resources.schema("table-event"))
    table = Table("hearts", seats=["human", "random", "random", "random"], seed=1, turn_seconds=10)
    table.pending()
    while table.game.actor != 0 or table.game.phase != "passing":
        table = Table("hearts", seats=["human", "random", "random", "random"], seed=table.seed + 1, turn_seconds=10)
        table.pending()
    told = table.tick(10.5)
    codes = set(table.rules.deck.codes)
    mine = [m for m in told[0] if m["type"] == "timed_out"]
    assert mine and mine[0]["action"].startswith("give ") and "hidden" not in mine[0]
    for seat in (1, 2, 3):
        theirs = [m for m in told[seat] if m["type"] == "timed_out"]
        assert theirs == [{"type": "timed_out", "seat": 0, "action": "pass_cards", "hidden": True}]
        about_seat_0 = [json.dumps(m) for m in told[seat] if m.get("seat") == 0]
        assert about_seat_0 and not any(code in text for text in about_seat_0 for code in codes)
    for messages in told.values():
        for message in messages:
            schema.validate(message)

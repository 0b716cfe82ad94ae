"""A saved table's fields at their limits (one below, at and one past each), and the states a save may hold
against its matches: what `session/saved.py` accepts and the exact refusal of what it does not."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import pytest

from trickbook.limits import MAX_HANDS
from trickbook.session.saved import read_saved
from trickbook.session.table import PLAYING, VOTING, WAITING_READY, Table, TableError

SEEDS = (-(2**63), 2**63 - 1)
"""The seeds a table takes: any whole number of 64 bits, written out here so a changed limit fails."""


@functools.cache
def _saved_text(seats: tuple[str, ...] = ("human", "random", "random", "random"), seed: int = 3) -> str:
    """A tarneeb-41 table with a turn clock of 10 seconds, saved before its person's first move."""
    return json.dumps(Table("tarneeb-41", seats=list(seats), seed=seed, turn_seconds=10).save())


def _saved(**fields: object) -> dict[str, Any]:
    saved: dict[str, Any] = json.loads(_saved_text())
    saved.update(fields)
    return saved


def _refused(saved: dict[str, Any], message: str) -> None:
    with pytest.raises(TableError, match=re.escape(message)):
        Table.restore(saved, 1.0)


@pytest.mark.parametrize(
    ("field", "low", "high"),
    [("seed", *SEEDS), ("hand_cap", 1, MAX_HANDS), ("match_number", 1, 2**63 - 1)],
)
def test_a_whole_number_field_is_taken_at_both_ends_and_refused_one_past_either(
    field: str, low: int, high: int
) -> None:
    for value in (low, high):
        assert getattr(read_saved(_saved(**{field: value})), field) == value
    for value in (low - 1, high + 1):
        with pytest.raises(TableError) as refused:
            read_saved(_saved(**{field: value}))
        assert str(refused.value) == (
            f"the saved table's {field}: expected a whole number from {low:,} to {high:,}; found {value}"
        )


@pytest.mark.parametrize("field", ["turn_seconds", "ready_seconds", "vote_seconds"])
def test_a_clock_runs_for_a_positive_number_of_seconds_however_small(field: str) -> None:
    for value in (0.5, 1, 10**6):
        assert getattr(read_saved(_saved(**{field: value})), field) == value
    for value in (0, -0.5):
        with pytest.raises(TableError) as refused:
            read_saved(_saved(**{field: value}))
        assert str(refused.value) == (
            f"the saved table's {field}: expected null (no clock) or a positive number of seconds; found {value}"
        )


def test_a_deadline_is_any_finite_reading_of_the_callers_clock() -> None:
    assert read_saved(_saved(deadline=-5)).deadline == -5.0
    assert read_saved(_saved(deadline=None)).deadline is None
    for value in (float("inf"), "10"):
        with pytest.raises(TableError, match="deadline: expected null or a finite number of seconds"):
            read_saved(_saved(deadline=value))


def test_ready_and_votes_name_seats_from_0_to_the_last_and_no_other() -> None:
    assert read_saved(_saved(ready=[0, 3])).ready == {0, 3}
    for ready in ([4], [-1], [True], ["0"], [0, 4]):
        with pytest.raises(TableError) as refused:
            read_saved(_saved(ready=ready))
        expected = f"the saved table's ready: expected a list of seat numbers from 0 to 3; found {ready!r}"
        assert str(refused.value) == expected
    assert read_saved(_saved(votes={"3": False, "0": True})).votes == ((0, True), (3, False))
    for key, vote in (("4", True), ("-1", True), ("0", 1)):
        with pytest.raises(TableError) as refused:
            read_saved(_saved(votes={key: vote}))
        assert str(refused.value) == (
            f"the saved table's votes[{key!r}]: expected a seat from 0 to 3 voting true or false; found {vote!r}"
        )


def test_a_value_shown_in_a_refusal_is_whole_up_to_80_characters_and_cut_after() -> None:
    with pytest.raises(TableError) as refused:
        read_saved(_saved(owner="a" * 78))
    assert str(refused.value) == f"the saved table's owner: a table saves no such field; found '{'a' * 78}'"
    with pytest.raises(TableError) as refused:
        read_saved(_saved(owner="a" * 79))
    assert str(refused.value) == f"the saved table's owner: a table saves no such field; found '{'a' * 76}..."


def test_a_save_by_an_earlier_trickbook_without_the_later_fields_restores_with_what_they_meant() -> None:
    saved = _saved()
    for field in ("ready_seconds", "vote_seconds", "secret_seeds", "stand_ins"):
        del saved[field]
    fields = read_saved(saved)
    assert (fields.ready_seconds, fields.vote_seconds, fields.secret_seeds, fields.stand_ins) == (None, None, False, ())
    restored = Table.restore(saved, 1.0)
    assert restored.secret_seeds is False and restored.save()["seed"] == 3


def test_a_seat_and_a_stand_in_of_a_save_are_each_one_player() -> None:
    with pytest.raises(TableError, match=re.escape("the saved table's seats[1]: ")):
        read_saved(_saved(seats=["human", "random,random", "random", "random"]))
    with pytest.raises(TableError, match=re.escape("the saved table's stand_ins['0']: ")):
        read_saved(_saved(stand_ins={"0": "heuristic,random"}))
    assert read_saved(_saved(stand_ins={"0": "heuristic"})).stand_ins[0][0] == 0


def test_the_seats_of_a_save_are_the_players_its_match_was_played_by() -> None:
    _refused(
        _saved(seats=["human", "heuristic", "random", "random"]),
        "the saved table's seats: the match's record was played by ['human', 'random', 'random', 'random']",
    )
    older = _saved()
    del older["record"]["players"]  # a record that does not name its players is taken as the table's
    assert Table.restore(older, 1.0).seats == ["human", "random", "random", "random"]


def test_a_ready_check_before_the_first_hand_is_refused() -> None:
    """A ready check comes between two hands; at the first hand's start, before any action, it is not one."""
    saved = json.loads(_saved_text(seed=2))
    assert saved["record"]["hands"][0]["actions"] == [], "the person bids first: nothing happened yet"
    saved.update(phase=WAITING_READY, ready=[1, 2, 3], deadline=None)
    _refused(saved, "the saved table's phase: a ready check comes only between two hands of a match that goes on")


def test_where_a_bot_moves_next_a_save_needs_no_deadline_and_the_persons_clock_starts_on_restoring() -> None:
    saved = _saved(deadline=None)
    saved["record"]["hands"][0]["actions"] = []  # back to the deal: the bots before North have not bid yet
    restored = Table.restore(saved, 100.0)
    assert restored.game.actor == 0 and restored.game.moves_made > 0 and restored.deadline == 110.0


@functools.cache
def _second_match_text(secret_seeds: bool) -> tuple[str, str]:
    """A table of seed 5 with a vote clock, saved playing its second match and voting after it."""
    table = Table(
        "cardems-tarneeb",
        seats=["human", "random", "human", "random"],
        seed=5,
        hand_cap=1,
        vote_seconds=60,
        secret_seeds=secret_seeds,
    )
    for _ in range(2):
        now = 0.0
        while table.phase == PLAYING:
            now += 1
            seat = table.game.turn
            assert seat is not None
            table.submit(seat, table.view(seat)["legal"][0], now)
        assert table.phase == VOTING
        voting = json.dumps(table.save())
        table.vote(0, True, now)
        table.vote(2, True, now)
        if table.match_number == 2:
            playing = json.dumps(table.save())
    return playing, voting


def test_a_second_match_follows_exactly_one_finished_match() -> None:
    playing = json.loads(_second_match_text(False)[0])
    assert Table.restore(playing, 1.0).match_number == 2
    playing["finished"] = []
    _refused(playing, "the saved table's finished: match 2 follows 1 finished match(es); found 0")


def test_the_vote_after_a_second_match_restores_and_each_finished_match_is_checked_in_its_place() -> None:
    voting = json.loads(_second_match_text(False)[1])
    assert [done["seed"] for done in voting["finished"]] == [5, 6]
    assert Table.restore(json.loads(json.dumps(voting)), 1.0).phase == VOTING
    other = json.loads(json.dumps(voting))
    other["finished"][1]["seed"] = 9
    _refused(other, "the saved table's finished[1]: expected match 2, over, of seed 6 (each finished match once")
    unfinished = json.loads(json.dumps(voting))
    unfinished["finished"][0]["status"] = "playing"
    _refused(unfinished, "the saved table's finished[0]: expected match 1, over, of seed 5")
    changed = json.loads(json.dumps(voting))
    changed["finished"][1]["hands"] = changed["finished"][0]["hands"]
    _refused(changed, "finished: while the rematch is voted on, the last finished match is the current one")


def test_a_vote_in_a_save_is_pending_bots_yes_and_no_person_no_and_its_clock_has_a_deadline() -> None:
    voting = json.loads(_second_match_text(False)[1])
    assert voting["votes"] == {"1": True, "3": True} and voting["deadline"] is not None
    pending = Table.restore(dict(voting, votes={"0": True, "1": True, "3": True}), 1.0)
    assert pending.votes == {0: True, 1: True, 3: True}
    for votes in ({"0": False, "1": True, "3": True}, {"0": True, "1": True, "2": True, "3": True}):
        _refused(dict(voting, votes=votes), "the saved table's votes: bots ([1, 3]) vote yes at once")
    _refused(dict(voting, deadline=None), "deadline: the clock of 60 seconds runs for the person to act")


def test_with_secret_seeds_each_finished_match_has_a_seed_of_its_own() -> None:
    voting = json.loads(_second_match_text(True)[1])
    first, second = (done["seed"] for done in voting["finished"])
    assert first != second
    assert Table.restore(json.loads(json.dumps(voting)), 1.0).phase == VOTING
    voting["finished"][1]["seed"] = first
    _refused(voting, "the saved table's finished[1]: expected match 2, over, of a seed of its own")


def test_a_table_keeps_its_own_list_of_seats_and_restores_from_a_save_not_sent_through_json() -> None:
    """A table given a tuple of seats, or a list its caller changes later, keeps seats of its own; its save,
    restored as it is (in the same process, no JSON between), gives the same table."""
    seats = ["human", "random", "random", "random"]
    table = Table("tarneeb-41", seats=seats, seed=3)
    seats[1] = "human"
    assert table.seats == ["human", "random", "random", "random"]
    from_tuple = Table("tarneeb-41", seats=("human", "random", "random", "random"), seed=3)
    again = Table.restore(from_tuple.save(), 0.0)
    assert again.seats == from_tuple.seats and again.save() == from_tuple.save()

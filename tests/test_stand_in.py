"""One absent person does not stop a match: the clock covers the ready check, and the table's creator lets a bot
stand in for a person and gives the seat back, across a restart."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from trickbook import resources
from trickbook.errors import UsageError
from trickbook.session.table import PLAYING, WAITING_READY, Table, TableError
from trickbook.web import live
from trickbook.web.store import Store

EVENTS = Draft202012Validator(resources.schema("table-event"))


def _valid(delivery: dict[int, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    events = [event for seat_events in delivery.values() for event in seat_events]
    for event in events:
        EVENTS.validate(event)
    return events


def test_the_turn_clock_also_ends_the_ready_check_between_hands_at_a_web_table(tmp_path: Path) -> None:
    hub = live.Hub(Store(tmp_path))
    table = hub.create("call-break", ["human", "random", "random", "random"], {}, None, 5, 0.0, lambda: None).table
    now = 0.0
    while table.phase == PLAYING:
        now += 6  # the person never moves: each turn times out
        table.tick(now)
    assert table.phase == WAITING_READY and table.deadline is not None and table.deadline <= now + 5
    table.tick(table.deadline)
    assert table.phase == PLAYING and table.game.hand_number == 2


def test_a_bot_stands_in_for_an_absent_person_and_the_person_takes_the_seat_back() -> None:
    table = Table("tarneeb-41", seats=["human"] * 4, seed=3)
    absent = table.game.actor
    assert absent is not None
    events = _valid(table.stand_in(absent, "heuristic", 0.0))
    assert {"type": "stand_in", "seat": absent, "player": "heuristic"} in events
    assert table.game.actor != absent, "the bot moved at once for the absent person"
    with pytest.raises(TableError, match=r"a bot \(heuristic\) plays seat .* while its person is away"):
        table.submit(absent, "pass", 1.0)
    restored = Table.restore(table.save(), 1.0)
    assert restored.stand_ins == {absent: "heuristic"}
    events = _valid(restored.give_back(absent, 2.0))
    assert {"type": "seat_returned", "seat": absent} in events
    with pytest.raises(TableError, match="is not played by a stand-in bot"):
        restored.give_back(absent, 2.0)
    while restored.game.actor != absent:
        seat = restored.game.actor
        assert seat is not None
        restored.submit(seat, restored.view(seat)["legal"][0], 3.0)
    assert restored.view(absent)["legal"], "the person plays their own seat again"


def test_a_stand_in_during_the_ready_check_is_ready_for_the_absent_person() -> None:
    table = Table("call-break", seats=["human", "human", "random", "random"], seed=2)
    while table.phase == PLAYING:
        seat = table.game.actor
        assert seat is not None
        table.submit(seat, table.view(seat)["legal"][0], 0.0)
    table.mark_ready(0, 0.0)
    assert table.phase == WAITING_READY
    table.stand_in(1, "random", 0.0)
    assert table.phase == PLAYING and table.game.hand_number == 2


def test_only_the_creator_changes_who_plays_a_seat(tmp_path: Path) -> None:
    hub = live.Hub(Store(tmp_path))
    made = hub.create("whist", ["human", "human", "random", "random"], {}, None, None, 0.0, lambda: None)
    assert made.creator
    with pytest.raises(UsageError, match="only the table's creator"):
        hub.seat_player(made.id, "not-the-token", 1, "heuristic", 0.0)
    with pytest.raises(UsageError, match=r"the number of a person's seat \(0, 1\), not 2"):
        hub.seat_player(made.id, made.creator, 2, "heuristic", 0.0)
    with pytest.raises(UsageError, match="for one decision"):
        hub.seat_player(made.id, made.creator, 1, "mcts:playouts=1000000", 0.0)
    hub.seat_player(made.id, made.creator, 1, "random", 0.0)
    again = live.Hub(Store(tmp_path))
    assert again.restore_all(0.0) == []
    kept = again.tables[made.id]
    assert kept.creator == made.creator and kept.table.stand_ins == {1: "random"}
    again.seat_player(made.id, made.creator, 1, "human", 0.0)
    assert kept.table.stand_ins == {}


def test_a_saved_stand_in_must_be_a_bot_at_a_persons_seat() -> None:
    table = Table("whist", seats=["human", "human", "random", "random"], seed=4)
    saved = table.save()
    for stand_ins, field in [
        ({"2": "random"}, "stand_ins['2']"),
        ({"1": "human"}, "stand_ins['1']"),
        ([1], "stand_ins"),
    ]:
        with pytest.raises(TableError, match=re.escape(field)):
            Table.restore({**saved, "stand_ins": stand_ins}, 0.0)
    assert Table.restore({**saved, "stand_ins": {"1": "random"}}, 0.0).stand_ins == {1: "random"}


def test_a_stand_in_during_the_rematch_vote_votes_yes_for_the_absent_person() -> None:
    table = Table("cardems-tarneeb", seats=["human", "random", "human", "random"], seed=2, hand_cap=2)
    now = 0.0
    while table.phase in (PLAYING, WAITING_READY):
        now += 1
        seat = table.game.actor
        assert seat is not None
        if table.phase == WAITING_READY:
            table.mark_ready(next(s for s in (0, 2) if s not in table.ready), now)
        else:
            table.submit(seat, table.view(seat)["legal"][0], now)
    table.vote(0, True, now)
    events = _valid(table.stand_in(2, "random", now))
    assert {"type": "stand_in", "seat": 2, "player": "random"} in events
    assert table.phase == PLAYING and table.match_number == 2, "every seat said yes: the rematch starts"


def test_a_stand_in_is_named_by_text_of_one_to_sixty_characters(tmp_path: Path) -> None:
    hub = live.Hub(Store(tmp_path))
    made = hub.create("whist", ["human", "human", "random", "random"], {}, None, None, 0.0, lambda: None)
    assert made.creator
    for player in (5, None, "", "h" * 61):
        with pytest.raises(UsageError, match="'player' is 'human'"):
            hub.seat_player(made.id, made.creator, 1, player, 0.0)
    assert made.table.stand_ins == {}


@pytest.mark.parametrize(
    ("player", "refusal"),
    [
        ("", "'player' is 'human'"),
        ("x", "unknown player"),
        ("x" * 60, "unknown player"),
        ("x" * 61, "'player' is 'human'"),
        (7, "'player' is 'human'"),
    ],
)
def test_a_stand_in_is_named_in_1_to_60_characters(tmp_path: Path, player: object, refusal: str) -> None:
    hub = live.Hub(Store(tmp_path))
    made = hub.create("whist", ["human", "human", "random", "random"], {}, None, None, 0.0, lambda: None)
    assert made.creator
    with pytest.raises(UsageError) as refused:
        hub.seat_player(made.id, made.creator, 1, player, 0.0)
    assert str(refused.value).startswith(refusal)

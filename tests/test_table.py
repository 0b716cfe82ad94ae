"""Tables: ready checks, turn clocks, rematch votes, saving and restoring, and what each seat is told."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from trickbook import Game, load_ruleset, resources
from trickbook.engine.events import CardExposed, Event, HandCancelled, HandScored, MatchEnded
from trickbook.errors import Location, Said, UsageError
from trickbook.record.replay import RulesetCache, replay_record
from trickbook.session.table import CLOSED, PLAYING, VOTING, WAITING_READY, Table, TableError, event_json

EVENTS = Draft202012Validator(resources.schema("table-event"))


def types(delivery: dict[int, list[dict[str, Any]]], seat: int) -> list[str]:
    return [m["type"] for m in delivery[seat]]


def act_first(table: Table, seat: int, now: float) -> dict[int, list[dict[str, Any]]]:
    return table.submit(seat, table.view(seat)["legal"][0], now)


def drive(table: Table, now: float, steps: int | None = None) -> float:
    """People confirm ready and take their first legal action until the match ends (or for `steps` calls)."""
    taken = 0
    while table.phase in (PLAYING, WAITING_READY) and (steps is None or taken < steps):
        now += 1
        taken += 1
        if table.phase == WAITING_READY:
            for seat in range(4):
                if table.phase == WAITING_READY and seat not in table.ready:
                    table.mark_ready(seat, now)
        else:
            act_first(table, table.game.turn, now)
    return now


def test_a_whole_match_with_ready_checks_between_hands_and_a_rematch() -> None:
    table = Table("tarneeb-41", seats=["human", "random", "human", "random"], seed=3, hand_cap=6)
    now = 0.0
    ready_checks = 0
    while table.phase != VOTING:
        now += 1
        if table.phase == PLAYING:
            act_first(table, table.game.turn, now)
            continue
        assert table.phase == WAITING_READY
        ready_checks += 1
        with pytest.raises(TableError, match="not playing"):
            table.submit(0, "pass", now)
        first = table.mark_ready(0, now)
        assert "cards_dealt" not in types(first, 0), "the next deal waits for every seat"
        second = table.mark_ready(2, now)
        assert [m["seat"] for m in second[0] if m["type"] == "cards_dealt"] == [0]
        assert [m["seat"] for m in second[2] if m["type"] == "cards_dealt"] == [2]
        assert "hand_started" in types(second, 1)
    assert ready_checks >= 1
    table.vote(0, True, now)
    assert table.phase == VOTING
    restart = table.vote(2, True, now)
    assert table.match_number == 2 and table.phase == PLAYING
    assert "match_started" in types(restart, 1)
    assert len(table.finished) == 1


def _syrian_at_play(now: float) -> Table:
    table = Table("syrian-tarneeb-41", seats=["human", "random", "random", "random"], seed=4, turn_seconds=20, now=now)
    opening = table.pending()
    assert "your_turn" in types(opening, 0) and "your_turn" not in types(opening, 1)
    return table


def test_a_timed_out_declaration_in_syrian_41_becomes_2() -> None:
    table = _syrian_at_play(0.0)
    assert table.game.phase == "bidding" and table.game.turn == 0
    assert table.tick(19.9)[0] == []
    told = table.tick(20.0)
    assert {"type": "timed_out", "seat": 0, "action": "bid 2"} in told[0]
    assert {"type": "action", "seat": 0, "action": "bid", "value": 2, "auto": True} in told[1]


def test_a_timed_out_play_becomes_the_weakest_legal_card() -> None:
    table = _syrian_at_play(0.0)
    now = 0.0
    checked = 0
    deck = table.rules.deck
    order = {code: i for i, code in enumerate("CDHS")}
    while checked < 8 and table.phase != VOTING:
        if table.phase == WAITING_READY:
            table.mark_ready(0, now)
            continue
        view = table.view(0)
        if view["phase"] == "play" and view["turn"] == 0:
            legal = view["legal"]
            trump = view["trump"]
            plain = [c for c in legal if c[1] != trump] or legal
            weakest = min(plain, key=lambda c: (deck.rank_of[deck.parse_card(c)], order[c[1]]))
            now += 20
            told = table.tick(now)
            assert {"type": "timed_out", "seat": 0, "action": weakest} in told[0]
            checked += 1
        else:
            now += 20
            table.tick(now)
    assert checked == 8


def test_a_rematch_with_one_refusal_ends_the_table() -> None:
    table = Table("cardems-tarneeb", seats=["human", "random", "human", "random"], seed=2, hand_cap=2)
    now = drive(table, 0.0)
    assert table.phase == VOTING
    table.vote(0, True, now)
    told = table.vote(2, False, now)
    assert table.phase == CLOSED
    assert {"type": "table_closed", "reason": "a player declined the rematch"} in told[1]
    with pytest.raises(TableError, match="closed"):
        table.tick(now + 1)


def _at_ready_check(ready_seconds: float) -> tuple[Table, float, dict[int, list[dict[str, Any]]]]:
    table = Table(
        "tarneeb-41", seats=["human", "random", "human", "random"], seed=3, ready_seconds=ready_seconds, hand_cap=6
    )
    now = 0.0
    told = table.pending()
    while table.phase == PLAYING:
        now += 1
        told = act_first(table, table.game.turn, now)
    return table, now, told


def test_a_late_ready_is_confirmed_by_the_table_at_the_deadline() -> None:
    table, now, told = _at_ready_check(10)
    assert table.phase == WAITING_READY
    wanted = [m for m in told[1] if m["type"] == "ready_wanted"]
    assert wanted == [{"type": "ready_wanted", "waiting_for": [0, 2], "deadline": now + 10}]
    table.mark_ready(0, now + 3)
    assert table.tick(now + 9.9)[1] == [] and table.phase == WAITING_READY
    told = table.tick(now + 10)
    assert {"type": "ready", "seat": 2, "auto": True} in told[1]
    assert {"type": "ready", "seat": 0, "auto": True} not in told[1]
    assert table.phase == PLAYING and "hand_started" in types(told, 3)


def test_a_ready_after_the_deadline_finds_the_next_hand_already_dealt() -> None:
    table, now, _ = _at_ready_check(10)
    with pytest.raises(TableError, match="nobody needs to confirm ready"):
        table.mark_ready(2, now + 11)
    assert table.phase == PLAYING


def test_a_missing_rematch_vote_counts_as_no_at_the_deadline() -> None:
    table = Table("cardems-tarneeb", seats=["human", "random", "human", "random"], seed=2, hand_cap=2, vote_seconds=60)
    now = drive(table, 0.0)
    assert table.phase == VOTING and table.deadline == now + 60
    table.vote(0, True, now + 5)
    told = table.tick(now + 60)
    assert {"type": "vote", "seat": 2, "rematch": False, "auto": True} in told[0]
    assert table.phase == CLOSED
    with pytest.raises(TableError, match="closed"):
        table.vote(2, True, now + 61)


def test_votes_in_time_start_the_rematch_and_its_clock_is_the_turn_clock() -> None:
    table = Table(
        "cardems-tarneeb",
        seats=["human", "random", "human", "random"],
        seed=2,
        hand_cap=2,
        vote_seconds=60,
        turn_seconds=None,
    )
    now = drive(table, 0.0)
    table.vote(0, True, now + 1)
    table.vote(2, True, now + 2)
    assert table.phase == PLAYING and table.match_number == 2 and table.deadline is None
    assert table.tick(now + 1000)[0] == []


def test_a_table_of_bots_only_is_refused_with_what_to_do_instead() -> None:
    with pytest.raises(UsageError, match="at least one 'human' seat; to let bots play alone, use simulate"):
        Table("tarneeb-41", seats=["random"] * 4)


def test_a_match_created_under_version_1_keeps_it_after_version_2_exists(tmp_path: Path) -> None:
    original = (resources.rulesets_dir() / "tarneeb-41.yaml").read_text(encoding="utf-8")
    cut = original.index("  - version: 2")
    until_examples = original.index("\n# The scoring table")
    only_version_1 = original[:cut] + original[until_examples:]
    path = tmp_path / "tarneeb-41.yaml"
    path.write_text(only_version_1, encoding="utf-8")
    table = Table(str(path), seats=["human", "heuristic", "human", "heuristic"], seed=8, hand_cap=30)
    assert table.rules.version == 1
    now = drive(table, 0.0, steps=25)
    saved = json.loads(json.dumps(table.save()))
    path.write_text(original, encoding="utf-8")
    assert load_ruleset(path).version == 2 and load_ruleset(path).events
    restored = Table.restore(saved, now)
    assert restored.rules.version == 1 and not restored.rules.events
    assert [r.name for r in restored.rules.scoring.rules] == ["declarers", "defenders"]
    drive(restored, now)
    record = restored.finished[-1]
    assert record["ruleset"]["version"] == 1
    assert not any(line["rule"] == "king_bonus" for hand in record["hands"] for line in hand.get("lines", []))


def test_a_restored_table_continues_exactly_as_the_saved_one() -> None:
    table = Table("cardems-spades", seats=["heuristic", "human", "random", "random"], seed=5, hand_cap=4)
    now = drive(table, 0.0, steps=40)
    saved = json.loads(json.dumps(table.save()))
    twin = Table.restore(saved, now)
    drive(table, now, steps=200)
    drive(twin, now, steps=200)
    assert twin.save()["record"] == table.save()["record"]


TABLES = [
    ("tarneeb-41", {}),
    ("syrian-tarneeb-41", {}),
    ("cardems-spades", {}),
    ("cardems-tarneeb", {}),
    ("hearts", {}),
    ("oh-hell", {"players": "5"}),
    ("whist", {"honours": "on"}),
    ("call-break", {}),
]
"""Rulesets (with options) whose tables the property below drives: every table shape and phase bundled."""
OPERATION = st.tuples(
    st.sampled_from(["act", "illegal", "wait", "ready", "vote", "save"]), st.integers(0, 6), st.floats(0, 40)
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, dict[str, str], list[str]]:
    """A ruleset, its options and each seat's occupant (at least one person)."""
    ruleset, options = draw(st.sampled_from(TABLES))
    count = 5 if options.get("players") == "5" else 4
    seats = draw(st.lists(st.sampled_from(["human", "random"]), min_size=count, max_size=count))
    if "human" not in seats:
        seats[draw(st.integers(0, count - 1))] = "human"
    return ruleset, options, seats


@settings(deadline=None)
@given(
    table_spec=tables(),
    seed=st.integers(0, 1000),
    operations=st.lists(OPERATION, max_size=60),
    ready=st.sampled_from([None, 30.0]),
    vote=st.sampled_from([None, 60.0]),
)
def test_random_table_calls_never_show_a_seat_another_seats_cards_and_the_record_replays(
    table_spec: tuple[str, dict[str, str], list[str]],
    seed: int,
    operations: list[tuple[str, int, float]],
    ready: float | None,
    vote: float | None,
) -> None:
    ruleset, options, seats = table_spec
    table = Table(
        ruleset,
        seats=seats,
        options=options,
        seed=seed,
        turn_seconds=15,
        ready_seconds=ready,
        vote_seconds=vote,
        hand_cap=5,
    )
    now = 0.0
    told = table.pending()
    chooser = random.Random(seed)
    for kind, seat, pause in operations:
        _check_delivery(table, told)
        now += pause
        try:
            if (
                kind == "act"
                and table.phase == PLAYING
                and table.game.turn is not None
                and seats[table.game.turn] == "human"
            ):
                told = act_first(table, table.game.turn, now)
            elif kind == "illegal" and table.phase == PLAYING:
                told = table.submit(seat, chooser.choice(["AS", "bid 99", "pass", "trump H", "nonsense"]), now)
            elif kind == "ready" and table.phase == WAITING_READY:
                told = table.mark_ready(seat, now)
            elif kind == "vote" and table.phase == VOTING:
                told = table.vote(seat, chooser.random() < 0.8, now)
            elif kind == "save":
                table = Table.restore(json.loads(json.dumps(table.save())), now)
                told = table.tick(now)
            else:
                told = table.tick(now)
        except TableError:
            continue
    _check_delivery(table, told)
    for seat in range(len(seats)):
        hand = set(table.view(seat)["hand"])
        codes = {table.rules.deck.codes[c] for c in table.game.hand(seat)}
        assert hand <= codes
    record = table.save()["record"]
    replay_record(record, Location("table", 1, 1), RulesetCache())


def _check_delivery(table: Table, told: dict[int, list[dict[str, Any]]]) -> None:
    """Every message is well formed, and a card a seat is told of is its own, passed to it, or public."""
    deck = table.rules.deck
    game = table.game
    for seat, messages in told.items():
        dealt = [*game.current_deal[seat], *(game.history[-1].deal[seat] if game.history else ())]
        moves = [*game.current_moves, *(game.history[-1].moves if game.history else ())]
        played = [m.action for m in moves if m.seat == seat and m.action < deck.size]
        held = {deck.codes[c] for c in (*dealt, *played, *game.hand(seat))}
        for message in messages:
            assert EVENTS.is_valid(message), message
            if message["type"] == "cards_dealt":
                assert message["seat"] == seat
            if message["type"] == "your_turn":
                assert message["seat"] == seat
                legal = {c.removeprefix("give ") for c in message["legal"]}
                assert {c for c in legal if c in deck.codes} <= held
            if message["type"] == "refused":
                assert message["seat"] == seat
            if message["type"] == "cards_passed":
                assert seat in (message["seat"], message["to"]), "a pass is told only to its two seats"
            if message["type"] == "action" and message["action"] == "pass_cards":
                assert ("cards" in message) == (message["seat"] == seat), "only the giver sees the card set aside"


def test_with_blind_bids_a_seat_gets_its_cards_only_once_it_has_looked() -> None:
    variant = Path(__file__).resolve().parents[1] / "examples" / "spades-blind-nil.yaml"
    table = Table(str(variant), seats=["human", "human", "human", "human"], seed=1)
    opening = table.pending()
    first = table.game.turn
    assert first is not None
    assert "cards_dealt" not in types(opening, first)
    assert table.view(first)["hand"] == [] and table.view(first)["legal"] == ["pass", "bid blind_nil"]
    told = table.submit(first, "pass", 1.0)
    assert [m["seat"] for m in told[first] if m["type"] == "cards_dealt"] == [first]
    assert not any(m["type"] == "cards_dealt" for seat in range(4) if seat != first for m in told[seat])
    restored = Table.restore(json.loads(json.dumps(table.save())), 2.0)
    second = restored.game.turn
    assert second is not None and second != first
    told = restored.submit(second, "pass", 3.0)
    assert [m["seat"] for m in told[second] if m["type"] == "cards_dealt"] == [second], "restored mid blind round"


def _until_ready_check(table: Table, now: float) -> tuple[float, dict[int, list[dict[str, Any]]]]:
    told = table.pending()
    while table.phase == PLAYING:
        now += 1
        told = act_first(table, table.game.turn, now)
    return now, told


ALL_DEALT = """format: trickbook-ruleset/2
id: all-dealt
title: All dealt
extends: oh-hell
definitions:
  cards_this_hand: if hand_number == 1 then 1 else 13
  hands_in_match: 2
"""
"""Oh Hell whose second hand deals the whole pack: its rules turn up a card, but none is left to turn up."""


@pytest.mark.parametrize("ruleset", ["syrian-tarneeb-41", "cardems-spades", "whist", "all-dealt"])
def test_a_table_saved_at_the_ready_check_deals_the_same_next_hand_after_restoring(
    ruleset: str, tmp_path: Path
) -> None:
    """The held events of the next deal (its turned-up card and trump, or none when the pack is all dealt) are
    told after the ready check of a restored table exactly as the saved table would have told them."""
    if ruleset == "all-dealt":
        path = tmp_path / "all-dealt.yaml"
        path.write_text(ALL_DEALT, encoding="utf-8")
        ruleset = str(path)
    table = Table(ruleset, seats=["human", "random", "human", "random"], seed=6, hand_cap=4)
    now, _ = _until_ready_check(table, 0.0)
    assert table.phase == WAITING_READY
    twin = Table.restore(json.loads(json.dumps(table.save())), now)
    assert twin.pending() == {0: [], 1: [], 2: [], 3: []}
    for copy in (table, twin):
        copy.mark_ready(0, now + 1)
    told = {id(copy): copy.mark_ready(2, now + 2) for copy in (table, twin)}
    assert told[id(table)] == told[id(twin)]
    dealt = [m for m in told[id(twin)][2] if m["type"] == "cards_dealt"]
    assert [m["seat"] for m in dealt] == [2]
    assert dealt[0]["cards"] == [table.rules.deck.codes[c] for c in table.game.current_deal[2]]
    _check_delivery(twin, told[id(twin)])
    drive(table, now + 3)
    drive(twin, now + 3)
    assert twin.save()["record"] == table.save()["record"]


def test_calls_that_do_not_fit_the_table_are_refused_with_the_reason() -> None:
    with pytest.raises(UsageError, match="tarneeb-41 is played by four seats, not 3"):
        Table("tarneeb-41", seats=["human", "random", "human"])
    table = Table("tarneeb-41", seats=["human", "random", "human", "random"], seed=3)
    assert table.game.turn in (0, 2), "bots move at once, so a person always holds the turn"
    waiting = 2 if table.game.turn == 0 else 0
    with pytest.raises(TableError, match=rf"it is seat \d's turn, not seat {waiting}'s"):
        table.submit(waiting, "pass", 1.0)
    with pytest.raises(TableError, match="submit: seat 1 is played by a bot"):
        table.submit(1, "pass", 1.0)
    with pytest.raises(TableError, match="there is no rematch vote now"):
        table.vote(0, True, 1.0)
    with pytest.raises(TableError, match="this is not a saved trickbook table"):
        Table.restore({"format": "something-else/1"}, 1.0)


def test_seats_votes_and_actions_of_the_wrong_kind_are_refused() -> None:
    table = Table("tarneeb-41", seats=["human", "random", "human", "random"], seed=3)
    for call, message in [
        (lambda: table.view(-1), "view: seats are numbered 0 to 3, not -1"),
        (lambda: table.view(True), "view: seats are numbered 0 to 3, not True"),
        (lambda: table.mark_ready(7, 1.0), "mark_ready: seats are numbered 0 to 3, not 7"),
        (lambda: table.vote(1, False, 1.0), "vote: seat 1 is played by a bot"),
        (lambda: table.vote(0, 0, 1.0), "a rematch vote is true or false, not 0"),  # type: ignore[arg-type]
        (lambda: table.submit(0, None, 1.0), "an action is text such as"),  # type: ignore[arg-type]
    ]:
        with pytest.raises(TableError, match=re.escape(message)):
            call()


def test_a_damaged_or_inconsistent_save_is_refused_and_a_save_where_a_bot_moves_next_goes_on() -> None:
    table = Table("tarneeb-41", seats=["human", "random", "random", "random"], seed=3)
    saved = table.save()
    for damage, message in [
        (lambda s: s.pop("phase"), "the saved table's phase: the field is missing"),
        (lambda s: s.__setitem__("phase", "bogus"), "phase: expected one of playing, waiting-ready, voting, closed"),
        (lambda s: s.__setitem__("reference", "cardems-tarneeb"), "match was played under 'tarneeb-41'"),
        (lambda s: s.__setitem__("seats", ["random"] * 4), "seats: a table has at least one 'human' seat"),
        (lambda s: s.__setitem__("votes", {"9": True}), "votes['9']: expected a seat from 0 to 3 voting true or false"),
    ]:
        copy = json.loads(json.dumps(saved))
        damage(copy)
        with pytest.raises(TableError, match=re.escape(message)):
            Table.restore(copy, 1.0)
    cut = json.loads(json.dumps(saved))
    cut["record"]["hands"][0]["actions"] = []  # back to the deal: the bots before North have not bid yet
    assert Table.restore(json.loads(json.dumps(saved)), 1.0).game.moves_made > 0, "bots bid before North here"
    restored = Table.restore(cut, 1.0)
    assert restored.game.turn == 0 and restored.game.moves_made > 0, "the bots move on until the person must act"


def test_rules_that_fail_at_play_time_close_the_table_saying_why(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        "format: trickbook-ruleset/1\nid: broken\ntitle: Broken\nextends: tarneeb-41\n"
        "scoring:\n  rules:\n    zero: {for: side, points: 10 / (tricks(side) - tricks(side))}\n",
        encoding="utf-8",
    )
    table = Table(str(broken), seats=["human", "random", "random", "random"], seed=3)
    for _ in range(200):
        if table.phase != "playing":
            break
        table.submit(0, table.view(0)["legal"][0], 1.0)
    assert table.phase == "closed" and table.close_reason.startswith("the rules failed: division by zero")
    with pytest.raises(TableError, match="the table is closed: the rules failed"):
        table.tick(2.0)


def test_a_table_refuses_odd_digits_and_huge_numbers_typed_as_actions() -> None:
    table = Table("cardems-spades", seats=["human", "random", "random", "random"], seed=3)
    table.pending()
    assert table.game.turn == 0
    for typed in ["²", "9" * 5000]:
        told = table.submit(0, typed, 1.0)
        assert [m["type"] for m in told[0]] == ["refused"] and "is not an action" in told[0][0]["reason"]


def test_an_action_of_the_wrong_kind_is_refused_with_an_example_from_the_deck() -> None:
    """True is no action number, though Python counts it as 1; the example is the deck's last card."""
    table = Table("tarneeb-41", seats=["human", "random", "human", "random"], seed=3)
    message = "an action is text such as 'AD' or 'pass', or an action number, not True"
    with pytest.raises(TableError, match=re.escape(message)):
        table.submit(table.game.turn, True, 1.0)  # type: ignore[arg-type]


def test_seats_run_from_0_to_the_last_seat_and_one_past_is_refused() -> None:
    table = Table("tarneeb-41", seats=["human", "random", "human", "random"], seed=3)
    assert [table.view(seat)["seat"] for seat in (0, 3)] == [0, 3]
    with pytest.raises(TableError, match=re.escape("view: seats are numbered 0 to 3, not 4")):
        table.view(4)


def test_a_seat_or_a_stand_in_is_one_player_and_a_table_is_dealt_from_seed_1_unless_told() -> None:
    """A list of players where one seat's player is expected is refused, not cut to its first player."""
    with pytest.raises(UsageError, match=re.escape("not 2: 'heuristic,random'")):
        Table("whist", seats=["human", "heuristic,random", "random", "random"])
    table = Table("whist", seats=["human", "human", "random", "random"])
    assert table.seed == 1 and table.game.seed == 1 and table.save()["record"]["seed"] == 1
    with pytest.raises(UsageError, match=re.escape("not 2: 'heuristic,random'")):
        table.stand_in(1, "heuristic,random", 0.0)
    assert table.stand_ins == {} and table.specs[1] is None


def test_a_restored_table_keeps_the_persons_deadline_and_tells_nothing_again() -> None:
    """Restored while a person is to act, the table neither restarts their clock nor repeats the turn."""
    seats = ["human", "random", "human", "random"]
    seed = next(s for s in range(1, 40) if Table("tarneeb-41", seats=seats, seed=s).game.actor == 0)
    table = Table("tarneeb-41", seats=seats, seed=seed, turn_seconds=10, now=0.0)
    assert table.game.actor == 0 and table.deadline == 10.0
    restored = Table.restore(json.loads(json.dumps(table.save())), 4.0)
    assert restored.deadline == 10.0 and restored.view(0)["deadline"] == 10.0
    assert restored.pending() == {0: [], 1: [], 2: [], 3: []}
    assert restored.tick(9.9)[0] == []
    assert [m["type"] for m in restored.tick(10.0)[0]][:1] == ["timed_out"]


def test_the_view_shows_the_turns_deadline_to_every_seat_whoever_sits_at_seat_0() -> None:
    for seats in (["human", "random", "human", "random"], ["random", "human", "random", "human"]):
        table = Table("tarneeb-41", seats=seats, seed=3, turn_seconds=10, now=0.0)
        actor = table.game.actor
        assert actor is not None and seats[actor] == "human"
        assert [table.view(seat)["deadline"] for seat in range(4)] == [table.deadline] * 4 == [10.0] * 4
        assert table.view(0)["actor"] == actor


def test_a_hand_and_choices_are_shown_only_while_playing_and_no_turn_deadline_at_a_vote() -> None:
    table, _, _ = _at_ready_check(10)
    assert table.game.actor is not None and table.view(table.game.actor)["turn"] is not None
    for seat in range(4):
        view = table.view(seat)
        assert (view["table"], view["hand"], view["legal"], view["actor"]) == (WAITING_READY, [], [], None)
    table = Table("cardems-tarneeb", seats=["human", "random", "human", "random"], seed=2, hand_cap=2, vote_seconds=60)
    drive(table, 0.0)
    assert table.phase == VOTING and table.deadline is not None
    view = table.view(0)
    assert (view["deadline"], view["actor"], view["legal"]) == (None, None, [])


def test_seat_0_suit_0_and_game_0_are_shown_and_minus_1_is_shown_as_none() -> None:
    """The engine's views say "none" with -1; 0 is a seat, a suit or a game like any other."""
    table = Table("skat", seats=["human", "human", "human"], seed=1)
    _, view = table.views(0)
    fields = ("trump", "game", "declarer", "dummy", "open_seat")
    zero = table._shown(0, view._replace(trump=0, game=0, declarer=0, dummy=0, open_seat=0))
    first_suit, first_game = table.rules.deck.suits[0].code, table.rules.trump.games[0].name
    assert [zero[field] for field in fields] == [first_suit, first_game, 0, 0, 0]
    none = table._shown(0, view._replace(trump=-1, game=-1, declarer=-1, dummy=-1, open_seat=-1))
    assert [none[field] for field in fields] == [None] * 5


def test_a_thrown_in_hand_and_a_capped_match_send_events_that_fit_the_schema() -> None:
    """Every player passing at Bridge, twice, at a hand cap of 2: both events carry their reason as a sentence."""
    game = Game(load_ruleset("rubber-bridge"), 2, hand_cap=2)
    events: list[Event] = []
    game.observer = events.append
    while not game.is_over():
        game.apply_text("pass")
    sent = [event_json(game.rules, e) for e in events if isinstance(e, (HandCancelled, MatchEnded))]
    assert [e["type"] for e in sent] == ["hand_cancelled", "hand_cancelled", "match_ended"]
    for event in sent:
        EVENTS.validate(event)
    assert sent[2]["said"] == {"text": "the hand cap of {count} hands was reached", "values": {"count": 2}}


def test_a_refusal_naming_a_suit_by_the_rulesets_word_fits_the_schema() -> None:
    """Spades at a table: a spade led before spades are broken is refused in a sentence whose suit is a term of the
    ruleset (`{"term": "spades"}`), which the table-event schema allows (a Hypothesis run found it refused)."""
    table = Table("cardems-spades", seats=["human", "random", "random", "random"], seed=124)
    now = 0.0
    banned: list[dict[str, Any]] = []
    while not banned and table.phase == PLAYING:
        now += 1.0
        view = table.view(0)
        if table.game.turn != 0:
            table.tick(now + 20.0)
            now += 20.0
            continue
        spades = [c for c in view["hand"] if c.endswith("S")]
        if not view["trick"] and spades and spades[0] not in view["legal"] and table.game.phase == "play":
            told = table.submit(0, spades[0], now)
            banned = [m for m in told[0] if m["type"] == "refused"]
        else:
            table.submit(0, view["legal"][0], now)
    assert banned and banned[0]["rule"] == "lead restriction: not until broken"
    assert banned[0]["said"]["values"]["suits"]["values"]["suit"] == {"term": "spades"}
    EVENTS.validate(banned[0])


def test_events_name_seat_0_and_say_null_for_no_seat_no_winner_and_no_seat_scores() -> None:
    rules = load_ruleset("whist")
    card = rules.deck.parse_card("AS")
    assert event_json(rules, CardExposed(0, card)) == {"type": "card_exposed", "seat": 0, "card": "AS"}
    assert event_json(rules, CardExposed(-1, card))["seat"] is None
    capped = {"type": "match_ended", "winner": None, "reason": "capped", "said": {"text": "capped", "values": {}}}
    assert event_json(rules, MatchEnded(None, Said("capped"))) == capped
    assert event_json(rules, MatchEnded((0, 2), Said("points")))["winner"] == [0, 2]
    by_sides = event_json(rules, HandScored((), (1, 0), (1, 0)))
    assert (by_sides["seat_score"], by_sides["seat_totals"]) == (None, None)
    by_seats = event_json(rules, HandScored((), (1, 0), (1, 0), (1, 0, 0, 0), (1, 0, 0, 0)))
    assert (by_seats["seat_score"], by_seats["seat_totals"]) == ([1, 0, 0, 0], [1, 0, 0, 0])


def test_the_rematch_vote_waits_for_the_people_only() -> None:
    table = Table("cardems-tarneeb", seats=["human", "random", "human", "random"], seed=2, hand_cap=2, vote_seconds=60)
    now, told = _until_ready_check(table, 0.0)
    while table.phase != VOTING:
        now += 1
        if table.phase == WAITING_READY:
            told = table.mark_ready(next(s for s in (0, 2) if s not in table.ready), now)
        else:
            told = act_first(table, table.game.turn, now)
    wanted = [m for m in told[1] if m["type"] == "vote_wanted"]
    assert table.finished[-1]["status"] == "capped", "the hand cap ends this match with no winner"
    assert wanted == [{"type": "vote_wanted", "winner": None, "waiting_for": [0, 2], "deadline": now + 60}]


def test_a_seats_view_says_which_exposed_cards_are_still_only_shown() -> None:
    """German Whist's turned-up card is the stock's face-up card until the first trick's winner draws it: the
    view lists it as exposed but not as shown (the stock tells it), then in the drawer's hand. Whist's turned-up
    trump, kept by the dealer, stays shown."""
    table = Table("german-whist", seats=["human", "random"], seed=1)
    view = table.view(0)
    assert view["exposed"] == [view["stock_up"]] and view["shown"] == []
    game = table.game
    while sum(game.tricks_won) == 0:
        game.apply(game.legal_actions()[0])
    drawn = table.view(0)
    assert drawn["exposed"] == view["exposed"] and drawn["stock_up"] != view["stock_up"] and drawn["shown"] == []
    whist = Table("whist", seats=["human", "random", "random", "random"], seed=1).view(1)
    assert whist["shown"] == whist["exposed"] and len(whist["shown"]) == 1


def test_a_seats_view_says_when_the_players_estimate_their_tricks() -> None:
    """Estimation: the auction's bids are no estimates; once a caller has won it, every other player estimates
    (the view says so, with the caller as declarer), and the play is no longer estimating."""
    table = Table("estimation", seats=["human", "random", "random", "random"], seed=3)
    game = table.game
    assert table.view(0)["estimating"] is False and game.phase == "bidding"
    while not game.view(0).estimating:
        game.apply(game.legal_actions()[0])
    during = table.view(0)
    assert during["estimating"] is True and during["declarer"] is not None
    assert during["declarer"] == game.view(0).declarer
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    assert table.view(0)["estimating"] is False

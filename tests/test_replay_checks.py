"""What `replay` accepts and refuses, one rule of the record format at a time: version 1 records of the first
rulesets, cancelled hands written with zeros or nulls, automatic moves, the last hand of an unfinished match,
the limit on hands, and replaying under other rules."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from helpers import act, played, rules
from trickbook import Game, limits, load_ruleset
from trickbook.errors import Location, RecordError
from trickbook.record.replay import RulesetCache, replay_record, replay_under
from trickbook.record.writer import match_record

WHERE = Location("m.jsonl", 3, 1)


def replay(record: dict[str, Any]) -> Game:
    return replay_record(record, WHERE, RulesetCache())


def refusal(record: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(record)
    return caught.value


def finished_tarneeb(seed: int = 3) -> dict[str, Any]:
    """A whole match of Tarneeb 41 by random players (it finishes for this seed)."""
    game = played(Game(rules("tarneeb-41"), seed, hand_cap=200), seed)
    assert game.winner is not None
    return match_record(game)


def as_version_1(record: dict[str, Any]) -> dict[str, Any]:
    """A version 2 record of a four-seat partnership game written as version 1 (the spec's "Version 1"): no
    seats, sides or stock, `teams` for `sides`, and the winning team instead of its seats."""
    old = copy.deepcopy(record)
    old["format"] = "trickbook-record/1"
    del old["seats"], old["sides"]
    for hand in old["hands"]:
        del hand["stock"]
        for key in ("score", "totals"):
            if hand[key] is not None:
                hand[key] = {"teams": hand[key]["sides"], "seats": hand[key]["seats"]}
    winner = record["winner"]
    old["winner"] = None if winner is None else winner[0] % 2
    return old


def test_a_version_1_record_replays_to_the_same_match_as_its_version_2_form() -> None:
    record = finished_tarneeb()
    old = as_version_1(record)
    game = replay(old)
    assert game.winning_side == old["winner"] and list(game.winner or ()) == record["winner"]
    assert game.totals == replay(record).totals


def test_a_version_1_record_must_name_the_winning_team_the_rules_give() -> None:
    old = as_version_1(finished_tarneeb())
    old["winner"] = 1 - old["winner"]
    assert refusal(old).path == "winner"


def test_a_version_1_record_must_say_teams_not_sides() -> None:
    record = finished_tarneeb()
    old = as_version_1(record)
    old["hands"][0]["score"] = record["hands"][0]["score"]
    assert refusal(old).path == "hands[0].score"


@pytest.mark.parametrize("ruleset", ["hearts", "skat-simple"])
def test_a_version_1_record_is_only_of_four_seats_in_two_partnerships(ruleset: str) -> None:
    game = played(Game(rules(ruleset), 1, hand_cap=1), 1)
    old = match_record(game)
    old["format"] = "trickbook-record/1"
    old["winner"] = None  # as a version 1 record may write it; a list of seats is refused before the table
    error = refusal(old)
    assert error.path == "format" and "four seats in partnerships [[0, 2], [1, 3]]" in str(error)


def thrown_in() -> dict[str, Any]:
    """Tarneeb 41 whose first hand every player passes (the hand is thrown in), then one more hand."""
    game = Game(rules("tarneeb-41"), 4, hand_cap=2)
    act(game, "pass", "pass", "pass", "pass")
    record = played(game, 4, hands=2)
    assert record.history[0].cancelled
    return match_record(record)


@pytest.mark.parametrize(
    ("tricks_won", "score"),
    [
        (None, None),
        ([0, 0, 0, 0], {"sides": [0, 0], "seats": None}),
        ([0, 0, 0, 0], {"sides": None, "seats": None}),
        (None, {"sides": [0, 0], "seats": [0, 0, 0, 0]}),
    ],
)
def test_a_cancelled_hand_may_write_its_tricks_and_score_as_zeros_or_null(tricks_won: Any, score: Any) -> None:
    record = thrown_in()
    record["hands"][0]["tricks_won"] = tricks_won
    record["hands"][0]["score"] = score
    assert replay(record).history[0].cancelled


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("tricks_won", [0, 1, 0, 0]),
        ("tricks_won", {"sides": [0, 0]}),
        ("score", {"sides": [0, 1], "seats": None}),
        ("score", {"sides": None, "seats": [0, 0, 3, 0]}),
        ("score", [0, 0]),
        ("totals", None),
    ],
)
def test_a_cancelled_hand_with_anything_but_zeros_is_refused(key: str, value: Any) -> None:
    record = thrown_in()
    record["hands"][0][key] = value
    assert refusal(record).path == f"hands[0].{key}"


def test_a_hand_that_was_played_must_write_its_tricks() -> None:
    record = thrown_in()
    record["hands"][1]["tricks_won"] = None
    assert refusal(record).path == "hands[1].tricks_won"


def forced() -> dict[str, Any]:
    """Cardems Tarneeb where three players pass and the rules make the last bid 7 for it (an automatic move)."""
    game = Game(rules("cardems-tarneeb"), 2, hand_cap=1)
    act(game, "pass", "pass", "pass")
    record = match_record(played(game, 2))
    automatic = [a for a in record["hands"][0]["actions"] if a.get("auto")]
    assert automatic == [{"seat": automatic[0]["seat"], "action": "bid", "value": 7, "auto": True}]
    return record


def test_an_automatic_move_replays_as_the_rules_make_it() -> None:
    record = forced()
    assert replay(record).history[0].moves[3].auto


def test_an_automatic_move_recorded_as_a_choice_is_refused_with_both_moves() -> None:
    record = forced()
    entry = record["hands"][0]["actions"][3]
    del entry["auto"]
    error = refusal(record)
    seat = entry["seat"]
    assert error.path == "hands[0].actions[3]"
    assert f"the rules make the automatic move seat {seat} bid 7 (automatic) here" in str(error)
    assert f"the record has seat {seat} bid 7" in str(error) and str(error).count("(automatic)") == 1


def test_a_record_without_the_automatic_move_is_refused() -> None:
    record = forced()
    actions = record["hands"][0]["actions"]
    record["hands"][0]["actions"] = actions[:3]
    error = refusal(record)
    assert error.path == "hands[0].actions[3]" and "which the record lacks" in str(error)


def unfinished() -> dict[str, Any]:
    """A match saved half-way through its second hand."""
    game = played(Game(rules("tarneeb-41"), 6, hand_cap=5), 6, hands=1)
    draw = random.Random(6)
    for _ in range(10):
        game.apply(draw.choice(game.legal_actions()))
    record = match_record(game)
    assert record["hands"][-1]["complete"] is False
    return record


def test_a_last_hand_marked_in_progress_may_stop_part_way() -> None:
    record = unfinished()
    assert replay(record).moves_made == 10


def test_a_last_hand_that_stops_part_way_without_saying_so_is_refused() -> None:
    record = unfinished()
    del record["hands"][-1]["complete"]
    error = refusal(record)
    assert error.path == "hands[1].actions" and "stop before the hand is over" in str(error)


def test_the_limit_on_hands_counts_the_hands_and_the_hand_cap() -> None:
    record = thrown_in()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(limits, "MAX_HANDS", 2)
        record["hand_cap"] = 2
        assert len(replay(record).history) == 2, "two hands and a cap of two are within a limit of two"
        record["hand_cap"] = 3
        assert refusal(record).path == "hands"
        record["hand_cap"] = 2
        patch.setattr(limits, "MAX_HANDS", 1)
        assert refusal(record).path == "hands"


def test_a_record_without_hands_is_refused_by_replay_and_by_replay_under() -> None:
    record = thrown_in()
    record["hands"] = []
    assert refusal(record).path == "hands"
    with pytest.raises(RecordError) as caught:
        replay_under(record, WHERE, rules("tarneeb-41"))
    assert caught.value.path == "hands"


def test_replay_under_plays_the_recorded_choices_and_says_nothing_when_all_are_allowed() -> None:
    record = finished_tarneeb()
    game, stop = replay_under(record, WHERE, rules("tarneeb-41"))
    assert stop == "" and game.totals == replay(record).totals


def test_replay_under_rules_for_another_table_is_refused() -> None:
    record = finished_tarneeb()
    with pytest.raises(RecordError) as caught:
        replay_under(record, WHERE, rules("oh-hell", (("players", "5"),)))
    assert caught.value.path == "seats" and "table of 4 seats" in str(caught.value)


def test_replay_under_says_where_a_hand_would_go_on_after_its_recorded_actions() -> None:
    record = finished_tarneeb()
    record["hands"] = record["hands"][:1]
    record["hands"][0]["actions"] = record["hands"][0]["actions"][:-1]
    _, stop = replay_under(record, WHERE, rules("tarneeb-41"))
    assert "hands[0]" in stop and "the hand goes on after the recorded actions" in stop


def test_replay_under_lets_the_last_hand_of_a_saved_match_stop_part_way() -> None:
    _, stop = replay_under(unfinished(), WHERE, rules("tarneeb-41"))
    assert stop == ""


def test_replay_under_skips_a_trump_named_where_these_rules_fix_it_and_says_so() -> None:
    """Tarneeb 41 with trump chosen (hearts, by seat 3), replayed where hearts are always trump (`kubba`)."""
    record = match_record(played(Game(rules("tarneeb-41"), 2, hand_cap=1), 2))
    (position,) = [i for i, a in enumerate(record["hands"][0]["actions"]) if a["action"] == "trump"]
    assert record["hands"][0]["actions"][position]["suit"] == "H"
    game, stop = replay_under(record, WHERE, rules("tarneeb-41", (("trump", "kubba"),)))
    assert stop == f"skipped, as these rules do not ask for them: hands[0].actions[{position}] (trump H)"
    assert game.history[0].tricks_won == tuple(record["hands"][0]["tricks_won"])


def test_replay_under_refuses_a_choice_made_after_the_hand_is_over() -> None:
    record = finished_tarneeb()
    actions = record["hands"][0]["actions"]
    actions.append(dict(actions[-1]))
    _, stop = replay_under(record, WHERE, rules("tarneeb-41"))
    assert stop.endswith("under these rules the hand is already over")
    assert f"hands[0].actions[{len(actions) - 1}]" in stop


def test_replay_under_refuses_a_choice_by_a_seat_whose_turn_it_is_not() -> None:
    record = finished_tarneeb()
    first = record["hands"][0]["actions"][0]
    first["seat"] = (first["seat"] + 1) % 4
    _, stop = replay_under(record, WHERE, rules("tarneeb-41"))
    assert f"under these rules it is seat {(first['seat'] + 3) % 4}'s turn, not {first['seat']}'s" in stop


def test_replay_under_reads_a_version_1_record_as_four_seats() -> None:
    record = finished_tarneeb()
    game, stop = replay_under(as_version_1(record), WHERE, rules("tarneeb-41"))
    assert stop == "" and game.totals == replay(record).totals


def test_a_deal_that_does_not_fit_is_named_by_its_hand_in_replay_and_replay_under() -> None:
    record = thrown_in()
    record["hands"][1]["deal"][2].pop()
    assert refusal(record).path == "hands[1].deal[2]"
    _, stop = replay_under(record, WHERE, rules("tarneeb-41"))
    assert "hands[1].deal[2]" in stop and "seat 2 is dealt 12 cards" in stop


def test_a_value_in_a_refusal_is_quoted_as_written_not_escaped() -> None:
    record = thrown_in()
    record["hands"][0]["cancel_reason"] = "tout le monde a passé ♥"
    error = refusal(record)
    assert error.path == "hands[0].cancel_reason" and '"tout le monde a passé ♥"' in str(error)


def test_a_record_whose_digest_differs_from_its_rules_is_refused_and_one_without_a_digest_replays() -> None:
    record = finished_tarneeb()
    cache = RulesetCache()
    replay_record(copy.deepcopy(record), WHERE, cache)
    assert list(cache.used.values()) == ["tarneeb-41 version 2, trump=kouz-moving (bundled; digest checked)"]
    tampered = copy.deepcopy(record)
    tampered["ruleset"]["digest"] = "sha256:" + "0" * 64
    assert refusal(tampered).path == "ruleset.digest"
    del record["ruleset"]["digest"]
    cache = RulesetCache()
    replay_record(record, WHERE, cache)
    assert list(cache.used.values()) == ["tarneeb-41 version 2, trump=kouz-moving (bundled; no digest in the record)"]


def test_an_older_record_finds_its_rulesets_file_beside_the_record() -> None:
    """Records written before they carried their rules name the file (`path`), relative to the record's folder."""
    examples = Path(__file__).resolve().parents[1] / "examples"
    game = played(Game(load_ruleset(str(examples / "tarneeb-61.yaml")), 1, hand_cap=1), 1)
    record = match_record(game)
    del record["ruleset"]["document"]
    record["ruleset"]["path"] = "tarneeb-61.yaml"
    for elsewhere in (examples.parent, None):  # beside another record, or read from no file at all
        with pytest.raises(RecordError, match="cannot be loaded"):
            replay_record(copy.deepcopy(record), WHERE, RulesetCache(), record_dir=elsewhere)
    assert replay_record(record, WHERE, RulesetCache(), record_dir=examples).totals == game.totals


def test_a_deal_from_a_deck_with_cards_taken_out_replays_and_may_not_hold_them() -> None:
    """Black Maria for three takes 2♣ out (`deal.remove`): the record's 51 cards agree, and a record that deals
    2♣ (swapped in for another card) is refused by that card's place, not by a count."""
    three = load_ruleset("black-maria", options={"players": "3"})
    record = match_record(played(Game(three, 5, hand_cap=2), 5))
    assert sum(len(cards) for cards in record["hands"][0]["deal"]) + len(record["hands"][0]["stock"]) == 51
    replay(record)
    changed = copy.deepcopy(record)
    changed["hands"][0]["deal"][1][0] = "2C"
    error = refusal(changed)
    assert error.path == "hands[0].deal[1]"
    assert "the rules take it out of the deck (deal.remove)" in str(error)

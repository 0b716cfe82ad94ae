"""What a seat's page is sent: a score sheet hand by hand, bids as people read them, the game's words in the
page's language; all from the ruleset's data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trickbook import load_ruleset
from trickbook.errors import Malformed
from trickbook.web import live
from trickbook.web.store import Store


def _played_one_hand(tmp_path: Path, ruleset: str) -> tuple[live.Hub, live.LiveTable]:
    hub = live.Hub(Store(tmp_path))
    made = hub.create(ruleset, ["human", "random", "random", "random"], {}, None, 5, 0.0, lambda: None)
    now = 0.0
    while made.table.game.hand_number == 1 or made.table.phase != "playing":
        now += 6  # the person's turns and the ready check time out
        hub.tick_all(now)
    return hub, made


def test_the_page_has_a_score_sheet_row_for_each_hand_played(tmp_path: Path) -> None:
    hub, made = _played_one_hand(tmp_path, "call-break")
    sheet = hub.page(made, 0)["sheet"]
    first = made.table.game.history[0]
    assert sheet == [
        {
            "hand": 1,
            "cancelled": first.cancelled,
            "score": list(first.score),
            "totals": list(first.totals),
            **({"seat_score": list(first.seat_score or ()), "seat_totals": list(first.seat_totals or ())}),
        }
    ]
    assert sheet[0]["seat_totals"] == list(made.table.game.seat_totals or ())


def test_bids_of_a_level_and_a_strain_read_with_suit_symbols_and_no_trump(tmp_path: Path) -> None:
    hub = live.Hub(Store(tmp_path))
    made = hub.create("contract-bridge", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    english, arabic = hub.page(made, 0, "en")["bids"], hub.page(made, 0, "ar")["bids"]
    assert english["1NT"] == "1 no trump" and english["7S"] == "7♠" and len(english) == 35
    assert arabic["3NT"] == "3 بلا طرنيب"
    assert (
        hub.page(live.Hub(Store(tmp_path / "b")).create("whist", ["human"] * 4, {}, None, None, 0.0, lambda: None), 0)[
            "bids"
        ]
        == {}
    )


def test_an_arabic_page_has_the_rulesets_words_for_seats_sides_suits_and_labels(tmp_path: Path) -> None:
    hub = live.Hub(Store(tmp_path))
    made = hub.create("tarneeb-41", ["human"] * 4, {}, None, None, 0.0, lambda: None)
    page = hub.page(made, 0, "ar")
    assert page["title"] == "طرنيب 41"
    assert [s["name"] for s in page["seats"]] == ["الشمال", "الشرق", "الجنوب", "الغرب"]
    assert page["sides"] == ["الشمال والجنوب", "الشرق والغرب"]
    assert page["suits"]["H"][1] == "كبي"
    first = made.table.game.actor
    assert first is not None, "the auction opens"
    labels = hub.page(made, first, "ar")["labels"]
    assert labels["pass"] == "باس" and labels["bid 7"] == "مزايدة 7" and labels["bid 13"] == "مزايدة 13"
    english = hub.page(made, 0)
    assert english["title"] == "Tarneeb 41" and english["seats"][0]["name"] == "North"


def test_a_new_deal_leaves_a_seats_log_only_the_score_of_the_hand_just_finished(tmp_path: Path) -> None:
    """The page shows the last hand's score while the next is dealt; older hands are in the score sheet."""
    hub = live.Hub(Store(tmp_path))
    made = hub.create("call-break", ["human", "random", "random", "random"], {}, None, 5, 0.0, lambda: None)
    now = 0.0
    while made.table.game.hand_number < 3:
        now += 6
        hub.tick_all(now)
    first, second = made.table.game.history[:2]
    assert first.totals != second.totals or first.seat_totals != second.seat_totals
    for seat in range(4):
        scored = [event for event in hub.page(made, seat)["log"] if event["type"] == "hand_scored"]
        assert [(e["totals"], e["seat_totals"]) for e in scored] == [
            (list(second.totals), list(second.seat_totals or ()))
        ], seat


def test_a_table_unchanged_for_exactly_the_idle_time_closes_and_one_changed_since_stays(tmp_path: Path) -> None:
    hub = live.Hub(Store(tmp_path))
    made = hub.create("whist", ["human", "random", "random", "random"], {}, None, None, 100.0, lambda: None)
    assert hub.expire_idle(159.5, 60) == [] and made.id in hub.tables
    assert hub.expire_idle(160.0, 60) == [made]
    assert made.expired and made.id not in hub.tables
    restored = live.Hub(Store(tmp_path))
    assert restored.restore_all(200.0) == [] and restored.tables == {}, "the store forgets it too"


def test_a_seats_log_keeps_its_latest_events_up_to_the_limit(tmp_path: Path) -> None:
    hub = live.Hub(Store(tmp_path))
    made = hub.create("whist", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    log = made.logs[1]
    log.clear()
    events = [{"type": "trick_event", "name": str(n)} for n in range(live.MAX_LOG + 1)]
    hub._deliver(made, {1: events[: live.MAX_LOG]})
    assert log == events[: live.MAX_LOG]
    hub._deliver(made, {1: events[live.MAX_LOG :]})
    assert log == events[1:]


def test_a_new_table_has_no_finished_match_to_offer(tmp_path: Path) -> None:
    hub = live.Hub(Store(tmp_path))
    made = hub.create("whist", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    assert made.kept == 0 and hub.page(made, 0)["finished"] == []


def test_a_table_kept_by_an_earlier_trickbook_deals_its_rematches_from_secret_seeds(tmp_path: Path) -> None:
    """A table saved before secret seeds would deal a rematch from seed + 1, which its first record tells."""
    hub = live.Hub(Store(tmp_path))
    made = hub.create("whist", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    made.table.secret_seeds = False
    made.table.seed = made.table.game.seed  # as such a table dealt its first match
    hub._save(made, 0.0)
    again = live.Hub(Store(tmp_path))
    assert again.restore_all(0.0) == []
    assert again.tables[made.id].table.secret_seeds is True


def test_the_passing_prompt_names_the_receiver_only_for_a_seat_that_gives(tmp_path: Path) -> None:
    """A house Hearts where the dealer and the player opposite swap three cards and the other two keep theirs: the
    givers are told whom they give to, the keepers nothing; games without passing never say it."""
    store = Store(tmp_path)
    store.save_ruleset(
        "swap",
        "format: trickbook-ruleset/1\nid: swap\ntitle: Swap\nextends: hearts\n"
        "passing:\n  cards: 3\n  to: 'if seat == dealer or seat == across(dealer) then across(seat) else seat'\n",
        0.0,
    )
    hub = live.Hub(store)
    made = hub.create("swap", ["human"] * 4, {}, None, None, 0.0, lambda: None)
    assert made.table.game.phase == "passing"
    names = made.table.rules.seating.seat_names
    dealer = made.table.game.dealer
    said = {seat: hub.page(made, seat)["passing"] for seat in range(4)}
    assert said == {
        dealer: f"Choose 3 cards to pass to {names[(dealer + 2) % 4]}",
        (dealer + 1) % 4: None,
        (dealer + 2) % 4: f"Choose 3 cards to pass to {names[dealer]}",
        (dealer + 3) % 4: None,
    }
    whist = hub.create("whist", ["human"] * 4, {}, None, None, 0.0, lambda: None)
    assert hub.page(whist, 0)["passing"] is None
    timed = hub.create("swap", ["human"] * 4, {}, None, 5, 0.0, lambda: None)
    now = 0.0
    while timed.table.game.phase == "passing":
        now += 6  # each giver's time runs out and its cards are passed for it
        hub.tick_all(now)
    assert [hub.page(timed, seat)["passing"] for seat in range(4)] == [None] * 4, "the passing is over"


def test_a_turns_clock_runs_out_at_its_deadline_exactly_and_not_a_moment_before(tmp_path: Path) -> None:
    hub = live.Hub(Store(tmp_path))
    made = hub.create("whist", ["human", "human", "human", "human"], {}, None, 5, 0.0, lambda: None)
    deadline = made.table.deadline
    assert deadline == 5.0
    assert hub.tick_all(deadline - 0.001) == []
    changed = hub.tick_all(deadline)
    assert [live_table.id for live_table, _delivery in changed] == [made.id]
    assert made.table.deadline == deadline + 5, "the next seat's clock starts where the last ran out"


def test_a_page_says_whether_the_rules_score_each_player(tmp_path: Path) -> None:
    hub = live.Hub(Store(tmp_path))
    for ruleset, personal in (("hearts", True), ("whist", False), ("syrian-tarneeb-41", True)):
        made = hub.create(ruleset, ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
        assert hub.page(made, 0)["personal"] is personal, ruleset


def test_a_page_says_whether_the_game_has_trump_to_be_known_and_a_phase_before_its_tricks(tmp_path: Path) -> None:
    """Hearts has no trump; Whist and German Whist nothing before their tricks, so their pages show no bids
    panel."""
    hub = live.Hub(Store(tmp_path))
    cases = (("hearts", False, True), ("tarneeb-41", True, True), ("whist", True, False), ("german-whist", True, False))
    for ruleset, trump_game, before_play in cases:
        seats = ["human"] + ["random"] * (load_ruleset(ruleset).seats - 1)
        made = hub.create(ruleset, seats, {}, None, None, 0.0, lambda: None)
        page = hub.page(made, 0)
        assert (page["trump_game"], page["before_play"]) == (trump_game, before_play), ruleset


def test_a_finished_match_is_kept_in_the_store_as_it_ends(tmp_path: Path) -> None:
    """German Whist is one deal: played out by the turn clock, its match's record is in the store at once."""
    store = Store(tmp_path)
    hub = live.Hub(store)
    made = hub.create("german-whist", ["human", "random"], {}, None, 5, 0.0, lambda: None)
    now = 0.0
    while not made.table.finished:
        now += 6
        hub.tick_all(now)
    assert made.kept == 1 and store.record(made.id, 2) is None
    record = json.loads(store.record(made.id, 1) or "{}")
    assert record["ruleset"]["id"] == "german-whist" and record["winner"] == made.table.finished[0]["winner"]


def test_an_action_of_up_to_its_limit_of_characters_reaches_the_table_and_a_longer_or_empty_one_does_not(
    tmp_path: Path,
) -> None:
    hub = live.Hub(Store(tmp_path))
    made = hub.create("whist", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    longest = "x" * live.MAX_ACTION_CHARS
    last_card = made.table.rules.deck.codes[-1]  # the refusal's example
    for action in ("x", longest):
        refused = hub.act(made, 0, {"type": "act", "action": action}, 1.0)[0]
        assert [(e["type"], e["rule"]) for e in refused] == [("refused", "not an action")]
        assert repr(action) in refused[0]["reason"]
    for action in ("", longest + "x"):
        with pytest.raises(Malformed, match=f"an 'act' message has an 'action': a card such as {last_card!r}"):
            hub.act(made, 0, {"type": "act", "action": action}, 1.0)


def test_a_page_names_each_seats_place_at_the_table_where_the_rules_name_places(tmp_path: Path) -> None:
    """Skat names forehand, middlehand and rearhand from the dealer's left, in the page's language; Whist none."""
    hub = live.Hub(Store(tmp_path))
    skat = hub.create("skat", ["human", "random", "random"], {}, None, None, 0.0, lambda: None)
    dealer = skat.table.game.dealer
    places = {(dealer + 1) % 3: "Forehand", (dealer + 2) % 3: "Middlehand", dealer: "Rearhand"}
    assert [seat["role"] for seat in hub.page(skat, 0)["seats"]] == [places[s] for s in range(3)]
    arabic = {"Forehand": "اليد الأولى", "Middlehand": "اليد الوسطى", "Rearhand": "اليد الأخيرة"}
    assert [seat["role"] for seat in hub.page(skat, 0, "ar")["seats"]] == [arabic[places[s]] for s in range(3)]
    whist = hub.create("whist", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    assert [seat["role"] for seat in hub.page(whist, 0)["seats"]] == [None] * 4

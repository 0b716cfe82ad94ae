"""How far `trickbook validate` looks for a way to end a match (docs/validate.md): the positions, counter values
and thinning it promises, exactly, and each end of its reach, one below, at and one past it."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest

from trickbook import load_ruleset, open_ruleset
from trickbook.book.lint import Reach, counter_probes, lint, positions, scenarios, thinning
from trickbook.resources import bundled_ruleset_ids
from trickbook.ruleset.rules import BiddingKind

HEAD = "format: trickbook-ruleset/1\nid: house\ntitle: House\n"
NEGATIVE = "extends: syrian-tarneeb-41\nscoring:\n  rules:\n    declaration:\n      points: -tricks(seat)\n"
"""Personal scoring that only ever takes points: totals fall, never rise."""


def errors(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "house.yaml"
    path.write_text(HEAD + text, encoding="utf-8")
    return [f"{f.path}: {f.message}" for f in lint(open_ruleset(str(path))) if f.level == "error"]


def every_order(*shapes: str) -> set[tuple[int, ...]]:
    """The totals written as digits ("011": one scorer at 0, two at 1), in every order of the scorers."""
    return {tuple(map(int, order)) for shape in shapes for order in itertools.permutations(shape)}


def test_two_scorers_are_tried_at_every_total_in_reach_with_the_other_at_0_1_or_one_either_side() -> None:
    reach = Reach(lowest_total=-1, highest_total=2, last_hand=4)
    tried = list(positions(2, reach))
    around_0 = {(0, 0), (0, 1), (1, 0), (0, -1), (-1, 0)}
    # every pair in reach but the two whose totals are three apart and neither 0 nor 1 from the other's
    everywhere = {(a, b) for a in range(-1, 3) for b in range(-1, 3)} - {(2, -1), (-1, 2)}
    assert {hand for hand, _ in tried} == {1, 2, 3, 4}
    for hand in (1, 4):
        assert {totals for h, totals in tried if h == hand} == everywhere
    for hand in (2, 3):
        assert {totals for h, totals in tried if h == hand} == around_0
    assert tried[0] == (2, (0, 0)), "the hands between come first: a match of so many hands is found at once"


def test_three_scorers_are_tried_one_against_the_others_level_one_apart_or_at_0_or_1() -> None:
    tried = {totals for _, totals in positions(3, Reach(lowest_total=0, highest_total=3, last_hand=1))}
    expected = every_order("000", "011", "111", "001", "122", "222", "002", "112", "233", "333", "003", "113", "223")
    assert tried == expected
    assert len(expected) == 4 + 9 * 3


def test_totals_are_tried_from_0_up_then_from_minus_1_down_every_step_th_only() -> None:
    reach = Reach(lowest_total=-3, highest_total=3, last_hand=1)
    assert list(dict.fromkeys(totals[0] for _, totals in positions(1, reach, step=2))) == [0, 2, -1, -3]


def test_each_counter_is_tried_for_one_scorer_at_a_time_from_the_lowest_value_to_the_highest() -> None:
    starts = [[0, 0], [5]]
    probes = list(counter_probes(starts, Reach(lowest_counter=-1, highest_counter=1)))
    assert probes == [
        [[0, 0], [5]],
        [[0, 0], [5]],
        [[1, 0], [5]],
        [[0, 1], [5]],
        [[-1, 0], [5]],
        [[0, -1], [5]],
        [[0, 0], [0]],
        [[0, 0], [1]],
        [[0, 0], [-1]],
    ]
    assert starts == [[0, 0], [5]]


@pytest.mark.parametrize(("work", "step"), [(0, 1), (1, 1), (99, 1), (100, 2), (149, 2), (150, 3)])
def test_a_match_end_costing_more_than_twice_the_probe_parts_is_tried_on_fewer_totals(work: int, step: int) -> None:
    assert thinning(work) == step


@pytest.mark.parametrize(("target", "refused"), [(4999, False), (5000, False), (5001, True)])
def test_a_total_up_to_5000_can_win(tmp_path: Path, target: int, refused: bool) -> None:
    found = errors(tmp_path, f"extends: cardems-spades\nmatch:\n  wins: total(side) >= {target}\n")
    assert bool(found) is refused, found
    if refused:
        assert found == [
            "match.wins: this never holds for a side total from -1000 to 5000 after the first or the last hand, "
            "nor with totals around 0 after any number of hands up to 1000, nor with a counter from -100 to 100: "
            "the match cannot be won"
        ]


@pytest.mark.parametrize(("target", "refused"), [(-999, False), (-1000, False), (-1001, True)])
def test_a_total_down_to_minus_1000_can_end_a_match(tmp_path: Path, target: int, refused: bool) -> None:
    text = f"{NEGATIVE}match:\n  wins: null\n  ends: any(total(s) <= {target} for s in seats)\n  by: seat\n"
    found = errors(tmp_path, text + "  when_both: lower-total\n")
    assert bool(found) is refused, found
    if refused:
        assert found[0].startswith("match.ends: this never holds for a seat total from -1000 to 5000")


COUNTER = "counters:\n  wins_in_row:\n    for: side\n    add: if tricks(side) > 6 then 1 else 0\n"


@pytest.mark.parametrize(
    ("test", "refused"),
    [
        (">= 99", False),
        (">= 100", False),
        (">= 101", True),
        ("<= -99", False),
        ("<= -100", False),
        ("<= -101", True),
    ],
)
def test_a_counter_from_minus_100_to_100_can_win(tmp_path: Path, test: str, refused: bool) -> None:
    found = errors(tmp_path, f"extends: cardems-spades\n{COUNTER}match:\n  wins: wins_in_row(side) {test}\n")
    assert bool(found) is refused, found
    if refused:
        assert found[0].endswith("nor with a counter from -100 to 100: the match cannot be won")


@pytest.mark.parametrize(("hands", "refused"), [(999, False), (1000, False), (1001, True)])
def test_a_total_is_tried_after_the_last_hand_of_the_default_cap(tmp_path: Path, hands: int, refused: bool) -> None:
    """A match won at 50 but not before its thousandth hand (once refused: totals were tried after hand 1 only)."""
    found = errors(
        tmp_path, f"extends: cardems-spades\nmatch:\n  wins: total(side) >= 50 and hands_played >= {hands}\n"
    )
    assert bool(found) is refused, found


def test_a_shutout_is_reachable_by_scoring_that_never_takes_points(tmp_path: Path) -> None:
    """Ten to nothing: the other side stays at 0, which needs no hand that takes points."""
    text = "extends: whist\nmatch:\n  wins: total(side) >= 10 and total(opponent(side)) == 0\n"
    assert errors(tmp_path, text) == []


def test_one_player_down_and_the_others_at_nothing_is_reachable_by_scoring_that_never_gives_points(
    tmp_path: Path,
) -> None:
    shutout = "any(total(s) <= 0 - 10 and all(total(t) == 0 or t == s for t in seats) for s in seats)"
    text = f"{NEGATIVE}match:\n  wins: null\n  ends: {shutout}\n  by: seat\n  when_both: lower-total\n"
    assert errors(tmp_path, text) == []


@pytest.mark.parametrize("ruleset", bundled_ruleset_ids())
def test_the_hands_tried_share_out_every_trick_count_bid_and_event_and_deal_whole_tricks(ruleset: str) -> None:
    """The hand outcomes the lint scores (for the totals' rise and fall, a cancel condition) cover every trick
    count, bid, contract, doubling and event value the ruleset allows, and give each seat whole tricks' worth of
    cards from one shuffled deck."""
    rules = load_ruleset(ruleset)
    tried = list(scenarios(rules))
    size, seats = rules.tricks_in_hand(rules.hand_size), rules.seats
    assert all(sum(s.tricks) == size for s in tried)
    assert {count for s in tried for count in s.tricks} == set(range(size + 1))
    assert max(sum(1 for count in s.tricks if count) for s in tried) == min(seats, size)
    for event in rules.events:
        for seat in range(seats):
            assert {s.events[event.name][seat] for s in tried} == {0, 1}
    bidding = rules.bidding
    values = {*range(bidding.min, bidding.max + 1), *(named.name for named in bidding.named)}
    if bidding.kind is BiddingKind.CALLS:
        assert {s.contract for s in tried} == set(rules.actions.bid_codes[1:])
        assert {s.doubled for s in tried} == ({0, 1, 2} if rules.actions.doubles else {0})
    elif bidding.kind is BiddingKind.AUCTION:
        bid = [s.bids[s.declarer] for s in tried if s.declarer is not None]
        assert set(bid) == values if len(values) <= len(tried) else bid == sorted(bid) and len(set(bid)) == len(tried)
        assert all(bid is None for s in tried for seat, bid in enumerate(s.bids) if seat != s.declarer)
    elif bidding.kind is BiddingKind.DECLARATIONS:
        assert {bid for s in tried for bid in s.bids} == values
    if rules.play.draw is not None:
        assert all(sum(s.tricks_after_stock) == rules.hand_size for s in tried)
        assert all(late <= won for s in tried for late, won in zip(s.tricks_after_stock, s.tricks, strict=True))
    if rules.reads_cards or rules.reads_deal:
        deck = Counter(rules.deck.codes)  # a card twice in a deck of two packs
        for s in tried:
            assert [len(cards) for cards in s.took] == [count * seats for count in s.tricks]
            taken = [card for cards in s.took for card in cards]
            assert not Counter(taken) - deck
            assert [len(hand) for hand in s.dealt] == [rules.hand_size] * seats
            dealt = [card for hand in s.dealt for card in hand]
            assert not Counter(dealt) - deck
        assert {s.first_trick for s in tried} == {s.last_trick for s in tried} == set(range(seats))


def test_a_single_point_up_needs_a_hand_that_gives_points(tmp_path: Path) -> None:
    text = f"{NEGATIVE}match:\n  wins: any(total(s) >= 1 for s in players(side))\n"
    assert errors(tmp_path, text) == [
        "scoring.rules: no hand tried gives a player any points, so totals can never rise towards the match end"
    ]


def test_a_single_point_down_needs_a_hand_that_takes_points(tmp_path: Path) -> None:
    assert errors(tmp_path, "extends: whist\nmatch:\n  wins: total(side) <= -1\n") == [
        "scoring.rules: no hand tried takes points from a side, so totals can never fall towards the match end"
    ]


def test_a_counter_is_tried_after_the_first_hand_with_every_total_at_0(tmp_path: Path) -> None:
    """docs/validate.md: each counter's values are tried in one position, the first hand's with the totals at 0."""
    wins = "wins_in_row(side) >= 3 and total(side) == 0 and hands_played == 1"
    assert errors(tmp_path, f"extends: cardems-spades\n{COUNTER}match:\n  wins: {wins}\n") == []


def test_a_match_end_met_first_where_no_hand_can_take_it_is_still_met_where_hands_can(tmp_path: Path) -> None:
    """Whist never takes points: a side at -1, the first position tried that ends this match, cannot come about,
    but a side at 10 can; the lint looks on past the first position for one the scoring reaches."""
    assert errors(tmp_path, "extends: whist\nmatch:\n  wins: total(side) == 0 - 1 or total(side) >= 10\n") == []


def test_a_match_end_met_first_where_no_hand_can_give_it_is_still_met_where_hands_can(tmp_path: Path) -> None:
    """Points only ever taken: a player at 1 cannot come about, a player at -10 can."""
    ends = "any(total(s) == 1 or total(s) <= 0 - 10 for s in seats)"
    text = f"{NEGATIVE}match:\n  wins: null\n  ends: {ends}\n  by: seat\n  when_both: lower-total\n"
    assert errors(tmp_path, text) == []

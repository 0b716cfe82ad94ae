"""An auction in duels with a list of bid values (`bidding.order: duels`, `bidding.bids.values`), the shape of
Skat's bidding: checked with FAMILY-RULES §6A's four bidding examples, exact legal bids at each turn, the
refusals in words, and random auctions against a model of the rule written here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import act, legal
from trickbook import Game, Rules, load_ruleset, open_ruleset
from trickbook.book.worked import check_examples
from trickbook.errors import IllegalAction, RulesetError

VALUES = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40]

DUELS = f"""\
format: trickbook-ruleset/1
id: duels
title: Three players bid game values in duels for a suit game
deck: skat-32
seats: 3
direction: clockwise
dealer: {{first: 2, after_hand: next}}
deal: {{hand_size: 10}}
bidding:
  kind: auction
  order: duels
  bids: {{values: {VALUES}}}
trump: {{mode: chosen, suits: [D, H, S, C]}}
play: {{first_lead: after-dealer}}
scoring:
  by: seat
  rules:
    game:
      description: The declarer wins the bid with six tricks or more, and loses twice the bid otherwise.
      for: seat
      when: seat == declarer
      points: if tricks(seat) >= 6 then contract(seat) else -2 * contract(seat)
match: {{ends: hand_number >= 1, when_both: higher-total, tie: share}}
examples:
  # FAMILY-RULES §6A's bidding examples; the dealer is seat 2, so forehand F is 0, middlehand M 1, rearhand R 2.
  - name: M 18, F yes, M 20, F yes, M 22, F pass; R 23, M yes, R 24, M pass - R at 24
    dealer: 2
    calls: [18, 18, 20, 20, 22, pass, 23, 23, 24, pass]
    expect: {{contract: "24", declarer: 2}}
  - name: M pass; R 18, F yes, R 20, F pass - R at 20
    dealer: 2
    calls: [pass, 18, 18, 20, pass]
    expect: {{contract: "20", declarer: 2}}
  - name: M pass; R pass; F 18 - F at 18
    dealer: 2
    calls: [pass, pass, 18]
    expect: {{contract: "18", declarer: 0}}
  - name: M pass; R pass; F pass - thrown in
    dealer: 2
    calls: [pass, pass, pass]
    expect: {{contract: passed out}}
  - name: only the listed values are bids
    dealer: 2
    calls: [19]
    expect: {{refused: 0}}
  - name: the listener holds the bid, and may not raise it
    dealer: 2
    calls: [18, 20]
    expect: {{refused: 1}}
  - name: the next speaker's first bid is above every bid named before
    dealer: 2
    calls: [18, 18, 20, pass, 20]
    expect: {{refused: 4}}
"""


def duels(folder: Path, text: str = DUELS) -> Rules:
    path = folder / "duels.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def test_the_worked_bidding_examples_hold(tmp_path: Path) -> None:
    duels(tmp_path)
    results = list(check_examples(open_ruleset(str(tmp_path / "duels.yaml"))))
    assert len(results) == 7
    assert all(r.passed for r in results), [r.mismatches for r in results if not r.passed]


def test_the_speaker_bids_above_the_highest_and_the_listener_holds_or_passes(tmp_path: Path) -> None:
    game = Game(duels(tmp_path), 1, dealer=2)
    forehand, middlehand, rearhand = 0, 1, 2
    assert game.turn == middlehand, "middlehand speaks first, to forehand"
    assert legal(game) == ["pass", *(f"bid {v}" for v in VALUES)]
    act(game, "bid 22")
    assert game.turn == forehand and legal(game) == ["pass", "bid 22"]
    act(game, "bid 22")
    assert game.turn == middlehand and legal(game) == ["pass", *(f"bid {v}" for v in VALUES[3:])]
    act(game, "pass")
    assert game.turn == rearhand, "the survivor listens to rearhand"
    assert legal(game) == ["pass", *(f"bid {v}" for v in VALUES[3:])]
    act(game, "bid 40")
    assert game.turn == forehand and legal(game) == ["pass", "bid 40"]
    act(game, "bid 40")
    assert game.turn == rearhand and legal(game) == ["pass"], "nothing is above the top value"
    act(game, "pass")
    assert game.declarer == forehand and game.phase == "trump"


def test_when_nobody_bid_the_last_one_left_bids_the_lowest_value_or_passes(tmp_path: Path) -> None:
    game = Game(duels(tmp_path), 1, dealer=2)
    act(game, "pass", "pass")
    assert game.turn == 0 and legal(game) == ["pass", "bid 18"]
    with pytest.raises(IllegalAction, match="nobody bid: you may bid the lowest bid, 18, or pass"):
        act(game, "bid 20")


def test_refusals_say_what_the_seat_may_do(tmp_path: Path) -> None:
    game = Game(duels(tmp_path), 1, dealer=2)
    with pytest.raises(IllegalAction, match=r"19 is not a bid: bids are 18, 20, 22, 23, 24, 27, \.\.\., 40"):
        act(game, "bid 19")
    act(game, "bid 18")
    with pytest.raises(IllegalAction, match="you listen: hold 18 \\(bid 18\\) or pass, not 20"):
        act(game, "bid 20")
    with pytest.raises(IllegalAction, match="it is the bidding"):
        act(game, "trump H")


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("  order: duels\n", "bidding.order: `order` says how an auction goes round"),
        ("  bids: {values: [18, 20, 19]}\n", "bid values are listed once each, rising"),
        ("  bids: {values: [18, 20], max: 20}\n", "`values` lists every bid: leave out `min` and `max`"),
        ("  bids: {min: 18}\n", "the bids need `min` and `max`, or a list of `values`"),
        ("  ends_at: 24\n", "an auction in duels ends when one player is left"),
        ("  all_pass: {action: force, bid: 18}\n", "nothing is forced"),
    ],
)
def test_a_duel_or_a_list_of_values_that_cannot_work_is_refused(tmp_path: Path, change: str, says: str) -> None:
    text = DUELS.replace(f"  bids: {{values: {VALUES}}}\n", "  bids: {values: [18, 20, 24]}\n")
    if change.startswith("  order"):
        text = text.replace("kind: auction\n  order: duels\n", "kind: declarations\n  order: duels\n").replace(
            "bids: {values: [18, 20, 24]}", "bids: {min: 1, max: 3}"
        )
    elif change.startswith("  bids"):
        text = text.replace("  bids: {values: [18, 20, 24]}\n", change)
    else:
        text = text.replace("  bids: {values: [18, 20, 24]}\n", "  bids: {values: [18, 20, 24]}\n" + change)
    with pytest.raises(RulesetError, match=says):
        duels(tmp_path, text)


def _model(calls: list[str]) -> tuple[int | None, int | None]:
    """The auction's result by the words of FAMILY-RULES §6A, steps 1 to 4, for seats F 0, M 1, R 2: the declarer
    and the bid, or (None, None) when everyone passed."""
    highest, holder = None, None
    moves = iter(calls)
    survivor = 0
    for speaker in (1, 2):
        listener = survivor
        while True:
            said = next(moves)
            if said == "pass":
                survivor = listener
                break
            highest, holder = int(said.split()[1]), speaker
            answer = next(moves)
            if answer == "pass":
                survivor = speaker
                break
            holder = listener
    if highest is None:
        return (0, 18) if next(moves) != "pass" else (None, None)
    return holder, highest


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_auctions_end_as_the_rules_words_say(tmp_path_factory: pytest.TempPathFactory, seed: int) -> None:
    rules = duels(tmp_path_factory.mktemp("duels"))
    game = Game(rules, 1, dealer=2)
    chooser = random.Random(seed)
    calls = []
    while game.phase == "bidding" and game.hands_finished == 0:
        choices = legal(game)
        call = chooser.choice(choices) if chooser.random() < 0.7 or len(choices) == 1 else choices[0]
        calls.append(call)
        act(game, call)
    declarer, bid = _model(calls)
    if declarer is None:
        assert game.hands_finished == 1 and game.history[0].cancelled
    else:
        assert game.declarer == declarer and game.highest_bid == bid, calls

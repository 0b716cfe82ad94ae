"""What a declarer does between the auction and the first lead, as rules data: an optional exchange (take the cards
or keep the hand as dealt), before trump when the rules say so; trump chosen among suits and named games; and
announcements offered in order, each when its condition holds. Checked on a house ruleset shaped like Skat's
declaring (FAMILY-RULES §6A), with exact legal sets at each step, the facts scoring reads, refusals, and random
matches that replay."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from helpers import act, legal, stacked_game
from trickbook import Game, Rules, load_ruleset, open_ruleset
from trickbook.book.worked import check_examples
from trickbook.cli import main
from trickbook.errors import IllegalAction, RulesetError
from trickbook.players.worlds import imagine
from trickbook.session.progress import progress

DECLARING = """\
format: trickbook-ruleset/1
id: declaring
title: Skat's declaring, after a one-round auction
deck: skat-32
seats: 3
direction: clockwise
dealer: {first: 2, after_hand: next}
deal: {hand_size: 10}
bidding:
  kind: auction
  order: duels
  bids: {values: [18, 20, 22, 23, 24]}
exchange:
  description: The declarer takes the skat and lays two cards away, or plays from the hand as dealt.
  seat: declarer
  take: stock
  discard: 2
  optional: true
  before_trump: true
trump:
  mode: chosen
  suits: [D, H, S, C]
  highest: [JC, JS, JH, JD]
  games:
    grand: {description: Only the jacks are trumps., highest: [JC, JS, JH, JD]}
    "null": {description: No trumps; the declarer must lose every trick., order: ["7", "8", "9", T, J, Q, K, A]}
announcements:
  schneider:
    description: The declarer will take 90 card points.
    when: not exchanged and not null
  schwarz:
    description: The declarer will take every trick.
    when: schneider
  ouvert:
    description: The highest announcement, after schwarz; in null it may be made at once.
    when: if null then true else schwarz
play: {first_lead: after-dealer, open_hand: ouvert}
scoring:
  by: seat
  card_points:
    ranks: {A: 11, T: 10, K: 4, Q: 3, J: 2}
  rules:
    hand:
      description: 1 for a declarer who kept the hand as dealt.
      for: seat
      when: seat == declarer and not exchanged
      points: 1
    announced:
      description: 10 for each announcement the declarer made.
      for: seat
      when: seat == declarer
      points: 10 * ((if schneider then 1 else 0) + (if schwarz then 1 else 0) + (if ouvert then 1 else 0))
match: {ends: hand_number >= 1, when_both: higher-total, tie: share}
examples:
  - name: a hand game with schneider and schwarz announced
    declarer: 0
    bids: [18, null, null]
    tricks: [10, 0, 0]
    exchanged: false
    announced: [schneider, schwarz]
    expect: {seat_score: [21, 0, 0]}
  - name: a game from the skat announces nothing
    declarer: 1
    bids: [null, 20, null]
    tricks: [0, 10, 0]
    expect: {seat_score: [0, 0, 0]}
"""

SUITS = ["trump C", "trump S", "trump H", "trump D", "grand", "null"]


@pytest.fixture(scope="module")
def declaring(tmp_path_factory: pytest.TempPathFactory) -> Rules:
    path = tmp_path_factory.mktemp("declaring") / "declaring.yaml"
    path.write_text(DECLARING, encoding="utf-8")
    return load_ruleset(path)


def won_auction(rules: Rules) -> Game:
    """Middlehand (seat 1) bids 18, forehand (0) passes, rearhand (2) passes: seat 1 declares; seat 1 holds the
    clubs and spades from the ace down to the nine."""
    game = stacked_game(rules, {1: "AC TC KC QC 9C AS TS KS QS 9S", 0: "JC JS JH JD AH TH KH QH 9H 8H"}, dealer=2)
    act(game, "bid 18", "pass", "pass")
    assert game.declarer == 1
    return game


def test_the_declarer_first_takes_the_cards_or_keeps_the_hand(declaring: Rules) -> None:
    game = won_auction(declaring)
    assert game.phase == "exchange" and game.turn == 1
    assert legal(game) == ["pass", "take"]
    with pytest.raises(IllegalAction, match="first say whether you take the cards"):
        act(game, "discard AC")


def test_taking_the_cards_then_laying_two_away_comes_before_naming_the_game(declaring: Rules) -> None:
    game = won_auction(declaring)
    skat = set(range(declaring.deck.size)).difference(*(game.hand(seat) for seat in range(3)))
    assert len(skat) == 2
    act(game, "take")
    assert set(game.hand(1)) >= skat and len(game.hand(1)) == 12
    assert sorted(legal(game)) == sorted(f"discard {declaring.deck.codes[c]}" for c in game.hand(1))
    act(game, "discard AC", "discard AS")
    assert game.phase == "trump" and legal(game) == SUITS
    act(game, "trump C")
    assert game.phase == "play", "nothing to announce after taking the cards in a suit game"


def test_a_hand_game_is_offered_schneider_then_schwarz_then_ouvert_each_once_the_last_is_announced(
    declaring: Rules,
) -> None:
    game = won_auction(declaring)
    act(game, "pass", "trump C")
    assert game.phase == "announce" and legal(game) == ["pass", "announce schneider"]
    act(game, "announce schneider")
    assert legal(game) == ["pass", "announce schwarz"]
    with pytest.raises(IllegalAction, match="the announcement offered now is 'announce schwarz'"):
        act(game, "announce ouvert")
    act(game, "pass")
    assert game.phase == "play", "ouvert is offered in a suit game only after schwarz"
    while game.hands_finished == 0:
        game.apply(game.legal_actions()[0])
    lines = {line.rule: line.points for line in game.history[0].lines if line.target == 1}
    assert lines == {"hand": 1, "announced": 10}


def test_null_from_the_hand_is_offered_ouvert_and_not_schneider(declaring: Rules) -> None:
    game = won_auction(declaring)
    act(game, "pass", "null")
    assert legal(game) == ["pass", "announce ouvert"]
    act(game, "announce ouvert")
    assert game.phase == "play"


@pytest.mark.parametrize("ouvert", [True, False])
def test_an_open_hand_is_seen_by_everyone_from_before_the_first_lead(declaring: Rules, ouvert: bool) -> None:
    game = won_auction(declaring)
    act(game, "pass", "null", "announce ouvert" if ouvert else "pass")
    assert game.phase == "play" and game.trick == ()
    for seat in range(3):
        view = game.view(seat)
        assert view.open_seat == (1 if ouvert else -1)
        assert view.open_hand == (tuple(sorted(game.hand(1))) if ouvert else ())
    act(game, legal(game)[0])
    assert set(game.view(2).open_hand) == (set(game.hand(1)) if ouvert else set()), "the cards the seat still holds"


def test_an_opponent_imagines_the_open_hand_as_it_is(declaring: Rules) -> None:
    game = won_auction(declaring)
    act(game, "pass", "null", "announce ouvert")
    view = game.view(0)
    for seed in range(5):
        world = imagine(view, random.Random(seed))
        assert set(world.hand(1)) == set(game.hand(1))


def test_the_worked_examples_state_the_exchange_and_the_announcements(tmp_path: Path) -> None:
    path = tmp_path / "declaring.yaml"
    path.write_text(DECLARING, encoding="utf-8")
    results = list(check_examples(open_ruleset(str(path))))
    assert [r.passed for r in results] == [True, True], [r.mismatches for r in results]
    wrong = DECLARING.replace("announced: [schneider, schwarz]", "announced: [schneider, schwartz]")
    path.write_text(wrong, encoding="utf-8")
    assert main(["check", str(path)]) == 1


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("  before_trump: true\n", "only the declarer's exchange can come before trump"),
        ("    when: schneider\n", "unknown name 'schneider'"),
    ],
)
def test_declaring_that_cannot_work_is_refused(tmp_path: Path, change: str, says: str) -> None:
    if change.startswith("  before_trump"):
        text = DECLARING.replace("  seat: declarer\n", "  seat: dealer\n")
    else:
        text = DECLARING.replace("  schneider:\n", "  schneider_said:\n")
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError, match=says):
        load_ruleset(path)


@pytest.mark.parametrize("players", ["random", "heuristic:samples=2", "mcts:playouts=12"])
def test_matches_of_every_kind_of_player_replay(tmp_path: Path, players: str) -> None:
    path = tmp_path / "declaring.yaml"
    path.write_text(DECLARING, encoding="utf-8")
    out = tmp_path / "matches.jsonl"
    argv = ["simulate", str(path), "--players", players, "--matches", "6", "--seed", "4", "--jobs", "1"]
    assert main([*argv, "--out", str(out)]) == 0
    assert main(["replay", str(out)]) == 0


def test_random_hands_pass_through_every_declaring_step(declaring: Rules) -> None:
    """Over many random hands each path is taken: taking and keeping the hand, suits and games, announcements."""
    seen: set[str] = set()
    for seed in range(60):
        game = Game(declaring, seed)
        chooser = random.Random(seed)
        while game.hands_finished == 0:
            choice = chooser.choice(game.legal_actions())
            seen.add(declaring.actions.text(choice).split()[0])
            game.apply(choice)
    assert {"take", "discard", "trump", "grand", "null", "announce"} <= seen


def test_a_contract_that_is_a_value_is_not_told_against_the_tricks(declaring: Rules) -> None:
    game = won_auction(declaring)
    act(game, "pass", "trump C", "pass")
    assert game.phase == "play"
    assert [p.wanted for p in progress(game.view(0))] == [None, None, None], "24 is a game's worth, not tricks"


SITTING_OUT = """\
format: trickbook-ruleset/1
id: sitting-out
title: Four at the table, the dealer sitting out
deck: skat-32
seats: 4
direction: clockwise
dealer: {first: 0, after_hand: next}
deal: {hand_size: 10, dealer_sits_out: true}
bidding: {kind: auction, bids: {min: 1, max: 10}}
trump: {mode: chosen}
play: {first_lead: after-dealer}
scoring:
  by: seat
  rules:
    made: {for: seat, when: seat == declarer, points: "if tricks(seat) >= bid(seat) then 1 else -1"}
match: {ends: hand_number >= 1, when_both: higher-total, tie: share}
"""


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (("seats: 4\n", "seats: 2\n"), "a dealer who sits out leaves too few players"),
        (("kind: auction, bids: {min: 1, max: 10}", "kind: declarations, bids: {min: 1, max: 10}"), "an auction"),
        (("trump: {mode: chosen}", "trump: {mode: made, rounds: [any]}"), "trump made in rounds"),
        (("hand_size: 10,", "hand_size: 11,"), "3 players cannot each be dealt 11 cards"),
    ],
)
def test_a_dealer_who_sits_out_with_rules_that_count_every_seat_is_refused(
    tmp_path: Path, change: tuple[str, str], says: str
) -> None:
    text = SITTING_OUT.replace(*change)
    if "mode: made" in text:
        text = text.replace("bidding: {kind: auction, bids: {min: 1, max: 10}}", "bidding: {kind: none}")
    path = tmp_path / "out.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError, match=says):
        load_ruleset(path)


def test_the_dealer_who_sits_out_holds_nothing_and_tricks_have_a_card_fewer(tmp_path: Path) -> None:
    path = tmp_path / "out.yaml"
    path.write_text(SITTING_OUT, encoding="utf-8")
    game = Game(load_ruleset(path), 2)
    assert [len(cards) for cards in game.current_deal] == [0, 10, 10, 10]
    act(game, "bid 1", "pass", "pass")
    while game.hands_finished == 0:
        game.apply(game.legal_actions()[0])
    assert sum(game.history[0].tricks_won) == 10 and game.history[0].tricks_won[0] == 0

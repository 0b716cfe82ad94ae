"""The table's progress line: tricks taken this hand against each side's contract, read from a seat's view."""

from __future__ import annotations

from pathlib import Path

from helpers import act, legal, rules
from trickbook import Game, load_ruleset
from trickbook.session.progress import Progress, progress


def tarneeb(dealer: int) -> Game:
    """Cardems Tarneeb, an auction between two sides, dealt by `dealer` (the seat after it bids first)."""
    return Game(rules("cardems-tarneeb"), seed=1, dealer=dealer)


def test_nothing_is_shown_before_the_first_trick_of_a_hand_that_starts_with_bidding() -> None:
    """During the auction and the trump choice no side has tricks or a contract yet: the line is empty."""
    game = tarneeb(dealer=3)
    assert progress(game.view(0)) == ()
    act(game, "bid 7", "pass", "pass", "pass")
    assert game.phase == "trump"
    assert progress(game.view(0)) == ()


def test_only_the_declarers_side_plays_against_a_contract_after_an_auction() -> None:
    """North (seat 0) buys at 7: North-South show 0 of 7, East-West no contract (they only defend)."""
    game = tarneeb(dealer=3)
    act(game, "bid 7", "pass", "pass", "pass", "trump S")
    names = game.rules.seating.side_names
    assert progress(game.view(0)) == (Progress(names[0], 0, 7), Progress(names[1], 0, None))
    assert progress(game.view(1)) == progress(game.view(0)), "every seat reads the same line"


def test_a_declarer_on_the_second_side_binds_that_side_alone() -> None:
    """East (seat 1) buys at 8: the contract sits against East-West's tricks, none against North-South's."""
    game = tarneeb(dealer=0)
    act(game, "bid 8", "pass", "pass", "pass", "trump H")
    assert [p.wanted for p in progress(game.view(2))] == [None, 8]


def test_a_side_is_found_by_its_members_not_by_the_declarers_seat_number(tmp_path: Path) -> None:
    """A house file that lists East-West first: North (seat 0) buys, and the contract shows against the second
    side, North-South, not the first."""
    path = tmp_path / "swapped.yaml"
    path.write_text(
        "format: trickbook-ruleset/1\nid: swapped\ntitle: Swapped sides\nextends: cardems-tarneeb\n"
        "sides: [[1, 3], [0, 2]]\n"
    )
    game = Game(load_ruleset(str(path)), seed=1, dealer=3)
    act(game, "bid 7", "pass", "pass", "pass", "trump S")
    assert progress(game.view(0)) == (Progress("East-West", 0, None), Progress("North-South", 0, 7))


def test_tricks_are_counted_for_the_side_of_the_seat_that_won_them() -> None:
    """After the first trick, its winner's side shows 1 taken and the other side 0."""
    game = tarneeb(dealer=3)
    act(game, "bid 7", "pass", "pass", "pass", "trump S")
    before = list(game.tricks_won)
    for _ in range(game.rules.seats):
        act(game, legal(game)[0])
    winner = next(seat for seat, won in enumerate(game.tricks_won) if won != before[seat])
    side = game.rules.seating.side_of[winner]
    assert [p.taken for p in progress(game.view(0))] == [1 if index == side else 0 for index in range(2)]


def test_without_sides_the_declarer_alone_plays_against_the_contract() -> None:
    """Napoleon is an auction among four players on their own: North buys at 2 and only North shows a contract."""
    game = Game(rules("napoleon"), seed=1, dealer=3)
    act(game, "bid 2", "pass", "pass", "pass")
    assert progress(game.view(1)) == tuple(
        Progress(name, 0, 2 if seat == 0 else None) for seat, name in enumerate(game.rules.seating.seat_names)
    )


def test_a_game_without_sides_names_each_seat() -> None:
    """German Whist has two players and no auction: each player's own tricks, by seat name, no contract."""
    game = Game(rules("german-whist"), seed=1, dealer=1)
    names = game.rules.seating.seat_names
    assert progress(game.view(0)) == (Progress(names[0], 0, None), Progress(names[1], 0, None))


def test_a_sides_tricks_are_every_members_tricks_through_a_whole_hand() -> None:
    """Each trick of a hand counts for its winner's side, whichever partner took it."""
    game = tarneeb(dealer=3)
    act(game, "bid 7", "pass", "pass", "pass", "trump S")
    members = game.rules.seating.sides
    partners_took = set()
    while game.hands_finished == 0 and sum(game.tricks_won) < 12:
        game.apply(game.default_action())
        won = game.tricks_won
        assert [p.taken for p in progress(game.view(0))] == [sum(won[s] for s in side) for side in members]
        partners_took |= {seat for seat in range(4) if won[seat]}
    assert partners_took == {0, 1, 2, 3}, "every seat took a trick, so a partner's tricks were counted too"

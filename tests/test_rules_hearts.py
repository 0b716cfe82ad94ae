"""FAMILY-RULES section 2, Hearts: one test per rule sentence, played through `Game` (the worked examples are
the ruleset's own `examples:`, run by `check`)."""

from __future__ import annotations

import random

import pytest

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules
from trickbook.errors import IllegalAction

HEARTS = "hearts"
NO_PASSING = ("passing", "off")


def hearts(*options: tuple[str, str]) -> Rules:
    return rules(HEARTS, tuple(sorted(options)))


def held(game: Game, seat: int, suit: str = "") -> set[str]:
    codes = game.rules.deck.codes
    return {codes[c] for c in game.hand(seat) if codes[c].endswith(suit)}


def play_hand(game: Game, chooser: random.Random) -> None:
    number = game.hand_number
    while not game.is_over() and game.hand_number == number:
        game.apply(chooser.choice(game.legal_actions()))


def test_four_players_each_for_himself_clockwise_13_cards_each_no_trumps() -> None:
    ruleset = hearts()
    assert ruleset.seats == 4 and not ruleset.seating.has_sides
    assert ruleset.seating.next_seat == (1, 2, 3, 0) and ruleset.hand_size == 13
    game = Game(ruleset, seed=5)
    assert game.trump < 0 and game.exposed == ()


@pytest.mark.parametrize(("hand", "offset"), [(1, 1), (2, 3), (3, 2), (4, None), (5, 1)])
def test_the_pass_goes_left_right_across_then_none_by_hand_number(hand: int, offset: int | None) -> None:
    game = Game(hearts(), seed=11)
    chooser = random.Random(11)
    while game.hand_number < hand:
        play_hand(game, chooser)
        assert not game.is_over()
    if offset is None:
        assert game.phase == "play", "the fourth hand has no passing"
        return
    assert game.phase == "passing"
    assert [game.receiver(seat) for seat in range(4)] == [(seat + offset) % 4 for seat in range(4)]


def test_each_player_passes_exactly_three_cards_chosen_before_any_is_handed_over() -> None:
    game = Game(hearts(), seed=2)
    dealt = [set(held(game, seat)) for seat in range(4)]
    chosen: dict[int, list[str]] = {}
    for _ in range(4):
        seat = game.turn
        assert seat is not None and seat not in chosen
        mine = sorted(dealt[seat])[:3]
        for card in mine:
            assert all(held(game, s) <= dealt[s] for s in range(4)), "nothing has been handed over yet"
            act(game, f"give {card}")
        chosen[seat] = mine
    assert game.phase == "play"
    for seat in range(4):
        giver = (seat - 1) % 4
        assert held(game, seat) == (dealt[seat] - set(chosen[seat])) | set(chosen[giver])


def test_a_player_may_not_pass_a_fourth_card_or_a_card_he_was_not_dealt() -> None:
    game = Game(hearts(), seed=2)
    first = game.turn
    assert first is not None
    for card in sorted(held(game, first))[:3]:
        act(game, f"give {card}")
    assert game.turn == (first + 1) % 4, "after three cards the turn moves on"
    stranger = sorted(held(game, (first + 2) % 4))[0]
    with pytest.raises(IllegalAction):
        act(game, f"give {stranger}")


def test_the_holder_of_the_two_of_clubs_must_lead_it() -> None:
    game = stacked_game(hearts(NO_PASSING), {2: "2C 3C 4C"}, dealer=0)
    assert game.turn == 2 and legal(game) == ["2C"]


def test_with_first_lead_any_club_he_may_lead_any_club() -> None:
    game = stacked_game(hearts(NO_PASSING, ("first_lead_any_club", "on")), {2: "2C 3C 4C"}, dealer=0)
    assert game.turn == 2 and set(legal(game)) == held(game, 2, "C")


def test_first_trick_a_player_without_clubs_may_not_play_hearts_or_the_queen() -> None:
    game = stacked_game(hearts(NO_PASSING), {0: "2C", 1: "QS AH 5H 9D"}, dealer=3)
    act(game, "2C")
    assert held(game, 1, "C") == set()
    assert set(legal(game)) == held(game, 1) - held(game, 1, "H") - {"QS"}


def test_first_trick_a_hand_of_only_hearts_and_the_queen_may_play_any_of_them() -> None:
    only = "QS AH KH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    game = stacked_game(hearts(NO_PASSING), {0: "2C", 1: only}, dealer=3)
    act(game, "2C")
    assert set(legal(game)) == set(only.split())


def test_without_the_first_trick_restriction_points_may_be_discarded_at_once() -> None:
    game = stacked_game(hearts(NO_PASSING, ("no_points_first_trick", "off")), {0: "2C", 1: "QS AH 5H 9D"}, dealer=3)
    act(game, "2C")
    assert set(legal(game)) == held(game, 1)


def _after_a_club_trick(*options: tuple[str, str], leader: str, others: dict[int, str]) -> Game:
    """North leads 2C, East takes trick 1 with the ace of clubs and leads trick 2 holding `leader`."""
    hands = {
        0: "2C " + others.get(0, ""),
        1: "AC " + leader,
        2: "3C " + others.get(2, ""),
        3: "4C " + others.get(3, ""),
    }
    game = stacked_game(hearts(NO_PASSING, *options), {s: h.strip() for s, h in hands.items()}, dealer=3)
    assert play_trick(game, "2C", "AC", "3C", "4C") == 1
    return game


def test_hearts_may_not_be_led_until_broken() -> None:
    game = _after_a_club_trick(leader="2H 7H KD", others={})
    assert "2H" not in legal(game) and "KD" in legal(game)


def test_a_leader_holding_nothing_but_hearts_may_lead_one() -> None:
    only = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    game = _after_a_club_trick(leader=only, others={})
    assert set(legal(game)) == set(only.split())


def test_a_discarded_heart_breaks_hearts() -> None:
    game = _after_a_club_trick(leader="KD 2H", others={0: "5H", 2: "2D", 3: "3D"})
    assert "2H" not in legal(game)
    act(game, "KD")
    assert set(legal(game)) == held(game, 2, "D")
    act(game, "2D", "3D")
    assert "5H" in legal(game) and held(game, 0, "D") == set()
    act(game, "5H")
    assert game.turn == 1 and "2H" in legal(game), "a heart was played: hearts are broken"


def test_the_queen_of_spades_breaks_hearts_and_with_the_option_off_it_does_not() -> None:
    for breaks in ("on", "off"):
        game = _after_a_club_trick(("qs_breaks_hearts", breaks), leader="KD 2H", others={0: "QS", 2: "2D", 3: "3D"})
        act(game, "KD", "2D", "3D", "QS")
        assert ("2H" in legal(game)) is (breaks == "on")


def test_a_leader_holding_only_hearts_and_the_queen_must_lead_the_queen() -> None:
    queen_and_hearts = "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    game = _after_a_club_trick(leader=queen_and_hearts, others={})
    assert legal(game) == ["QS"]
    game = _after_a_club_trick(("heart_lead_instead_of_qs", "on"), leader=queen_and_hearts, others={})
    assert set(legal(game)) == set(queen_and_hearts.split())


def test_with_must_break_hearts_off_hearts_may_be_led_at_once() -> None:
    game = _after_a_club_trick(("must_break_hearts", "off"), leader="2H 7H KD", others={})
    assert {"2H", "7H", "KD"} <= set(legal(game))


def test_the_highest_card_of_the_led_suit_wins_and_the_winner_leads() -> None:
    game = stacked_game(hearts(NO_PASSING), {0: "2C", 1: "TC", 2: "3C", 3: "KC"}, dealer=3)
    assert play_trick(game, "2C", "TC", "3C", "KC") == 3 and game.turn == 3


@pytest.mark.parametrize("seed", range(10))
def test_hand_points_are_one_per_heart_and_13_for_the_queen_or_a_moon(seed: int) -> None:
    game = Game(hearts(), seed=seed)
    play_hand(game, random.Random(seed))
    hand = game.history[0]
    assert hand.seat_score is not None
    taken = _points_taken(game)
    if 26 in taken:
        shooter = taken.index(26)
        assert list(hand.seat_score) == [0 if s == shooter else 26 for s in range(4)]
    else:
        assert list(hand.seat_score) == taken
    assert sum(taken) == 26


def _points_taken(game: Game) -> list[int]:
    """Hearts and the queen each seat took in the first hand, counted from the moves, not from the scores."""
    codes = game.rules.deck.codes
    hand = game.history[0]
    points = [0, 0, 0, 0]
    trick: list[tuple[int, str]] = []
    for move in hand.moves:
        if move.action >= len(codes):
            continue  # a pass, not a card played
        trick.append((move.seat, codes[move.action]))
        if len(trick) == 4:
            led = trick[0][1][-1]
            order = "23456789TJQKA"
            winner = max((t for t in trick if t[1][-1] == led), key=lambda t: order.index(t[1][0]))[0]
            points[winner] += sum(1 if card.endswith("H") else 13 if card == "QS" else 0 for _, card in trick)
            trick = []
    return points


def test_the_match_ends_at_100_and_the_lowest_total_wins() -> None:
    game = Game(hearts(), seed=4)
    chooser = random.Random(4)
    while not game.is_over():
        play_hand(game, chooser)
    last = game.history[-1].seat_totals
    assert last is not None and max(last) >= 100
    assert game.winner == (last.index(min(last)),) and list(last).count(min(last)) == 1
    for hand in game.history[:-1]:
        totals = hand.seat_totals
        assert totals is not None
        assert max(totals) < 100 or list(totals).count(min(totals)) > 1, "ties for the lowest play on"


def test_the_deal_passes_to_the_left_after_each_hand() -> None:
    game = Game(hearts(NO_PASSING), seed=9, dealer=2)
    chooser = random.Random(9)
    dealers = []
    for _ in range(3):
        dealers.append(game.dealer)
        play_hand(game, chooser)
    assert dealers == [2, 3, 0]


def test_every_seat_sees_when_hearts_are_broken_and_the_points_each_player_has_taken() -> None:
    """What the table shows (`SeatView.broken`, `points_taken`): hearts unbroken until one is played, and each
    player's card points taken so far, worked out from the public play alone, the same for every seat."""
    hands = {
        0: "2C AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        1: "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2H",
        2: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        3: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    }
    game = stacked_game(hearts(NO_PASSING), hands, dealer=3)
    act(game, "2C", "3C", "2D", "2S")  # East takes the first trick: no points
    assert [game.view(seat).broken() for seat in range(4)] == [((1, False),)] * 4
    assert game.view(0).points_taken() == (0, 0, 0, 0)
    act(game, "4C", "3D", "3S")
    assert game.view(2).broken() == ((1, False),), "nobody has played a heart yet"
    act(game, "AH")  # North, out of clubs, throws a heart: hearts are broken, East takes a point
    assert [game.view(seat).broken() for seat in range(4)] == [((1, True),)] * 4
    assert [game.view(seat).points_taken() for seat in range(4)] == [(0, 1, 0, 0)] * 4
    assert game.view(3).tricks_taken()[1][0] == 1


def test_before_the_play_no_suit_is_reported_broken_or_not() -> None:
    game = stacked_game(hearts(), {}, dealer=3)
    assert game.phase == "passing" and game.view(0).broken() == ()

"""Black Maria (cardrulesplus.com): one test per rule sentence of the source, played through `Game` or scored
through the same path as a played hand, and one hand traced by hand."""

from __future__ import annotations

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules
from trickbook.book.scenario import Scenario, evaluate

RULES = "black-maria"
SUITS = {seat: " ".join(f"{r}{s}" for r in "23456789TJQKA") for seat, s in enumerate("SHCD")}
"""North holds every spade, East every heart, South every club, West every diamond."""


def maria(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def held(game: Game, seat: int) -> set[str]:
    return {game.rules.deck.codes[c] for c in game.hand(seat)}


def seat_score(took: list[list[str]], tricks: list[int] | None = None) -> tuple[int, ...]:
    outcome = evaluate(maria(), Scenario(tricks=tricks or [4, 3, 3, 3], took=took, seat_totals=[0, 0, 0, 0]))
    return outcome.score.seats


def test_three_to_six_players_each_for_themselves_the_whole_pack_dealt_at_four() -> None:
    """ "3 to 6 players ... every player for themselves"; at four the 52 cards share out, 13 each."""
    for players, size in (("3", 17), ("4", 13), ("5", 10), ("6", 8)):
        table = maria(players=players)
        assert table.seats == int(players) and table.hand_size == size and not table.seating.has_sides
    game = Game(maria(), seed=1)
    assert sum(len(game.hand(s)) for s in range(4)) == 52


def test_low_cards_are_taken_out_so_that_the_deck_shares_out_evenly() -> None:
    """ "Remove low cards as needed for an even deal ([2 of clubs] for 3 players, black 2s for 5, all 2s for 6)"."""
    for players, removed in (("3", {"2C"}), ("5", {"2C", "2S"}), ("6", {"2C", "2S", "2H", "2D"})):
        table = maria(players=players)
        for seed in range(3):
            game = Game(table, seed=seed)
            dealt = set().union(*(held(game, s) for s in range(table.seats)))
            assert len(dealt) == 52 - len(removed) and not dealt & removed, (players, seed)


def test_each_player_passes_three_cards_to_the_right_before_play() -> None:
    """ "each player passes 3 cards face-down to the player on their right", every hand."""
    game = stacked_game(maria(), SUITS, dealer=3)
    assert game.phase == "passing"
    assert [game.receiver(seat) for seat in range(4)] == [3, 0, 1, 2]
    pass_lowest(game)
    assert held(game, 0) >= {"2H", "3H", "4H"} and not held(game, 0) & {"2S", "3S", "4S"}
    assert held(game, 3) >= {"2S", "3S", "4S"}


def pass_lowest(game: Game) -> None:
    """Each player passes the three lowest cards of the suit dealt to it (the deals of `SUITS`)."""
    while game.phase == "passing":
        seat = game.turn
        assert seat is not None
        suit = "SHCD"[seat]
        act(game, *(f"give {r}{suit}" for r in "234"))


def test_eldest_hand_leads_the_first_trick_anything_but_a_heart() -> None:
    """ "Eldest hand leads any non-heart card to the first trick": North received East's 2, 3 and 4 of hearts."""
    game = stacked_game(maria(), SUITS, dealer=3)
    pass_lowest(game)
    assert game.turn == 0 and {"2H", "3H", "4H"} <= held(game, 0)
    assert set(legal(game)) == held(game, 0) - {"2H", "3H", "4H"}


def test_follow_suit_if_able_otherwise_anything_highest_of_the_led_suit_wins_no_trumps() -> None:
    """ "Follow suit if able, otherwise discard anything; highest card of the led suit wins. No trumps"."""
    game = stacked_game(maria(), SUITS, dealer=3)
    pass_lowest(game)
    act(game, "AS")
    assert set(legal(game)) == held(game, 1), "East has no spade: any card"
    act(game, "AH", "AC")
    assert set(legal(game)) == {"2S", "3S", "4S"}, "West received three spades: it must follow"
    act(game, "2S")
    assert game.turn == 0 and game.tricks_won[0] == 1, "the ace of spades wins; the ace of hearts is no trump"


def test_no_heart_lead_until_a_heart_is_discarded_to_a_trick_led_in_another_suit() -> None:
    """ "hearts may not be led until a heart has been discarded on a non-heart trick"; the queen breaks nothing."""
    game = stacked_game(maria(), SUITS, dealer=3)
    pass_lowest(game)
    assert play_trick(game, "QS", "2C", "AC", "2S") == 0
    assert not {"2H", "3H", "4H"} & set(legal(game)), "no heart discarded yet, the queen played"
    assert play_trick(game, "KS", "KH", "KC", "3S") == 0
    assert {"2H", "3H", "4H"} <= set(legal(game)), "East discarded the king of hearts"


def test_penalties_hearts_1_queen_13_king_10_ace_7() -> None:
    """ "hearts = 1 each, [Q spades] = 13, [K spades] = 10, [A spades] = 7"."""
    assert seat_score([["2H", "AH"], ["QS"], ["KS"], ["AS"]]) == (2, 13, 10, 7)


def test_43_penalty_points_in_every_deal() -> None:
    """ "43 penalty points available per deal"."""
    assert sum(seat_score([["H"], ["QS", "KS"], ["AS"], []])) == 43


def test_penalties_add_to_a_running_total_and_at_100_the_lowest_total_wins() -> None:
    """ "add to each player's running total"; "when a player passes 100 ... lowest total wins" (Decision: at 100)."""
    outcome = evaluate(
        maria(), Scenario(tricks=[4, 3, 3, 3], took=[["QS"], [], ["KS"], []], seat_totals=[90, 60, 40, 70])
    )
    assert outcome.seat_totals == (103, 60, 50, 70) and outcome.winner == (2,)


def test_with_a_number_of_deals_the_match_ends_after_the_last_one() -> None:
    """ "Match ends after an agreed number of deals (often 9 or 12)"."""
    after_nine = evaluate(maria(deals="9"), Scenario(tricks=[4, 3, 3, 3], hand_number=9, seat_totals=[30, 20, 25, 40]))
    assert after_nine.winner == (1,)
    assert (
        evaluate(maria(deals="12"), Scenario(tricks=[4, 3, 3, 3], hand_number=9, seat_totals=[30, 20, 25, 40])).winner
        is None
    )


def test_a_hand_traced_by_hand() -> None:
    """Dealer West; North holds the spades, East the hearts, South the clubs, West the diamonds, and each passes
    its 2, 3 and 4 to the right. North's three top spades take a heart each (8, 11, 14 points); North leads a heart
    (hearts are broken), East wins it with the 5; South wins a club with the 5 and a heart on it; West wins the rest
    with diamonds and seven hearts: 33, 2, 1 and 7, making 43."""
    game = stacked_game(maria(), SUITS, dealer=3)
    pass_lowest(game)
    tricks = [
        ("AS", "AH", "AC", "2S"),
        ("KS", "KH", "KC", "3S"),
        ("QS", "QH", "QC", "4S"),
        ("2H", "5H", "2D", "AD"),
    ]
    assert [play_trick(game, *t) for t in tricks] == [0, 0, 0, 1]
    rest = [
        ("2C", "5C", "KD", "4H"),
        ("3D", "QD", "3H", "JH"),
        ("5D", "5S", "TH", "4D"),
        ("6D", "6S", "9H", "6C"),
        ("7D", "7S", "8H", "7C"),
        ("8D", "8S", "7H", "8C"),
        ("9D", "9S", "6H", "9C"),
        ("TD", "TS", "3C", "TC"),
        ("JD", "JS", "4C", "JC"),
    ]
    assert [play_trick(game, *t) for t in rest] == [2, 3, 3, 3, 3, 3, 3, 3, 3]
    hand = game.history[-1]
    assert hand.tricks_won == (3, 1, 1, 8)
    assert hand.seat_score == (33, 2, 1, 7) and sum(hand.seat_score or ()) == 43

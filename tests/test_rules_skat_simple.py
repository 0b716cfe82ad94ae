"""FAMILY-RULES section 6B, Skat's simplified form (with 6A's trumps, orders and following): one test per rule
sentence, played through `Game` (the worked examples, scores and legal plays, are the ruleset's `examples:`)."""

from __future__ import annotations

import pytest

from helpers import act, legal, play_trick, played, rules, stacked_game
from trickbook import Game, Rules

SKAT = "skat-simple"
HANDS = {
    0: "JC JS AH TH KH QH 9H 8H 7H AS",
    1: "JH JD AC TC KC QC 9C 8C 7C TS",
    2: "AD TD KD QD 9D 8D 7D KS QS 9S",
}
"""Seat 0 holds the black jacks and the hearts but the jack, seat 1 the red jacks and the clubs, seat 2 the
diamonds; the skat is 8S 7S."""


def skat() -> Rules:
    return rules(SKAT)


def dealt() -> Game:
    return stacked_game(skat(), HANDS, dealer=2)


def codes(game: Game, seat: int) -> set[str]:
    return {game.rules.deck.codes[c] for c in game.hand(seat)}


def test_three_seats_each_for_himself_clockwise_seat_0_is_forehand_and_seat_2_deals() -> None:
    ruleset = skat()
    assert ruleset.seats == 3 and not ruleset.seating.has_sides and ruleset.seating.next_seat == (1, 2, 0)
    game = Game(ruleset, seed=5)
    assert game.dealer == 2 and game.turn == 0


def test_32_cards_ten_each_and_two_left_over_as_the_skat() -> None:
    game = Game(skat(), seed=5)
    assert game.rules.deck.size == 32 and [len(h) for h in game.current_deal] == [10, 10, 10]
    assert len(game.current_stock) == 2


def test_seats_in_turn_pass_or_name_a_suit_grand_or_null() -> None:
    game = dealt()
    assert legal(game) == ["pass", "trump C", "trump S", "trump H", "trump D", "grand", "null"]
    act(game, "pass")
    assert game.turn == 1


def test_the_first_to_name_a_game_is_declarer_at_once_and_later_seats_are_not_asked() -> None:
    game = dealt()
    act(game, "pass", "grand")
    assert game.declarer == 1 and game.phase == "exchange" and game.turn == 1
    assert [game.rules.actions.text(m.action) for m in game.current_moves] == ["pass", "grand"]


def test_if_all_three_pass_the_hand_ends_with_nothing_scored_and_so_does_the_match() -> None:
    game = dealt()
    act(game, "pass", "pass", "pass")
    assert game.is_over() and game.history[0].cancelled and game.seat_totals == (0, 0, 0)
    assert game.winner == (0, 1, 2)


def test_the_declarer_picks_up_the_skat_and_lays_any_two_cards_away() -> None:
    game = dealt()
    skat_cards = {game.rules.deck.codes[c] for c in game.current_stock}
    act(game, "trump H")
    assert codes(game, 0) >= skat_cards and len(game.hand(0)) == 12
    picked = sorted(skat_cards)[0]
    assert f"discard {picked}" in legal(game), "a card just picked up may be laid away again"
    act(game, f"discard {picked}", "discard AS")
    assert len(game.hand(0)) == 10 and game.phase == "play" and game.turn == 0


def test_the_others_see_neither_the_skat_nor_what_was_laid_away() -> None:
    game = dealt()
    act(game, "trump H", "discard AS", "discard 7H")
    for seat in (1, 2):
        view = game.view(seat)
        assert view.taken == () and [game.rules.actions.text(m.action) for m in view.moves][-2:] == [
            "discard ?",
            "discard ?",
        ]
    assert set(game.rules.deck.codes[c] for c in game.view(0).taken) == {
        game.rules.deck.codes[c] for c in game.current_stock
    }


def test_in_a_suit_game_the_jacks_are_the_highest_trumps_clubs_first() -> None:
    game = dealt()
    act(game, "trump H", "discard AS", "discard TH")
    assert set(legal(game)) == codes(game, 0)
    act(game, "AH")
    assert set(legal(game)) == {"JH", "JD"}, "the ace of hearts leads trump: East follows with a red jack"
    act(game, "JD", "KD")
    assert game.tricks_won == (0, 1, 0), "the jack of diamonds beats the ace of trump"
    assert play_trick(game, "JH", "QD", "JC") == 0, "the jack of clubs is the highest card"


def test_in_grand_only_the_jacks_are_trumps() -> None:
    game = dealt()
    act(game, "pass", "grand", "discard TS", "discard 7C")
    act(game, "AH")
    assert set(legal(game)) == codes(game, 1) >= {"JH", "JD"}, "the red jacks are no hearts: East may play any card"


def test_in_null_there_are_no_trumps_and_the_jack_ranks_between_queen_and_ten() -> None:
    ruleset = skat()
    deck = ruleset.deck
    null = [g.name for g in ruleset.trump.games].index("null")
    trick = [deck.parse_card(c) for c in ("9H", "JH")]
    game = Game.at_trick(ruleset, hand=[deck.parse_card("8H"), deck.parse_card("8S")], trick=trick, named=null)
    assert legal(game) == ["8H"]
    act(game, "8H")
    assert game.tricks_won == (0, 1, 0), "9H, JH, 8H: the jack wins, above the nine in null"
    trick = [deck.parse_card(c) for c in ("JH", "8H")]
    game = Game.at_trick(ruleset, hand=[deck.parse_card("QH")], trick=trick, named=null)
    act(game, "QH")
    assert game.tricks_won == (0, 0, 1), "the queen beats the jack"


def test_null_stops_as_soon_as_the_declarer_wins_a_trick() -> None:
    game = dealt()
    act(game, "null", "discard 8S", "discard 7S")
    assert play_trick(game, "AS", "TS", "KS") == 0
    assert game.history and game.history[0].tricks_won == (1, 0, 0), "the hand stopped after one trick"
    assert game.history[0].seat_score == (-60, 30, 30)


@pytest.mark.parametrize("seed", range(8))
def test_scores_are_240ths_of_the_declarers_points_from_60_and_sum_to_zero(seed: int) -> None:
    game = Game(skat(), seed=seed)
    played(game, seed)
    hand = game.history[0]
    assert hand.seat_score is not None and sum(hand.seat_score) == 0
    if hand.cancelled:
        return
    declarer = hand.declarer
    others = [s for s in range(3) if s != declarer]
    assert hand.seat_score[declarer] == -2 * hand.seat_score[others[0]] == -2 * hand.seat_score[others[1]]


def test_one_hand_is_the_match() -> None:
    game = Game(skat(), seed=3)
    played(game, 3)
    assert len(game.history) == 1


@pytest.mark.parametrize("seed", range(10))
def test_the_cards_laid_away_count_for_the_declarer(seed: int) -> None:
    game = Game(skat(), seed=seed)
    played(game, seed)
    hand = game.history[0]
    if hand.cancelled or hand.seat_score is None:
        return
    ruleset = game.rules
    worth = ruleset.scoring.card_points
    actions = ruleset.actions
    laid = [actions.card_of(m.action) for m in hand.moves if actions.kinds[m.action] == "discard"]
    plays = [m for m in hand.moves if m.action < ruleset.deck.size]
    taken = 0
    for start in range(0, len(plays), 3):
        trick = plays[start : start + 3]
        if len(trick) < 3:
            break
        game_tables = ruleset.tables(hand.trump, -1 if hand.trump >= 0 else _game_of(game, hand))
        led = game_tables.suit_of[trick[0].action]
        winner = max(trick, key=lambda m: game_tables.strength[led][m.action]).seat
        if winner == hand.declarer:
            taken += sum(worth[m.action] for m in trick)
    named = _game_of(game, hand)
    if named >= 0 and ruleset.trump.games[named].name == "null":
        return
    points = taken + sum(worth[c] for c in laid)
    assert hand.seat_score[hand.declarer] == 2 * (points - 60)


def _game_of(game: Game, hand: object) -> int:
    """The named game a finished hand was played as, read from its moves (-1: a suit game)."""
    actions = game.rules.actions
    for move in hand.moves:  # type: ignore[attr-defined]
        if actions.kinds[move.action] == "game":
            return int(move.action - actions.game_base)
    return -1


def test_a_hand_is_shown_in_suits_as_the_game_counts_them() -> None:
    """What the terminal and the web table show: the jacks among the trumps in a suit game, a group of their
    own after the suits in grand, and in their printed suits, between queen and ten, in null."""
    ruleset = skat()
    deck = ruleset.deck
    hand = [deck.parse_card(c) for c in ("7H", "JD", "AH", "JC", "TS", "QH", "JH")]
    games = [g.name for g in ruleset.trump.games]

    def shown(trump: int | None = None, named: int = -1) -> list[str]:
        game = Game.at_trick(ruleset, hand=hand, trump=trump, named=named)
        view = game.view(game.turn if game.turn is not None else 0)
        return [" ".join(deck.codes[c] for c in group) for group in view.in_suits(hand)]

    hearts = [s.code for s in deck.suits].index("H")
    assert shown(hearts) == ["TS", "JC JH JD AH QH 7H"]
    assert shown(named=games.index("grand")) == ["TS", "AH QH 7H", "JC JH JD"]  # the deck's suits: C S H D
    assert shown(named=games.index("null")) == ["JC", "TS", "AH QH JH 7H", "JD"]

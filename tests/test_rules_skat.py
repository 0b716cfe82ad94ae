"""FAMILY-RULES section 6A, Skat as the International Skat Order plays it: one test per rule sentence, played through
`Game` (the worked examples - bidding, legal plays and scores - are the ruleset's `examples:`, run by
tests/test_check.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules, load_ruleset
from trickbook.errors import RulesetError

HANDS = {
    0: "JC JS AH TH KH QH 9H 8H 7H AS",
    1: "JH JD AC TC KC QC 9C 8C 7C TS",
    2: "AD TD KD QD 9D 8D 7D KS QS 9S",
}
"""Forehand (seat 0, the dealer being seat 2) holds the black jacks and the hearts but the jack, middlehand the red
jacks and the clubs, rearhand the diamonds; the skat is 8S 7S."""


def skat(**options: str) -> Rules:
    return rules("skat", tuple(options.items()))


def dealt(ruleset: Rules | None = None) -> Game:
    return stacked_game(ruleset or skat(), HANDS, dealer=2)


def declared(*declaring: str, bid: str = "bid 18") -> Game:
    """Forehand wins the bidding at 18 (middlehand and rearhand pass after it holds) and declares as told."""
    game = dealt()
    act(game, bid, bid, "pass", "pass")
    assert game.declarer == 0
    act(game, *declaring)
    return game


def test_three_players_clockwise_forehand_after_the_dealer_and_rearhand_deals() -> None:
    ruleset = skat()
    assert ruleset.seats == 3 and not ruleset.seating.has_sides and ruleset.seating.next_seat == (1, 2, 0)
    game = dealt()
    assert game.dealer == 2 and game.turn == 1, "middlehand speaks first, to forehand"


def test_32_cards_ten_each_two_for_the_skat_and_120_card_points() -> None:
    ruleset = skat()
    game = Game(ruleset, seed=5)
    assert ruleset.deck.size == 32 and [len(h) for h in game.current_deal] == [10, 10, 10]
    assert len(game.current_stock) == 2
    assert sum(ruleset.scoring.card_points) == 120


def test_only_game_values_may_be_bid_from_18_to_264() -> None:
    values = skat().bidding.values
    assert values[:6] == (18, 20, 22, 23, 24, 27) and values[-3:] == (216, 240, 264) and 19 not in values
    assert {23, 35, 46, 59} <= set(values), "the null values"
    expected = {b * m for b in (9, 10, 11, 12) for m in range(2, 19)} | {24 * m for m in range(2, 12)}
    assert set(values) == expected | {23, 35, 46, 59}


def test_the_declarer_picks_up_the_skat_and_lays_two_away_before_naming_the_game() -> None:
    game = declared("take")
    assert {game.rules.deck.codes[c] for c in game.hand(0)} >= {"8S", "7S"} and len(game.hand(0)) == 12
    act(game, "discard 8S", "discard 7S")
    assert game.phase == "trump"
    assert legal(game) == ["trump C", "trump S", "trump H", "trump D", "grand", "null", "null_ouvert"]


def test_a_hand_game_leaves_the_skat_untouched_and_it_still_counts_for_the_declarer() -> None:
    hands = {**HANDS, 2: "KD QD 9D 8D 7D KS QS 9S 8S 7S"}  # the skat is now AD TD, 21 card points
    game = stacked_game(skat(deals="1"), hands, dealer=2)
    act(game, "bid 18", "bid 18", "pass", "pass", "pass", "trump H", "pass")
    assert len(game.hand(0)) == 10 and game.phase == "play"
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    facts = game._facts()  # the facts the hand was scored with
    assert not facts.exchanged and facts.stock_points == 21


def test_null_may_be_named_only_when_its_value_reaches_the_bid() -> None:
    game = dealt()
    act(game, "bid 24", "bid 24", "pass", "pass")
    act(game, "take", "discard 8S", "discard 7S")
    assert "null" not in legal(game) and "null_ouvert" in legal(game), "null is worth 23, null ouvert 46"
    game = dealt()
    act(game, "bid 24", "bid 24", "pass", "pass", "pass")
    assert "null" in legal(game), "null from the hand is worth 35"


def test_schneider_and_schwarz_may_be_announced_only_in_hand_games_of_a_suit_or_grand() -> None:
    assert declared("take", "discard 8S", "discard 7S", "trump H").phase == "play", "nothing offered after taking"
    game = declared("pass", "grand")
    assert legal(game) == ["pass", "announce schneider"]
    act(game, "announce schneider")
    assert legal(game) == ["pass", "announce schwarz"]
    act(game, "announce schwarz")
    assert legal(game) == ["pass", "announce ouvert"], "ouvert in a suit or grand needs schwarz announced"
    assert declared("pass", "null").phase == "play", "null has no schneider"


def test_an_ouvert_declarer_plays_with_the_cards_face_up_from_before_the_first_lead() -> None:
    game = declared("pass", "grand", "announce schneider", "announce schwarz", "announce ouvert")
    assert game.phase == "play" and game.view(1).open_seat == 0
    assert set(game.view(2).open_hand) == set(game.hand(0))
    plain = declared("pass", "grand", "pass")
    assert plain.view(1).open_hand == ()
    null = declared("pass", "null_ouvert")
    assert set(null.view(1).open_hand) == set(null.hand(0))


def test_the_matadors_of_a_played_hand_count_the_declarers_cards() -> None:
    game = stacked_game(skat(deals="1"), HANDS, dealer=2)
    act(game, "bid 18", "bid 18", "pass", "pass", "pass", "trump H", "pass")  # forehand, hearts from the hand
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    assert game._facts().trump_runs[0] == 2, "forehand holds the jacks of clubs and spades, not of hearts: with 2"


def test_forehand_leads_the_first_trick() -> None:
    game = declared("pass", "trump H", "pass")
    assert game.turn == 0


def test_in_a_suit_game_a_jack_belongs_to_trump_and_the_jack_of_diamonds_beats_the_ace_and_ten() -> None:
    game = declared("pass", "trump H", "pass")
    assert play_trick(game, "AH", "JD", "AD") == 1, "hearts: AH, TH... JD is a trump above the ace"
    game = declared("pass", "trump H", "pass")
    assert play_trick(game, "AS", "TS", "KS") == 0


def test_in_null_the_jack_ranks_above_the_nine() -> None:
    game = declared("pass", "null")
    assert play_trick(game, "9H", "JH", "8D") == 1, "the jack of hearts is an ordinary heart above the nine"


def test_a_null_game_stops_at_the_declarers_first_trick() -> None:
    game = declared("pass", "null")
    play_trick(game, "AS", "TS", "KS")
    assert game.hands_finished == 1 and game.history[0].tricks_won == (1, 0, 0)
    assert game.history[0].seat_score == (-70, 0, 0), "null from the hand, 35, lost twice"


def test_when_all_three_pass_the_hand_is_thrown_in_counts_as_a_deal_and_the_next_player_deals() -> None:
    game = Game(skat(deals="2"), seed=3, dealer=2)
    act(game, "pass", "pass", "pass")
    assert game.hands_finished == 1 and game.history[0].cancelled
    assert game.history[0].seat_score == (0, 0, 0) and game.seat_totals == (0, 0, 0), "nobody scores"
    assert game.dealer == 0 and game.hand_number == 2


def test_the_match_is_a_fixed_number_of_deals_36_unless_told() -> None:
    assert skat().options == (("scoring", "classic"), ("table_size", "3"), ("deals", "36"))
    game = Game(skat(deals="1"), seed=4)
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    assert game.hands_finished == 1


@pytest.mark.parametrize(("held", "run"), [("JC JS", 2), ("JC", 1), ("JS", 1), ("JD", 3), ("AH", 4), ("7D", 11)])
def test_matadors_with_or_without_count_the_declarers_cards_and_the_skat(held: str, run: int) -> None:
    """Under hearts the trumps run JC JS JH JD AH TH KH QH 9H 8H 7H: "with" counts the run held from JC down,
    "without" the trumps above the highest held (all eleven with none)."""
    ruleset = skat()
    deck = ruleset.deck
    tables = ruleset.tables(deck.suits.index(next(s for s in deck.suits if s.code == "H")))
    assert tables.trump_run(deck.mask(deck.parse_card(c) for c in held.split())) == run


def test_at_a_table_of_four_the_dealer_is_dealt_nothing_never_acts_and_the_three_others_play() -> None:
    ruleset = skat(table_size="4")
    assert ruleset.seats == 4
    game = Game(ruleset, seed=3, dealer=3)
    assert [len(h) for h in game.current_deal] == [10, 10, 10, 0] and len(game.current_stock) == 2
    act(game, "bid 18", "pass", "pass")  # middlehand declares
    seen = set()
    while game.hands_finished == 0:
        seen.add(game.actor)
        if game.phase == "play":
            assert len(game.trick) < 3, "a trick has three cards"
        game.apply(game.legal_actions()[0])
    hand = game.history[0]
    assert 3 not in seen and hand.tricks_won[3] == 0 and sum(hand.tricks_won) == 10
    played = [m for m in hand.moves if game.rules.actions.kinds[m.action] == "play"]
    assert len(played) == 30, "ten tricks of three cards: every card the three players hold"
    assert game.dealer == 0 and [len(h) for h in game.current_deal] == [0, 10, 10, 10], "the next dealer sits out"


def test_at_a_table_of_four_forehand_is_the_player_after_the_dealer() -> None:
    game = Game(skat(table_size="4"), seed=3, dealer=1)
    assert game.turn == 3, "middlehand (dealer + 2) speaks first, to forehand (dealer + 1)"
    act(game, "pass", "pass")  # middlehand, then rearhand (dealer + 3)
    assert game.turn == 2 and legal(game) == ["pass", "bid 18"]


def test_in_tournament_scores_the_dealer_who_sits_out_scores_nothing() -> None:
    game = Game(skat(table_size="4", scoring="tournament"), seed=3, dealer=3)
    act(game, "bid 18", "pass", "pass")  # middlehand bids, forehand and rearhand pass
    assert game.declarer == 1
    act(game, "pass", "trump D", "pass")
    while game.hands_finished == 0:
        game.apply(game.legal_actions()[0])
    hand = game.history[0]
    assert hand.seat_score[1] < 0, "this hand game of diamonds is lost"
    assert [hand.seat_score[seat] for seat in (0, 2, 3)] == [40, 40, 0]


def test_a_timeout_before_the_game_is_named_lays_away_a_low_card_and_never_a_jack() -> None:
    """The jacks are trumps in every game but null: laid away unseen before the game is named, the weakest card
    is a queen here, not a jack, whose printed rank is lower."""
    hands = {
        0: "JC JS AH TH KH QH AS TS KS QS",
        1: "JH JD AC TC KC 9C 8C 7C 9H 8H",
        2: "AD TD KD 9D 8D 7D 9S 8S 7S 7H",
    }  # the skat is QC QD: forehand's twelve cards are two jacks, aces, tens, kings and queens
    game = stacked_game(skat(), hands, dealer=2)
    act(game, "bid 18", "bid 18", "pass", "pass", "take")
    laid = game.rules.actions.text(game.default_action())
    assert laid.startswith("discard Q"), laid


def test_forehand_middlehand_and_rearhand_are_named_from_the_dealers_left() -> None:
    """`dealer.roles`: the player after the dealer is Forehand, then Middlehand; at three the dealer is Rearhand,
    at four the dealer sits out and has no place."""
    game = Game(skat(), seed=5)
    view = game.view(0)
    dealer = view.dealer
    assert [view.role((dealer + steps) % 3) for steps in (1, 2, 3)] == ["Forehand", "Middlehand", "Rearhand"]
    four = Game(skat(table_size="4"), seed=5)
    view = four.view(0)
    places = [view.role((view.dealer + steps) % 4) for steps in (1, 2, 3, 4)]
    assert places == ["Forehand", "Middlehand", "Rearhand", None]


def test_more_places_than_seats_are_refused_at_their_line(tmp_path: Path) -> None:
    path = tmp_path / "roles.yaml"
    path.write_text(
        "format: trickbook-ruleset/2\nid: roles\ntitle: Roles\nextends: skat\ndealer:\n"
        "  roles: [Forehand, Middlehand, Rearhand, Dealer]\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert "roles.yaml:6" in str(refused.value) and "4 places named at a table of 3 seats" in str(refused.value)

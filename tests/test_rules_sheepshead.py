"""Sheepshead, five-handed with a called ace (sheepsheadrules.com's "Choosing a Partner" and "Scoring Rules",
playsheepshead.org's rules of calling, docslib's "Sheepshead Rules" and Wikipedia for the deck): one test per
rule sentence of the sources, played through `Game` or scored through the same path as a played hand, and one hand
traced by hand."""

from __future__ import annotations

import pytest

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules, i18n
from trickbook.book.scenario import Outcome, Scenario, evaluate
from trickbook.errors import IllegalAction
from trickbook.players.appetite import party

RULES = "sheepshead"

# Seat 0 deals; seat 1, on the dealer's left, may pick up the blind (QH 8D); seat 2 holds the ace of clubs.
HANDS = {
    1: "QC QS JC AD TD 7C",
    2: "AC KC 9S 8S 7H 9D",
    3: "TC 9C AS TS AH 7D",
    4: "8C KS 7S TH KH JS",
    0: "QD JH JD KD 9H 8H",
}


def sheepshead(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def picked(name: str = "call_clubs", hands: dict[int, str] | None = None, bury: str = "TD 8D") -> Game:
    """Seat 1 picks, buries `bury` and names the game `name`."""
    game = stacked_game(sheepshead(), hands or HANDS, dealer=0)
    act(game, "bid 1")
    act(game, *(f"discard {card}" for card in bury.split()))
    act(game, name)
    return game


def scored(name: str, tricks: list[int], took: list[list[str]], stock: list[str], **more: object) -> Outcome:
    """A hand seat 1 picked and played as game `name`, seat 3 dealt the ace of clubs, scored as a played hand."""
    table = sheepshead()
    game = [g.name for g in table.trump.games].index(name)
    dealt = more.pop("dealt", [[], [], [], ["AC"], []])
    declarer = more.pop("declarer", 1)
    scenario = Scenario(
        tricks=tricks,
        took=took,
        stock=stock,
        declarer=declarer,
        game=game,
        dealt=dealt,
        **more,  # type: ignore[arg-type]
    )
    return evaluate(table, scenario)


def test_five_players_six_cards_each_and_two_in_the_blind() -> None:
    """ "A Sheepshead deck contains 32 cards"; "five players six cards each. The remaining two cards ... are called
    the 'blind'" (docslib, Sheepshead Rules)."""
    table = sheepshead()
    assert table.seats == 5 and table.deck.size == 32 and not table.seating.has_sides
    game = Game(table, seed=3)
    assert [len(game.hand(s)) for s in range(5)] == [6] * 5


def test_the_fourteen_trumps_rank_queens_jacks_then_diamonds() -> None:
    """ "The trump cards are ranked from highest to lowest as follows: Q, Q, Q, Q, J, J, J, J, A, 10, K, 9, 8, 7"
    (clubs, spades, hearts, diamonds: Wikipedia); every game has the same trumps."""
    table = sheepshead()
    deck = table.deck
    for index in range(len(table.trump.games)):
        trumps = [deck.codes[c] for c in table.tables(-1, index).trumps]
        assert trumps == ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D", "8D", "7D"]


def test_fail_suits_rank_ace_ten_king_and_trump_beats_fail() -> None:
    """ "The six cards in each fail suit are ranked like the six lowest diamonds: A, 10, K, 9, 8, 7"; a trump
    takes fail."""
    table = sheepshead()
    deck = table.deck
    tables = table.tables(-1, 0)
    clubs = deck.suit_index("C")
    fail = list(deck.cards(tables.suit_masks[clubs]))
    ranked = sorted(fail, key=lambda card: -tables.strength[clubs][card])
    assert [deck.codes[c] for c in ranked] == ["AC", "TC", "KC", "9C", "8C", "7C"]
    assert min(tables.strength[clubs][c] for c in tables.trumps) > max(tables.strength[clubs][c] for c in fail)


def test_card_points_add_up_to_120() -> None:
    """ "A=11, 10=10, K=4, Q=3, and J=2 Thus there is a total of 120 points in the deck"."""
    worth = sheepshead().scoring.card_points
    assert worth is not None and sum(worth) == 120


def test_the_player_left_of_the_dealer_may_pick_first_and_the_first_to_pick_is_the_picker() -> None:
    """ "Starting with the player at the dealer's left and circling the table clockwise, each player has the
    opportunity to 'pick'"; the picker takes the blind and buries two."""
    game = stacked_game(sheepshead(), HANDS, dealer=0)
    assert game.turn == 1 and sorted(legal(game)) == ["bid 1", "pass"]
    act(game, "pass", "bid 1")
    assert game.declarer == 2 and game.turn == 2
    assert len(game.hand(2)) == 8
    act(game, "discard QH", "discard 8D")
    assert len(game.hand(2)) == 6


def test_the_picker_may_call_only_an_ace_held_elsewhere_in_a_suit_it_holds() -> None:
    """ "You cannot call an Ace you hold"; "You must have at least one card in the called suit (your 'hold
    card')"; "the picker could opt to play it alone" (playsheepshead.org; sheepsheadrules.com)."""
    game = stacked_game(sheepshead(), HANDS, dealer=0)
    act(game, "bid 1", "discard TD", "discard 8D")
    assert sorted(legal(game)) == ["alone", "call_clubs"], "no spade or heart to hold, and the club ace is seat 2's"
    hands = {**HANDS, 1: "QC QS JC AC TD 7C", 2: "AD KC 9S 8S 7H 9D"}
    game = stacked_game(sheepshead(), hands, dealer=0)
    act(game, "bid 1", "discard TD", "discard 8D")
    assert legal(game) == ["alone"], "the picker holds the ace of clubs"


def test_a_call_not_allowed_is_refused_naming_its_condition() -> None:
    """A game whose `when` fails is refused with the condition, not as an unknown trump."""
    game = stacked_game(sheepshead(), HANDS, dealer=0)
    act(game, "bid 1", "discard TD", "discard 8D")
    with pytest.raises(IllegalAction, match="call_hearts may not be named now") as refused:
        act(game, "call_hearts")
    assert refused.value.rule == "trump.games.call_hearts.when"
    table = sheepshead()
    arabic = refused.value.said.in_language(i18n.gettext("ar"), lambda word: table.word("ar", word))
    assert arabic.startswith("لا يجوز أن تُسمّى طلب آس الكبة الآن: الشرط `"), "told in Arabic, the game in its words"


def test_an_ace_buried_from_the_blind_cannot_be_called() -> None:
    """A picked-up ace was held by the picker, even once buried."""
    game = stacked_game(sheepshead(), {**HANDS, 2: "QH KC 9S 8S 7H 9D"}, dealer=0)
    # The blind is what the five hands leave: the ace of clubs and the eight of diamonds.
    act(game, "bid 1", "discard AC", "discard 8D")
    assert legal(game) == ["alone"]


def test_the_partner_must_play_the_called_ace_the_first_time_its_suit_is_led() -> None:
    """ "The very first time the called fail suit is led, the picker MUST play their 'hold card' and the partner
    MUST play the Ace. This immediately identifies the partner"."""
    game = picked()
    play_trick(game, "QC", "9D", "7D", "JS", "QD")
    act(game, "7C")
    assert legal(game) == ["AC"]


def test_the_partner_may_not_throw_the_called_ace_off() -> None:
    """ "The player holding the declared Ace does not disclose that he/she is the partner": it may not be thrown
    off on another suit (Decision: held back until its suit is led, or led by its holder)."""
    hands = {**HANDS, 2: "AC KC 9S 8S 7H 9H", 0: "QD JH JD KD 9D 8H"}
    game = picked(hands=hands)
    act(game, "QC")
    assert sorted(legal(game)) == ["7H", "8S", "9H", "9S", "KC"]


def test_the_picker_keeps_a_hold_card_until_the_called_ace_falls() -> None:
    """ "The picker is obligated to hold at least one card from the called fail suit": void in a led suit, the
    picker may throw off a card of the called suit only while holding another."""
    hands = {1: "8C 7C QS QH QD JC", 2: "AC KC 9S 8S 7H 9D", 3: "TC 9C AS TS AH 7D", 4: "AD KS 7S TH KH JS"}
    hands[0] = "QC JH JD KD 9H 8H"
    game = stacked_game(sheepshead(), hands, dealer=4)
    act(game, "pass", "bid 1", "discard TD", "discard 8D", "call_clubs")
    act(game, "9H")
    assert sorted(legal(game)) == ["7C", "8C", "JC", "QD", "QH", "QS"], "two clubs: one may go"
    hands[1] = "7C AD QS QH QD JC"
    hands[4] = "8C KS 7S TH KH JS"
    game = stacked_game(sheepshead(), hands, dealer=4)
    act(game, "pass", "bid 1", "discard TD", "discard 8D", "call_clubs")
    act(game, "9H")
    assert "7C" not in legal(game), "the last club is the hold card"


def test_picker_and_partner_need_61_and_share_two_to_one() -> None:
    """ "The picker receives one point from each losing player if the picker accumulates at least 61 points
    (including the points he/she had buried)"; "Points are then won or lost on a 2 to 1 ratio between the two
    players (the greater share going to the picker)"."""
    took = [[], ["AH", "TH", "AD", "TD"], [], ["QH", "JH"], []]
    assert scored("call_clubs", [1, 2, 1, 1, 1], took, ["TS", "KS"]).score.seats == (-1, 2, -1, 1, -1)
    took[3] = ["KH"]
    assert scored("call_clubs", [1, 2, 1, 1, 1], took, ["TS", "KS"]).score.seats == (1, -2, 1, -1, 1)


def test_schneider_doubles_and_no_trick_triples() -> None:
    """ "two points from each losing player if he/she accumulates at least 91 points"; "If the picker has taken
    all of the tricks ... three points"; losing, "Two points ... if he/she fails to get 31 points", "Three points
    ... if he/she is 'no tricked'"."""
    took = [[], ["AH", "TH", "AD", "TD", "AC", "TC"], [], ["AS", "QH"], []]
    assert scored("call_clubs", [1, 2, 1, 1, 1], took, ["TS", "KS"]).score.seats == (-2, 4, -2, 2, -2)
    assert scored("call_clubs", [0, 4, 0, 2, 0], took, ["TS", "KS"]).score.seats == (-3, 6, -3, 3, -3)
    low = [["AC", "TC"], ["AH", "TH"], [], ["JH"], []]
    assert scored("call_clubs", [2, 1, 1, 1, 1], low, ["KS", "QS"]).score.seats == (2, -4, 2, -2, 2)


def test_a_picker_side_without_a_trick_leaves_the_partner_paying_nothing() -> None:
    """ "The only exception is if the picker (or their partner) fails to take any tricks. In this case, the picker
    pays the winners, and the partner pays nothing"."""
    took = [[], [], ["AD", "TD"], ["AH", "TH"], ["AC"]]
    assert scored("call_clubs", [0, 0, 3, 0, 3], took, ["AS", "TS"]).score.seats == (3, -9, 3, 0, 3)


def test_a_picker_alone_plays_against_four() -> None:
    """ "the picker could opt to play it alone": one share from each of the other four."""
    took = [[], ["AH", "TH", "AD", "TD", "QH", "JH"], [], [], []]
    assert scored("alone", [1, 3, 1, 1, 0], took, ["TS", "KS"]).score.seats == (-1, 4, -1, -1, -1)


def test_when_nobody_picks_a_leaster_is_played() -> None:
    """ "If the blind is not picked up by any player, then a leaster is played" (everything2.com); "You want to
    collect as FEW points as possible, but you need to take at least one trick to win" (fact-index.com)."""
    game = stacked_game(sheepshead(), HANDS, dealer=0)
    act(game, "pass", "pass", "pass", "pass")
    assert game.declarer == 0 and legal(game) == ["leaster"], "no blind taken, only the leaster"
    took = [["AC"], ["TC", "TH"], ["7C"], ["KC"], ["QC"]]
    result = scored("leaster", [1, 2, 1, 1, 1], took, ["AS", "TS"], declarer=0, last_trick=2)
    assert result.score.seats == (-1, -1, -1, -1, 4)


def test_the_house_rules_for_a_passed_out_hand() -> None:
    """Decision: options `no_pick: dealer_picks` (the dealer must pick) and `no_pick: redeal`."""
    game = stacked_game(sheepshead(no_pick="dealer_picks"), HANDS, dealer=0)
    act(game, "pass", "pass", "pass", "pass")
    assert game.declarer == 0 and len(game.hand(0)) == 8, "the dealer takes the blind"
    game = stacked_game(sheepshead(no_pick="redeal"), HANDS, dealer=0)
    act(game, "pass", "pass", "pass", "pass", "pass")
    assert game.history[0].cancelled


def test_the_highest_total_wins_after_ten_played_hands() -> None:
    """Decision: a match of ten played hands (option `deals`), the highest total winning, ties sharing."""
    took = [[], ["AH", "TH", "AD", "TD", "QH", "JH"], [], [], []]
    end = scored("alone", [1, 3, 1, 1, 0], took, ["TS", "KS"], hand_number=10, seat_totals=[3, -2, 0, 1, -2])
    assert end.winner == (0, 1)


def test_a_hand_traced_by_hand() -> None:
    """Seat 1 picks QH 8D, buries TD 8D (10 points) and calls the ace of clubs, holding 7C. Tricks: QC 9D 7D JS QD
    (8, picker); 7C AC 9C 8C 9H (11, the partner, seat 2, must play its ace); seat 2 leads KC, TC KS JH QS (23,
    picker); QH 7H AS 7S JD (16); JC 9S TS TH KD (26); AD 8S AH KH 8H (26). The picker's side takes every trick and
    all 120 points: the picker wins 2 x 3 from each defender's 3, the partner 3."""
    game = picked()
    assert play_trick(game, "QC", "9D", "7D", "JS", "QD") == 1
    act(game, "7C")
    assert legal(game) == ["AC"]
    act(game, "AC", "9C", "8C", "9H")
    assert game.tricks_won[2] == 1
    assert play_trick(game, "KC", "TC", "KS", "JH", "QS") == 1
    assert play_trick(game, "QH", "7H", "AS", "7S", "JD") == 1
    assert play_trick(game, "JC", "9S", "TS", "TH", "KD") == 1
    assert play_trick(game, "AD", "8S", "AH", "KH", "8H") == 1
    assert game.history[0].seat_score == (-3, 6, 3, -3, -3)


def test_the_heuristic_player_does_not_know_its_partner() -> None:
    """The partner is known only by a card, so the players' `party` is the seat alone (docs/players.md)."""
    game = picked()
    assert party(game.view(2)) == (2,)

"""Kout Bo 6 (jawaker.com's Kout Bo 6 page and blog): one test per rule sentence of the source, played through `Game`
or scored through the same path as a played hand, and one hand traced by hand."""

from __future__ import annotations

from pathlib import Path

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules, load_ruleset
from trickbook.book.scenario import Scenario, evaluate
from trickbook.book.story import trick_words
from trickbook.engine.events import TrickWon

RULES = "kout"
PASSES = ("pass",) * 5


def kout(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def score(bid: int, declarer: int, tricks: list[int], ruleset: Rules | None = None, totals: list[int] | None = None):  # type: ignore[no-untyped-def]
    bids: list[int | None] = [None] * 6
    bids[declarer] = bid
    scenario = Scenario(tricks=tricks, bids=bids, declarer=declarer, trump="S", totals=totals or [0, 0])
    return evaluate(ruleset or kout(), scenario)


def to_play(game: Game, *bidding: str, trump: str = "S") -> None:
    """Dealer 0: seat 5 bids first, then 4, 3, 2, 1 and 0 (counter-clockwise)."""
    act(game, *bidding, f"trump {trump}")


def test_six_players_two_teams_of_three_two_jokers_counter_clockwise() -> None:
    """ "Kout Bo 6 is a game for 6 players divided into 2 teams in which the standard international 52-card deck plus
    1 red Joker and 1 black Joker are used. The game is normally played counter-clockwise." Teams sit alternately."""
    table = kout()
    assert table.seats == 6 and table.seating.sides == ((0, 2, 4), (1, 3, 5))
    assert table.deck.size == 54 and set(table.deck.codes[52:]) == {"RJ", "BJ"}
    assert table.seating.next_seat[0] == 5


def test_nine_cards_each() -> None:
    """ "9 cards are dealt out to each player." """
    game = Game(kout(), seed=3)
    assert [len(game.hand(s)) for s in range(6)] == [9] * 6


def test_bidding_starts_right_of_the_dealer_from_5_to_9_each_bid_higher() -> None:
    """ "Bidding begins with the player to the dealer's right and continues counterclockwise. [...] The lowest bid is
    5 ("Bab") and the highest is 9 ("Bawn"). Each bid must be higher than the last." """
    game = stacked_game(kout(), {}, dealer=0)
    assert game.turn == 5
    assert legal(game) == ["pass", "bid 5", "bid 6", "bid 7", "bid 8", "bid 9"]
    act(game, "bid 6")
    assert game.turn == 4 and legal(game) == ["pass", "bid 7", "bid 8", "bid 9"]


def test_a_player_may_pass_and_the_pass_is_final() -> None:
    """ "A player who does not wish to bid at their turn can pass." Decision: a pass is final, as in the
    auctions of the language (the Japanese Kout page says so)."""
    game = stacked_game(kout(), {}, dealer=0)
    act(game, "pass", "bid 5", "pass", "pass", "pass", "pass")
    assert game.declarer == 4 and game.phase == "trump"


def test_all_passed_the_last_player_must_bid_at_least_5() -> None:
    """ "If all players pass, the last player is forced to bid at lease 5 (called "Malzoom" in this case)." """
    game = stacked_game(kout(), {}, dealer=0)
    act(game, *PASSES)
    assert game.turn == 0 and legal(game) == ["bid 5", "bid 6", "bid 7", "bid 8", "bid 9"]
    act(game, "bid 7")
    assert game.declarer == 0 and game.contract[0] == 7


def test_malzoom_of_exactly_five_with_the_option() -> None:
    """Decision (option `malzoom: five`): the last player is given 5 automatically."""
    game = stacked_game(kout(malzoom="five"), {}, dealer=0)
    act(game, *PASSES)
    assert game.declarer == 0 and game.contract[0] == 5 and game.phase == "trump"


def test_the_highest_bidder_names_trump_and_leads_and_suit_must_be_followed() -> None:
    """ "The final bidder with the highest bid announces the trump suit (Hokm) and leads the first trick and
    players must follow suit. Each trick is won by the highest card and the winner of each trick leads the next." """
    hands = {4: "KH 2C", 3: "3H AS", 2: "AH 2S", 1: "4H 3S", 0: "5H 4S", 5: "6H 5S"}
    game = stacked_game(kout(), hands, dealer=0)
    to_play(game, "pass", "bid 6", "pass", "pass", "pass", "pass", trump="S")
    assert game.turn == 4
    act(game, "KH")
    assert legal(game) == ["3H"]
    act(game, "3H")
    assert play_trick(game, "AH", "4H", "5H", "6H") == 2 and game.turn == 2


def test_a_player_out_of_the_suit_may_trump_or_throw_away() -> None:
    """ "Any players unable to follow suit have the option to use the "trump" [...] The winner of the trick is the
    player who use a trump card, unless a higher trump is used by another player." """
    hands = {
        4: "KH 2C JC QC KC AC 2D 3D 4D",
        3: "2S 3C 4C 5C 6C 7C 8C 9C TC",
        2: "AH 5D 6D 7D 8D 9D TD JD QD",
        1: "3S KD AD 4S 5S 6S 7S 8S 9S",
        0: "5H TS JS QS KS AS 2H 3H 4H",
        5: "6H 7H 8H 9H TH JH QH RJ BJ",
    }
    game = stacked_game(kout(), hands, dealer=0)
    to_play(game, "pass", "bid 6", "pass", "pass", "pass", "pass", trump="S")
    act(game, "KH")
    assert {"2S", "3C"} <= set(legal(game))
    assert play_trick(game, "2S", "AH", "3S", "5H", "6H") == 1


def test_red_joker_ace_of_trump_black_joker_then_the_other_trumps() -> None:
    """ "The general ranking of cards from high to low: Red Joker - A of Trump - Black Joker - Rest of the trump
    suit - Other suits." The jokers follow as trumps."""
    hands = {4: "KS 2C", 3: "BJ 3C", 2: "AS 4C", 1: "RJ 5C", 0: "QS 6C", 5: "JS 7C"}
    game = stacked_game(kout(), hands, dealer=0)
    to_play(game, "pass", "bid 6", "pass", "pass", "pass", "pass", trump="S")
    assert play_trick(game, "KS", "BJ", "AS", "RJ", "QS", "JS") == 1
    hands = {4: "KS 2C", 3: "BJ 3C", 2: "AS 4C", 1: "TS 5C", 0: "QS 6C", 5: "JS 7C"}
    game = stacked_game(kout(), hands, dealer=0)
    to_play(game, "pass", "bid 6", "pass", "pass", "pass", "pass", trump="S")
    assert play_trick(game, "KS", "BJ", "AS", "TS", "QS", "JS") == 2


def test_jokers_may_not_be_led_before_the_trump_honours_are_out() -> None:
    """ "A player is only allowed to start a hand with one of the Jokers if the J, Q, K, and A of trump were already
    thrown in previous hands or if his team bid 9 [...], or 8 [...]." """
    game = stacked_game(kout(), {4: "RJ BJ 2C"}, dealer=0)
    to_play(game, "pass", "bid 6", "pass", "pass", "pass", "pass")
    assert "RJ" not in legal(game) and "BJ" not in legal(game) and "2C" in legal(game)


def test_once_j_q_k_a_of_trump_are_out_both_jokers_may_be_led() -> None:
    hands = {
        4: "AS QS RJ BJ 2C 2S 3S 4S 5S",
        3: "2H 3H 4H 5H 8D 9D TD JD QD",
        2: "6H 7H 8H 9H JC QC KC AC 2D",
        1: "KS JS TH JH 6S 7S 8S 9S TS",
        0: "QH KH AH 3C 3D 4D 5D 6D 7D",
        5: "4C 5C 6C 7C 8C 9C TC KD AD",
    }
    game = stacked_game(kout(), hands, dealer=0)
    to_play(game, "pass", "bid 6", "pass", "pass", "pass", "pass")
    assert play_trick(game, "AS", "2H", "6H", "KS", "QH", "4C") == 4
    assert "RJ" not in legal(game)
    assert play_trick(game, "QS", "3H", "7H", "JS", "KH", "5C") == 4
    assert {"RJ", "BJ"} <= set(legal(game))


def test_a_team_bid_of_9_frees_both_jokers_and_8_the_red_one() -> None:
    """ "[...] if his team bid 9 (in which case he can start a hand with both Jokers), or 8 (in which case he's only
    allowed to start a hand with the red Joker)." """
    game = stacked_game(kout(), {4: "RJ BJ 2C"}, dealer=0)
    to_play(game, "pass", "bid 9")
    assert {"RJ", "BJ"} <= set(legal(game))
    game = stacked_game(kout(), {4: "RJ BJ 2C"}, dealer=0)
    to_play(game, "pass", "bid 8", "pass", "pass", "pass", "pass")
    assert "RJ" in legal(game) and "BJ" not in legal(game)


def test_only_the_two_jokers_are_held_back_and_a_forced_one_counts_as_no_card() -> None:
    held = kout().play.lead_only_when
    deck = kout().deck
    assert [deck.cards(entry.cards) for entry in held] == [(deck.parse_card("RJ"),), (deck.parse_card("BJ"),)]
    assert all(entry.no_rank_if_forced for entry in held)


def forced_joker(ruleset: Rules) -> tuple[Game, list[str]]:
    """The eighth trick with spades trump, North (0) holding only the two jokers and no trump honour out: North
    must lead one though it may not; the others play their lowest card, seat 5 first."""
    deck = ruleset.deck
    game = Game.at_trick(
        ruleset, hand=[deck.parse_card("RJ"), deck.parse_card("BJ")], trick_number=8, leader=0, trump=0, declarer=0
    )
    assert legal(game) == ["BJ", "RJ"], "North holds nothing else, so it must lead a joker"
    played = ["RJ"]
    act(game, "RJ")
    while game.trick:
        card = legal(game)[0]
        played.append(card)
        act(game, card)
    return game, played


def test_a_joker_led_by_force_is_a_zero_card_and_the_next_card_sets_the_suit() -> None:
    """ "If a player was forced to start the hand with the Joker when it's not legal to do so because he has no other
    cards, the first suit played after the Joker is considered the trump and is the suit to follow, the Joker is
    considered a 0 card, which means it loses its place in the hierarchy." The red joker, highest of all cards, wins
    nothing: the card after it sets the suit, and the highest card of that suit (or trump) takes the trick."""
    game, played = forced_joker(kout())
    deck = game.rules.deck
    seats = [0, 5, 4, 3, 2, 1]
    second = deck.parse_card(played[1])
    rest = [deck.parse_card(code) for code in played[1:]]
    row = deck.strength[1][deck.suit_of[second]]  # spades (the first suit) trump
    expected = seats[1 + max(range(len(rest)), key=lambda i: row[rest[i]])]
    assert expected != 0 and game.tricks_won[expected] == 1 and game.tricks_won[0] == 0
    taken = game.view(3).tricks_taken()
    assert taken == ((expected, tuple(deck.parse_card(code) for code in played)),), "every seat sees the same"
    jokers = deck.mask([deck.parse_card("RJ"), deck.parse_card("BJ")])
    every = (1 << deck.size) - 1
    assert game.view(3).forbidden()[0] == every & ~jokers, "all know the leader held nothing but jokers"


def test_without_if_forced_a_forced_joker_keeps_its_rank(tmp_path: Path) -> None:
    """The language's default, `if_forced: keeps-rank`: the red joker led by force still beats everything."""
    path = tmp_path / "kept.yaml"
    path.write_text(
        "format: trickbook-ruleset/2\nid: kept\ntitle: Kept\ndescription: Kout whose forced joker keeps its rank.\n"
        "extends: kout\nplay:\n  lead_only_when:\n    - {cards: [RJ], when: honours_out or team_bid >= 8}\n"
        "    - {cards: [BJ], when: honours_out or team_bid == 9}\n",
        encoding="utf-8",
    )
    game, _ = forced_joker(load_ruleset(path))
    assert game.tricks_won[0] == 1


def test_a_made_bid_scores_the_bid_and_a_failed_one_twice_the_bid_to_the_others() -> None:
    """Decision (the pages readable here stop before the scores): a made bid scores the bid; a failed one gives
    the other team twice the bid (option `failed: single`: the bid once)."""
    assert score(6, 0, [3, 1, 2, 0, 2, 1]).score.sides == (6, 0)
    assert score(7, 1, [3, 1, 2, 1, 0, 2]).score.sides == (14, 0)
    assert score(7, 1, [3, 1, 2, 1, 0, 2], ruleset=kout(failed="single")).score.sides == (7, 0)


def test_bawn_made_and_kout_are_worth_the_whole_game() -> None:
    """Decision: a made bawn scores 31, as does kout (all nine tricks) on a lower bid; a failed bawn gives 18."""
    assert score(9, 2, [3, 0, 4, 0, 2, 0]).score.sides == (31, 0)
    assert score(5, 5, [0, 2, 0, 3, 0, 4]).score.sides == (0, 31)
    assert score(9, 2, [3, 1, 4, 0, 1, 0]).score.sides == (0, 18)


def test_the_first_team_to_31_wins() -> None:
    """Decision: the match is to 31 points."""
    assert score(6, 0, [3, 1, 2, 0, 2, 1], totals=[25, 20]).winner == (0, 2, 4)
    assert score(5, 0, [3, 1, 2, 0, 2, 1], totals=[25, 20]).winner is None


def test_a_hand_traced_by_hand() -> None:
    """Dealer 0. Seat 5 passes, seat 4 bids 9 (bawn) and names spades; the rest pass. Seat 4 holds the nine top
    trumps with the jokers, so the team's bid of 9 lets it lead the red joker first; it leads its cards from the top
    and, the others following or throwing away, takes all nine tricks: bawn made, 31, and the match is won."""
    hands = {
        4: "RJ AS BJ KS QS JS TS 9S 8S",
        3: "2H 3H 4H 5H 6H 7H 8H 9H TH",
        2: "JH QH KH AH 2D 3D 4D 5D 6D",
        1: "7D 8D 9D TD JD QD KD AD 2C",
        0: "3C 4C 5C 6C 7C 8C 9C TC JC",
        5: "QC KC AC 7S 6S 5S 4S 3S 2S",
    }
    game = stacked_game(kout(), hands, dealer=0)
    to_play(game, "pass", "bid 9", trump="S")
    assert game.declarer == 4 and game.turn == 4
    for lead in ["RJ", "AS", "BJ", "KS", "QS", "JS", "TS", "9S", "8S"]:
        act(game, lead)
        for _ in range(5):
            act(game, legal(game)[0])
        assert game.hands_finished or game.turn == 4, f"seat 4 wins the trick it led with {lead}"
    hand = game.history[0]
    assert hand.score == (31, 0)
    assert game.winner == (0, 2, 4)


def test_a_trick_led_by_a_forced_joker_is_told_as_such() -> None:
    """The trick's event says the lead counted as no card, and its words (terminal, trace) say why the joker lost;
    the next trick, led as usual, is told as any trick."""
    ruleset = kout()
    deck = ruleset.deck
    events: list[object] = []
    game = Game.at_trick(
        ruleset, hand=[deck.parse_card("RJ"), deck.parse_card("BJ")], trick_number=8, leader=0, trump=0, declarer=0
    )
    game.observer = events.append
    while game.hands_finished == 0:
        act(game, legal(game)[0] if game.trick or game.turn != 0 else "RJ")
    forced, after = [e for e in events if isinstance(e, TrickWon)]
    assert forced.rankless and forced.led == deck.suit_of[forced.cards[1]]
    seats = [0, 5, 4, 3, 2, 1]
    told = trick_words(ruleset, forced, list(zip(seats, forced.cards, strict=True)))
    assert told.endswith(f" ({deck.label(deck.parse_card('RJ'))}, led by force, counts as no card)")
    assert not after.rankless
    leader = seats.index(after.leader)
    again = trick_words(ruleset, after, list(zip(seats[leader:] + seats[:leader], after.cards, strict=True)))
    assert "led by force" not in again

"""Belote (Pagat's rules as gambiter.com mirrors them, belotegame.fr's declarations, ibelote.com's 501): one test per
rule sentence of the source, played through `Game` or scored through the same path as a played hand, one hand
traced by hand, and the deal in stages (`deal.rest`) the game needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules, load_ruleset
from trickbook.book.explain import explain
from trickbook.book.scenario import Scenario, ScenarioError, evaluate
from trickbook.engine.events import CardDrawn, Sight
from trickbook.errors import RulesetError

RULES = "belote"
NORTH, EAST, SOUTH, WEST = range(4)


def belote(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def played(took: list[list[str]], last: int, tricks: list[int], shown: list[list[str]] | None = None) -> tuple:
    """The hand's score when North dealt and East took hearts."""
    scenario = Scenario(tricks=tricks, dealer=NORTH, declarer=EAST, trump="H", took=took, last_trick=last, shown=shown)
    return evaluate(belote(), scenario).score.sides


def test_play_goes_anti_clockwise_in_two_teams_of_two() -> None:
    """ "Players form two teams of two partners. Partners sit at opposite seats. The direction of deal, bidding and
    play is anti-clockwise." """
    table = belote()
    assert table.seating.sides == ((0, 2), (1, 3)) and table.direction == -1 and table.deck.size == 32


def test_five_cards_each_and_the_next_turned_face_up() -> None:
    """ "The dealer gives a set of three cards to each player, then another set of two cards, and turns the next
    card face up." """
    game = Game(belote(), seed=3, dealer=NORTH)
    assert [len(game.hand(s)) for s in range(4)] == [5] * 4
    view = game.view(SOUTH)
    assert len(view.exposed) == 1 and view.exposed[0] not in view.hand


def test_the_player_on_the_dealers_right_takes_first_then_the_others_then_a_second_round() -> None:
    """ "The player after the dealer in rotation (the player to dealer's right) can now take ... or pass ... If all
    4 players pass, each in turn has a second chance to take, choosing a trump suit other than that of the face up
    card. If all players pass a second time, the cards are collected together and the next player in rotation
    deals." """
    game = Game(belote(), seed=3, dealer=NORTH)
    turned = game.rules.deck.codes[game.view(WEST).exposed[0]][-1]
    assert game.turn == WEST and sorted(legal(game)) == ["pass", f"trump {turned}"]
    act(game, "pass", "pass", "pass", "pass")
    assert game.turn == WEST and f"trump {turned}" not in legal(game) and len(legal(game)) == 4
    act(game, "pass", "pass", "pass", "pass")
    assert game.hand_number == 2 and game.dealer == WEST


def test_the_taker_gets_the_turned_card_and_two_more_the_others_three() -> None:
    """ "The taker is given the turn-up card ... Each player except the taker is dealt a further packet of three
    cards, and the taker is dealt only two cards. These cards are dealt in rotation, beginning to dealer's right
    and ending with the dealer." """
    game = Game(belote(), seed=3, dealer=NORTH)
    turned = game.view(WEST).exposed[0]
    before = [set(game.hand(s)) for s in range(4)]
    act(game, "pass", f"trump {game.rules.deck.codes[turned][-1]}")
    after = [set(game.hand(s)) for s in range(4)]
    assert turned in after[SOUTH]
    assert [len(a - b) for a, b in zip(after, before, strict=True)] == [3, 3, 3, 3]
    assert [len(a) for a in after] == [8] * 4 and game.declarer == SOUTH


def test_each_seat_sees_its_own_new_cards_and_everyone_sees_the_turned_card_go_to_the_taker() -> None:
    """Hidden information: the rest of the deal is face down but for the turned card."""
    events: list[object] = []
    game = Game(belote(), seed=3, dealer=NORTH, observer=events.append)
    turned = game.view(WEST).exposed[0]
    act(game, "trump " + game.rules.deck.codes[turned][-1])
    dealt = [e for e in events if isinstance(e, CardDrawn)]
    assert len(dealt) == 12 and dealt[0] == CardDrawn(WEST, turned, True)
    for event in dealt[1:]:
        assert not event.face_up
        assert event.seen_by(event.seat) is Sight.WHOLE and event.seen_by((event.seat + 1) % 4) is Sight.HIDDEN
    assert [e.seat for e in dealt[1:]] == [WEST, SOUTH, EAST, NORTH] * 2 + [SOUTH, EAST, NORTH]


def test_a_hand_dealt_in_stages_has_the_tricks_of_the_full_hand() -> None:
    """Eight tricks are played and `hand_size` reads 8, in play as in a worked example."""
    game = Game(belote(), seed=3, dealer=NORTH)
    act(game, "trump " + game.rules.deck.codes[game.view(WEST).exposed[0]][-1])
    while game.hand_number == 1:
        game.apply(game.legal_actions()[0])
    assert sum(game.history[0].tricks_won) == 8
    with pytest.raises(ScenarioError, match="adding up to 8"):
        evaluate(belote(), Scenario(tricks=[2, 1, 1, 1], dealer=NORTH, declarer=EAST, trump="H"))


def test_card_values_make_162_with_the_last_trick() -> None:
    """The trump jack 20, nine 14, ace 11, ten 10, king 4, queen 3; in other suits ace 11, ten 10, king 4, queen
    3, jack 2; "dix de der": 10 for the last trick."""
    assert played([["C"], ["H"], ["D"], ["S"]], EAST, [2, 2, 2, 2]) == (60, 102)


def test_the_takers_who_fail_are_dedans_and_the_others_score_162_and_every_declaration() -> None:
    """ "If this team doesn't manage to score 81 points, the opponent team scores 162 points"; belotegame.fr:
    "en cas de défaite pas de points ajoutés sauf celui de la belote-rebelote"."""
    assert played(
        [["H"], ["C"], ["S", "D"], []], NORTH, [3, 2, 3, 0], [[], ["KH", "QH", "7D", "8D", "9D"], [], []]
    ) == (
        182,
        20,
    )


def test_capot_is_250() -> None:
    """ "If a team win all the tricks, it's « Capot » and the winning team scores 250 points." """
    assert played([[], ["H", "S"], [], ["C", "D"]], EAST, [0, 4, 0, 4]) == (0, 250)


def test_declarations_and_only_the_best_sides_count() -> None:
    """belotegame.fr: "200 points pour un carré de valets, 150 points pour un de 9, 100 points pour un de rois, de
    dames ou de 10 ... 100 points pour une suite de 5 cartes ... 50 points pour une suite de 4 ... 20 pour une de 3
    cartes"; "L'équipe avec l'annonce la plus forte totalise ses points ... [l'autre] aucun point"."""
    took = [["C"], ["H"], ["D"], ["S"]]
    assert played(took, EAST, [2] * 4, [["7S", "8S", "9S"], [], [], ["7C", "8C", "9C", "TC"]]) == (60, 152)
    assert played(took, EAST, [2] * 4, [["JH", "JS", "JC", "JD"], ["8D", "9D", "TD"], [], []]) == (362, 0)
    assert played(took, EAST, [2] * 4, [[], ["7D", "8D", "9D", "TD", "JD"], [], []]) == (60, 202)


def test_equal_declarations_go_to_the_player_nearest_the_dealer() -> None:
    """ "le joueur le plus proche de celui qui a distribué gagne" (Decision: a longer run and a higher top card
    are compared first, as Pagat does)."""
    took = [["C"], ["H"], ["D"], ["S"]]
    assert played(took, EAST, [2] * 4, [["7S", "8S", "9S"], ["7C", "8C", "9C"], [], []]) == (60, 122)
    assert played(took, EAST, [2] * 4, [["8S", "9S", "TS"], ["7C", "8C", "9C"], [], []]) == (80, 102)


def test_trumping_and_raising_trump() -> None:
    """ "If the card led is trump, subsequent players must ... play a trump card that beats all previous cards if
    they can, whoever holds the trick"; "If a player is unable to follow to a non-trump suit, and at his turn to
    play the trick is held by an opponent, he must trump if he can ... If his partner holds the trick he is free
    to either trump, or discard"."""
    table = belote()
    deck = table.deck
    hearts = [s.code for s in deck.suits].index("H")

    def allowed(trick: str, hand: str) -> list[str]:
        game = Game.at_trick(
            table,
            hand=[deck.parse_card(c) for c in hand.split()],
            trick=[deck.parse_card(c) for c in trick.split()],
            trump=hearts,
        )
        return sorted(legal(game))

    assert allowed("9H 7H", "JH 8H") == ["JH"], "a trump lead is beaten over the partner too"
    assert allowed("AS 7S", "7H 8C") == ["7H", "8C"], "the partner holds the trick: free"
    assert allowed("AS JH", "7H 8C") == ["7H"], "an opponent holds it: trump, lower when one cannot beat it"


def test_the_first_lead_is_the_dealers_right_and_the_game_is_501() -> None:
    """ "The next player in rotation after the dealer (the player to dealer's right) leads"; "The game ends when
    one of the team reaches a minimum of 501 points. If both teams exceed 501 points, the team with the highest
    score wins the match." """
    game = Game(belote(), seed=3, dealer=NORTH)
    act(game, "pass", "pass", "trump " + game.rules.deck.codes[game.view(WEST).exposed[0]][-1])
    act(game, "pass", "pass", "pass", "pass")  # nobody shows a declaration
    assert game.declarer == EAST and game.turn == WEST and game.phase == "play"
    took = [["C"], ["H"], ["D"], ["S"]]
    base = {"tricks": [2] * 4, "dealer": NORTH, "declarer": EAST, "trump": "H", "took": took, "last_trick": EAST}
    assert evaluate(belote(), Scenario(totals=[480, 390], **base)).winner == (0, 2)
    assert evaluate(belote(), Scenario(totals=[480, 470], **base)).winner == (1, 3)
    assert evaluate(belote(), Scenario(totals=[380, 370], **base)).winner is None


def test_a_hand_traced_by_hand() -> None:
    """North deals; West, on its right, takes the turned 7♥ as trump and gets it with two more cards. West holds
    the hearts and leads them from the jack: nobody else has a heart, so West wins all eight tricks. West shows
    a cinquante (J Q K A of hearts is four in sequence) and the belote before the lead; nobody else declares.
    East-West: capot 250, the cinquante 50 and the belote 20: 320."""
    stacked = {
        WEST: "JH 9H AH TH 8H",
        SOUTH: "7S 8S 9S TS JS",
        EAST: "7C 8C 9C TC QS",
        NORTH: "7D 8D 9D TD KS",
    }
    rules_ = belote()
    deck = rules_.deck
    # The stock after the deal: the turned card first, then the rest as dealt in rotation from West.
    game = stacked_game(rules_, stacked, dealer=NORTH, stock="7H KH AS JC JD QH QC QD KC KD AC AD")
    act(game, "trump H")
    assert sorted(game.hand(WEST)) == sorted(map(deck.parse_card, ["JH", "9H", "AH", "TH", "8H", "7H", "KH", "QH"]))
    act(game, "show JH", "show QH", "show KH", "show AH", "pass", "pass", "pass", "pass")
    for lead in ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"]:
        seat = play_trick(game, lead, *[deck.codes[sorted(game.hand(s))[0]] for s in (SOUTH, EAST, NORTH)])
        assert seat == WEST
    hand = game.history[0]
    assert hand.tricks_won == (0, 0, 0, 8) and hand.score == (0, 320)


def written(folder: Path, text: str) -> Path:
    path = folder / "staged.yaml"
    path.write_text(text, encoding="utf-8")
    return path


BASE = (Path(__file__).parents[1] / "rulesets" / "belote.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        (
            "rest: {hand_size: 8, exposed_to: declarer}",
            "rest: {hand_size: 5}",
            "the rest must bring every hand to more",
        ),
        ("rest: {hand_size: 8, exposed_to: declarer}", "rest: {hand_size: 9}", "found 9"),
        ("expose: {seat: stock, card: 1}", "expose: {seat: dealer, card: 1}", "only a card shown from the stock"),
        ("  mode: made\n", "  mode: fixed\n  suit: H\n", "the rest of a deal is dealt once trump is made or chosen"),
    ],
)
def test_a_misused_deal_in_stages_is_refused_at_its_line(tmp_path: Path, old: str, new: str, says: str) -> None:
    assert old in BASE
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, BASE.replace(old, new)))
    assert says in str(refused.value) and "staged.yaml:" in str(refused.value)


def test_the_cards_dealt_in_a_hand_dealt_in_stages_include_the_rest() -> None:
    """`dealt(seat, card)` and melds found among the cards dealt read all eight cards, not the first five."""
    game = Game(belote(), seed=3, dealer=NORTH)
    act(game, "trump " + game.rules.deck.codes[game.view(WEST).exposed[0]][-1])
    assert [mask.bit_count() for mask in game._dealt()] == [8] * 4
    assert [game.rules.deck.mask(game.hand(s)) for s in range(4)] == game._dealt()


NO_TRUMP = """\
format: trickbook-ruleset/2
id: belote-no-trump
title: Belote with a no-trump buy
description: Belote where a player may also take the hand at no trump, in either round or in the second only.
extends: belote
trump:
  games:
    no_trump: {description: "No trump: every suit ranks as a plain suit.", trump: none}
"""


def test_a_buy_that_is_not_a_suit_is_offered_in_every_round_of_taking(tmp_path: Path) -> None:
    """Issue 30, item 10: a named game (a buy without a trump suit) is offered beside the turned card's suit in
    the first round and beside the other suits in the second; its `when` can keep it to a round."""
    path = tmp_path / "no-trump.yaml"
    path.write_text(NO_TRUMP, encoding="utf-8")
    game = Game(load_ruleset(path), seed=3, dealer=NORTH)
    turned = game.rules.deck.codes[game.view(WEST).exposed[0]][-1]
    assert sorted(legal(game)) == sorted(["pass", f"trump {turned}", "no_trump"])
    act(game, "pass", "pass", "pass", "pass")
    assert "no_trump" in legal(game) and len(legal(game)) == 5
    second = NO_TRUMP.replace("trump: none}", 'trump: none, when: "trump_round == 2"}')
    path.write_text(second, encoding="utf-8")
    game = Game(load_ruleset(path), seed=3, dealer=NORTH)
    assert "no_trump" not in legal(game)
    act(game, "pass", "pass", "pass", "pass")
    assert "no_trump" in legal(game)
    act(game, "no_trump")
    assert game.declarer == WEST and game.trump < 0 and [len(game.hand(s)) for s in range(4)] == [8] * 4


def test_a_buy_for_the_partner_makes_the_partner_the_declarer_who_takes_the_turned_card(tmp_path: Path) -> None:
    """`trump.games.<name>.for_partner` (issue 30, item 10: a buy such as Baloot's Ashkal, for the partner): the
    namer's partner becomes the declarer and, the rest of the deal giving the declarer the turned card, takes it."""
    path = tmp_path / "for-partner.yaml"
    path.write_text(
        NO_TRUMP.replace("trump: none}", "trump: none, for_partner: true}").replace(
            "no-trump buy", "buy for a partner"
        ),
        encoding="utf-8",
    )
    rules_ = load_ruleset(path)
    game = Game(rules_, seed=3, dealer=NORTH)
    turned = game.view(WEST).exposed[0]
    act(game, "no_trump")  # West names it for East
    assert game.declarer == EAST and turned in game.hand(EAST) and turned not in game.hand(WEST)
    assert "a buy for the partner: the namer's partner becomes the maker" in " ".join(explain(rules_).split())
    solo = tmp_path / "solo.yaml"
    text = path.read_text(encoding="utf-8").replace("trump:\n  games:", "seats: 3\nsides: null\ntrump:\n  games:")
    solo.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError, match="a game named for the partner needs partners"):
        load_ruleset(solo)

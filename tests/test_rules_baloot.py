"""Baloot (jawaker.com's rules, pagat's Baloot as gamesitereviews.biz copies it, vipbaloot.com): one test per rule
sentence, played through `Game` or scored through the same path as a played hand, one hand traced by hand, and
the two concepts Baloot brought: `turn` (the seat a named game is offered to, for Ashkal) and a meld's worth
in named games (`melds.kinds.<name>.points_in`, four aces being four hundred in Sun)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from helpers import act, legal, rules, stacked_game
from trickbook import Game, Rules, load_ruleset
from trickbook.book.explain import explain
from trickbook.book.scenario import Scenario, evaluate
from trickbook.errors import IllegalAction, RulesetError

RULES = "baloot"
NORTH, EAST, SOUTH, WEST = range(4)
SUN, ASHKAL = 0, 1
TOOK = [["C"], ["H"], ["D"], ["S"]]


def baloot() -> Rules:
    return rules(RULES)


def scored(
    took: list[list[str]] = TOOK,
    last: int = EAST,
    tricks: tuple[int, ...] = (2, 2, 2, 2),
    shown: list[list[str]] | None = None,
    game: int = -1,
    doubled: int = 0,
) -> tuple[int, ...]:
    """The hand's game points when North dealt and East bought hearts as Hokum (or the named game `game`)."""
    trump = "H" if game < 0 else None
    scenario = Scenario(
        tricks=list(tricks),
        dealer=NORTH,
        declarer=EAST,
        trump=trump,
        game=game,
        took=took,
        last_trick=last,
        shown=shown,
        doubled=doubled,
    )
    return evaluate(baloot(), scenario).score.sides


def turned_suit(game: Game) -> str:
    return game.rules.deck.codes[game.view(WEST).exposed[0]][-1]


def test_four_players_in_partnerships_32_cards_played_counter_clockwise() -> None:
    """ "Baloot is a game for four players in fixed partnerships, partners facing each other ... after removing
    the cards between 2 - 6, The game is normally played counter-clockwise." """
    table = baloot()
    assert table.seating.sides == ((0, 2), (1, 3)) and table.direction == -1 and table.deck.size == 32


def test_five_cards_each_and_one_turned_face_up() -> None:
    """ "5 cards are dealt to each player at the beginning of game, one card is turned face-up in the middle of
    the table." """
    game = Game(baloot(), seed=3, dealer=NORTH)
    assert [len(game.hand(s)) for s in range(4)] == [5] * 4
    view = game.view(SOUTH)
    assert len(view.exposed) == 1 and view.exposed[0] not in view.hand


def test_the_first_round_offers_sun_or_hokum_in_the_turned_suit_from_the_dealers_right() -> None:
    """ "This process begins with the player sitting right of the dealer"; "Players have the option to chose one
    of three options: "Sun" ..., "Hokum" (using the exposed card's suit as the trump), or "Pass"." """
    game = Game(baloot(), seed=3, dealer=NORTH)
    assert game.turn == WEST
    assert sorted(legal(game)) == sorted(["pass", f"trump {turned_suit(game)}", "sun"])


def test_ashkal_is_offered_to_the_third_and_fourth_players_of_the_first_round_only() -> None:
    """ "The third and fourth players are given the opportunity to declare "Ashkal" " (here the dealer's left
    and the dealer); not in the second round (Decision)."""
    game = Game(baloot(), seed=3, dealer=NORTH)
    offered = []
    for _ in range(4):
        offered.append("ashkal" in legal(game))
        act(game, "pass")
    assert offered == [False, False, True, True]
    assert game.turn == WEST and "ashkal" not in legal(game)


def test_ashkal_is_a_sun_whose_turned_card_goes_to_the_partner() -> None:
    """ "... "Ashkal" which is equivalent to "Sun" with the exception that the exposed card is given to the
    player's partner." """
    game = Game(baloot(), seed=3, dealer=NORTH)
    turned = game.view(WEST).exposed[0]
    act(game, "pass", "pass", "ashkal")  # East, the dealer's left, says Ashkal for West
    assert game.declarer == WEST and game.trump < 0 and turned in game.hand(WEST)
    assert [len(game.hand(s)) for s in range(4)] == [8] * 4


def test_a_second_round_offers_sun_or_hokum_in_another_suit_and_all_passing_twice_redeals() -> None:
    """ "If all players decided to pass, a second bidding round begins"; Hokum then names another suit than the
    turned card's; all passing twice: a new deal, by the next player (Decision)."""
    game = Game(baloot(), seed=3, dealer=NORTH)
    turned = turned_suit(game)
    act(game, "pass", "pass", "pass", "pass")
    second = legal(game)
    assert "sun" in second and f"trump {turned}" not in second
    assert sorted(a for a in second if a.startswith("trump ")) == sorted(f"trump {s}" for s in "CSHD" if s != turned)
    act(game, "pass", "pass", "pass", "pass")
    assert game.hand_number == 2 and game.dealer == WEST


def test_sun_takes_over_a_hokum_bought_before_it_in_the_round() -> None:
    """ "if the player chooses San after selecting Hukm, the game type becomes San immediately without asking the
    other players. This is because San is stronger than Hukm": a Hokum bought is pending while the others may
    still say Sun (`trump.games.<name>.overcalls`)."""
    game = Game(baloot(), seed=3, dealer=NORTH)
    suit = turned_suit(game)
    act(game, f"trump {suit}")  # West buys Hokum
    assert game.phase == "trump" and game.turn == SOUTH and sorted(legal(game)) == ["pass", "sun"]
    act(game, "pass", "sun")  # East takes it over as Sun
    assert game.declarer == EAST and game.trump < 0 and [len(game.hand(s)) for s in range(4)] == [8] * 4


def test_when_all_pass_the_hokum_buyer_confirms_it_or_changes_it_to_sun() -> None:
    """ "If a player chooses Bess (pass) after selecting Hukm, the question returns to the player who chose Hukm.
    They can either confirm Hukm or change the game type to San." """
    game = Game(baloot(), seed=3, dealer=NORTH)
    suit = turned_suit(game)
    act(game, "pass", f"trump {suit}", "pass", "pass", "pass")  # South buys Hokum, the others pass
    assert game.turn == SOUTH and sorted(legal(game)) == sorted([f"trump {suit}", "sun"])
    with pytest.raises(IllegalAction, match="confirm your suit or name a stronger game"):
        act(game, "pass")
    act(game, "sun")
    assert game.declarer == SOUTH and game.trump < 0
    again = Game(baloot(), seed=3, dealer=NORTH)
    act(again, "pass", f"trump {suit}", "pass", "pass", "pass", f"trump {suit}")
    assert again.declarer == SOUTH and again.rules.deck.suits[again.trump].code == suit


def test_the_buyer_gets_the_turned_card_and_two_more_the_others_three() -> None:
    """ "The winner of the bidding round gets this card and 2 extra cards from the undealt pack, the rest of the
    cards is distributed among the other players"; "each player receives 3 more cards"."""
    game = Game(baloot(), seed=3, dealer=NORTH)
    turned = game.view(WEST).exposed[0]
    before = [set(game.hand(s)) for s in range(4)]
    act(game, "pass", "sun")
    after = [set(game.hand(s)) for s in range(4)]
    assert game.declarer == SOUTH and turned in after[SOUTH] and game.trump < 0
    assert [len(a - b) for a, b in zip(after, before, strict=True)] == [3, 3, 3, 3]


def test_hokum_and_sun_rank_orders() -> None:
    """ "Hokum: 7 - 8 - Q - K - 10 - A - 9 - J; Other suits: 7 - 8 - 9 - J - Q - K - 10 - A" (low to high), and
    in Sun every suit ranks as the other suits: a jack of the suit led does not beat its ace."""
    table = baloot()
    deck = table.deck
    hearts = [s.code for s in deck.suits].index("H")

    def allowed(trick: str, hand: str, trump: int = -1, named: int = -1) -> list[str]:
        game = Game.at_trick(
            table,
            hand=[deck.parse_card(c) for c in hand.split()],
            trick=[deck.parse_card(c) for c in trick.split()],
            trump=trump,
            named=named,
            declarer=EAST,
        )
        return sorted(legal(game))

    assert allowed("AH", "9H KH 8C", hearts) == ["9H"], "in Hokum the nine of trump beats the ace, and must"
    assert allowed("AH", "9H KH 8C", named=SUN) == ["9H", "KH"], "in Sun any heart follows"
    assert allowed("7S", "7H 8C", named=SUN) == ["7H", "8C"], "in Sun there is no trump to play"


def test_hokum_trumping_and_raising() -> None:
    """vipbaloot: "In Hokom: The Player can't follow suit and the opponent has already played a trump card, they
    must either play a higher value card of the trump suit (overtrump) or give a lower card of the trump suit if
    they can't overtrump ... However, if the partner is winning the trick, a random card can be played"; a
    trump lead is raised whoever holds the trick."""
    table = baloot()
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

    assert allowed("9H 7H", "JH 8H") == ["JH"]
    assert allowed("AS 7S", "7H 8C") == ["7H", "8C"]
    assert allowed("AS JH", "7H 8C") == ["7H"]


def test_card_points_are_162_in_hokum_and_130_in_sun_with_the_last_trick() -> None:
    """ "An additional 10 card points are awarded to the team that wins the last of the 8 tricks, so that the
    total number of card points available is 162 when there are trumps and 130 when there are no trumps": a
    tenth of them in Hokum (16 game points), twice that in Sun (26)."""
    assert scored() == (6, 10)
    assert scored(game=SUN) == (12, 14)
    assert sum(scored()) == 16 and sum(scored(game=SUN)) == 26


def test_a_half_game_point_is_rounded_down_in_hokum() -> None:
    """Card points are divided by ten, a half rounded down (Decision: 65 is 6, so the two sides make 16)."""
    took = [["S", "QC"], ["H", "AC", "TC", "KC"], ["D", "JC"], ["9C", "8C", "7C"]]
    assert scored(took) == (6, 10)


def test_projects_and_their_game_points() -> None:
    """Sira (three in sequence) 20 card points, fifty 50, a hundred (five in sequence, or four tens, kings, queens
    or jacks) 100, four aces 100 in Hokum and four hundred in Sun; the baloot, king and queen of trump, 20."""
    assert scored(shown=[[], ["7D", "8D", "9D"], [], []]) == (6, 12)
    assert scored(shown=[[], ["7D", "8D", "9D", "TD"], [], []]) == (6, 15)
    assert scored(shown=[[], ["7D", "8D", "9D", "TD", "JD"], [], []]) == (6, 20)
    assert scored(shown=[[], ["KS", "KC", "KH", "KD"], [], []]) == (6, 20)
    assert scored(shown=[[], ["AS", "AC", "AH", "AD"], [], []]) == (6, 20)
    assert scored(shown=[[], ["AS", "AC", "AH", "AD"], [], []], game=SUN) == (12, 54)
    assert scored(shown=[[], ["KH", "QH"], [], []]) == (6, 12)
    assert scored(shown=[[], ["9S", "9C", "9H", "9D"], [], []]) == (6, 10), "four nines are no project"


def test_only_the_side_with_the_best_project_scores_its_projects() -> None:
    """Only the side holding the best project counts its projects; the baloot counts for its holder always."""
    assert scored(shown=[["7S", "8S", "9S"], ["7C", "8C", "9C", "TC"], [], []]) == (6, 15)
    assert scored(shown=[["7S", "8S", "9S", "TS"], ["KH", "QH"], [], []]) == (11, 12)
    assert scored(shown=[["7S", "8S", "9S", "TS", "JS"], ["AS", "AC", "AH", "AD"], [], []], game=SUN) == (12, 54)


def test_khasara_the_buyers_with_less_lose_everything_but_their_baloot() -> None:
    """The buyers must have more than the other side (vipbaloot: "In Sunn they should score more than 65");
    otherwise the other side takes every game point of the hand and the projects of both."""
    took = [["H"], ["C"], ["S", "D"], []]
    assert scored(took, NORTH, (3, 2, 3, 0), [[], ["KH", "QH", "7D", "8D", "9D"], [], []]) == (18, 2)
    assert scored(took, NORTH, (3, 2, 3, 0), game=SUN) == (26, 0)
    equal = [["C", "AS", "TS", "KS", "QS"], ["H"], ["D", "JS"], ["9S", "8S", "7S"]]
    assert scored(equal, NORTH, game=SUN) == (26, 0), "65 each: the buyers lose"


def test_kaboot_all_eight_tricks() -> None:
    """All eight tricks (kaboot): 25 game points in Hokum, 44 in Sun, whoever takes them."""
    kaboot = [[], ["H", "S"], [], ["C", "D"]]
    assert scored(kaboot, EAST, (0, 4, 0, 4)) == (0, 25)
    assert scored(kaboot, EAST, (0, 4, 0, 4), game=SUN) == (0, 44)
    assert scored([["H", "S"], [], ["C", "D"], []], NORTH, (4, 0, 4, 0)) == (25, 0)


def test_a_double_counts_twice_and_a_triple_three_times_but_not_the_baloot() -> None:
    """ "an opponent of the trump maker can double the score"; the buyers' answer, a triple, three times
    (Decision); the baloot is never multiplied (Decision)."""
    assert scored(doubled=1) == (12, 20)
    assert scored(doubled=2, shown=[[], ["KH", "QH"], [], []]) == (18, 32)


def test_with_the_winner_taking_all_a_doubled_hand_gives_its_winner_every_point_and_the_loser_its_baloot() -> None:
    """tazjel/baloot-ai, docs/official_doubling_rules.md: a doubled Hokum is worth 16 x 2 = 32 and "All projects
    are doubled, except for the "Baloot" project, whose value remains constant" (the `doubled_hand` option)."""
    takes_all = load_ruleset(RULES, options={"doubled_hand": "winner-takes-all"})

    def score(doubled: int, took: list[list[str]], shown: list[list[str]]) -> tuple[int, ...]:
        scenario = Scenario(
            tricks=[2, 2, 2, 2], dealer=NORTH, declarer=EAST, trump="H", took=took, last_trick=EAST, shown=shown
        )
        return evaluate(takes_all, replace(scenario, doubled=doubled)).score.sides

    assert score(1, TOOK, [[], [], [], []]) == (0, 32)
    assert score(0, TOOK, [[], [], [], []]) == (6, 10), "undoubled, each side keeps its own"
    assert score(2, TOOK, [["7S", "8S", "9S"], ["KH", "QH"], [], []]) == (0, 3 * (16 + 2) + 2)
    # The buyers fail: the doublers take the whole 16 twice; the buyers keep only their baloot.
    failed = [["H"], ["C"], ["D"], ["S"]]
    assert score(1, failed, [[], ["KH", "QH"], [], []]) == (32, 2)


def test_the_buyers_opponents_are_asked_to_double_and_the_buyers_may_triple() -> None:
    """Once the game is bought the buyers' opponents may double, and the buyers answer."""
    game = Game(baloot(), seed=3, dealer=NORTH)
    suit = turned_suit(game)
    act(game, f"trump {suit}", "pass", "pass", "pass", f"trump {suit}")  # West buys Hokum and confirms it
    assert game.phase == "doubling" and game.turn in (NORTH, SOUTH) and "double" in legal(game)
    act(game, "double")
    assert game.turn in (WEST, EAST) and "redouble" in legal(game)


def test_in_sun_a_double_needs_the_buyers_above_100_and_the_doublers_below() -> None:
    """Decision (pagat): a Sun may be doubled only while the buyers have more than 100 and the doublers less."""
    game = Game(baloot(), seed=3, dealer=NORTH)
    act(game, "sun")
    assert game.phase != "doubling"


def test_the_first_lead_is_the_dealers_right_and_152_wins() -> None:
    """The player on the dealer's right leads; "If you manage to score 152 points ... victory will be yours"."""
    game = Game(baloot(), seed=3, dealer=NORTH)
    act(game, "pass", "sun")
    act(game, "pass", "pass", "pass", "pass")  # nobody shows a project
    assert game.turn == WEST and game.phase == "play"
    base = {"tricks": [2] * 4, "dealer": NORTH, "declarer": EAST, "trump": "H", "took": TOOK, "last_trick": EAST}
    assert evaluate(baloot(), Scenario(totals=[148, 100], **base)).winner == (0, 2)
    assert evaluate(baloot(), Scenario(totals=[140, 100], **base)).winner is None


def test_a_hand_traced_by_hand() -> None:
    """North deals; West, on its right, buys the turned A♥ as Sun and gets it with the A♣ and A♦. West shows its
    run of five spades (a hundred) and its four aces (four hundred in Sun) before the lead; nobody else shows.
    West leads its aces and spades and takes all eight tricks: kaboot, 44, and the projects, 300 card points
    doubled and divided by ten, 60: 104 for East-West."""
    stacked = {
        WEST: "AS TS KS QS JS",
        SOUTH: "7C 8C 9C 7D 8D",
        EAST: "7H 8H 9H TH JH",
        NORTH: "9S 8S 7S 9D TD",
    }
    rules_ = baloot()
    deck = rules_.deck
    game = stacked_game(rules_, stacked, dealer=NORTH, stock="AH AC KH TC JC AD QH QC KC JD QD KD")
    act(game, "sun")
    assert sorted(game.hand(WEST)) == sorted(map(deck.parse_card, [*stacked[WEST].split(), "AH", "AC", "AD"]))
    assert game.phase != "doubling", "nobody has 100 yet: a Sun cannot be doubled"
    shows = ["show AS", "show KS", "show QS", "show JS", "show TS", "show AH", "show AC", "show AD"]
    act(game, *shows, "pass", "pass", "pass", "pass")
    for lead in ["AS", "KS", "QS", "JS", "TS", "AH", "AC", "AD"]:
        act(game, lead)
        for _ in range(3):
            game.apply(game.legal_actions()[0])
    hand = game.history[0]
    assert hand.tricks_won == (0, 0, 0, 8) and hand.score == (0, 104)


BASE = (Path(__file__).parents[1] / "rulesets" / "baloot.yaml").read_text(encoding="utf-8")


def written(folder: Path, text: str) -> Path:
    path = folder / "changed.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_meld_worth_more_in_a_named_game_is_compared_and_said_at_that_worth() -> None:
    """`melds.kinds.<name>.points_in`: four aces are 100 in Hokum and 200 card points in Sun or Ashkal, in the
    comparison as in the score (in Hokum a run of five beats them and makes the buyers lose), and the rule book
    says so."""
    assert scored(shown=[["7S", "8S", "9S", "TS", "JS"], ["AS", "AC", "AH", "AD"], [], []]) == (26, 0)
    assert scored(shown=[["7S", "8S", "9S", "TS", "JS"], ["AS", "AC", "AH", "AD"], [], []], game=ASHKAL) == (12, 54)
    assert "four hundred (every card of one rank: A) 100, 200 in sun, 200 in ashkal" in " ".join(
        explain(baloot()).split()
    )


def test_a_meld_worth_in_an_unknown_game_is_refused_at_its_line(tmp_path: Path) -> None:
    old = "points_in: {sun: 200, ashkal: 200}"
    assert old in BASE
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, BASE.replace(old, "points_in: {sun: 200, san: 200}")))
    said = str(refused.value)
    assert "'san' is not a named game of these rules" in said and "changed.yaml:" in said and "sun, ashkal" in said


def test_a_game_that_takes_over_a_suit_needs_rounds_of_trump_making(tmp_path: Path) -> None:
    """`overcalls` only means something where trump is made in rounds; elsewhere it is refused at its line."""
    path = tmp_path / "chosen.yaml"
    path.write_text(
        "format: trickbook-ruleset/2\nid: chosen-overcall\ntitle: Klaverjassen with a no-trump game\n"
        "extends: klaverjassen\ntrump:\n  games:\n    sun: {trump: none, overcalls: true}\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    said = str(refused.value)
    assert "chosen.yaml:7:" in said and "can take over a suit named before it" in said


def test_the_seat_to_act_is_read_as_a_game_is_offered_and_refused_in_the_scoring(tmp_path: Path) -> None:
    """`turn`: the seat a named game is offered to (Ashkal's third and fourth players); the scoring has no
    seat to act, and says where."""
    assert "turn == dealer or turn == left(dealer)" in BASE
    old = "  times: 1 + doubled\n"
    changed = BASE.replace(old, "  times: 1 + doubled + (if turn == dealer then 1 else 0)\n")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, changed))
    assert "turn" in str(refused.value) and "changed.yaml:" in str(refused.value)

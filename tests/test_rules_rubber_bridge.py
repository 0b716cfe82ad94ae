"""Rubber Bridge (intersports.co.uk "Scoring - Rubber Bridge", honours after the howrub.dat scoring card): one test
per rule sentence of the source, scored through the same path as a played hand, and one hand traced by hand; the
auction and the dummy are Contract Bridge's and tested in test_rules_contract_bridge."""

from __future__ import annotations

from helpers import EAST_WEST, NORTH_SOUTH, act, play_trick, rules, stacked_game
from trickbook import Rules
from trickbook.book.scenario import Scenario, evaluate
from trickbook.players import parse_player_specs
from trickbook.tools.simulate import play_match

RULES = "rubber-bridge"


def rubber(**options: str) -> Rules:
    return rules(RULES, tuple(sorted(options.items())))


def north(
    contract: str,
    took: int,
    *,
    doubled: int = 0,
    below: tuple[int, int] = (0, 0),
    games: tuple[int, int] = (0, 0),
    **more: object,
):  # type: ignore[no-untyped-def]
    """North declares `contract` and North-South take `took` tricks."""
    scenario = Scenario(
        tricks=[took, 13 - took, 0, 0],
        declarer=0,
        contract=contract,
        doubled=doubled,
        counters={"below": below, "games": games},
        **more,  # type: ignore[arg-type]
    )
    return evaluate(rubber(), scenario)


def test_the_contract_tricks_score_below_the_line_20_30_and_40_for_the_first_no_trump() -> None:
    """ "the number bid, multiplied by a suit-dependent multiplier, is scored below the line"; 20 for the minors,
    30 for the majors, 30 at no trump "with an added 10 points below the line"."""
    assert north("2C", 8).counters["below"] == (40, 0)
    assert north("2H", 8).counters["below"] == (60, 0)
    assert north("2NT", 8).counters["below"] == (70, 0)


def test_overtricks_score_above_the_line_and_do_not_count_towards_game() -> None:
    """ "Any overtricks, again multiplied by the suit-dependent multiplier, are scored above the line": "2 clubs,
    made 9 tricks: 40 (2x20) points below, 20 (1x20) above the line"."""
    outcome = north("2C", 9)
    assert outcome.score.sides == (60, 0) and outcome.counters["below"] == (40, 0)


def test_a_game_is_100_below_the_line_at_once_or_together_and_starts_both_sides_afresh() -> None:
    """ "If the score of a partnership below the line equals or exceeds 100 points (either at once or taken
    together with what already was below the line), the partnership is said to have scored a game"."""
    assert north("4H", 10).counters == {"below": (0, 0), "games": (1, 0)}
    together = north("2S", 8, below=(60, 40))
    assert together.counters == {"below": (0, 0), "games": (1, 0)}, "the other side's 40 no longer counts"
    assert north("2S", 8, below=(30, 40)).counters == {"below": (90, 40), "games": (0, 0)}


def test_the_first_to_win_two_games_wins_the_rubber_700_or_500() -> None:
    """ "The first partnership that wins two games wins the rubber. They score a 700 point bonus if they won in
    two games, or 500 points if their opponents also made a game"."""
    two_nil = north("4S", 10, games=(1, 0))
    assert two_nil.score.sides == (820, 0) and two_nil.winner == NORTH_SOUTH
    two_one = north("4S", 10, games=(1, 1))
    assert two_one.score.sides == (620, 0) and two_one.winner == NORTH_SOUTH
    assert north("4S", 10, games=(0, 1)).winner is None


def test_the_higher_total_wins_usually_the_side_with_two_games() -> None:
    """Wikipedia: "When the rubber ends, the pair with the higher point total wins. Usually but not always the
    pair that won two of the rubber's games has more points"."""
    assert north("4S", 10, games=(1, 1), totals=[0, 2000]).winner == EAST_WEST


def test_a_side_with_a_game_is_vulnerable_for_slams_and_undertricks() -> None:
    """ "A partnership that has already made a game is called vulnerable, which is of importance for the slam
    bonus and for the downtricks": small slam 500, 750 vulnerable; a trick down 50, 100 vulnerable."""
    assert north("6S", 12).score.sides == (680, 0)
    vulnerable_slam = north("6S", 12, games=(1, 0))
    assert vulnerable_slam.score.sides == (180 + 750 + 700, 0)
    assert north("4S", 9).score.sides == (0, 50)
    assert north("4S", 9, games=(1, 0)).score.sides == (0, 100)


def test_undertricks_go_to_the_defenders_above_the_line() -> None:
    """Wikipedia: "Penalties for failure to fulfill the contract are written above the line for the opponents";
    doubled: 100, then 200 each not vulnerable, 200 then 300 vulnerable (howrub.dat)."""
    assert north("4S", 7, doubled=1).score.sides == (0, 500)
    assert north("4S", 7, doubled=1, games=(1, 0)).score.sides == (0, 800)
    assert north("4S", 7, doubled=1).counters["below"] == (0, 0)


def test_a_doubled_contract_made_scores_50_and_its_overtricks_100_or_200() -> None:
    """howrub.dat: "Making Doubled Contract: 50 points"; doubled overtricks 100 each, 200 vulnerable."""
    assert north("1C", 9, doubled=1).score.sides == (40 + 50 + 200, 0)
    assert north("1C", 9, doubled=1, games=(1, 0)).score.sides == (40 + 50 + 400, 0)


def test_honours_in_one_hand_score_100_or_150_for_their_side() -> None:
    """howrub.dat: "4 aces in one hand at notrump 150; 5 trump honors in one hand 150; 4 trump honors in one hand
    100"; they go to the holder's side, declaring or not."""
    five = north("2S", 8, dealt=[[], ["AS", "KS", "QS", "JS", "TS"], [], []])
    assert five.score.sides == (60, 150)
    four = north("2S", 8, dealt=[["AS", "KS", "QS", "JS"], [], [], []])
    assert four.score.sides == (160, 0)
    aces = north("1NT", 7, dealt=[[], [], ["AS", "AH", "AC", "AD"], []])
    assert aces.score.sides == (190, 0)
    split = north("2S", 8, dealt=[["AS", "KS", "QS"], [], ["JS", "TS"], []])
    assert split.score.sides == (60, 0)


def test_honours_can_be_left_out() -> None:
    """reference.com: "It is up to the players to decide if honors points are to be allowed" (option `honours`)."""
    scenario = Scenario(
        tricks=[8, 5, 0, 0],
        declarer=0,
        contract="2S",
        dealt=[[], ["AS", "KS", "QS", "JS", "TS"], [], []],
    )
    assert evaluate(rubber(honours="off"), scenario).score.sides == (60, 0)


def test_heuristic_players_outscore_random_ones() -> None:
    """The heuristic side ends four hands ahead of the random side, whichever side it holds."""
    table = rubber()
    for seed, layout in ((0, "heuristic,random,heuristic,random"), (1, "random,heuristic,random,heuristic")):
        game = play_match(table, seed, parse_player_specs(layout, 4), 4)
        totals = game.history[-1].totals
        strong = 0 if layout.startswith("heuristic") else 1
        assert totals[strong] > totals[1 - strong], (seed, totals)


def test_a_hand_traced_by_hand() -> None:
    """Dealer North, who holds every spade, bids 4 spades and all pass. East leads the ace of hearts; the dummy
    (South, all clubs) and West (all diamonds) cannot follow, North trumps; then North leads its spades and takes
    every trick. 4 spades with 3 overtricks: 120 below the line, a game, and 90 above; North's five trump honours
    150: 360 for North-South, nothing for East-West."""
    spades, hearts, clubs, diamonds = (" ".join(f"{r}{s}" for r in "23456789TJQKA") for s in "SHCD")
    game = stacked_game(rubber(), {0: spades, 1: hearts, 2: clubs, 3: diamonds}, dealer=0)
    act(game, "bid 4S", "pass", "pass", "pass")
    assert game.turn == 1, "the player after the declarer leads"
    assert play_trick(game, "AH", "2C", "2D", "2S") == 0
    for lead, east, other in zip("3456789TJQKA", "KQJT98765432", "3456789TJQKA", strict=True):
        assert play_trick(game, f"{lead}S", f"{east}H", f"{other}C", f"{other}D") == 0
    hand = game.history[-1]
    assert hand.tricks_won[0] + hand.tricks_won[2] == 13
    assert hand.score == (360, 0)
    assert hand.counters == ((0, 0), (1, 0)), "below the line starts afresh; North-South have a game"

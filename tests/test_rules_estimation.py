"""Estimation (the rules of catsatcards.com and jawaker.com, with the risk): one test per rule sentence, played
through `Game` or scored through the same path as a played hand, and one hand traced by hand. They also test the
concept Estimation brought: a second round of bidding after the auction and the trump choice, in which the other
players estimate their tricks under bans of their own (`bidding.estimates`)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from helpers import act, legal, rules, stacked_game
from trickbook import Game, Rules, load_ruleset
from trickbook.book.scenario import Scenario, evaluate
from trickbook.errors import IllegalAction, RulesetError
from trickbook.players import make_player, parse_player_specs
from trickbook.session.progress import progress
from trickbook.session.terminal import TerminalMatch

RULES = "estimation"
RULESET = Path(__file__).resolve().parent.parent / "rulesets" / "estimation.yaml"
SUITS = ["trump S", "trump H", "trump C", "trump D", "no_trump"]
"""What the caller may name, in the deck's suit order."""


def estimation(*options: tuple[str, str]) -> Rules:
    return rules(RULES, options)


def score(declarer: int, bids: list[int], tricks: list[int]) -> tuple[int, ...]:
    scenario = Scenario(declarer=declarer, bids=bids, tricks=tricks, seat_totals=[0, 0, 0, 0])
    seats = evaluate(estimation(), scenario).score.seats
    assert seats is not None
    return seats


def estimates_reached(game: Game, auction: tuple[str, ...], trump: str = "trump S") -> None:
    """Plays the auction's calls (dealer 0: seats 3, 2, 1, 0 speak) and the caller's trump."""
    act(game, *auction, trump)


def test_four_players_each_on_their_own_52_cards_thirteen_each_counter_clockwise() -> None:
    """ "played over the course of 18 hands or rounds by four players who each play independently (no
    partnerships)"; "Estimation uses the standard 52 card deck"; "each player having a total of 13 cards";
    the deal goes "in a counter-clockwise direction"."""
    table = estimation()
    assert table.seats == 4 and not table.seating.has_sides and table.deck.size == 52
    game = Game(table, seed=1, dealer=0)
    assert [len(game.hand(s)) for s in range(4)] == [13, 13, 13, 13]
    assert game.turn == 3, "the player on the dealer's right speaks first"


def test_the_auction_bids_at_least_four_once_round_and_the_highest_bidder_calls() -> None:
    """ "The minimum bid is 4"; "Each player makes exactly one bid"; "The winner of the bidding round is the
    player who estimates the highest number of tricks" (here a bid must beat the highest so far)."""
    game = Game(estimation(), seed=2, dealer=0)
    assert legal(game) == ["pass", *(f"bid {n}" for n in range(4, 14))]
    act(game, "bid 5", "pass")
    assert legal(game) == ["pass", *(f"bid {n}" for n in range(6, 14))]
    act(game, "bid 7", "pass")
    assert game.declarer == 1
    assert legal(game) == SUITS


def test_when_every_player_passes_the_hand_is_thrown_in() -> None:
    """Decision: with no bid the hand is thrown in and the next dealer deals."""
    game = Game(estimation(), seed=3, dealer=0)
    act(game, "pass", "pass", "pass", "pass")
    assert game.history[0].cancelled
    assert game.dealer == 3


def test_the_caller_names_a_trump_suit_or_no_trump() -> None:
    """ "He also names a trump suit he intends to use for the hand. A player may also make his bid in "No Trump"
    indicating he intends to play the hand with no trump suit used." """
    game = Game(estimation(), seed=4, dealer=0)
    estimates_reached(game, ("bid 6", "pass", "pass", "pass"), "no_trump")
    assert game.declarer == 3 and game.trump == -1


def test_the_others_estimate_in_turn_from_the_callers_right_up_to_the_callers_bid() -> None:
    """ "each player except the bidder (and starting from the right of the bidder) is asked to estimate";
    "The maximum number of tricks a player can estimate is the number estimated by the winner of the bidding
    round"; "If a player estimates 0 tricks in the estimation round, it's called a Dash"."""
    game = Game(estimation(), seed=5, dealer=0)
    estimates_reached(game, ("pass", "bid 5", "pass", "pass"))
    assert game.declarer == 2
    order = []
    for estimate in ("bid 0", "bid 1", "bid 2"):
        order.append(game.turn)
        assert legal(game)[0] == "bid 0" and legal(game)[-1] == "bid 5"
        act(game, estimate)
    assert order == [1, 0, 3]
    assert game.phase == "play"


def test_an_outbid_auction_bid_is_not_an_estimate() -> None:
    """A player outbid in the auction estimates afresh: the estimates, not the auction's lower bids, count."""
    game = Game(estimation(), seed=6, dealer=0)
    estimates_reached(game, ("bid 4", "bid 6", "pass", "pass"))
    act(game, "bid 1", "bid 2", "bid 3")
    assert game.declarer == 2
    view = game.view(0)
    assert list(view.contract) == [2, 1, 6, 3]


def test_the_risk_the_last_estimator_may_not_make_the_total_thirteen() -> None:
    """The risk: the estimates, the caller's bid included, must not add up to 13; the last estimator is the one
    restricted, the others may say what they like."""
    game = Game(estimation(), seed=7, dealer=0)
    estimates_reached(game, ("bid 5", "pass", "pass", "pass"))
    act(game, "bid 4")
    assert "bid 4" in legal(game), "the second estimator is not restricted"
    act(game, "bid 4")
    assert legal(game) == [f"bid {n}" for n in range(1, 6)] and game.turn == 0
    with pytest.raises(IllegalAction, match="may not make the bids and estimates add up to 13"):
        act(game, "bid 0")


def test_without_the_risk_the_last_estimator_may_make_thirteen() -> None:
    """The `risk` option off: any estimate, whatever the total."""
    game = Game(estimation(("risk", "off")), seed=7, dealer=0)
    estimates_reached(game, ("bid 5", "pass", "pass", "pass"))
    act(game, "bid 4", "bid 4")
    assert "bid 0" in legal(game)


def test_without_dashes_every_estimate_is_at_least_one() -> None:
    """The `dash` option forbidden: no estimate of 0."""
    game = Game(estimation(("dash", "forbidden")), seed=8, dealer=0)
    estimates_reached(game, ("bid 5", "pass", "pass", "pass"))
    assert legal(game)[0] == "bid 1"
    with pytest.raises(IllegalAction, match="an estimate runs from 1 to 5"):
        act(game, "bid 0")


def test_an_exact_estimate_scores_its_number_and_a_miss_loses_the_difference() -> None:
    """ "If he manages to do this, the number of tricks estimated (and also won) is added to his current score.
    If the player wins fewer or more tricks than bid, he instead subtracts from his current score the difference
    between his bid and the number of tricks he actually won." (the high bidder included)"""
    assert score(0, [5, 3, 0, 4], [5, 4, 0, 4]) == (5, -1, 0, 4)
    assert score(1, [2, 6, 2, 2], [2, 4, 5, 2]) == (2, -2, -3, 2)


def test_a_hand_where_nobody_is_exact_scores_nothing() -> None:
    """ "If no player managed to win his exact number of tricks as estimated during the hand, no score occurs
    for this hand"."""
    assert score(3, [3, 3, 2, 4], [4, 2, 4, 3]) == (0, 0, 0, 0)


def test_the_match_is_eighteen_hands_or_thirteen_by_option() -> None:
    """ "The game is played over the course of 18 hands"; the `hands` option 13 leaves out the fast rounds."""
    for options, hands in (((), 18), ((("hands", "13"),), 13)):
        game = Game(estimation(*options), seed=9)
        while not game.is_over():
            game.apply(game.default_action())
        assert len(game.history) == hands


def test_a_hand_traced_by_hand() -> None:
    """North holds every spade and calls 13 in spades; West and South dash; East, last, may not dash (13 + 0 + 0
    + 0 is 13) and estimates 1. North takes all thirteen: North +13, the dashes 0, East -1."""
    spades = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    game = stacked_game(estimation(), {0: spades}, dealer=0)
    act(game, "pass", "pass", "bid 4", "bid 13")
    assert game.declarer == 0
    act(game, "trump S")
    act(game, "bid 0", "bid 0")
    assert game.turn == 1 and "bid 0" not in legal(game)
    act(game, "bid 1")
    while game.hands_finished == 0:
        game.apply(game.default_action())
    hand = game.history[0]
    assert hand.tricks_won == (13, 0, 0, 0)
    assert hand.contract == (13, 1, 0, 0)
    assert game.seat_totals == (13, -1, 0, 0)


def test_estimates_need_an_auction_and_a_range_within_the_hand(tmp_path: Path) -> None:
    """`bidding.estimates` is refused, where it stands, without an auction (no declarer to estimate around) and
    with a highest estimate above the tricks in a hand."""
    text = RULESET.read_text()
    declarations = text.replace(
        "  kind: auction\n  bids: {min: 4, max: 13}\n", "  kind: declarations\n  bids: {min: 0, max: 13}\n"
    )
    declarations = declarations.replace("  order: once\n", "").replace("  all_pass: {action: cancel}\n", "")
    path = tmp_path / "declared.yaml"
    path.write_text(declarations)
    with pytest.raises(RulesetError, match=r"declared.yaml:\d+:\d+.*estimates follow an auction"):
        load_ruleset(str(path))
    path = tmp_path / "too_many.yaml"
    path.write_text(text.replace("    max: bid(declarer)\n", "    max: 14\n"))
    with pytest.raises(RulesetError, match=r"too_many.yaml:\d+:\d+.*an estimate cannot exceed the tricks"):
        load_ruleset(str(path))


def test_without_estimates_an_auction_binds_only_the_declarer() -> None:
    """Other auctions are unchanged: the declarer's side alone is bound, the others to 0."""
    game = Game(rules("cardems-tarneeb"), seed=1, dealer=0)
    while game.declarer < 0:
        game.apply(game.default_action())
    contract = game.view(0).contract
    assert sum(1 for c in contract if c) == 1


def test_in_play_every_seat_is_told_against_its_own_estimate() -> None:
    """The table's progress shows each player's estimate, the caller's bid for the caller, against the tricks."""
    game = Game(estimation(), seed=10, dealer=0)
    estimates_reached(game, ("bid 6", "pass", "pass", "pass"))
    act(game, "bid 2", "bid 0", "bid 3")
    assert game.phase == "play"
    assert [p.wanted for p in progress(game.view(0))] == [3, 0, 2, 6]


def test_the_terminal_tells_a_person_the_estimates_have_begun(tmp_path: Path) -> None:
    """At the terminal, the estimates' prompt names the caller whom the others estimate around."""
    game = Game(estimation(), seed=11, dealer=0)
    estimates_reached(game, ("pass", "pass", "bid 5", "pass"))
    assert game.declarer == 1 and game.turn == 0
    specs = [None, *parse_player_specs("random", 3)]
    bots = [None if spec is None else make_player(spec, 3, seat) for seat, spec in enumerate(specs)]
    out = io.StringIO()
    match = TerminalMatch(game, 0, specs, bots, Console(file=out, width=400), io.StringIO("quit\n"), tmp_path / "s")
    match.human_turn()
    assert "estimates: every player but East says the tricks they will take" in out.getvalue()


def test_a_dealer_who_sits_out_does_not_estimate(tmp_path: Path) -> None:
    """Estimates go round the players of the hand only: at five seats with the dealer sitting out, the caller's
    three opponents estimate, then the tricks begin."""
    text = (
        RULESET.read_text()
        .replace("seats: 4\n", "seats: 5\n")
        .replace("  hand_size: 13\n", "  hand_size: 13\n  dealer_sits_out: true\n")
    )
    path = tmp_path / "five.yaml"
    path.write_text(text)
    game = Game(load_ruleset(str(path)), seed=12, dealer=0)
    act(game, "bid 5", "pass", "pass", "pass", "trump S")
    assert game.declarer == 4
    estimators = []
    while game.phase == "bidding":
        estimators.append(game.turn)
        game.apply(game.default_action())
    assert estimators == [3, 2, 1]


def fast_round(game: Game, number: int) -> None:
    """Brings `game` to the start of hand `number`: every earlier hand of the auction is thrown in by four passes,
    every fast round before it is played out by the default moves."""
    while game.hand_number < number:
        game.apply(game.default_action())


def test_the_fast_rounds_have_no_auction_and_everyone_estimates_from_the_dealers_right() -> None:
    """jawaker: "Rounds 14, 15, 16, 17, and 18 are accelerated rounds during which players are ... sent straight
    to estimation (i.e. no bidding)"; Decision: from the dealer's right (the next player), up to 13, the dealer
    last."""
    game = Game(estimation(), seed=13, dealer=0)
    fast_round(game, 14)
    dealer = game.dealer
    assert game.phase == "bidding" and game.declarer == -1
    assert legal(game) == [f"bid {n}" for n in range(14)], "no pass: an estimate, from 0 to 13"
    order = []
    for estimate in ("bid 3", "bid 4", "bid 2"):
        order.append(game.turn)
        act(game, estimate)
    order.append(game.turn)
    right = [(dealer + 3 * k) % 4 for k in (1, 2, 3, 4)]  # counter-clockwise: the next player is on the right
    assert order == right and order[-1] == dealer


def test_the_fast_rounds_trump_is_no_trump_then_spades_hearts_diamonds_clubs() -> None:
    """jawaker: "Trump suits are predetermined in these rounds: Round 14: No Trump (AKA: Sans); Round 15: Spades;
    Round 16: Hearts; Round 17: Diamonds; Round 18: Clubs"."""
    game = Game(estimation(), seed=14, dealer=0)
    seen = []
    for number in range(14, 19):
        fast_round(game, number)
        seen.append((game.trump, game.named_game))
    spades, hearts, diamonds, clubs = (game.rules.deck.suit_index(code) for code in "SHDC")
    assert seen == [(-1, 0), (spades, -1), (hearts, -1), (diamonds, -1), (clubs, -1)]


def test_in_a_fast_round_the_highest_estimate_calls_and_leads_the_first_on_a_tie() -> None:
    """fanellaproductions: "In the last 5 rounds the player with highest tricks will be treated as "Caller""; the
    caller leads (the file's Decision for every hand). Decision: on a tie the first to estimate it calls."""
    game = Game(estimation(), seed=15, dealer=0)
    fast_round(game, 15)
    first, second, third, dealer = (game.rules.seating.after(game.dealer, k) for k in (1, 2, 3, 4))
    act(game, "bid 2", "bid 5", "bid 5", "bid 0")
    assert game.phase == "play"
    assert game.declarer == second and game.turn == second
    assert game.view(first).contract[first] == 2 and game.view(dealer).contract[dealer] == 0
    assert game.view(third).contract[third] == 5


def test_the_risk_holds_in_a_fast_round_for_the_dealer() -> None:
    """Decision: the risk binds the last to estimate in a fast round too, the dealer: 4 + 3 + 2 leave the dealer
    anything but 4."""
    game = Game(estimation(), seed=16, dealer=0)
    fast_round(game, 16)
    act(game, "bid 4", "bid 3", "bid 2")
    assert legal(game) == [f"bid {n}" for n in range(14) if n != 4]
    with pytest.raises(IllegalAction, match="the last player to estimate"):
        act(game, "bid 4")


def test_without_the_fast_rounds_every_hand_has_its_auction() -> None:
    """Option `fast_rounds` off: hand 14 opens with the auction (a pass and bids from 4), and the caller names
    trump."""
    game = Game(estimation(("fast_rounds", "off")), seed=17, dealer=0)
    fast_round(game, 14)
    assert legal(game) == ["pass", *(f"bid {n}" for n in range(4, 14))]


def variant(tmp_path: Path, parent: str, body: str) -> Path:
    path = tmp_path / "variant.yaml"
    path.write_text(f"format: trickbook-ruleset/2\nextends: {parent}\nid: variant\ntitle: Variant\n{body}")
    return path


def test_a_game_without_bidding_may_have_its_trump_set_by_the_hand(tmp_path: Path) -> None:
    """`trump.set` is not Estimation's: a game whose dealer's left chooses trump may set it for some hands
    instead, the chooser staying the hand's declarer; other hands are chosen as before."""
    path = variant(tmp_path, "klaverjassen", "trump:\n  set:\n    - {when: hand_number == 1, suit: H}\n")
    game = Game(load_ruleset(str(path)), seed=18, dealer=0)
    hearts = game.rules.deck.suit_index("H")
    assert game.phase == "play" and game.trump == hearts
    assert game.declarer == game.rules.seating.after(0)
    while game.hand_number == 1:
        game.apply(game.default_action())
    assert game.phase == "trump" and game.turn == game.declarer == game.rules.seating.after(game.dealer)


@pytest.mark.parametrize(
    ("parent", "body", "wanted"),
    [
        ("estimation", "trump:\n  set:\n    - {when: true, suit: S, game: no_trump}\n", "a suit or to a game"),
        (
            "estimation",
            "trump:\n  set:\n    - {when: true, game: grand}\n",
            "no such game in `trump.games`\n  expected no_trump",
        ),
        ("call-break", "trump:\n  set:\n    - {when: true, suit: H}\n", "`set` has no meaning when trump mode"),
        ("estimation", "bidding:\n  estimates:\n    without_auction: hand_number + 1\n", "true or false"),
        ("estimation", "bidding:\n  estimates:\n    without_auction: tricks(dealer) > 0\n", "not known"),
    ],
)
def test_trump_set_and_hands_without_an_auction_are_refused_where_they_mean_nothing(
    tmp_path: Path, parent: str, body: str, wanted: str
) -> None:
    """Each mistake is refused at its line: a set hand with both a suit and a game, a game the ruleset lacks, a
    set trump where nobody chooses it, a condition that is not true or false, or one that reads the tricks before
    any is played (it is read as the hand is dealt)."""
    path = variant(tmp_path, parent, body)
    with pytest.raises(RulesetError, match=r"variant.yaml:\d+:\d+") as refused:
        load_ruleset(str(path))
    assert wanted in str(refused.value)


def test_no_more_than_two_players_dash_in_a_hand() -> None:
    """jawaker: "No more than 2 players can declare a "Dash""; an outbid auction bid is no estimate, so it does
    not count: West, outbid, may still be the second to dash, and after the caller's 5 the two dashes leave the
    third estimator 1 to 5."""
    game = Game(estimation(), seed=19, dealer=0)
    estimates_reached(game, ("bid 4", "pass", "bid 5", "pass"))
    assert game.declarer == 1 and game.turn == 0
    act(game, "bid 0")
    assert game.turn == 3 and "bid 0" in legal(game), "West's outbid 4 is no estimate, let alone a dash"
    act(game, "bid 0")
    assert legal(game) == [f"bid {n}" for n in range(1, 6)]
    with pytest.raises(IllegalAction, match="No more than two players may estimate 0"):
        act(game, "bid 0")


def test_in_a_fast_round_two_dashes_close_the_dash_to_the_others() -> None:
    """The limit holds when everyone estimates: two dashes, then neither of the last two may dash."""
    game = Game(estimation(), seed=20, dealer=0)
    fast_round(game, 17)
    act(game, "bid 0", "bid 0")
    assert "bid 0" not in legal(game)
    act(game, "bid 6")
    assert "bid 0" not in legal(game) and "bid 7" not in legal(game), "no third dash, and the risk's 7"

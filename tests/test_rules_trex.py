"""Trex's four trick contracts (the rules of jawaker.com's "Trix" and kingtrix.com): one test per rule sentence,
played through `Game` or scored through the same path as a played hand, and one hand traced by hand. They also
test the two concepts Trex brought: a dealer who deals several hands in a row (`dealer.deals_each`) and a
dealer who, without bidding, chooses the hand's game (`trump.mode: chosen` with no auction)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from helpers import act, legal, play_trick, rules, stacked_game
from trickbook import Game, Rules, load_ruleset
from trickbook.book.scenario import Scenario, evaluate
from trickbook.engine.kinds import PhaseKind
from trickbook.errors import IllegalAction, RulesetError
from trickbook.players.worlds import sample_world
from trickbook.session.terminal import PARSERS

RULES = "trex"
GAMES = ["king_of_hearts", "queens", "diamonds", "ltoosh"]
COUNTERS = ["kings_named", "queens_named", "diamonds_named", "ltoosh_named"]


def trex() -> Rules:
    return rules(RULES)


def score(game: str, took: list[list[str]], tricks: list[int]) -> tuple[int, ...]:
    scenario = Scenario(tricks=tricks, took=took, game=GAMES.index(game), seat_totals=[0, 0, 0, 0])
    seats = evaluate(trex(), scenario).score.seats
    assert seats is not None
    return seats


def finished(seed: int, dealer: int) -> Game:
    game = Game(trex(), seed=seed, dealer=dealer)
    while not game.is_over():
        game.apply(game.default_action())
    return game


def test_four_players_52_cards_thirteen_each_no_trump_play_to_the_right() -> None:
    """ "A standard deck of 52 cards"; "played by four players"; "Deal and play are counter-clockwise";
    no contract of the four has a trump suit."""
    table = trex()
    assert table.seats == 4 and not table.seating.has_sides and table.deck.size == 52
    assert table.trump.suits == () and all(named.suit is None for named in table.trump.games)
    game = Game(table, seed=1, dealer=0)
    assert [len(game.hand(s)) for s in range(4)] == [13, 13, 13, 13]
    act(game, "ltoosh")
    first = game.rules.deck.codes[game.hand(0)[0]]
    act(game, first)
    assert game.turn == 3, "the player on the owner's right (counter-clockwise) plays second"


def test_the_owner_deals_and_names_each_contract_of_the_kingdom_once() -> None:
    """ "The kingdom owner decides the sequence of the games to play"; "choosing a different contract each time,
    without repetition": the owner is the declarer, offered only the contracts it has not named yet."""
    game = Game(trex(), seed=5, dealer=2)
    named: list[str] = []
    for _ in range(4):
        assert game.turn == 2 and game.dealer == 2
        assert legal(game) == [g for g in GAMES if g not in named]
        choice = legal(game)[-1]
        act(game, choice)
        named.append(choice)
        assert game.declarer == 2
        hand = game.hand_number
        while game.hand_number == hand:
            game.apply(game.default_action())
    assert game.history[3].counters[COUNTERS.index("ltoosh_named")][2] == 1
    assert [game.history[3].counters[c][2] for c in range(4)] == [1, 1, 1, 1]


def test_the_kingdom_passes_to_the_right_after_four_deals_and_the_match_is_four_kingdoms() -> None:
    """ "The ownership of the Kingdom then passes to the player on the right. This process continues until all
    four Kingdoms are completed, marking the end of the game" (four contracts each, here: sixteen deals)."""
    for seed, first in ((1, 0), (7, 1), (11, 3)):
        game = finished(seed, first)
        dealers = [hand.dealer for hand in game.history]
        right = [(first - k) % 4 for k in range(4)]
        assert dealers == [seat for seat in right for _ in range(4)]
        last = game.history[-1].counters
        assert all(last[c][s] == 1 for c in range(4) for s in range(4)), "every owner named every contract once"


def test_the_owner_leads_the_first_trick_and_suit_must_be_followed() -> None:
    """ "The player who owns the Kingdom starts by playing a card"; "Each other player must play a card of the
    same type if they have it or any other type if they don't"."""
    game = stacked_game(trex(), {0: "2S 5H", 3: "AS 9H", 2: "3H", 1: "4D"}, dealer=0)
    act(game, "diamonds")
    assert game.turn == 0
    act(game, "2S")
    assert "AS" in legal(game) and all(card.endswith("S") for card in legal(game))


def test_the_contracts_score_as_the_sources_say() -> None:
    """ "King of Hearts -75"; "each queen -25"; "each diamond -10"; "each trick -15"; a card costs nothing in a
    contract that does not name it."""
    assert score("king_of_hearts", [[], ["KH"], [], []], [1, 1, 0, 0]) == (0, -75, 0, 0)
    assert score("queens", [["QS", "QH"], [], ["QD", "QC"], []], [4, 3, 3, 3]) == (-50, 0, -50, 0)
    diamonds = [["2D", "3D", "4D"], ["5D"], ["6D", "7D", "8D", "9D", "TD"], ["JD", "QD", "KD", "AD"]]
    assert score("diamonds", diamonds, [4, 3, 3, 3]) == (-30, -10, -50, -40)
    assert score("ltoosh", [["KH", "QS"], [], [], []], [5, 4, 3, 1]) == (-75, -60, -45, -15)
    assert score("diamonds", [["KH", "QS"], [], [], []], [5, 4, 3, 1]) == (0, 0, 0, 0)


def test_a_king_of_hearts_hand_traced_by_hand() -> None:
    """North owns the kingdom and names the King of Hearts. North holds the ace of spades and twelve hearts, West
    the king of hearts and twelve spades, South the clubs, East the diamonds. North's ace of spades wins the first
    trick (West follows with the king of spades); North leads the two of hearts, West must play its only heart,
    the king, and wins it: the hand stops there, West loses 75, and North names again among the three left."""
    hearts = " ".join(f"{r}H" for r in "23456789TJQA")
    spades = " ".join(f"{r}S" for r in "23456789TJQ")
    deal = {
        0: f"AS {hearts}",
        3: f"KS KH {spades}",
        2: " ".join(f"{r}C" for r in "23456789TJQKA"),
        1: " ".join(f"{r}D" for r in "23456789TJQKA"),
    }
    game = stacked_game(trex(), deal, dealer=0)
    act(game, "king_of_hearts")
    assert game.phase == "showing" and game.turn == 3 and legal(game) == ["pass", "show KH"]
    act(game, "pass", "pass", "pass", "pass")
    assert play_trick(game, "AS", "KS", "2C", "2D") == 0
    act(game, "2H")
    assert legal(game) == ["KH"]
    assert play_trick(game, "KH", "3C", "3D") == 3
    hand = game.history[-1]
    assert hand.tricks_won == (1, 0, 0, 1) and hand.seat_score == (0, 0, 0, -75)
    assert game.dealer == 0 and legal(game) == ["queens", "diamonds", "ltoosh"]


def test_a_shown_king_is_doubled_for_its_taker_and_pays_its_holder() -> None:
    """ "When the contract is announced, the player who has the King of Hearts has the option of revealing it to
    the other players and in doing so doubling its value"; "the player who takes the card in a trick loses twice as
    much (-150 for the king of hearts, -50 for a queen) and the player who held the card scores 75 for the king of
    hearts or 25 for a queen". Traced, South dealing: East and North have nothing to show and are asked all the
    same; West shows the king; South leads a heart and West's king falls to North's ace: North -150, West +75."""
    deal = {
        0: "AH " + " ".join(f"{r}S" for r in "23456789TJQK"),
        3: "KH " + " ".join(f"{r}C" for r in "23456789TJQK"),
        2: " ".join(f"{r}H" for r in "23456789TJQ") + " AC AS",
        1: " ".join(f"{r}D" for r in "23456789TJQKA"),
    }
    game = stacked_game(trex(), deal, dealer=2)
    act(game, "king_of_hearts")
    assert game.turn == 1 and legal(game) == ["pass"], "East holds nothing to show and is asked all the same"
    act(game, "pass")
    assert game.turn == 0 and legal(game) == ["pass"]
    act(game, "pass")
    assert game.turn == 3 and legal(game) == ["pass", "show KH"]
    with pytest.raises(IllegalAction, match="Q♥ cannot be shown now") as refused:
        act(game, "show QH")
    assert refused.value.rule == "showing"
    act(game, "show KH")
    assert legal(game) == ["pass"], "a card is shown once"
    act(game, "pass", "pass")
    assert game.phase == "play" and game.turn == 2
    assert play_trick(game, "2H", "3D", "AH", "KH") == 0
    hand = game.history[-1]
    assert hand.seat_score == (-150, 0, 0, 75)


def test_shown_cards_are_public_and_pinned_to_their_holder_in_every_imagined_world() -> None:
    """A seat that shows a card tells everyone it holds it: every world another seat imagines puts it there."""
    game = Game(trex(), seed=1, dealer=0)
    act(game, "king_of_hearts")
    king = game.rules.deck.codes.index("KH")
    holder = next(seat for seat in range(4) if king in game.hand(seat))
    while game.turn != holder:
        act(game, "pass")
    act(game, "show KH")
    view = game.view((holder + 1) % 4)
    for seed in range(20):
        assert king in sample_world(view, random.Random(seed)).deal[holder]


def test_without_the_doubling_option_nothing_is_shown() -> None:
    """Option `doubling: off`: the hand goes from the contract to the first lead."""
    game = Game(rules(RULES, (("doubling", "off"),)), seed=1, dealer=0)
    act(game, "king_of_hearts")
    assert game.phase == "play"


def test_a_showing_entry_naming_no_card_of_the_deck_is_refused_where_it_is_written(tmp_path: Path) -> None:
    path = tmp_path / "shows.yaml"
    path.write_text(
        "format: trickbook-ruleset/2\nid: shows\ntitle: Shows\nextends: trex\nshowing:\n  doubled_king:\n"
        "    cards: [KX]\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError, match=r"shows.yaml:7:13: showing.doubled_king.cards\[0\]: .* has no card 'KX'"):
        load_ruleset(str(path))


def test_the_terminal_reads_a_card_alone_as_showing_it() -> None:
    actions = trex().actions
    assert PARSERS[PhaseKind.SHOWING](actions, "KH", ()) == actions.show(actions.deck.codes.index("KH"))
    assert PARSERS[PhaseKind.SHOWING](actions, "pass", ()) == actions.pass_action


def test_the_highest_total_wins_after_four_kingdoms() -> None:
    """ "The player or team with the highest points wins" (Decision: equal highest totals share the win)."""
    ruleset = trex()

    def winner(hand: int, totals: list[int]) -> tuple[int, ...] | None:
        scenario = Scenario(tricks=[4, 3, 3, 3], game=GAMES.index("ltoosh"), seat_totals=totals, hand_number=hand)
        return evaluate(ruleset, scenario).winner

    assert winner(16, [-300, -400, -500, -800]) == (0,)
    assert winner(15, [-300, -400, -500, -800]) is None
    assert winner(16, [-300, -315, -500, -800]) == (0, 1)


def test_a_dealer_who_deals_several_hands_counts_only_played_ones(tmp_path: Path) -> None:
    """`dealer.deals_each`: the deal moves after every N played hands; a hand thrown in before play moves it as
    `after_cancelled` says and does not count, as it does not in `hands_played`."""
    path = tmp_path / "twice.yaml"
    path.write_text(
        "format: trickbook-ruleset/2\nid: twice\ntitle: Twice\nextends: syrian-tarneeb-41\n"
        "dealer:\n  first: 0\n  deals_each: 2\n  after_cancelled: same\n",
        encoding="utf-8",
    )
    game = Game(load_ruleset(str(path)), seed=3)
    assert game.dealer == 0
    act(game, "2", "2", "2", "2")
    assert game.history[-1].cancelled and game.dealer == 0 and game.hand_number == 2
    while len([hand for hand in game.history if not hand.cancelled]) < 4:
        if "bid 3" in legal(game):
            act(game, "3")  # declarations of 3 each reach 11: the hand is played
        else:
            game.apply(game.default_action())
    played = [hand.dealer for hand in game.history if not hand.cancelled]
    assert played[:4] == [0, 0, 3, 3], "two played hands each, then the next seat counter-clockwise"
    view = game.view(0)
    assert (view.hand_number, view.hands_played) == (len(game.history) + 1, 4), "`hands_played` skips thrown-in hands"


def test_the_dealer_chooses_only_without_bidding_and_needs_something_to_choose(tmp_path: Path) -> None:
    """Without an auction only the dealer can choose: a chosen trump with declarations is refused, and so is a
    dealer given neither a suit nor a named game to choose."""
    path = tmp_path / "empty.yaml"
    path.write_text(
        "format: trickbook-ruleset/2\nid: empty\ntitle: Empty\nextends: trex\ntrump:\n  games: null\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError, match="no suit and no named game"):
        load_ruleset(str(path))


def test_the_rule_book_says_who_deals_and_who_chooses() -> None:
    """The rule book tells the kingdom: one dealer for four hands, who alone names each hand's game."""
    from trickbook.book.words import statements

    text = " ".join(s.text for s in statements(trex()))
    assert "After every 4 played hands (the same player deals them all) the deal passes to the next player" in text
    assert "After the deal the dealer alone chooses the game of this hand among king of hearts" in text


def test_a_player_who_sits_the_hand_out_is_not_asked_to_show(tmp_path: Path) -> None:
    """`showing` in a game where a declarer may play alone (Euchre with hearts that may be shown): the lone
    declarer's partner sits out and is not asked; the others are asked once each, from the dealer's left."""
    path = tmp_path / "shown.yaml"
    path.write_text(
        "format: trickbook-ruleset/2\nid: shown\ntitle: Shown\nextends: euchre\nshowing:\n  shown:\n    cards: [H]\n",
        encoding="utf-8",
    )
    game = Game(load_ruleset(str(path)), seed=2, dealer=0)
    for _ in range(50):
        if game.phase == "showing":
            break
        if game.phase == "alone" and game.turn == game.declarer:
            act(game, "alone")
        else:
            game.apply(game.default_action())
    out = game.rules.seating.partner[game.declarer]
    asked = []
    for _ in range(8):  # bounded: a turn that came round again would otherwise never end
        if game.phase != "showing":
            break
        asked.append(game.turn)
        act(game, "pass")
    assert asked == [seat for seat in (1, 2, 3, 0) if seat != out] and game.phase == "play"

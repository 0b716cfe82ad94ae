"""Melds (`melds`, issue 30 items 16 and 17): runs, ranks held whole and named cards, found among the cards shown,
dealt or in each trick, compared between sides where only the best side's count; played through `Game` and
scored through worked examples, which must agree."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from helpers import act, legal, stacked_game
from trickbook import Game, Rules, load_ruleset
from trickbook.book.scenario import Scenario, ScenarioError, evaluate
from trickbook.engine.melds import find, meld_points
from trickbook.errors import RulesetError
from trickbook.expr.facts import Facts
from trickbook.players.policy import policy
from trickbook.session.progress import progress

SHOWN = """\
format: trickbook-ruleset/2
id: shown-melds
title: Shown melds
description: Four players in two sides show melds before the first lead; the hand scores the melds alone.
deck: skat-32
seats: 4
sides: [[0, 2], [1, 3]]
direction: clockwise
dealer: {first: 0}
bidding: {kind: none}
trump: {mode: fixed, suit: H}
play: {first_lead: after-dealer}
showing:
  melds: {cards: [C, S, H, D]}
melds:
  from: shown
  compare: best
  order: ["7", "8", "9", T, J, Q, K, A]
  kinds:
    three: {run: 3, points: 20}
    four: {run: 4, points: 50}
    five: {run: 5, points: 100}
    jacks: {ranks: [J], points: 200}
    belote:
      cards: [{rank: K, suit: trump}, {rank: Q, suit: trump}]
      points: 20
      compared: false
scoring:
  by: side
  rules:
    melds: {for: side, points: melds(side)}
match: {ends: "hand_number >= 1", when_both: higher-total, tie: share}
"""


def written(folder: Path, text: str, name: str = "melds.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def shown(tmp_path: Path) -> Rules:
    return load_ruleset(written(tmp_path, SHOWN))


def mask(rules: Rules, codes: str) -> int:
    return rules.deck.mask(rules.deck.parse_card(c) for c in codes.split())


def kinds(rules: Rules, codes: str, trump: int) -> list[str]:
    assert rules.melds is not None
    return sorted(rules.melds.kinds[m.kind].name for m in find(rules.melds, rules.deck, mask(rules, codes), trump, -1))


def hearts(rules: Rules) -> int:
    return [s.code for s in rules.deck.suits].index("H")


def test_a_run_counts_once_as_the_longest_kind_it_reaches(shown: Rules) -> None:
    """Reference: `melds.kinds.<name>.run`: "a run longer than every kind counts once, as the longest kind"."""
    assert kinds(shown, "7S 8S 9S TS JS QS", -1) == ["five"]
    assert kinds(shown, "7S 8S 9S TS", -1) == ["four"]
    assert kinds(shown, "7S 8S", -1) == [], "two in a row is no meld here"


def test_a_gap_in_the_order_splits_runs_and_the_order_is_the_sequence_order_not_the_deck_strength(
    shown: Rules,
) -> None:
    """The deck ranks the ten above the king, but the meld order puts it between nine and jack."""
    assert kinds(shown, "7S 8S 9S JS QS KS", -1) == ["three", "three"]
    assert kinds(shown, "9C TC JC", -1) == ["three"]
    assert kinds(shown, "KC TC AC", -1) == [], "K 10 A is no sequence in 7 8 9 10 J Q K A"


def test_a_card_may_belong_to_melds_of_different_kinds(shown: Rules) -> None:
    """Four jacks, a run through the jack of trump, and the king with the queen of trump, all at once."""
    assert kinds(shown, "JH JS JC JD QH KH", hearts(shown)) == ["belote", "jacks", "three"]


def test_named_cards_of_trump_make_no_meld_without_trump(shown: Rules) -> None:
    assert kinds(shown, "KH QH", hearts(shown)) == ["belote"]
    assert kinds(shown, "KH QH", -1) == []


def points_of(rules: Rules, held: list[str], trump: int, dealer: int = 0) -> list[int]:
    assert rules.melds is not None
    masks = [mask(rules, codes) for codes in held]
    return meld_points(rules.melds, rules.deck, rules.seating, dealer, masks, trump, -1)


def test_only_the_side_with_the_best_meld_scores_its_melds_and_uncompared_melds_always_count(shown: Rules) -> None:
    """`compare: best`: the side holding the best compared meld scores all of its compared melds; `compared:
    false` melds count for their holder whatever the comparison."""
    trump = hearts(shown)
    # North a run of four, South a run of three; East a run of three and the king and queen of trump.
    held = ["7S 8S 9S TS", "7C 8C 9C KH QH", "7D 8D 9D", ""]
    assert points_of(shown, held, trump) == [50, 20, 20, 0]


def test_the_best_meld_is_worth_most_then_higher_then_in_trump(shown: Rules) -> None:
    """Compared: points first, then run length, then the top card's place in `order`, then being in trump."""
    trump = hearts(shown)
    assert points_of(shown, ["8S 9S TS", "7C 8C 9C", "", ""], trump) == [20, 0, 0, 0], "the higher top card"
    assert points_of(shown, ["7S 8S 9S", "7H 8H 9H", "", ""], trump) == [0, 20, 0, 0], "the same run in trump"
    assert points_of(shown, ["AS KS QS", "JC JS JH JD", "", ""], trump) == [0, 200, 0, 0], "worth most first"


def test_equal_best_melds_score_for_nobody_unless_ties_go_to_the_first_from_the_dealers_left(
    tmp_path: Path, shown: Rules
) -> None:
    held = ["7S 8S 9S", "7C 8C 9C", "", ""]
    assert points_of(shown, held, hearts(shown)) == [0, 0, 0, 0]
    first = load_ruleset(written(tmp_path, SHOWN.replace("compare: best", "compare: best\n  ties: first"), "t.yaml"))
    assert points_of(first, held, hearts(first), dealer=0) == [0, 20, 0, 0], "East sits first after North"
    assert points_of(first, held, hearts(first), dealer=1) == [20, 0, 0, 0], "with East dealing, North sits before East"


def test_every_meld_counts_when_melds_are_not_compared(tmp_path: Path) -> None:
    each = load_ruleset(written(tmp_path, SHOWN.replace("  compare: best\n", "")))
    assert points_of(each, ["7S 8S 9S TS", "7C 8C 9C KH QH", "7D 8D 9D", ""], hearts(each)) == [50, 40, 20, 0]


def test_a_table_without_sides_compares_seat_against_seat(tmp_path: Path) -> None:
    alone = load_ruleset(
        written(
            tmp_path,
            SHOWN.replace("sides: [[0, 2], [1, 3]]\n", "")
            .replace("by: side", "by: seat")
            .replace("for: side, points: melds(side)", "for: seat, points: melds(seat)"),
        )
    )
    assert points_of(alone, ["7S 8S 9S TS", "7C 8C 9C KH QH", "7D 8D 9D", ""], hearts(alone)) == [50, 20, 0, 0]


def test_melds_shown_in_play_are_scored_as_a_worked_example_scores_them(shown: Rules) -> None:
    """Played through `Game`: each seat in turn from the dealer's left shows its meld cards one at a time, then
    passes; the hand's score is what `check` makes of the same cards shown."""
    hands = {0: "7S 8S 9S TS AC", 1: "7C 8C 9C KH QH", 2: "JS QS", 3: "AD"}
    game = stacked_game(shown, hands, dealer=0)
    assert game.turn == 1
    assert "show KH" in legal(game) and "pass" in legal(game)
    act(game, "show 7C", "show 8C", "show 9C", "show KH", "show QH", "pass")
    act(game, "pass")  # South shows nothing
    act(game, "pass")  # West
    act(game, "show 7S", "show 8S", "show 9S", "show TS", "pass")
    assert game.view(2).meld_points() == (50, 20, 0, 0), "shown melds are public: the best side's and the belote"
    rng = random.Random(3)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    played = game.history[0]
    shown_cards = [[], ["7C", "8C", "9C", "KH", "QH"], [], []]
    shown_cards[0] = ["7S", "8S", "9S", "TS"]
    example = evaluate(shown, Scenario(tricks=list(played.tricks_won), trump="H", shown=shown_cards))
    assert played.score == example.score.sides == (50, 20)


def test_the_quick_policy_shows_the_cards_of_its_melds_and_passes_without_one(shown: Rules) -> None:
    game = stacked_game(shown, {1: "7C 8C 9C AD KS 9H JD 7S", 2: "AS", 3: "8S", 0: "7D"}, dealer=0)
    assert game.rules.actions.text(policy(game.view(1))) == "show 7C"
    act(game, "show 7C", "show 8C", "show 9C")
    assert game.rules.actions.text(policy(game.view(1))) == "pass"


def test_a_dealt_meld_counts_without_being_shown(tmp_path: Path) -> None:
    dealt = SHOWN.replace("showing:\n  melds: {cards: [C, S, H, D]}\n", "").replace("from: shown", "from: dealt")
    rules = load_ruleset(written(tmp_path, dealt))
    game = stacked_game(rules, {0: "7S 8S 9S TS", 1: "7C 8C 9C"}, dealer=0)
    rng = random.Random(1)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    played = game.history[0]
    deal = [" ".join(rules.deck.codes[c] for c in cards) for cards in played.deal]
    by_seat = points_of(rules, deal, hearts(rules))
    assert by_seat[0] >= 50, "North's run of four spades counts though nobody showed it"
    assert played.score == (by_seat[0] + by_seat[2], by_seat[1] + by_seat[3])
    dealt_cards = [code.split() for code in deal]
    assert (
        evaluate(rules, Scenario(tricks=list(played.tricks_won), trump="H", dealt=dealt_cards)).score.sides
        == played.score
    )


def test_trick_melds_go_to_the_tricks_winner_in_play() -> None:
    """Klaverjassen's roem: a trick of 7♣ 8♣ 9♣ and a fourth card is 20 for the side that wins it."""
    rules = load_ruleset("klaverjassen")
    game = stacked_game(rules, {1: "7C TH", 2: "8C", 3: "9C", 0: "AC"}, dealer=0)
    act(game, "trump H")  # East, on the dealer's left, names trump and leads
    act(game, "7C", "8C", "9C", "AC")
    facts = game._played_facts()
    assert list(facts.cards.side_melds) == [20, 0], "North's ace of clubs won the trick with its run"
    for seat in range(4):  # public: every seat's view, and the progress line the tables show, say so
        assert game.view(seat).meld_points() == (20, 0, 0, 0)
        assert [p.melds for p in progress(game.view(seat))] == [20, 0]


def test_worked_example_trick_melds_need_trick_melds(tmp_path: Path, shown: Rules) -> None:
    with pytest.raises(ScenarioError, match="won_tricks is for melds found in tricks"):
        evaluate(shown, Scenario(tricks=[2, 2, 2, 2], won_tricks=[[["7S", "8S", "9S", "TS"]], [], [], []]))
    with pytest.raises(ScenarioError, match="must list 4 seats' tricks, not 1"):
        evaluate(load_ruleset("klaverjassen"), Scenario(tricks=[2, 2, 2, 2], declarer=1, trump="H", won_tricks=[[]]))


def refusal(tmp_path: Path, text: str) -> str:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, text, "bad.yaml"))
    return str(refused.value)


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("three: {run: 3, points: 20}", "three: {run: 3, ranks: [A], points: 20}", "exactly one of `run`, `ranks`"),
        ("three: {run: 3, points: 20}", "three: {points: 20}", "gives none"),
        ("five: {run: 5, points: 100}", "five: {run: 9, points: 100}", "longer than the 8 ranks"),
        ('order: ["7", "8", "9", T,', 'order: ["7", "8", "9", T, "10",', "the rank '10' is listed twice"),
        ("four: {run: 4", "four: {run: 3", "two kinds of run have the same length"),
        ("  compare: best\n", "  ties: first\n", "ties are broken only when the best melds are compared"),
        ("from: shown\n  compare: best", "from: tricks\n  compare: best", "are not compared"),
        ("ranks: [J]", "ranks: [Z]", "the deck has no rank 'Z'"),
        ("{rank: Q, suit: trump}]", "{rank: K, suit: trump}]", "a card is listed twice"),
        ("points: melds(side)}", "points: melds(side) + melds(seat)}", "'seat' is the seat a rule is evaluated for"),
    ],
)
def test_a_misused_meld_is_refused_at_its_line(tmp_path: Path, old: str, new: str, says: str) -> None:
    assert old in SHOWN
    message = refusal(tmp_path, SHOWN.replace(old, new))
    assert says in message
    assert "bad.yaml:" in message


def test_melds_among_cards_shown_need_showing_and_melds_need_melds(tmp_path: Path) -> None:
    without_showing = SHOWN.replace("showing:\n  melds: {cards: [C, S, H, D]}\n", "")
    message = refusal(tmp_path, without_showing)
    assert "melds among the cards shown need a way to show cards" in message and "bad.yaml:14:" in message
    no_melds = SHOWN.split("melds:\n  from")[0] + "scoring:" + SHOWN.split("scoring:")[1]
    assert "melds(side) exists only when the rules have melds" in refusal(tmp_path, no_melds)


def test_the_player_after_the_dealer_chooses_trump_when_the_rules_say_so() -> None:
    """`trump.chooser: after-dealer` (Klaverjassen): that player chooses and is the declarer."""
    rules = load_ruleset("klaverjassen")
    for dealer in range(4):
        game = Game(rules, seed=dealer, dealer=dealer)
        assert game.turn == (dealer + 1) % 4
        act(game, "trump S")
        assert game.declarer == (dealer + 1) % 4 and game.turn == (dealer + 1) % 4, "and leads"


def test_a_chooser_is_refused_where_an_auction_names_the_declarer(tmp_path: Path) -> None:
    text = (Path(__file__).parents[1] / "rulesets" / "estimation.yaml").read_text(encoding="utf-8")
    text = text.replace("  mode: chosen\n", "  mode: chosen\n  chooser: after-dealer\n", 1)
    assert "chooser" in text
    assert "only trump chosen without bidding has a chooser" in refusal(tmp_path, text)


def test_the_other_side_of_no_side_is_no_side() -> None:
    """`opponent(declaring_side)` before anyone declares reads as no side, not as an error (players value cards
    on facts without a declarer)."""
    rules = load_ruleset("klaverjassen")
    facts = Facts.blank(rules.seating, rules.deck, 8)
    made = next(rule for rule in rules.scoring.rules if rule.name == "made")
    assert made.when is not None and made.when(facts, 0) is False

"""explain, diff and trace: the rule book says what the rule pages say, diffs name exactly what differs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from helpers import rules, simulated
from trickbook.book.diff import differences
from trickbook.book.explain import explain
from trickbook.cli import main
from trickbook.expr.meaning import meaning
from trickbook.ruleset.loader import load_ruleset

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

FACTS = {
    "cardems-tarneeb": [
        "go clockwise",
        "a number from 7 to 13, higher than the highest bid so far, or passes; a pass is final",
        "or at once when someone bids 13",
        "If the first three players pass, the last player becomes declarer with a contract of 7",
        "the declarer alone chooses trump for this hand among ♠ spades, ♥ hearts, ♦ diamonds, ♣ clubs",
        "The declarer leads the first trick",
        "must follow the led suit if they can",
        "The highest trump wins the trick; if no trump was played, the highest card of the led suit wins",
        "| 8 | -8 / +6 | +8 / +0 | +10 / +0 | +13 / +0 |",
        "| 13 | -13 / +1 | +13 / +0 |  |  |",
        "`total(side) >= 31`",
        "If both qualify, play continues until, after some hand, only one does",
        "After a played hand the deal passes to the next player (clockwise)",
        "Negative totals stand",
    ],
    "tarneeb-41": [
        "go counter-clockwise",
        "If all four players pass, the hand is thrown in",
        "it stays with the same player",
        "among ♥ hearts, ♦ diamonds, ♠ spades, ♣ clubs",
        "| 8 | -8 / +6 | +8 / +0 | +10 / +0 | +16 / +0 |",
        "| 13 | -16 / +2 | +26 / +0 |  |  |",
        "A player plays K♥, and later in the same trick an opponent of that player plays the ace of trump",
        "`king_captured(side) > 0 and hand_score(side) > 0`: `5` points",
        "`total(side) >= 41`",
        "If both qualify, the higher total wins; with equal totals another hand is played",
        "`kouz-moving` (default)",
        "`kubba`: Hearts are trump every hand",
        "version 1: Older matches, without the king-of-hearts bonus",
    ],
    "cardems-spades": [
        "go clockwise",
        "each player bids once, a number from 1 to 13 or nil (counts as 0",
        "there is no pass",
        "A side's contract is the sum of its two players' bids",
        "♠ spades are trump in every hand; nobody chooses",
        "The player after the dealer (the first to bid) leads the first trick",
        "Trump may not be led until broken",
        "leading it from such a hand does not break it",
        "| 6 | -60 | +60 | +62 |",
        "| nil | +130 | -69 |",
        "Whenever it reaches 10, -100 points go to that side and 10 is taken off",
        "`total(side) >= 500`",
        "If both qualify, the higher total wins; with equal totals another hand is played",
    ],
    "syrian-tarneeb-41": [
        "go counter-clockwise",
        "The dealer's own card number 13 (in the order received) is shown to everyone; it stays in that hand",
        "♠ shown, ♣ trump; ♥ shown, ♦ trump; ♣ shown, ♠ trump; ♦ shown, ♥ trump",
        "a number from 2 to 13; there is no pass",
        "thrown in when `sum(bid(s) for s in seats) < 11`",
        "Scores are kept per player; a side's total is the sum of its two players' totals",
        "| 5 | -5 | +5 | +5 |",
        "`any(total(s) >= 41 and total(partner(s)) > 0 for s in players(side))`",
        "in the bidding, bid 2; in play, the lowest-ranked legal card that is not trump, "
        "or the lowest trump if every legal card is trump",
        "ties of rank go to the first suit in the order ♣ ♦ ♥ ♠",
        "after a hand thrown in before play it passes to the next player",
    ],
    "whist": [
        "Four players in two fixed sides; partners sit opposite",
        "The dealer's own last card (in the order received) is shown to everyone; it stays in that hand",
        "The suit of the card shown to everyone is trump; nobody chooses",
        "There is no bidding",
        "| 7 | +1 |",
        "| 13 | +7 |",
        "a side qualifies when `total(side) >= target`",
    ],
    "hearts": [
        "Four players, each playing for themselves",
        "chooses three cards to pass",
        "Everyone chooses before any card changes hands, so cards received cannot be passed on",
        "The player holding 2♣ leads the first trick, with 2♣",
        "Nobody may play Q♠ or ♥ (hearts) to the first trick unless they hold nothing else they may play",
        "♥ hearts may not be led until broken (any card of that suit was played, or Q♠ was played)",
        "Q♠: 13",
        "The match ends after a hand when `any(total(s) >= target for s in seats)`: the lower total wins; "
        "when the best totals are equal another hand is played",
        "in passing, the highest-ranked card still held",
    ],
    "oh-hell": [
        "until each player holds `cards_this_hand` cards (hand by hand)",
        "Card number 1 of the stock is turned face up for everyone to see",
        "When every card is dealt and none is left to turn up, the hand has no trump",
        "each player bids once, a number from 0 to `hand_size`; there is no pass",
        "the last bidder (the dealer) may not bid the number that would make the bids add up to exactly",
        "| 2 | +1 | +12 | +4 |",
        "The match ends after a hand when `hand_number >= hands_in_match`: the higher total wins; "
        "when the best totals are equal they share the win",
        "in the bidding, the lowest bid (there is no pass)",
    ],
    "call-break": [
        "go counter-clockwise: the next player is seat - 1",
        "a number from 1 to 8; there is no pass",
        "♠ spades are trump in every hand",
        "must play a higher card of the led suit than any in the trick if they can",
        "a player who cannot follow suit must play a trump if they hold one",
        "| 3 | -30 | +30 | +32 |",
        "The match ends after a hand when `hand_number >= 5`",
    ],
    "euchre": [
        "Trump is made in two rounds, each going once around the table from the player after the dealer",
        "in round 1 each player may accept the suit of the card shown to everyone, or pass",
        "In the last round the dealer may not pass and must name a suit",
        "Above the ace of trump rank the jack of trump, then the jack of the other suit of trump's colour",
        "the dealer takes the upcard into hand and lays one of the other five cards away face down",
        "the maker may play alone",
        "| 5 | +2 / +0 | +4 / +0 |",
        "| 2 | +0 / +2 | +0 / +2 |",
    ],
    "skat-simple": [
        "name any suit or name the game grand or the game null, or pass",
        "**Game grand.** Only the four jacks are trumps",
        "the jack of clubs, then the jack of spades, then the jack of hearts, then the jack of diamonds",
        "the hand stops and is scored at once when `null and tricks(declarer) > 0`",
    ],
    "contract-bridge": [
        "The dealer calls first",
        "a bid of a level from 1 to 7 and a strain (♣ ♦ ♥ ♠ NT, in rising order)",
        "The auction ends when three passes in a row follow a call",
        "the declarer is the player of the winning side who first bid its strain",
        "The strain of the contract is trump for the hand",
        "The player after the declarer leads the first trick",
        "at the dummy's turns the declarer chooses which of them to play",
        "| 4S | 10 | +420 | +590 | -50 | -100 |",
    ],
    "tarneeb-41-house": [
        "When trump is led, every player must play a higher trump than any in the trick if they hold one.",
        "a side qualifies when `target_reached or sweep_wins`",
        "`thirteen_made` means `side == declaring_side and contract_bid == 13 and made`",
        "| 13 | -16 / +2 | +26 / +0 |  |  |",
    ],
    "black-maria": [
        "Before every hand each player passes three cards to the player on the right",
        "The player after the dealer leads the first trick",
        "(Q♠: 13; K♠: 10; A♠: 7; 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥: 1; every other card 0)",
        "♥ hearts may not be led until broken (a card of that suit was played to a trick led in another suit)",
        "the lower total wins; when the best totals are equal another hand is played",
    ],
    "spot-hearts": [
        "(Q♠: 50; A♥: 14; K♥: 13; Q♥: 12; J♥: 11; 10♥: 10; 9♥: 9;",
        "they score 0 and every other player 150",
    ],
    "suicide-spades": [
        "each player bids once, a number from 4 to 13 or nil",
        "Once your partner has bid nil, you must bid at least 4",
        "Once your partner has bid a number, you must bid nil",
        "a side qualifies when `total(side) >= 500`",
    ],
    "spades-bags-amnesty": [
        "When `tricks(side) == contract(side)` after a hand, it goes back to 0 instead.",
        "Whenever it reaches 10, -100 points go to that side",
    ],
    "knaves": [
        "until each player holds 17",
        "Card number 1 of the stock is turned face up for everyone to see",
        "The suit of the card shown to everyone is trump",
        "(J♠: -1; J♣: -2; J♦: -3; J♥: -4; every other card 0)",
        "a player qualifies when `total(seat) >= 20`",
    ],
    "polignac": [
        "ranks from highest to lowest: A K Q J 10 9 8 7",
        "until each player holds 8",
        "There is no trump",
        "(J♠: 2; J♥ J♣ J♦: 1; every other card 0)",
        "The match ends after a hand when `hand_number >= deals`: the lower total wins",
    ],
    "rubber-bridge": [
        "**Counter games.** Games the side has won in this rubber.",
        "The side that wins its second game wins the rubber: 700 if the other side has no game, 500 if it has one.",
        "at the dummy's turns the declarer chooses which of them to play",
        "The match ends after a hand when `any(games(s) >= 2 for s in sides)`: the higher total wins",
    ],
    "pinochle": [
        "The deck holds every card two times; of equal cards in a trick the one played first ranks higher.",
        "each player bids a number from 100 to 1000 in steps of 10, higher than the highest bid so far",
        "If the first three players pass, the last player may not pass and must bid, 100 or more.",
        "a player who cannot follow suit, when the trick holds a trump, must play a higher trump if they hold one",
        "double pinochle, pinochle; double aces, aces around;",
        "a side qualifies when `total(side) >= target`. If exactly one side qualifies, it wins the match. If the "
        "declaring side qualifies with another, it wins: its points are counted first.",
    ],
    "sueca": [
        "ranks from highest to lowest: A 7 K J Q 6 5 4 3 2",
        "go counter-clockwise",
        "The dealer's own last card (in the order received) is shown to everyone; it stays in that hand",
        "(A♠ A♥ A♣ A♦: 11; 7♠ 7♥ 7♣ 7♦: 10; K♠ K♥ K♣ K♦: 4; J♠ J♥ J♣ J♦: 3; Q♠ Q♥ Q♣ Q♦: 2; every other card 0)",
        "a side qualifies when `total(side) >= 4`",
    ],
    "belote": [
        "go counter-clockwise",
        "Once trump is named, the declarer takes the card turned face up, then the stock is dealt on",
        "Melds are found among the cards each player shows before the first lead",
        "belote (the king of trump with the queen of trump) 20, always counted",
        "on a tie the one held first from the dealer's left",
    ],
    "baloot": [
        "go counter-clockwise",
        "in round 1 each player may accept the suit of the card shown to everyone or name the game sun or the game "
        "ashkal, or pass",
        "Naming ashkal is a buy for the partner: the namer's partner becomes the maker (the declarer).",
        "four hundred (every card of one rank: A) 100, 200 in sun, 200 in ashkal",
        "baloot (the king of trump with the queen of trump) 20, always counted",
    ],
    "klaverjassen": [
        "the player after the dealer alone chooses trump",
        "Above the ace of trump rank the jack of trump, then the nine of trump, in that order.",
        "When trump is led, every player must play a higher trump than any in the trick if they hold one.",
        "Melds are found among the cards of each trick, for the player who wins it: run of three",
        "stuk (the king of trump with the queen of trump) 20",
    ],
    "slobberhannes": [
        "ranks from highest to lowest: A K Q J 10 9 8 7",
        "There is no trump",
        "For each seat: `if first_trick == seat then 1 else 0` points",
        "For each seat: `took(seat, QC)` points",
        "The match ends after a hand when `hand_number >= deals`: the lower total wins",
    ],
    "five-hundred": [
        "First 2♠, 3♠, 4♠, 2♥, 3♥, 2♣, 3♣, 4♣, 2♦, 3♦ are taken out of the deck",
        "a bid of a level from 6 to 10 and a strain (♠ ♣ ♦ ♥ NT, in rising order)",
        "Above the ace of trump rank the joker, then the jack of trump, then the jack of the other suit of "
        "trump's colour",
        "The highest bidder takes the kitty into hand and lays three cards away face down.",
        "For each side, when `side != declaring_side`: `10 * tricks(side)` points",
    ],
    "estimation": [
        "An auction of one round, starting with the player after the dealer",
        "every other player, in turn from the player after the declarer, estimates the tricks they will take: "
        "a number from 0 to `bid(declarer)`",
        "A player may not estimate when `(right(seat) == declarer or fast_round and seat == dealer) and "
        "sum(bid(s) for s in seats) + this_bid == hand_size`",
        "When `fast_round` the hand has no auction: once its trump is known every player, in turn from the player "
        "after the dealer, estimates the tricks they will take, from 0 to 13; the highest estimate",
        "when `fast_round and hand_number == normal_hands + 2`, spades are trump",
        "For each seat, when `anyone_exact and not exact`: `-abs(tricks(seat) - bid(seat))` points",
    ],
    "german-whist": [
        "The undealt cards form the stock, face down. Card number 1 of the stock is turned face up",
        "The suit of the card shown to everyone is trump",
        "A hand has 26 tricks.",
        "the first to draw takes it, the others draw face down and only they see their card",
        "players draw after each of the first 13 tricks",
    ],
    "napoleon": [
        "each player bids a number from 2 to 5, higher than the highest bid so far, or passes, and speaks only once",
        "The suit of the first card led in the hand is trump for the hand",
        "The declarer leads the first trick.",
        "For each seat, when `seat == declarer`: `stake * (seat_count - 1)` points.",
    ],
    "sheepshead": [
        "If the first four players pass, the last player becomes declarer with a contract of 1, automatically.",
        "A♣ may be played to a trick someone else led only when `not call_clubs or led_suit == C`",
        "A player holding A♣ must play it when `call_clubs and led_suit == C`",
        "For each seat, when `not leaster and seat == declarer`: `sign * picker_share` points",
    ],
    "kout": [
        "Six players in two fixed sides",
        "If the first five players pass, the last player may not pass and must bid, 5 or more.",
        "Above the ace of trump rank the red joker, then the ace of trump, then the black joker, in that order.",
        "may be led only when `honours_out or team_bid == 9`",
    ],
    "trex": [
        "After every 4 played hands (the same player deals them all) the deal passes to the next player",
        "the dealer alone chooses the game of this hand among king of hearts, queens, diamonds, ltoosh",
        "The dealer leads the first trick",
        "For each seat, when `queens`: `-25 * queens_cost(seat) + 25 * queens_bonus(seat)` points",
    ],
    "auction-pitch": [
        "each player bids a number from 2 to 4, higher than the highest bid so far, or passes, and speaks only once",
        "If the first three players pass, the last player becomes declarer with a contract of 2",
        "The suit of the first card led in the hand is trump for the hand",
        "A player who can follow suit may play a trump instead",
        "For each seat, when `seat == declarer and not pitcher_made`: `0 - contract(seat)` points",
        "If the declarer qualifies with another player, the declarer wins: its points are counted first. Otherwise, "
        "if several qualify, the higher total wins; when the best totals are equal they share the win.",
    ],
}


@pytest.mark.parametrize("ruleset", sorted(FACTS))
def test_explain_says_what_the_rule_pages_say_with_the_actual_numbers(ruleset: str) -> None:
    text = explain(rules(ruleset))
    missing = [fact for fact in FACTS[ruleset] if fact not in text]
    assert not missing, missing


def test_explain_follows_the_chosen_option_and_version() -> None:
    kubba = explain(rules("tarneeb-41", (("trump", "kubba"),)))
    assert "♥ hearts are trump in every hand; nobody chooses" in kubba and "In force: `kubba`" in kubba
    version1 = explain(rules("tarneeb-41", (), 1))
    assert "king_bonus" not in version1 and "These rules are version 1" in version1


def test_explain_of_a_ruleset_without_versions_says_only_which_version_it_is(tmp_path: Path) -> None:
    path = tmp_path / "plain.yaml"
    path.write_text(
        "format: trickbook-ruleset/1\nid: plain\ntitle: Plain\nextends: cardems-tarneeb\nversions: null\n",
        encoding="utf-8",
    )
    text = explain(load_ruleset(path))
    assert "**Rules versions.** These rules are version 1; a match keeps the version it was created with." in text


def test_explain_as_html(tmp_path: Path) -> None:
    out = tmp_path / "rules.html"
    assert main(["explain", "cardems-spades", "--format", "html", "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<table>") == 2 and "<td>+60</td>" in page
    assert "<code>total(side) &gt;= 500</code>" in page


def test_diff_of_the_trump_options_names_exactly_the_trump_rule(capsys: pytest.CaptureFixture[str]) -> None:
    found = differences(rules("tarneeb-41", (("trump", "kouz-moving"),)), rules("tarneeb-41", (("trump", "kubba"),)))
    assert [d.key for d in found] == ["trump"]
    assert main(["diff", "tarneeb-41", "tarneeb-41", "--option", "trump=kubba"]) == 1
    assert "1 rule(s) differ" in capsys.readouterr().out


def test_diff_of_a_variant_that_only_renames_the_sides_says_the_rules_are_the_same_and_the_new_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A side's name is not a rule: the statement of the players that names the sides is left out, the new names
    are said, and diff exits 0; a rule changed beside the names is still the one difference."""
    path = tmp_path / "renamed.yaml"
    head = "format: trickbook-ruleset/2\nid: renamed\ntitle: Renamed\nextends: tarneeb-41\nside_names: [Us, Them]\n"
    path.write_text(head, encoding="utf-8")
    assert differences(rules("tarneeb-41"), load_ruleset(str(path))) == []
    assert main(["diff", "tarneeb-41", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.endswith(": the rules are the same (renamed calls North-South Us, East-West Them)\n")
    assert main(["diff", "tarneeb-41", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["renamed"] == [{"a": "North-South", "b": "Us"}, {"a": "East-West", "b": "Them"}]
    path.write_text(head + "definitions:\n  target: 31\n", encoding="utf-8")
    assert [d.key for d in differences(rules("tarneeb-41"), load_ruleset(str(path)))] == ["definitions.target"]
    assert main(["diff", "tarneeb-41", "tarneeb-41@1"]) == 1
    assert "renamed" not in capsys.readouterr().out


def test_diff_of_versions_1_and_2_names_exactly_the_bonus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "tarneeb-41@1", "tarneeb-41@2", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [d["rule"] for d in report["differences"]] == ["events.king_captured", "scoring.rules.king_bonus"]
    assert all(d["a"] is None for d in report["differences"])
    assert report["a"]["version"] == 1 and report["b"]["version"] == 2


def test_diff_of_cardems_tarneeb_and_tarneeb_41(capsys: pytest.CaptureFixture[str]) -> None:
    keys = [d.key for d in differences(rules("cardems-tarneeb"), rules("tarneeb-41"))]
    for key in (
        "direction",
        "dealer",
        "bidding",
        "trump",
        "scoring.rules.declarers",
        "scoring.rules.defenders",
        "match",
    ):
        assert key in keys
    assert "play.first_lead" not in keys and "deck" not in keys
    assert main(["diff", "cardems-spades", "cardems-spades"]) == 0
    assert "the rules are the same" in capsys.readouterr().out


def test_trace_tells_every_trick_and_score_and_agrees_with_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = simulated(tmp_path, "cardems-spades", "--seed", "8", "--hand-cap", "3")
    capsys.readouterr()
    record = json.loads(out.read_text())
    assert main(["trace", str(out)]) == 0
    story = capsys.readouterr().out
    tricks = re.findall(r"trick \d+: .* -> \w+ \((\d)\) wins with", story)
    assert len(tricks) == 13 * 3
    won = [0, 0, 0, 0]
    for seat in tricks[:13]:
        won[int(seat)] += 1
    assert won == record["hands"][0]["tricks_won"]
    assert story.count("contract for North-South: contract") == 3
    assert "the highest" in story
    assert main(["trace", str(out), "--hand", "2"]) == 0
    one = capsys.readouterr().out
    assert "Hand 2:" in one and "Hand 1:" not in one and "Hand 3:" not in one


def test_trace_of_one_hand_says_the_match_is_over_only_when_it_ended_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = simulated(tmp_path, "whist", "--seed", "3")
    capsys.readouterr()
    hands = len(json.loads(out.read_text())["hands"])
    assert hands > 1
    assert main(["trace", str(out), "--hand", "1"]) == 0
    first = capsys.readouterr().out
    assert "Hand 1:" in first and "Match over" not in first
    assert main(["trace", str(out), "--hand", str(hands)]) == 0
    assert "Match over: " in capsys.readouterr().out
    assert main(["trace", str(out), "--hand", str(hands + 5)]) == 2
    assert f"the match has {hands} hand(s); there is no hand {hands + 5}" in capsys.readouterr().err


def test_trace_shows_counters_and_no_contract_where_there_is_no_bidding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spades = simulated(tmp_path, "cardems-spades", "--hand-cap", "2", name="s.jsonl")
    whist = simulated(tmp_path, "whist", "--hand-cap", "2", name="w.jsonl")
    capsys.readouterr()
    assert main(["trace", str(spades)]) == 0
    story = capsys.readouterr().out
    assert re.search(r"counter bags: North-South \d+, East-West \d+", story)
    assert main(["trace", str(whist)]) == 0
    story = capsys.readouterr().out
    assert "tricks for North-South: took" in story and "contract" not in story


def test_trace_of_a_card_point_game_shows_the_points_each_player_took(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = simulated(tmp_path, "hearts", "--seed", "4", "--hand-cap", "3")
    capsys.readouterr()
    assert main(["trace", str(out)]) == 0
    story = capsys.readouterr().out
    taken = [[int(p) for p in re.findall(r"-?\d+", line)] for line in re.findall(r"card points taken: (.*)", story)]
    scored = [[int(p) for p in re.findall(r"[+-]\d+", line)] for line in re.findall(r"hand score: (.*)", story)]
    assert len(taken) == len(scored) == 3
    for points, score in zip(taken, scored, strict=True):
        assert sum(points) == 26
        assert score == points or sorted(score) == [0, 26, 26, 26], "card points score as taken, or the moon"


def test_a_variant_is_explained_as_a_variant_not_with_its_parents_description(tmp_path: Path) -> None:
    path = tmp_path / "t61.yaml"
    path.write_text(
        "format: trickbook-ruleset/1\nid: t61\ntitle: Tarneeb to 61\nextends: tarneeb-41\n"
        "match:\n  wins: total(side) >= 61\n",
        encoding="utf-8",
    )
    text = explain(load_ruleset(path))
    parent = rules("tarneeb-41")
    assert parent.description and parent.description not in text and "Source:" not in text
    assert "A variant of `tarneeb-41` that sets `match.wins`." in text


def test_diff_shows_the_words_that_changed_and_exits_2_on_a_bad_ruleset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["diff", "tarneeb-41", str(EXAMPLES / "tarneeb-61.yaml")]) == 1
    out = capsys.readouterr().out
    assert "~ … a side qualifies when `total(side) >= [-41`.-] {+61`.+} If exactly one side qualifies" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: trickbook-ruleset/1\nid: x\n", encoding="utf-8")
    assert main(["diff", "tarneeb-41", str(bad)]) == 2


def test_trace_under_another_ruleset_plays_the_same_deals_and_choices_as_far_as_they_are_allowed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t41.jsonl"
    simulate = ["simulate", "tarneeb-41", "--matches", "1", "--seed", "5", "--players", "heuristic", "--out", str(out)]
    assert main(simulate) == 0
    record = json.loads(out.read_text(encoding="utf-8"))
    capsys.readouterr()
    assert main(["trace", str(out), "--under", str(EXAMPLES / "tarneeb-61.yaml")]) == 0
    story = capsys.readouterr().out
    last = record["hands"][-1]["totals"]["sides"]
    assert f"totals: North-South {last[0]}, East-West {last[1]}" in story, "the same scoring, the same totals"
    assert "Every recorded choice is allowed under tarneeb-61" in story and "would go on" in story
    assert main(["trace", str(out), "--under", "cardems-tarneeb"]) == 0
    assert "Stopped: " in capsys.readouterr().out, "clockwise play cannot follow a counter-clockwise record"
    assert main(["trace", str(out), "--ruleset", str(EXAMPLES / "tarneeb-61.yaml")]) == 2
    assert "use --under RULESET" in capsys.readouterr().err


def test_explain_as_html_has_a_table_of_contents_and_suits_in_their_colours(tmp_path: Path) -> None:
    out = tmp_path / "hearts.html"
    assert main(["explain", "hearts", "--format", "html", "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert '<li><a href="#scoring">Scoring</a></li>' in page and '<h2 id="scoring">Scoring</h2>' in page
    assert '<span class="suit-red">♥</span>' in page and ".suit-red{color:red}" in page
    assert '<span class="suit-black">♠</span>' in page


def test_diff_leaves_out_a_definition_whose_meaning_did_not_change() -> None:
    """Tarneeb 41 writes `made` over a definition `taken`; Cardems Tarneeb writes it out: the same meaning."""
    keys = [d.key for d in differences(rules("cardems-tarneeb"), rules("tarneeb-41"))]
    assert "definitions.made" not in keys and "definitions.taken" in keys
    named = {"taken": "tricks(declaring_side)", "contract_bid": "contract(declaring_side)"}
    assert meaning("taken >= contract_bid", named) == meaning("tricks( declaring_side ) >=contract_bid", named)
    assert meaning("taken > contract_bid", named) != meaning("taken >= contract_bid", named)


def test_trace_tells_a_declined_lone_hand_as_such_not_as_a_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = simulated(tmp_path, "euchre", "--players", "heuristic", "--hand-cap", "6")
    capsys.readouterr()
    assert main(["trace", str(out)]) == 0
    hands = capsys.readouterr().out.split("\nHand ")[1:]
    declined = 0
    for hand in hands:
        lines = hand.splitlines()
        named = next(i for i, line in enumerate(lines) if line.startswith("  trump: "))
        before, after = lines[:named], lines[named:]
        assert all(": does not play alone" not in line for line in before), "passes before trump are passes"
        assert all(not line.endswith(": pass") for line in after), "after trump, a pass declines to play alone"
        declined += sum(line.endswith(": does not play alone") for line in after)
    assert declined > 0


def test_diff_reads_a_definition_written_as_true_or_false(capsys: pytest.CaptureFixture[str]) -> None:
    """Skat's `tournament` is a YAML boolean: the option turns it from false to true, and diff says so."""
    assert main(["diff", "skat", "skat:scoring=tournament"]) == 1
    out = capsys.readouterr().out
    assert "definitions.tournament" in out and "[-`false`.-] {+`true`.+}" in out, out

"""The language's third round (issue 30): each concept as its reference states it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from helpers import act, legal, stacked_game
from trickbook import load_ruleset, open_ruleset
from trickbook.book.explain import explain
from trickbook.book.worked import check_examples
from trickbook.engine.events import TrumpSet
from trickbook.engine.game import Game
from trickbook.errors import ExpressionError, IllegalAction, RulesetError
from trickbook.players import make_player, parse_player_specs
from trickbook.players.worlds import sample_world
from trickbook.tools.simulate import play_on


def ruleset_file(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    """The message a ruleset file is refused with at load (a ruleset or expression error)."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    return str(refused.value)


def mismatches(path: Path) -> list[tuple[str, ...]]:
    """Each worked example's mismatches, in order (empty when it holds)."""
    return [result.mismatches for result in check_examples(open_ruleset(path))]


NINE = """\
format: trickbook-ruleset/2
id: nine-bonus
title: Nine bonus
description: Tarneeb 41 where taking the nine or the ten of trump scores a point.
extends: tarneeb-41
scoring:
  rules:
    nine:
      description: The side that takes the nine of trump scores one more, and the ten another.
      for: side
      points: took(side, card(9, trump)) + took(side, card(10, trump))
examples:
  - name: the nine of trump to one side, the ten to the other
    declarer: 0
    trump: H
    bids: [7, null, null, null]
    tricks: [4, 3, 4, 2]
    took: [[9H], [TH], [], []]
    expect: {lines: {nine: [1, 1]}}
"""


def test_a_rank_the_deck_names_by_a_number_is_written_as_that_number(tmp_path: Path) -> None:
    """Reference: where a rank is expected, a number the deck names a rank by is that rank (`card(9, trump)`)."""
    path = ruleset_file(tmp_path, "nine.yaml", NINE)
    assert mismatches(path) == [()]


def test_a_number_that_names_no_rank_is_still_refused_at_its_place(tmp_path: Path) -> None:
    path = ruleset_file(tmp_path, "one.yaml", NINE.replace("card(9, trump)", "card(1, trump)"))
    message = refusal(path)
    assert "one.yaml:11:" in message and "expected card(rank, suit)" in message


CARDS = """\
format: trickbook-ruleset/2
id: card-aggregates
title: Card aggregates
description: Tarneeb 41 with two lines worked out by aggregates over cards.
extends: tarneeb-41
scoring:
  rules:
    honours:
      description: The ten, jack, queen, king and ace of trump dealt to a side, a point each.
      for: side
      points: count(suit_of(c) == trump and rank_order(rank_of(c)) >= rank_order(10) for c in side_cards_dealt(side))
    trumps_taken:
      description: A point for each trump a side took.
      for: side
      points: count(took(side, c) == 1 for c in suit_cards(trump))
examples:
  - name: honours by rank order, trumps by suit
    declarer: 0
    trump: H
    bids: [7, null, null, null]
    tricks: [4, 3, 4, 2]
    dealt: [[AH, KH, 2C, 9H], [QH], [JH, TH], []]
    took: [[AH, 2H], [KH], [], [3S]]
    expect: {lines: {honours: [4, 1], trumps_taken: [2, 1]}}
"""


def test_aggregates_range_over_the_cards_of_a_suit_and_those_dealt(tmp_path: Path) -> None:
    """Reference: `side_cards_dealt(side)`, `suit_cards(suit)`, `suit_of`, `rank_of`, `rank_order`."""
    path = ruleset_file(tmp_path, "cards.yaml", CARDS)
    assert mismatches(path) == [()]


def test_the_cards_taken_in_play_are_the_tricks_cards(tmp_path: Path) -> None:
    path = tmp_path / "taken.yaml"
    text = CARDS.split("examples:")[0] + (
        "    taken:\n      description: A point a card taken.\n      for: side\n"
        "      points: sum(1 for c in side_cards_taken(side))\n"
    )
    path.write_text(text, encoding="utf-8")
    rules = load_ruleset(path, version=1)
    game = Game(rules, 4, hand_cap=2)
    play_on(game, [make_player(spec, 4, seat) for seat, spec in enumerate(parse_player_specs("random", 4))])
    for hand in (h for h in game.history if not h.cancelled):
        taken = {line.target: line.points for line in hand.lines if line.rule == "taken"}
        assert taken == {side: 4 * (hand.tricks_won[side] + hand.tricks_won[side + 2]) for side in (0, 1)}


def test_no_trump_has_no_cards() -> None:
    from trickbook.expr.codegen import _suit_cards

    assert _suit_cards(tuple(range(52)), 13, -1) == ()
    assert _suit_cards(tuple(range(52)), 13, 1) == tuple(range(13, 26))


def test_cards_taken_are_not_known_while_a_bid_is_offered(tmp_path: Path) -> None:
    path = ruleset_file(
        tmp_path,
        "ban.yaml",
        "format: trickbook-ruleset/2\nid: ban\ntitle: Ban\nextends: oh-hell\nbidding:\n  forbid:\n    odd:\n"
        "      when: sum(1 for c in cards_taken(seat)) > 0\n",
    )
    message = refusal(path)
    assert "ban.yaml:8:" in message
    assert "cards_taken is not known when a bid is offered (bidding.forbid)" in message


RAISE = """\
format: trickbook-ruleset/2
id: raise-trump
title: Raise trump
description: Tarneeb 41 where a trump lead must be raised and a void player must trump, unless the partner wins.
extends: tarneeb-41
play:
  must: {raise_trump: true, trump: true, unless_partner_wins: true}
examples:
  - name: a trump lead is raised when one can
    trump: H
    play: {trick: [9H], hand: [KH, 2H, AS]}
    expect: {legal: [KH]}
  - name: one who cannot raise still follows trump
    trump: H
    play: {trick: [AH], hand: [KH, 2H, AS]}
    expect: {legal: [KH, 2H]}
  - name: raising over the opponent who is winning
    trump: H
    play: {trick: [3H, QH], hand: [KH, 2H]}
    expect: {legal: [KH]}
  - name: over the partner who is winning too, as trump was led (the partner exception is to trumping)
    trump: H
    play: {trick: [QH, 3H], hand: [KH, 2H]}
    expect: {legal: [KH]}
  - name: a void player need not trump the partner's winning card
    trump: H
    play: {trick: [AS, 3S], hand: [2H, 4C]}
    expect: {legal: [2H, 4C]}
  - name: but must trump the opponent's
    trump: H
    play: {trick: [3S, AS], hand: [2H, 4C]}
    expect: {legal: [2H]}
  - name: a side suit led is not raised
    trump: H
    play: {trick: [9S], hand: [KS, 2S]}
    expect: {legal: [KS, 2S]}
"""


def test_raise_trump_and_the_partner_exception_narrow_the_cards_as_the_reference_says(tmp_path: Path) -> None:
    """Reference: `play.must.raise_trump` and `play.must.unless_partner_wins`."""
    path = ruleset_file(tmp_path, "raise.yaml", RAISE)
    results = list(check_examples(open_ruleset(path)))
    assert len(results) == 7 and [r.mismatches for r in results] == [()] * 7
    rules = load_ruleset(path)
    deck = rules.deck
    hearts = [s.code for s in deck.suits].index("H")
    game = Game.at_trick(
        rules, hand=[deck.parse_card("KH"), deck.parse_card("2H")], trick=[deck.parse_card("9H")], trump=hearts
    )
    with pytest.raises(IllegalAction) as refused:
        game.apply(deck.parse_card("2H"))
    assert refused.value.rule == "must raise trump"
    book = " ".join(explain(rules).split())
    assert "When trump is led, every player must play a higher trump than any in the trick" in book
    assert "None of this binds a player whose partner is winning the trick so far. When trump is led" in book


def test_a_lower_trump_on_a_trump_lead_shows_the_seat_holds_no_higher_one(tmp_path: Path) -> None:
    path = ruleset_file(tmp_path, "raise.yaml", RAISE.split("examples:")[0])
    rules = load_ruleset(path)
    deck = rules.deck
    hearts = [s.code for s in deck.suits].index("H")
    # Seat 0 leads the nine of trump; seat 3 (an opponent, next counter-clockwise) plays the two: it has no higher.
    game = Game.at_trick(
        rules, hand=[deck.parse_card(c) for c in ("2H", "AS")], trick=[deck.parse_card("9H")], trump=hearts
    )
    game.apply(deck.parse_card("2H"))
    lacks = game.view(0).forbidden()[3]
    assert all(lacks >> deck.parse_card(c) & 1 for c in ("TH", "JH", "QH", "KH", "AH"))
    assert not lacks >> deck.parse_card("8H") & 1


def test_the_partner_exception_needs_partners(tmp_path: Path) -> None:
    path = ruleset_file(
        tmp_path,
        "alone.yaml",
        "format: trickbook-ruleset/2\nid: alone\ntitle: Alone\nextends: hearts\n"
        "play:\n  must: {unless_partner_wins: true}\n",
    )
    message = refusal(path)
    assert "alone.yaml:6:" in message and "only a player with a partner" in message


OR_TRUMP = """\
format: trickbook-ruleset/2
id: or-trump
title: Follow or trump
description: Tarneeb 41 where a player who can follow suit may trump instead.
extends: tarneeb-41
play:
  may_trump_instead: true
examples:
  - name: follow suit or trump
    trump: H
    play: {trick: [9S], hand: [KS, 2H, 4C]}
    expect: {legal: [KS, 2H]}
  - name: void in the led suit, anything
    trump: H
    play: {trick: [9S], hand: [2H, 4C]}
    expect: {legal: [2H, 4C]}
  - name: a trump lead is followed by trump
    trump: H
    play: {trick: [9H], hand: [KH, 2S]}
    expect: {legal: [KH]}
"""


def test_a_player_may_trump_instead_of_following(tmp_path: Path) -> None:
    """Reference: `play.may_trump_instead`."""
    path = ruleset_file(tmp_path, "or.yaml", OR_TRUMP)
    assert mismatches(path) == [()] * 3
    rules = load_ruleset(path)
    deck = rules.deck
    hearts = [s.code for s in deck.suits].index("H")
    hand = [deck.parse_card(c) for c in ("KS", "2H", "4C")]
    game = Game.at_trick(rules, hand=hand, trick=[deck.parse_card("9S")], trump=hearts)
    with pytest.raises(IllegalAction) as refused:
        game.apply(deck.parse_card("4C"))
    assert str(refused.value) == "you must follow ♠ or play a trump: you hold 2♥ and K♠"
    game.apply(deck.parse_card("2H"))
    # Trumping shows nothing about the led suit: the seat may still hold spades.
    assert not game.view(0).forbidden()[3] & deck.suit_masks[[s.code for s in deck.suits].index("S")]
    assert "A player who can follow suit may play a trump instead." in " ".join(explain(rules).split())


def test_trumping_instead_needs_a_trump(tmp_path: Path) -> None:
    path = ruleset_file(
        tmp_path,
        "none.yaml",
        "format: trickbook-ruleset/2\nid: none\ntitle: None\nextends: hearts\nplay:\n  may_trump_instead: true\n",
    )
    message = refusal(path)
    assert "none.yaml:6:" in message and "needs a trump" in message


def test_nested_aggregates_over_cards_are_bounded_by_the_deck(tmp_path: Path) -> None:
    """Three cards deep is 52^3 parts per evaluation: refused at load, as nested seats are (issue 28, item 7)."""
    path = ruleset_file(
        tmp_path,
        "deep.yaml",
        NINE.replace(
            "took(side, card(9, trump)) + took(side, card(10, trump))",
            "sum(sum(sum(1 for c in cards) for d in cards) for e in cards)",
        ).split("examples:")[0],
    )
    message = refusal(path)
    assert "deep.yaml:11:" in message and "parts worked through per evaluation" in message


def once(tmp_path: Path, parent: str) -> Path:
    return ruleset_file(
        tmp_path,
        f"once-{parent}.yaml",
        f"format: trickbook-ruleset/2\nid: once-{parent}\ntitle: Once\nextends: {parent}\nbidding:\n  order: once\n",
    )


def test_an_auction_of_one_round_ends_when_the_dealer_has_spoken(tmp_path: Path) -> None:
    """Reference, `bidding.order: once`: each player speaks once, in turn; the highest bid then wins."""
    rules = load_ruleset(once(tmp_path, "tarneeb-41"))
    game = Game(rules, seed=2)
    act(game, "bid 7", "pass")
    third = game.turn
    act(game, "bid 8")
    assert legal(game) == ["pass", "bid 9", "bid 10", "bid 11", "bid 12", "bid 13"], "the dealer may still outbid"
    assert game.turn == game.dealer
    act(game, "pass")
    assert game.declarer == third and game.phase == "trump"
    assert game.contract[rules.seating.side_of[third]] == 8
    # The first bidder, outbid, does not speak again.
    assert game.turn == game.declarer


def test_an_auction_of_one_round_all_passed_is_thrown_in_or_forced_on_the_dealer(tmp_path: Path) -> None:
    thrown = Game(load_ruleset(once(tmp_path, "tarneeb-41")), seed=2)
    act(thrown, "pass", "pass", "pass", "pass")
    assert thrown.history[0].cancelled
    forced = Game(load_ruleset(once(tmp_path, "cardems-tarneeb")), seed=2)
    dealer = forced.dealer
    act(forced, "pass", "pass", "pass")
    assert forced.declarer == dealer and forced.history == () and forced.phase == "trump"
    moves = [m for m in forced.view(0).packed_moves]
    assert len(moves) == 4 and moves[-1] & 8, "the dealer's bid is automatic"


def test_the_rule_book_says_an_auction_of_one_round(tmp_path: Path) -> None:
    book = " ".join(explain(load_ruleset(once(tmp_path, "tarneeb-41"))).split())
    assert "An auction of one round, starting with the player after the dealer" in book
    assert "speaks only once. The auction ends when the dealer has spoken, or at once when someone bids 13." in book


TEN_HANDS = """\
format: trickbook-ruleset/2
id: ten-hands
title: Ten hands
extends: cardems-tarneeb
match:
  wins: total(side) >= 31
  when_both: play-on
  ends: hand_number >= 10
  when_ended: higher-total
examples:
  - name: both past 31 before the tenth hand play on
    hand_number: 4
    declarer: 0
    bids: [7, null, null, null]
    tricks: [4, 3, 3, 3]
    totals: [30, 40]
    expect: {totals: [37, 40], winner: none}
  - name: after the tenth hand the higher total wins though both are past 31
    hand_number: 10
    declarer: 0
    bids: [7, null, null, null]
    tricks: [4, 3, 3, 3]
    totals: [30, 40]
    expect: {totals: [37, 40], winner: 1}
  - name: after the tenth hand the higher total wins though nobody reached 31
    hand_number: 10
    declarer: 1
    bids: [null, 7, null, null]
    tricks: [3, 4, 3, 3]
    totals: [10, 12]
    expect: {totals: [10, 19], winner: 1}
"""


def test_when_ended_parts_the_qualifiers_when_the_match_ends_and_when_both_when_several_win(tmp_path: Path) -> None:
    """Item 12: `when_both` for a race that several win at once, `when_ended` for the end by `ends`."""
    path = ruleset_file(tmp_path, "ten-hands.yaml", TEN_HANDS)
    assert mismatches(path) == [(), (), ()]
    assert "then every side qualifies and the higher total wins" in explain(load_ruleset(path))


def test_without_when_ended_the_end_is_parted_as_when_both_says(tmp_path: Path) -> None:
    """Files written before `when_ended` keep their meaning: an end under `play-on` plays on."""
    path = ruleset_file(tmp_path, "old.yaml", TEN_HANDS.replace("  when_ended: higher-total\n", ""))
    assert mismatches(path)[1:] == [("winner: expected 1, got 'none'",)] * 2


PARAMETERS = """\
format: trickbook-ruleset/2
id: made-by-side
title: Made by side
extends: cardems-tarneeb
definitions:
  made_by(s): tricks(s) >= contract(s)
  tricks_over(s, n): tricks(s) - n
  bonus: if count(made_by(s) for s in sides) > 0 then 1 else 0
scoring:
  rules:
    declarers:
      points: (if made_by(side) then tricks(side) else -contract_bid) + bonus * 0
    over:
      description: One point for each trick the declarers took above their bid.
      for: side
      when: side == declaring_side and made_by(side)
      points: tricks_over(side, contract(side))
examples:
  - name: the declarers take two over their bid of 8
    declarer: 0
    bids: [8, null, null, null]
    tricks: [5, 1, 5, 2]
    expect: {lines: {declarers: [10, 0], over: [2, 0]}}
  - name: failing, nothing over
    declarer: 1
    bids: [null, 9, null, null]
    tricks: [3, 4, 3, 3]
    expect: {lines: {declarers: [0, -9], over: [0, 0]}}
"""


def test_a_definition_with_parameters_is_written_out_with_the_arguments_of_each_use(tmp_path: Path) -> None:
    """Item 2: `made_by(s)` read for the rule's side, for an aggregate's variable, and with two parameters."""
    path = ruleset_file(tmp_path, "made.yaml", PARAMETERS)
    assert mismatches(path) == [(), ()]


@pytest.mark.parametrize(
    ("use", "message"),
    [
        ("made_by", "'made_by' takes 1 argument(s)"),
        ("made_by(side, 2)", "made_by(s) takes 1 argument(s), not 2"),
        ("tricks_over(side)", "tricks_over(s, n) takes 2 argument(s), not 1"),
    ],
)
def test_a_parametrised_definition_used_with_the_wrong_arguments_is_refused_at_the_use(
    tmp_path: Path, use: str, message: str
) -> None:
    text = PARAMETERS.replace("points: tricks_over(side, contract(side))", f"points: if {use} then 1 else 0")
    found = refusal(ruleset_file(tmp_path, "bad.yaml", text))
    assert message in found and "scoring.rules.over.points" in found


def test_a_definition_key_with_a_malformed_parameter_list_is_refused_at_its_line(tmp_path: Path) -> None:
    text = PARAMETERS.replace("made_by(s):", "made_by(S):")
    found = refusal(ruleset_file(tmp_path, "bad.yaml", text))
    assert "bad.yaml:6" in found and "made_by(S)" in found


LED = """\
format: trickbook-ruleset/2
id: pitched
title: Pitched trump
description: Four players, six cards each, a one-round auction; the high bidder's first lead names trump.
deck: standard-52
seats: 4
direction: clockwise
deal:
  hand_size: 6
bidding:
  kind: auction
  order: once
  bids: {min: 2, max: 4}
  all_pass: {action: force, bid: 2}
trump:
  mode: led
play:
  first_lead: declarer
  may_trump_instead: true
scoring:
  by: seat
  rules:
    tricks:
      for: seat
      points: tricks(seat)
match:
  wins: total(seat) >= 11
  when_both: higher-total
"""


def test_the_first_card_led_names_trump(tmp_path: Path) -> None:
    """Item 12: `trump.mode: led`; trump is unknown until the declarer's lead, then its suit is trump."""
    rules = load_ruleset(ruleset_file(tmp_path, "led.yaml", LED))
    hands = {0: "5H 2S 3S 4S 6S 7S", 1: "AS KS QS JS TS 9S", 2: "2H 3H 4H 2C 3C 4C", 3: "AC KC QC JC TC 9C"}
    game = stacked_game(rules, hands, dealer=3)
    act(game, "bid 2", "pass", "pass", "pass")
    assert game.phase == "play" and game.turn == 0 and game.view(1).trump == -1
    seen: list[object] = []
    game.observer = seen.append
    act(game, "5H", "AS", "4H", "AC")
    hearts = [s.code for s in rules.deck.suits].index("H")
    assert game.view(1).trump == hearts and [e.suit for e in seen if isinstance(e, TrumpSet)] == [hearts]
    assert game.view(0).tricks_won == (1, 0, 0, 0), "North's 5H, the highest trump, takes the first trick"
    act(game, "2S", "KS", "2H", "KC")
    assert game.view(0).tricks_won == (1, 0, 1, 0), "South's 2H, a trump, beats East's K of the spades led"
    assert "The suit of the first card led in the hand is trump" in explain(rules)


REMOVED = """\
format: trickbook-ruleset/2
id: fifty-one
title: Fifty-one cards
description: Three players, the two of clubs taken out so that 51 cards share out 17 each.
deck: standard-52
seats: 3
direction: clockwise
deal:
  remove: [2C]
trump:
  mode: none
play:
  first_lead: after-dealer
scoring:
  by: seat
  rules:
    tricks:
      for: seat
      points: tricks(seat)
match:
  ends: hand_number >= 2
  when_both: higher-total
  tie: share
"""


def test_a_card_removed_from_the_deck_is_never_dealt_and_never_imagined(tmp_path: Path) -> None:
    """Item 5: `deal.remove` takes single cards out before every deal (Black Maria for three drops 2♣)."""
    rules = load_ruleset(ruleset_file(tmp_path, "fifty-one.yaml", REMOVED))
    two = rules.deck.parse_card("2C")
    assert rules.deal.max_hand_size == 17
    for seed in range(5):
        game = Game(rules, seed=seed)
        assert [len(cards) for cards in game.current_deal] == [17, 17, 17]
        assert all(two not in cards for cards in game.current_deal) and not game.view(0).exposed
        rng = random.Random(seed)
        worlds = [sample_world(game.view(seat), rng) for seat in range(3)]
        assert all(two not in cards for world in worlds for cards in world.deal)
        play_on(game, [make_player(spec, 3, seat) for seat, spec in enumerate(parse_player_specs("heuristic", 3))])
        assert game.is_over() and all(sum(hand.tricks_won) == 17 for hand in game.history)


def test_removing_a_card_the_deck_lacks_is_refused_at_its_place(tmp_path: Path) -> None:
    text = REMOVED.replace("remove: [2C]", "remove: [2C, 1X]")
    message = refusal(ruleset_file(tmp_path, "bad.yaml", text))
    assert "bad.yaml:9:16" in message and "deal.remove[1]" in message and "no card '1X'" in message


def test_hands_played_is_known_once_a_hand_is_dealt_and_refused_before(tmp_path: Path) -> None:
    """`hands_played` counts played hands only, so it cannot size the deal of the hand it would count: refused at
    its place, with the stages it may be read at listed in the order a hand goes through them."""
    path = tmp_path / "sized.yaml"
    path.write_text(
        "format: trickbook-ruleset/2\nid: sized\ntitle: Sized\nextends: oh-hell\ndeal:\n  hand_size: hands_played\n",
        encoding="utf-8",
    )
    with pytest.raises(ExpressionError) as refused:
        load_ruleset(str(path))
    assert "sized.yaml:6:14: deal.hand_size: hands_played is not known before the cards are dealt" in str(refused.value)
    assert str(refused.value.hint).startswith("it can be used before cards are passed (passing.to); after the bidding")
    assert str(refused.value.hint).endswith("after a scored hand (match end)")

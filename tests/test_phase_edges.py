"""The phases before the tricks, where the rule tests did not reach (found by mutation testing): the moves a
timeout makes in each phase, the words of each refusal, what a seat sees after passing, and what a phase
announces."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import act, legal, rules, stacked_game
from trickbook import Game, load_ruleset
from trickbook.engine.events import CardsTaken, TrumpSet
from trickbook.errors import IllegalAction


def timeout_text(game: Game) -> str:
    return game.rules.actions.text(game.default_action())


def test_a_timeout_names_the_first_allowed_trump_in_the_rulesets_order() -> None:
    ruleset = rules("tarneeb-41", (("trump", "kouz-moving"),))
    game = stacked_game(ruleset, {}, dealer=0)
    act(game, "bid 7", "pass", "pass", "pass")
    assert game.phase == "trump"
    first = ruleset.deck.suits[ruleset.timeout.trump_order[0]].code
    assert timeout_text(game) == f"trump {first}"


def test_a_timeout_passes_in_trump_making_and_when_stuck_names_the_first_suit_of_the_order() -> None:
    euchre = rules("euchre")
    game = stacked_game(euchre, {}, dealer=0)
    assert timeout_text(game) == "pass"
    act(game, *["pass"] * 7)
    legal_now = legal(game)
    order = [euchre.deck.suits[s].code for s in euchre.timeout.trump_order]
    wanted = next(f"trump {code}" for code in order if f"trump {code}" in legal_now)
    assert "pass" not in legal_now and timeout_text(game) == wanted


def test_a_timeout_in_the_exchange_lays_away_the_weakest_card_and_declines_to_play_alone() -> None:
    game = stacked_game(rules("euchre"), {0: "AS KS QS TS 9S"}, dealer=0)
    act(game, "trump " + game.rules.deck.suits[game.rules.deck.suit_of[game.exposed[0]]].code)
    assert game.phase == "exchange"
    assert timeout_text(game) == "discard 9S", "the lowest card that is not trump"
    act(game, "discard 9S")
    assert timeout_text(game) == "pass"


def test_a_timeout_in_an_auction_passes_and_in_declarations_bids_the_lowest() -> None:
    auction = stacked_game(rules("tarneeb-41", (("trump", "kouz-moving"),)), {}, dealer=0)
    assert timeout_text(auction) == "pass"
    declarations = stacked_game(rules("call-break"), {}, dealer=0)
    assert timeout_text(declarations) == "bid 1"


def test_refusals_say_which_phase_comes_first() -> None:
    hearts = stacked_game(rules("hearts"), {}, dealer=3)
    with pytest.raises(IllegalAction, match="first each player passes 3 cards: choose a card to pass"):
        act(hearts, "pass")
    euchre = stacked_game(rules("euchre"), {}, dealer=0)
    act(euchre, "trump " + euchre.rules.deck.suits[euchre.rules.deck.suit_of[euchre.exposed[0]]].code)
    with pytest.raises(IllegalAction, match="lay 1 card away first, not pass") as refused:
        act(euchre, "pass")
    assert refused.value.rule == "the exchange comes first"
    stranger = next(c for c in euchre.rules.deck.codes if euchre.rules.deck.parse_card(c) not in euchre.hand(0))
    with pytest.raises(IllegalAction, match="you do not hold"):
        act(euchre, f"discard {stranger}")


def test_a_forced_lone_hand_refuses_a_pass_citing_its_rule() -> None:
    game = stacked_game(rules("euchre", (("dealer_partner_orders_alone", "on"),)), {0: "AS KS QS TS 9S"}, dealer=0)
    suit = game.rules.deck.suits[game.rules.deck.suit_of[game.exposed[0]]].code
    act(game, "pass", f"trump {suit}", "discard 9S")
    with pytest.raises(IllegalAction, match="the maker must play alone here") as refused:
        act(game, "pass")
    assert refused.value.rule == "alone.must_when"


def test_an_auction_refuses_a_bid_outside_its_range_and_one_too_low_in_words() -> None:
    game = stacked_game(rules("tarneeb-41", (("trump", "kouz-moving"),)), {}, dealer=0)
    with pytest.raises(IllegalAction, match="bids run from 7 to 13, not 5"):
        act(game, "bid 5")
    act(game, "bid 9")
    with pytest.raises(IllegalAction, match="a bid must be higher than the current highest bid 9, not 8"):
        act(game, "bid 8")


def test_after_passing_every_seat_holds_its_hand_again() -> None:
    game = Game(rules("hearts"), seed=2)
    while game.phase == "passing":
        act(game, legal(game)[0])
    assert game.view(0).cards_left == (13, 13, 13, 13)


def test_no_passing_in_a_hand_of_no_more_cards_than_are_passed(tmp_path: Path) -> None:
    path = tmp_path / "passing.yaml"
    path.write_text(
        "format: trickbook-ruleset/1\nid: passing-oh-hell\ntitle: Passing Oh Hell\nextends: oh-hell\n"
        "passing: {cards: 1, to: left(seat)}\n",
        encoding="utf-8",
    )
    ruleset = load_ruleset(str(path))
    game = Game(ruleset, seed=1)
    assert game.hand_size == 1 and game.phase == "bidding", "a single card is kept: nobody passes"
    while game.hand_number == 1:
        act(game, legal(game)[0])
    assert game.hand_size == 2 and game.phase == "passing"


def test_a_no_trump_contract_announces_no_trump_and_an_exchange_says_whether_all_saw_the_cards() -> None:
    events: list[object] = []
    bridge = stacked_game(rules("contract-bridge"), {}, dealer=0, observer=events.append)
    act(bridge, "bid 1NT", "pass", "pass", "pass")
    assert bridge.phase == "play" and not any(isinstance(e, TrumpSet) for e in events)
    events.clear()
    euchre = stacked_game(rules("euchre"), {}, dealer=0, observer=events.append)
    act(euchre, "trump " + euchre.rules.deck.suits[euchre.rules.deck.suit_of[euchre.exposed[0]]].code)
    skat = stacked_game(rules("skat-simple"), {}, dealer=2, observer=events.append)
    act(skat, "grand")
    taken = [e for e in events if isinstance(e, CardsTaken)]
    assert [t.public for t in taken] == [True, False], "the upcard was seen by all; the skat was not"


ONE_BID_HOOK = """\
format: trickbook-ruleset/1
id: one-bid-hook
title: Two players, one possible bid, and a hook
deck: standard-52
seats: 2
direction: clockwise
dealer: {first: 0, after_hand: next}
deal: {hand_size: 2}
bidding:
  kind: declarations
  bids: {min: 1, max: 1}
  forbid:
    hook: {when: seat == dealer and sum(bid(s) for s in seats) + this_bid == hand_size}
trump: {mode: fixed, suit: S}
play: {first_lead: after-dealer}
scoring:
  by: seat
  rules:
    main: {for: seat, points: "if tricks(seat) >= bid(seat) then 1 else 0"}
match: {wins: total(seat) >= 5}
"""


def test_a_ban_that_would_forbid_every_declaration_is_lifted(tmp_path: Path) -> None:
    """Found by the fuzz test: the hook forbids the dealer's only bid (1 + 1 = 2 cards); a seat must declare."""
    path = tmp_path / "hook.yaml"
    path.write_text(ONE_BID_HOOK, encoding="utf-8")
    game = Game(load_ruleset(path), 1)
    game.apply_text("bid 1")
    assert game.turn == 0 and legal(game) == ["bid 1"], "the dealer keeps the one declaration there is"
    game.apply_text("bid 1")
    assert game.phase == "play"


def test_a_timeout_in_declarations_bids_the_rulesets_timeout_bid_else_the_lowest_number_not_a_named_bid() -> None:
    """Syrian 41 says a late declaration is 2; Spades says nothing, and nil (a named bid of 0) is not chosen."""
    assert timeout_text(stacked_game(rules("syrian-tarneeb-41"), {}, dealer=0)) == "bid 2"
    assert timeout_text(stacked_game(rules("cardems-spades"), {}, dealer=0)) == "bid 1"


def test_an_exchange_counts_the_cards_still_to_lay_away_and_names_a_card_no_longer_held() -> None:
    """Skat: the declarer takes the two-card skat and must lay two cards away, then one; a card already laid
    away (even one just taken) is no longer held."""
    game = stacked_game(rules("skat-simple"), {}, dealer=2)
    act(game, "trump C")
    with pytest.raises(IllegalAction, match="lay 2 cards away first, not pass"):
        act(game, "pass")
    taken = game.rules.deck.codes[game.view(game.actor or 0).taken[0]]
    act(game, f"discard {taken}")
    with pytest.raises(IllegalAction, match="lay 1 card away first, not pass"):
        act(game, "pass")
    label = game.rules.deck.label(game.rules.deck.parse_card(taken))
    with pytest.raises(IllegalAction, match=f"you do not hold {label}"):
        act(game, f"discard {taken}")


def test_passing_refuses_the_hidden_pass_and_names_a_card_not_held() -> None:
    hearts = stacked_game(rules("hearts"), {}, dealer=3)
    actions = hearts.rules.actions
    with pytest.raises(IllegalAction, match="first each player passes 3 cards") as refused:
        hearts.apply(actions.hidden_give)
    assert refused.value.rule == "passing comes first"
    stranger = next(c for c in hearts.rules.deck.codes if hearts.rules.deck.parse_card(c) not in hearts.hand(0))
    with pytest.raises(IllegalAction, match="you do not hold") as refused:
        act(hearts, f"give {stranger}")
    assert refused.value.rule == "pass cards from your hand"


@pytest.mark.parametrize(("others", "barred"), [(["bid 1", "bid 0", "bid 0"], 0), (["bid 0", "bid 0", "bid 0"], 1)])
def test_the_hook_on_the_lowest_or_highest_bid_is_refused_as_the_hook(others: list[str], barred: int) -> None:
    """Oh Hell, hands of one card (bids 0 or 1): the dealer may not make the bids add up to 1, whether that bars
    the lowest bid or the highest."""
    game = stacked_game(rules("oh-hell", (("sequence", "1"),)), {}, dealer=3)
    act(game, *others)
    with pytest.raises(IllegalAction) as refused:
        act(game, f"bid {barred}")
    assert "bids run from" not in str(refused.value) and refused.value.rule != "bidding.bids"


def test_an_auction_bid_at_the_bottom_of_the_range_but_not_above_the_highest_is_told_it_must_beat_it() -> None:
    game = stacked_game(rules("tarneeb-41"), {}, dealer=0)
    act(game, "bid 7")
    with pytest.raises(IllegalAction, match="higher than the current highest bid 7, not 7") as refused:
        act(game, "bid 7")
    assert refused.value.rule == "an auction bid must beat the highest bid"


def _late(tmp_path: Path, ruleset: str, bid: int) -> Game:
    path = tmp_path / "late.yaml"
    path.write_text(
        f"format: trickbook-ruleset/1\nid: late\ntitle: Late\nextends: {ruleset}\ntimeout: {{bid: {bid}}}\n",
        encoding="utf-8",
    )
    return stacked_game(load_ruleset(str(path)), {}, dealer=0)


def test_a_rulesets_timeout_bid_is_made_when_allowed_else_the_lowest_number_that_is(tmp_path: Path) -> None:
    """A timeout bid of 5 is a declaration of 5 where 2 to 13 may be declared; a timeout bid of 7 in an auction
    already at 7 is the lowest bid still allowed, 8 (not a pass: the ruleset asks for a bid)."""
    assert timeout_text(_late(tmp_path, "syrian-tarneeb-41", 5)) == "bid 5"
    auction = _late(tmp_path, "tarneeb-41", 7)
    act(auction, "bid 7")
    assert timeout_text(auction) == "bid 8"


def test_the_trump_choice_refuses_any_other_action_saying_trump_comes_now() -> None:
    game = stacked_game(rules("tarneeb-41"), {}, dealer=0)
    act(game, "bid 7", "pass", "pass", "pass")
    assert game.phase == "trump"
    with pytest.raises(IllegalAction, match="the declarer must now choose trump, not pass") as refused:
        act(game, "pass")
    assert refused.value.rule == "trump is chosen after the auction"

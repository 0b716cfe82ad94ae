"""Actions typed by a person: what each form means, and why each refused one is refused, in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import act, rules, stacked_game
from trickbook import Game, load_ruleset
from trickbook.engine.kinds import PhaseKind
from trickbook.errors import IllegalAction, InvalidAction
from trickbook.session.terminal import PARSERS

BLIND_NIL = Path(__file__).resolve().parents[1] / "examples" / "spades-blind-nil.yaml"


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("QH", "QH"),
        ("q♥", "QH"),
        ("10h", "TH"),
        (" Td ", "TD"),
        ("pass", "pass"),
        ("P", "pass"),
        ("trump h", "trump H"),
        ("trump ♠", "trump S"),
        ("bid 8", "bid 8"),
        ("8", "bid 8"),
        ("nil", "bid nil"),
        ("bid NIL", "bid nil"),
    ],
)
def test_each_typed_form_means_one_action(typed: str, meant: str) -> None:
    actions = rules("cardems-spades").actions
    assert actions.text(actions.parse(typed)) == meant


@pytest.mark.parametrize("typed", ["no trump", "no_trump", "No Trump"])
def test_a_game_is_named_as_shown_or_as_written(typed: str) -> None:
    actions = rules("estimation").actions
    assert actions.text(actions.parse(typed)) == "no_trump"
    # At the terminal, while trump is chosen: a game's name is itself, not a suit after `trump`.
    assert actions.text(PARSERS[PhaseKind.TRUMP](actions, typed, ())) == "no_trump"
    with pytest.raises(InvalidAction, match="'no trump'"):
        PARSERS[PhaseKind.TRUMP](actions, "no trumps", ())  # the refusal offers the game as the choices show it


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("", "an empty action: type a card such as 'AD', a bid such as 'bid 1', 'nil' or 'pass'"),
        ("banana", "'banana' is not an action: type a card such as 'AD', a bid such as 'bid 1', 'nil' or 'pass'"),
        ("1Z", "'1Z' is not an action"),
        (
            "trump X",
            "'x' is not a suit: use one of S (spades), H (hearts), C (clubs), D (diamonds), by code, symbol or name",
        ),
        ("bid 99", "'99' is not a bid of this ruleset: bids are numbers up to 13, 'nil'"),
        ("bid blind", "'blind' is not a bid of this ruleset: bids are numbers up to 13, 'nil'"),
    ],
)
def test_what_is_not_an_action_is_refused_with_the_forms_that_are(typed: str, says: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        rules("cardems-spades").actions.parse(typed)
    assert says in str(caught.value), str(caught.value)


@pytest.mark.parametrize(
    ("ruleset", "forms"),
    [
        ("hearts", "a card such as 'AD', 'pass' or 'give' and a card"),
        ("whist", "a card such as 'AD' or 'pass'"),
        (
            "euchre",
            "a card such as 'AD', 'pass', 'alone', 'trump' and a suit such as 'trump H' or 'discard' and a card",
        ),
        ("skat-simple", "a card such as 'AD', 'grand', 'null', 'pass', 'trump' and a suit such as 'trump H' or"),
        ("contract-bridge", "a card such as 'AD', a bid such as 'bid 1C', 'pass' or 'double'"),
        ("tarneeb-41", "a card such as 'AD', a bid such as 'bid 7', 'pass' or 'trump' and a suit such as 'trump H'"),
    ],
)
def test_a_typo_is_answered_with_the_forms_of_action_this_ruleset_has(ruleset: str, forms: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        rules(ruleset).actions.parse("banana")
    assert str(caught.value).startswith(f"'banana' is not an action: type {forms}"), str(caught.value)


def test_a_card_in_the_auction_names_the_rule_that_bidding_comes_first() -> None:
    game = stacked_game(rules("tarneeb-41"), {3: "QH"}, dealer=0)
    with pytest.raises(IllegalAction, match="it is the bidding: you must bid or pass, not QH") as caught:
        act(game, "QH")
    assert caught.value.rule == "bidding comes first"


def test_a_bid_below_the_range_and_one_below_the_highest_are_told_apart() -> None:
    game = stacked_game(rules("tarneeb-41"), {}, dealer=0)
    with pytest.raises(IllegalAction, match="bids run from 7 to 13, not 6"):
        act(game, "bid 6")
    act(game, "bid 9")
    with pytest.raises(IllegalAction, match="a bid must be higher than the current highest bid 9, not 8") as caught:
        act(game, "bid 8")
    assert caught.value.rule == "an auction bid must beat the highest bid"


def test_a_bid_before_looking_in_a_blind_round_says_what_may_be_bid_blind() -> None:
    game = Game(load_ruleset(BLIND_NIL), 2)
    with pytest.raises(
        IllegalAction, match=r"before looking at their cards, may bid blind \(bid blind_nil\) or pass"
    ) as caught:
        act(game, "bid 3")
    assert caught.value.rule == "blind bids come first"


@pytest.mark.parametrize("typed", ["bid 4", "pass"])  # `pass` is the first action after the cards
def test_a_bid_or_a_pass_in_play_says_the_play_has_begun(typed: str) -> None:
    game = stacked_game(rules("cardems-spades"), {}, dealer=0)
    act(game, "bid 3", "bid 3", "bid 3", "bid 3")
    assert game.phase == "play"
    with pytest.raises(IllegalAction, match=f"the play has begun: play a card, not {typed}") as caught:
        act(game, typed)
    assert caught.value.rule == "only cards in the play"


@pytest.mark.parametrize("number", [-1, 10_000])
def test_an_action_number_outside_the_ruleset_is_invalid_in_every_phase(number: int) -> None:
    game = stacked_game(rules("cardems-spades"), {}, dealer=0)
    with pytest.raises(InvalidAction, match=f"{number} is not an action of this ruleset"):
        game.apply(number)
    act(game, "bid 3", "bid 3", "bid 3", "bid 3")
    with pytest.raises(InvalidAction, match=f"{number} is not an action of this ruleset"):
        game.apply(number)


def test_a_finished_match_has_no_timeout_move() -> None:
    game = Game(rules("cardems-spades"), 1, hand_cap=1)
    while not game.is_over():
        game.apply(game.default_action())
    with pytest.raises(IllegalAction, match="the match is over"):
        game.default_action()


def test_a_typo_is_answered_with_the_forms_of_the_actions_allowed_now() -> None:
    """Read against the legal actions of the moment, a typo's answer names only what may be typed now: no
    `pass` in Whist's play, a card the player holds as the example, `redouble` only after a double."""

    def answer(game: Game) -> str:
        with pytest.raises(InvalidAction) as caught:
            game.rules.actions.parse("banana", game.legal_actions())
        return str(caught.value)

    whist = Game(rules("whist"), 1)
    card = whist.rules.deck.codes[whist.legal_actions()[0]]
    assert answer(whist) == f"'banana' is not an action: type a card such as {card!r}"
    tarneeb = Game(rules("tarneeb-41"), 1)
    assert answer(tarneeb) == "'banana' is not an action: type a bid such as 'bid 7' or 'pass'"
    bridge = stacked_game(rules("contract-bridge"), {}, dealer=0)
    act(bridge, "bid 1C")
    assert answer(bridge) == "'banana' is not an action: type a bid such as 'bid 1D', 'pass' or 'double'"
    act(bridge, "double")
    assert answer(bridge) == "'banana' is not an action: type a bid such as 'bid 1D', 'pass' or 'redouble'"

"""FAMILY-RULES section 4, Euchre: one test per rule sentence, played through `Game` (the worked examples, the
legal-play table and the scoring table among them, are the ruleset's own `examples:`, run by `check`)."""

from __future__ import annotations

import pytest

from helpers import EAST_WEST, NORTH_SOUTH, act, legal, played, rules, stacked_game
from trickbook import Game, Rules
from trickbook.errors import IllegalAction

EUCHRE = "euchre"
UPCARD_9H = {0: "9S TS QS KS AS", 1: "9C TC QC KC AC", 2: "9D TD QD KD AD", 3: "JS JC JD TH QH"}
"""Every seat's five cards, so that the first card of the stock, the upcard, is the 9H (the kitty: 9H JH KH AH)."""


def euchre(**options: str) -> Rules:
    return rules(EUCHRE, tuple(sorted(options.items())))


def dealt(ruleset: Rules | None = None, dealer: int = 0) -> Game:
    return stacked_game(ruleset or euchre(), UPCARD_9H, dealer=dealer)


def codes(game: Game, seat: int) -> set[str]:
    return {game.rules.deck.codes[c] for c in game.hand(seat)}


def test_four_players_in_partnerships_clockwise_with_24_cards_five_each() -> None:
    ruleset = euchre()
    assert ruleset.seating.sides == (NORTH_SOUTH, EAST_WEST) and ruleset.seating.next_seat == (1, 2, 3, 0)
    assert ruleset.deck.size == 24 and [r.code for r in ruleset.deck.ranks] == ["9", "T", "J", "Q", "K", "A"]
    game = Game(ruleset, seed=4)
    assert [len(h) for h in game.current_deal] == [5, 5, 5, 5] and len(game.current_stock) == 4


def test_the_top_card_of_the_kitty_is_turned_up_for_all_to_see() -> None:
    game = Game(euchre(), seed=9)
    assert game.exposed == (game.current_stock[0],)
    assert all(game.view(seat).exposed == game.exposed for seat in range(4))


def test_round_one_from_the_dealers_left_ends_with_the_dealer_and_offers_only_the_upcards_suit() -> None:
    game = dealt(dealer=0)
    order = []
    for _ in range(3):
        order.append(game.turn)
        assert legal(game) == ["pass", "trump H"]
        act(game, "pass")
    order.append(game.turn)
    assert order == [1, 2, 3, 0]


def test_the_first_to_order_up_is_the_maker_and_the_dealer_takes_the_upcard_and_discards() -> None:
    game = dealt(dealer=0)
    act(game, "pass", "trump H")
    assert game.declarer == 2 and game.trump == game.rules.deck.suit_index("H")
    assert game.phase == "exchange" and game.turn == 0 and "9H" in codes(game, 0) and len(game.hand(0)) == 6
    assert "discard 9H" not in legal(game), "the upcard just taken may not be the discard"
    with pytest.raises(IllegalAction, match="was just taken and may not be laid away"):
        act(game, "discard 9H")
    act(game, "discard 9S")
    assert codes(game, 0) == {"TS", "QS", "KS", "AS", "9H"}
    assert game.phase == "alone" and game.turn == 2


def test_with_the_option_the_dealer_may_discard_the_upcard() -> None:
    game = dealt(euchre(dealer_may_discard_upcard="on"))
    act(game, "trump H")
    assert "discard 9H" in legal(game)


def test_other_seats_do_not_see_the_discard() -> None:
    game = dealt()
    act(game, "trump H", "discard 9S")
    actions = game.rules.actions
    for seat in (1, 2, 3):
        assert [actions.text(m.action) for m in game.view(seat).moves][-1] == "discard ?"
    assert [actions.text(m.action) for m in game.view(0).moves][-1] == "discard 9S"


def test_round_two_turns_the_upcard_down_names_another_suit_and_no_exchange() -> None:
    game = dealt()
    act(game, *["pass"] * 4)
    assert legal(game) == ["pass", "trump S", "trump C", "trump D"]
    act(game, "trump C")
    assert game.declarer == 1 and game.phase == "alone", "no exchange after round two"
    assert "9H" not in codes(game, 0)


def test_stick_the_dealer_and_with_the_option_off_the_hand_is_abandoned_and_the_deal_passes() -> None:
    game = dealt()
    act(game, *["pass"] * 7)
    assert game.turn == 0 and "pass" not in legal(game)
    game = dealt(euchre(stick_the_dealer="off"))
    act(game, *["pass"] * 8)
    assert game.history[0].cancelled and game.hand_number == 2 and game.dealer == 1
    assert game.totals == (0, 0)


def test_going_alone_the_partner_sits_out_and_tricks_have_three_cards() -> None:
    game = dealt()
    act(game, "pass", "pass", "trump H", "discard 9S", "alone")
    assert game.view(0).outs == 1 << 1, "West made it alone: East sits out"
    seats_in_trick = []
    for _ in range(3):
        seats_in_trick.append(game.turn)
        act(game, legal(game)[0])
    assert seats_in_trick == [2, 3, 0] and len(game.trick) == 0, "South leads (East sits out), three cards a trick"
    assert game.tricks_won[1] == 0 and len(game.hand(1)) == 5


def test_the_dealers_partner_who_orders_up_alone_lets_the_dealer_exchange_then_the_dealer_sits_out() -> None:
    game = dealt(dealer=0)
    act(game, "pass", "trump H")
    assert game.phase == "exchange" and game.turn == 0
    act(game, "discard 9S", "alone")
    assert game.view(2).outs == 1 << 0 and game.turn == 1


def test_with_the_option_the_dealers_partner_who_orders_up_must_play_alone() -> None:
    game = dealt(euchre(dealer_partner_orders_alone="on"), dealer=0)
    act(game, "pass", "trump H", "discard 9S")
    assert legal(game) == ["alone"]
    other = dealt(euchre(dealer_partner_orders_alone="on"), dealer=0)
    act(other, "trump H", "discard 9S")
    assert legal(other) == ["pass", "alone"], "an opponent who orders up chooses"


def test_the_lead_is_the_dealers_left_or_the_next_player_if_that_one_sits_out() -> None:
    game = dealt(dealer=3)
    act(game, "trump H", "discard TH")
    assert game.phase == "alone" and game.turn == 0
    act(game, "pass")
    assert game.turn == 0
    game = dealt(dealer=3)
    act(game, "pass", "pass", "trump H", "discard TH", "alone")
    assert game.turn == 1, "North, on the dealer's left, sits out: East leads"


def test_a_march_alone_scores_four_through_a_played_hand() -> None:
    hands = {0: "JH JD AH KH QH", 1: "9S TS QS KS AS", 2: "9D TD QD KD AD", 3: "9C TC QC KC AC"}
    game = stacked_game(euchre(), hands, dealer=3)
    act(game, "pass", "pass", "pass", "pass", "trump H", "alone")
    assert game.turn == 0 and game.view(1).outs == 1 << 2
    played(game, 0, hands=1)
    hand = game.history[0]
    assert hand.tricks_won[0] == 5 and hand.score == (4, 0)


def test_the_first_side_to_ten_wins_and_only_one_side_scores_a_hand() -> None:
    for seed in range(6):
        game = Game(euchre(), seed=seed)
        played(game, seed)
        for hand in game.history:
            assert min(hand.score) == 0
        last = game.history[-1].totals
        assert max(last) >= 10 and all(max(h.totals) < 10 for h in game.history[:-1])


def test_the_deal_passes_to_the_left_after_each_hand() -> None:
    game = Game(euchre(stick_the_dealer="off"), seed=5, dealer=2)
    played(game, 5)
    dealers = [hand.dealer for hand in game.history]
    assert all(dealers[i + 1] == (dealers[i] + 1) % 4 for i in range(len(dealers) - 1))


@pytest.mark.parametrize(("target", "points"), [("5", 5), ("7", 7), ("11", 11)])
def test_the_target_option(target: str, points: int) -> None:
    game = Game(euchre(target=target), seed=1)
    played(game, 1)
    assert max(game.totals) >= points and all(max(h.totals) < points for h in game.history[:-1])


def test_without_the_option_no_defender_is_asked() -> None:
    game = dealt()
    act(game, "pass", "trump H", "discard 9S", "alone")
    assert game.phase == "play" and game.view(0).outs == 1 << 0


def test_a_lone_defender_vs_alone_is_asked_only_against_a_lone_maker_nearest_the_dealers_left_first() -> None:
    game = dealt(euchre(lone_defender="vs_alone"))
    act(game, "pass", "trump H", "discard 9S", "pass")
    assert game.phase == "play", "the maker plays with the partner: no defender is asked"
    game = dealt(euchre(lone_defender="vs_alone"))
    act(game, "pass", "trump H", "discard 9S", "alone")
    assert game.phase == "alone" and game.turn == 1, "East, on the dealer's left, is asked first"
    act(game, "pass")
    assert game.turn == 3
    act(game, "alone")
    assert game.phase == "play" and game.view(0).outs == (1 << 0) | (1 << 1), "North and East sit out"
    seats = []
    for _ in range(2):
        seats.append(game.turn)
        act(game, legal(game)[0])
    assert seats == [2, 3] and not game.trick, "two cards a trick: South leads (East sits out), then West"


def test_with_any_a_defender_may_go_alone_against_a_maker_with_a_partner_and_scores_four_for_a_euchre() -> None:
    game = dealt(euchre(lone_defender="any"))
    act(game, "pass", "trump H", "discard 9S", "pass")
    assert game.phase == "alone" and game.turn == 1
    act(game, "alone")
    assert game.phase == "play" and game.view(2).outs == 1 << 3, "the first who goes alone ends the asking"
    played(game, 0, hands=1)
    hand = game.history[0]
    makers = hand.tricks_won[0] + hand.tricks_won[2]
    assert hand.score == ((1 if makers < 5 else 2, 0) if makers >= 3 else (0, 4))

"""The promises of `Game`'s ways to start a game: without a seed, at a position of a match (as players build
the worlds they imagine), and at a hand-made trick (as worked examples of legal plays are asked)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from helpers import act, rules, stacked_game
from trickbook import Game, bundled_rulesets, load_ruleset
from trickbook.engine.dealing import seeded_deal
from trickbook.engine.history import ACTION_SHIFT
from trickbook.engine.kinds import PhaseKind
from trickbook.errors import ActionError, IllegalAction, InvalidAction, RulesetError


def test_a_game_made_without_a_seed_is_the_game_of_seed_zero() -> None:
    ruleset = rules("tarneeb-41")
    assert Game(ruleset).current_deal == Game(ruleset, 0).current_deal
    assert Game(ruleset).dealer == Game(ruleset, 0).dealer


def first_hand_of(game: Game, **more: object) -> Game:
    """`game`'s first hand as a position of a Spades match at 0 to 0 (its deal and dealer), with `more`."""
    return Game.from_position(
        game.rules,
        deal=game.current_deal,
        dealer=game.dealer,
        hand_number=1,
        totals=(0, 0),
        seat_totals=None,
        counters=[[0, 0]],
        **more,  # type: ignore[arg-type]
    )


def test_a_position_rebuilt_from_its_moves_is_the_same_position() -> None:
    ruleset = rules("cardems-spades")
    game = Game(ruleset, 7)
    chooser = random.Random(7)
    for _ in range(4 + 9):  # the four bids and the first nine cards of the first hand
        game.apply(chooser.choice(game.legal_actions()))
    rebuilt = first_hand_of(game, moves=[m.action << ACTION_SHIFT for m in game.current_moves], seed=7)
    assert rebuilt.current_moves == game.current_moves
    assert rebuilt.trick == game.trick and rebuilt.turn == game.turn
    assert [rebuilt.hand(s) for s in range(4)] == [game.hand(s) for s in range(4)]
    assert rebuilt.legal_actions() == game.legal_actions()


def test_a_position_deals_its_later_hands_from_seed_zero_unless_told() -> None:
    ruleset = rules("cardems-spades")
    game = first_hand_of(Game(ruleset, 3))
    while game.hand_number == 1:
        game.apply(game.legal_actions()[0])
    assert game.current_deal == seeded_deal(ruleset, 0, 2, game.dealer).hands


def test_a_hand_made_trick_starts_at_the_first_trick_unless_told() -> None:
    ruleset = rules("cardems-spades")
    deck = ruleset.deck
    hand = [deck.parse_card(c) for c in ("AH", "KH", "2S")]
    assert Game.at_trick(ruleset, hand=hand).hand_size == 3
    assert Game.at_trick(ruleset, hand=hand, trick_number=11).hand_size == 13


def test_a_typed_action_is_a_choice_of_the_player_not_an_automatic_move() -> None:
    game = Game(rules("cardems-spades"), 1)
    game.apply_text("bid 3")
    assert game.current_moves[-1].auto is False
    game.apply_text("bid 2", auto=True)
    assert game.current_moves[-1].auto is True


def test_cards_set_aside_to_pass_count_as_held_until_they_change_hands() -> None:
    game = Game(rules("hearts"), 1)
    giver = game.turn
    assert giver is not None
    game.apply(game.legal_actions()[0])
    assert game.view(giver).cards_left[giver] == 13, "one card set aside, not yet passed"
    assert len(game.hand(giver)) == 12


def test_without_a_dummy_every_seat_plays_its_own_cards_and_sees_no_other_hand() -> None:
    game = Game(rules("tarneeb-41"), 2)
    chooser = random.Random(2)
    while game.hands_finished == 0:
        if game.phase == "play":
            assert game.actor == game.turn
            assert all(game.view(seat).dummy_hand == () for seat in range(4))
        game.apply(chooser.choice(game.legal_actions()))


def test_a_game_says_whether_its_deals_are_the_seeds() -> None:
    ruleset = rules("whist")
    dealt = seeded_deal(ruleset, 5, 1, 0)
    assert Game(ruleset, 5).dealt_by_seed
    assert not Game(ruleset, 5, deals=lambda number, dealer, size: dealt).dealt_by_seed
    assert Game(ruleset, 5, deals=lambda number, dealer, size: dealt, seeded=True).dealt_by_seed, "a checked replay"
    assert not Game(ruleset, 5, seeded=False).dealt_by_seed


def test_a_view_names_the_seat_to_act_and_none_once_the_match_is_over() -> None:
    game = Game(rules("whist"), 3, hand_cap=1)
    while not game.is_over():
        assert all(game.view(seat).turn == game.turn for seat in range(4))
        game.apply(game.legal_actions()[0])
    assert game.view(0).turn is None


def test_a_hand_made_trick_deals_every_other_card_to_the_other_seats_once() -> None:
    ruleset = rules("cardems-spades")
    deck = ruleset.deck
    hand = [deck.parse_card(c) for c in ("AH", "KH", "2S")]
    trick = [deck.parse_card(c) for c in ("QH", "3H")]
    game = Game.at_trick(ruleset, hand=hand, trick=trick, leader=1)
    assert game.turn == 3 and set(game.hand(3)) == set(hand)
    held = [set(game.hand(seat)) for seat in range(4)]
    assert [len(cards) for cards in held] == [3, 2, 2, 3], "the two seats that played hold one card fewer"
    dealt = set().union(*held) | set(trick)
    assert len(dealt) == 3 + 2 + 2 + 3 + 2, "no card twice"
    assert dealt <= set(range(deck.size))


@pytest.mark.parametrize("action", ["first card", "first after the cards", "one past the last"])
def test_the_edges_of_the_action_numbers_in_each_phase(action: str) -> None:
    """Action 0 is a card (refused by a rule in the bidding), the pass after the cards is an action (refused by
    a rule in the play), and the ruleset's size is no action at all, in either phase."""
    ruleset = rules("cardems-spades")
    number = {"first card": 0, "first after the cards": ruleset.deck.size, "one past the last": ruleset.actions.size}
    bidding = Game(ruleset, 1)
    playing = Game(ruleset, 1)
    for _ in range(4):
        playing.apply_text("bid 3")
    assert 0 not in playing.legal_actions(), "card 0 is the two of spades, which may not be led yet"
    for game in (bidding, playing):
        expected = InvalidAction if action == "one past the last" else IllegalAction
        with pytest.raises(ActionError) as caught:
            game.apply(number[action])
        assert type(caught.value) is expected, (action, game.phase, str(caught.value))


EXPOSED_AFTER_DEALER = """\
format: trickbook-ruleset/1
id: syrian-shown-after-dealer
title: Syrian Tarneeb 41 with the first card of the player after the dealer shown
extends: syrian-tarneeb-41
deal:
  expose: {seat: after-dealer, card: 1}
"""


def test_the_card_shown_after_the_dealer_is_from_the_next_seat_in_the_direction_of_play(tmp_path: Path) -> None:
    path = tmp_path / "variant.yaml"
    path.write_text(EXPOSED_AFTER_DEALER, encoding="utf-8")
    ruleset = load_ruleset(path)
    assert ruleset.direction == -1, "counter-clockwise: the seat after the dealer is the one before in number"
    for seed in range(1, 6):
        game = Game(ruleset, seed)
        after = (game.dealer - 1) % 4
        assert game.exposed == (game.current_deal[after][0],)


def test_a_partnership_match_is_won_by_a_side_in_words() -> None:
    game = Game(rules("tarneeb-41"), 4)
    chooser = random.Random(4)
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
    assert game.end_reason in ("North-South won", "East-West won")


def test_a_hand_thrown_in_scores_nothing_for_anyone() -> None:
    game = Game(rules("tarneeb-41"), 1)
    for _ in range(4):
        game.apply_text("pass")
    hand = game.history[0]
    assert hand.cancelled and hand.score == (0, 0) and game.totals == (0, 0)


def test_a_card_played_automatically_is_recorded_as_that_card_with_the_flag() -> None:
    game = Game(rules("cardems-spades"), 1)
    for _ in range(4):
        game.apply_text("bid 3")
    seat, card = game.turn, game.legal_actions()[-1]
    game.apply(card, auto=True)
    move = game.current_moves[-1]
    assert (move.seat, move.action, move.auto) == (seat, card, True)


def test_deals_given_as_plain_hands_leave_the_rest_of_the_deck_as_the_stock() -> None:
    ruleset = rules("euchre")
    hands = tuple(tuple(range(5 * seat, 5 * seat + 5)) for seat in range(4))
    game = Game(ruleset, 1, deals=lambda number, dealer, size: hands)
    assert game.current_stock == tuple(range(20, 24))


NO_FOLLOWING = """\
format: trickbook-ruleset/1
id: whist-anything-goes
title: Whist where any card may be played
extends: whist
play:
  follow_suit: false
"""


def test_without_following_every_card_held_may_be_played(tmp_path: Path) -> None:
    path = tmp_path / "variant.yaml"
    path.write_text(NO_FOLLOWING, encoding="utf-8")
    game = Game(load_ruleset(path), 2)
    chooser = random.Random(2)
    while game.hands_finished == 0:
        seat = game.turn
        assert seat is not None
        assert game.legal_actions() == tuple(sorted(game.hand(seat)))
        game.apply(chooser.choice(game.legal_actions()))
    deck = game.rules.deck
    hand = [deck.parse_card(c) for c in ("2S", "AH", "KD")]
    position = Game.at_trick(game.rules, trick=[deck.parse_card("QC")], hand=hand)
    assert position.legal_actions() == tuple(sorted(hand)), "a hand-made trick led in clubs asks no following"


def test_a_card_turned_up_from_a_stock_of_exactly_one_card() -> None:
    ruleset = rules("oh-hell", (("players", "3"),))
    deal = tuple(tuple(range(17 * seat, 17 * seat + 17)) for seat in range(3))
    game = Game.from_position(
        ruleset, deal=deal, stock=(51,), dealer=0, hand_number=17, totals=(), seat_totals=(0, 0, 0), counters=[]
    )
    assert game.exposed == (51,)
    assert game.trump == ruleset.deck.suit_of[51]


def test_a_hand_made_lead_keeps_every_ban_unless_told_a_suit_is_broken() -> None:
    ruleset = rules("cardems-spades")
    deck = ruleset.deck
    hand = [deck.parse_card(c) for c in ("2S", "AH")]
    assert deck.codes[0] == "2S", "card 0: the one a default of 1 would lift the ban from"
    assert [deck.codes[c] for c in Game.at_trick(ruleset, hand=hand).legal_actions()] == ["AH"]
    broken = Game.at_trick(ruleset, hand=hand, broken=deck.suit_masks[deck.suit_of[0]])
    assert sorted(deck.codes[c] for c in broken.legal_actions()) == ["2S", "AH"]


@pytest.mark.parametrize("ruleset", bundled_rulesets())
def test_the_trick_seats_are_the_seats_of_the_trick_cards_in_the_order_played(ruleset: str) -> None:
    """`SeatView.trick_seats()` at every step of random play: each card of the trick with the seat that played it
    (a seat that sits out plays none; the declarer plays the dummy's cards as the dummy's)."""
    game = Game(rules(ruleset), 11, hand_cap=2)
    draw = random.Random(11)
    while not game.is_over():
        view = game.view(0)
        cards = [(m.seat, m.action) for m in view.moves if game.rules.actions.kinds[m.action] == "play"]
        played = cards[len(cards) - len(view.trick) :] if view.trick else []
        assert [game.rules.actions.card_of(a) for _, a in played] == list(view.trick)
        assert view.trick_seats() == tuple(seat for seat, _ in played)
        game.apply(draw.choice(game.legal_actions()))


@pytest.mark.parametrize("ruleset", bundled_rulesets())
def test_every_bid_of_a_hand_comes_before_its_first_card(ruleset: str) -> None:
    """The phases before the tricks end when the first card is played (players read bids up to there)."""
    game = Game(rules(ruleset), 12, hand_cap=3)
    draw = random.Random(12)
    while not game.is_over():
        game.apply(draw.choice(game.legal_actions()))
    kinds = game.rules.actions.kinds
    for hand in game.history:
        order = [kinds[m.action] for m in hand.moves]
        if "play" in order:
            assert "bid" not in order[order.index("play") :], order


def test_a_card_taken_from_the_table_is_known_to_all_and_the_stock_only_to_its_taker() -> None:
    """Euchre's dealer picks up the turned-up card, which everyone saw; Skat's declarer picks up the skat, which
    only the declarer sees."""
    euchre = Game(rules("euchre"), 5)
    upcard = euchre.exposed[0]
    suit = euchre.rules.deck.suits[euchre.rules.deck.suit_of[upcard]].code
    euchre.apply_text(f"trump {suit}")
    assert [euchre.view(seat).taken for seat in range(4)] == [(upcard,)] * 4
    skat = Game(rules("skat-simple"), 5)
    skat.apply_text("trump C")
    declarer = skat.view(0).declarer
    seen = [skat.view(seat).taken for seat in range(3)]
    assert len(seen[declarer]) == 2 and [s for i, s in enumerate(seen) if i != declarer] == [(), ()]


EVENTS_WITHOUT_SIDES = """\
format: trickbook-ruleset/1
id: call-break-queen-on-jack
title: Call Break that counts the queen of hearts played on the jack
extends: call-break
events:
  queen_on_jack: {first: JH, then: QH, by: anyone}
scoring:
  rules:
    queen: {description: The queen on the jack., for: seat, points: queen_on_jack(seat)}
"""


def test_without_sides_a_trick_event_is_by_anyone_and_credited_to_the_later_cards_player(tmp_path: Path) -> None:
    """A trick event at a table of players on their own counts whoever played the two cards, for the player of
    the second; `opponent` and `partner` are refused there, as they need sides."""
    path = tmp_path / "variant.yaml"
    path.write_text(EVENTS_WITHOUT_SIDES, encoding="utf-8")
    ruleset = load_ruleset(path)
    leader = ruleset.seating.next_seat[0]
    second = ruleset.seating.next_seat[leader]
    game = stacked_game(ruleset, {leader: "JH", second: "QH"}, dealer=0)
    act(game, *["bid 1"] * 4)
    assert game.turn == leader
    act(game, "JH", "QH")
    while game.hands_finished == 0:
        game.apply(game.legal_actions()[0])
    queen = [0] * 4
    for line in game.history[0].lines:
        queen[line.target] += line.points if line.rule == "queen" else 0
    assert queen == [1 if seat == second else 0 for seat in range(4)]
    path.write_text(EVENTS_WITHOUT_SIDES.replace("by: anyone", "by: opponent"), encoding="utf-8")
    with pytest.raises(RulesetError, match=r"variant.yaml:6:44: events.queen_on_jack.by: 'opponent' needs sides"):
        load_ruleset(path)


STOCK_WITHOUT_CARD_POINTS = """\
format: trickbook-ruleset/1
id: euchre-kitty-points
title: Euchre that scores the card points of its kitty, though it gives cards no points
extends: euchre
scoring:
  rules:
    kitty: {description: The kitty's card points., for: side, points: stock_points}
"""


def test_the_stock_is_worth_no_points_when_the_ruleset_gives_cards_none(tmp_path: Path) -> None:
    path = tmp_path / "variant.yaml"
    path.write_text(STOCK_WITHOUT_CARD_POINTS, encoding="utf-8")
    game = Game(load_ruleset(path), 3)
    while game.hands_finished == 0:
        game.apply(game.legal_actions()[0])
    kitty = [line.points for line in game.history[0].lines if line.rule == "kitty"]
    assert game.history[0].stock and kitty == [0, 0]


EVENTS_BY_PARTNER = """\
format: trickbook-ruleset/1
id: tarneeb-41-partner-event
title: Tarneeb 41 that counts a partner's ace of hearts on the king
extends: tarneeb-41
events:
  partners_ace: {first: KH, then: AH, by: partner}
  opponents_ace: {first: KH, then: AH, by: opponent}
scoring:
  rules:
    partners: {description: A partner's ace on the king., for: side, points: partners_ace(side)}
    opponents: {description: An opponent's ace on the king., for: side, points: opponents_ace(side)}
"""


@pytest.mark.parametrize("partner", [True, False])
def test_a_trick_event_by_a_partner_counts_only_a_partners_card(tmp_path: Path, partner: bool) -> None:
    """The ace of hearts played on the king of hearts in the same trick, by the king's partner or by an
    opponent: only the event whose relation holds is credited, to the ace's side."""
    path = tmp_path / "variant.yaml"
    path.write_text(EVENTS_BY_PARTNER, encoding="utf-8")
    ruleset = load_ruleset(path)
    leader = ruleset.seating.next_seat[0]
    ace = ruleset.seating.partner[leader] if partner else ruleset.seating.next_seat[leader]
    game = stacked_game(ruleset, {leader: "KH", ace: "AH"}, dealer=0)
    act(game, "bid 7", "pass", "pass", "pass", "trump S")
    assert game.turn == leader
    act(game, "KH")
    while game.hands_finished == 0:
        seat = game.turn
        choices = game.legal_actions()
        heart_ace = ruleset.deck.parse_card("AH")
        game.apply(heart_ace if seat == ace and heart_ace in choices and len(game.trick) else choices[0])
    lines = {(line.rule, line.target): line.points for line in game.history[0].lines}
    side = ruleset.seating.side_of[ace]
    assert lines[("partners", side)] == (1 if partner else 0)
    assert lines[("opponents", side)] == (0 if partner else 1)


@pytest.mark.parametrize(
    ("ruleset", "phases"),
    [
        ("whist", ()),
        ("german-whist", ()),
        ("hearts", (PhaseKind.PASSING,)),
        ("contract-bridge", (PhaseKind.BIDDING,)),
        ("euchre", (PhaseKind.TRUMP, PhaseKind.EXCHANGE, PhaseKind.ALONE)),
        ("skat", (PhaseKind.BIDDING, PhaseKind.EXCHANGE, PhaseKind.TRUMP, PhaseKind.ANNOUNCE)),
    ],
)
def test_a_game_says_which_phases_come_before_the_tricks(ruleset: str, phases: tuple[PhaseKind, ...]) -> None:
    """What a front end needs to know to show a bidding panel or none, without reading the engine's phases."""
    assert Game(load_ruleset(ruleset), 1).phases_before_play == phases


def test_the_moves_before_play_are_the_hands_bids_and_choices_up_to_its_first_card() -> None:
    """Tarneeb 41: the auction and the trump named are the moves before the play, from the first bid until a
    card is led, and stay so for the rest of the hand; the next hand starts with none."""
    game = Game(rules("tarneeb-41"), 4)
    assert game.moves_before_play() == ()
    while game.phase != "play":
        game.apply(game.legal_actions()[-1])  # the highest bid ends the auction at once
        assert [code >> ACTION_SHIFT for code in game.moves_before_play()] == [m.action for m in game.current_moves]
    before = game.moves_before_play()
    assert before and all(code >> ACTION_SHIFT >= game.rules.deck.size for code in before)
    hand = game.hands_finished
    while game.hands_finished == hand:
        game.apply(game.legal_actions()[0])
        if game.hands_finished == hand:
            assert game.moves_before_play() == before
    assert game.moves_before_play() == ()

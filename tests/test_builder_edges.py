"""What `ruleset/builder.py` decides at its edges, each found by its mutation run (issue 33): the fewest cards a
deal may hold, a staged deal's bounds where the dealer sits out, who is told a key comes from a parent file, and
melds written in every suit, trump included or not."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook import Game, load_ruleset
from trickbook.engine.melds import meld_points
from trickbook.errors import InvalidAction, RulesetError

HEAD = "format: trickbook-ruleset/2\nid: edge\ntitle: Edge\ndescription: A ruleset at an edge.\n"
PLAIN = [f"{rank}{suit}" for suit in "SHCD" for rank in "23456789TJQK"]
"""Every card of the standard deck but the aces."""


def written(folder: Path, text: str, name: str = "edge.yaml") -> Path:
    path = folder / name
    path.write_text(HEAD + text, encoding="utf-8")
    return path


def test_a_pack_of_one_card_a_player_is_dealt_and_one_card_fewer_is_refused(tmp_path: Path) -> None:
    """The deck less the cards removed must give each player a card: four aces for four players load."""
    aces = written(tmp_path, f"extends: whist\ndeal:\n  hand_size: 1\n  remove: [{', '.join(PLAIN)}]\n")
    assert load_ruleset(aces).hand_size == 1
    three = written(tmp_path, f"extends: whist\ndeal:\n  hand_size: 1\n  remove: [{', '.join([*PLAIN, 'AS'])}]\n")
    with pytest.raises(RulesetError, match="the deck has fewer cards than there are players"):
        load_ruleset(three)


def test_a_staged_deal_where_the_dealer_sits_out_is_bounded_for_the_players_who_play(tmp_path: Path) -> None:
    """32 cards among the three players who play: after five each, the rest may bring a hand to 6 up to 10."""
    staged = (
        "extends: belote\ndeal:\n  dealer_sits_out: true\n  expose: null\n  rest: {hand_size: 11, exposed_to: null}\n"
        "trump: {mode: chosen, rounds: null, suits: [S, H, C, D]}\nbidding: {kind: auction, bids: {min: 1, max: 5}}\n"
    )
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, staged))
    assert "expected 6 to 10 for 3 players with the Skat deck of 32 cards" in str(refused.value)


def test_a_key_written_in_the_file_itself_is_refused_without_a_word_about_a_parent(tmp_path: Path) -> None:
    """Only a key a variant inherits is told as coming from the file it extends."""
    own = written(tmp_path, "extends: whist\ndeal:\n  hand_size: 14\n")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(own)
    said = str(refused.value)
    assert "edge.yaml:" in said and "extends" not in said


@pytest.mark.parametrize(("suit", "worth"), [("each", 60), ("each-plain", 40)])
def test_a_meld_written_in_each_suit_is_found_in_trump_too_and_in_each_plain_suit_not(
    tmp_path: Path, suit: str, worth: int
) -> None:
    """A king and queen of trump are the royal marriage (40); a pair written `suit: each`, outside the marriages'
    group, is found in trump as well (20 more), one written `each-plain` is not."""
    pair = f"{{cards: [{{rank: K, suit: {suit}}}, {{rank: Q, suit: {suit}}}], points: 20}}"
    rules = load_ruleset(written(tmp_path, f"extends: pinochle\nmelds:\n  kinds:\n    pair: {pair}\n"))
    deck = rules.deck
    assert rules.melds is not None
    cards = deck.read_cards(["KH", "QH"])
    assert cards is not None
    hearts = deck.suit_index("H")
    held = [deck.mask(cards), 0, 0, 0]
    assert meld_points(rules.melds, deck, rules.seating, 0, held, hearts, -1)[0] == worth


def test_calls_may_have_a_single_level_but_not_a_lowest_above_the_highest(tmp_path: Path) -> None:
    one = load_ruleset(written(tmp_path, "extends: contract-bridge\nbidding:\n  levels: {min: 1, max: 1}\n"))
    assert one.bidding.calls is not None and one.bidding.calls.levels == 1
    with pytest.raises(RulesetError, match="the lowest level is above the highest"):
        load_ruleset(written(tmp_path, "extends: contract-bridge\nbidding:\n  levels: {min: 2, max: 1}\n"))


@pytest.mark.parametrize("sides", ["null", "[[0, 1, 2], [3]]"])
def test_playing_alone_needs_sides_of_two(tmp_path: Path, sides: str) -> None:
    """Euchre's going alone is refused at a table without sides and at one whose sides are not pairs."""
    with pytest.raises(RulesetError, match="playing alone needs sides of two players"):
        load_ruleset(written(tmp_path, f"extends: euchre\nsides: {sides}\n"))


def test_a_named_game_without_trumps_above_the_suit_goes_with_a_deck_of_copies(tmp_path: Path) -> None:
    """Only a named game's `highest` would name one copy; a game without it is no such rule."""
    game = "no_trump: {description: No trump., trump: none}"
    table = load_ruleset(written(tmp_path, f"extends: pinochle\ntrump:\n  games: {{{game}}}\n"))
    assert [g.name for g in table.trump.games] == ["no_trump"]


def test_the_card_the_declarer_takes_must_be_the_stocks_first(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="the card the declarer takes is the stock's first"):
        load_ruleset(written(tmp_path, "extends: belote\ndeal:\n  expose: {seat: stock, card: 2}\n"))


def test_a_hand_of_changing_size_may_show_its_first_card(tmp_path: Path) -> None:
    """Every hand has a first card, whatever its size; only a later place is refused."""
    first = written(tmp_path, "extends: oh-hell\ndeal:\n  expose: {seat: dealer, card: 1}\n")
    assert load_ruleset(first).deal.exposure is not None
    with pytest.raises(RulesetError, match="a hand may have fewer than 2 cards"):
        load_ruleset(written(tmp_path, "extends: oh-hell\ndeal:\n  expose: {seat: dealer, card: 2}\n"))


@pytest.mark.parametrize("hand", [1, 24])
def test_passing_is_tried_in_the_first_and_the_last_hand_of_its_cycle(tmp_path: Path, hand: int) -> None:
    """`passing.to` is read for hands 1 to 24 at load: a clash in the first or the last of them is found."""
    to = f"if hand_number == {hand} then dealer else left(seat)"
    with pytest.raises(RulesetError, match=f"in hand {hand} with seat 0 dealing, seats 0 and 1 both pass to seat 0"):
        load_ruleset(written(tmp_path, f'extends: hearts\npassing:\n  to: "{to}"\n'))


def test_a_dealer_exchanging_needs_no_declarer_but_a_declarer_exchanging_does(tmp_path: Path) -> None:
    """Euchre with trump turned up and nobody making it: the dealer's exchange is no fault (the load stops later,
    at the scoring that reads a declaring side); the declarer's is refused where it is written."""
    base = "extends: euchre\ntrump: {mode: exposed, rounds: null, last_must_name: null}\nalone: null\noptions: null\n"
    with pytest.raises(RulesetError) as dealer:
        load_ruleset(written(tmp_path, base + "exchange: {when: null}\n"))
    assert "scoring.rules" in str(dealer.value)
    with pytest.raises(RulesetError, match="only a hand with a declarer can let the declarer exchange"):
        load_ruleset(written(tmp_path, base + "exchange: {when: null, seat: declarer}\n"))


def test_estimates_may_be_of_one_number_but_not_from_above_the_highest(tmp_path: Path) -> None:
    one = load_ruleset(written(tmp_path, "extends: estimation\nbidding:\n  estimates: {min: 3, max: 3}\n"))
    assert one.bidding.estimates is not None
    with pytest.raises(RulesetError, match="the lowest estimate is above the highest"):
        load_ruleset(written(tmp_path, "extends: estimation\nbidding:\n  estimates: {min: 4, max: 3}\n"))


@pytest.mark.parametrize(
    "ruleset",
    [
        "extends: whist\ndeal: {hand_size: 10, dealer_sits_out: true, expose: null}\ntrump: {mode: fixed, suit: H}\n",
        "extends: contract-bridge\ndeal: {hand_size: 10}\n",
    ],
)
def test_nobody_draws_from_the_stock_where_a_dealer_sits_out_or_a_dummy_is_played(tmp_path: Path, ruleset: str) -> None:
    """Whist's dealer sitting out, Bridge's dummy: a seat that holds no cards of its own cannot draw."""
    text = ruleset + "play:\n  draw: {first: winner, face_up: top}\n"
    with pytest.raises(RulesetError, match="every player draws for their own hand"):
        load_ruleset(written(tmp_path, text))


def test_a_key_a_variant_inherits_is_told_as_coming_from_the_file_it_extends(tmp_path: Path) -> None:
    """Belote's rest of the deal, up to eight cards each, does not fit the 24-card Euchre deck: the refusal is at
    belote.yaml's line and says where to change it."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, "extends: belote\ndeck: euchre-24\n"))
    said = str(refused.value)
    assert "belote.yaml:" in said and "edge.yaml extends: to change it, set it in" in said


def test_an_exchange_from_the_stock_needs_a_stock_and_a_hand_of_fixed_size(tmp_path: Path) -> None:
    """Skat without two sevens deals all 30 cards: no skat to take; nor is there one of a fixed size when the hand
    size is an expression. Euchre's exposed card is taken whatever the hand size says."""
    with pytest.raises(RulesetError, match="the deal leaves no stock to take"):
        load_ruleset(written(tmp_path, "extends: skat\ndeal:\n  remove: [7S, 7H]\n"))
    with pytest.raises(RulesetError, match="the stock's size changes with the hand size"):
        load_ruleset(written(tmp_path, 'extends: skat\ndeal:\n  hand_size: "10 + 0 * hand_number"\n'))
    assert load_ruleset(written(tmp_path, 'extends: euchre\ndeal:\n  hand_size: "5 + 0 * hand_number"\n'))


def test_only_the_declarers_exchange_comes_before_trump(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="only the declarer's exchange can come before trump"):
        load_ruleset(written(tmp_path, "extends: skat\nexchange:\n  seat: dealer\n"))


def test_a_run_as_long_as_the_sequence_order_is_a_meld_and_one_longer_is_refused(tmp_path: Path) -> None:
    eight = load_ruleset(written(tmp_path, "extends: belote\nmelds:\n  kinds:\n    huit: {run: 8, points: 500}\n"))
    assert eight.melds is not None and max(kind.run for kind in eight.melds.kinds) == 8
    with pytest.raises(RulesetError, match="a run of 9 cards is longer than the 8 ranks of the sequence order"):
        load_ruleset(written(tmp_path, "extends: belote\nmelds:\n  kinds:\n    neuf: {run: 9, points: 900}\n"))


@pytest.mark.parametrize("bids", ["{max: null}", "{min: null}"])
def test_numeric_bids_need_both_ends(tmp_path: Path, bids: str) -> None:
    with pytest.raises(RulesetError, match="the bids need `min` and `max`, or a list of `values`"):
        load_ruleset(written(tmp_path, f"extends: cardems-tarneeb\nbidding:\n  bids: {bids}\n"))


def test_a_named_bid_may_count_every_trick_but_no_more(tmp_path: Path) -> None:
    """Thirteen tricks in a hand of thirteen cards: a named bid counting 13 is a promise one can keep."""
    bid = "{value: VALUE, description: All the tricks.}"
    boston = load_ruleset(
        written(tmp_path, f"extends: cardems-spades\nbidding:\n  named:\n    boston: {bid.replace('VALUE', '13')}\n")
    )
    assert [bid.name for bid in boston.bidding.named] == ["nil", "boston"]
    with pytest.raises(RulesetError, match="a bid cannot exceed the tricks in a hand"):
        load_ruleset(
            written(
                tmp_path, f"extends: cardems-spades\nbidding:\n  named:\n    boston: {bid.replace('VALUE', '14')}\n"
            )
        )


def test_estimates_start_at_0_unless_said_and_reach_every_trick_but_no_more(tmp_path: Path) -> None:
    unsaid = load_ruleset(written(tmp_path, "extends: estimation\nbidding:\n  estimates: {min: null}\n"))
    assert unsaid.bidding.estimates is not None and unsaid.bidding.estimates.min == 0
    every = load_ruleset(written(tmp_path, "extends: estimation\nbidding:\n  estimates: {max: 13}\n"))
    assert every.bidding.estimates is not None and every.bidding.estimates.max == 13
    with pytest.raises(RulesetError, match="an estimate cannot exceed the tricks in a hand"):
        load_ruleset(written(tmp_path, "extends: estimation\nbidding:\n  estimates: {max: 14}\n"))


@pytest.mark.parametrize(
    "change", ["trump: {mode: fixed, suit: H, suits: null}\n", "bidding: {kind: auction, bids: {min: 1, max: 8}}\n"]
)
def test_who_chooses_trump_is_said_only_where_trump_is_chosen_without_bidding(tmp_path: Path, change: str) -> None:
    """Klaverjassen's `trump.chooser` names who chooses trump when nobody bids; with a fixed trump or an auction
    (whose winner chooses) it is refused."""
    text = "extends: klaverjassen\n" + change
    with pytest.raises(RulesetError, match="chooser"):
        load_ruleset(written(tmp_path, text))


def test_a_declarer_out_of_time_gets_the_first_allowed_trump_in_the_rulesets_own_order(tmp_path: Path) -> None:
    """Estimation lists its trumps S H D C, not in the deck's order S H C D: without `timeout.trump`, that list is
    the order a timed-out declarer's trump is taken from."""
    table = load_ruleset(written(tmp_path, "extends: estimation\ntimeout: {trump: null}\n"))
    assert [table.deck.suits[s].code for s in table.timeout.trump_order] == ["S", "H", "D", "C"]


def test_a_side_may_not_name_a_seat_past_the_last(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, "extends: whist\nsides: [[0, 2], [1, 4]]\n"))
    assert "there is no seat 4\n  expected a seat from 0 to 3" in str(refused.value)


def test_the_card_shown_after_the_dealer_is_the_next_players(tmp_path: Path) -> None:
    """`deal.expose.seat: after-dealer` shows a card of the player after the dealer, who keeps it."""
    table = load_ruleset(written(tmp_path, "extends: whist\ndeal:\n  expose: {seat: after-dealer, card: 1}\n"))
    game = Game(table, seed=2, dealer=0)
    (shown,) = game.view(3).exposed
    assert shown in game.hand(1)


def test_an_auction_of_calls_ends_by_default_after_a_pass_from_each_other_player(tmp_path: Path) -> None:
    table = load_ruleset(written(tmp_path, "extends: contract-bridge\nbidding:\n  ends_after_passes: null\n"))
    assert table.bidding.calls is not None and table.bidding.calls.ends_after == 3


def test_a_deck_with_jokers_cannot_take_trump_from_a_cards_suit_unless_they_are_taken_out(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, "extends: whist\ndeck: standard-54\n"))
    said = str(refused.value)
    assert "the extra card 'BJ' has none" in said and "take it out with `deal.remove: [BJ]`" in said
    removed = load_ruleset(written(tmp_path, "extends: whist\ndeck: standard-54\ndeal:\n  remove: [BJ, RJ]\n"))
    assert removed.deck.size == 54 and removed.deal.removed.bit_count() == 2


MELDS = (
    "melds:\n  from: dealt\n  kinds:\n"
    "    pair: {{cards: [{{rank: K, suit: {k}}}, {{rank: Q, suit: {q}}}], points: 20}}\n"
)


@pytest.mark.parametrize(
    ("k", "q", "says"),
    [
        ("each", "each-plain", "a meld's cards are in each suit or in each plain suit, not both"),
        ("each-plain", "each-plain", "there is no trump in this ruleset"),
        ("each", "each", None),
    ],
)
def test_melds_in_each_suit_and_each_plain_suit(tmp_path: Path, k: str, q: str, says: str | None) -> None:
    """Hearts has no trump: a meld in each plain suit means nothing there; one in each suit does."""
    path = written(tmp_path, "extends: hearts\n" + MELDS.format(k=k, q=q))
    if says is None:
        assert load_ruleset(path).melds is not None
        return
    with pytest.raises(RulesetError, match=says):
        load_ruleset(path)


@pytest.mark.parametrize(
    ("key", "when", "idle"),
    [
        ("follow_only_when", "true", True),
        ("must_play", "false", True),
        ("follow_only_when", "false", False),
        ("must_play", "true", False),
        ("lead_only_when", "true", False),
    ],
)
def test_a_card_condition_that_can_never_change_the_play_is_refused(
    tmp_path: Path, key: str, when: str, idle: bool
) -> None:
    """An ace of spades never held back from following, or never owed, does nothing: refused where it stands.
    Always held back, or always owed, does something, and loads (the lead's entries are not checked so)."""
    path = written(tmp_path, f'extends: whist\nplay:\n  {key}: [{{cards: [AS], when: "{when}"}}]\n')
    if not idle:
        assert load_ruleset(path)
        return
    with pytest.raises(RulesetError, match=f"`when` is always {when}, so this entry never changes what may be played"):
        load_ruleset(path)


@pytest.mark.parametrize(
    ("ruleset", "forms"),
    [
        ("whist", "a card such as 'AD' or 'pass'"),
        ("tarneeb-41", "a card such as 'AD', a bid such as 'bid 7', 'pass' or 'trump' and a suit such as 'trump H'"),
        ("cardems-spades", "a card such as 'AD', a bid such as 'bid 1', 'nil' or 'pass'"),
        ("contract-bridge", "a card such as 'AD', a bid such as 'bid 1C', 'pass' or 'double'"),
    ],
)
def test_an_empty_action_is_answered_with_the_kinds_of_action_the_rules_have(ruleset: str, forms: str) -> None:
    """Whist has no bidding and turns its trump up; Tarneeb 41 bids and names trump; Spades bids, trump fixed."""
    with pytest.raises(InvalidAction) as refused:
        load_ruleset(ruleset).actions.parse("")
    assert str(refused.value) == f"an empty action: type {forms}"


def test_sides_that_leave_a_seat_out_name_it(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="seat 3 is on no side"):
        load_ruleset(written(tmp_path, "extends: whist\nsides: [[0, 2], [1]]\n"))


def test_an_event_about_an_opponent_needs_sides(tmp_path: Path) -> None:
    """Tarneeb 41's king of hearts taken by an opponent's ace of trump cannot be said at a table without sides."""
    with pytest.raises(RulesetError, match="'opponent' needs sides; this table has none"):
        load_ruleset(written(tmp_path, "extends: tarneeb-41\nsides: null\n"))


def test_passing_goes_with_named_bids_that_are_not_blind(tmp_path: Path) -> None:
    """Spades' nil is bid with the cards seen, so cards may be passed first; only a blind bid rules passing out."""
    table = load_ruleset(written(tmp_path, 'extends: cardems-spades\npassing: {cards: 1, to: "left(seat)"}\n'))
    assert table.passing is not None and table.passing.cards == 1


def test_calls_have_no_doubles_unless_said(tmp_path: Path) -> None:
    table = load_ruleset(written(tmp_path, "extends: contract-bridge\nbidding:\n  doubles: null\n"))
    assert table.bidding.calls is not None and not table.bidding.calls.doubles


def test_a_dealer_who_sits_out_is_refused_where_the_rules_give_it_a_card(tmp_path: Path) -> None:
    text = "extends: whist\ndeal:\n  hand_size: 13\n  dealer_sits_out: true\n"
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, text))
    said = str(refused.value)
    assert "deal.expose.seat: the dealer sits out, holds no cards and has no turn" in said
    assert "hint: expose a card of the player after the dealer, or of the stock" in said


def test_duties_beyond_following_are_only_those_written(tmp_path: Path) -> None:
    must = load_ruleset(written(tmp_path, "extends: whist\nplay:\n  must: {beat: true}\n")).play.must
    assert must.beat and not (must.trump or must.trump_low or must.overtrump or must.raise_trump)


@pytest.mark.parametrize(("deal", "where"), [("", "play.draw"), ("deal:\n  hand_size: 13\n", "deal.hand_size")])
def test_drawing_with_the_whole_deck_dealt_is_refused_where_it_is_written(
    tmp_path: Path, deal: str, where: str
) -> None:
    """Without `deal.hand_size` the whole deck is dealt: the refusal is at `play.draw`; with a hand size that deals
    it all, at the hand size."""
    text = f"extends: whist\n{deal}play:\n  draw: {{first: winner, face_up: top}}\n"
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, text))
    assert f"{where}: drawing needs a stock, but the whole deck is dealt" in str(refused.value)


def test_an_exchange_that_would_leave_the_seat_more_cards_says_how_many(tmp_path: Path) -> None:
    with pytest.raises(
        RulesetError, match="the seat takes 2 card\\(s\\) but lays 1 away, so it would play on with 11 cards"
    ):
        load_ruleset(written(tmp_path, "extends: skat\nexchange:\n  discard: 1\n"))


def test_card_points_for_a_rank_the_deck_lacks_are_refused_naming_the_ranks_it_has(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, "extends: pinochle\nscoring:\n  card_points:\n    ranks: {'2': 5}\n"))
    said = str(refused.value)
    assert "the deck has no rank '2'" in said and "expected one of" in said


THREE_SUITS = """\
deck:
  format: trickbook-deck/1
  id: three-suits
  title: Three suits of 24 cards
  suits:
    - {code: S, name: spades, symbol: "♠", colour: black}
    - {code: H, name: hearts, symbol: "♥", colour: red}
    - {code: C, name: clubs, symbol: "♣", colour: black}
  ranks:
    - {code: A, name: ace, order: 14}
    - {code: K, name: king, order: 13}
    - {code: Q, name: queen, order: 12}
    - {code: J, name: jack, order: 11}
    - {code: T, name: ten, order: 10}
    - {code: "9", name: nine, order: 9}
    - {code: "8", name: eight, order: 8}
    - {code: "7", name: seven, order: 7}
"""


def test_a_card_of_the_same_colour_as_trump_needs_every_suit_to_have_one(tmp_path: Path) -> None:
    """Euchre's left bower is the jack of trump's colour; with hearts the only red suit there is none for hearts."""
    with pytest.raises(RulesetError, match="same-colour"):
        load_ruleset(written(tmp_path, "extends: euchre\n" + THREE_SUITS))


def test_a_meld_held_twice_needs_a_deck_holding_cards_twice(tmp_path: Path) -> None:
    kind = "double: {ranks: [J], sets: 2, points: 400}"
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, f"extends: belote\nmelds:\n  kinds:\n    {kind}\n"))
    assert "sets: the Skat deck of 32 cards holds every card 1 time\n  expected at most 1" in str(refused.value)


def test_a_hand_size_too_large_for_the_players_who_play_counts_those_players(tmp_path: Path) -> None:
    text = (
        'extends: whist\ndeal: {hand_size: "20", dealer_sits_out: true, expose: null}\ntrump: {mode: fixed, suit: H}\n'
    )
    with pytest.raises(RulesetError, match="3 players cannot each be dealt 20 cards"):
        load_ruleset(written(tmp_path, text))


def test_a_card_the_deck_lacks_is_refused_with_an_example_of_one_it_has(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(written(tmp_path, "extends: whist\ndeal:\n  remove: [ZZ]\n"))
    assert "has no card 'ZZ'\n  expected a card code such as 'AD'" in str(refused.value)


def test_a_ruleset_that_says_nothing_of_a_dummy_has_none(tmp_path: Path) -> None:
    """Tarneeb 41 has a declarer and sides of two, as Bridge does, but no dummy."""
    assert not load_ruleset("tarneeb-41").play.dummy
    with pytest.raises(RulesetError, match="the dummy is the declarer's partner: it needs sides of two"):
        load_ruleset(written(tmp_path, "extends: contract-bridge\nsides: null\n"))


def test_a_meld_held_more_times_than_a_doubled_deck_holds_says_times(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as refused:
        load_ruleset(
            written(tmp_path, "extends: pinochle\nmelds:\n  kinds:\n    triple: {ranks: [A], sets: 3, points: 5000}\n")
        )
    assert "holds every card 2 times\n  expected at most 2" in str(refused.value)


def test_a_card_of_trump_needs_no_suit_of_the_same_colour(tmp_path: Path) -> None:
    """Only `same-colour` asks every suit for a mate: the jack of trump alone above the suit loads on three suits."""
    text = "extends: euchre\n" + THREE_SUITS + "trump:\n  highest: [{rank: J, suit: trump}]\n"
    assert load_ruleset(written(tmp_path, text)).deck.size == 24


def test_a_bid_value_listed_twice_is_refused_though_the_list_still_rises(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"(?s)bid values are listed once each, rising.*\[100, 110, 110\]"):
        load_ruleset(written(tmp_path, "extends: pinochle\nbidding:\n  bids:\n    values: [100, 110, 110]\n"))
    assert load_ruleset(written(tmp_path, "extends: pinochle\nbidding:\n  bids:\n    values: [100, 110]\n"))


def test_an_auction_ends_only_at_a_listed_value_not_at_any_number_between_them(tmp_path: Path) -> None:
    """105 lies between the lowest and highest of Pinochle's bids but is none of them: no bid can reach it. A
    listed value far above any count of tricks (250) is one."""
    with pytest.raises(RulesetError, match=r"(?s)`ends_at` must be one of the bids.*one of 100, 110, 120"):
        load_ruleset(written(tmp_path, "extends: pinochle\nbidding:\n  ends_at: 105\n"))
    ending = load_ruleset(written(tmp_path, "extends: pinochle\nbidding:\n  ends_at: 250\n"))
    assert ending.bidding.ends_at == 250


@pytest.mark.parametrize(("prefer", "weakest"), [(None, "9C"), ("non-trump", "9C"), ("any", "2S")])
def test_a_timed_out_card_is_a_non_trump_unless_the_ruleset_says_any(
    tmp_path: Path, prefer: str | None, weakest: str
) -> None:
    from trickbook.engine.timeouts import timeout_card

    text = "format: trickbook-ruleset/2\nid: timed\ntitle: Timed\nextends: cardems-spades\n"
    if prefer is not None:
        text += f"timeout:\n  play:\n    prefer: {prefer}\n"
    path = tmp_path / "timed.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_ruleset(str(path))
    deck = rules.deck
    legal = tuple(deck.codes.index(code) for code in ("2S", "9C", "KD"))
    spades = deck.suit_of[deck.codes.index("2S")]
    assert deck.codes[timeout_card(rules, legal, spades)] == weakest

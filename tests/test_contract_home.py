"""The contract rule has one home (`engine/phases/contract.py`): the engine, the worked examples and the players'
estimate of a hand all read a seat's and a side's contract from it, so they agree for every kind of bidding."""

from __future__ import annotations

from helpers import act, rules, stacked_game
from trickbook.book.scenario import Scenario, scenario_facts
from trickbook.engine.phases.contract import contracts, level_of
from trickbook.expr.facts import NO_SEAT
from trickbook.seating import Seating


def test_an_auction_binds_the_declarers_side_and_seat_to_the_winning_bid_and_no_one_else() -> None:
    seating = Seating(4, ((0, 2), (1, 3)), 1)
    assert contracts(seating, [0, 9, 8, 0], 1, 9) == ([0, 9], [0, 9, 0, 0])
    assert level_of(seating, [0, 9], 1) == 9 and level_of(seating, [0, 9], 3) == 9


def test_declarations_bind_each_seat_to_its_bid_and_each_side_to_the_sum_of_its_players() -> None:
    seating = Seating(4, ((0, 2), (1, 3)), 1)
    assert contracts(seating, [3, 4, 2, 5], NO_SEAT, 0) == ([5, 9], [3, 4, 2, 5])
    assert level_of(seating, [5, 9], NO_SEAT) == 0


def test_at_a_table_without_sides_the_contract_is_the_seats() -> None:
    alone = Seating(3, (), 1)
    assert contracts(alone, [2, 5, 1], NO_SEAT, 0) == ([2, 5, 1], [2, 5, 1])
    assert contracts(alone, [0, 5, 0], 1, 5) == ([0, 5, 0], [0, 5, 0])


def test_the_declarer_of_calls_is_bound_to_the_level_of_the_contract_not_the_bids_number() -> None:
    """Bridge: 1♥ by North, passed out; North's own contract is one (a level), as a worked example says."""
    bridge = rules("contract-bridge")
    game = stacked_game(bridge, {}, dealer=0)
    act(game, "bid 1H", "pass", "pass", "pass")
    facts = game._facts()
    assert list(facts.seat_contract) == [1, 0, 0, 0] and list(facts.contract) == [1, 0]
    example = scenario_facts(bridge, Scenario(tricks=(7, 6, 0, 0), declarer=0, contract="1H", dealer=0))
    assert list(example.seat_contract) == list(facts.seat_contract)
    assert list(example.contract) == list(facts.contract)


def test_an_auctions_engine_and_worked_example_agree_on_every_seats_contract() -> None:
    tarneeb = rules("cardems-tarneeb")
    game = stacked_game(tarneeb, {}, dealer=0)
    act(game, "bid 8", "pass", "pass", "pass")
    facts = game._facts()
    example = scenario_facts(tarneeb, Scenario(tricks=(8, 2, 0, 3), bids=(None, 8, None, None), declarer=1, trump="S"))
    assert list(facts.seat_contract) == list(example.seat_contract) == [0, 8, 0, 0]
    assert list(facts.contract) == list(example.contract)

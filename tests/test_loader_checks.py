"""Rules the schema cannot see are checked when a ruleset loads, each refused at the key that breaks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook import load_ruleset
from trickbook.errors import RulesetError

VERSIONED = "versions:\n  - {version: 1, description: a}\n  - version: 2\n    description: b\n    changes:\n"

CASES: dict[str, tuple[str, str, str]] = {
    # name: (what the house file says after its header, where the error points, what it says)
    "a parent file that does not exist": (
        "extends: missing.yaml\n",
        "house.yaml:4:10: extends",
        "there is no ruleset file 'missing.yaml'",
    ),
    "a ruleset that extends itself": (
        "extends: house.yaml\n",
        "house.yaml:4:10: extends",
        "these rulesets extend each other in a loop",
    ),
    "a version that changes the id": (
        "extends: tarneeb-41\n" + VERSIONED.replace("changes:\n", "changes: {id: other}\n"),
        "house.yaml:9:19: versions[1].changes.id",
        "a version or option cannot change 'id'",
    ),
    "a definition named like a built-in": (
        "extends: tarneeb-41\ndefinitions: {trump: '1'}\n",
        "house.yaml:5:22: definitions.trump",
        "'trump' is a built-in name of the expression language",
    ),
    "a definition named like a counter": (
        "extends: cardems-spades\ndefinitions: {bags: '1'}\n",
        "counters.bags",
        "the name 'bags' is already used at definitions.bags (",
    ),
    "bids from 9 to 8": (
        "extends: tarneeb-41\nbidding:\n  bids: {min: 9, max: 8}\n  ends_at: 8\n",
        "house.yaml:6:9: bidding.bids",
        "the lowest bid is above the highest",
    ),
    "a bid above the tricks in a hand": (
        "extends: tarneeb-41\nbidding:\n  bids: {max: 14}\n",
        "house.yaml:6:15: bidding.bids.max",
        "a bid cannot exceed the tricks in a hand",
    ),
    "an auction ending at a bid nobody can make": (
        "extends: tarneeb-41\nbidding:\n  ends_at: 6\n",
        "house.yaml:6:12: bidding.ends_at",
        "`ends_at` must be one of the bids",
    ),
    "all-pass handling in declarations": (
        "extends: syrian-tarneeb-41\nbidding:\n  all_pass: {action: cancel}\n",
        "house.yaml:6:13: bidding.all_pass",
        "`all_pass` belongs to auctions; these are one-shot declarations",
    ),
    "a forced contract without its bid": (
        "extends: tarneeb-41\nbidding:\n  all_pass: {action: force}\n",
        "house.yaml:6:13: bidding.all_pass",
        "a forced contract needs a `bid` among the bids",
    ),
    "a forced bid one past the highest": (
        "extends: tarneeb-41\nbidding:\n  all_pass: {action: force, bid: 14}\n",
        "house.yaml:6:13: bidding.all_pass",
        "a forced contract needs a `bid` among the bids",
    ),
    "a forced bid one below the lowest": (
        "extends: tarneeb-41\nbidding:\n  all_pass: {action: force, bid: 6}\n",
        "house.yaml:6:13: bidding.all_pass",
        "a forced contract needs a `bid` among the bids",
    ),
    "a forced bid without forcing": (
        "extends: tarneeb-41\nbidding:\n  all_pass: {action: cancel, bid: 7}\n",
        "house.yaml:6:35: bidding.all_pass.bid",
        "`bid` is only used with `action: force`",
    ),
    "a named bid in an auction": (
        "extends: tarneeb-41\nbidding:\n  named: {zero: {value: 0}}\n",
        "house.yaml:6:10: bidding.named",
        "named bids belong to declarations, not to an auction",
    ),
    "a named bid above the tricks in a hand": (
        "extends: cardems-spades\nbidding:\n  named: {nil: {value: 14}}\n",
        "house.yaml:6:24: bidding.named.nil.value",
        "a bid cannot exceed the tricks in a hand",
    ),
    "a fixed suit while the declarer chooses": (
        "extends: tarneeb-41\ntrump:\n  suit: H\n",
        "house.yaml:6:9: trump.suit",
        "`suit` has no meaning when trump mode is 'chosen'",
    ),
    "a chosen trump without an auction": (
        "extends: syrian-tarneeb-41\ntrump:\n  mode: chosen\n  map: null\n",
        "house.yaml:6:9: trump.mode",
        "trump is chosen by an auction's declarer, or by the dealer when nobody bids",
    ),
    "a fixed trump without its suit": (
        "extends: tarneeb-41\ntrump:\n  mode: fixed\n  suits: null\n",
        "house.yaml:6:3: trump",
        "a fixed trump needs `suit`",
    ),
    "a trump map that leaves a suit out": (
        "extends: syrian-tarneeb-41\ntrump:\n  map: {S: C, C: S, D: H, H: null}\n",
        "house.yaml:6:8: trump.map",
        "the map gives no trump for an exposed 'H'",
    ),
    "trump from an exposed card when none is exposed": (
        "extends: tarneeb-41\ntrump:\n  mode: exposed\n  suits: null\n  map: {C: S, S: C, D: H, H: D}\n",
        "house.yaml:6:9: trump.mode",
        "trump from an exposed card needs `deal.expose`",
    ),
    "a map that misses a suit": (
        "extends: syrian-tarneeb-41\ntrump:\n  map: {H: null}\n",
        "house.yaml:6:8: trump.map",
        "the map gives no trump for an exposed 'H'",
    ),
    "the declarer leading without an auction": (
        "extends: syrian-tarneeb-41\nplay:\n  first_lead: declarer\n",
        "house.yaml:6:15: play.first_lead",
        "only an auction, trump making or a dealer who chooses trump",
    ),
    "a trump lead restriction with no trump": (
        "extends: cardems-spades\ntrump:\n  mode: none\n  suit: null\n",
        "play.lead_restrictions[0].suit",
        "there is no trump in this ruleset",
    ),
    "an event card of a rank the deck lacks": (
        "extends: tarneeb-41\n"
        + VERSIONED
        + "      events: {king_captured: {first: {rank: Z, suit: H}, then: AH, by: opponent}}\n",
        "house.yaml:10:39: events.king_captured.first",
        "the deck has no rank 'Z'",
    ),
    "an event card of trump with no trump": (
        "extends: cardems-spades\nplay:\n  lead_restrictions: null\ntrump:\n  mode: none\n  suit: null\n"
        "events:\n  x: {first: {rank: K, suit: trump}, then: AH, by: opponent}\n",
        "house.yaml:11:14: events.x.first",
        "there is no trump in this ruleset",
    ),
    "side points in a game scored by seat": (
        "extends: syrian-tarneeb-41\nscoring:\n  rules:\n    extra: {for: side, points: 1}\n",
        "house.yaml:7:18: scoring.rules.extra.for",
        "a ruleset scored by seat gives points to seats only",
    ),
    "a counter penalty without its limit": (
        "extends: cardems-spades\ncounters:\n  bags: {at_limit: null}\n",
        "house.yaml:6:9: counters.bags",
        "`limit` and `at_limit` go together",
    ),
    "a timeout bid that is not a bid": (
        "extends: tarneeb-41\ntimeout:\n  bid: 3\n",
        "house.yaml:6:8: timeout.bid",
        "the timeout bid is not a legal bid",
    ),
    "a suit order missing a suit": (
        "extends: tarneeb-41\ntimeout:\n  play: {suit_order: [C, D, H]}\n",
        "house.yaml:6:22: timeout.play.suit_order",
        "the suit order must list every suit of the deck once",
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_a_rule_the_schema_cannot_see_is_refused_where_it_is_broken(name: str, tmp_path: Path) -> None:
    body, where, problem = CASES[name]
    path = tmp_path / "house.yaml"
    path.write_text("format: trickbook-ruleset/1\nid: house\ntitle: House\n" + body, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    first = str(caught.value).splitlines()[0]
    assert f"{where}: {problem}" in first, first


@pytest.mark.parametrize("bid", [7, 13])
def test_a_forced_contract_may_be_the_lowest_or_the_highest_bid(bid: int, tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    text = f"extends: tarneeb-41\nbidding:\n  all_pass: {{action: force, bid: {bid}}}\n"
    path.write_text("format: trickbook-ruleset/1\nid: house\ntitle: House\n" + text, encoding="utf-8")
    assert load_ruleset(path).bidding.forced_bid == bid

"""The fast record checks agree with the match-record JSON Schema (a differential test over mutated hands)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from helpers import rules
from trickbook import Game, RecordError, resources
from trickbook.errors import Location
from trickbook.record.shape import check_action, check_hand
from trickbook.record.writer import match_record

SCHEMA = resources.schema("match-record")
HAND = Draft202012Validator({"$ref": "#/$defs/hand", "$defs": SCHEMA["$defs"]})
HERE = Location("r.json", 1, 1)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=3)
    | st.sampled_from(["AS", "H", "bid", "play", "zero", "side"]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["teams", "seats", "rule", "for", "target", "points", "x"]), inner, max_size=4
        )
    ),
    max_leaves=12,
)
KEYS = [
    "dealer",
    "deal",
    "exposed",
    "actions",
    "cancelled",
    "trump",
    "tricks_won",
    "score",
    "totals",
    "complete",
    "cancel_reason",
    "declarer",
    "contract",
    "lines",
    "counters",
    "events",
]


def _sample_hands() -> list[dict[str, Any]]:
    hands = []
    for ruleset in ("cardems-spades", "syrian-tarneeb-41", "tarneeb-41"):
        game = Game(rules(ruleset), seed=1, hand_cap=3)
        while not game.is_over():
            game.apply(game.default_action() if game.phase != "bidding" else game.legal_actions()[-1])
        hands += match_record(game)["hands"]
    return hands


SAMPLES = _sample_hands()


def _direct(hand: Any) -> bool:
    try:
        check_hand(hand, HERE, "hand")
        for i, action in enumerate(hand["actions"]):
            check_action(action, HERE, f"hand.actions[{i}]")
    except RecordError:
        return False
    return True


def _has_float(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, list):
        return any(_has_float(v) for v in value)
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    return False


@given(st.sampled_from(range(len(SAMPLES))), st.sampled_from(KEYS), st.one_of(st.just("delete"), JSON), st.booleans())
def test_the_direct_hand_check_agrees_with_the_schema(index: int, key: str, value: Any, in_action: bool) -> None:
    hand = copy.deepcopy(SAMPLES[index])
    if in_action and hand["actions"]:
        target = hand["actions"][0]
        field = (
            key
            if key in ("seat", "action", "value", "suit", "card", "auto")
            else ["seat", "action", "card", "value", "auto"][index % 5]
        )
    else:
        target, field = hand, key
    if value == "delete":
        target.pop(field, None)
    else:
        target[field] = value
    direct, schema = _direct(hand), HAND.is_valid(hand)
    if direct:
        assert schema, "the direct check accepted a hand the schema refuses"
    elif schema:
        assert _has_float(value), "the schema accepted a hand the direct check refuses"


def test_real_hands_pass_both() -> None:
    for hand in SAMPLES:
        assert _direct(hand) and HAND.is_valid(hand)


@pytest.mark.parametrize("ruleset", resources.bundled_ruleset_ids())
def test_a_record_of_every_bundled_ruleset_is_valid_against_the_public_schema(ruleset: str) -> None:
    """Random legal play of two hands (Trex's shown cards, German Whist's draws, Estimation's estimates...) writes
    a record the published match-record schema accepts: a new kind of action must be added to the schema too."""
    game = Game(rules(ruleset), seed=5, hand_cap=2)
    chooser = random.Random(5)
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
    errors = sorted(Draft202012Validator(SCHEMA).iter_errors(match_record(game)), key=str)
    assert not errors, errors[0].message

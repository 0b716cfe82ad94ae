"""Fuzzing: arbitrary text never escapes as anything but trickbook's own errors, and random valid rulesets play."""

from __future__ import annotations

import contextlib
import random
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import example, given
from hypothesis import strategies as st

from helpers import rules
from trickbook import Game, TrickbookError, load_ruleset, resources
from trickbook.errors import Location, Mark
from trickbook.expr.compiler import Scope, compile_expression
from trickbook.expr.functions import Stage, Type
from trickbook.expr.site import Site
from trickbook.expr.syntax import parse
from trickbook.record.replay import RulesetCache, replay_record
from trickbook.record.writer import match_record
from trickbook.ruleset.yamlsource import parse_yaml

YAML_PIECES = st.sampled_from(
    [
        "a",
        ": ",
        "\n",
        "  ",
        "- ",
        "[",
        "]",
        "{",
        "}",
        ",",
        "&x ",
        "*x",
        "!!python/object:os.system ",
        "<<: ",
        "? ",
        "'",
        '"',
        "|\n",
        ">\n",
        "#",
        "---\n",
        "...\n",
        "1e9999",
        ".nan",
        "0x1F",
        "~",
        "\t",
        "\x00",
        "\ufeff",
        "9" * 30,
        "format: trickbook-ruleset/1\n",
        "extends: tarneeb-41\n",
    ]
)
EXPRESSION_PIECES = st.sampled_from(
    [
        "tricks",
        "(",
        ")",
        "side",
        "seat",
        "bid",
        "sum",
        " for ",
        " s ",
        " in ",
        "seats",
        "players",
        "+",
        "-",
        "*",
        "/",
        "%",
        "==",
        "<",
        ">=",
        " and ",
        " or ",
        "not ",
        "if ",
        " then ",
        " else ",
        "1",
        "0",
        "13",
        "KH",
        "H",
        "Z",
        "true",
        ",",
        ".",
        "__class__",
        "zero",
        "bags",
        "captured",
        "total",
        "contract",
        "max",
        "abs",
        " ",
        "\u202e",
    ]
)


def _scope() -> Scope:
    return Scope(
        Stage.HAND,
        "side",
        True,
        False,
        rules("tarneeb-41").deck,
        rules("tarneeb-41").seating,
        counters={"bags": (0, Type.SIDE)},
        events={"captured": 0},
        named_bids={"zero": 0},
    )


@given(st.one_of(st.text(max_size=200), st.lists(YAML_PIECES, max_size=40).map("".join)))
@example("a: &x [*x]")
@example("? !!python/name:os.system\n: 1\n")
def test_the_yaml_loader_raises_only_trickbook_errors(text: str) -> None:
    with contextlib.suppress(TrickbookError):
        parse_yaml(text, "fuzz.yaml")


@given(st.binary(max_size=300))
def test_reading_arbitrary_bytes_as_a_ruleset_raises_only_trickbook_errors(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.yaml"
        path.write_bytes(content)
        with contextlib.suppress(TrickbookError):
            load_ruleset(path)


@given(st.integers(0, 2**32), st.integers(1, 6))
def test_a_mutilated_bundled_ruleset_raises_only_trickbook_errors(seed: int, cuts: int) -> None:
    text = (resources.rulesets_dir() / "tarneeb-41.yaml").read_text(encoding="utf-8")
    chooser = random.Random(seed)
    for _ in range(cuts):
        start = chooser.randrange(len(text))
        end = min(len(text), start + chooser.randrange(1, 40))
        text = text[:start] + chooser.choice(["", " ", "x", ":", "\n", "-", "{", "]", "7", "side"]) + text[end:]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutant.yaml"
        path.write_text(text, encoding="utf-8")
        with contextlib.suppress(TrickbookError):
            load_ruleset(path)


@given(st.one_of(st.text(max_size=120), st.lists(EXPRESSION_PIECES, max_size=30).map("".join)))
@example("sum(s for s in seats)")
@example("bid(seat) == zero")
@example("if if then else")
def test_the_expression_compiler_raises_only_expression_errors(text: str) -> None:
    site = Site(text, Mark("fuzz.yaml", 1, 1), "fuzz")
    try:
        compiled = compile_expression(site, parse(site), _scope())
    except TrickbookError:
        return
    assert compiled.type in Type


SIDE_SCORES = [
    "if tricks(side) >= contract(side) then {a} * contract(side) + tricks(side) - contract(side) "
    "else -{b} * contract(side)",
    "tricks(side) * {a} - {b}",
    "max(tricks(side) - {b}, 0) * {a}",
]
AUCTION_SIDE_SCORES = [
    "if side == declaring_side then (if tricks(side) >= contract(side) then tricks(side) else -contract(side)) "
    "else tricks(side) - {b}",
]
SEAT_SCORES = [
    "if tricks(seat) >= bid(seat) then bid(seat) + {a} else -bid(seat)",
    "tricks(seat) * {a} - bid(seat)",
]
CARD_SCORES = ["points(seat) * {a} - {b}", "{a} * took(seat, H) + (if last_trick == seat then {b} else 0)"]


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, list[list[int]] | None]:
    """A table: 2 to 7 seats, in sides of two across, in two alternating sides, or each for themselves."""
    seats = draw(st.integers(2, 7))
    shapes = ["alone"] + (["across", "alternate"] if seats % 2 == 0 and seats > 2 else [])
    shape = draw(st.sampled_from(shapes))
    if shape == "across":
        return seats, [[s, s + seats // 2] for s in range(seats // 2)]
    if shape == "alternate":
        return seats, [list(range(0, seats, 2)), list(range(1, seats, 2))]
    return seats, None


@st.composite
def random_rulesets(draw: st.DrawFn) -> dict[str, Any]:
    """A valid ruleset assembled from the schema's building blocks with random parameters, on a random table."""
    suits = ["S", "H", "C", "D"]
    seats, sides = draw(tables())
    most = 52 // seats
    varying = draw(st.booleans())
    size = draw(st.integers(1, most))
    auction = draw(st.booleans())
    kind = draw(st.sampled_from(["auction", "declarations", "none"]))
    auction = kind == "auction"
    low = draw(st.integers(0 if kind == "declarations" else 1, size))
    high = draw(st.integers(low, size))
    bidding: dict[str, Any] = {"kind": kind}
    if kind != "none":
        bidding["bids"] = {"min": low, "max": "hand_size" if varying and kind == "declarations" else high}
    if auction:
        bidding["ends_at"] = draw(st.integers(low, high))
        if draw(st.booleans()):
            bidding["all_pass"] = {"action": "force", "bid": draw(st.integers(low, high))}
        else:
            bidding["all_pass"] = {"action": "cancel"}
    elif kind == "declarations":
        if draw(st.booleans()):
            bidding["named"] = {"zero": {"value": 0}}
        if draw(st.booleans()):
            bidding["cancel_if"] = f"sum(bid(s) for s in seats) < {draw(st.integers(0, seats * high))}"
        if draw(st.booleans()):
            bidding["forbid"] = {
                "hook": {"when": "seat == dealer and sum(bid(s) for s in seats) + this_bid == hand_size"}
            }
    modes = ["fixed", "exposed", "none"] + (["chosen"] if auction else [])
    mode = draw(st.sampled_from(modes))
    trump: dict[str, Any] = {"mode": mode}
    deal: dict[str, Any] = {}
    if varying:
        deal["hand_size"] = f"1 + (hand_number - 1) % {size}"
    elif size < most or draw(st.booleans()):
        deal["hand_size"] = size
    if mode == "chosen":
        trump["suits"] = draw(st.lists(st.sampled_from(suits), min_size=1, max_size=4, unique=True))
    elif mode == "fixed":
        trump["suit"] = draw(st.sampled_from(suits))
    elif mode == "exposed":
        if draw(st.booleans()):
            trump["map"] = dict(zip(suits, draw(st.permutations(suits)), strict=True))
        if draw(st.booleans()) or varying:
            deal["expose"] = {"seat": "stock", "card": 1}
        else:
            deal["expose"] = {
                "seat": draw(st.sampled_from(["dealer", "after-dealer"])),
                "card": draw(st.one_of(st.just("last"), st.integers(1, size))),
            }
    play: dict[str, Any] = {
        "first_lead": draw(st.sampled_from(["after-dealer", "dealer"] + (["declarer"] if auction else [])))
    }
    if draw(st.booleans()):
        play["lead_restrictions"] = [
            {
                "suit": draw(st.sampled_from(suits + (["trump"] if mode != "none" else []))),
                "until": "broken",
                "broken_by": draw(st.sampled_from(["discard", "any"])),
            }
        ]
    play["follow_suit"] = draw(st.booleans())
    if play["follow_suit"] and mode != "none" and draw(st.booleans()):
        play["must"] = {key: draw(st.booleans()) for key in ("beat", "trump", "trump_low", "overtrump")}
    if draw(st.booleans()):
        play["first_trick_avoid"] = [draw(st.sampled_from(suits))]
    personal = sides is None or draw(st.booleans())
    a, b = draw(st.integers(1, 10)), draw(st.integers(0, 10))
    if personal:
        pool = (SEAT_SCORES if kind != "none" else []) + CARD_SCORES
        scoring: dict[str, Any] = {
            "by": "seat",
            "rules": {"main": {"for": "seat", "points": draw(st.sampled_from(pool)).format(a=a, b=b)}},
            "card_points": {"suits": {"H": 1}, "cards": {"QS": 13}},
        }
    else:
        pool = (SIDE_SCORES if kind != "none" else ["tricks(side) * {a} - {b}"]) + (
            AUCTION_SIDE_SCORES if auction else []
        )
        scoring = {
            "by": "side",
            "rules": {"main": {"for": "side", "points": draw(st.sampled_from(pool)).format(a=a, b=b)}},
        }
        if bidding.get("named"):
            scoring["rules"]["named"] = {
                "for": "seat",
                "when": "bid(seat) == zero",
                "points": "if tricks(seat) == 0 then 50 else -50",
            }
    match: dict[str, Any] = {}
    if sides is not None:
        match["wins"] = (
            f"any(total(s) >= {draw(st.integers(5, 80))} for s in players(side))"
            if personal
            else f"total(side) >= {draw(st.integers(10, 600))}"
        )
        if draw(st.booleans()):
            match["loses"] = f"total(side) <= -{draw(st.integers(10, 300))}"
    else:
        match["wins"] = f"total(seat) >= {draw(st.integers(5, 80))}"
    if draw(st.booleans()):
        match["ends"] = f"hand_number >= {draw(st.integers(1, 10))}"
    match["when_both"] = draw(st.sampled_from(["play-on", "higher-total", "lower-total"]))
    match["tie"] = draw(st.sampled_from(["play-on", "share"]))
    ruleset: dict[str, Any] = {
        "format": "trickbook-ruleset/1",
        "id": "random",
        "title": "Random",
        "deck": "standard-52",
        "seats": seats,
        "direction": draw(st.sampled_from(["clockwise", "counter-clockwise"])),
        "dealer": {
            "first": draw(st.one_of(st.just("random"), st.integers(0, seats - 1))),
            "after_hand": draw(st.sampled_from(["next", "same"])),
            "after_cancelled": draw(st.sampled_from(["next", "same"])),
        },
        "bidding": bidding,
        "trump": trump,
        "play": play,
        "scoring": scoring,
        "match": match,
    }
    if sides is not None:
        ruleset["sides"] = sides
    if size > 3 and draw(st.booleans()):
        ruleset["passing"] = {
            "cards": draw(st.integers(1, 3)),
            "to": draw(
                st.sampled_from(
                    ["left(seat)", "right(seat)", "seat", "if hand_number % 2 == 0 then seat else left(seat)"]
                )
            ),
        }
    if deal:
        ruleset["deal"] = deal
    if not personal and kind != "none" and draw(st.booleans()):
        ruleset["counters"] = {
            "extra": {
                "for": "side",
                "add": "max(tricks(side) - contract(side), 0)",
                "limit": draw(st.integers(3, 12)),
                "at_limit": {"points": -draw(st.integers(1, 100)), "subtract": draw(st.integers(1, 3))},
            }
        }
    return ruleset


@given(random_rulesets(), st.integers(0, 2**31))
def test_random_valid_rulesets_load_play_end_or_cap_and_replay(data: dict[str, Any], seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        ruleset = load_ruleset(path)
        game = Game(ruleset, seed, hand_cap=8)
        chooser = random.Random(seed)
        while not game.is_over():
            legal = game.legal_actions()
            assert legal
            game.apply(chooser.choice(legal))
        assert game.winner is not None or len(game.history) == 8
        totals = [0] * len(ruleset.seating.sides)
        seat_totals = [0] * ruleset.seats
        for hand in game.history:
            assert sorted([*(c for cards in hand.deal for c in cards), *hand.stock]) == list(range(52))
            assert len({len(cards) for cards in hand.deal}) == 1
            totals = [t + s for t, s in zip(totals, hand.score, strict=True)]
            seat_totals = [t + s for t, s in zip(seat_totals, hand.seat_score or [0] * ruleset.seats, strict=True)]
            if not hand.cancelled:
                assert sum(hand.tricks_won) == len(hand.deal[0])
        assert tuple(totals) == game.totals
        if ruleset.personal:
            assert tuple(seat_totals) == game.seat_totals
        record = match_record(game)
        assert (
            replay_record(record, Location("fuzz", 1, 1), RulesetCache({"random": path})).state_key()
            == game.state_key()
        )

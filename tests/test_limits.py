"""Every documented limit tried one below it, at it and one past it: the two sides that fit load or run for real,
the one past is refused with the located message. The limits are read from `limits.py` and the ruleset schema, so
a test follows a change of either."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from trickbook import Game, OptionError, limits, load_ruleset, resources
from trickbook.errors import InputError, Location, UsageError
from trickbook.players.base import parse_player_specs
from trickbook.record.reader import parse_record, read_records
from trickbook.ruleset.loader import open_document, open_ruleset, open_text
from trickbook.ruleset.yamlsource import parse_yaml
from trickbook.session.table import Table

BASE = (resources.data_dir() / "rulesets" / "oh-hell.yaml").read_text(encoding="utf-8")
"""A bundled ruleset with bids, definitions, versions and an option that takes numbers."""

SCHEMA = resources.schema("ruleset")["properties"]

SEATS = load_ruleset("oh-hell").seats
TRICKS = len(load_ruleset("oh-hell").deck.codes) // SEATS
"""The tricks in a hand of the base ruleset, the most cards a hand may have and the most a bid may be."""


def _edited(old: str, new: str) -> str:
    """The base ruleset with one line replaced (the line must be there, or the test would try nothing)."""
    assert BASE.count(old) == 1, old
    return BASE.replace(old, new)


def _versions(count: int) -> str:
    """The base ruleset with `count` versions numbered from 1."""
    listed = "".join(f"  - version: {n}\n    description: Version {n}.\n" for n in range(1, count + 1))
    return _edited("  - version: 1\n    description: The rules of FAMILY-RULES §3.\n", listed)


def _line(text: str, needle: str) -> int:
    """The line number of the one line holding `needle`."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


@dataclass(frozen=True)
class RulesetLimit:
    """A limit a ruleset's text runs into: the text with the limited quantity at n, the line it is refused on."""

    name: str
    limit: int
    step: int
    """+1 when the limit is a most, -1 when it is a least."""
    text: Callable[[int], str]
    marker: Callable[[int], str]
    """Text on the line the refusal names."""
    refusal: Callable[[int], str]
    """The message after `file:line:column: `."""


RULESET_LIMITS = [
    RulesetLimit(
        "most seats",
        SCHEMA["seats"]["maximum"],
        1,
        lambda n: _edited("seats: 4\n", f"seats: {n}\n"),
        lambda n: f"seats: {n}",
        lambda n: f"seats: this number is out of range\n  expected at most {n - 1}\n  found {n}",
    ),
    RulesetLimit(
        "fewest seats",
        SCHEMA["seats"]["minimum"],
        -1,
        lambda n: _edited("seats: 4\n", f"seats: {n}\n"),
        lambda n: f"seats: {n}",
        lambda n: f"seats: this number is out of range\n  expected at least {n + 1}\n  found {n}",
    ),
    RulesetLimit(
        "highest bid: the tricks in a hand",
        TRICKS,
        1,
        lambda n: _edited("bids: {min: 0, max: hand_size}", f"bids: {{min: 0, max: {n}}}"),
        lambda n: f"max: {n}}}",
        lambda n: f"bidding.bids.max: a bid cannot exceed the tricks in a hand\n  expected at most {n - 1}",
    ),
    RulesetLimit(
        "lowest bid",
        SCHEMA["bidding"]["properties"]["bids"]["properties"]["min"]["minimum"],
        -1,
        lambda n: _edited("bids: {min: 0, max: hand_size}", f"bids: {{min: {n}, max: hand_size}}"),
        lambda n: f"min: {n},",
        lambda n: f"bidding.bids.min: this number is out of range\n  expected at least {n + 1}\n  found {n}",
    ),
    RulesetLimit(
        "most cards in a hand",
        TRICKS,
        1,
        lambda n: _edited("  hand_size: cards_this_hand\n", f"  hand_size: {n}\n"),
        lambda n: f"hand_size: {n}",
        lambda n: f"deal.hand_size: 4 players cannot each be dealt {n} cards\n  expected 1 to {n - 1} with the",
    ),
    RulesetLimit(
        "fewest cards in a hand",
        1,
        -1,
        lambda n: _edited("  hand_size: cards_this_hand\n", f"  hand_size: {n}\n"),
        lambda n: f"hand_size: {n}",
        lambda n: f"deal.hand_size: 4 players cannot each be dealt {n} cards\n  expected 1 to {TRICKS} with the",
    ),
    RulesetLimit(
        "the first dealer's seat",
        SEATS - 1,
        1,
        lambda n: _edited("  first: random\n", f"  first: {n}\n"),
        lambda n: f"first: {n}",
        lambda n: f"dealer.first: there is no seat {n}\n  expected a seat from 0 to {n - 1}",
    ),
    RulesetLimit(
        "the timeout's bid",
        TRICKS,
        1,
        lambda n: _edited("\nexamples:\n", f"\ntimeout:\n  bid: {n}\n\nexamples:\n"),
        lambda n: f"bid: {n}",
        lambda n: f"timeout.bid: the timeout bid is not a legal bid\n  expected 0..{n - 1}",
    ),
    RulesetLimit(
        "most versions",
        SCHEMA["versions"]["maxItems"],
        1,
        _versions,
        lambda n: "- version: 1",
        lambda n: (
            f"versions: this value has the wrong size\n  expected at most {n - 1} item(s)\n"
            f"  found a list of {n} item(s)"
        ),
    ),
    RulesetLimit(
        "highest version number",
        SCHEMA["versions"]["items"]["properties"]["version"]["maximum"],
        1,
        lambda n: _edited("  - version: 1\n", f"  - version: {n}\n"),
        lambda n: f"- version: {n}",
        lambda n: f"versions[0].version: this number is out of range\n  expected at most {n - 1}\n  found {n}",
    ),
    RulesetLimit(
        "brackets in an expression",
        limits.MAX_EXPRESSION_DEPTH,
        1,
        lambda n: _edited("  cap: 99\n", f"  cap: {'(' * n}99{')' * n}\n"),
        lambda n: "cap: (",
        lambda n: "definitions.cap: brackets are nested too deeply",
    ),
    RulesetLimit(
        "levels of operators in an expression (the whole expression and n - 1 negations)",
        limits.MAX_EXPRESSION_DEPTH,
        1,
        lambda n: _edited("  cap: 99\n", f"  cap: {'-' * (n - 1)}99\n"),
        lambda n: "cap: --",
        lambda n: "definitions.cap: this expression is nested too deeply",
    ),
    RulesetLimit(
        "digits of a number in an expression",
        limits.MAX_INT_DIGITS,
        1,
        lambda n: _edited("  cap: 99\n", f"  cap: 0 + {'9' * n}\n"),
        lambda n: "cap: 0 +",
        lambda n: "definitions.cap: this number is too large",
    ),
    RulesetLimit(
        "characters of an expression",
        limits.MAX_EXPRESSION_CHARS,
        1,
        lambda n: _edited("  cap: 99\n", f'  cap: "{" " * (n - 2)}99"\n'),
        lambda n: "cap: ",
        lambda n: f"definitions.cap: this value has the wrong size\n  expected at most {n - 1} character(s)",
    ),
]


@pytest.mark.parametrize("case", RULESET_LIMITS, ids=lambda case: case.name)
def test_a_ruleset_at_its_limit_loads_and_one_past_it_is_refused_where_it_is_written(case: RulesetLimit) -> None:
    for n in (case.limit - case.step, case.limit):
        rules = open_text(case.text(n), "limit.yaml").resolve()
        assert rules.id == "oh-hell"
    past = case.limit + case.step
    text = case.text(past)
    with pytest.raises(InputError) as refused:
        open_text(text, "limit.yaml").resolve()
    message = str(refused.value)
    assert message.startswith(f"limit.yaml:{_line(text, case.marker(past))}:"), message
    assert case.refusal(past) in message


@pytest.mark.parametrize("seats", [SCHEMA["seats"]["minimum"], SCHEMA["seats"]["maximum"]])
def test_a_ruleset_at_either_seat_limit_is_played_by_that_many(seats: int) -> None:
    rules = open_text(_edited("seats: 4\n", f"seats: {seats}\n"), "limit.yaml").resolve()
    assert rules.seats == seats
    assert len(rules.seating.next_seat) == seats


def test_the_versions_at_the_limit_are_each_offered() -> None:
    most = SCHEMA["versions"]["maxItems"]
    assert open_text(_versions(most), "limit.yaml").versions == tuple(range(1, most + 1))


def _chain(folder: Path, rulesets: int) -> Path:
    """`rulesets` files, each but the first extending the one before; the last of them."""
    (folder / "r1.yaml").write_text(BASE, encoding="utf-8")
    for n in range(2, rulesets + 1):
        lines = f"format: trickbook-ruleset/2\nid: r{n}\nextends: r{n - 1}.yaml\n"
        (folder / f"r{n}.yaml").write_text(lines, encoding="utf-8")
    return folder / f"r{rulesets}.yaml"


def test_extends_at_its_depth_loads_and_one_level_more_is_refused_at_the_extends(tmp_path: Path) -> None:
    for levels in (limits.MAX_EXTENDS_DEPTH - 1, limits.MAX_EXTENDS_DEPTH):
        folder = tmp_path / str(levels)
        folder.mkdir()
        assert load_ruleset(str(_chain(folder, levels + 1))).id == f"r{levels + 1}"
    too_deep = limits.MAX_EXTENDS_DEPTH + 1
    with pytest.raises(InputError) as refused:
        load_ruleset(str(_chain(tmp_path, too_deep + 1)))
    assert str(refused.value) == (
        f"{tmp_path / 'r2.yaml'}:3:10: extends: too many levels of `extends`\n"
        f"  expected at most {limits.MAX_EXTENDS_DEPTH} levels of `extends` "
        f"(a chain of {limits.MAX_EXTENDS_DEPTH + 1} rulesets), without loops"
    )


def _padded(size: int) -> str:
    """The base ruleset with a comment making it `size` bytes of UTF-8."""
    missing = size - len(BASE.encode()) - 1
    return BASE + "#" * missing + "\n"


def test_a_ruleset_file_of_the_most_bytes_loads_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    for size in (limits.MAX_RULESET_BYTES - 1, limits.MAX_RULESET_BYTES):
        path.write_text(_padded(size), encoding="utf-8")
        assert load_ruleset(str(path)).id == "oh-hell"
    path.write_text(_padded(limits.MAX_RULESET_BYTES + 1), encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_ruleset(str(path))
    assert str(refused.value) == (
        f"{path}:1:1: the file is too large to be a ruleset\n  expected at most {limits.MAX_RULESET_BYTES:,} "
        f"bytes\n  found {limits.MAX_RULESET_BYTES + 1:,} bytes"
    )


def test_a_ruleset_text_of_the_most_characters_loads_and_one_more_is_refused() -> None:
    extra = len(BASE.encode()) - len(BASE)  # characters written in more than one byte
    for size in (limits.MAX_RULESET_BYTES - 1, limits.MAX_RULESET_BYTES):
        assert open_text(_padded(size + extra), "editor").resolve().id == "oh-hell"
    with pytest.raises(InputError) as refused:
        open_text(_padded(limits.MAX_RULESET_BYTES + 1 + extra), "editor")
    assert str(refused.value) == (
        f"editor:1:1: the text is too large to be a ruleset\n  expected at most {limits.MAX_RULESET_BYTES:,} "
        f"characters\n  found {limits.MAX_RULESET_BYTES + 1:,}"
    )


def _nested(depth: int) -> list[object]:
    """Lists nested so that, inside the mapping holding them, the YAML is `depth` levels deep."""
    value: list[object] = []
    for _ in range(depth - 2):
        value = [value]
    return value


YAML_LIMITS = [
    ("nesting", limits.MAX_YAML_DEPTH, lambda n: f"a: {'[' * (n - 1)}{']' * (n - 1)}\n", _nested, "nested too deeply"),
    ("aliases", limits.MAX_YAML_ALIASES, lambda n: f"a: [&x 1{', *x' * n}]\n", lambda n: [1] * (n + 1), "aliases"),
    ("digits", limits.MAX_INT_DIGITS, lambda n: f"a: {'9' * n}\n", lambda n: int("9" * n), "integer is too large"),
]


@pytest.mark.parametrize(("name", "limit", "text", "value", "refusal"), YAML_LIMITS, ids=[c[0] for c in YAML_LIMITS])
def test_yaml_at_its_limit_parses_and_one_past_it_is_refused(
    name: str, limit: int, text: Callable[[int], str], value: Callable[[int], object], refusal: str
) -> None:
    for n in (limit - 1, limit):
        assert parse_yaml(text(n), "y.yaml").data["a"] == value(n)
    with pytest.raises(InputError) as refused:
        parse_yaml(text(limit + 1), "y.yaml")
    message = str(refused.value)
    assert message.startswith("y.yaml:1:") and refusal in message and f"at most {limit}" in message, message


def test_an_option_takes_the_most_numbers_and_refuses_one_more() -> None:
    source = open_ruleset("oh-hell")
    most = source.document.data["options"]["sequence"]["numbers"].get("max_items", limits.MAX_OPTION_NUMBERS)
    for count in (most - 1, most):
        _version, chosen = source.choose({"sequence": ",".join(["1"] * count)}, None)
        assert dict(chosen)["sequence"] == ",".join(["1"] * count)
    with pytest.raises(OptionError) as refused:
        source.choose({"sequence": ",".join(["1"] * (most + 1))}, None)
    assert f"up to {most} whole numbers" in str(refused.value)
    assert f"found {most + 1} numbers from 1 to 1" in str(refused.value)


def test_validate_checks_every_combination_up_to_its_limit_and_that_many_past_it() -> None:
    source = open_ruleset("whist")
    count = source.combination_count()
    everything = list(source.combinations(limit=count))
    assert len(everything) == count == len({(v, tuple(o.items())) for v, o in everything})
    fewer = list(source.combinations(limit=count - 1))
    assert len(fewer) == count - 1 == len({(v, tuple(o.items())) for v, o in fewer})
    assert list(source.combinations(limit=count + 1)) == everything
    assert source.combinations.__defaults__ == (limits.MAX_COMBINATIONS,)


def _record_line(size: int) -> bytes:
    """One record of `size` bytes, its newline not counted."""
    head = b'{"pad": "'
    return head + b"x" * (size - len(head) - 2) + b'"}\n'


def test_a_record_of_the_most_bytes_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    for size in (limits.MAX_RECORD_BYTES - 1, limits.MAX_RECORD_BYTES):
        path.write_bytes(_record_line(size))
        [(_where, record)] = list(read_records(path, "records.jsonl"))
        assert len(record["pad"]) == size - 11
    path.write_bytes(_record_line(limits.MAX_RECORD_BYTES + 1))
    with pytest.raises(InputError) as refused:
        list(read_records(path, "records.jsonl"))
    assert str(refused.value) == (
        f"records.jsonl:1:1: this record is too large\n  expected at most {limits.MAX_RECORD_BYTES:,} bytes"
    )


def test_a_record_nested_to_the_most_levels_is_read_and_one_more_is_refused() -> None:
    where = Location("records.jsonl", 3, 1)
    for depth in (limits.MAX_RECORD_DEPTH - 1, limits.MAX_RECORD_DEPTH):
        text = '{"a": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"
        assert parse_record(text, where) == json.loads(text)
    too_deep = limits.MAX_RECORD_DEPTH
    with pytest.raises(InputError) as refused:
        parse_record('{"a": ' + "[" * too_deep + "]" * too_deep + "}", where)
    assert str(refused.value) == "records.jsonl:3:1: the record is nested too deeply for the JSON parser"


def test_a_table_takes_a_hand_cap_from_one_to_the_most_hands() -> None:
    for cap in (1, 2, limits.MAX_HANDS - 1, limits.MAX_HANDS):
        table = Table("whist", seats=["human", "random", "random", "random"], hand_cap=cap)
        assert table.hand_cap == cap == table.game.hand_cap
    for cap in (0, limits.MAX_HANDS + 1):
        with pytest.raises(UsageError) as refused:
            Table("whist", seats=["human", "random", "random", "random"], hand_cap=cap)
        assert str(refused.value) == f"a table's hand cap is 1 to {limits.MAX_HANDS:,} hands, not {cap}"


PLAYER_BUDGETS = [
    ("mcts:playouts={}", limits.MAX_PLAYOUTS_PER_DECISION, "would play out {:,} hands for one decision"),
    ("heuristic:samples={},spread=0", limits.MAX_PLAYOUTS_PER_DECISION, "would play out {:,} hands for one decision"),
    ("mcts:ms={}", limits.MAX_THINKING_MS, "would think {} ms for one decision"),
]


@pytest.mark.parametrize(("spec", "limit", "refusal"), PLAYER_BUDGETS, ids=[c[0] for c in PLAYER_BUDGETS])
def test_a_player_at_its_budget_is_accepted_and_one_past_it_is_refused(spec: str, limit: int, refusal: str) -> None:
    for n in (1, limit - 1, limit):
        [player] = parse_player_specs(spec.format(n), 1)
        assert str(n) in dict(player.options).values()
    for n in (0, limit + 1):
        with pytest.raises(UsageError) as refused:
            parse_player_specs(spec.format(n), 1)
        assert str(refused.value).startswith(f"{spec.format(n)} {refusal.format(n)}"), str(refused.value)


def test_an_option_number_from_its_least_to_its_most_is_taken_and_one_outside_is_refused() -> None:
    source = open_ruleset("oh-hell")
    numbers = source.document.data["options"]["sequence"]["numbers"]
    low, high = numbers["min"], numbers["max"]
    for value in (low, low + 1, high - 1, high):
        assert dict(source.choose({"sequence": f"{value},{low}"}, None)[1])["sequence"] == f"{value},{low}"
    for value in (low - 1, high + 1):
        with pytest.raises(OptionError) as refused:
            source.choose({"sequence": f"{low},{value}"}, None)
        assert str(refused.value).endswith(
            f"whole numbers from {low} to {high} separated by commas, found 2 numbers from {min(low, value)} "
            f"to {max(low, value)}"
        )


@pytest.mark.parametrize(("first", "second"), [(1, 1), (3, 2)], ids=["twice", "lower"])
def test_versions_are_listed_each_once_in_increasing_order(first: int, second: int) -> None:
    assert open_text(_versions(2), "limit.yaml").versions == (1, 2)
    text = _versions(2).replace("  - version: 2\n", f"  - version: {second}\n", 1)
    text = text.replace("  - version: 1\n", f"  - version: {first}\n", 1)
    with pytest.raises(InputError) as refused:
        open_text(text, "limit.yaml")
    assert str(refused.value) == (
        f"limit.yaml:{_line(text, 'description: Version 2.') - 1}:14: versions[1].version: versions must be listed "
        f"in increasing order, each once\n  found {second} after {first}"
    )


def test_an_option_default_must_be_one_of_its_values() -> None:
    text = _edited("    default: up_down\n", "    default: sideways\n")
    with pytest.raises(InputError) as refused:
        open_text(text, "limit.yaml")
    message = str(refused.value)
    assert message.startswith(f"limit.yaml:{_line(text, 'default: sideways')}:14: options.sequence.default: ")
    assert "the default of option 'sequence' is not one of its values" in message and "found 'sideways'" in message


def test_a_ruleset_a_record_carries_is_carried_again_not_taken_for_a_bundled_one(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("format: trickbook-ruleset/2\nid: house\ntitle: House\nextends: whist\n", encoding="utf-8")
    carried = open_ruleset(str(path)).portable()
    assert carried is not None and carried["id"] == "house"
    again = open_document(carried, "record 1")
    assert not again.bundled and again.portable() == carried
    assert open_ruleset("whist").portable() is None


@pytest.mark.parametrize("data", [["format"], {"format": "trickbook-ruleset/99", "id": "x"}], ids=["list", "format"])
def test_a_carried_ruleset_that_is_no_mapping_or_of_no_known_format_is_refused_at_the_record(data: object) -> None:
    with pytest.raises(InputError) as refused:
        open_document(data, "record 4")
    assert str(refused.value) == "record 4:1:1: this is not a trickbook ruleset of a known format"


@pytest.mark.parametrize("change", [{"extends": "whist"}, {"deck": None}, {"deck": 7}], ids=str)
def test_a_carried_ruleset_is_merged_and_has_its_deck(tmp_path: Path, change: dict[str, object]) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("format: trickbook-ruleset/2\nid: house\ntitle: House\nextends: whist\n", encoding="utf-8")
    carried = open_ruleset(str(path)).portable()
    assert carried is not None and open_document(carried, "record 2").resolve().id == "house"
    broken = {key: value for key, value in {**carried, **change}.items() if value is not None}
    with pytest.raises(InputError) as refused:
        open_document(broken, "record 2")
    assert str(refused.value) == (
        "record 2:1:1: a carried ruleset is merged already and names a bundled deck or carries its own"
    )


def test_a_missing_ruleset_file_is_named_whole_up_to_200_characters_and_cut_after(tmp_path: Path) -> None:
    for length, shown in ((199, None), (200, None), (201, 200)):
        name = str(tmp_path / "r")
        name += "x" * (length - len(name) - 5) + ".yaml"
        assert len(name) == length
        with pytest.raises(InputError) as refused:
            load_ruleset(name)
        quoted = repr(name if shown is None else name[:shown] + "…")
        assert str(refused.value) == f"{name[:200]}:1:1: there is no ruleset file {quoted}"


def test_a_schema_error_in_the_file_itself_says_nothing_of_a_parent() -> None:
    most = SCHEMA["seats"]["maximum"]
    text = _edited("seats: 4\n", f"seats: {most + 1}\n")
    with pytest.raises(InputError) as refused:
        open_text(text, "limit.yaml")
    assert str(refused.value) == (
        f"limit.yaml:{_line(text, 'seats: ')}:8: seats: this number is out of range\n"
        f"  expected at most {most}\n  found {most + 1}"
    )


def _inherited_schema_error(folder: Path) -> str:
    """The refusal of a variant whose parent file breaks the seat limit."""
    (folder / "parent.yaml").write_text(_edited("seats: 4\n", "seats: 9\n"), encoding="utf-8")
    (folder / "child.yaml").write_text(
        "format: trickbook-ruleset/2\nid: child\ntitle: Child\nextends: parent.yaml\n", encoding="utf-8"
    )
    with pytest.raises(InputError) as refused:
        load_ruleset(str(folder / "child.yaml"))
    return str(refused.value)


def test_a_schema_error_a_variant_inherits_says_where_to_change_it(tmp_path: Path) -> None:
    parent, child = tmp_path / "parent.yaml", tmp_path / "child.yaml"
    assert _inherited_schema_error(tmp_path) == (
        f"{parent}:{_line(BASE, 'seats: 4')}:8: seats: this number is out of range\n  expected at most 7\n  found 9\n"
        f"  hint: `seats` comes from {parent}, which {child} extends: to change it, set it in {child} "
        "(`null` removes it)"
    )


def test_past_the_limit_validate_still_tries_every_option_value_with_the_others_at_their_defaults() -> None:
    source = open_ruleset("oh-hell")
    assert source.combination_count() > limits.MAX_COMBINATIONS
    tried = [(version, tuple(options.items())) for version, options in source.combinations()]
    assert len(tried) == len(set(tried)) == max(limits.MAX_COMBINATIONS, len(tried))
    defaults = source.option_defaults
    for name, spec in source.document.data["options"].items():
        for value in spec["values"]:
            assert (source.versions[-1], tuple({**defaults, name: value}.items())) in tried, (name, value)


def test_a_variant_says_which_rules_its_own_file_sets(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    head = "format: trickbook-ruleset/2\nid: c\ntitle: C\ndescription: Mine.\nextends: whist\n"
    path.write_text(head + "match:\n  ends: hand_number == 3\n", encoding="utf-8")
    assert open_ruleset(str(path)).changes == ("match.ends",)


@pytest.mark.parametrize(("text", "found"), [("id: x\n", "no format key"), ("format: x\nid: x\n", "'x'")])
def test_a_ruleset_of_no_known_format_says_what_it_found(text: str, found: str) -> None:
    with pytest.raises(InputError) as refused:
        open_text(text, "editor")
    assert "this is not a trickbook ruleset of a known format\n" in str(refused.value)
    assert str(refused.value).endswith(f"\n  found {found}")


def test_a_carried_ruleset_may_not_name_a_deck_file(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("format: trickbook-ruleset/2\nid: house\ntitle: House\nextends: whist\n", encoding="utf-8")
    carried = open_ruleset(str(path)).portable()
    assert carried is not None
    with pytest.raises(InputError) as refused:
        open_document({**carried, "deck": "../d.yaml"}, "record 5")
    assert str(refused.value) == "record 5:1:1: deck: a carried ruleset may not name a deck file"


def test_a_ruleset_without_versions_has_version_1() -> None:
    versions = "versions:\n  - version: 1\n    description: The rules of FAMILY-RULES §3.\n"
    source = open_text(_edited(versions, ""), "limit.yaml")
    assert source.versions == (1,) and source.resolve().version == 1


HEARTS = (resources.data_dir() / "rulesets" / "hearts.yaml").read_text(encoding="utf-8")
SKAT = (resources.data_dir() / "rulesets" / "skat.yaml").read_text(encoding="utf-8")


def test_a_player_passes_at_most_all_but_one_card() -> None:
    """Found by builder.py's mutation run: no test passed exactly one card fewer than a hand holds."""
    assert HEARTS.count("  cards: 3\n") == 1
    for cards in (11, 12):
        rules = open_text(HEARTS.replace("  cards: 3\n", f"  cards: {cards}\n"), "limit.yaml").resolve()
        assert rules.passing is not None and rules.passing.cards == cards
    with pytest.raises(InputError) as refused:
        open_text(HEARTS.replace("  cards: 3\n", "  cards: 13\n"), "limit.yaml").resolve()
    assert "passing.cards: a player must keep some cards\n  expected fewer than 13" in str(refused.value)


def test_a_dealer_sits_out_at_a_table_of_three_or_more_and_not_of_two() -> None:
    """Found by builder.py's mutation run: no test sat a dealer out at a table of exactly three."""
    out = "deal:\n  dealer_sits_out: true\n"
    for seats in (3, 4):
        # The skat stays two cards: three seats with one out leave two players of fifteen cards.
        size = f"  hand_size: {30 // (seats - 1)}\n"
        text = (
            SKAT.replace("seats: 3\n", f"seats: {seats}\n").replace("deal:\n", out).replace("  hand_size: 10\n", size)
        )
        rules = open_text(text, "limit.yaml").resolve()
        assert rules.deal.dealer_sits_out and rules.seats == seats
    text = SKAT.replace("seats: 3\n", "seats: 2\n").replace("deal:\n", out)
    with pytest.raises(InputError, match="a dealer who sits out leaves too few players"):
        open_text(text, "limit.yaml").resolve()


@pytest.mark.parametrize("edge", [0, 1])
def test_a_live_tables_turn_clock_is_taken_at_its_bounds_and_refused_just_past_them(tmp_path: Path, edge: int) -> None:
    from trickbook.web import live
    from trickbook.web.store import Store

    bound = live.TURN_SECONDS[edge]
    inward, outward = (0.5, -0.5) if edge == 0 else (-0.5, 0.5)
    hub = live.Hub(Store(tmp_path))
    for seconds in (bound + inward, bound):
        made = hub.create("whist", ["human", "random", "random", "random"], {}, None, seconds, 0.0, lambda: None)
        assert made.table.turn_seconds == seconds
    shortest, longest = live.TURN_SECONDS
    with pytest.raises(
        UsageError, match=f"a turn clock is {shortest:g} to {longest:g} seconds, not {bound + outward:g}"
    ):
        hub.create("whist", ["human", "random", "random", "random"], {}, None, bound + outward, 0.0, lambda: None)


def test_a_server_takes_tables_up_to_its_limit_and_makes_room_by_closing_closed_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trickbook.session.table import CLOSED
    from trickbook.web import live
    from trickbook.web.store import Store

    monkeypatch.setattr(live, "MAX_TABLES", 3)
    hub = live.Hub(Store(tmp_path))
    made = [hub.create("whist", ["human"] + ["random"] * 3, {}, None, 5, 0.0, lambda: None) for _ in range(3)]
    with pytest.raises(UsageError, match="this server keeps at most 3 tables open"):
        hub.create("whist", ["human"] + ["random"] * 3, {}, None, 5, 0.0, lambda: None)
    now = 0.0
    while made[1].table.phase != "voting":  # the person's turns time out to the end of the match
        now += 6
        hub.tick_all(now)
    hub.act(made[1], 0, {"type": "vote", "rematch": False}, now)
    assert made[1].table.phase == CLOSED
    hub.create("whist", ["human"] + ["random"] * 3, {}, None, 5, now, lambda: None)
    assert len(hub.tables) == 3 and made[1].id not in hub.tables


def test_a_digest_of_rules_holding_symbols_is_taken_of_their_utf8_text_and_never_changes(tmp_path: Path) -> None:
    """Records carry the digest of their rules and must replay under later releases, so the digest of one version
    is fixed forever: here of Tarneeb 41's version 1 on a deck file of its own, whose suit symbols (♠ ♥ ♣ ♦) go
    into the digest as UTF-8, not as JSON escapes."""
    deck = (resources.data_dir() / "rulesets" / "decks" / "standard-52.yaml").read_text(encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(deck.replace("id: standard-52", "id: my-cards"), encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text(
        "format: trickbook-ruleset/2\nid: house\ntitle: House\nextends: tarneeb-41\ndeck: cards.yaml\n",
        encoding="utf-8",
    )
    digest = load_ruleset(str(house), version=1).digest
    assert digest == "sha256:eda5e85a5141981cfacc6db8b20a0515c9b1f7a9742d895c959b5bb71c50e1f7"


def test_a_ruleset_path_the_system_cannot_read_is_refused_in_the_systems_own_words(tmp_path: Path) -> None:
    """A file name longer than the system allows (255 bytes on Linux and macOS) cannot even be looked up."""
    name = str(tmp_path / ("r" * 300 + ".yaml"))
    with pytest.raises(InputError) as refused:
        load_ruleset(name)
    said = str(refused.value)
    assert said.startswith(f"cannot read the ruleset file {name[:200] + '…'!r}: ") and "Errno" not in said
    assert said.endswith(": File name too long"), said


def test_a_dealer_outside_the_table_is_refused() -> None:
    """A program that names a dealer seat the table does not have is told so, not given an index error later."""
    with pytest.raises(ValueError, match="dealer: expected a seat from 0 to 3, found 4"):
        Game(load_ruleset("napoleon"), seed=1, dealer=4)
    with pytest.raises(ValueError, match="found -1"):
        Game(load_ruleset("napoleon"), seed=1, dealer=-1)

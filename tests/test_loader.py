"""Loading rulesets: extends, table options and rules versions as merge patches, schema and registries agree."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from helpers import simulated
from trickbook import OptionError, RulesetError, load_ruleset, open_ruleset, resources
from trickbook.book.scenario import Scenario, evaluate
from trickbook.engine.game import Game
from trickbook.engine.phases import BIDDING_KINDS
from trickbook.ruleset.rules import (
    BiddingKind,
    BreakBy,
    FirstLead,
    LeadsWith,
    MustRules,
    Relation,
    Tie,
    TrumpMode,
    WhenBoth,
)

HEAD = "format: trickbook-ruleset/1\nid: house\ntitle: House\n"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_bundled_ruleset_is_named_after_its_id_and_says_where_it_comes_from() -> None:
    for path in resources.rulesets_dir().glob("*.yaml"):
        source = open_ruleset(str(path))
        data = source.document.data
        assert data["id"] == path.stem
        for key in ("title", "description", "source", "versions"):
            assert data.get(key), f"{path.name} has no {key}"
        source_words = data["source"].split()
        assert len(source_words) >= 4, (
            f"{path.name}: a source is a title a reader recognises, not a file name: {data['source']!r}"
        )


def test_a_ruleset_loads_by_id_and_by_path() -> None:
    by_id = load_ruleset("cardems-spades")
    by_path = load_ruleset(resources.rulesets_dir() / "cardems-spades.yaml")
    assert by_id.id == by_path.id and by_id.scoring.rules[0].points.source == by_path.scoring.rules[0].points.source


def test_extends_merges_the_child_over_the_parent_and_null_removes_a_key(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "no-bonus.yaml",
        HEAD + "extends: tarneeb-41\nmatch:\n  wins: total(side) >= 61\nscoring:\n  rules:\n    defenders: null\n",
    )
    rules = load_ruleset(path)
    assert rules.extends == ("tarneeb-41",)
    assert [r.name for r in rules.scoring.rules] == ["declarers", "king_bonus"]
    assert rules.match.wins.source == "total(side) >= 61"
    assert rules.direction == -1 and rules.bidding.min == 7, "everything else comes from the parent"


def test_extends_a_relative_path_and_chains(tmp_path: Path) -> None:
    write(
        tmp_path,
        "to61.yaml",
        "format: trickbook-ruleset/1\nid: to61\ntitle: To 61\nextends: tarneeb-41\nmatch:\n  wins: total(side) >= 61\n",
    )
    path = write(tmp_path, "to61-kubba.yaml", HEAD + "extends: to61.yaml\noptions:\n  trump:\n    default: kubba\n")
    rules = load_ruleset(path)
    assert rules.extends == ("to61", "tarneeb-41")
    assert dict(rules.options) == {"trump": "kubba"} and rules.trump.mode is TrumpMode.FIXED


def test_extends_in_a_loop_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", HEAD + "extends: b.yaml\n")
    write(tmp_path, "b.yaml", HEAD + "extends: a.yaml\n")
    with pytest.raises(RulesetError, match="extend each other in a loop"):
        load_ruleset(tmp_path / "a.yaml")


def test_options_are_merge_patches_and_defaults_are_recorded() -> None:
    kouz = load_ruleset("tarneeb-41")
    kubba = load_ruleset("tarneeb-41", options={"trump": "kubba"})
    assert kouz.trump.mode is TrumpMode.CHOSEN and len(kouz.trump.suits) == 4
    assert kubba.trump.mode is TrumpMode.FIXED and kubba.trump.suits == ()
    assert kouz.identity() == {"id": "tarneeb-41", "version": 2, "options": {"trump": "kouz-moving"}}


def test_unknown_options_and_versions_are_refused_with_the_choices() -> None:
    with pytest.raises(OptionError, match="has no table option 'colour'; its options: 'trump'"):
        load_ruleset("tarneeb-41", options={"colour": "red"})
    with pytest.raises(OptionError, match="'kouz-moving', 'kubba'"):
        load_ruleset("tarneeb-41", options={"trump": "none"})
    with pytest.raises(OptionError, match="versions are 1, 2"):
        load_ruleset("tarneeb-41", version=3)


def test_an_option_that_takes_a_list_plays_the_hands_it_lists(tmp_path: Path) -> None:
    rules = load_ruleset("oh-hell", options={"sequence": " 5, 03,1 "})
    assert dict(rules.options)["sequence"] == "5,3,1", "a typed list is recorded plainly"
    for value, sizes in (("5,3,1", [5, 3, 1]), ("7", [7])):
        out = simulated(tmp_path, "oh-hell", "--option", f"sequence={value}", "--players", "random")
        record = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
        assert [len(hand["deal"][0]) for hand in record["hands"]] == sizes
        assert record["ruleset"]["options"]["sequence"] == value


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "3,x",
            "'3,x' is not a value of the option 'sequence' of 'oh-hell'; expected one of 'up_down', 'down_up', "
            "'down', 'up', or up to 64 whole numbers from 1 to 17 separated by commas",
        ),
        ("", "'' is not a value of the option 'sequence'"),
        ("3,,5", "'3,,5' is not a value"),
        ("-1", "'-1' is not a value"),
        ("3,18", "found 2 numbers from 3 to 18"),
        ("0", "found 1 number from 0 to 0"),
        (",".join(["1"] * 65), "found 65 numbers from 1 to 1"),
    ],
)
def test_a_typed_list_outside_the_option_is_refused_with_what_fits(value: str, message: str) -> None:
    with pytest.raises(OptionError) as refused:
        load_ruleset("oh-hell", options={"sequence": value})
    assert message in str(refused.value)


def test_an_option_without_a_list_refuses_numbers_as_before() -> None:
    with pytest.raises(OptionError, match="'5' is not a value of the option 'trump' of 'tarneeb-41'; choose one of"):
        load_ruleset("tarneeb-41", options={"trump": "5"})


def test_validate_tries_a_one_number_list_for_an_option_that_takes_lists() -> None:
    source = open_ruleset("oh-hell")
    tried = {combination["sequence"] for _, combination in source.combinations(limit=1000)}
    assert tried == {"up_down", "down_up", "down", "up", "1"}


def test_versions_apply_cumulatively_so_a_new_version_leaves_older_ones_alone(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "v3.yaml",
        HEAD
        + "extends: tarneeb-41\nversions:\n"
        + "  - {version: 1, description: old}\n"
        + "  - version: 2\n    description: bonus\n    changes:\n"
        + "      events: {king_captured: {first: KH, then: {rank: A, suit: trump}, by: opponent}}\n"
        + "      scoring: {rules: {king_bonus: {for: side, when: king_captured(side) > 0 and hand_score(side) > 0, "
        + "points: 5}}}\n"
        + "  - version: 3\n    description: to 51\n    changes:\n      match: {wins: total(side) >= 51}\n",
    )
    v1, v2, v3 = (load_ruleset(path, version=v) for v in (1, 2, 3))
    assert [r.name for r in v1.scoring.rules] == ["declarers", "defenders"]
    assert [r.name for r in v2.scoring.rules] == ["declarers", "defenders", "king_bonus"]
    assert v2.match.wins.source == "total(side) >= 41"
    assert v3.match.wins.source == "total(side) >= 51" and len(v3.scoring.rules) == 3
    assert load_ruleset(path).version == 3


def test_a_version_or_option_cannot_change_the_id(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "sneaky.yaml",
        HEAD + "extends: cardems-spades\nversions:\n  - {version: 1, description: x, changes: {id: other}}\n",
    )
    with pytest.raises(RulesetError, match="a version or option cannot change 'id'"):
        load_ruleset(path)


def test_a_change_that_breaks_the_schema_points_into_the_option_that_made_it(tmp_path: Path) -> None:
    text = (
        HEAD
        + "extends: tarneeb-41\noptions:\n  trump:\n    default: kubba\n    values:\n      kubba:\n"
        + "        changes:\n          trump: {mode: sideways}\n"
    )
    path = write(tmp_path, "bad-option.yaml", text)
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert f"{path}:11:" in str(refused.value) and "'sideways'" in str(refused.value)


def test_semantic_checks_beyond_the_schema(tmp_path: Path) -> None:
    cases = {
        "trump:\n  mode: chosen\n  suit: null\n": "trump is chosen by an auction.s declarer, or by the dealer",
        "bidding:\n  kind: declarations\n  bids: {min: 9, max: 3}\n": "the lowest bid is above the highest",
        "trump:\n  mode: fixed\n  suit: X\n": "the deck has no suit 'X'",
        "play:\n  first_lead: declarer\n": "only an auction, trump making or a dealer who chooses trump",
        "scoring:\n  by: seat\n  rules:\n    x: {for: side, points: 1}\n": "gives points to seats only",
    }
    for change, message in cases.items():
        path = write(tmp_path, "semantic.yaml", HEAD + "extends: cardems-spades\n" + change)
        with pytest.raises(RulesetError, match=message):
            load_ruleset(path)


def test_a_named_deck_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "deck.yaml", HEAD + "extends: cardems-spades\ndeck: bezique-64\n")
    with pytest.raises(RulesetError, match="there is no bundled deck 'bezique-64'"):
        load_ruleset(path)


def _node(*pointer: str) -> dict:
    node = resources.schema("ruleset")
    for key in pointer:
        node = node["properties"][key] if key in node.get("properties", {}) else node["$defs"][key]
    return node


def _enum(node: dict) -> set:
    """The values a schema node allows: its enum, or the enums of its alternatives."""
    if "enum" in node:
        return set(node["enum"])
    return {value for form in node["oneOf"] if "enum" in form for value in form["enum"]}


@pytest.mark.parametrize(
    ("pointer", "registry", "extra"),
    [
        (("trump", "mode"), TrumpMode, set()),
        (("play", "first_lead"), FirstLead, {"holder"}),
        (("match", "when_both"), WhenBoth, set()),
        (("match", "tie"), Tie, set()),
    ],
)
def test_schema_enums_equal_the_engines_registries(pointer: tuple[str, str], registry: type, extra: set) -> None:
    assert _enum(_node(*pointer)) | extra == {member.value for member in registry}


def test_bidding_kinds_in_the_schema_are_the_registered_phases_and_none() -> None:
    registered = {kind.value for kind in BIDDING_KINDS}
    assert _enum(_node("bidding", "kind")) == registered | {"none"}
    assert {kind.value for kind in BiddingKind} == registered | {"none"}


def test_play_obligations_in_the_schema_are_the_engines() -> None:
    assert set(_node("play", "must")["properties"]) == {f.name for f in dataclasses.fields(MustRules)}
    lead = resources.schema("ruleset")["$defs"]["leadRestriction"]["properties"]
    assert set(lead["broken_by"]["enum"]) == {b.value for b in BreakBy}
    holder = next(form for form in _node("play", "first_lead")["oneOf"] if form.get("type") == "object")
    assert set(holder["properties"]["must_lead"]["enum"]) == {w.value for w in LeadsWith}


def test_event_relations_in_the_schema_equal_the_engines() -> None:
    schema = resources.schema("ruleset")
    by = schema["properties"]["events"]["additionalProperties"]["properties"]["by"]
    assert set(by["enum"]) == {r.value for r in Relation}


def test_a_house_variant_with_a_forced_contract_plays_and_scores(tmp_path: Path) -> None:
    path = write(tmp_path, "forced.yaml", HEAD + "extends: tarneeb-41\nbidding:\n  all_pass: {action: force, bid: 7}\n")
    rules = load_ruleset(path)
    game = Game(rules, seed=1, dealer=0)
    for _ in range(3):
        game.apply_text("pass")
    assert game.phase == "trump" and game.turn == 0
    assert evaluate(rules, Scenario(tricks=[7, 6, 0, 0], bids=[7, None, None, None], declarer=0)).score.sides == (7, 0)


def test_saved_rulesets_extend_each_other_and_bundled_ones_but_never_name_a_file() -> None:
    from trickbook.book.explain import explain
    from trickbook.resources import saved_rulesets
    from trickbook.ruleset.loader import open_text

    first = "format: trickbook-ruleset/1\nid: to-51\nextends: tarneeb-41\nmatch:\n  wins: total(side) >= 51\n"
    second = "format: trickbook-ruleset/1\nid: to-51-again\nextends: to-51\n"
    with saved_rulesets({"to-51": first, "to-51-again": second}):
        source = open_text(second, "editor")
        assert source.chain == ("to-51", "tarneeb-41") and not source.bundled
        assert "51" in explain(source.resolve())
        with pytest.raises(RulesetError, match="only bundled rulesets and decks may be used here") as refused:
            open_text("format: trickbook-ruleset/1\nid: x\nextends: ../x.yaml\n", "editor")
        assert refused.value.where is not None and refused.value.where.line == 3
    head = "format: trickbook-ruleset/1\nid: "
    looping = {"a": head + "a\nextends: b\n", "b": head + "b\nextends: a\n"}
    with saved_rulesets(looping), pytest.raises(RulesetError, match="extend each other in a loop"):
        open_text(looping["a"], "editor")


def test_options_apply_in_the_order_the_ruleset_declares_them_so_the_later_one_wins(tmp_path: Path) -> None:
    """README: options are applied in the order the ruleset declares them; where two change the same key, the later
    one wins (whichever order the table names them in)."""
    path = tmp_path / "two-targets.yaml"
    path.write_text(
        "format: trickbook-ruleset/1\nid: two-targets\ntitle: Two targets\nextends: tarneeb-41\noptions:\n"
        "  short:\n    description: A short match.\n    default: 'no'\n    values:\n"
        "      'no': {description: As written., changes: {}}\n"
        "      'yes': {description: To 31., changes: {match: {wins: total(side) >= 31}}}\n"
        "  long:\n    description: A long match.\n    default: 'no'\n    values:\n"
        "      'no': {description: As written., changes: {}}\n"
        "      'yes': {description: To 61., changes: {match: {wins: total(side) >= 61}}}\n",
        encoding="utf-8",
    )
    for chosen in ({"short": "yes", "long": "yes"}, {"long": "yes", "short": "yes"}):
        rules = load_ruleset(str(path), options=chosen)
        assert rules.match.wins is not None and rules.match.wins.source == "total(side) >= 61"
    short = load_ruleset(str(path), options={"short": "yes"}).match.wins
    assert short is not None and short.source == "total(side) >= 31"


def test_seats_default_to_four_and_sides_to_none(tmp_path: Path) -> None:
    """README: `seats` defaults to 4 and `sides` to none (everyone for themselves); seats are named North, East,
    South, West at a table of four and `Seat 0` ... elsewhere."""
    path = tmp_path / "hearts-plain.yaml"
    path.write_text(
        "format: trickbook-ruleset/1\nid: hearts-plain\ntitle: Hearts, the table left unsaid\nextends: hearts\n"
        "seats: null\n",
        encoding="utf-8",
    )
    assert {"seats", "sides"}.isdisjoint(open_ruleset(str(path)).document.data), "the table is left unsaid"
    rules = load_ruleset(str(path))
    assert rules.seats == 4 and rules.seating.sides == () and not rules.seating.has_sides
    assert rules.seating.seat_names == ("North", "East", "South", "West")
    assert load_ruleset("skat-simple").seating.seat_names == ("Seat 0", "Seat 1", "Seat 2")


def test_a_variant_takes_its_parents_rules_but_not_its_description_or_source(tmp_path: Path) -> None:
    bare = tmp_path / "bare.yaml"
    bare.write_text("format: trickbook-ruleset/2\nid: bare\ntitle: Bare\nextends: hearts\n", encoding="utf-8")
    hearts, variant = load_ruleset("hearts"), load_ruleset(str(bare))
    assert hearts.source and hearts.description, "the parent has both"
    assert (variant.source, variant.description) == ("", "")
    assert (variant.seats, variant.deck.size, variant.match.by) == (hearts.seats, hearts.deck.size, hearts.match.by)
    own = tmp_path / "own.yaml"
    own.write_text(bare.read_text() + "description: Mine.\nsource: a house rule\n", encoding="utf-8")
    assert (load_ruleset(str(own)).source, load_ruleset(str(own)).description) == ("a house rule", "Mine.")

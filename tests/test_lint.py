"""`trickbook validate` finds rules that can never apply, never end, or do nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook import open_ruleset, resources
from trickbook.book.lint import _expressions_in, lint
from trickbook.cli import main
from trickbook.errors import InputError

HEAD = "format: trickbook-ruleset/1\nid: house\ntitle: House\n"


def findings(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "house.yaml"
    path.write_text(HEAD + text, encoding="utf-8")
    return [f"{f.level}: {f.path}: {f.message}" for f in lint(open_ruleset(str(path)))]


@pytest.mark.parametrize("ruleset", resources.bundled_ruleset_ids())
def test_bundled_rulesets_have_no_findings(ruleset: str) -> None:
    assert lint(open_ruleset(ruleset)) == []


def test_a_match_end_no_total_can_satisfy_is_an_error(tmp_path: Path) -> None:
    found = findings(tmp_path, "extends: tarneeb-41\nmatch:\n  wins: total(side) > 10 and total(side) < 5\n")
    assert any(f.startswith("error: match.wins: this never holds") for f in found)


def test_a_match_won_by_a_counter_is_winnable_and_an_impossible_counter_test_is_not(tmp_path: Path) -> None:
    counter = "counters:\n  wins_in_row:\n    for: side\n    add: if tricks(side) > 6 then 1 else 0\n"
    won = findings(tmp_path, f"extends: whist\n{counter}match:\n  wins: wins_in_row(side) >= 3\n")
    assert not [f for f in won if f.startswith("error")]
    never = findings(tmp_path, f"extends: whist\n{counter}match:\n  wins: wins_in_row(side) < 0 - 5000\n")
    assert any(
        f.startswith("error: match.wins: this never holds") and "nor with a counter from -100 to 100" in f
        for f in never
    )


def test_scoring_that_never_gives_points_is_an_error(tmp_path: Path) -> None:
    text = (
        "extends: cardems-tarneeb\nscoring:\n  rules:\n"
        "    declarers: {points: -contract_bid}\n    defenders: {points: 0}\n"
    )
    assert any("no hand tried gives a side any points" in f for f in findings(tmp_path, text))


def test_a_cancel_condition_that_always_holds_is_an_error(tmp_path: Path) -> None:
    text = "extends: syrian-tarneeb-41\nbidding:\n  cancel_if: sum(bid(s) for s in seats) < 53\n"
    assert (
        "error: bidding.cancel_if: this condition holds for every bid tried: every hand would be thrown in"
        in findings(tmp_path, text)
    )


def test_a_cancel_condition_that_holds_for_some_bids_only_is_no_finding(tmp_path: Path) -> None:
    """Bids adding up to under 20 throw the hand in: some of the bids tried do, most do not."""
    text = "extends: syrian-tarneeb-41\nbidding:\n  cancel_if: sum(bid(s) for s in seats) < 20\n"
    assert [f for f in findings(tmp_path, text) if "cancel_if" in f] == []


def test_unused_definitions_and_unread_events_are_warnings(tmp_path: Path) -> None:
    text = (
        "extends: cardems-tarneeb\ndefinitions:\n  spare: 1\n"
        "events:\n  ace_on_king: {first: KS, then: AS, by: anyone}\n"
    )
    found = findings(tmp_path, text)
    assert "warning: definitions.spare: the definition 'spare' is never used" in found
    assert "warning: events.ace_on_king: the event 'ace_on_king' is counted but no expression reads it" in found


def test_a_counter_that_never_changes_is_a_warning(tmp_path: Path) -> None:
    text = "extends: cardems-spades\ncounters:\n  bags: {add: 0}\n"
    assert "warning: counters.bags.add: the counter 'bags' never changes: it adds 0" in findings(tmp_path, text)


def test_a_counter_that_adds_a_constant_other_than_0_is_not_called_idle(tmp_path: Path) -> None:
    text = "extends: cardems-spades\ncounters:\n  bags: {add: 1}\n"
    assert not [f for f in findings(tmp_path, text) if "never changes" in f]


def test_a_rule_that_never_applies_is_a_warning(tmp_path: Path) -> None:
    text = "extends: cardems-spades\nscoring:\n  rules:\n    nil: {when: 2 < 1}\n"
    assert "warning: scoring.rules.nil.when: the rule 'nil' never applies" in findings(tmp_path, text)


def test_option_values_with_the_same_changes_are_a_warning(tmp_path: Path) -> None:
    text = (
        "extends: cardems-spades\noptions:\n  pace:\n    default: slow\n    values:\n"
        "      slow: {changes: {}}\n      fast: {changes: {}}\n"
    )
    assert (
        "warning: options.pace.values.fast: the values 'slow' and 'fast' of option 'pace' give the same rules"
        in findings(tmp_path, text)
    )


def test_a_rule_an_option_sets_but_not_at_its_default_is_a_warning_in_a_variant_that_sets_it(tmp_path: Path) -> None:
    """Hearts' option `target` sets `definitions.target` under '50' and leaves it under its default '100': a
    variant setting it to 50 is warned, at its own line, that a table shown as target=100 plays to 50."""
    found = findings(tmp_path, "extends: hearts\ndefinitions:\n  target: 50\n")
    assert (
        "warning: definitions.target: this file sets definitions.target, which the option 'target' sets under its "
        "value '50' but leaves alone under its default '100': a table shown as target=100 plays by this file's "
        "definitions.target; give the option a value that says so and make it the default, or leave "
        "definitions.target to the option"
    ) in found
    said = [f for f in lint(open_ruleset(str(tmp_path / "house.yaml"))) if "target=100" in f.message]
    assert said[0].where.line == HEAD.count("\n") + 3
    # A variant that says what the option does itself, or sets a rule no option sets, is not warned.
    rewritten = "extends: hearts\ndefinitions:\n  target: 50\noptions:\n  target:\n    default: '50'\n"
    assert not [f for f in findings(tmp_path, rewritten) if "leaves alone" in f]
    assert not [f for f in findings(tmp_path, "extends: hearts\ndefinitions:\n  spare: 1\n") if "leaves alone" in f]


def test_a_rule_an_option_adds_whole_is_warned_once_where_the_file_writes_it_key_by_key(tmp_path: Path) -> None:
    """Hearts' option `jd_minus_10` adds the rule `scoring.rules.jack` under 'on': a variant writing its own rule
    of that name, four keys of it, is told once, of the rule."""
    text = (
        "extends: hearts\nscoring:\n  rules:\n    jack:\n      description: The jack takes off ten.\n"
        "      for: seat\n      when: took(seat, JD) == 1\n      points: -10\n"
    )
    warned = [f for f in findings(tmp_path, text) if "leaves alone" in f]
    assert warned == [
        "warning: scoring.rules.jack.description: this file sets scoring.rules.jack, which the option 'jd_minus_10' "
        "sets under its value 'on' but leaves alone under its default 'off': a table shown as jd_minus_10=off plays "
        "by this file's scoring.rules.jack; give the option a value that says so and make it the default, or leave "
        "scoring.rules.jack to the option"
    ]


@pytest.mark.parametrize(("left_out", "instead"), [("C", "D"), ("D", "H"), ("H", "S"), ("S", "C")])
def test_a_trump_map_that_is_not_a_permutation_is_a_warning(tmp_path: Path, left_out: str, instead: str) -> None:
    """Each suit in turn, the first and the last of the suit order (C, D, H, S) included, is the one no
    exposed card makes trump."""
    mapping = ", ".join(f"{suit}: {instead if suit == left_out else suit}" for suit in "CDHS")
    text = f"extends: syrian-tarneeb-41\ntrump:\n  map: {{{mapping}}}\n"
    found = findings(tmp_path, text)
    assert f"warning: trump.map: trump.map is not a permutation: {left_out} can never be trump" in found


def test_validate_exits_1_on_errors_and_0_with_warnings_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    warn = tmp_path / "warn.yaml"
    warn.write_text(HEAD + "extends: cardems-spades\ndefinitions:\n  spare: 1\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text(HEAD + "extends: cardems-spades\nmatch:\n  wins: false\n")
    assert main(["validate", str(warn)]) == 0
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"warning: {warn}:6:10: definitions.spare" in err
    assert f"error: {bad}:6:9: match.wins" in err


def test_a_match_end_that_reads_a_counter_is_checked_without_crashing(tmp_path: Path) -> None:
    found = findings(tmp_path, "extends: cardems-spades\nmatch:\n  wins: total(side) >= 500 and bags(side) < 5\n")
    assert found == []


def test_a_match_of_a_fixed_number_of_hands_can_be_won(tmp_path: Path) -> None:
    text = "extends: tarneeb-41\nmatch:\n  wins: null\n  ends: hand_number >= 10\n  when_both: higher-total\n"
    assert not [f for f in findings(tmp_path, text) if f.startswith("error")]


@pytest.mark.parametrize(
    ("hands", "refused"), [(1, False), (2, False), (7, False), (999, False), (1000, False), (1001, True)]
)
def test_a_match_of_exactly_so_many_hands_can_be_won_up_to_the_default_hand_cap(
    tmp_path: Path, hands: int, refused: bool
) -> None:
    """Every hand number up to the default hand cap is tried, not a spread of them (7 was once missed)."""
    text = f"extends: tarneeb-41\nmatch:\n  wins: null\n  ends: hands_played == {hands}\n  when_both: higher-total\n"
    errors = [f for f in findings(tmp_path, text) if f.startswith("error")]
    assert bool(errors) is refused
    if refused:
        assert errors == [
            "error: match.ends: this never holds for a side total from -1000 to 5000 after the first or the last "
            "hand, nor with totals around 0 after any number of hands up to 1000: the match cannot be won"
        ]


def test_lowest_total_wins_and_negative_points_are_not_refused(tmp_path: Path) -> None:
    text = (
        "extends: syrian-tarneeb-41\nscoring:\n  rules:\n    declaration:\n      points: -tricks(seat)\n"
        "match:\n  wins: null\n  ends: any(total(s) <= -50 for s in seats)\n  by: seat\n  when_both: lower-total\n"
    )
    assert not [f for f in findings(tmp_path, text) if f.startswith("error")]


def test_a_match_end_the_scoring_can_never_reach_is_refused_at_the_scoring(tmp_path: Path) -> None:
    text = "extends: syrian-tarneeb-41\nscoring:\n  rules:\n    declaration:\n      points: -tricks(seat)\n"
    assert any("no hand tried gives a player any points" in f for f in findings(tmp_path, text))


def test_scoring_that_gives_at_most_one_point_a_hand_still_reaches_a_higher_end(tmp_path: Path) -> None:
    """A single point is a rise: totals reach 10 after ten such hands."""
    text = (
        "extends: whist\nscoring:\n  rules:\n    tricks:\n      when: tricks(side) == 13\n      points: 1\n"
        "definitions:\n  target: 10\n"
    )
    assert not [f for f in findings(tmp_path, text) if f.startswith("error")]


def test_scoring_that_never_takes_points_cannot_reach_an_end_below_zero(tmp_path: Path) -> None:
    text = "extends: whist\nmatch:\n  wins: total(side) <= -10\n"
    assert (
        "error: scoring.rules: no hand tried takes points from a side, so totals can never fall towards the "
        "match end" in findings(tmp_path, text)
    )


def test_a_definition_read_only_under_an_option_is_not_called_unused(tmp_path: Path) -> None:
    assert findings(tmp_path, "extends: whist\n") == []


def test_an_error_only_an_option_value_brings_names_that_value(tmp_path: Path) -> None:
    options = (
        "options:\n  house:\n    description: A broken house rule.\n    default: 'off'\n    values:\n"
        "      'off': {description: None., changes: {}}\n"
        "      'on': {description: Broken., changes: {definitions: {target: nowhere + 1}}}\n"
    )
    path = tmp_path / "house.yaml"
    path.write_text(HEAD + "extends: whist\n" + options, encoding="utf-8")
    with pytest.raises(InputError) as refused:
        lint(open_ruleset(str(path)))
    assert "unknown name 'nowhere' (under rules version 1 with house=on)" in str(refused.value)


def test_the_expression_walk_follows_the_schemas_definitions_to_any_depth() -> None:
    """A new key whose definition holds an expression, behind a `$ref` and in lists and maps, is read unlisted."""
    schema = {
        "properties": {
            "bonus": {"$ref": "#/$defs/bonus"},
            "label": {"type": "string"},
        },
        "$defs": {
            "expression": {"type": "string"},
            "bonus": {"$ref": "#/$defs/bonuses"},
            "bonuses": {
                "type": "object",
                "properties": {"when": {"oneOf": [{"type": "boolean"}, {"$ref": "#/$defs/expression"}]}},
                "additionalProperties": {"type": "array", "items": {"$ref": "#/$defs/expression"}},
            },
        },
    }
    data = {"bonus": {"when": "tricks(side) > 6", "steps": ["1", "2"]}, "label": "not read"}
    assert list(_expressions_in(data, schema, schema, ())) == [
        ("bonus", "when"),
        ("bonus", "steps", 0),
        ("bonus", "steps", 1),
    ]


def test_a_match_won_only_in_its_first_hand_is_winnable(tmp_path: Path) -> None:
    """Totals are tried as they stand after the first hand: a side that reaches 5 in it wins, which the scoring
    can bring about."""
    found = findings(tmp_path, "extends: whist\nmatch:\n  wins: total(side) >= 5 and hands_played == 1\n")
    assert not [f for f in found if f.startswith("error")], found


def test_a_definition_read_only_by_an_unused_definition_is_unused_and_errors_come_before_warnings(
    tmp_path: Path,
) -> None:
    """Reads count from the rules in force only; the error that the match cannot be won is listed first."""
    text = (
        "extends: cardems-tarneeb\ndefinitions:\n  spare: 1\n  spares: spare + 1\n"
        "match:\n  wins: total(side) > 10 and total(side) < 5\n"
    )
    found = findings(tmp_path, text)
    assert "warning: definitions.spare: the definition 'spare' is never used" in found
    assert "warning: definitions.spares: the definition 'spares' is never used" in found
    assert found[0].startswith("error: match.wins:") and all(f.startswith("warning") for f in found[1:])


def test_a_match_won_by_a_players_counter_at_a_table_of_sides_is_winnable(tmp_path: Path) -> None:
    """A counter kept for each player (not each side) is probed seat by seat, though the match is won by sides."""
    counter = (
        "counters:\n  streak:\n    description: Hands in a row a player took at least its partner's tricks.\n"
        "    for: seat\n    add: if tricks(seat) >= tricks(partner(seat)) then 1 else 0\n"
    )
    found = findings(tmp_path, f"extends: whist\n{counter}match:\n  wins: any(streak(s) >= 3 for s in players(side))\n")
    assert not [f for f in found if f.startswith("error")], found

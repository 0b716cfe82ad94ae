"""The expression language: what it computes, and how it refuses what it cannot check."""

from __future__ import annotations

import pytest

from helpers import rules
from trickbook import limits
from trickbook.errors import ExpressionError, Mark, RulesRuntimeError
from trickbook.expr.compiler import Compiled, Scope, compile_expression
from trickbook.expr.facts import Facts
from trickbook.expr.functions import BUILTINS, Stage, Type
from trickbook.expr.site import Site
from trickbook.expr.syntax import parse


def compile_text(
    text: str,
    stage: Stage = Stage.HAND,
    variable: str | None = "side",
    want: Type | None = None,
    auction: bool = True,
    personal: bool = False,
    definitions: dict[str, str] | None = None,
) -> Compiled:
    ruleset = rules("tarneeb-41")
    deck = ruleset.deck
    sites = {
        name: Site(body, Mark("defs.yaml", 1, 1), f"definitions.{name}") for name, body in (definitions or {}).items()
    }
    scope = Scope(
        stage,
        variable,
        auction,
        personal,
        deck,
        ruleset.seating,
        definitions={name: (site, parse(site)) for name, site in sites.items()},
        counters={"bags": (0, Type.SIDE)},
        events={"captured": 0},
        named_bids={"zero": 0},
    )
    site = Site(text, Mark("rules.yaml", 3, 10), "scoring.rules.x.points")
    return compile_expression(site, parse(site), scope, want)


def facts(**fields: object) -> Facts:
    """Blank facts of the four-seat partnership table, with `fields` set."""
    ruleset = rules("tarneeb-41")
    made = Facts.blank(ruleset.seating, ruleset.deck, 13)
    cards = made.fresh_cards()
    for name, value in fields.items():
        setattr(cards if hasattr(cards, name) else made, name, value)
    return made


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 4 - 3", 3),
        ("7 / 2", 3),
        ("-7 / 2", -4),
        ("7 % 3", 1),
        ("--4", 4),
        ("if 1 < 2 then 5 else 6", 5),
        ("if false then 1 else if true then 2 else 3", 2),
        ("if 2 > 3 then 1 else 2 + 10", 12),
        ("max(3, 9) - min(3, 9)", 6),
        ("abs(0 - 8)", 8),
    ],
)
def test_arithmetic_precedence_and_conditionals(text: str, value: int) -> None:
    compiled = compile_text(text, want=Type.INT)
    assert compiled(facts(), 0) == value
    assert compiled.is_constant, "constant expressions are folded when the ruleset loads"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("not true or true and false", False),
        ("1 == 1 and 2 != 3", True),
        ("3 >= 3 and 3 <= 2", False),
        ("not (1 > 2)", True),
    ],
)
def test_logic(text: str, value: bool) -> None:
    assert compile_text(text, want=Type.BOOL)(facts(), 0) is value


def test_facts_and_the_bound_side() -> None:
    compiled = compile_text("tricks(side) * 10 + contract(side)")
    state = facts(side_tricks=[8, 5], contract=[7, 0])
    assert (compiled(state, 0), compiled(state, 1)) == (87, 50)


def test_aggregates_over_seats_sides_and_players() -> None:
    state = facts(bids=[2, 3, 4, 5], totals_seat=[41, 0, 1, -3])
    assert compile_text("sum(bid(s) for s in seats)", Stage.BIDDING, None)(state) == 14
    assert compile_text("count(bid(s) > 2 for s in seats)", Stage.BIDDING, None)(state) == 3
    assert compile_text("max(bid(s) for s in seats)", Stage.BIDDING, None)(state) == 5
    qualifies = compile_text(
        "any(total(s) >= 41 and total(partner(s)) > 0 for s in players(side))", Stage.MATCH, "side", personal=True
    )
    assert (qualifies(state, 0), qualifies(state, 1)) == (True, False)
    nested = compile_text("sum(sum(1 for t in seats) for s in sides)", Stage.MATCH, None)
    assert nested(facts()) == 8


def test_definitions_expand_where_they_are_used() -> None:
    compiled = compile_text(
        "if made then tricks(side) else -bid_of",
        definitions={"made": "tricks(side) >= bid_of", "bid_of": "contract(side)"},
    )
    assert compiled(facts(side_tricks=[9, 4], contract=[8, 0]), 0) == 9
    assert compiled(facts(side_tricks=[7, 6], contract=[8, 0]), 0) == -8


def test_named_bids_counters_and_events() -> None:
    state = facts(bid_names=[0, -1, -1, -1], counters=[[9, 2]], events=[[0, 1, 0, 1]])
    assert compile_text("bid(seat) == zero", variable="seat")(state, 0) is True
    assert compile_text("bid(seat) != zero", variable="seat")(state, 1) is True
    assert compile_text("bags(side)")(state, 0) == 9
    assert compile_text("captured(side)")(state, 1) == 2
    assert compile_text("captured(seat)", variable="seat")(state, 3) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("trikcs(side)", "unknown name 'trikcs'"),
        ("tricks(side) + true", "`+` needs a number here"),
        ("tricks(side, side)", "tricks cannot take these arguments"),
        ("tricks", "'tricks' needs an argument"),
        ("seat", "'seat' is not defined here"),
        ("partner(side)", "partner cannot take these arguments"),
        ("if true then 1 else false", "both branches of `if` must give the same kind of value"),
        ("dealer == 1", "cannot compare a seat with a number"),
        ("bid(partner(dealer)) > zero", "a named bid can only be tested with == or != against bid(...)"),
        ("sum(1 for s in hands)", "an aggregate ranges over `seats`, `sides`, `players`, `cards`"),
        ("sum(1 for tricks in seats)", "the variable name 'tricks' is already taken"),
        ("seats", "'seats' can only be ranged over"),
        ("XZ == trump", "'XZ' is neither a suit, a rank nor a card"),
        ("1 / 0", "division by zero"),
        ("12345678901234567", "this number is too large"),
        ("__import__(os)", "unknown name '__import__'"),
        ("bags + 1", "'bags' needs an argument"),
        ("captured > 0", "write it as a call, for example captured(side)"),
        ("sum > 1", "write it as a call, for example sum(... for s in seats)"),
        ("zero(side)", "'zero' is not a function"),
        ("sum(side)", "sum ranges over seats or sides"),
        ("captured(1)", "captured takes one seat or one side"),
        ("captured(side, side)", "captured takes one seat or one side"),
        ("bags(1)", "bags cannot take these arguments"),
        ("tally(1 for s in seats)", "'tally' cannot range over seats or sides"),
        ("sum(1 for s in players(1))", "players takes (side)"),
        ("sum(true for s in seats)", "the body of sum must give a number"),
        ("nth(4, 10, 20, 30)", "position 4 is outside the list"),
        ("nth(0, 10, 20, 30)", "position 0 is outside the list"),
        ("nth(1)", "nth cannot take these arguments"),
        ("nth(1, 2, true)", "nth cannot take these arguments"),
    ],
)
def test_type_and_name_errors_are_located_with_a_caret(text: str, message: str) -> None:
    with pytest.raises(ExpressionError) as refused:
        compile_text(text)
    assert message in str(refused.value)
    assert str(refused.value).startswith("rules.yaml:3:")
    assert "^" in str(refused.value)


def test_suit_and_card_codes_and_a_negation_computed_at_run_time() -> None:
    assert compile_text("trump == H", want=Type.BOOL)(facts(trump=1), 0) is True
    assert compile_text("trump == H", want=Type.BOOL)(facts(trump=0), 0) is False
    king = rules("tarneeb-41").deck.card("K", "H")
    assert compile_text("taker(KH) == dealer", want=Type.BOOL)(facts(taker={king: 2}, dealer=2), 0) is True
    assert compile_text("taker(KH) == dealer", want=Type.BOOL)(facts(taker={king: 1}, dealer=2), 0) is False
    negated = compile_text("not (tricks(side) > 6)", want=Type.BOOL)
    assert not negated.is_constant
    assert (negated(facts(side_tricks=[7, 6]), 0), negated(facts(side_tricks=[7, 6]), 1)) == (False, True)


def test_events_and_bids_are_not_known_at_the_match_end() -> None:
    with pytest.raises(ExpressionError, match="trick events are not known"):
        compile_text("captured(side) > 0", Stage.MATCH, want=Type.BOOL)
    with pytest.raises(ExpressionError, match=r"bid\(seat\) is not known after a scored hand"):
        compile_text("any(bid(s) == zero for s in seats)", Stage.MATCH, want=Type.BOOL)


def test_a_definition_called_like_a_function_is_refused() -> None:
    with pytest.raises(ExpressionError, match="'made' is not a function"):
        compile_text("made(side)", definitions={"made": "tricks(side) > 6"}, want=Type.BOOL)


def test_a_whole_expression_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(ExpressionError, match="this expression gives a number"):
        compile_text("tricks(side)", want=Type.BOOL)


def test_stage_errors_name_when_a_fact_is_known() -> None:
    with pytest.raises(ExpressionError, match=r"tricks\(seat\) is not known after the bidding"):
        compile_text("sum(tricks(s) for s in seats) < 11", Stage.BIDDING, None)
    with pytest.raises(ExpressionError, match="declarer exists only when a hand has a declarer"):
        compile_text("declarer == dealer", auction=False)
    with pytest.raises(ExpressionError, match=r"passed\(seat\) exists only when the bidding is an auction"):
        compile_text("passed(dealer)", auction=False)
    with pytest.raises(ExpressionError, match="exists only when scoring is by seat"):
        compile_text("total(seat)", Stage.MATCH, "seat")


def test_a_definition_that_refers_to_itself_is_refused() -> None:
    with pytest.raises(ExpressionError, match="refers to itself"):
        compile_text("a", definitions={"a": "b + 1", "b": "a"})


def test_an_error_inside_a_definition_points_at_the_definition_and_says_where_it_is_used() -> None:
    with pytest.raises(ExpressionError) as refused:
        compile_text("made", definitions={"made": "tricks(seat) > 1"})
    text = str(refused.value)
    assert text.startswith("defs.yaml:1:8: definitions.made: 'seat' is not defined here")
    with pytest.raises(ExpressionError) as refused:
        compile_text("made", definitions={"made": "captured() > 1"})
    assert refused.value.hint == "this definition is used in scoring.rules.x.points", "said when it has no hint"


def test_division_by_zero_at_run_time_is_a_rules_error_naming_the_expression() -> None:
    compiled = compile_text("10 / tricks(side)")
    assert compiled(facts(side_tricks=[5, 0]), 0) == 2
    with pytest.raises(RulesRuntimeError) as failed:
        compiled(facts(side_tricks=[5, 0]), 1)
    assert "division by zero in scoring.rules.x.points (rules.yaml:3:10): `10 / tricks(side)`" in str(failed.value)


def test_nth_picks_a_value_from_a_list_by_its_position_from_one() -> None:
    assert compile_text("nth(2, 10, 20, 30)").constant == 20
    picked = compile_text("nth(tricks(side), 10, 20, 30)")
    state = facts(side_tricks=[1, 3])
    assert (picked(state, 0), picked(state, 1)) == (10, 30)
    assert not picked.is_constant


def test_nth_past_its_list_at_run_time_is_a_rules_error_naming_the_expression() -> None:
    picked = compile_text("nth(tricks(side), 10, 20)")
    with pytest.raises(RulesRuntimeError) as failed:
        picked(facts(side_tricks=[0, 3]), 1)
    assert "position 3 is outside the 2 values of scoring.rules.x.points (rules.yaml:3:10)" in str(failed.value)
    with pytest.raises(RulesRuntimeError, match="position 0 is outside"):
        picked(facts(side_tricks=[0, 3]), 0)


def test_compiled_code_reaches_no_python_builtins() -> None:
    compiled = compile_text("tricks(side)")
    assert compiled.function.__globals__["__builtins__"] == {}
    assert set(compiled.function.__globals__) <= {
        "__builtins__",
        "abs",
        "max",
        "min",
        "sum",
        "any",
        "all",
        "_divide",
        "_modulo",
        "_holds",
        "_opponent",
        "_nth",
        "_cards",
        "_suit_cards",
        "_suit_of",
        "_rank_of",
        "_rank_order",
    }


def test_every_builtin_has_documentation() -> None:
    for builtin in BUILTINS:
        assert builtin.doc.endswith(".") and len(builtin.doc) > 10, builtin.name


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3 < 3", False),
        ("2 < 3", True),
        ("3 <= 3", True),
        ("4 <= 3", False),
        ("3 > 3", False),
        ("4 > 3", True),
        ("3 >= 3", True),
        ("2 >= 3", False),
    ],
)
def test_comparisons_of_numbers_known_when_the_rules_load_are_worked_out_then(text: str, value: bool) -> None:
    compiled = compile_text(text, want=Type.BOOL)
    assert compiled.is_constant and compiled(facts(), 0) is value


def test_a_card_whose_rank_is_written_by_an_alias_is_that_card() -> None:
    """`10H` is the ten of hearts, whose rank's code is T."""
    ten = rules("tarneeb-41").deck.card("T", "H")
    held = compile_text("taker(10H) == dealer", want=Type.BOOL)
    assert held(facts(taker={ten: 2}, dealer=2), 0) is True
    assert held(facts(taker={ten: 1}, dealer=2), 0) is False


def test_an_expression_too_large_once_expanded_is_marked_from_its_first_character(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(limits, "MAX_EXPANDED_NODES", 3)
    with pytest.raises(ExpressionError, match="grows too large") as refused:
        compile_text("1 + 2 + 3 + 4", want=Type.INT)
    assert str(refused.value).startswith("rules.yaml:3:10: ")


def test_an_error_inside_a_definition_keeps_its_own_hint() -> None:
    """The hint says where the definition is used only when the error has none of its own."""
    with pytest.raises(ExpressionError) as refused:
        compile_text("made", want=Type.BOOL, definitions={"made": "trick(side) > 1"})
    assert refused.value.hint == "did you mean 'tricks' or 'last_trick' or 'first_trick'?"


def test_a_named_bid_is_compared_only_with_a_bid_or_the_bid_being_offered() -> None:
    state = facts(bid_names=[0, -1, -1, -1])
    assert compile_text("bid(seat) == zero", variable="seat")(state, 0) is True
    assert not compile_text("this_bid == zero", stage=Stage.BID, want=Type.BOOL).is_constant
    for other in ("dealer", "tricks(seat)"):
        with pytest.raises(ExpressionError, match="a named bid"):
            compile_text(f"{other} == zero", variable="seat", want=Type.BOOL)


@pytest.mark.parametrize(
    ("text", "message", "hint"),
    [
        ("tricks + 1", "'tricks' needs an argument", "write it as a call, for example tricks(seat)"),
        ("captured()", "captured takes one seat or one side", None),
        ("captured(trump)", "captured takes one seat or one side", None),
        ("taker(KHH) == dealer", "'KHH' is neither a suit, a rank nor a card", "did you mean 'KH'?"),
        ("trick(side) > 1", "unknown name 'trick'", "did you mean 'tricks' or 'last_trick' or 'first_trick'?"),
    ],
)
def test_a_mistake_in_the_expression_itself_gets_its_own_hint_or_none(text: str, message: str, hint: str) -> None:
    with pytest.raises(ExpressionError, match=message) as refused:
        compile_text(text, want=Type.BOOL if "==" in text or ">" in text else None)
    assert refused.value.hint == hint


def test_a_code_that_is_no_card_is_answered_with_the_forms_there_are() -> None:
    with pytest.raises(ExpressionError) as refused:
        compile_text("taker(KX) == dealer", want=Type.BOOL)
    assert "or a card code such as 'AD'" in str(refused.value)
    assert refused.value.hint == "names are written in lower case"


@pytest.mark.parametrize(
    ("text", "value"), [("true or false", True), ("false or true", True), ("true and false", False)]
)
def test_and_and_or_of_constants_are_worked_out_when_the_rules_load(text: str, value: bool) -> None:
    compiled = compile_text(text, want=Type.BOOL)
    assert compiled.is_constant and compiled(facts(), 0) is value


@pytest.mark.parametrize(("text", "caret"), [("trick(side) > 1", "^^^^^"), ("trikcs > 1", "^^^^^^")])
def test_an_unknown_name_is_marked_by_itself_not_with_its_arguments(text: str, caret: str) -> None:
    with pytest.raises(ExpressionError) as refused:
        compile_text(text, want=Type.BOOL)
    assert str(refused.value).splitlines()[2] == "    " + caret


def test_an_events_function_without_arguments_says_it_found_none() -> None:
    with pytest.raises(ExpressionError) as refused:
        compile_text("captured()")
    assert "found no argument" in str(refused.value)

"""What pages send, checked in one place (web/requests.py): JSON nested at most MAX_DEPTH deep, a ruleset named
with its options and version, and only the bots a server runs; each refusal in words."""

from __future__ import annotations

from typing import Any

import pytest

from trickbook.errors import Malformed, OptionError, UsageError
from trickbook.players import base, parse_player_specs, random_player
from trickbook.web.requests import MAX_DEPTH, bot, json_value, ruleset_choice


def _nested(depth: int) -> str:
    """Arrays and objects taking turns, `depth` deep."""
    text = "1"
    for level in range(depth):
        text = f"[{text}]" if level % 2 else f'{{"a": {text}}}'
    return text


@pytest.mark.parametrize("depth", [0, MAX_DEPTH - 1, MAX_DEPTH])
def test_json_nested_up_to_the_limit_is_read(depth: int) -> None:
    value = json_value(_nested(depth), "a message", '{"type": "ready"}')
    for _ in range(depth):
        value = value[0] if isinstance(value, list) else value["a"]
    assert value == 1


@pytest.mark.parametrize("text", [_nested(MAX_DEPTH + 1), "[" * 100_000 + "]" * 100_000, _nested(MAX_DEPTH) + " "])
def test_json_nested_past_the_limit_is_refused_in_words(text: str) -> None:
    if text.endswith(" "):  # the limit's own depth, one more level inside a list beside it
        text = f"[1, {text.strip()}]"
    with pytest.raises(Malformed) as refused:
        json_value(text, "a message", '{"type": "ready"}')
    assert str(refused.value) == f"a message nests arrays and objects more than {MAX_DEPTH} deep"


@pytest.mark.parametrize(
    ("text", "found"),
    [('{"text": "a\\ud800b"}', "\\ud800"), ('{"\\udfff": 1}', "\\udfff"), ('["x", ["\\ud83c"]]', "\\ud83c")],
)
def test_json_escaping_half_of_a_character_is_refused_in_words(text: str, found: str) -> None:
    with pytest.raises(Malformed) as refused:
        json_value(text, "the request body", "{}")
    assert str(refused.value) == f"the request body escapes half of a character ({found}); send whole characters"


def test_json_escaping_a_whole_character_in_two_halves_is_read() -> None:
    assert json_value('{"card": "\\ud83c\\udca1 \\u0639"}', "a message", "{}") == {"card": "\U0001f0a1 \u0639"}


def test_what_is_not_json_is_refused_with_an_example() -> None:
    with pytest.raises(Malformed) as refused:
        json_value(b"{ready}", "the request body", '{"ruleset": "whist"}')
    assert str(refused.value) == 'the request body is not JSON; it is JSON such as {"ruleset": "whist"}'


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"ruleset": "whist"}, ("whist", {}, None)),
        ({"ruleset": "whist", "options": None, "version": None}, ("whist", {}, None)),
        ({"ruleset": "tarneeb-41", "options": {"trump": "kubba"}, "version": 1}, ("tarneeb-41", {"trump": "kubba"}, 1)),
    ],
)
def test_a_ruleset_is_named_with_its_options_and_version(body: Any, expected: Any) -> None:
    assert ruleset_choice(body) == expected


@pytest.mark.parametrize(
    ("body", "error", "words"),
    [
        (["whist"], UsageError, "a ruleset is named as an object with a 'ruleset' id"),
        ({"ruleset": 3}, UsageError, "a ruleset is named as an object with a 'ruleset' id"),
        ({"ruleset": "whist", "options": ["trump"]}, OptionError, "'options' maps option names to text values"),
        ({"ruleset": "whist", "options": {"honours": 1}}, OptionError, "'options' maps option names to text values"),
        ({"ruleset": "whist", "version": True}, UsageError, "'version' is a whole number, not True"),
        ({"ruleset": "whist", "version": "2"}, UsageError, "'version' is a whole number, not '2'"),
        ({"ruleset": "whist", "version": 1.0}, UsageError, "'version' is a whole number, not 1.0"),
    ],
)
def test_a_ruleset_named_otherwise_is_refused_in_words(body: Any, error: type[Exception], words: str) -> None:
    with pytest.raises(error) as refused:
        ruleset_choice(body)
    assert str(refused.value) == words


def test_a_server_runs_the_three_bots_within_the_budget_and_nobody_else() -> None:
    assert [str(bot(spec)) for spec in ("random", "heuristic:samples=2", "mcts:playouts=400")] == [
        "random",
        "heuristic:samples=2",
        "mcts:playouts=400",
    ]
    with pytest.raises(UsageError, match="unknown player 'human'"):
        bot("human")
    with pytest.raises(UsageError, match="would play out 401 hands"):
        bot("mcts:playouts=401")
    with pytest.raises(UsageError, match=r"one player for all seats or 1 \(one per seat\), not 2"):
        bot("random,heuristic")


def test_a_player_kind_a_program_registers_is_not_run_by_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """A program may register a player of its own (`players.base.register`); a server runs only the bundled three."""
    monkeypatch.setitem(base._REGISTRY, "mine", lambda rng, options: random_player.RandomPlayer(rng))
    assert str(parse_player_specs("mine", 1)[0]) == "mine"
    with pytest.raises(UsageError) as refused:
        bot("mine")
    assert str(refused.value) == "a bot here is one of random, heuristic, mcts, not 'mine'"


def test_the_allowances_count_each_client_by_its_address_and_one_without_an_address_as_unknown() -> None:
    from starlette.requests import Request

    from trickbook.web.app import _client

    scope: dict[str, Any] = {"type": "http", "method": "GET", "path": "/", "headers": []}
    assert _client(Request(scope | {"client": ("10.1.2.3", 5000)})) == "10.1.2.3"
    assert _client(Request(scope | {"client": None})) == "unknown"

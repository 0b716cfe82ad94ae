"""The engine specialised per ruleset (`engine/specialise.py`) against the general engine it is made from.

A specialised engine must be the general one with what the rules settle written in: the same legal actions,
refusals, events and records at every step of random matches of every bundled ruleset, and the facts it writes
in must hold at every step of the general engine.
"""

from __future__ import annotations

import ast
import gc
import random
import textwrap
import weakref
from pathlib import Path

import pytest

from helpers import CONFIGURATIONS, Configuration, config_id, rules
from trickbook import Game, Rules, load_ruleset
from trickbook.engine import game as engine
from trickbook.engine import specialise
from trickbook.engine.events import Event
from trickbook.engine.specialise import settled
from trickbook.errors import ActionError


def general(rules: Rules, seed: int, **kwargs: object) -> Game:
    """The general engine, as it is written: `Game.__new__` without rules does not specialise."""
    game = Game.__new__(Game)
    game.__init__(rules, seed, **kwargs)  # type: ignore[arg-type, misc]
    return game


def outcome(game: Game, action: int) -> str:
    """What applying `action` to a copy of `game` does: the refusal's words, or the moves made after it (a card
    typed while passing is taken as passing it)."""
    trial = game.clone()
    try:
        trial.apply(action)
    except ActionError as error:
        return f"{type(error).__name__}: {error}"
    return f"taken: {trial.moves_made} {trial.legal_actions()}"


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_the_specialised_engine_plays_as_the_general_one(config: Configuration) -> None:
    ruleset = rules(*config)
    for seed in range(1, 4):
        seen: tuple[list[Event], list[Event]] = ([], [])
        plain = general(ruleset, seed, hand_cap=4, observer=seen[0].append)
        Game(ruleset)  # the rules' first game runs on the general engine: later ones are specialised
        fast = Game(ruleset, seed, hand_cap=4, observer=seen[1].append)
        assert type(plain) is Game and type(fast) is not Game and isinstance(fast, Game)
        chooser = random.Random(seed)
        step = 0
        while not plain.is_over():
            legal = plain.legal_actions()
            assert fast.legal_actions() == legal
            assert fast.actor == plain.actor
            if step % 5 == 0:  # an action not listed is refused in the same words
                wrong = next(a for a in range(ruleset.actions.size) if a not in legal)
                assert outcome(fast, wrong) == outcome(plain, wrong)
            action = chooser.choice(legal)
            plain.apply(action)
            fast.apply(action)
            step += 1
        assert fast.is_over()
        assert fast.history == plain.history
        assert (fast.totals, fast.seat_totals, fast.winner) == (plain.totals, plain.seat_totals, plain.winner)
        assert seen[1] == seen[0]


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=config_id)
def test_what_the_rules_settle_holds_at_every_step(config: Configuration) -> None:
    ruleset = rules(*config)
    values = settled(ruleset)
    for seed in range(1, 3):
        game = general(ruleset, seed, hand_cap=3)
        chooser = random.Random(seed)
        while True:
            for name, value in values.items():
                assert getattr(game, name) == value, name
            if game.is_over():
                break
            game.apply(chooser.choice(game.legal_actions()))


def test_one_engine_class_per_rules_object_while_it_lives() -> None:
    first = load_ruleset("whist")
    assert type(Game(first, 1)) is Game
    assert type(Game(first, 1)) is type(Game(first, 2)) is not Game
    assert type(Game(first, 1).clone()) is type(Game(first, 1))
    other = load_ruleset("whist")
    Game(other)
    assert type(Game(other, 1)) is not type(Game(first, 1))
    gone = weakref.ref(type(Game(first, 1)))
    del first
    gc.collect()
    assert gone() is None


def settle(source: str, values: dict[str, object], once: frozenset[str] = frozenset()) -> str:
    """`source` (one method) partially evaluated under tarneeb-41 with `values` settled, as text."""
    function = ast.parse(textwrap.dedent(source)).body[0]
    namespace: dict[str, object] = dict(vars(engine))
    settled_tree = specialise._Settle(values, rules("tarneeb-41"), namespace, {}, once).visit(function)
    return ast.unparse(settled_tree)


def test_a_settled_flag_cuts_its_branch() -> None:
    source = """
    def step(self, x):
        if self._plain:
            return x
        else:
            return -x
    """
    assert settle(source, {"_plain": True}) == "def step(self, x):\n    return x"
    assert settle(source, {"_plain": False}) == "def step(self, x):\n    return -x"
    assert "if self._plain" in settle(source, {})


def test_only_reads_may_be_dropped_from_a_decided_test() -> None:
    source = """
    def step(self):
        if self._block and not self._plain:
            self.a()
        if self.check() and not self._plain:
            self.b()
        if self._stop is not None and self._stop(self):
            self.c()
    """
    text = settle(source, {"_plain": True, "_stop": None})
    assert "self.a()" not in text and "self.c()" not in text
    assert "if self.check() and False:" in text  # the call still happens


def test_a_value_keeps_its_exact_value() -> None:
    source = """
    def step(self, x):
        a = x or self._zero
        b = self._zero or x
        c = self._one or x
        return (a, b, c)
    """
    text = settle(source, {"_zero": 0, "_one": 1})
    assert "a = x or 0" in text  # `x or 0` is 0, not False, when x is falsy: kept whole
    assert "b = x\n" in text
    assert "c = 1\n" in text


def test_rules_module_constants_enumerations_and_local_names_are_known() -> None:
    source = """
    def step(self):
        rules = self.rules
        size = rules.fixed_hand_size or self.compute()
        if rules.trump.mode is TrumpMode.CHOSEN:
            self.fixed()
        if "passed" in rules.uses:
            self.passed()
        if self._phase == PLAY and len(self._pipeline) == 2:
            self.play()
        return size
    """
    namespace_values = {"_pipeline": ("bidding", "trump")}
    text = settle(source, namespace_values, frozenset({"rules"}))
    assert "size = 13" in text
    assert "self.fixed()" in text and "if " not in text.split("self.fixed()")[0].split("size = 13")[1]
    assert "self.passed()" not in text
    assert "if self._phase == 3:" in text


def test_only_names_assigned_once_at_the_top_of_a_method_stand_for_their_value() -> None:
    function = ast.parse(
        textwrap.dedent(
            """
            def step(self, items):
                once = self.rules
                twice = 1
                twice = 2
                for looped in items:
                    pass
                if items:
                    inside = 3
                first, second = items
                return once, twice, looped, inside, first, second
            """
        )
    ).body[0]
    assert isinstance(function, ast.FunctionDef)
    assert specialise._assigned_once(function) == frozenset({"once"})


def test_a_local_name_with_a_known_value_is_written_in_where_it_is_read() -> None:
    source = """
    def step(self):
        flag = self._plain
        if not flag:
            self.slow()
        return flag
    """
    expected = "def step(self):\n    self.slow()\n    return False"
    assert settle(source, {"_plain": False}, frozenset({"flag"})) == expected


def test_a_comparison_that_calls_is_kept_before_a_deciding_constant() -> None:
    source = """
    def step(self):
        if self._turn == self.compute() and self._plain:
            self.a()
        if "passed" not in self.rules.uses:
            self.b()
    """
    text = settle(source, {"_plain": False})
    assert "if self._turn == self.compute() and False:" in text
    assert "self.b()" in text and "not in" not in text, "tarneeb-41 reads no `passed`: the test is decided"


def test_an_error_in_the_specialised_engine_points_at_the_engines_own_line() -> None:
    ruleset = load_ruleset("whist")
    Game(ruleset)
    game = Game(ruleset, 1)
    assert type(game) is not Game
    with pytest.raises(ActionError) as caught:
        game.apply(-1)
    frame = caught.traceback[-1]
    assert Path(str(frame.path)).name == "game.py"
    source = Path(str(frame.path)).read_text(encoding="utf-8").splitlines()
    assert "raise" in source[frame.lineno], "the line of the raise in game.py"

"""trickbook: trick-taking card games as YAML rulesets, run by one generic engine.

>>> from trickbook import load_ruleset, Game
>>> rules = load_ruleset("tarneeb-41", options={"trump": "kubba"})
>>> game = Game(rules, seed=7)
>>> game.phase
'bidding'
"""

from .errors import (
    ExpressionError,
    IllegalAction,
    InvalidAction,
    OptionError,
    RecordError,
    RulesetError,
    RulesRuntimeError,
    TrickbookError,
)
from .game import Game
from .loader import load_ruleset, open_ruleset
from .rules import Rules
from .view import SeatView

__all__ = [
    "ExpressionError",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "OptionError",
    "RecordError",
    "Rules",
    "RulesRuntimeError",
    "RulesetError",
    "SeatView",
    "TrickbookError",
    "load_ruleset",
    "open_ruleset",
]

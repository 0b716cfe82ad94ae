"""trickbook: trick-taking card games as YAML rulesets, run by one generic engine.

>>> from trickbook import Game, bundled_rulesets, load_ruleset
>>> rules = load_ruleset(bundled_rulesets()[0])
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
    UsageError,
)
from .game import Game
from .loader import load_ruleset, open_ruleset
from .resources import bundled_ruleset_ids as bundled_rulesets
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
    "UsageError",
    "bundled_rulesets",
    "load_ruleset",
    "open_ruleset",
]

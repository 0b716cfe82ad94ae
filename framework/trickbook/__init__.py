"""trickbook: trick-taking card games as YAML rulesets, run by one generic engine.

>>> from trickbook import Game, bundled_rulesets, load_ruleset
>>> rules = load_ruleset(bundled_rulesets()[0])
>>> game = Game(rules, seed=7)
>>> game.phase
'bidding'
"""

from .engine.game import Game
from .engine.view import SeatView
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
from .resources import bundled_only
from .resources import bundled_ruleset_ids as bundled_rulesets
from .ruleset.loader import load_ruleset, open_ruleset
from .ruleset.rules import Rules

__version__ = "0.1.0"
"""The one place the version is written: the package metadata reads it from here."""

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
    "bundled_only",
    "bundled_rulesets",
    "load_ruleset",
    "open_ruleset",
]

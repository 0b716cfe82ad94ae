"""Fixed budgets for untrusted input, so a hostile file is refused quickly instead of exhausting the machine."""

from typing import Final

MAX_RULESET_BYTES: Final = 64_000
"""A ruleset or deck file larger than this is refused before it is parsed (the bundled ones are under 6 KB).

It also bounds the time of PyYAML's pure-Python parser, which reads again any
text libyaml refuses (so the error is worded alike on every build), to well
under a second.
"""

MAX_YAML_DEPTH: Final = 64
"""Deepest nesting of mappings and sequences in a YAML file."""

MAX_YAML_ALIASES: Final = 100
"""Most `*alias` references in one YAML file."""

MAX_YAML_NODES: Final = 100_000
"""Most values in one YAML file after aliases are expanded (stops alias bombs)."""

MAX_INT_DIGITS: Final = 15
"""Longest integer literal, in YAML and in expressions."""

MAX_EXPRESSION_CHARS: Final = 4_000
"""Longest expression text."""

MAX_EXPRESSION_DEPTH: Final = 48
"""Deepest nesting of brackets or operators in one expression."""

MAX_EXPANDED_NODES: Final = 20_000
"""Most parts an expression may have once the definitions it reads are written out (definitions that each read
the one before twice double at every level)."""

MAX_EVALUATED_PARTS: Final = 20_000
"""Most parts one evaluation of an expression may work through, each part inside an aggregate counted once for
every seat or side it ranges over: the work of the largest expression written out (`MAX_EXPANDED_NODES`), which
aggregates nested six deep at four seats (their body run 4,096 times) would otherwise exceed without bound."""

MAX_PLAYOUTS_PER_DECISION: Final = 400
"""Most hands a bot may play out in imagined worlds for one decision, whatever its kind: an mcts bot's
`playouts`, a heuristic bot's `samples` times the bids it weighs (2 x `spread` + 1). Checked wherever a player is
named (command line, table, server, saved table), since restoring a table asks every bot again for every past
decision."""

MAX_THINKING_MS: Final = 2_000
"""Longest a bot that thinks by the clock (`mcts:ms=`) may take for one decision, in milliseconds."""

MAX_COMBINATIONS: Final = 32
"""Most combinations of rules version and option values `validate` checks; beyond it, every option value is
checked with the others at their defaults, and a fixed sample of the other combinations."""

MAX_OPTION_NUMBERS: Final = 64
"""The most numbers a table may type for an option that takes a list (`numbers` in the ruleset)."""

MAX_EXTENDS_DEPTH: Final = 8
"""Longest chain of rulesets extending one another."""

MAX_RECORD_BYTES: Final = 16_000_000
"""Largest single match record (one JSON document): a 5,000-hand match of random players of a bundled
ruleset is about 14 MB, and replaying it takes about 210 MB of memory."""

MAX_RECORD_DEPTH: Final = 100
"""Deepest nesting of objects and lists in a match record (a record's own shape is under 10 deep, plus the
ruleset it carries, itself at most 64 deep); the JSON parser's own stack differs between Python versions."""

DEFAULT_HAND_CAP: Final = 1000
"""Hands (played or cancelled) after which a simulated match stops without a winner."""

MAX_HANDS: Final = 5000
"""Most hands a match may have: the largest hand cap a command accepts, and the most hands a record may hold."""

MAX_POINTS: Final = 10**12
"""The largest score a hand's rule may give, a total or a counter may reach; beyond it the rules make points grow
without bound (a score that squares itself), and the match is stopped with an error."""

WORLD_SEARCH_STEPS: Final = 200_000
"""Most cards the search for one sampled deal places before it gives up. The search settles the rare dead end of a
quick deal, where a fitting deal is found at once; a view that no deal fits (which the real deal rules out) would
otherwise be searched for ever."""

WORLD_DRAWS: Final = 200
"""Most deals a searching player draws for one imagined world before it gives up: a draw is refused only when the
history could not have happened with it (a bid the rules forbid with those cards), which real deals make rare."""

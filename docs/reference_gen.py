"""Writes docs/reference.md from the ruleset schema and the expression function table.

    python docs/reference_gen.py

`tests/test_docs.py` fails when the committed reference differs from what
this script writes, so the reference cannot fall behind the schema or the
function table.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from trickbook import resources
from trickbook.expr.functions import BUILTINS, CONTEXT_VARIABLES, DOMAINS, FOLDS, KEYWORDS, Stage, Type
from trickbook.ruleset.formats import CURRENT, FIRST
from trickbook.tools.concepts import bundled_concepts, users_of

OUT = Path(__file__).resolve().parent / "reference.md"


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = {**defs[node["$ref"].split("/")[-1]], **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _kind(node: dict[str, Any], defs: dict[str, Any]) -> str:
    node = _resolve(node, defs)
    if "const" in node:
        return f"`{node['const']}`"
    if "enum" in node:
        return " \\| ".join(f"`{v}`" for v in node["enum"])
    if "oneOf" in node:
        return " or ".join(_kind(option, defs) for option in node["oneOf"])
    kind = node.get("type", "any")
    if kind == "array":
        return f"list of {_kind(node.get('items', {}), defs)}"
    if kind == "object" and isinstance(node.get("additionalProperties"), dict) and "properties" not in node:
        return f"mapping of name to {_kind(node['additionalProperties'], defs)}"
    words = {"string": "text", "integer": "whole number", "boolean": "true/false", "object": "mapping", "null": "null"}
    text = " or ".join(words.get(k, k) for k in kind) if isinstance(kind, list) else words.get(kind, kind)
    bounds = [f"{k} {node[k]}" for k in ("minimum", "maximum") if k in node]
    return text + (f" ({', '.join(bounds)})" if bounds else "")


def _rows(node: dict[str, Any], defs: dict[str, Any], prefix: str, games: bool) -> Iterator[str]:
    node = _resolve(node, defs)
    required = set(node.get("required", []))
    for key, child in node.get("properties", {}).items():
        child = _resolve(child, defs)
        path = f"{prefix}{key}"
        mark = " **(required)**" if key in required else ""
        description = child.get("description", "")
        used = f" {_choice_users(path, child) if 'enum' in child else _users(path)} |" if games else ""
        yield f"| `{path}`{mark} | {_kind(child, defs)} | {description} |{used}"
        if "properties" in child:
            yield from _rows(child, defs, f"{path}.", games)
        extra = child.get("additionalProperties")
        if isinstance(extra, dict) and "properties" in _resolve(extra, defs):
            yield from _rows(extra, defs, f"{path}.<name>.", games)
        items = child.get("items")
        if isinstance(items, dict) and "properties" in _resolve(items, defs):
            yield from _rows(items, defs, f"{path}[].", games)


def _table(schema: dict[str, Any], *, games: bool = False) -> list[str]:
    """The schema's keys; with `games`, a last column names the bundled rulesets that use each."""
    defs = schema.get("$defs", {})
    if games:
        head = ["| key | value | meaning | bundled games |", "|---|---|---|---|"]
    else:
        head = ["| key | value | meaning |", "|---|---|---|"]
    return [*head, *_rows(schema, defs, "", games)]


def _choice_users(path: str, node: dict[str, Any]) -> str:
    """For a key with named choices, the bundled rulesets that make each choice."""
    return "; ".join(f"`{value}`: {_users(f'{path}={value}') or 'none'}" for value in node["enum"])


def _users(concept: str) -> str:
    """The bundled rulesets that use a concept, as `trickbook rulesets --concept` lists them."""
    users = users_of(concept)
    if len(users) == len(bundled_concepts()):
        return "all"
    return ", ".join(users)


def _stages(stages: frozenset[Stage]) -> str:
    names = {
        Stage.DEAL: "deal",
        Stage.PASSING: "passing",
        Stage.BIDDING: "bidding",
        Stage.BID: "bid bans",
        Stage.ANNOUNCE: "announcements",
        Stage.PLAY: "during the play",
        Stage.HAND: "scoring",
        Stage.MATCH: "match end",
    }
    return ", ".join(names[s] for s in Stage if s in stages)


FORMATS = [
    "## Format versions",
    "",
    f"A ruleset's first key, `format`, names the version of this language it is written in; `{CURRENT}` is",
    "the current one. The promise a format version makes:",
    "",
    "- **A format fixes meaning.** A file that loads under a format means the same game in every later release",
    "  that reads that format: the same rules digest, and the same scores and winner for the same deals and",
    "  choices, so its records replay. A release may add keys to a format (their defaults leave files without",
    "  them as they were) and refuse a file only where it relied on a defect (a crash, a hang, a seat left",
    "  without a move); it does not change what a key a file wrote, or one it left out, means.",
    "- **A new format number marks any other change:** a default that changes, a key whose meaning changes or",
    "  that goes away. Each is listed below with what `trickbook upgrade` writes for it.",
    "- **An old format keeps loading**, with the meaning it had, for at least two years after the format that",
    "  replaced it came out (format 1: at least until December 2028), and `trickbook upgrade FILE` rewrites it",
    "  in the current one meanwhile (`--check` for a pre-commit hook). A format is only dropped in a release",
    "  announced one release ahead; records stay replayable whatever their ruleset's format.",
    "- The same rules written in two formats have one digest, so a file rewritten by `upgrade` replays the",
    "  records made under its older text. Records say the format of the ruleset they were played under",
    "  (`ruleset.format`).",
    "",
    "### From format 1 to format 2",
    "",
    "| what | format 1 | format 2 | `trickbook upgrade` writes |",
    "|---|---|---|---|",
    "| a ruleset that extends nothing and declares neither `seats` nor `sides` | until 1 December 2026 "
    "(commit `95a2e5b` and before) every table had four seats in two sides, partners opposite; since then "
    "such a table had no sides. A format 1 file keeps the reading under which it loads: no sides when it "
    "loads so, else the first release's two sides | no sides: everyone plays for themselves | `seats: 4` and "
    "`sides: [[0, 2], [1, 3]]` after `deck`, where the file loads only with the first release's table |",
    f"| the `format` line | `{FIRST}` | `{CURRENT}` | the new format line; nothing else |",
    "",
    "Format 1 changed in one other way before this promise was written: since 2 December 2026 (`0819aa9`) a",
    "bid ban (`bidding.forbid`) applies in a blind round too, where before it did not. Format 1 files are read",
    "with today's meaning there, as format 2 reads them.",
]
"""The compatibility promise of format versions, with every change between formats."""


def reference() -> str:
    lines = [
        "# Reference",
        "",
        "Generated by `python docs/reference_gen.py` from `schemas/ruleset.schema.json`,",
        "`schemas/deck.schema.json` and the expression function table; a test keeps it in step.",
        "",
        "## Ruleset keys",
        "",
        "A ruleset is a YAML mapping. Unknown keys are refused. A file that says `extends:` is merged over the",
        "ruleset it names (JSON Merge Patch: mappings merge, `null` removes a key, anything else replaces), and the",
        "merged result must fit this table. The last column names the bundled rulesets that use each key, in their",
        "rules, a rules version or a table option (`trickbook rulesets --concept KEY` lists them with titles).",
        "",
        *_table(resources.schema("ruleset"), games=True),
        "",
        *FORMATS,
        "",
        "## Deck keys",
        "",
        *_table(resources.schema("deck")),
        "",
        "## The expression language",
        "",
        "Expressions appear in `definitions`, `deal.hand_size`, `passing.to`, `bidding.bids.max`,",
        "`bidding.cancel_if`, `bidding.forbid`, scoring rules (`when`, `points`), counters (`add`) and the match",
        "end (`wins`, `loses`, `ends`). Each is parsed, type-checked and compiled when the ruleset loads; where it",
        "is used decides what it may read (the *usable in* column below).",
        "",
        "### Syntax, loosest binding first",
        "",
        "| form | meaning |",
        "|---|---|",
        "| `if c then a else b` | `a` when `c` is true, else `b` (`else if` chains) |",
        "| `a or b`, `a and b`, `not a` | logic on true/false |",
        "| `a == b`, `!=`, `<`, `<=`, `>`, `>=` | comparison (no chaining) |",
        "| `a + b`, `a - b` | addition, subtraction |",
        "| `a * b`, `a / b`, `a % b` | multiplication; division rounding down; remainder "
        "(division by zero is a rules error) |",
        "| `-a` | negation |",
        "| `f(x, y)` | a call of a built-in, counter or event |",
        "| `sum(expr for s in seats)` | an aggregate over a domain |",
        "| `12`, `true`, `false` | whole numbers (at most 15 digits), truth values |",
        "| `H`, `KH`, `10H`, `A` | a suit code, card code or rank code of the deck (upper case) |",
        "| `9`, `10` | a number; where a rank is expected, a number the deck names a rank by (its code or an alias) is "
        "that rank, as in `card(9, trump)` |",
        "| `# ...` | a comment to the end of the line |",
        "",
        "Names are lower case: letters, digits and `_`. Reserved words: "
        + ", ".join(f"`{k}`" for k in sorted(KEYWORDS))
        + ".",
        "",
        "### Types",
        "",
        "| type | values |",
        "|---|---|",
        *(f"| {t.name.lower()} | {t.value} |" for t in Type),
        "",
        "A bid counts as its number wherever a number is expected; compare it with a bid name (`bid(seat) == <name>`)",
        "to test for a named bid.",
        "",
        "### Names bound by a rule",
        "",
        *(
            f"- `{name}`: the {kind.value[2:]} the rule is evaluated for, in rules with `for: {name}`."
            for name, kind in CONTEXT_VARIABLES.items()
        ),
        "- `match.wins` and `match.loses` are evaluated for each side, with `side` bound (for each seat, with `seat`",
        "  bound, when `match.by` is `seat` or the table has no sides); `match.ends` binds nothing.",
        "- `passing.to` and `bidding.forbid.<name>.when` are evaluated for each seat, with `seat` bound;",
        "  in `bidding.forbid`, `this_bid` is the bid offered.",
        "",
        "### Built-in names and functions",
        "",
        "| name | gives | usable in | needs | meaning | bundled games |",
        "|---|---|---|---|---|---|",
        *(
            f"| `{b.signature}` | {b.result.value} | {_stages(b.stages)} | {b.needs or ''} | {b.doc} "
            f"| {_users(b.name)} |"
            for b in BUILTINS
        ),
        "",
        "Usable in: `bidding` = `bidding.cancel_if` (after the bidding); `scoring` = scoring rules and counters",
        "(after the last trick); `match end` = `match.wins` and `match.loses` (after each played hand). Needs:",
        "`auction` = only when the bidding is an auction; `personal` = only when scoring is by seat.",
        "",
        "### Aggregates",
        "",
        "| aggregate | body | gives | meaning | bundled games |",
        "|---|---|---|---|---|",
        *(
            f"| `{f.name}(... for s in D)` | {f.body.value} | {f.result.value} | {f.doc} | {_users(f.name)} |"
            for f in FOLDS.values()
        ),
        "",
        "| domain `D` | elements | usable in | bundled games |",
        "|---|---|---|---|",
        *(
            f"| `{d.name}" + (f"({', '.join(p.name.lower() for p in d.params)})" if d.params else "") + f"` | {d.doc} "
            f"| {_stages(d.stages)} | {_users(d.name)} |"
            for d in DOMAINS
        ),
        "",
        "### Names a ruleset defines",
        "",
        "- `definitions.<name>`: an expression usable by name anywhere (expanded where used, so `side` or `seat` in",
        "  it refers to the using rule's).",
        "- `counters.<name>`: `<name>(side)` or `<name>(seat)` gives the counter's value (before this hand while",
        "  scoring, after it at the match end).",
        "- `events.<name>`: `<name>(seat)` or `<name>(side)` gives how many times the trick event was credited "
        "this hand.",
        "- `bidding.named.<name>`: a bid name, compared with `bid(...)`.",
        "",
        "These names must differ from one another and from the built-in names.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    OUT.write_text(reference(), encoding="utf-8")
    print(f"wrote {OUT}")

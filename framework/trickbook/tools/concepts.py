"""Which parts of the ruleset language a ruleset uses, named as the reference names them.

A concept is a key path of the reference's table (`play.must.raise_trump`, `bidding.named.<name>.value`), an
enumerated choice of one (`trump.mode=led`), or an expression word (`doubled`, `took`). A ruleset uses what
its file sets, directly, through what it extends, or in any rules version or table option, so a house rule
offered as an option counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from .. import resources
from ..expr.functions import BUILTINS, DOMAINS, FOLDS
from ..ruleset.loader import RulesetSource, open_ruleset

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LANGUAGE_WORDS = frozenset([*(b.name for b in BUILTINS), *FOLDS, *(d.name for d in DOMAINS)])
"""The expression language's functions, facts, aggregates and domains, as the reference lists them."""
_EXPRESSION = "#/$defs/expression"
"""The schema's mark on a value that is an expression: only there do words of the language count."""
_NOT_RULES = ("examples", "options", "versions", "translations")
"""Top-level keys that describe, test or vary a ruleset rather than state its rules (their changes are read
as rules of their own)."""


def concepts_of(source: RulesetSource) -> frozenset[str]:
    """Every concept the ruleset's rules, versions and options use."""
    schema = resources.schema("ruleset")
    data = source.document.data
    found = set(_paths({k: v for k, v in data.items() if k not in _NOT_RULES}, schema, schema, ""))
    for option in data.get("options", {}).values():
        patches = [value.get("changes", {}) for value in option.get("values", {}).values()]
        patches.append(option.get("numbers", {}).get("changes", {}))
        for patch in patches:
            found.update(_paths(patch, schema, schema, ""))
    for version in data.get("versions", []):
        found.update(_paths(version.get("changes", {}), schema, schema, ""))
    return frozenset(found)


@cache
def bundled_concepts() -> Mapping[str, frozenset[str]]:
    """Each bundled ruleset's id with the concepts it uses."""
    return {ruleset_id: concepts_of(open_ruleset(ruleset_id)) for ruleset_id in resources.bundled_ruleset_ids()}


def users_of(concept: str) -> list[str]:
    """The bundled rulesets that use a concept, or any concept below it (`play.must` covers `play.must.beat`)."""
    below = (f"{concept}.", f"{concept}[].", f"{concept}=")
    return [
        ruleset_id
        for ruleset_id, used in bundled_concepts().items()
        if concept in used or any(name.startswith(below) for name in used)
    ]


def _paths(data: Any, node: dict[str, Any], schema: dict[str, Any], prefix: str) -> Iterator[str]:
    """The reference's key paths a piece of a document sets, with enumerated choices and expression words."""
    expression = node.get("$ref") == _EXPRESSION
    node = _resolved(node, schema)
    if isinstance(data, str):
        if "enum" in node and prefix:
            yield f"{prefix[:-1]}={data}"
        if expression:
            yield from _LANGUAGE_WORDS.intersection(_WORD.findall(data))
        return
    if isinstance(data, list):
        items = node.get("items", {})
        items = items if isinstance(items, dict) else {}
        for item in data:
            below = f"{prefix[:-1]}[]." if isinstance(item, dict) and prefix else prefix
            yield from _paths(item, items, schema, below)
        return
    if not isinstance(data, dict):
        return
    properties = node.get("properties", {})
    extra = node.get("additionalProperties")
    for key, value in data.items():
        if key in properties:
            path = f"{prefix}{key}"
            child = properties[key]
        elif isinstance(extra, dict):
            path = f"{prefix}<name>"
            child = extra
        else:
            continue
        yield path
        yield from _paths(value, child, schema, f"{path}.")


def _resolved(node: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """A schema node with its `$ref`s followed and, for a choice of shapes, the one that describes mappings."""
    while "$ref" in node:
        node = {**schema["$defs"][node["$ref"].split("/")[-1]], **{k: v for k, v in node.items() if k != "$ref"}}
    for option in node.get("oneOf", node.get("anyOf", [])):
        option = _resolved(option, schema)
        if "properties" in option or "enum" in option:
            return option
    return node


@cache
def language_concepts() -> frozenset[str]:
    """Every concept the language has: the reference's key paths, their enumerated choices, its words."""
    schema = resources.schema("ruleset")
    return frozenset([*_schema_paths(schema, schema, ""), *_LANGUAGE_WORDS])


def _schema_paths(node: dict[str, Any], schema: dict[str, Any], prefix: str) -> Iterator[str]:
    """The key paths a schema node describes, named as the reference's table names them."""
    node = _resolved(node, schema)
    for key, child in node.get("properties", {}).items():
        path = f"{prefix}{key}"
        child = _resolved(child, schema)
        yield path
        yield from (f"{path}={value}" for value in child.get("enum", ()))
        yield from _schema_paths(child, schema, f"{path}.")
        extra = child.get("additionalProperties")
        if isinstance(extra, dict):
            yield f"{path}.<name>"
            yield from _schema_paths(extra, schema, f"{path}.<name>.")
        items = child.get("items")
        if isinstance(items, dict):
            items = _resolved(items, schema)
            yield from (f"{path}={value}" for value in items.get("enum", ()))
            yield from _schema_paths(items, schema, f"{path}[].")

"""A commented starting file for a house variant (`trickbook new`): the parent's rules as comments to edit."""

from __future__ import annotations

import re
from typing import Any

import yaml

from .. import resources
from ..ruleset.loader import open_ruleset

SCHEMA_LINE = "# yaml-language-server: $schema={path}"
"""The comment that points editors (the YAML language server) at the ruleset schema, for completion and checks."""

_NOT_COPIED = (
    "format",
    "id",
    "title",
    "description",
    "source",
    "translations",
    "extends",
    "examples",
    "versions",
    "options",
)
"""Keys of the parent that a variant does not repeat: what names it, what it describes or offers, and its words in
other languages (a variant that translates itself inherits the parent's words)."""


def starter(name: str, parent: str) -> str:
    """The text of `NAME.yaml`: a variant of `parent` that changes nothing yet, with the parent's rules quoted
    below as comments, each ready to uncomment and change."""
    source = open_ruleset(parent)
    title = str(source.document.data.get("title", source.id))
    rules = {k: v for k, v in source.document.data.items() if k not in _NOT_COPIED}
    quoted = yaml.dump(rules, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100).rstrip("\n")
    lines = [
        SCHEMA_LINE.format(path=(resources.data_dir() / "schemas" / "ruleset.schema.json").as_posix()),
        f"# {name}: a house variant of {title} ({source.id}).",
        "#",
        f"# This file takes every rule of {source.id} and changes only what it sets itself. Mappings merge key",
        "# by key, a value replaces the parent's, and null removes a key. Check it with",
        f"#   trickbook validate {name}.yaml   and   trickbook diff {source.id} {name}.yaml",
        "",
        "format: trickbook-ruleset/2",
        f"id: {name}",
        f"title: {name} (a variant of {title})",
        "description: >",
        "  Say here, in a sentence or two, what your variant changes and why.",
        f"extends: {parent}",
        "",
        f"# The rules of {source.id}, for reference: uncomment what you change (with its parent keys).",
        *(f"# {line}" if line else "#" for line in quoted.splitlines()),
        "",
    ]
    return "\n".join(lines)


class _Dumper(yaml.SafeDumper):
    """Writes rules as people write them: text over several lines as a block, short lists on one line."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    text = value.rstrip("\n")
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|" if "\n" in text else None)


def _list(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.SequenceNode:
    flat = all(not isinstance(item, dict | list) for item in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flat)


_Dumper.add_representer(str, _text)
_Dumper.add_representer(list, _list)


def valid_name(name: str) -> bool:
    """True for a ruleset id as the schema defines one (lower-case letters, digits and hyphens)."""
    return re.fullmatch(resources.schema("ruleset")["$defs"]["slug"]["pattern"], name) is not None

"""Reads YAML as plain data with safe-load semantics, remembering where every value came from.

PyYAML only tokenises and composes nodes here; this module turns nodes into
values itself, so no tag can construct an object, and it enforces the budgets
in `limits` (size, depth, aliases, expanded size, integer length).
"""

from __future__ import annotations

import math
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeAlias

import yaml

from .. import limits
from ..errors import Location, Mark, RulesetError

KeyPath: TypeAlias = tuple[str | int, ...]

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_DECIMAL = re.compile(r"[-+]?[0-9][0-9_]*")
_TRUE = {"yes", "true", "on"}

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML was built with it (several times faster), else the pure-Python one."""

KEY: str = "\x00key"
"""Last part of the path under which a mapping key's own mark is kept (next to its value's mark)."""


SourceMap: TypeAlias = Mapping[KeyPath, Mark]


@dataclass(frozen=True, slots=True)
class Document:
    """Plain data (dicts, lists, str, int, float, bool, None), the mark of every value and the source lines."""

    data: Any
    marks: SourceMap
    file: str
    lines: Mapping[str, tuple[str, ...]]

    def locate(self, path: KeyPath) -> Location:
        """Returns the location of `path`, or of its nearest ancestor that has one."""
        return locate(self.marks, path, self.file)


def locate(marks: SourceMap, path: KeyPath, file: str) -> Location:
    """Finds the mark of `path` or its nearest located ancestor."""
    for end in range(len(path), -1, -1):
        mark = marks.get(path[:end])
        if mark is not None:
            return mark.location
    return Location(file, 1, 1)


def locate_key(marks: SourceMap, path: KeyPath, file: str) -> Location:
    """The location of the key that ends `path` (its line, not its value's), else of the value."""
    mark = marks.get((*path, KEY))
    return mark.location if mark is not None else locate(marks, path, file)


def format_path(path: KeyPath) -> str:
    """Writes a key path the way a ruleset author reads it: `play.lead_restrictions[0].suit`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


def read_yaml(path: Path, display: str | None = None) -> Document:
    """Reads and converts one YAML file, refusing anything over the size budget before parsing."""
    name = display or str(path)
    try:
        status = path.stat()
    except OSError as exc:
        raise RulesetError(f"cannot read the file: {exc.strerror or exc}", where=Location(name, 1, 1)) from None
    if not stat.S_ISREG(status.st_mode):
        raise RulesetError(
            "this is not a file that can be read as text",
            where=Location(name, 1, 1),
            expected="a regular file",
            found="a directory" if stat.S_ISDIR(status.st_mode) else "a device, pipe or socket",
        )
    too_large = RulesetError(
        "the file is too large to be a ruleset",
        where=Location(name, 1, 1),
        expected=f"at most {limits.MAX_RULESET_BYTES:,} bytes",
        found=f"{status.st_size:,} bytes",
    )
    if status.st_size > limits.MAX_RULESET_BYTES:
        raise too_large
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limits.MAX_RULESET_BYTES + 1)
    except OSError as exc:
        raise RulesetError(f"cannot read the file: {exc.strerror or exc}", where=Location(name, 1, 1)) from None
    if len(raw) > limits.MAX_RULESET_BYTES:
        raise too_large
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise RulesetError(
            "the file is not valid UTF-8 text",
            where=Location(name, line, column),
            found=f"byte {raw[exc.start]:#04x}",
        ) from None
    return parse_yaml(text, name)


def parse_yaml(text: str, file: str) -> Document:
    """Parses YAML text into a `Document`; every problem becomes a located `RulesetError`."""
    if len(text) > limits.MAX_RULESET_BYTES:
        raise RulesetError(
            "the text is too large to be a ruleset",
            where=Location(file, 1, 1),
            expected=f"at most {limits.MAX_RULESET_BYTES:,} characters",
            found=f"{len(text):,}",
        )
    try:
        node = _compose(text, file)
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "?")
        raise RulesetError(
            f"the character U+{code:04X} is not allowed in YAML text",
            where=Location(file, line, column),
            hint="remove control characters and unpaired surrogates; quote unusual text",
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(file, mark.line + 1, mark.column + 1) if mark else Location(file, 1, 1)
        problem = exc.problem or exc.context or "a syntax error"
        hint = None
        if "'\\t'" in problem:
            problem, hint = "a tab is not allowed for indentation in YAML", "indent with spaces"
        raise RulesetError(f"this is not valid YAML: {problem}", where=where, hint=hint) from None
    except yaml.YAMLError as exc:
        raise RulesetError(f"this is not valid YAML: {exc}", where=Location(file, 1, 1)) from None
    if node is None:
        raise RulesetError("the file is empty", where=Location(file, 1, 1), expected="a mapping of ruleset keys")
    marks: dict[KeyPath, Mark] = {}
    budget = [limits.MAX_YAML_NODES]
    data = _convert(node, (), file, marks, budget, set())
    return Document(data, marks, file, {file: tuple(text.splitlines())})


def _compose(text: str, file: str) -> yaml.Node | None:
    """Composes with libyaml when it is there; when libyaml refuses the text, the pure-Python parser says why.

    libyaml has limits and wording of its own (its nesting limit, for one, can
    fire before our depth check sees the nesting); asking the pure-Python parser,
    which has neither, gives the same error on every PyYAML build.
    """
    try:
        return _compose_with(text, file, _LOADER)
    except yaml.YAMLError:
        if _LOADER is yaml.SafeLoader:
            raise
    return _compose_with(text, file, yaml.SafeLoader)


def _compose_with(text: str, file: str, loader: type[yaml.SafeLoader] | type[yaml.CSafeLoader]) -> yaml.Node | None:
    _check_shape(text, file, loader)
    node: yaml.Node | None = yaml.compose(text, Loader=loader)
    return node


def _check_shape(text: str, file: str, loader: type[yaml.SafeLoader] | type[yaml.CSafeLoader]) -> None:
    """Walks the event stream (no recursion) to refuse deep nesting and alias floods before composing."""
    depth = 0
    aliases = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > limits.MAX_YAML_DEPTH:
                raise RulesetError(
                    "the YAML is nested too deeply",
                    where=_event_location(event, file),
                    expected=f"at most {limits.MAX_YAML_DEPTH} levels of mappings and lists",
                    found="deeper nesting",
                )
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > limits.MAX_YAML_ALIASES:
                raise RulesetError(
                    "the YAML uses too many aliases",
                    where=_event_location(event, file),
                    expected=f"at most {limits.MAX_YAML_ALIASES} *alias references",
                    found="more",
                )


def _event_location(event: yaml.Event, file: str) -> Location:
    mark = event.start_mark
    if mark is None:
        return Location(file, 1, 1)
    return Location(file, mark.line + 1, mark.column + 1)


def _mark(node: yaml.Node, file: str) -> Mark:
    style = getattr(node, "style", None) or ""
    return Mark(file, node.start_mark.line + 1, node.start_mark.column + 1, style)


def _convert(
    node: yaml.Node, path: KeyPath, file: str, marks: dict[KeyPath, Mark], budget: list[int], open_nodes: set[int]
) -> Any:
    """Converts one node; `open_nodes` holds the collections being converted above it, to catch alias loops."""
    budget[0] -= 1
    if budget[0] < 0:
        raise RulesetError(
            "the YAML expands to too many values (an alias bomb?)",
            where=_mark(node, file).location,
            expected=f"at most {limits.MAX_YAML_NODES:,} values after aliases are expanded",
        )
    mark = _mark(node, file)
    marks.setdefault(path, mark)
    if isinstance(node, yaml.ScalarNode):
        try:
            return _scalar(node, mark)
        except RulesetError as exc:
            raise RulesetError(
                exc.problem,
                where=exc.where,
                path=format_path(path),
                expected=exc.expected,
                found=exc.found,
                hint=exc.hint,
            ) from None
    if id(node) in open_nodes:
        raise RulesetError(
            "an alias refers to the collection that contains it", where=mark.location, found="a loop of aliases"
        )
    open_nodes.add(id(node))
    try:
        if isinstance(node, yaml.MappingNode):
            return _convert_mapping(node, path, file, marks, budget, open_nodes)
        if node.tag != _SEQ:
            raise _tag_error(node, mark)
        return [_convert(item, (*path, i), file, marks, budget, open_nodes) for i, item in enumerate(node.value)]
    finally:
        open_nodes.discard(id(node))


def _convert_mapping(
    node: yaml.MappingNode,
    path: KeyPath,
    file: str,
    marks: dict[KeyPath, Mark],
    budget: list[int],
    open_nodes: set[int],
) -> dict[str, Any]:
    if node.tag != _MAP:
        raise _tag_error(node, _mark(node, file))
    out: dict[str, Any] = {}
    first_seen: dict[str, Mark] = {}
    for key_node, value_node in node.value:
        key_mark = _mark(key_node, file)
        if key_node.tag == "tag:yaml.org,2002:merge":
            raise RulesetError(
                "YAML merge keys (<<) are not supported",
                where=key_mark.location,
                hint="use `extends:` to build on another ruleset",
            )
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != _STR:
            found = key_node.value if isinstance(key_node, yaml.ScalarNode) else "a collection"
            raise RulesetError(
                "a mapping key must be text",
                where=key_mark.location,
                expected="a text key",
                found=repr(found),
                hint="quote the key, for example '\"1\":'",
            )
        key = str(key_node.value)
        if key in first_seen:
            first = first_seen[key]
            raise RulesetError(
                f"the key {key!r} appears twice in one mapping",
                where=key_mark.location,
                found=f"a second {key!r} (the first is at line {first.line}, column {first.column})",
                hint="remove one of them; a repeated key would silently override the first",
            )
        first_seen[key] = key_mark
        marks[(*path, key, KEY)] = key_mark
        out[key] = _convert(value_node, (*path, key), file, marks, budget, open_nodes)
    return out


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Control characters other than tab and newline: written by an escape (`"\\x1b[31m"`), they would reach a
terminal or a page as commands."""


def check_plain_text(data: Any, file: str, path: KeyPath = ()) -> None:
    """Refuses control characters anywhere in data that did not come through YAML (a ruleset a record carries)."""
    if isinstance(data, str):
        control = _CONTROL.search(data)
        if control:
            raise RulesetError(
                f"the control character U+{ord(control.group()):04X} is not allowed in text",
                where=Location(file, 1, 1),
                path=format_path(path),
            )
    elif isinstance(data, dict):
        for key, value in data.items():
            check_plain_text(key, file, path)
            check_plain_text(value, file, (*path, str(key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            check_plain_text(value, file, (*path, index))


def _scalar(node: yaml.ScalarNode, mark: Mark) -> Any:
    text = str(node.value)
    tag = node.tag
    if tag in (_STR, _TIMESTAMP):
        control = _CONTROL.search(text)
        if control:
            raise RulesetError(
                f"the control character U+{ord(control.group()):04X} is not allowed in text",
                where=mark.location,
                hint="rulesets are shown in terminals and pages: write plain text",
            )
        return text
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return text.lower() in _TRUE
    if tag == _INT:
        return _integer(text, mark)
    if tag == _FLOAT:
        return _float(text, mark)
    raise _tag_error(node, mark)


def _float(text: str, mark: Mark) -> float:
    special = text.lower().lstrip("+-")
    if special == ".nan":
        raise RulesetError("not-a-number (.nan) is not allowed", where=mark.location, found=repr(text))
    if special == ".inf":
        raise RulesetError("infinite numbers are not allowed", where=mark.location, found=repr(text))
    try:
        value = float(text.replace("_", ""))
    except ValueError:
        raise RulesetError("write numbers in plain decimal", where=mark.location, found=repr(text)) from None
    if not math.isfinite(value):
        raise RulesetError("infinite numbers are not allowed", where=mark.location, found=repr(text))
    return value


def _integer(text: str, mark: Mark) -> int:
    if not _DECIMAL.fullmatch(text):
        raise RulesetError(
            "write integers in plain decimal",
            where=mark.location,
            found=repr(text),
            hint="octal, hexadecimal and sexagesimal forms are not accepted",
        )
    digits = text.replace("_", "").lstrip("+-")
    if len(digits.lstrip("0")) > limits.MAX_INT_DIGITS:
        raise RulesetError(
            "this integer is too large",
            where=mark.location,
            expected=f"at most {limits.MAX_INT_DIGITS} digits",
            found=f"{len(digits)} digits",
        )
    return int(text.replace("_", ""))


def _tag_error(node: yaml.Node, mark: Mark) -> RulesetError:
    return RulesetError(
        "YAML tags are not allowed",
        where=mark.location,
        found=repr(node.tag),
        hint="rulesets hold plain text, numbers, lists and mappings only",
    )

"""Checks plain data against one of trickbook's JSON Schemas and reports the best error, located.

A ruleset or deck that passed once is remembered by the digest of its data and of the schema (in the user's
cache folder), so loading a bundled ruleset again needs neither jsonschema nor its import time; records are
always checked.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import resources, usercache
from ..errors import InputError, _
from .yamlsource import KeyPath, SourceMap, format_path, locate, locate_key

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator, TypeChecker
    from jsonschema.exceptions import ValidationError

REMEMBERED = frozenset({"ruleset", "deck"})
"""The schemas whose passes are remembered: few distinct documents, loaded again and again."""

_TYPE_WORDS = {
    "object": "a mapping",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing (null)",
}


def _whole_number(_checker: TypeChecker, instance: Any) -> bool:
    """JSON Schema counts 7.0 as an integer; a ruleset's counts, bids and seats must be written as whole numbers."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def validator(name: str) -> Draft202012Validator:
    """The validator for `schemas/<name>.schema.json`, built once; `integer` means a whole number as written."""
    from jsonschema import Draft202012Validator, validators

    strict_class = validators.extend(  # type: ignore[no-untyped-call]  # jsonschema ships no annotations for it
        Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number)
    )
    strict: Draft202012Validator = strict_class(resources.schema(name))
    return strict


def _passed(data: Any, schema_name: str) -> Path | None:
    """Where a pass of `data` against the schema is remembered (None: not remembered for this schema, or no
    cache folder)."""
    folder = usercache.folder() if schema_name in REMEMBERED else None
    if folder is None:
        return None
    text = json.dumps([resources.schema(schema_name), data], sort_keys=True, ensure_ascii=False, default=str)
    return folder / "schema-passes" / hashlib.sha256(text.encode("utf-8")).hexdigest()


def check(
    data: Any,
    schema_name: str,
    *,
    marks: SourceMap,
    file: str,
    error: type[InputError],
    root: KeyPath = (),
) -> None:
    """Raises `error` for the most relevant schema violation in `data`, naming file, line, column and key."""
    remembered = _passed(data, schema_name)
    if remembered is not None and remembered.is_file():
        return
    from jsonschema.exceptions import best_match

    found = best_match(validator(schema_name).iter_errors(data))
    if found is None:
        if remembered is not None:
            usercache.mark(remembered)
        return
    definitions = resources.schema(schema_name).get("$defs", {})
    raise describe(found, marks=marks, file=file, error=error, root=root, definitions=definitions)


def describe(
    problem: ValidationError,
    *,
    marks: SourceMap,
    file: str,
    error: type[InputError],
    root: KeyPath = (),
    definitions: Mapping[str, Any] | None = None,
) -> InputError:
    """Turns a jsonschema error into a person-readable one from its structured fields.

    `definitions` are the schema's `$defs`, so an allowed form given by reference is named by its description.
    """
    path: KeyPath = (*root, *problem.absolute_path)
    kind = str(problem.validator)
    required: Any = problem.validator_value
    schema = problem.schema if isinstance(problem.schema, dict) else {}
    instance = problem.instance
    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = sorted(schema.get("properties", {}))
        extra = sorted(k for k in instance if k not in allowed)
        key = extra[0] if extra else "?"
        close = difflib.get_close_matches(key, allowed, n=1)
        return error(
            f"unknown key {key!r}",
            where=locate_key(marks, (*path, key), file),
            path=format_path(path),
            expected="one of " + _words(allowed),
            found=repr(key),
            hint=f"did you mean {close[0]!r}?" if close else None,
        )
    if kind == "uniqueItems" and isinstance(instance, list):
        repeated = next(item for index, item in enumerate(instance) if item in instance[:index])
        return error(
            _("this list repeats an item"),
            where=locate(marks, path, file),
            path=format_path(path),
            expected="each item at most once",
            found=f"{repeated!r} more than once",
        )
    if kind == "required" and isinstance(instance, dict):
        missing = [k for k in required if k not in instance]
        return error(
            f"the key {missing[0]!r} is missing" if missing else "a required key is missing",
            where=locate(marks, path, file),
            path=format_path(path),
            expected="keys " + _words(required),
        )
    return error(
        _problem_text(kind),
        where=locate(marks, path, file),
        path=format_path(path),
        expected=str(schema["description"])
        if kind == "pattern" and "description" in schema
        else _expected(kind, required, definitions or {}),
        found=_found(instance),
        hint=str(schema["description"]) if kind in ("enum", "const") and "description" in schema else None,
    )


def _problem_text(kind: str) -> str:
    if kind == "type":
        return _("this value has the wrong type")
    if kind in ("enum", "const"):
        return _("this value is not allowed here")
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return _("this number is out of range")
    if kind in ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"):
        return _("this value has the wrong size")
    if kind == "pattern":
        return _("this text has the wrong form")
    if kind in ("oneOf", "anyOf"):
        return _("this value matches none of the allowed forms")
    return f"this value breaks the rule {kind!r}"


def _expected(kind: str, value: Any, definitions: Mapping[str, Any]) -> str:
    if kind == "type":
        types = value if isinstance(value, list) else [value]
        return " or ".join(str(_TYPE_WORDS.get(t, t)) for t in types)
    if kind == "enum":
        return "one of " + _words(value)
    if kind == "const":
        return repr(value)
    if kind == "minimum":
        return f"at least {value}"
    if kind == "maximum":
        return f"at most {value}"
    if kind in ("minItems", "minLength", "minProperties"):
        return f"at least {value} item(s)" if kind != "minLength" else f"at least {value} character(s)"
    if kind in ("maxItems", "maxLength", "maxProperties"):
        return f"at most {value} item(s)" if kind != "maxLength" else f"at most {value} character(s)"
    if kind == "pattern":
        return f"text matching {value}"
    if kind in ("oneOf", "anyOf"):
        return "; or ".join(_form(option, definitions) for option in value)
    return repr(value)


def _form(option: Any, definitions: Mapping[str, Any]) -> str:
    """One allowed form of a `oneOf`, in words: its description, else its values or type."""
    if not isinstance(option, dict):
        return repr(option)
    reference = str(option.get("$ref", ""))
    if reference.startswith("#/$defs/"):
        option = definitions.get(reference.removeprefix("#/$defs/"), option)
    if "description" in option:
        return str(option["description"])
    if "enum" in option:
        return "one of " + _words(option["enum"])
    if "const" in option:
        return repr(option["const"])
    if "type" in option:
        return _expected("type", option["type"], definitions)
    return "another form"


def _found(instance: Any) -> str:
    if isinstance(instance, dict):
        return "a mapping with keys " + _words(list(instance)[:8]) if instance else "an empty mapping"
    if isinstance(instance, list):
        return f"a list of {len(instance)} item(s)"
    if isinstance(instance, bool):
        return "true" if instance else "false"
    if instance is None:
        return "nothing (null)"
    text = repr(instance)
    return text if len(text) <= 80 else text[:77] + "..."


def _words(items: Iterable[Any]) -> str:
    return ", ".join(repr(i) for i in items)

"""JSON Merge Patch (RFC 7396) over located documents: the one mechanism behind extends, versions and options.

Mappings merge key by key, `null` removes a key, and anything else replaces
the value. Every value of the result keeps the mark of the file and line it
came from, so errors found after merging still point at the right place.
"""

from __future__ import annotations

import copy
from typing import Any

from .yamlsource import KEY, Document, KeyPath, Mark, SourceMap


def apply_patch(base: Document, patch: Document, source: KeyPath = ()) -> Document:
    """Returns `base` with the value at `source` in `patch` merged in; the result is named after `patch`'s file."""
    value: Any = patch.data
    for key in source:
        value = value[key]
    marks: dict[KeyPath, Mark] = dict(base.marks)
    data = _merge(copy.deepcopy(base.data), value, (), source, marks, patch.marks)
    return Document(data, marks, base.file, {**base.lines, **patch.lines})


def _merge(
    target: Any, patch: Any, at: KeyPath, source: KeyPath, marks: dict[KeyPath, Mark], patch_marks: SourceMap
) -> Any:
    if not isinstance(patch, dict):
        _transplant(marks, at, patch_marks, source)
        return copy.deepcopy(patch)
    if not isinstance(target, dict):
        target = {}
        _drop(marks, at)
    if source in patch_marks:
        marks[at] = patch_marks[source]
    for key, value in patch.items():
        if value is None:
            target.pop(key, None)
            _drop(marks, (*at, key))
        else:
            target[key] = _merge(target.get(key), value, (*at, key), (*source, key), marks, patch_marks)
            key_mark = patch_marks.get((*source, key, KEY))
            if key_mark is not None:
                marks[(*at, key, KEY)] = key_mark
    return target


def _drop(marks: dict[KeyPath, Mark], prefix: KeyPath) -> None:
    size = len(prefix)
    for path in [p for p in marks if p[:size] == prefix]:
        del marks[path]


def _transplant(marks: dict[KeyPath, Mark], at: KeyPath, patch_marks: SourceMap, source: KeyPath) -> None:
    _drop(marks, at)
    size = len(source)
    for path, mark in patch_marks.items():
        if path[:size] == source:
            marks[(*at, *path[size:])] = mark

"""JSON Merge Patch (RFC 7396) over located documents: the one mechanism behind extends, versions and options.

Mappings merge key by key, `null` removes a key, and anything else replaces
the value. Every value of the result keeps the mark of the file and line it
came from, so errors found after merging still point at the right place.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from ..errors import Mark
from .yamlsource import KEY, Document, KeyPath, SourceMap


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
        _transplant(marks, at, target, patch_marks, source, patch)
        return copy.deepcopy(patch)
    if not isinstance(target, dict):
        _drop(marks, at, target)
        target = {}
    if source in patch_marks:
        marks[at] = patch_marks[source]
    for key, value in patch.items():
        if value is None:
            _drop(marks, (*at, key), target.pop(key, None))
        else:
            target[key] = _merge(target.get(key), value, (*at, key), (*source, key), marks, patch_marks)
            key_mark = patch_marks.get((*source, key, KEY))
            if key_mark is not None:
                marks[(*at, key, KEY)] = key_mark
    return target


def _paths(value: Any) -> Iterator[KeyPath]:
    """The mark paths a value can have below where it sits (its own, its key's, its items'), found by walking
    the value itself: a merge never scans every mark of the document (that made a big file quadratic)."""
    yield ()
    yield (KEY,)
    if isinstance(value, dict):
        for key, item in value.items():
            for below in _paths(item):
                yield (key, *below)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            for below in _paths(item):
                yield (index, *below)


def _drop(marks: dict[KeyPath, Mark], at: KeyPath, old: Any) -> None:
    """Forgets the marks of the value `old` that sat at `at`."""
    for below in _paths(old):
        marks.pop((*at, *below), None)


def _transplant(
    marks: dict[KeyPath, Mark], at: KeyPath, old: Any, patch_marks: SourceMap, source: KeyPath, new: Any
) -> None:
    """Replaces the marks of `old` at `at` by those `new` has in the patch at `source`."""
    _drop(marks, at, old)
    for below in _paths(new):
        mark = patch_marks.get((*source, *below))
        if mark is not None:
            marks[(*at, *below)] = mark

"""A per-user folder for things that are slow to build and safe to rebuild (the expression parser's tables, and
notes of which rulesets already passed their schema).

What is kept there is read back with pickle, as Python reads its own
`__pycache__`, so a folder is used only when it belongs to the current user and
nobody else may write to it. Rulesets and records never reach it.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

ENVIRONMENT = "TRICKBOOK_CACHE_DIR"
"""Names the cache folder; set it empty to turn caching off."""


def folder() -> Path | None:
    """`$TRICKBOOK_CACHE_DIR`, else `$XDG_CACHE_HOME/trickbook`, else `~/.cache/trickbook`; None if unsafe."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen == "":
        return None
    try:
        if chosen is None:
            base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
            chosen = str(Path(base) / "trickbook")
        path = Path(chosen)
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        return path if _private(path) else None
    except (OSError, RuntimeError):
        return None


def read(path: Path, load: Callable[[BinaryIO], object]) -> object | None:
    """What `load` makes of the cached file, or None when it is missing, not private, or unreadable."""
    try:
        if not _private(path):
            return None
        with path.open("rb") as handle:
            return load(handle)
    except Exception:  # missing, or damaged in any way unpickling can notice: it is rebuilt
        return None


def write(path: Path, save: Callable[[BinaryIO], None]) -> None:
    """Writes through a temporary file and renames it, so a concurrent reader sees the old file or the whole new one."""
    try:
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        try:
            with os.fdopen(descriptor, "wb") as handle:
                save(handle)
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except OSError:
        return


def mark(path: Path) -> None:
    """Leaves an empty file at `path` (in a private subfolder of the cache) as a note that something passed."""
    try:
        path.parent.mkdir(mode=0o700, exist_ok=True)
        if _private(path.parent):
            path.touch(mode=0o600)
    except OSError:
        return


def _private(path: Path) -> bool:
    """True when `path` belongs to the current user and no one else may write to it."""
    info = path.stat()
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return False
    return not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)

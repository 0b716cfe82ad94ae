"""What the web server keeps across restarts, in one SQLite file: saved rulesets, tables, finished matches,
comparisons. Every write is one transaction, so a table's state and its seats' logs never disagree.

A saved ruleset's text is kept by its digest (SHA-256) as well as under its id, and saving over an id adds a
version: a table pins the digests of the texts it started with, so it plays them to its end, across restarts."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

from ..errors import UsageError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rulesets (id TEXT PRIMARY KEY, text TEXT NOT NULL, saved REAL NOT NULL);
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, state TEXT NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS records (
    table_id TEXT NOT NULL, match INTEGER NOT NULL, record TEXT NOT NULL, PRIMARY KEY (table_id, match)
);
CREATE TABLE IF NOT EXISTS comparisons (id TEXT PRIMARY KEY, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS texts (digest TEXT PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS versions (id TEXT NOT NULL, digest TEXT NOT NULL, saved REAL NOT NULL);
"""


def digest(text: str) -> str:
    """The content address of a ruleset's text."""
    return hashlib.sha256(text.encode()).hexdigest()


class Store:
    """One SQLite database in the data folder; safe to call from the server's threads."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "trickbook.sqlite3"
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as exc:
            raise UsageError(f"{self.path}: cannot use this as trickbook's database: {exc}") from None
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # rulesets

    def rulesets(self) -> dict[str, str]:
        """Every saved ruleset's YAML by id."""
        with self._lock:
            return dict(self._db.execute("SELECT id, text FROM rulesets ORDER BY id").fetchall())

    def save_ruleset(self, ruleset_id: str, text: str, now: float) -> int:
        """Saves `text` as the newest version of `ruleset_id` (the same text again is no new version); returns its
        version number (1 for a new id)."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute("INSERT OR REPLACE INTO rulesets VALUES (?, ?, ?)", (ruleset_id, text, now))
                self._db.execute("INSERT OR IGNORE INTO texts VALUES (?, ?)", (digest(text), text))
                newest = self._db.execute(
                    "SELECT digest FROM versions WHERE id = ? ORDER BY rowid DESC LIMIT 1", (ruleset_id,)
                ).fetchone()
                if newest is None or newest[0] != digest(text):
                    self._db.execute("INSERT INTO versions VALUES (?, ?, ?)", (ruleset_id, digest(text), now))
                (count,) = self._db.execute("SELECT count(*) FROM versions WHERE id = ?", (ruleset_id,)).fetchone()
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return int(count)

    def pin(self, texts: dict[str, str]) -> dict[str, str]:
        """Keeps the texts a table starts with (id -> text) by their digests; returns id -> digest."""
        pins = {ruleset_id: digest(text) for ruleset_id, text in texts.items()}
        with self._lock:
            self._db.executemany(
                "INSERT OR IGNORE INTO texts VALUES (?, ?)", [(pins[ruleset_id], t) for ruleset_id, t in texts.items()]
            )
        return pins

    def pinned(self, pins: dict[str, str]) -> dict[str, str]:
        """The texts a table pinned (id -> digest), by id."""
        with self._lock:
            found = {
                ruleset_id: self._db.execute("SELECT text FROM texts WHERE digest = ?", (address,)).fetchone()
                for ruleset_id, address in pins.items()
            }
        missing = sorted(ruleset_id for ruleset_id, row in found.items() if row is None)
        if missing:
            raise UsageError(f"the text of saved ruleset(s) {', '.join(missing)} that the table started with is gone")
        return {ruleset_id: str(row[0]) for ruleset_id, row in found.items()}

    # tables

    def save_table(self, table_id: str, state: dict[str, Any], now: float, records: dict[int, Any]) -> None:
        """A table's state, and the records of matches it finished since the last save, together."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute("INSERT OR REPLACE INTO tables VALUES (?, ?, ?)", (table_id, json.dumps(state), now))
                for match, record in records.items():
                    self._db.execute(
                        "INSERT OR REPLACE INTO records VALUES (?, ?, ?)", (table_id, match, json.dumps(record))
                    )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def forget_table(self, table_id: str) -> None:
        """Drops a closed table's state; the records of its finished matches stay."""
        with self._lock:
            self._db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def tables(self) -> list[tuple[str, str, float]]:
        """Every kept table's state as JSON text and the time of its last change, oldest change first (the caller
        reads and checks the state)."""
        with self._lock:
            rows = self._db.execute("SELECT id, state, updated FROM tables ORDER BY updated").fetchall()
        return [(str(table_id), str(state), float(updated)) for table_id, state, updated in rows]

    def record(self, table_id: str, match: int) -> str | None:
        """A finished match's record as JSON text."""
        with self._lock:
            row = self._db.execute(
                "SELECT record FROM records WHERE table_id = ? AND match = ?", (table_id, match)
            ).fetchone()
        return None if row is None else str(row[0])

    # comparisons

    def save_comparison(self, comparison_id: str, state: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO comparisons VALUES (?, ?)", (comparison_id, json.dumps(state)))

    def comparison(self, comparison_id: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute("SELECT state FROM comparisons WHERE id = ?", (comparison_id,)).fetchone()
        return None if row is None else dict(json.loads(row[0]))

"""What the web server keeps across restarts, in one SQLite file: saved rulesets, tables, finished matches,
comparisons. Every write is one transaction, so a table's state and its seats' logs never disagree."""

from __future__ import annotations

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
"""


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

    def save_ruleset(self, ruleset_id: str, text: str, now: float) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO rulesets VALUES (?, ?, ?)", (ruleset_id, text, now))

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

    def tables(self) -> list[tuple[str, str]]:
        """Every kept table's state as JSON text, oldest change first (the caller reads and checks it)."""
        with self._lock:
            rows = self._db.execute("SELECT id, state FROM tables ORDER BY updated").fetchall()
        return [(str(table_id), str(state)) for table_id, state in rows]

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

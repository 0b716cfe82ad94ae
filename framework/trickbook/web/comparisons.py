"""Comparisons started from the browser: the same `compare` as the command line, run in the background with
progress, its table, paired differences and figure kept in the store."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import i18n, resources
from ..errors import Say, TrickbookError, UsageError, said
from ..players import parse_player_specs
from ..players.base import split_specs
from ..ruleset.loader import load_ruleset
from ..ruleset.rules import Rules
from ..tools.compare import caveat_lines, compare, paired_differences, parse_skill, report_rows
from ..tools.parallel import RulesetChoice, default_jobs, load_choice
from ..tools.plot import plot
from .requests import bot, ruleset_choice
from .store import Store

MAX_MATCHES = 1000
"""Most matches per ruleset a comparison from the browser may ask for."""
MAX_RULESETS = 6
MAX_RUNNING = 2
"""Comparisons running at once; a further one is refused until one ends."""
STOP_SECONDS = 30
"""How long a server that stops waits for its comparisons to stop (each at the end of the matches in play)."""


class Cancelled(Exception):
    """Raised inside a comparison's progress callback to stop it: the matches in play end, no more start."""


class Comparisons:
    """Starts comparisons on background threads and answers how far each has got."""

    def __init__(self, store: Store, folder: Path) -> None:
        self.store = store
        self.folder = folder / "figures"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.progress: dict[str, dict[str, Any]] = {}
        self._threads: dict[str, threading.Thread] = {}
        self._clients: dict[str, str] = {}
        self._lock = threading.Lock()

    def start(self, request: Mapping[str, Any], client: str, admit: Callable[[], None]) -> str:
        """Checks a request (rulesets with versions and options, players, matches, hand cap, seed) and starts it;
        `client` (who asks) has one comparison running at a time. `admit` is called once the request may run, just
        before it starts (the caller's allowance, which may refuse): a refused request costs the client nothing."""
        specs = request.get("rulesets")
        if not isinstance(specs, list) or not 2 <= len(specs) <= MAX_RULESETS:
            raise UsageError(f"a comparison takes 2 to {MAX_RULESETS} rulesets")
        players = _text(request, "players", "heuristic")
        matches = _number(request, "matches", 20, MAX_MATCHES)
        hand_cap = _number(request, "hand_cap", 200, 1000)
        seed = _number(request, "seed", 1, 2**31)
        skill = parse_skill(_text(request, "skill", "")) if request.get("skill") else None
        for spec in split_specs(players):
            bot(spec)
        choices = []
        with resources.saved_rulesets(self.store.rulesets()):
            for spec in specs:
                reference, options, version = ruleset_choice(spec)
                rules = load_ruleset(reference, options=options, version=version)
                parse_player_specs(players, rules.seats)
                choices.append(RulesetChoice.of(reference, rules))
        with self._lock:
            if len(self.progress) >= MAX_RUNNING:
                raise UsageError(f"{MAX_RUNNING} comparisons are running; start another when one ends")
            if client in self._clients.values():
                raise UsageError("you have a comparison running; start another when it ends, or cancel it")
            admit()
            comparison_id = secrets.token_hex(6)
            total = matches * len(choices) * (2 if skill else 1)  # restricted play plays each ruleset twice
            self.progress[comparison_id] = {"status": "running", "done": 0, "total": total}
            self._clients[comparison_id] = client
            thread = threading.Thread(
                target=self._run, args=(comparison_id, choices, players, matches, seed, hand_cap, skill), daemon=True
            )
            self._threads[comparison_id] = thread
        thread.start()
        return comparison_id

    def cancel(self, comparison_id: str) -> dict[str, Any]:
        """Asks a running comparison to stop: the matches in play end, no more start; it then shows as cancelled."""
        with self._lock:
            running = self.progress.get(comparison_id)
            if running is not None:
                running["status"] = "cancelling"
                return dict(running)
        state = self.store.comparison(comparison_id)
        if state is None:
            raise LookupError("there is no such comparison here")
        return state

    def stop(self) -> None:
        """Cancels every running comparison and waits for it to stop, so a server that stops leaves no workers."""
        with self._lock:
            threads = list(self._threads.values())
            for running in self.progress.values():
                running["status"] = "cancelling"
        deadline = time.monotonic() + STOP_SECONDS
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))

    def state(self, comparison_id: str, language: str = i18n.LANGUAGES[0]) -> dict[str, Any] | None:
        """A comparison's progress, or its result with its sentences in `language` (a result kept before
        comparisons spoke several languages stays as it was written)."""
        with self._lock:
            running = self.progress.get(comparison_id)
            if running is not None:
                return dict(running)
        result = self.store.comparison(comparison_id)
        if result is None:
            return None
        texts = result.pop("languages", {})
        return {**result, **texts.get(language, {})} if isinstance(texts, dict) else result

    def figure(self, comparison_id: str) -> Path | None:
        path = self.folder / f"{comparison_id}.png"
        return path if comparison_id.isalnum() and path.is_file() else None

    def _run(
        self,
        comparison_id: str,
        choices: list[RulesetChoice],
        players: str,
        matches: int,
        seed: int,
        hand_cap: int,
        skill: tuple[str, str] | None,
    ) -> None:
        total = self.progress[comparison_id]["total"]  # set by `start` before this thread began

        def advance(count: int) -> None:
            with self._lock:
                running = self.progress[comparison_id]
                if running["status"] == "cancelling":
                    raise Cancelled
                running["done"] += count

        try:
            columns = compare(choices, players, matches, seed, hand_cap, min(2, default_jobs()), None, advance, skill)
            figure = True
            try:
                plot(columns, self.folder / f"{comparison_id}.png")
            except UsageError:
                figure = False  # matplotlib is not installed: the table and differences still show
            found = paired_differences(columns)
            title = said(
                "{matches} matches per ruleset, seeds {first}..{last}, players {players}",
                matches=matches,
                first=seed,
                last=seed + matches - 1,
                players=players,
            )
            texts = {}
            compared = [load_choice(choice) for choice in choices]
            for language in i18n.LANGUAGES:
                say = _sayer(language, compared)
                source = language == i18n.LANGUAGES[0]  # English keeps each measure's full name, as the CLI's
                texts[language] = {
                    "title": say(title),
                    "rows": report_rows(columns, None if source else say),
                    "differences": [d.verdict(column.label, say) for column, ds in found for d in ds],
                    "caveats": caveat_lines(columns, say),
                }
            result = {
                "status": "done",
                "done": total,
                "total": total,
                "labels": [c.label for c in columns],
                "first": columns[0].label,
                "figure": figure,
                "languages": texts,
            }
        except Cancelled:
            with self._lock:
                done = self.progress[comparison_id]["done"]
            stopped = said("cancelled after {done} of {total} matches", done=done, total=total)
            languages = {language: {"message": _sayer(language, [])(stopped)} for language in i18n.LANGUAGES}
            result = {"status": "cancelled", "message": str(stopped), "languages": languages}
        except TrickbookError as exc:
            result = {"status": "failed", "message": str(exc)}
        except Exception as exc:  # a background thread must end in a state the page can show, whatever happens
            result = {"status": "failed", "message": f"the comparison stopped: {type(exc).__name__}: {exc}"}
        self.store.save_comparison(comparison_id, result)
        with self._lock:
            del self.progress[comparison_id]
            del self._threads[comparison_id]
            del self._clients[comparison_id]


def _text(request: Mapping[str, Any], key: str, default: str) -> str:
    value = request.get(key, default)
    if not isinstance(value, str) or not 0 < len(value) <= 200:
        raise UsageError(f"{key} is text such as {default!r}")
    return value


def _number(request: Mapping[str, Any], key: str, default: int, most: int) -> int:
    value = request.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise UsageError(f"{key} is a whole number from 1 to {most}, not {value!r}")
    return value


def _sayer(language: str, rules: Sequence[Rules]) -> Say:
    """Says a comparison's sentences in `language`, each game's terms as the first ruleset that translates them."""
    gettext = i18n.gettext(language)

    def word(term: str) -> str:
        return next((told for told in (r.word(language, term) for r in rules) if told != term), term)

    return lambda sentence: sentence.in_language(gettext, word)

"""Runs many matches on several cores (or a Dask cluster) and hands the results back in seed order.

Work is described by picklable `MatchJob`s: each worker loads the ruleset by
reference and plays its matches from their seeds alone, so the results, and
anything written from them, are the same whatever the number of jobs. Which
variant a job plays is a `RulesetChoice`, named in words as
`RULESET@VERSION:NAME=VALUE,...` (`parse_ruleset_spec`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from .. import resources
from ..errors import OptionError, RulesetError, UsageError
from ..players import PlayerSpec, parse_player_specs
from ..ruleset.loader import load_ruleset, open_document
from ..ruleset.rules import Rules
from ..text import is_ascii_number

if TYPE_CHECKING:
    import multiprocessing.context

Result = TypeVar("Result")


@dataclass(frozen=True, slots=True)
class RulesetChoice:
    """A ruleset by reference, with its rules version and options: enough for any process to load it."""

    reference: str
    version: int | None
    options: tuple[tuple[str, str], ...]
    document: str = ""
    """The merged ruleset as JSON, in its written order, when it is not bundled, so a worker in another folder or
    on another machine (a Dask cluster) loads the same rules without the file; empty for a bundled ruleset."""
    label: str = ""
    """How a comparison names this choice, when not by its id, version and options (a sweep's value)."""
    digest: str = ""
    """The digest of the rules chosen, when the choice was made from them: whatever a worker loads must match it."""

    @classmethod
    def of(cls, reference: str, rules: Rules) -> RulesetChoice:
        """The choice that loads `rules` anywhere: by id when bundled, else carrying the merged ruleset."""
        document = json.dumps(rules.portable, ensure_ascii=False) if rules.portable is not None else ""
        return cls(reference, rules.version, rules.options, document, digest=rules.digest)


@dataclass(frozen=True, slots=True)
class MatchJob:
    """One match to play: which rules, which seed, which players, which hand cap."""

    index: int
    ruleset: RulesetChoice
    seed: int
    players: str
    hand_cap: int
    record: bool = True
    """Whether the match's record is wanted (building one costs time when nothing will write it)."""
    strong: int = -1
    """In a match of restricted play, the party (side, or seat without sides) the stronger player holds."""


@cache
def load_choice(choice: RulesetChoice) -> Rules:
    """Loads a ruleset once per process: from the file the choice names when it still holds the same rules (so
    errors name its lines), else from the document the choice carries, else the bundled ruleset by its id."""
    if choice.document:
        if choice.digest and resources.looks_like_path(choice.reference) and Path(choice.reference).is_file():
            try:
                rules = load_ruleset(choice.reference, options=dict(choice.options), version=choice.version)
            except (RulesetError, OptionError):
                rules = None
            if rules is not None and rules.digest == choice.digest:
                return rules
        source = open_document(json.loads(choice.document), f"{choice.reference} (sent with the job)")
        return source.resolve(options=dict(choice.options), version=choice.version)
    return load_ruleset(choice.reference, options=dict(choice.options), version=choice.version)


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """Table options given as `NAME=VALUE` texts (each `--option`), by name."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name or not value:
            raise UsageError(f"--option takes NAME=VALUE, as in --option trump=fixed; found {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _pairs(text: str) -> list[str]:
    """`a=1,b=3,5,7` as `a=1` and `b=3,5,7`: a piece without `=` continues the value before it (a list)."""
    pairs: list[str] = []
    for piece in text.split(","):
        if "=" not in piece and pairs:
            pairs[-1] += "," + piece
        else:
            pairs.append(piece)
    return pairs


def parse_ruleset_spec(text: str) -> tuple[str, int | None, dict[str, str]]:
    """Splits `RULESET[@VERSION][:NAME=VALUE,...]` into the ruleset, its version and its options."""
    reference, options = text, {}
    head, colon, tail = text.rpartition(":")
    if colon and "=" in tail:
        reference, options = head, parse_options(_pairs(tail))
    version = None
    base, at, number = reference.rpartition("@")
    if at and number.isdigit():
        if not is_ascii_number(number, 6):
            raise UsageError(f"{text[:60]!r}: the rules version after '@' is a number such as 2")
        reference, version = base, int(number)
    return reference, version, options


def load_specs(texts: Sequence[str], options: Sequence[str], version: int | None) -> list[Rules]:
    """Loads rulesets named with inline choices; `options` and `version` (given apart) apply to the last one."""
    loaded = []
    for index, text in enumerate(texts):
        reference, inline_version, inline_options = parse_ruleset_spec(text)
        if index == len(texts) - 1:
            inline_options.update(parse_options(options))
            inline_version = version if version is not None else inline_version
        loaded.append(load_ruleset(reference, options=inline_options, version=inline_version))
    return loaded


def players_of(job: MatchJob, seats: int) -> tuple[PlayerSpec, ...]:
    """The job's player for each of the table's seats (parsed once per text: every match of a run has the same)."""
    return _specs(job.players, seats)


@lru_cache(maxsize=64)
def _specs(text: str, seats: int) -> tuple[PlayerSpec, ...]:
    return tuple(parse_player_specs(text, seats))


def _start_method() -> multiprocessing.context.BaseContext:
    """Workers start from a fresh server process ('forkserver'), never by forking the caller, which may run
    threads (a progress bar, a Dask client) that a forked child would inherit half-way; trickbook is imported
    once in the server. 'spawn' where there is no forkserver (Windows). Imported here: a command that runs in
    one process (`play`, `check`, a single match) does not pay for multiprocessing at start-up."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["trickbook"])
    return context


def default_jobs() -> int:
    return os.cpu_count() or 1


def run_ordered(
    work: Callable[[MatchJob], Result],
    jobs: Sequence[MatchJob],
    processes: int,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Iterator[Result]:
    """Yields `work(job)` for every job, in the jobs' order, computed on `processes` cores or a Dask scheduler."""
    if scheduler is not None:
        yield from _dask(work, jobs, scheduler, progress)
        return
    if processes <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield work(job)
            if progress:
                progress(1)
        return
    chunk = max(1, min(16, len(jobs) // (processes * 8)))
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=processes, mp_context=_start_method()) as pool:
        for result in pool.map(work, jobs, chunksize=chunk):
            yield result
            if progress:
                progress(1)


def _dask(
    work: Callable[[MatchJob], Result], jobs: Sequence[MatchJob], address: str, progress: Callable[[int], None] | None
) -> Iterator[Result]:
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise UsageError("--scheduler needs Dask: pip install 'trickbook[dask]'") from None
    try:
        client = Client(address, timeout="5s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as exc:
        raise UsageError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from None
    with client:
        futures = client.map(work, list(jobs), pure=False)
        position = {future.key: index for index, future in enumerate(futures)}
        done: dict[int, Result] = {}
        following = 0
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            done[position[future.key]] = future.result()
            if progress:
                progress(1)
            while following in done:
                yield done.pop(following)
                following += 1

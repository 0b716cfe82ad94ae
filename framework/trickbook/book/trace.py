"""An annotated replay: every bid, the trump, each trick with who won it and why, each scoring line with its inputs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..engine.events import Event, HandScored, HandStarted, MatchEnded, TrickEventHappened
from ..engine.game import Game
from ..errors import Location
from ..record.replay import RulesetCache, replay_record, replay_under
from ..ruleset.rules import Rules
from .story import Story


def trace(
    record: dict[str, Any],
    where: Location,
    rulesets: RulesetCache,
    record_dir: Path | None,
    hand: int | None,
    under: Rules | None = None,
) -> str:
    """The story of a recorded match (or of hand `hand`, counted from 1), checked by replaying it; with `under`,
    the same deals and choices played under those rules instead, as far as they allow."""
    events: list[Event] = []
    if under is None:
        game = replay_record(record, where, rulesets, record_dir, observer=events.append)
        return "\n".join(_story(game, events, hand)) + "\n"
    game, stop = replay_under(record, where, under, observer=events.append)
    played = record.get("ruleset", {}).get("id")
    lines = [f"What if the match recorded under {played} had been played under {under.id}: its deals and choices."]
    # The recorded hands run out: that is not the end of a match under the other rules.
    lines += _story(game, [e for e in events if not (isinstance(e, MatchEnded) and e.winner is None)], hand)
    lines.append("")
    if game.is_over() and game.winner is None:
        lines.append(f"The record ends after {game.hands_finished} hand(s); under {under.id} the match would go on.")
    if stop.startswith("skipped"):
        lines.append(f"Every other recorded choice is allowed under {under.id}; the scores are its own. Note: {stop}.")
    elif stop:
        lines.append(f"Stopped: {stop}")
    else:
        lines.append(f"Every recorded choice is allowed under {under.id}; the scores are its own.")
    return "\n".join(lines) + "\n"


def _story(game: Game, events: list[Event], only: int | None) -> Iterator[str]:
    """The story's words for each event of the hands asked for, laid out: a blank line before each hand and the
    end of the match, the rest indented under its hand."""
    rules = game.rules
    story = Story(rules)
    current = 0
    yield f"{rules.title}: rules version {rules.version}" + "".join(f", {k}={v}" for k, v in rules.options)
    for event in events:
        if isinstance(event, HandStarted):
            current = event.hand
        said = story.tell(event)
        if only not in (None, current):
            continue
        if isinstance(event, HandScored):
            yield from ("  " + line for line in story.scoring(game.finished_hand(current - 1), event))
        elif said is not None:
            yield from _laid_out(event, said)


def _laid_out(event: Event, said: str) -> Iterator[str]:
    """A hand's opening and the match's end stand apart; a trick's events sit under the trick."""
    if isinstance(event, HandStarted | MatchEnded):
        yield ""
        yield said
    else:
        yield ("    " if isinstance(event, TrickEventHappened) else "  ") + said

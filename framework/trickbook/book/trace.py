"""An annotated replay: every bid, the trump, each trick with who won it and why, each scoring line with its inputs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .. import i18n
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
    language: str = i18n.LANGUAGES[0],
) -> str:
    """The story of a recorded match (or of hand `hand`, counted from 1), checked by replaying it, in `language`;
    with `under`, the same deals and choices played under those rules instead, as far as they allow."""
    _ = i18n.gettext(language)
    events: list[Event] = []
    if under is None:
        game = replay_record(record, where, rulesets, record_dir, observer=events.append)
        return "\n".join(_story(game, events, hand, language)) + "\n"
    game, stop = replay_under(record, where, under, observer=events.append)
    played = record.get("ruleset", {}).get("id")
    said = _("What if the match recorded under {played} had been played under {under}: its deals and choices.")
    lines = [said.format(played=played, under=under.id)]
    # The recorded hands run out: that is not the end of a match under the other rules.
    ended = [e for e in events if not (isinstance(e, MatchEnded) and e.winner is None)]
    lines += _story(game, ended, hand, language)
    lines.append("")
    if game.is_over() and game.winner is None:
        said = _("The record ends after {hands} hand(s); under {under} the match would go on.")
        lines.append(said.format(hands=game.hands_finished, under=under.id))
    if stop.startswith("skipped"):
        said = _("Every other recorded choice is allowed under {under}; the scores are its own. Note: {stop}.")
        lines.append(said.format(under=under.id, stop=stop))
    elif stop:
        lines.append(_("Stopped: {stop}").format(stop=stop))
    else:
        lines.append(
            _("Every recorded choice is allowed under {under}; the scores are its own.").format(under=under.id)
        )
    return "\n".join(lines) + "\n"


def _story(game: Game, events: list[Event], only: int | None, language: str) -> Iterator[str]:
    """The story's words for each event of the hands asked for, laid out: a blank line before each hand and the
    end of the match, the rest indented under its hand."""
    rules = game.rules
    story = Story(rules, language=language)
    current = 0
    title = rules.translation(language).title
    _ = i18n.gettext(language)
    version = _("rules version {version}").format(version=rules.version)
    yield f"{title}: {version}" + "".join(f", {k}={v}" for k, v in rules.options)
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

"""Golden playthroughs: a seeded random match told event by event, to catch any change in behaviour.

Run `python tests/golden/playthrough.py` to regenerate every file after an intended change.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from helpers import CONFIGURATIONS, config_id, rules  # noqa: E402
from trickbook import Game  # noqa: E402
from trickbook.events import (  # noqa: E402
    ActionTaken,
    CardExposed,
    CardsDealt,
    ContractSet,
    Event,
    HandCancelled,
    HandScored,
    HandStarted,
    MatchEnded,
    TrickEventHappened,
    TrickWon,
    TrumpSet,
)

SEED = 2026
HAND_CAP = 3


def golden_path(config: tuple) -> Path:
    return HERE / (config_id(config).replace("/", "__").replace("=", "-") + ".txt")


def playthrough(config: tuple) -> str:
    """The text of one seeded match with random legal moves, capped at a few hands."""
    ruleset = rules(*config)
    events: list[Event] = []
    game = Game(ruleset, SEED, hand_cap=HAND_CAP, observer=events.append)
    chooser = random.Random(SEED)
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
    deck = ruleset.deck
    lines = [f"# {config_id(config)}: seed {SEED}, random legal moves, hand cap {HAND_CAP}"]
    for event in events:
        match event:
            case HandStarted():
                lines.append(f"hand {event.hand}, dealer {event.dealer}")
            case CardsDealt():
                lines.append(f"  seat {event.seat}: {' '.join(deck.codes[c] for c in event.cards)}")
            case CardExposed():
                lines.append(f"  exposed: {deck.codes[event.card]} (seat {event.seat})")
            case ActionTaken():
                auto = " (auto)" if event.auto else ""
                lines.append(f"  seat {event.seat}: {ruleset.actions.text(event.action)}{auto}")
            case ContractSet():
                lines.append(f"  contract {event.contract} by seat {event.declarer}")
            case TrumpSet():
                lines.append(f"  trump {deck.suits[event.suit].code}")
            case TrickWon():
                how = "trump" if event.by_trump else "led suit"
                lines.append(f"  trick {event.number} to seat {event.winner} ({how})")
            case TrickEventHappened():
                lines.append(f"  event {event.name} for seat {event.seat}")
            case HandCancelled():
                lines.append(f"  cancelled: {event.reason}")
            case HandScored():
                for line in event.lines:
                    lines.append(f"  {line.rule} {line.per} {line.target}: {line.points:+d}")
                lines.append(f"  score {event.sides}, totals {event.totals}")
            case MatchEnded():
                lines.append(f"match over: winner {event.winner} ({event.reason})")
    return "\n".join(lines) + "\n"


def main() -> None:
    for config in CONFIGURATIONS:
        path = golden_path(config)
        path.write_text(playthrough(config), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent.parent)}")


if __name__ == "__main__":
    main()

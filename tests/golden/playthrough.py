"""Golden playthroughs: a seeded random match told by `trickbook trace`, to catch any change in behaviour.

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
from trickbook.book.trace import trace  # noqa: E402
from trickbook.errors import Location  # noqa: E402
from trickbook.record.replay import RulesetCache  # noqa: E402
from trickbook.record.writer import match_record  # noqa: E402

SEED = 2026
HAND_CAP = 3


def golden_path(config: tuple) -> Path:
    return HERE / (config_id(config).replace("/", "__").replace("=", "-") + ".txt")


def playthrough(config: tuple) -> str:
    """The trace of one seeded match with random legal moves, capped at a few hands."""
    game = Game(rules(*config), SEED, hand_cap=HAND_CAP)
    chooser = random.Random(SEED)
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
    header = f"# {config_id(config)}: seed {SEED}, random legal moves, hand cap {HAND_CAP}\n"
    return header + trace(match_record(game), Location("golden", 1, 1), RulesetCache(), None, None)


def main() -> None:
    for config in CONFIGURATIONS:
        path = golden_path(config)
        path.write_text(playthrough(config), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent.parent)}")


if __name__ == "__main__":
    main()

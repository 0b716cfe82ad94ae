"""Instructions (valgrind's callgrind) for the main steps: repeatable to about a million where the clock moves
by several percent on a shared machine.

    python benchmarks/instructions.py [--ruleset tarneeb-41]

Each step runs in a fresh process twice, at a large and a small size, and the difference is divided by the
difference in work: loading, imports and the per-ruleset specialisation (made at a rules object's second game)
drop out. `PYTHONHASHSEED=0` fixes the order of sets and dicts of strings. Needs `valgrind` on the PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent

PLAYOUTS = """
import sys; sys.path.insert(0, {here!r})
from handwritten import random_playouts
from run import engine_playouts, HANDWRITTEN
matches = int(sys.argv[1])
if {which!r} == "engine":
    hands, _, _ = engine_playouts({ruleset!r}, range(1, matches + 1), 20)
else:
    hands, _, _ = random_playouts(HANDWRITTEN[{ruleset!r}], range(1, matches + 1), 20)
print(hands)
"""

SIMULATE = """
import sys; sys.path.insert(0, {here!r})
from run import simulate_hands
print(simulate_hands({ruleset!r}, range(1, int(sys.argv[1]) + 1), 20))
"""

DECISION = """
import sys; sys.path.insert(0, {here!r})
from search_speed import decide, first_card
game = first_card({ruleset!r}, 1)
decide(game, int(sys.argv[1]), 1, plain={plain!r})
print(sys.argv[1])
"""

IMPORT = """
import sys
if sys.argv[1] != "0":
    import trickbook.cli
print(sys.argv[1])
"""


class Step(NamedTuple):
    """One measured step: what it is, the code a process runs, the two sizes, and what one unit of work is."""

    name: str
    code: str
    small: int
    large: int
    unit: str


def collected(code: str, size: int, bytecode: bool) -> tuple[int, int]:
    """Instructions of a fresh `python -c code size` under callgrind, and the work it printed."""
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    if bytecode:
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code, str(size)],
        capture_output=True,
        text=True,
        check=False,
        env=environment,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind failed:\n{done.stderr.strip()[-2000:]}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def steps(ruleset: str, handwritten: bool) -> list[Step]:
    here = str(HERE)
    out = [
        Step("random playouts, API loop", PLAYOUTS.format(here=here, which="engine", ruleset=ruleset), 2, 42, "hand"),
        Step("simulate (random players)", SIMULATE.format(here=here, ruleset=ruleset), 2, 42, "hand"),
    ]
    if handwritten:
        hand_made = PLAYOUTS.format(here=here, which="handwritten", ruleset=ruleset)
        out.append(Step("hand-written program", hand_made, 2, 42, "hand"))
    for plain in (False, True):
        name = "mcts decision, plain path" if plain else "mcts decision"
        out.append(Step(name, DECISION.format(here=here, ruleset=ruleset, plain=plain), 20, 220, "playout"))
    out.append(Step("import trickbook.cli (start-up)", IMPORT, 0, 1, "import"))
    return out


def measure(ruleset: str, handwritten: bool = True) -> list[tuple[str, float, str]]:
    """Instructions per unit of work of each step, in order."""
    results = []
    for step in steps(ruleset, handwritten):
        bytecode = step.unit == "import"  # an installed copy imports from its bytecode cache
        if bytecode:
            collected(step.code, step.large, bytecode)  # fills the cache
        low, low_work = collected(step.code, step.small, bytecode)
        high, high_work = collected(step.code, step.large, bytecode)
        results.append((step.name, (high - low) / max(1, high_work - low_work), step.unit))
    return results


def available() -> bool:
    return shutil.which("valgrind") is not None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="tarneeb-41")
    args = parser.parse_args()
    if not available():
        raise SystemExit("valgrind is not on the PATH (Debian: apt-get install valgrind)")
    from run import HANDWRITTEN

    for name, count, unit in measure(args.ruleset, args.ruleset in HANDWRITTEN):
        print(f"{name:34} {count / 1000:>12,.0f} K instructions a {unit}")


if __name__ == "__main__":
    main()

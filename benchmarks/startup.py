"""Start-up time of a command: interpreter alone, `import trickbook.cli`, and a whole `trickbook simulate` of one
hand, interleaved run by run so a busy machine slows all three alike. Prints medians and the share trickbook adds.

    python benchmarks/startup.py [--runs 15]

The commands run with Python's bytecode cache allowed (`PYTHONDONTWRITEBYTECODE` removed from their
environment), as on an installed copy, whose modules pip compiles at install time: without it every module is
compiled from source in every process, which about doubles the import's instructions.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "python alone": [sys.executable, "-c", "pass"],
    "import trickbook.cli": [sys.executable, "-c", "import trickbook.cli"],
    "simulate one hand": [
        sys.executable,
        "-m",
        "trickbook.cli",
        "simulate",
        "tarneeb-41",
        "--matches",
        "1",
        "--hand-cap",
        "1",
        "--players",
        "random",
        "--jobs",
        "1",
        "--out",
        "-",
    ],
}


def medians(runs: int) -> dict[str, float]:
    """Median seconds of each command over `runs` interleaved runs, after one run that fills the caches
    (bytecode, parser tables, schema passes)."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for command in COMMANDS.values():
        subprocess.run(command, capture_output=True, check=True, env=environment)
    seconds: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(runs):
        for name, command in COMMANDS.items():
            started = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True, env=environment)
            seconds[name].append(time.perf_counter() - started)
    return {name: statistics.median(times) for name, times in seconds.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    found = medians(args.runs)
    base = found["python alone"]
    for name, median in found.items():
        print(f"{name:22} median {median:.3f} s  ({median / base:.1f}x python alone, +{median - base:.3f} s)")


if __name__ == "__main__":
    main()

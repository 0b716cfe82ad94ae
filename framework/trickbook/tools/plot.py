"""A figure of a comparison: distributions and rates side by side (needs matplotlib: pip install 'trickbook[plot]')."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import UsageError
from .compare import SWEEP_METRICS, Column
from .sweep import Sweep


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'trickbook[plot]'") from None
    return plt


def plot_sweep(columns: Sequence[Column], sweep: Sweep, path: Path) -> None:
    """Writes a PNG: each designer's measure against the swept value, with its 95% interval."""
    plt = _pyplot()
    names = [name for name in SWEEP_METRICS if all(name in column.metrics for column in columns)]
    across = 3
    down = max(1, -(-len(names) // across))
    figure, axes = plt.subplots(down, across, figsize=(4.2 * across, 3.2 * down), squeeze=False)
    ticks = list(range(len(columns)))
    for index, name in enumerate(names):
        axis = axes[index // across][index % across]
        scale = 100 if name in columns[0].percent else 1
        values = [scale * c.metrics[name].value for c in columns]
        errors = [
            [max(0.0, scale * (c.metrics[name].value - c.metrics[name].low)) for c in columns],
            [max(0.0, scale * (c.metrics[name].high - c.metrics[name].value)) for c in columns],
        ]
        axis.errorbar(ticks, values, yerr=errors, marker="o", capsize=3)
        axis.set_title(name + (" (%)" if scale == 100 else ""), fontsize="small")
        axis.set_xticks(ticks, list(sweep.values), fontsize="small")
    for index in range(len(names), down * across):
        axes[index // across][index % across].set_visible(False)
    figure.suptitle(f"{'.'.join(sweep.path)} = {sweep.template}")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def _bars(axis: Any, columns: Sequence[Column], names: list[str], top: float | None, title: str) -> None:
    """Each measure as a bar per ruleset with its interval (none where a ruleset lacks it); `top` None: each
    measure relative to the first ruleset's value."""
    width = 0.8 / len(columns)
    for index, column in enumerate(columns):
        values, low, high = [], [], []
        for name in names:
            estimate = column.metrics.get(name)
            scale = 1.0 if top is not None else 1 / columns[0].metrics[name].value
            if estimate is None:
                values.append(0.0)
                low.append(0.0)
                high.append(0.0)
                continue
            values.append(estimate.value * scale)
            low.append(max(0.0, (estimate.value - estimate.low) * scale))
            high.append(max(0.0, (estimate.high - estimate.value) * scale))
        positions = [i + index * width for i in range(len(names))]
        axis.barh(positions, values, width, xerr=[low, high], label=column.label, capsize=2)
    axis.set_yticks([i + 0.4 - width / 2 for i in range(len(names))], [_short(n) for n in names], fontsize="x-small")
    axis.invert_yaxis()
    if top is not None:
        axis.set_xlim(0, top)
    else:
        axis.axvline(1.0, color="grey", linewidth=0.8)
    axis.set_title(title, fontsize="small")


def _short(name: str, most: int = 48) -> str:
    """A measure's name for an axis: without the description in brackets when it is long."""
    if len(name) > most:
        name = re.sub(r" \(.*\)", "", name)
    return name if len(name) <= most else name[: most - 1] + "…"


def plot(columns: Sequence[Column], path: Path) -> None:
    """Writes a PNG of every measure: hands per match (evenly binned), points per hand, shares, amounts relative
    to the first ruleset and rule frequencies with their intervals, and bids; one colour per ruleset."""
    plt = _pyplot()
    figure, axes = plt.subplots(3, 2, figsize=(13, 13))
    labels = [c.label for c in columns]
    lengths = [[s.hands for s in c.stats] for c in columns]
    shortest, longest = min(min(x) for x in lengths), max(max(x) for x in lengths)
    step = max(1, -(-(longest - shortest + 1) // 40))
    axes[0][0].hist(lengths, bins=range(shortest, longest + step + 1, step), label=labels)
    axes[0][0].set_title(f"hands per match ({step} hand(s) a bin)")
    axes[0][0].legend(fontsize="small")
    points = [[s.points / max(1, s.hands - s.cancelled) for s in c.stats] for c in columns]
    axes[0][1].boxplot(points, tick_labels=labels)
    axes[0][1].set_title("points per played hand (all sides or players)")
    axes[0][1].tick_params(axis="x", labelrotation=15)
    first = columns[0]
    shared = [name for name in first.metrics if all(name in c.metrics for c in columns)]
    rates = [n for n in shared if n in first.percent and n not in first.frequencies]
    _bars(axes[1][0], columns, rates, 1.0, "shares with 95% intervals")
    amounts = [n for n in shared if n not in first.percent and first.metrics[n].value > 0]
    _bars(axes[1][1], columns, amounts, None, "amounts relative to the first ruleset (1 = the same)")
    frequencies = list(dict.fromkeys(n for c in columns for n in c.metrics if n in c.frequencies))
    _bars(axes[2][0], columns, frequencies, 1.0, "scoring rules and trick events (share of played hands)")
    width = 0.8 / len(columns)
    bids = sorted(
        {b for c in columns for b in c.bids}, key=lambda b: (not b.isdigit(), int(b) if b.isdigit() else 0, b)
    )
    for index, column in enumerate(columns):
        positions = [i + index * width for i in range(len(bids))]
        axes[2][1].bar(positions, [column.bids.get(b, 0) for b in bids], width, label=column.label)
    axes[2][1].set_xticks([i + 0.4 - width / 2 for i in range(len(bids))], bids, fontsize="small")
    axes[2][1].set_title("bids made (share of all bids)")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)

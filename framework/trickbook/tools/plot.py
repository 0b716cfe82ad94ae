"""A figure of a comparison: distributions and rates side by side (needs matplotlib: pip install 'trickbook[plot]')."""

from __future__ import annotations

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
            [scale * (c.metrics[name].value - c.metrics[name].low) for c in columns],
            [scale * (c.metrics[name].high - c.metrics[name].value) for c in columns],
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


def plot(columns: Sequence[Column], path: Path) -> None:
    """Writes a PNG: hands per match, points per hand, win rates and bids, one colour per ruleset."""
    plt = _pyplot()
    figure, axes = plt.subplots(2, 2, figsize=(12, 8))
    labels = [c.label for c in columns]
    lengths = [[s.hands for s in c.stats] for c in columns]
    axes[0][0].hist(lengths, bins=20, label=labels)
    axes[0][0].set_title("hands per match")
    axes[0][0].legend(fontsize="small")
    points = [[s.points / max(1, s.hands - s.cancelled) for s in c.stats] for c in columns]
    axes[0][1].boxplot(points, tick_labels=labels)
    axes[0][1].set_title("points per played hand (all sides or players)")
    axes[0][1].tick_params(axis="x", labelrotation=15)
    names = [
        name
        for name in columns[0].metrics
        if name in columns[0].percent and name not in columns[0].frequencies and all(name in c.metrics for c in columns)
    ][:6]
    width = 0.8 / len(columns)
    for index, column in enumerate(columns):
        values = [column.metrics[n].value for n in names]
        errors = [
            [column.metrics[n].value - column.metrics[n].low for n in names],
            [column.metrics[n].high - column.metrics[n].value for n in names],
        ]
        positions = [i + index * width for i in range(len(names))]
        axes[1][0].bar(positions, values, width, yerr=errors, label=column.label, capsize=3)
    axes[1][0].set_xticks([i + 0.4 - width / 2 for i in range(len(names))], names, fontsize="small")
    axes[1][0].set_ylim(0, 1)
    axes[1][0].set_title("rates with 95% intervals")
    bids = sorted(
        {b for c in columns for b in c.bids}, key=lambda b: (not b.isdigit(), int(b) if b.isdigit() else 0, b)
    )
    for index, column in enumerate(columns):
        positions = [i + index * width for i in range(len(bids))]
        axes[1][1].bar(positions, [column.bids.get(b, 0) for b in bids], width, label=column.label)
    axes[1][1].set_xticks([i + 0.4 - width / 2 for i in range(len(bids))], bids, fontsize="small")
    axes[1][1].set_title("bids made (share of all bids)")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)

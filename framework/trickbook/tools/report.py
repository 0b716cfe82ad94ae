"""A comparison's report: tables in the terminal, or one self-contained HTML page (tables, verdicts and the figure
inline) for a teacher to project or a designer to send: no file beside it, nothing fetched."""

from __future__ import annotations

import base64
import html
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.table import Table

from ..errors import UsageError
from .compare import Column, caveat_lines, paired_differences, report_rows, sweep_rows
from .plot import plot, plot_sweep
from .sweep import Sweep

if TYPE_CHECKING:
    from rich.console import Console

FIRST_COLUMN = "95% intervals in brackets"
"""The heading of the table's first column, whose rows are the measures."""

_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:72em;margin:2em auto;padding:0 1em;line-height:1.45;color:#1d232a}"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccd;padding:.25em .6em;text-align:right}"
    "td:first-child,th:first-child{text-align:left}caption{font-weight:600;margin-bottom:.4em}"
    "li{margin:.2em 0}img{max-width:100%}.muted{color:#5b6570}"
)


def print_report(console: Console, columns: Sequence[Column], title: str, sweep: Sweep | None) -> None:
    """The comparison in the terminal: any caveats about the players, the paired verdicts, the sweep's rows (if
    any), then every measure of every ruleset."""
    _print_caveats(console, caveat_lines(columns))
    _print_verdicts(console, columns)
    if sweep is not None:
        header, rows = sweep_rows(columns, sweep)
        summary = Table(title=f"{'.'.join(sweep.path)} swept: {title}")
        for name in header:
            summary.add_column(name, justify="right")
        for row in rows:
            summary.add_row(*row)
        console.print(summary)
        console.print()
    table = Table(title=title)
    table.add_column(FIRST_COLUMN)
    for column in columns:
        table.add_column(column.label, justify="right", overflow="fold")  # a label has no spaces to wrap at
    for name, cells in report_rows(columns):
        table.add_row(name, *cells)
    console.print(table)


def _print_caveats(console: Console, warnings: Sequence[str]) -> None:
    if warnings:
        console.print("Read this first: these matches may measure the players more than the rules.", markup=False)
        for warning in warnings:
            console.print("  " + warning, markup=False)
        console.print()


def _print_verdicts(console: Console, columns: Sequence[Column]) -> None:
    differences = paired_differences(columns)
    if differences:
        console.print(
            f"Paired differences against {columns[0].label} (the same seeds deal the same cards; "
            "95% intervals; shares in percentage points, pp):",
            markup=False,
        )
        for column, found in differences:
            for difference in found:
                console.print("  " + difference.verdict(column.label), markup=False)
        console.print()


def write_html_report(name: str, columns: Sequence[Column], title: str, sweep: Sweep | None) -> None:
    """Writes the page to the file `name` (`compare --html`): the same verdicts and tables as the terminal, and the
    figure when matplotlib is there."""
    verdicts = [d.verdict(column.label) for column, found in paired_differences(columns) for d in found]
    header = [FIRST_COLUMN, *(column.label for column in columns)]
    rows = sweep_rows(columns, sweep) if sweep else None
    page = html_report(
        title, verdicts, header, report_rows(columns), rows, _figure(columns, sweep), caveat_lines(columns)
    )
    try:
        Path(name).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {name}: {exc.strerror or exc}") from None


def _figure(columns: Sequence[Column], sweep: Sweep | None) -> bytes | None:
    """The comparison's figure as PNG bytes, or None without matplotlib (the page then says how to get it)."""
    with tempfile.TemporaryDirectory() as folder:
        drawn = Path(folder) / "figure.png"
        try:
            if sweep:
                plot_sweep(columns, sweep, drawn)
            else:
                plot(columns, drawn)
        except UsageError:
            return None
        return drawn.read_bytes()


def html_report(
    title: str,
    verdicts: Sequence[str],
    header: Sequence[str],
    rows: Sequence[tuple[str, Sequence[str]]],
    sweep: tuple[Sequence[str], Sequence[Sequence[str]]] | None = None,
    figure: bytes | None = None,
    caveats: Sequence[str] = (),
) -> str:
    """The page: any caveats about the players, the paired verdicts, then the sweep's rows (if any), the full table
    and the figure."""
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_text(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{_text(title)}</h1>",
    ]
    if caveats:
        out.append("<h2>Read this first</h2>")
        out.append('<p class="muted">These matches may measure the players more than the rules.</p><ul>')
        out += [f"<li>{_text(c)}</li>" for c in caveats]
        out.append("</ul>")
    if verdicts:
        out.append("<h2>Paired differences</h2>")
        out.append('<p class="muted">The same seeds deal the same cards under each ruleset; 95% intervals.</p><ul>')
        out += [f"<li>{_text(v)}</li>" for v in verdicts]
        out.append("</ul>")
    if sweep is not None:
        out.append("<h2>One row per value</h2>")
        out.append(_table(sweep[0], [(row[0], row[1:]) for row in sweep[1]]))
    out.append("<h2>Every measure</h2>")
    out.append(_table(header, rows))
    if figure is not None:
        encoded = base64.b64encode(figure).decode("ascii")
        out.append(f'<h2>Figure</h2><img alt="the comparison in plots" src="data:image/png;base64,{encoded}">')
    else:
        out.append("<p class=\"muted\">No figure: install matplotlib (pip install 'trickbook[plot]').</p>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _table(header: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]]) -> str:
    lines = ["<table>", "<tr>" + "".join(f"<th>{_text(h)}</th>" for h in header) + "</tr>"]
    for name, cells in rows:
        lines.append(f"<tr><td>{_text(name)}</td>" + "".join(f"<td>{_text(c)}</td>" for c in cells) + "</tr>")
    lines.append("</table>")
    return "\n".join(lines)


def _text(value: str) -> str:
    return html.escape(value, quote=False)

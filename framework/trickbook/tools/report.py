"""A comparison as one self-contained HTML page (tables, verdicts and the figure inline), for a teacher to
project or a designer to send: no file beside it, nothing fetched."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence

_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:72em;margin:2em auto;padding:0 1em;line-height:1.45;color:#1d232a}"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccd;padding:.25em .6em;text-align:right}"
    "td:first-child,th:first-child{text-align:left}caption{font-weight:600;margin-bottom:.4em}"
    "li{margin:.2em 0}img{max-width:100%}.muted{color:#5b6570}"
)


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

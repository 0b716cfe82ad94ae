"""`trickbook serve`: the workbench, live tables and comparisons in a browser."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError
from .arguments import positive

if TYPE_CHECKING:
    from .arguments import Subparsers


def add_parser(subparsers: Subparsers) -> None:
    """Adds `serve` and its arguments."""
    srv = subparsers.add_parser("serve", help="the workbench, live tables and comparisons in a browser")
    srv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: this machine only)")
    srv.add_argument("--port", type=_port, default=8000, help="the port to listen on (default 8000)")
    srv.add_argument(
        "--data", default="trickbook-data", metavar="DIR", help="where saved rulesets, tables and records live"
    )
    srv.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a further name the server answers to, as browsers reach it (repeatable; see docs/web.md)",
    )
    srv.add_argument(
        "--idle-minutes",
        type=_minutes,
        default=24 * 60,
        metavar="N",
        help="close a table N minutes after its last move (default 1440)",
    )
    srv.add_argument(
        "--tables-per-hour",
        type=positive,
        default=30,
        metavar="N",
        help="tables one client may create an hour (default 30)",
    )
    srv.add_argument(
        "--comparisons-per-hour",
        type=positive,
        default=10,
        metavar="N",
        help="comparisons one client may start an hour (default 10)",
    )


def run(args: argparse.Namespace) -> int:
    """Serves until interrupted, keeping what it saves under `--data`."""
    from ..web.app import Settings, serve
    from ..web.guard import host_names

    folder = Path(args.data)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--data names {folder}, which is a file; give a folder (it is created if missing)")
    settings = Settings(
        host_names(args.host, args.allow_host), args.idle_minutes, args.tables_per_hour, args.comparisons_per_hour
    )
    serve(args.host, args.port, folder, settings)
    return 0


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of minutes, found {text[:40]!r}") from None
    if not 0 < value < 10**7:
        raise argparse.ArgumentTypeError(f"expected a number of minutes above 0, found {text[:40]!r}")
    return value


def _port(text: str) -> int:
    value = positive(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 1 to 65535, found {value}")
    return value

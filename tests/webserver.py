"""A real `trickbook serve` in a child process, and a real Chromium, for the web tests."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> str:
    """Debian's Chromium, which the README's test command installs; its absence fails the tests, never skips."""
    found = os.environ.get("TRICKBOOK_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        raise RuntimeError("the browser tests need Chromium: apt-get install -y chromium (see the README)")
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """`trickbook serve` on a free port over a data folder; can be stopped and started again on the same port."""

    def __init__(self, data: Path, options: Sequence[str] = ()) -> None:
        self.data = data
        self.options = list(options)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "trickbook.cli",
            "serve",
            "--port",
            str(self.port),
            "--data",
            str(self.data),
            *self.options,
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/api/tables", timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    said = self.process.stdout.read().decode() if self.process.stdout else ""
                    raise RuntimeError(f"the server stopped: {said}") from None
                time.sleep(0.1)
        raise RuntimeError("the server did not answer within 20 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


@contextmanager
def running(data: Path, options: Sequence[str] = ()) -> Iterator[Server]:
    server = Server(data, options)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def descendants(pid: int) -> set[int]:
    """The processes started by `pid`, and by them, read from /proc."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended while the list was read
        parents[int(stat.parent.name)] = int(fields[1])
    found: set[int] = set()
    layer = {pid}
    while layer:
        layer = {child for child, parent in parents.items() if parent in layer} - found
        found |= layer
    return found


def alive(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False

"""What keeps other sites and greedy clients out: the origin rule for every request and socket, and a budget of
table creations and comparisons per client.

The origin rule: every request must name this server in its `Host` header (one of the names it answers to, so a
site whose DNS name is pointed at this machine gets nothing), and every request that changes state (any method
but GET, HEAD and OPTIONS) and every WebSocket must come from a page this server served: its `Origin` is this
server, or it has no `Origin` and no `Sec-Fetch-Site` of another site (a command-line client, not a browser).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from ..errors import UsageError

LOOPBACK = ("localhost", "127.0.0.1", "::1")
"""The names a server always answers to: this machine's own."""
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
WILDCARDS = ("0.0.0.0", "::", "")
HOUR = 3600.0


def host_names(listen: str, extra: Iterable[str]) -> frozenset[str]:
    """The names a server answers to: this machine's, the address it listens on, and those it was told."""
    names = {*LOOPBACK, *(name.strip().lower() for name in extra)}
    if listen not in WILDCARDS:
        names.add(listen.lower())
    return frozenset(names)


def refusal(headers: Headers, changes_state: bool, names: frozenset[str]) -> str | None:
    """Why a request is refused by the origin rule, or None when it may go on."""
    host = headers.get("host", "")
    name = _host_name(host)
    if name not in names:
        listed = ", ".join(sorted(names))
        return (
            f"this server answers to {listed}, not to {host!r}; "
            f"to let it answer to that name, start it with `trickbook serve --allow-host {name or 'NAME'}`"
        )
    if not changes_state:
        return None
    origin = headers.get("origin")
    if origin is not None:
        if origin == "null" or urlsplit(origin).netloc.lower() != host.lower():
            return f"this request comes from a page of another site ({origin}); only this server's pages change it"
        return None
    fetched = headers.get("sec-fetch-site")
    if fetched in ("cross-site", "same-site"):
        return "this request comes from a page of another site; only this server's pages change it"
    return None


def _host_name(host: str) -> str:
    try:
        return (urlsplit(f"//{host}").hostname or "").lower()
    except ValueError:
        return ""


class SameOrigin:
    """ASGI middleware applying the origin rule: a refused request is answered 403 `{"error": ...}`, a refused
    WebSocket is closed before it opens (the browser sees HTTP 403)."""

    def __init__(self, app: ASGIApp, names: frozenset[str]) -> None:
        self.app = app
        self.names = names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            socket = scope["type"] == "websocket"
            why = refusal(Headers(scope=scope), socket or scope["method"] not in SAFE_METHODS, self.names)
            if why is not None:
                if socket:
                    await WebSocket(scope, receive, send).close(code=4403, reason=why[:120])
                else:
                    await JSONResponse({"error": why}, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class TooMany(UsageError):
    """A client has used its allowance (answered with HTTP 429)."""


class Allowance:
    """At most `per_hour` uses per client in any hour (a client is its address), counted in memory."""

    def __init__(self, what: str, per_hour: int) -> None:
        self.what = what
        self.per_hour = per_hour
        self._uses: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def take(self, client: str, now: float) -> None:
        """Counts one use by `client`, or refuses it in words when the client has used its hour's allowance."""
        with self._lock:
            for gone in [c for c, uses in self._uses.items() if not uses or uses[-1] <= now - HOUR]:
                del self._uses[gone]
            uses = self._uses.setdefault(client, deque())
            while uses and uses[0] <= now - HOUR:
                uses.popleft()
            if len(uses) >= self.per_hour:
                wait = int(uses[0] + HOUR - now) + 1
                raise TooMany(f"one client may start {self.per_hour} {self.what} an hour; try again in {wait} s")
            uses.append(now)

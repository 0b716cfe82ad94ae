"""The web application: pages, a JSON API and one WebSocket per open table page (Starlette, served by uvicorn).

Every request body and message is checked for size and shape and answered with a message a person can act
on; a seat token travels in the page's fragment and the socket's first message, never in a URL the server
logs.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from socket import create_server
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import i18n, limits, resources
from ..errors import Malformed, TrickbookError, UsageError, _, said
from ..ruleset.loader import load_ruleset, open_ruleset
from . import pages
from .comparisons import Comparisons
from .guard import LOOPBACK, Allowance, SameOrigin, TooMany
from .live import Hub, LiveTable, in_language, refusal_words
from .requests import BOT_KINDS, json_value, ruleset_choice
from .store import Store
from .workbench import checked_for_saving, study

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = limits.MAX_RULESET_BYTES + 8_000
"""Largest request body: a ruleset at the CLI's limit, in JSON."""
MAX_MESSAGE = 2_000
"""Largest WebSocket message from a table page."""
MESSAGE_EXAMPLE = '{"type": "act", "action": "pass"}'
"""What a table page's message looks like, as a refusal shows it."""
PAGES = {"/": "index.html", "/workbench": "workbench.html", "/tables": "tables.html", "/compare": "compare.html"}

Handler = Callable[[Request], Awaitable[Response]]


@dataclass(frozen=True, slots=True)
class Settings:
    """What `trickbook serve` lets its operator choose: the names it answers to, when an idle table closes, and
    how much one client may start in an hour (their defaults are `trickbook serve`'s)."""

    names: frozenset[str]
    idle_minutes: float
    tables_per_hour: int
    comparisons_per_hour: int


class Server:
    """The state behind the app: the store, the open tables and their sockets, the comparisons."""

    def __init__(self, folder: Path, settings: Settings) -> None:
        self.settings = settings
        self.tables_allowed = Allowance("tables", settings.tables_per_hour)
        self.comparisons_allowed = Allowance("comparisons", settings.comparisons_per_hour)
        self.store = Store(folder)
        self.hub = Hub(self.store)
        self.comparisons = Comparisons(self.store, folder)
        self.sockets: dict[str, set[tuple[WebSocket, int, str]]] = {}
        self.problems = self.hub.restore_all(time.time())

    async def close(self, live: LiveTable, reason: str) -> None:
        """Tells every connected page of a table that is gone why, and closes their sockets."""
        for socket, _seat, _language in list(self.sockets.pop(live.id, ())):
            with contextlib.suppress(Exception):
                await socket.send_json({"type": "error", "message": reason})
                await socket.close(code=4410, reason=reason[:120])

    async def push(self, live: LiveTable, news: dict[int, list[dict[str, Any]]] | None = None) -> None:
        """Sends every connected page of the table its seat's page, and what it was just told."""
        for socket, seat, language in list(self.sockets.get(live.id, ())):
            page = self.hub.page(live, seat, language)
            told = [in_language(event, language, live.table.rules) for event in (news or {}).get(seat, [])]
            message = {"type": "page", "page": page, "news": told}
            with contextlib.suppress(Exception):
                await socket.send_json(message)


def create_app(folder: Path, settings: Settings) -> Starlette:
    """The app over a data folder (created if missing)."""
    server = Server(folder, settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        clock = asyncio.create_task(_clock(server))
        try:
            yield
        finally:
            clock.cancel()
            await anyio.to_thread.run_sync(server.comparisons.stop)
            server.store.close()

    routes: list[BaseRoute] = [Route(path, _page(name)) for path, name in PAGES.items()]
    routes += [
        Route("/favicon.ico", _no_icon),
        Route("/table/{table_id}", _page("table.html")),
        Route("/api/rulesets", _guard(lambda r: _rulesets(server, r)), methods=["GET", "POST"]),
        Route("/api/rulesets/{ruleset_id}", _guard(lambda r: _ruleset_text(server, r))),
        Route("/api/study", _guard(lambda r: _study(server, r)), methods=["POST"]),
        Route("/api/seating", _guard(lambda r: _seating(server, r)), methods=["POST"]),
        Route("/api/tables", _guard(lambda r: _tables(server, r)), methods=["GET", "POST"]),
        Route("/api/tables/{table_id}/records/{match:int}", _guard(lambda r: _record(server, r))),
        Route("/api/tables/{table_id}/seat", _guard(lambda r: _seat_player(server, r)), methods=["POST"]),
        Route("/api/compare", _guard(lambda r: _compare_start(server, r)), methods=["POST"]),
        Route("/api/compare/{comparison_id}", _guard(lambda r: _compare_state(server, r))),
        Route("/api/compare/{comparison_id}/cancel", _guard(lambda r: _compare_cancel(server, r)), methods=["POST"]),
        Route("/api/compare/{comparison_id}/figure.png", _guard(lambda r: _compare_figure(server, r))),
        WebSocketRoute("/ws/table/{table_id}", lambda ws: _table_socket(server, ws)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SameOrigin, names=server.settings.names)])
    app.state.server = server
    return app


def _page(name: str) -> Handler:
    async def page(request: Request) -> Response:
        return HTMLResponse(pages.render(name, pages.language(request)), headers={"vary": "accept-language, cookie"})

    return page


async def _no_icon(request: Request) -> Response:
    return Response(status_code=204)


def _guard(handler: Callable[[Request], Awaitable[Any]]) -> Handler:
    """Answers a handler's value as JSON, and any refusal as `{"error": message}` with status 400, 404 or 429."""

    async def guarded(request: Request) -> Response:
        try:
            result = await handler(request)
        except LookupError as exc:
            return JSONResponse({"error": str(exc.args[0]) if exc.args else "not found"}, status_code=404)
        except TooMany as exc:
            return JSONResponse({"error": str(exc)}, status_code=429)
        except TrickbookError as exc:
            return JSONResponse({"error": refusal_words(exc, pages.language(request))}, status_code=400)
        except ValueError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return result if isinstance(result, Response) else JSONResponse(result)

    return guarded


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, refused when too large or not an object."""
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise Malformed(said("a request body is at most {size} bytes", size=f"{MAX_BODY:,}"))
    value = json_value(raw or b"{}", _("the request body"), '{"text": "..."}')
    if not isinstance(value, dict):
        raise Malformed(said("the request body is a JSON object"))
    return value


def _text_field(body: dict[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise Malformed(said("the request needs {key} as text", key=repr(key)))
    return value


async def _rulesets(server: Server, request: Request) -> Any:
    if request.method == "POST":
        body = await _body(request)
        text = _text_field(body, "text")
        saved = server.store.rulesets()
        ruleset_id = await anyio.to_thread.run_sync(checked_for_saving, text, saved)
        if saved.get(ruleset_id, text) != text and body.get("replace") is not True:
            message = (
                f"a ruleset {ruleset_id!r} is already saved with other text; to save this as its new version, "
                'send "replace": true (tables playing it keep the version they started with)'
            )
            return JSONResponse({"error": message, "replaces": ruleset_id}, status_code=409)
        version = server.store.save_ruleset(ruleset_id, text, time.time())
        return {"id": ruleset_id, "version": version}
    return await anyio.to_thread.run_sync(_catalogue, server.store.rulesets(), pages.language(request))


def _catalogue(saved: dict[str, str], language: str) -> list[dict[str, Any]]:
    """Every ruleset a table or comparison may use, with its seats, versions and options."""
    out = []
    with resources.saved_rulesets(saved):
        for ruleset_id in [*resources.bundled_ruleset_ids(), *saved]:
            try:
                source = open_ruleset(ruleset_id)
                rules = source.resolve()
            except TrickbookError:
                continue  # a saved ruleset that no longer loads (its parent changed): the workbench says why
            options = source.document.data.get("options", {})
            out.append(
                {
                    "id": ruleset_id,
                    "title": rules.translation(language).title,
                    "saved": ruleset_id in saved,
                    "seats": rules.seats,
                    "versions": list(source.versions),
                    "options": {
                        name: _option_choices(name, spec, functools.partial(rules.word, language))
                        for name, spec in options.items()
                    },
                }
            )
    return out


def _option_choices(name: str, spec: dict[str, Any], word: Callable[[str], str]) -> dict[str, Any]:
    """An option as a picker offers it: its named values (with the ruleset's words for them in the page's
    language), its default, and whether a list may be typed."""
    values = list(spec["values"])
    choices: dict[str, Any] = {"values": values, "labels": [word(v) for v in values], "default": spec["default"]}
    choices["label"] = word(name)
    if "numbers" in spec:
        numbers = spec["numbers"]
        choices["numbers"] = {"min": numbers["min"], "max": numbers["max"], "description": numbers.get("description")}
    return choices


async def _ruleset_text(server: Server, request: Request) -> Any:
    ruleset_id = request.path_params["ruleset_id"]
    saved = server.store.rulesets()
    if ruleset_id in saved:
        return {"id": ruleset_id, "text": saved[ruleset_id], "saved": True}
    if ruleset_id in resources.bundled_ruleset_ids():
        text = (resources.rulesets_dir() / f"{ruleset_id}.yaml").read_text(encoding="utf-8")
        return {"id": ruleset_id, "text": text, "saved": False}
    raise LookupError(f"there is no ruleset {ruleset_id!r} here")


async def _seating(server: Server, request: Request) -> Any:
    """The seats of a ruleset at a version with options (an option may change how many play), named in the
    page's language."""
    body = await _body(request)
    ruleset, options, version = ruleset_choice(body)
    language = pages.language(request)

    def seats() -> dict[str, Any]:
        with resources.saved_rulesets(server.store.rulesets()):
            rules = load_ruleset(ruleset, options=options, version=version)
        seating = rules.seating
        return {
            "seats": [rules.word(language, name) for name in seating.seat_names],
            "sides": [rules.word(language, name) for name in seating.side_names],
        }

    return await anyio.to_thread.run_sync(seats)


async def _study(server: Server, request: Request) -> Any:
    body = await _body(request)
    text = _text_field(body, "text")
    language = i18n.known(str(body.get("language", ""))) or pages.language(request)
    return await anyio.to_thread.run_sync(study, text, server.store.rulesets(), language)


async def _tables(server: Server, request: Request) -> Any:
    if request.method == "GET":
        language = pages.language(request)
        return [
            {
                "id": live.id,
                "title": live.table.rules.translation(language).title,
                "seats": live.table.seats,
                "names": [live.table.rules.word(language, name) for name in live.table.rules.seating.seat_names],
                "phase": live.table.phase,
                "match": live.table.match_number,
            }
            for live in server.hub.tables.values()
        ]
    body = await _body(request)
    seats = body.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise UsageError(f"'seats' lists each seat's player: 'human' or a bot ({', '.join(BOT_KINDS)})")
    ruleset, options, version = ruleset_choice(body)
    clock = body.get("turn_seconds")
    if clock is not None and (isinstance(clock, bool) or not isinstance(clock, int | float)):
        raise UsageError(f"'turn_seconds' is a number of seconds, not {clock!r}")
    client = _client(request)
    live = await anyio.to_thread.run_sync(
        lambda: server.hub.create(
            ruleset,
            seats,
            options,
            version,
            clock,
            time.time(),
            lambda: server.tables_allowed.take(client, time.time()),
        )
    )
    links = {seat: f"/table/{live.id}#{token}" for seat, token in enumerate(live.tokens) if token is not None}
    return {"id": live.id, "links": links, "creator": live.creator}


async def _seat_player(server: Server, request: Request) -> Any:
    """The creator lets a bot play an absent person's seat, or gives it back: `{"creator": token, "seat": 2,
    "player": "heuristic"}` or `"player": "human"`; every page of the table is told."""
    body = await _body(request)
    creator = _text_field(body, "creator")
    table_id = request.path_params["table_id"]
    live = await anyio.to_thread.run_sync(
        lambda: server.hub.seat_player(table_id, creator, body.get("seat"), body.get("player"), time.time())
    )
    await server.push(live)
    return {"seat": body["seat"], "player": body["player"]}


async def _record(server: Server, request: Request) -> Any:
    table_id = request.path_params["table_id"]
    live, _seat = server.hub.seat_of(table_id, request.headers.get("x-seat-token", ""))
    match = request.path_params["match"]
    if not 1 <= match <= len(live.table.finished):
        finished = len(live.table.finished)
        raise UsageError(f"table {table_id} has finished {finished} match(es), so there is no record of match {match}")
    text = server.store.record(live.id, match)
    if text is None:
        raise LookupError(f"table {table_id} has no finished match {match}")
    name = f"trickbook-{table_id}-match-{match}.json"
    return Response(
        text, media_type="application/json", headers={"content-disposition": f"attachment; filename={name}"}
    )


def _client(request: Request) -> str:
    """Who asks, for the allowances: the client's address (behind a proxy, as the proxy forwards it)."""
    return request.client.host if request.client is not None else "unknown"


async def _compare_start(server: Server, request: Request) -> Any:
    body = await _body(request)
    client = _client(request)
    comparison_id = await anyio.to_thread.run_sync(
        server.comparisons.start, body, client, lambda: server.comparisons_allowed.take(client, time.time())
    )
    return {"id": comparison_id}


async def _compare_cancel(server: Server, request: Request) -> Any:
    return server.comparisons.cancel(request.path_params["comparison_id"])


async def _compare_state(server: Server, request: Request) -> Any:
    state = server.comparisons.state(request.path_params["comparison_id"], pages.language(request))
    if state is None:
        raise LookupError("there is no such comparison here")
    return state


async def _compare_figure(server: Server, request: Request) -> Any:
    path = server.comparisons.figure(request.path_params["comparison_id"])
    if path is None:
        raise LookupError("this comparison has no figure")
    return FileResponse(path, media_type="image/png")


async def _table_socket(server: Server, socket: WebSocket) -> None:
    """A table page's socket: the first message names the seat by its token; then actions, readies and votes."""
    await socket.accept()
    table_id = socket.path_params["table_id"]
    try:
        hello = await _message(socket)
        live, seat = server.hub.seat_of(table_id, str(hello.get("token", "")) if isinstance(hello, dict) else "")
        language = i18n.known(str(hello.get("language", ""))) or i18n.LANGUAGES[0]
    except (UsageError, ValueError) as exc:
        said = refusal_words(exc, pages.language(socket)) if isinstance(exc, UsageError) else str(exc)
        await socket.send_json({"type": "error", "message": said})
        await socket.close(code=4401)
        return
    except WebSocketDisconnect:
        return
    connected = server.sockets.setdefault(live.id, set())
    connected.add((socket, seat, language))
    try:
        await socket.send_json({"type": "page", "page": server.hub.page(live, seat, language), "news": []})
        while True:
            try:
                message = await _message(socket)
                news = await anyio.to_thread.run_sync(server.hub.act, live, seat, message, time.time())
            except TrickbookError as exc:
                said = refusal_words(exc, language, live.table.rules)
                await socket.send_json({"type": "error", "message": said})
                continue
            except ValueError as exc:
                await socket.send_json({"type": "error", "message": str(exc)})
                continue
            await server.push(live, news)
    except WebSocketDisconnect:
        pass
    finally:
        connected.discard((socket, seat, language))


async def _message(socket: WebSocket) -> Any:
    """The next message of a page's socket as JSON; a binary frame, or text that is too long, too deep or not
    JSON, is refused in words and the socket stays open."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if text is None:
        raise Malformed(said("a message is text, not binary: JSON such as {example}", example=MESSAGE_EXAMPLE))
    if len(text) > MAX_MESSAGE:
        raise Malformed(said("a message is at most {size} characters", size=f"{MAX_MESSAGE:,}"))
    return json_value(text, _("a message"), MESSAGE_EXAMPLE)


async def _clock(server: Server) -> None:
    """Once a second, lets every table's clock run and tells the pages of tables where a turn timed out, and
    closes the tables idle for longer than the server allows."""
    idle = server.settings.idle_minutes * 60
    while True:
        await asyncio.sleep(1)
        changed = await anyio.to_thread.run_sync(server.hub.tick_all, time.time())
        for live, news in changed:
            await server.push(live, news)
        for live in await anyio.to_thread.run_sync(server.hub.expire_idle, time.time(), idle):
            await server.close(live, f"this table closed after {server.settings.idle_minutes:g} minutes without a move")


def serve(host: str, port: int, folder: Path, settings: Settings) -> None:
    """Runs the app with uvicorn until interrupted; a port that is taken is refused before anything starts."""
    import uvicorn

    try:
        with create_server((host, port)):
            pass
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; choose another --port") from None
    app = create_app(folder, settings)
    problems = app.state.server.problems
    for problem in problems:
        print(f"trickbook: {problem}")
    print(f"trickbook: serving on http://{host}:{port}/ (data in {folder}); Ctrl-C stops")
    if host not in LOOPBACK:
        names = ", ".join(sorted(settings.names))
        print(f"trickbook: answering to {names}; --allow-host NAME adds each name people type")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=MAX_MESSAGE * 4)

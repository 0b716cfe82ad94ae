"""The web server's guard, called directly: the names a server answers to, the origin rule for each kind of
request, and a client's hourly allowance at its exact edges (the last use allowed, the first refused, the hour
that frees a use)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from starlette.datastructures import Headers

from trickbook.web.guard import Allowance, SameOrigin, TooMany, host_names, refusal

OWN = frozenset({"localhost", "127.0.0.1", "::1"})


def _headers(**fields: str) -> Headers:
    return Headers({name.replace("_", "-"): value for name, value in fields.items()})


def test_a_server_answers_to_this_machine_the_address_it_listens_on_and_the_names_it_was_told() -> None:
    assert host_names("0.0.0.0", []) == OWN
    assert host_names("::", [" Cards.Example "]) == {*OWN, "cards.example"}
    assert host_names("192.168.1.5", []) == {*OWN, "192.168.1.5"}


def test_a_request_for_another_name_is_refused_saying_how_to_allow_that_name() -> None:
    assert refusal(_headers(host="127.0.0.1:8000"), True, OWN) is None
    assert refusal(_headers(host="LOCALHOST:8000"), False, OWN) is None
    assert refusal(_headers(host="evil.example"), False, OWN) == (
        "this server answers to 127.0.0.1, ::1, localhost, not to 'evil.example'; "
        "to let it answer to that name, start it with `trickbook serve --allow-host evil.example`"
    )
    for host in ("", "[::1"):  # no name, or one that does not parse
        assert refusal(_headers(host=host), False, OWN) == (
            f"this server answers to 127.0.0.1, ::1, localhost, not to {host!r}; "
            "to let it answer to that name, start it with `trickbook serve --allow-host NAME`"
        )


def test_only_a_change_of_state_must_come_from_this_servers_pages() -> None:
    host = "127.0.0.1:8000"
    assert refusal(_headers(host=host, origin="http://evil.example"), False, OWN) is None, "reading is allowed"
    for origin in ("http://evil.example", "null", "http://127.0.0.1:8001"):
        assert refusal(_headers(host=host, origin=origin), True, OWN) == (
            f"this request comes from a page of another site ({origin}); only this server's pages change it"
        )
    assert refusal(_headers(host=host, origin="http://127.0.0.1:8000"), True, OWN) is None
    assert refusal(_headers(host="LocalHost:8000", origin="http://localhost:8000"), True, OWN) is None
    for site in ("cross-site", "same-site"):
        assert refusal(_headers(host=host, sec_fetch_site=site), True, OWN) == (
            "this request comes from a page of another site; only this server's pages change it"
        )
    for site in ("same-origin", "none"):
        assert refusal(_headers(host=host, sec_fetch_site=site), True, OWN) is None
    assert refusal(_headers(host=host), True, OWN) is None, "a command-line client sends no origin"


def _call(scope: dict[str, Any]) -> tuple[bool, list[dict[str, Any]]]:
    """Runs the middleware on one request or socket: whether the app behind it was reached, and what was sent."""
    reached: list[bool] = []
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(True)

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: Any) -> None:
        sent.append(message)

    asyncio.run(SameOrigin(app, OWN)(scope, receive, send))
    return bool(reached), sent


def _scope(kind: str, method: str, headers: dict[str, str]) -> dict[str, Any]:
    pairs = [(name.encode(), value.encode()) for name, value in headers.items()]
    return {"type": kind, "method": method, "path": "/", "headers": pairs, "query_string": b"", "root_path": ""}


def test_the_middleware_answers_403_in_words_closes_a_socket_with_4403_and_lets_the_rest_through() -> None:
    foreign = {"host": "127.0.0.1:8000", "origin": "http://evil.example"}
    assert _call(_scope("http", "GET", foreign))[0], "a page may be read from anywhere"
    for method in ("POST", "PUT", "DELETE"):
        reached, sent = _call(_scope("http", method, foreign))
        assert not reached and sent[0]["status"] == 403
        assert json.loads(sent[1]["body"]) == {
            "error": "this request comes from a page of another site (http://evil.example); only this server's "
            "pages change it"
        }
    assert _call(_scope("http", "POST", {"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"}))[0]
    reached, sent = _call(_scope("websocket", "GET", foreign))
    assert not reached and sent[0]["type"] == "websocket.close" and sent[0]["code"] == 4403
    assert sent[0]["reason"].startswith("this request comes from a page of another site")
    long_origin = "http://" + "e" * 200 + ".example"
    reached, sent = _call(_scope("websocket", "GET", {"host": "127.0.0.1:8000", "origin": long_origin}))
    assert len(sent[0]["reason"]) == 120, "a close reason is cut to what a close frame holds"
    assert _call(_scope("websocket", "GET", {"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"}))[0]
    assert _call({"type": "lifespan"})[0], "only requests and sockets are checked"


def test_a_client_may_start_its_allowance_in_an_hour_and_the_hour_after_its_first_use_frees_one() -> None:
    allowance = Allowance("tables", 2)
    allowance.take("a", 0.0)
    allowance.take("a", 1.0)
    with pytest.raises(TooMany) as refused:
        allowance.take("a", 2.0)
    assert str(refused.value) == "one client may start 2 tables an hour; try again in 3599 s"
    with pytest.raises(TooMany, match="try again in 1 s"):
        allowance.take("a", 3599.5)
    allowance.take("b", 3599.5)  # each client has an allowance of its own
    allowance.take("a", 3600.0)  # exactly an hour after the first use
    with pytest.raises(TooMany, match="try again in 1 s"):
        allowance.take("a", 3600.5)


def test_a_client_quiet_for_an_hour_is_forgotten_and_the_others_are_kept() -> None:
    """The counts are kept in memory: a client whose last use is an hour old leaves no entry behind."""
    allowance = Allowance("comparisons", 1)
    allowance.take("a", 0.0)
    allowance.take("b", 1.0)
    allowance.take("c", 3600.0)
    assert set(allowance._uses) == {"b", "c"}
    with pytest.raises(TooMany):
        allowance.take("b", 3600.5)

"""The web server's refusals: every request and message that does not fit is answered in words, never a traceback,
and a seat's token acts for that seat only."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from trickbook.cli import main
from trickbook.errors import Location, UsageError
from trickbook.players import parse_player_specs
from trickbook.record.writer import match_record
from trickbook.resources import bundled_ruleset_ids
from trickbook.tools.simulate import resume_match
from webserver import Server, alive, descendants, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # One client creates a table for every bundled ruleset and more here: more than the default 30 an hour,
    # whose limit has its own test below.
    with running(tmp_path_factory.mktemp("api"), ["--tables-per-hour", "200"]) as started:
        yield started


def _post(server: Server, path: str, body: bytes | dict[str, Any]) -> tuple[int, dict[str, Any]]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _table(server: Server, seats: list[str], ruleset: str = "whist") -> dict[str, Any]:
    status, made = _post(server, "/api/tables", {"ruleset": ruleset, "seats": seats})
    assert status == 200, made
    return made


@contextmanager
def _socket(server: Server, table: dict[str, Any], token: str, origin: str | None = None) -> Iterator[ClientConnection]:
    """A table page's socket, introduced by a seat's token."""
    url = f"ws://127.0.0.1:{server.port}/ws/table/{table['id']}"
    with connect(url, origin=origin or server.url, open_timeout=10) as socket:  # type: ignore[arg-type]
        socket.send(json.dumps({"type": "hello", "token": token}))
        yield socket


def _token(table: dict[str, Any], seat: int) -> str:
    return str(table["links"][str(seat)].split("#", 1)[1])


def _next(socket: ClientConnection, kind: str) -> dict[str, Any]:
    for _ in range(50):
        message = json.loads(socket.recv(timeout=10))
        if message["type"] == kind:
            return dict(message)
    raise AssertionError(f"no {kind} message")


@pytest.mark.parametrize(
    ("path", "body", "expected"),
    [
        ("/api/study", b"{not json", "the request body is not JSON"),
        ("/api/study", b"[1, 2]", "the request body is a JSON object"),
        ("/api/study", {"text": 7}, "the request needs 'text' as text"),
        ("/api/study", {"text": "id: x\ud800"}, "the request body escapes half of a character (\\ud800)"),
        ("/api/study", b'{"text": "' + b"x" * 80_000 + b'"}', "a request body is at most 72,000 bytes"),
        (
            "/api/rulesets",
            {"text": "format: trickbook-ruleset/1\nid: mine\nextends: /etc/passwd.yaml\n"},
            "only bundled rulesets and decks may be used here",
        ),
        ("/api/tables", {"ruleset": "whist", "seats": ["human"] * 3}, "whist is played by four seats, not 3"),
        ("/api/tables", {"ruleset": "whist", "seats": ["random"] * 4}, "a table needs at least one 'human' seat"),
        (
            "/api/tables",
            {"ruleset": "whist", "seats": ["human", "mcts:playouts=100000", "random", "random"]},
            "would play out 100,000 hands for one decision; a player plays out 1 to 400",
        ),
        (
            "/api/tables",
            {"ruleset": "whist", "seats": ["human", "mcts:ms=2001", "random", "random"]},
            "would think 2001 ms for one decision; a player thinks up to 2,000 ms",
        ),
        ("/api/tables", {"ruleset": "whist", "seats": ["human", "python", "random", "random"]}, "unknown player"),
        ("/api/tables", {"ruleset": "nope", "seats": ["human"] * 4}, "there is no bundled ruleset 'nope'"),
        ("/api/tables", {"ruleset": "tarneeb-41", "seats": ["human"] * 4, "options": {"trump": "x"}}, "not a value"),
        ("/api/compare", {"rulesets": [{"ruleset": "whist"}]}, "a comparison takes 2 to 6 rulesets"),
        (
            "/api/compare",
            {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "skill": "heuristic"},
            "restricted play takes STRONG/WEAK",
        ),
        (
            "/api/compare",
            {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "matches": 10**6},
            "matches is a whole number from 1 to 1000",
        ),
    ],
)
def test_a_request_that_does_not_fit_is_refused_in_words(
    server: Server, path: str, body: bytes | dict[str, Any], expected: str
) -> None:
    status, answer = _post(server, path, body)
    assert status == 400
    assert expected in answer["error"]


@pytest.mark.parametrize("padding", [-1, 0, 1])
def test_a_request_body_is_read_up_to_its_limit_and_refused_one_byte_past_it(server: Server, padding: int) -> None:
    from trickbook.web.app import MAX_BODY

    start = b'{"text": "format: trickbook-ruleset/1\\nid: padded\\nextends: whist\\n#'
    body = start + b"x" * (MAX_BODY + padding - len(start) - 2) + b'"}'
    assert len(body) == MAX_BODY + padding
    status, answer = _post(server, "/api/study", body)
    if padding > 0:
        assert (status, answer) == (400, {"error": f"a request body is at most {MAX_BODY:,} bytes"})
    else:  # read: the text itself is then too long for a ruleset
        assert status == 200 and answer["errors"][0]["message"] == "the text is too large to be a ruleset", answer


@pytest.mark.parametrize("clock", [True, "30", [30]])
def test_a_tables_clock_that_is_no_number_is_refused_in_words(server: Server, clock: Any) -> None:
    status, answer = _post(
        server,
        "/api/tables",
        {"ruleset": "whist", "seats": ["human", "random", "random", "random"], "turn_seconds": clock},
    )
    assert (status, answer) == (400, {"error": f"'turn_seconds' is a number of seconds, not {clock!r}"})


def test_a_saved_ruleset_may_not_take_a_bundled_id(server: Server) -> None:
    status, answer = _post(
        server, "/api/rulesets", {"text": "format: trickbook-ruleset/1\nid: hearts\nextends: whist\n"}
    )
    assert status == 400 and "'hearts' is a bundled ruleset's id" in answer["error"]


def test_a_wrong_token_or_another_sites_page_opens_no_seat(server: Server) -> None:
    table = _table(server, ["human", "random", "random", "random"])
    with _socket(server, table, "guess") as socket:
        assert json.loads(socket.recv(timeout=10)) == {
            "type": "error",
            "message": "this link does not open a seat at any table here",
        }
        with pytest.raises(ConnectionClosed):
            socket.recv(timeout=10)
    with (
        pytest.raises(InvalidStatus, match="HTTP 403"),
        _socket(server, table, _token(table, 0), "http://evil.example") as socket,
    ):
        socket.recv(timeout=10)


def test_messages_that_do_not_fit_are_answered_and_the_seat_plays_on(server: Server) -> None:
    table = _table(server, ["human", "human", "random", "random"])
    with _socket(server, table, _token(table, 0)) as first, _socket(server, table, _token(table, 1)) as second:
        _play_on_after_refusals(first, second)


def _play_on_after_refusals(first: ClientConnection, second: ClientConnection) -> None:
    pages = [_next(first, "page")["page"], _next(second, "page")["page"]]
    assert [p["seat"] for p in pages] == [0, 1] and all(len(p["view"]["hand"]) == 13 for p in pages)
    assert all(e["seat"] == 0 for e in pages[0]["log"] if e["type"] == "cards_dealt")
    turn = pages[0]["view"]["turn"]
    assert turn in (0, 1), "the bots have moved up to the first person's turn"
    mover, waiting = (first, second) if turn == 0 else (second, first)
    for bad, expected in [
        ("not json", "a message is not JSON"),
        ("[]", "a message is a JSON object with a 'type'"),
        ('{"type": "shout"}', "unknown message type 'shout'"),
        ('{"type": "act", "action": 7}', "an 'act' message has an 'action'"),
        ('{"type": "vote", "rematch": "yes"}', "a 'vote' message has 'rematch': true or false"),
        ('{"type": "act", "action": "' + "x" * 3000 + '"}', "a message is at most 2,000 characters"),
        ('{"type": "act", "action": "2C"}', f"it is seat {turn}'s turn, not seat {1 - turn}'s"),
    ]:
        waiting.send(bad)
        assert expected in _next(waiting, "error")["message"]
    legal = pages[turn]["view"]["legal"]
    assert legal and pages[1 - turn]["view"]["legal"] == []
    mover.send(json.dumps({"type": "act", "action": legal[0]}))
    after = _next(mover, "page")["page"]["view"]
    assert legal[0] not in after["hand"] and after["turn"] != turn


def test_a_finished_match_downloads_with_the_seats_token_and_replays(server: Server, tmp_path: Path) -> None:
    table = _table(server, ["human", "random", "random", "random"])
    with _socket(server, table, _token(table, 0)) as socket:
        for _ in range(3000):
            page = _next(socket, "page")["page"]
            if page["finished"]:
                break
            view = page["view"]
            if view["legal"]:
                socket.send(json.dumps({"type": "act", "action": view["legal"][-1]}))
            elif view["table"] == "waiting-ready":
                socket.send(json.dumps({"type": "ready"}))
        else:
            pytest.fail("the match did not end")
    assert page["match_over"] and page["view"]["table"] == "voting"
    address = f"{server.url}/api/tables/{table['id']}/records/1"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(urllib.request.Request(address, headers={"x-seat-token": "guess"}), timeout=10)
    assert refused.value.code == 400
    with urllib.request.urlopen(
        urllib.request.Request(address, headers={"x-seat-token": _token(table, 0)}), timeout=10
    ) as response:
        record = response.read()
    path = tmp_path / "match.json"
    path.write_bytes(record)
    assert main(["replay", str(path)]) == 0
    # One meaning on every path: the API, given the record's seed, the person's moves and the same bots (each
    # asked again for its own choices), plays the very match the web table played.
    saved = json.loads(record)
    specs = [None if seat == "human" else parse_player_specs(seat, 1)[0] for seat in saved["players"]]
    game, _ = resume_match(saved, specs, Location(str(path), 1, 1))
    assert match_record(game, players=saved["players"]) == saved


def test_a_server_keeps_a_bounded_number_of_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trickbook.web import live
    from trickbook.web.store import Store

    monkeypatch.setattr(live, "MAX_TABLES", 2)
    hub = live.Hub(Store(tmp_path))
    for _ in range(2):
        hub.create("whist", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    with pytest.raises(UsageError, match="this server keeps at most 2 tables open"):
        hub.create("whist", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    restored = live.Hub(Store(tmp_path))
    assert restored.restore_all(0.0) == [] and sorted(restored.tables) == sorted(hub.tables)


@pytest.mark.parametrize("ruleset", bundled_ruleset_ids())
def test_every_bundled_ruleset_plays_at_a_table_and_a_seat_sees_only_its_own_cards(
    server: Server, ruleset: str
) -> None:
    status, shape = _post(server, "/api/seating", {"ruleset": ruleset})
    assert status == 200
    seats = len(shape["seats"])
    table = _table(server, ["human"] + ["random"] * (seats - 1), ruleset)
    with _socket(server, table, _token(table, 0)) as socket:
        dealt: set[str] = set()
        for _ in range(40):
            page = _next(socket, "page")["page"]
            view = page["view"]
            for event in page["log"]:
                assert event["type"] != "cards_passed" or 0 in (event["seat"], event["to"])
                if event["type"] == "cards_dealt":
                    assert event["seat"] == 0
                    dealt |= set(event["cards"])
                if event["type"] == "cards_passed" and event["to"] == 0:
                    dealt |= set(event["cards"])
                if event["type"] == "cards_taken" and event["seat"] == 0:
                    dealt |= set(event["cards"])
                if event["type"] == "card_drawn" and event["seat"] == 0:
                    dealt.add(event["card"])
                if event["type"] == "card_drawn" and event["seat"] != 0:
                    assert event["face_up"] or event["card"] is None, "another seat's face-down draw is hidden"
            assert set(view["hand"]) <= dealt
            assert list(page["labels"]) == view["legal"], "each choice of the seat has a label, nothing else"
            assert all(
                page["labels"][code] == page["cards"][code][0] for code in view["legal"] if code in page["cards"]
            )
            if view["legal"]:
                socket.send(json.dumps({"type": "act", "action": view["legal"][-1]}))
            elif view["table"] == "waiting-ready":
                socket.send(json.dumps({"type": "ready"}))
            else:
                break
    assert page["log"], "the seat was told what happened"


def test_a_damaged_data_folder_is_refused_in_words_and_a_damaged_table_is_named_not_fatal(tmp_path: Path) -> None:
    from trickbook.web import live
    from trickbook.web.store import Store

    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "trickbook.sqlite3").write_bytes(b"not a database, just some bytes " * 4)
    with pytest.raises(UsageError, match="cannot use this as trickbook's database: file is not a database"):
        Store(broken)
    store = Store(tmp_path / "data")
    hub = live.Hub(store)
    kept = hub.create("hearts", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    store.save_table("damaged", {"table": {"format": "trickbook-table/1"}}, 1.0, {})
    again = live.Hub(Store(tmp_path / "data"))
    problems = again.restore_all(2.0)
    assert list(again.tables) == [kept.id]
    assert len(problems) == 1 and problems[0].startswith("table damaged is not reopened: ")


def test_two_comparisons_run_at_once_and_a_third_waits_for_one_to_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README: the server refuses more than two comparisons at once, and a second one of the same client."""
    from trickbook.web import comparisons
    from trickbook.web.store import Store

    release = threading.Event()

    def held(*args: object) -> None:
        release.wait(30)
        raise UsageError("stopped by the test")

    monkeypatch.setattr(comparisons, "compare", held)
    running = comparisons.Comparisons(Store(tmp_path), tmp_path)
    request = {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "matches": 1}
    admitted: list[str] = []

    def start(client: str) -> str:
        return running.start(request, client, lambda: admitted.append(client))

    first = start("one client")
    with pytest.raises(UsageError, match="you have a comparison running; start another when it ends, or cancel it"):
        start("one client")
    second = start("another client")
    with pytest.raises(UsageError, match="2 comparisons are running; start another when one ends"):
        start("a third client")
    assert admitted == ["one client", "another client"], "a refused request is never admitted"
    release.set()
    _ended(running, first)
    _ended(running, second)
    third = start("one client")
    assert third, "once one ends, another may start"
    _ended(running, third)


def _settled(running: Any, comparison: str) -> dict[str, Any]:
    """A comparison's state once it is no longer running or cancelling (within 20 seconds)."""
    for _ in range(2000):
        state = running.state(comparison)
        if state is not None and state["status"] not in ("running", "cancelling"):
            return dict(state)
        time.sleep(0.01)
    raise AssertionError(f"the comparison did not end: {running.state(comparison)}")


def _ended(running: Any, started: str) -> None:
    """Waits for a comparison held by the test to end, as the test made it end."""
    assert _settled(running, started) == {"status": "failed", "message": "stopped by the test"}


def test_deep_json_binary_frames_and_a_huge_record_number_are_refused_in_words_and_the_seat_plays_on(
    server: Server,
) -> None:
    """Issue 29 item 6: none of these is a traceback or an HTTP 500, and the socket stays open."""
    status, answer = _post(server, "/api/study", b"[" * 60_000)
    assert (status, answer) == (400, {"error": "the request body nests arrays and objects more than 16 deep"})
    status, answer = _post(server, "/api/tables", b'{"ruleset": ' * 20 + b'"whist"' + b"}" * 20)
    assert (status, answer) == (400, {"error": "the request body nests arrays and objects more than 16 deep"})
    table = _table(server, ["human", "random", "random", "random"])
    address = f"{server.url}/api/tables/{table['id']}/records/{'9' * 40}"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(urllib.request.Request(address, headers={"x-seat-token": _token(table, 0)}), timeout=10)
    assert refused.value.code == 400
    assert "has finished 0 match(es), so there is no record of match 9999" in json.loads(refused.value.read())["error"]
    with _socket(server, table, _token(table, 0)) as socket:
        page = _next(socket, "page")["page"]
        for bad, expected in [
            ("[" * 999 + "]" * 999, "a message nests arrays and objects more than 16 deep"),
            ('{"a":' * 300 + "1" + "}" * 300, "a message nests arrays and objects more than 16 deep"),
            (b'{"type": "ready"}', "a message is text, not binary"),
        ]:
            socket.send(bad)
            assert expected in _next(socket, "error")["message"]
        socket.send(json.dumps({"type": "act", "action": page["view"]["legal"][0]}))
        assert _next(socket, "page")["page"]["view"]["hand"] != page["view"]["hand"]


def _send(server: Server, path: str, data: bytes | None, headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(server.url + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_a_cross_site_post_is_refused_and_a_same_site_one_works(server: Server) -> None:
    """Issue 29 item 3: a plain text/plain POST from another site's page (no preflight) changes nothing."""
    text = json.dumps({"text": "format: trickbook-ruleset/1\nid: forged\nextends: whist\n"}).encode()
    for origin in ("http://evil.example", "null", f"http://127.0.0.1:{server.port + 1}"):
        status, answer = _send(server, "/api/rulesets", text, {"content-type": "text/plain", "origin": origin})
        assert status == 403
        assert answer == {
            "error": f"this request comes from a page of another site ({origin}); only this server's pages change it"
        }
    status, answer = _send(
        server, "/api/rulesets", text, {"content-type": "text/plain", "sec-fetch-site": "cross-site"}
    )
    assert status == 403 and "comes from a page of another site" in answer["error"]
    assert "forged" not in [r["id"] for r in _send(server, "/api/rulesets", None, {})[1]]
    status, answer = _send(server, "/api/rulesets", text, {"content-type": "text/plain", "origin": server.url})
    assert (status, answer) == (200, {"id": "forged", "version": 1})
    status, answer = _send(server, "/api/tables", None, {"host": f"evil.example:{server.port}"})
    assert status == 403 and answer["error"].startswith(
        f"this server answers to 127.0.0.1, ::1, localhost, not to 'evil.example:{server.port}'; "
        "to let it answer to that name, start it with `trickbook serve --allow-host evil.example`"
    )


def _play_to_the_vote(socket: ClientConnection, page: dict[str, Any]) -> dict[str, Any]:
    """Plays seat 0 from `page` to the end of the match (its last legal move each turn); returns the vote's page."""
    for _ in range(3000):
        if page["match_over"]:
            return page
        view = page["view"]
        if view["legal"]:
            socket.send(json.dumps({"type": "act", "action": view["legal"][-1]}))
        elif view["table"] == "waiting-ready":
            socket.send(json.dumps({"type": "ready"}))
        page = _next(socket, "page")["page"]
    raise AssertionError("the match did not end")


def test_a_rematch_is_dealt_from_a_secret_seed_not_the_first_matchs_seed_plus_one(server: Server) -> None:
    """Issue 29 item 1: the first match's record (which any seat downloads) does not give away the rematch's cards."""
    from trickbook.engine.game import Game
    from trickbook.ruleset.loader import load_ruleset

    rules = load_ruleset("whist")
    table = _table(server, ["human", "random", "random", "random"])
    with _socket(server, table, _token(table, 0)) as socket:
        page = _next(socket, "page")["page"]
        first = page["view"]["hand"]
        _play_to_the_vote(socket, page)
        socket.send(json.dumps({"type": "vote", "rematch": True}))
        for _ in range(50):
            page = _next(socket, "page")["page"]
            if page["view"]["match"] == 2 and page["view"]["hand"]:
                break
            if page["view"]["table"] == "waiting-ready":
                socket.send(json.dumps({"type": "ready"}))
        rematch = page["view"]["hand"]
    request = urllib.request.Request(
        f"{server.url}/api/tables/{table['id']}/records/1", headers={"x-seat-token": _token(table, 0)}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        seed = json.loads(response.read())["seed"]
    codes = rules.deck.codes
    assert sorted(first) == sorted(codes[c] for c in Game(rules, seed).current_deal[0]), "a record has its own seed"
    assert sorted(rematch) != sorted(codes[c] for c in Game(rules, seed + 1).current_deal[0])


PINNED = "format: trickbook-ruleset/1\nid: pinned\ntitle: Pinned {title}\nextends: whist\n{deck}"


def _first_page(server: Server, table: dict[str, Any]) -> dict[str, Any]:
    with _socket(server, table, _token(table, 0)) as socket:
        return dict(_next(socket, "page")["page"])


def test_a_re_saved_ruleset_does_not_change_a_running_table_before_or_after_a_restart(tmp_path: Path) -> None:
    """Issue 29 item 4: a table plays the text it started with; saving over its id makes a new version."""
    first = PINNED.format(title="one", deck="")
    second = PINNED.format(title="two", deck="deck: skat-32\n")
    server = Server(tmp_path)
    server.start()
    try:
        assert _post(server, "/api/rulesets", {"text": first}) == (200, {"id": "pinned", "version": 1})
        table = _table(server, ["human", "random", "random", "random"], "pinned")
        before = _first_page(server, table)
        assert before["title"] == "Pinned one" and len(before["view"]["hand"]) == 13
        status, answer = _post(server, "/api/rulesets", {"text": second})
        assert status == 409 and answer["replaces"] == "pinned"
        assert answer["error"].startswith("a ruleset 'pinned' is already saved with other text")
        assert _post(server, "/api/rulesets", {"text": second, "replace": True}) == (
            200,
            {"id": "pinned", "version": 2},
        )
        assert _first_page(server, table) == before
        fresh = _first_page(server, _table(server, ["human", "random", "random", "random"], "pinned"))
        assert fresh["title"] == "Pinned two" and len(fresh["view"]["hand"]) == 8
        server.stop()
        server.start()
        assert _first_page(server, table) == before
    finally:
        server.stop()


def test_an_idle_table_closes_and_one_client_creates_a_bounded_number_of_tables(tmp_path: Path) -> None:
    """Issue 29 item 5: `--idle-minutes` closes a table nobody plays (its page is told why); `--tables-per-hour`
    bounds what one client creates."""
    with running(tmp_path, ["--idle-minutes", "0.05", "--tables-per-hour", "2"]) as server:
        table = _table(server, ["human", "random", "random", "random"])
        status, answer = _post(
            server, "/api/tables", {"ruleset": "whist", "seats": ["human", "random", "random", "random"]}
        )
        assert status == 200, answer
        status, answer = _post(
            server, "/api/tables", {"ruleset": "whist", "seats": ["human", "random", "random", "random"]}
        )
        assert status == 429 and answer["error"].startswith("one client may start 2 tables an hour; try again in ")
        with _socket(server, table, _token(table, 0)) as socket:
            _next(socket, "page")
            started = time.monotonic()
            assert _next(socket, "error")["message"] == "this table closed after 0.05 minutes without a move"
            assert 1 <= time.monotonic() - started <= 6
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
        assert closed.value.rcvd.reason == "this table closed after 0.05 minutes without a move"
        assert table["id"] not in [
            t["id"] for t in json.loads(urllib.request.urlopen(server.url + "/api/tables").read())
        ]


def _compare(server: Server, matches: int) -> str:
    status, started = _post(
        server,
        "/api/compare",
        {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "players": "random", "matches": matches},
    )
    assert status == 200, started
    return str(started["id"])


def _state(server: Server, comparison: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/api/compare/{comparison}", timeout=10) as response:
        return dict(json.loads(response.read()))


def _under_way(server: Server, comparison: str) -> None:
    for _ in range(200):
        if _state(server, comparison)["done"] > 0:
            return
        time.sleep(0.05)
    raise AssertionError("the comparison did not start")


def test_a_comparison_is_cancelled_and_a_stopping_server_leaves_no_workers(tmp_path: Path) -> None:
    """Issue 29 item 5: the cancel API stops a comparison; a server stopped (SIGTERM, as Ctrl-C's SIGINT) during
    one exits promptly, and so do all the processes it started."""
    with running(tmp_path) as server:
        comparison = _compare(server, 1000)
        _under_way(server, comparison)
        status, answer = _post(server, f"/api/compare/{comparison}/cancel", {})
        assert status == 200 and answer["status"] == "cancelling"
        for _ in range(200):
            state = _state(server, comparison)
            if state["status"] != "cancelling":
                break
            time.sleep(0.05)
        assert state["status"] == "cancelled" and state["message"].startswith("cancelled after ")
        assert _post(server, "/api/compare/nothing/cancel", {}) == (404, {"error": "there is no such comparison here"})
        _under_way(server, _compare(server, 1000))
        assert server.process is not None
        started = descendants(server.process.pid)
        assert started, "the comparison runs in worker processes"
        stopping = time.monotonic()
        server.stop()
        assert time.monotonic() - stopping < 9, "the server stopped without being killed"
        for _ in range(100):
            if not any(alive(pid) for pid in started):
                break
            time.sleep(0.05)
        assert not [pid for pid in started if alive(pid)]


def test_each_page_is_pushed_only_its_own_seats_news(server: Server) -> None:
    """Two people at an Oh Hell table (bots at the other two seats) play its first hand of one card and bid in the
    second: after every move each page's news holds its own turn and its own dealt cards, never the other's."""
    table = _table(server, ["human", "human", "random", "random"], "oh-hell")
    with _socket(server, table, _token(table, 0)) as north, _socket(server, table, _token(table, 1)) as east:
        sockets = {0: north, 1: east}
        pages = {seat: _next(socket, "page") for seat, socket in sockets.items()}
        dealt = 0
        for _ in range(8):
            for seat, message in pages.items():
                view, news = message["page"]["view"], message["news"]
                turns = [told for told in news if told["type"] == "your_turn"]
                assert bool(turns) == bool(view["legal"] and news), (seat, news)
                assert all(told["seat"] == seat and told["legal"] == view["legal"] for told in turns)
                for told in news:
                    if told["type"] == "cards_dealt":
                        assert told["seat"] == seat and sorted(told["cards"]) == sorted(view["hand"])
                        dealt += 1
            actor = next((seat for seat, message in pages.items() if message["page"]["view"]["legal"]), None)
            if actor is None:  # the ready check between hands: each page is told of both seats' ready
                for socket in sockets.values():
                    socket.send(json.dumps({"type": "ready"}))
                    pages = {seat: _next(socket, "page") for seat, socket in sockets.items()}
                continue
            action = pages[actor]["page"]["view"]["legal"][0]
            sockets[actor].send(json.dumps({"type": "act", "action": action}))
            pages = {seat: _next(socket, "page") for seat, socket in sockets.items()}
        assert dealt == 2, "each seat was told its own second hand"


def test_a_message_of_up_to_2000_characters_is_read_and_one_more_is_refused_in_words(server: Server) -> None:
    """The padding is JSON whitespace: at 2,000 characters the message is an action like any other."""
    table = _table(server, ["human", "random", "random", "random"])
    with _socket(server, table, _token(table, 0)) as socket:
        page = _next(socket, "page")["page"]
        act = json.dumps({"type": "act", "action": page["view"]["legal"][0]})
        socket.send(act.ljust(2_000))
        after = _next(socket, "page")["page"]
        assert len(after["view"]["hand"]) == len(page["view"]["hand"]) - 1
        socket.send(json.dumps({"type": "act", "action": after["view"]["legal"][0]}).ljust(2_001))
        assert _next(socket, "error")["message"] == "a message is at most 2,000 characters"
        # The socket's frames hold 2,000 characters of four bytes each: such a message is answered in words too.
        socket.send(json.dumps("\U0001f0a1" * 1_998, ensure_ascii=False))
        assert _next(socket, "error")["message"].startswith("a message is a JSON object")
        socket.send(json.dumps({"type": "act", "action": after["view"]["legal"][0]}).ljust(2_000))
        assert len(_next(socket, "page")["page"]["view"]["hand"]) == len(after["view"]["hand"]) - 1


def test_a_rulesets_text_is_served_saved_or_bundled_and_an_unknown_id_is_not_found(server: Server) -> None:
    text = "format: trickbook-ruleset/1\nid: served-text\nextends: whist\n"
    assert _post(server, "/api/rulesets", {"text": text})[0] == 200
    assert _send(server, "/api/rulesets/served-text", None, {}) == (
        200,
        {"id": "served-text", "text": text, "saved": True},
    )
    status, bundled = _send(server, "/api/rulesets/hearts", None, {})
    assert status == 200 and bundled["saved"] is False and bundled["id"] == "hearts"
    assert bundled["text"].startswith("format: trickbook-ruleset/") and "\nid: hearts\n" in bundled["text"]
    listed = {entry["id"]: entry["saved"] for entry in _send(server, "/api/rulesets", None, {})[1]}
    assert listed["served-text"] is True and listed["hearts"] is False
    assert _send(server, "/api/rulesets/no-such-game", None, {}) == (
        404,
        {"error": "there is no ruleset 'no-such-game' here"},
    )


@pytest.mark.parametrize(
    ("language", "cookie", "expected"),
    [("ar", None, "ar"), (None, "ar", "ar"), ("en", "ar", "en"), (None, None, "en"), ("xx", "ar", "ar")],
)
def test_the_workbench_answers_in_the_language_the_page_asks_else_the_pages_own(
    server: Server, language: str | None, cookie: str | None, expected: str
) -> None:
    body: dict[str, Any] = {"text": "format: trickbook-ruleset/1\nid: my-whist\nextends: whist\n"}
    if language is not None:
        body["language"] = language
    headers = {"content-type": "application/json"} | ({"cookie": f"trickbook-lang={cookie}"} if cookie else {})
    status, answer = _send(server, "/api/study", json.dumps(body).encode(), headers)
    assert status == 200 and answer["errors"] == []
    assert f'<html lang="{expected}"' in answer["book"]


@pytest.mark.parametrize("seats", ["human", ["human", 3, "random", "random"], {"0": "human"}, None])
def test_a_table_whose_seats_are_not_a_list_of_names_is_refused_in_words(server: Server, seats: Any) -> None:
    status, answer = _post(server, "/api/tables", {"ruleset": "whist", "seats": seats})
    assert status == 400
    assert answer["error"].startswith("'seats' lists each seat's player: 'human' or a bot (")


def test_a_finished_comparisons_figure_is_served_and_one_not_drawn_is_not_found(server: Server) -> None:
    comparison = _compare(server, 4)
    for _ in range(600):
        if _state(server, comparison)["status"] == "done":
            break
        time.sleep(0.05)
    assert _state(server, comparison)["figure"] is True
    with urllib.request.urlopen(f"{server.url}/api/compare/{comparison}/figure.png", timeout=10) as response:
        assert response.headers["content-type"] == "image/png"
        assert response.read().startswith(b"\x89PNG")
    for unknown in ("nothing", "..store", comparison + "x"):
        assert _send(server, f"/api/compare/{unknown}/figure.png", None, {}) == (
            404,
            {"error": "this comparison has no figure"},
        )


@pytest.mark.parametrize(
    ("options", "names"),
    [
        ((), None),
        (("--host", "0.0.0.0", "--allow-host", "Cards.Example"), "127.0.0.1, ::1, cards.example, localhost"),
    ],
)
def test_a_server_that_listens_beyond_this_machine_says_which_names_it_answers_to(
    tmp_path: Path, options: tuple[str, ...], names: str | None
) -> None:
    with running(tmp_path, options) as server:
        process = server.process
        assert process is not None and process.stdout is not None
    said = process.stdout.read().decode()
    assert f"trickbook: serving on http://{options[1] if options else '127.0.0.1'}:{server.port}/" in said
    if names is None:
        assert "answering to" not in said
    else:
        assert f"trickbook: answering to {names}; --allow-host NAME adds each name people type" in said


@pytest.mark.parametrize(("asked", "shown"), [("ar", "ar"), ("en", "en"), ("xx", "en"), (None, "en")])
def test_a_table_page_is_in_the_language_its_hello_asks_else_english(
    server: Server, asked: str | None, shown: str
) -> None:
    table = _table(server, ["human", "random", "random", "random"])
    url = f"ws://127.0.0.1:{server.port}/ws/table/{table['id']}"
    with connect(url, origin=server.url, open_timeout=10) as socket:  # type: ignore[arg-type]
        hello = {"type": "hello", "token": _token(table, 0)} | ({"language": asked} if asked else {})
        socket.send(json.dumps(hello))
        page = _next(socket, "page")["page"]
    names = {"en": ["North", "East", "South", "West"], "ar": ["الشمال", "الشرق", "الجنوب", "الغرب"]}
    assert [seat["name"] for seat in page["seats"]] == names[shown]


def test_a_page_whose_hello_opens_no_seat_is_told_and_closed_as_unauthorised(server: Server) -> None:
    table = _table(server, ["human", "random", "random", "random"])
    with _socket(server, table, "guess") as socket:
        assert _next(socket, "error")["message"] == "this link does not open a seat at any table here"
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_the_site_has_no_icon_and_says_so_without_an_error(server: Server) -> None:
    with urllib.request.urlopen(server.url + "/favicon.ico", timeout=10) as response:
        assert response.status == 204 and response.read() == b""


@pytest.mark.parametrize("players", [7, "", "heuristic," * 20 + "r", ["random"]])
def test_a_comparisons_players_that_are_not_short_text_are_refused_in_words(server: Server, players: Any) -> None:
    body = {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "players": players, "matches": 2}
    assert _post(server, "/api/compare", body) == (400, {"error": "players is text such as 'heuristic'"})


def _finished(server: Server, comparison: str) -> dict[str, Any]:
    for _ in range(1200):
        state = _state(server, comparison)
        if state["status"] not in ("running", "cancelling"):
            return state
        time.sleep(0.05)
    raise AssertionError("the comparison did not end")


def test_a_comparison_plays_20_matches_under_a_200_hand_cap_unless_told(server: Server) -> None:
    endless = "format: trickbook-ruleset/2\nid: endless-whist\nextends: whist\ndefinitions:\n  target: 100000\n"
    assert _post(server, "/api/rulesets", {"text": endless})[0] == 200
    status, started = _post(
        server, "/api/compare", {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "players": "random"}
    )
    assert status == 200, started
    assert _state(server, started["id"])["total"] == 2 * 20
    assert _post(server, f"/api/compare/{started['id']}/cancel", {})[0] == 200
    assert _finished(server, started["id"])["status"] == "cancelled"
    skilled = {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "players": "random", "skill": "random/random"}
    state = _finished(server, _post(server, "/api/compare", skilled | {"matches": 3})[1]["id"])
    assert (state["done"], state["total"]) == (3 * 2 * 2, 3 * 2 * 2), "restricted play plays each ruleset twice"
    body = {"rulesets": [{"ruleset": "whist"}, {"ruleset": "endless-whist"}], "players": "random", "matches": 1}
    state = _finished(server, _post(server, "/api/compare", body)[1]["id"])
    assert state["status"] == "done", state
    assert (state["labels"], state["first"]) == (["whist@1", "endless-whist@1"], "whist@1")
    assert "1 of 1 matches reached the hand cap of 200 hands unfinished" in " ".join(state["caveats"])


@pytest.mark.parametrize(
    ("key", "value", "most"),
    [
        ("hand_cap", 0, 1000),
        ("hand_cap", 1001, 1000),
        ("matches", 1001, 1000),
        ("seed", 0, 2**31),
        ("seed", 2**31 + 1, 2**31),
    ],
)
def test_a_comparisons_counts_beyond_their_bounds_are_refused_in_words(
    server: Server, key: str, value: int, most: int
) -> None:
    body = {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "players": "random", key: value}
    assert _post(server, "/api/compare", body) == (
        400,
        {"error": f"{key} is a whole number from 1 to {most}, not {value}"},
    )


def test_a_refused_table_or_comparison_costs_its_client_nothing_of_the_hours_allowance(tmp_path: Path) -> None:
    good = {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "players": "random", "matches": 1}
    with running(tmp_path, ["--comparisons-per-hour", "1", "--tables-per-hour", "1"]) as server:
        table = {"ruleset": "whist", "seats": ["human", "random", "random", "random"]}
        for refused in ({**table, "turn_seconds": 1}, {**table, "seats": ["human"]}, {**table, "ruleset": "nothing"}):
            assert _post(server, "/api/tables", refused)[0] == 400
        assert _post(server, "/api/tables", table)[0] == 200
        status, answer = _post(server, "/api/tables", table)
        assert status == 429 and answer["error"].startswith("one client may start 1 tables an hour"), answer
        for refused in ({**good, "matches": 0}, {**good, "rulesets": [{"ruleset": "whist"}]}, {**good, "players": 7}):
            assert _post(server, "/api/compare", refused)[0] == 400
        status, started = _post(server, "/api/compare", good)
        assert status == 200, started
        _finished(server, started["id"])
        status, answer = _post(server, "/api/compare", good)
        assert status == 429 and answer["error"].startswith("one client may start 1 comparisons an hour"), answer


@pytest.mark.parametrize("length", [1, 200])
def test_a_comparisons_players_of_1_to_200_characters_are_read_as_players(server: Server, length: int) -> None:
    body = {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "players": "x" * length, "matches": 2}
    status, answer = _post(server, "/api/compare", body)
    assert status == 400 and answer["error"].startswith(f"unknown player '{'x' * min(length, 4)}"), answer


@pytest.mark.parametrize("count", [1, 7])
def test_a_comparison_of_fewer_than_2_or_more_than_6_rulesets_is_refused(server: Server, count: int) -> None:
    body = {"rulesets": [{"ruleset": "whist"}] * count, "players": "random", "matches": 1}
    assert _post(server, "/api/compare", body) == (400, {"error": "a comparison takes 2 to 6 rulesets"})


def test_a_comparison_of_6_rulesets_runs(tmp_path: Path) -> None:
    from trickbook.web import comparisons
    from trickbook.web.store import Store

    running = comparisons.Comparisons(Store(tmp_path), tmp_path)
    names = ["whist", "hearts", "oh-hell", "call-break", "spot-hearts", "black-maria"]
    request = {"rulesets": [{"ruleset": name} for name in names], "players": "random", "matches": 1}
    started = running.start(request, "client", lambda: None)
    state = _settled(running, started)
    assert state["status"] == "done" and state["total"] == 6, state
    assert [label.split("@")[0] for label in state["labels"]] == names


def test_a_comparison_that_does_not_stop_holds_a_stopping_server_no_longer_than_its_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trickbook.web import comparisons
    from trickbook.web.store import Store

    release = threading.Event()

    def stuck(*args: object) -> None:
        release.wait(30)  # deaf to the cancel its progress callback would raise
        raise UsageError("stopped by the test")

    monkeypatch.setattr(comparisons, "compare", stuck)
    monkeypatch.setattr(comparisons, "STOP_SECONDS", 0.5)
    running = comparisons.Comparisons(Store(tmp_path), tmp_path)
    request = {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "matches": 1}
    started = [running.start(request, client, lambda: None) for client in ("one", "two")]
    stopping = time.monotonic()
    running.stop()
    assert 0.4 <= time.monotonic() - stopping < 1.5, "it waits STOP_SECONDS in all, not for each comparison"
    assert all(running.state(c) == {"status": "cancelling", "done": 0, "total": 2} for c in started)
    release.set()
    for comparison in started:
        _ended(running, comparison)


def test_a_comparison_without_matplotlib_still_reports_and_says_it_has_no_figure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trickbook.web import comparisons
    from trickbook.web.store import Store

    def no_plot(*args: object) -> None:
        raise UsageError("--plot needs matplotlib")

    monkeypatch.setattr(comparisons, "plot", no_plot)
    running = comparisons.Comparisons(Store(tmp_path), tmp_path)
    request = {"rulesets": [{"ruleset": "whist"}, {"ruleset": "hearts"}], "players": "random", "matches": 2}
    started = running.start(request, "client", lambda: None)
    state = _settled(running, started)
    assert state["status"] == "done" and state["figure"] is False and state["rows"]
    assert running.figure(started) is None


def test_a_port_already_taken_is_refused_in_the_systems_words_before_anything_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import errno
    import os
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data", str(tmp_path / "data")]) == 2
    words = os.strerror(errno.EADDRINUSE)
    said = capsys.readouterr().err
    assert said.startswith(f"trickbook: cannot listen on 127.0.0.1:{port}: {words}") and "Errno" not in said
    assert said.endswith("; choose another --port\n")
    assert not (tmp_path / "data").exists(), "nothing started"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"pins": ["hearts"]}, "its pinned rulesets are a map of ids to digests, not \"['hearts']\""),
        ({"pins": {"mine": 7}}, "its pinned rulesets are a map of ids to digests, not \"{'mine': 7}\""),
        ({"pins": ["x" * 60]}, "its pinned rulesets are a map of ids to digests, not \"['" + "x" * 58 + '"'),
        ({"creator": 7}, "its creator's token is text"),
        ({"pins": None, "creator": None}, None),
        ({"pins": {}}, None),
    ],
)
def test_a_stored_tables_pins_and_creator_are_checked_as_it_reopens(
    tmp_path: Path, change: dict[str, Any], problem: str | None
) -> None:
    from trickbook.web import live
    from trickbook.web.store import Store

    store = Store(tmp_path / "data")
    kept = live.Hub(store).create("hearts", ["human", "random", "random", "random"], {}, None, None, 0.0, lambda: None)
    ((table_id, text, _touched),) = store.tables()
    assert table_id == kept.id
    store.save_table(table_id, json.loads(text) | change, 1.0, {})
    again = live.Hub(store)
    problems = again.restore_all(2.0)
    if problem is None:
        assert problems == [] and list(again.tables) == [kept.id]
    else:
        assert problems == [f"table {kept.id} is not reopened: {problem}"] and not again.tables

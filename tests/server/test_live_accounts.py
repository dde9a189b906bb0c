"""Accounts against a live ``mazzo serve`` (one server for the module, behind a "proxy": the
tests connect from 127.0.0.1, whose ``X-Forwarded-For`` uvicorn believes, and each test speaks
from its own address so the per-address login limit of one test does not reach the next; the
server runs with ``--trust-proxy``, so ``X-Forwarded-Proto`` is believed too). Every endpoint
and refusal, the cookie's flags from the real ``Set-Cookie`` header, cross-site refusals, the
login limits, seats held by an account, and the passwords' absence from the database and the
log."""

from __future__ import annotations

import base64
import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from mazzo.engine.game import JSON

from live_server import LiveServer

TABLE: JSON = {"game": "cribbage", "seats": ["human", "human"]}
_addresses = itertools.count(1)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("accounts"), "--trust-proxy").start()
    yield live
    live.stop()


@dataclass
class Browser:
    """One client: its own address (X-Forwarded-For), the session cookie it was given, and
    whether it sends this server's Origin (as a browser's page does) or none (a script)."""

    server: LiveServer
    address: str = field(default_factory=lambda: f"10.0.0.{next(_addresses)}")
    session: str | None = None
    origin: str | None = None
    csrf: str | None = None

    def headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        headers = {"X-Forwarded-For": self.address}
        if self.session is not None:
            headers["Cookie"] = f"mazzo_session={self.session}"
        if self.origin is not None:
            headers["Origin"] = self.origin
        if self.csrf is not None:
            headers["X-Mazzo-CSRF"] = self.csrf
        return {**headers, **(extra or {})}

    def call(self, method: str, path: str, body: JSON | None = None,
             headers: dict[str, str] | None = None) -> httpx.Response:
        response = httpx.request(method, f"{self.server.http}{path}", headers=self.headers(headers),
                                 content=None if body is None else json.dumps(body),
                                 timeout=30)
        cookie = response.headers.get("set-cookie")
        if cookie and cookie.startswith("mazzo_session="):
            value = cookie.split(";")[0].split("=", 1)[1].strip('"')
            self.session = value or None
        return response

    def register(self, username: str, password: str = "correct horse", **more: object
                 ) -> httpx.Response:
        return self.call("POST", "/api/accounts", {"username": username, "password": password,
                                                   **more})

    def log_in(self, username: str, password: str = "correct horse", **more: object
               ) -> httpx.Response:
        return self.call("POST", "/api/session", {"username": username, "password": password,
                                                  **more})

    def page(self) -> Browser:
        """This client as a page of the server sends requests: with its Origin."""
        self.origin = self.server.http
        return self


def cookie_flags(response: httpx.Response) -> set[str]:
    header = response.headers["set-cookie"]
    return {part.strip().split("=")[0].lower() for part in header.split(";")[1:]} | {
        part.strip().lower() for part in header.split(";")[1:] if "=" in part}


def test_register_sets_a_session_cookie_with_every_flag(server: LiveServer) -> None:
    ada = Browser(server)
    response = ada.register("Ada_1")
    assert response.status_code == 201, response.text
    me = response.json()
    assert me["username"] == "Ada_1" and me["tables"] == [] and me["muted"] is False
    flags = cookie_flags(response)
    assert {"httponly", "samesite=lax", "path=/", "max-age=2592000"} <= flags
    assert "secure" not in flags
    assert ada.session and len(ada.session) >= 40
    assert ada.call("GET", "/api/me").json()["username"] == "Ada_1"


def test_the_cookie_is_secure_behind_an_https_proxy(server: LiveServer) -> None:
    bea = Browser(server)
    response = bea.call("POST", "/api/accounts", {"username": "bea_https",
                                                  "password": "correct horse"},
                        headers={"X-Forwarded-Proto": "https"})
    assert response.status_code == 201
    assert "secure" in cookie_flags(response)


@pytest.mark.parametrize(("username", "password", "field", "words"), [
    ("ab", "correct horse", "username", "2 characters"),
    ("a" * 21, "correct horse", "username", "21 characters"),
    ("ada lovelace", "correct horse", "username", "' ' is not allowed"),
    ("<img>", "correct horse", "username", "'<' is not allowed"),
    ("Аda", "correct horse", "username", "is not allowed"),  # a Cyrillic А
    ("Bot_esperto", "correct horse", "username", "bot"),
    ("ada_pw", "short", "password", "8 to 256"),
    ("ada_pw", "x" * 257, "password", "8 to 256"),
    (7, "correct horse", "username", "a username"),
])
def test_bad_usernames_and_passwords_are_refused_with_the_field(
        server: LiveServer, username: object, password: str, field: str, words: str) -> None:
    response = Browser(server).call("POST", "/api/accounts", {"username": username,
                                                              "password": password})
    assert response.status_code == 422
    assert response.json()["field"] == field
    assert words in response.json()["message"]


def test_an_accented_name_is_a_name_and_errors_speak_italian(server: LiveServer) -> None:
    assert Browser(server).register("Niccolò").status_code == 201
    response = Browser(server).call("POST", "/api/accounts?lang=it",
                                    {"username": "x", "password": "correct horse"})
    assert "dai da 3 a 20 lettere" in response.json()["message"]


def test_a_username_is_taken_whatever_its_case(server: LiveServer) -> None:
    assert Browser(server).register("Carla").status_code == 201
    response = Browser(server).register("CARLA")
    assert response.status_code == 409
    assert response.json()["error"] == "username_taken"


def test_log_in_wrong_password_unknown_name_and_me(server: LiveServer) -> None:
    Browser(server).register("dora")
    guest = Browser(server)
    assert guest.call("GET", "/api/me").status_code == 401
    wrong = guest.log_in("dora", "not the password")
    unknown = guest.log_in("nobody_here", "not the password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()  # no telling which names exist
    assert guest.session is None
    right = guest.log_in("DORA")  # any case
    assert right.status_code == 200 and right.json()["username"] == "dora"
    assert guest.call("GET", "/api/me").status_code == 200


def test_log_out_and_log_out_everywhere(server: LiveServer) -> None:
    phone, laptop, tablet = Browser(server), Browser(server), Browser(server)
    phone.register("emma")
    laptop.log_in("emma")
    tablet.log_in("emma")
    old = phone.session
    response = phone.page().call("DELETE", "/api/session")
    assert response.status_code == 204
    assert 'mazzo_session=""' in response.headers["set-cookie"] or \
        "max-age=0" in response.headers["set-cookie"].lower()
    phone.session = old
    assert phone.call("GET", "/api/me").status_code == 401  # the row is gone, not only the cookie
    assert laptop.page().call("DELETE", "/api/sessions").json() == {"ended": 2}
    assert laptop.call("GET", "/api/me").status_code == 401
    assert tablet.call("GET", "/api/me").status_code == 401
    assert Browser(server).page().call("DELETE", "/api/sessions").status_code == 401


def test_changing_the_password_ends_the_other_sessions(server: LiveServer) -> None:
    here, there = Browser(server).page(), Browser(server)
    here.register("fede")
    there.log_in("fede")
    wrong = here.call("POST", "/api/me/password", {"old": "nope nope", "new": "new horse!"})
    assert wrong.status_code == 403 and wrong.json()["error"] == "wrong_password"
    short = here.call("POST", "/api/me/password", {"old": "correct horse", "new": "short"})
    assert short.status_code == 422 and short.json()["field"] == "new"
    done = here.call("POST", "/api/me/password", {"old": "correct horse", "new": "new horse!"})
    assert done.json() == {"ended": 1}
    assert here.call("GET", "/api/me").status_code == 200
    assert there.call("GET", "/api/me").status_code == 401
    assert Browser(server).log_in("fede").status_code == 401
    assert Browser(server).log_in("fede", "new horse!").status_code == 200


def test_deleting_the_account_keeps_its_seats_as_deleted_player(server: LiveServer) -> None:
    gina = Browser(server).page()
    gina.register("gina")
    table = gina.call("POST", "/api/tables", TABLE).json()
    assert table["seats"][0]["name"] == "gina"
    wrong = gina.call("DELETE", "/api/me", {"password": "not it at all"})
    assert wrong.status_code == 403
    assert gina.call("DELETE", "/api/me", {"password": "correct horse"}).status_code == 204
    assert gina.session is None
    summary = server.get(f"/api/tables/{table['table']}").json()
    assert summary["seats"][0]["name"] == summary["seats"][0]["label"] == "deleted player"
    italian = server.get(f"/api/tables/{table['table']}?lang=it").json()
    assert italian["seats"][0]["label"] == "giocatore eliminato"
    assert Browser(server).log_in("gina").status_code == 401
    assert Browser(server).register("Gina").status_code == 201  # the name is free again


# -- cross-site requests ------------------------------------------------------------------------


def test_a_cookie_request_from_another_site_is_refused(server: LiveServer) -> None:
    hugo = Browser(server)
    hugo.register("hugo")
    hugo.origin = "http://evil.example"
    response = hugo.call("POST", "/api/tables", TABLE)
    assert response.status_code == 403
    assert hugo.call("DELETE", "/api/sessions").status_code == 403
    hugo.origin = None
    assert hugo.call("GET", "/api/me").status_code == 200  # still logged in


def test_a_cookie_request_without_origin_needs_the_csrf_token(server: LiveServer) -> None:
    ines = Browser(server)
    csrf = ines.register("ines").json()["csrf"]
    refused = ines.call("POST", "/api/tables", TABLE)
    assert refused.status_code == 403 and refused.json()["error"] == "cross_site"
    assert "X-Mazzo-CSRF".lower() in refused.json()["message"].lower()
    ines.csrf = "0" * 64
    assert ines.call("POST", "/api/tables", TABLE).status_code == 403
    ines.csrf = csrf
    made = ines.call("POST", "/api/tables", TABLE)
    assert made.status_code == 201 and made.json()["seats"][0]["name"] == "ines"
    ines.csrf = None
    assert ines.page().call("POST", "/api/tables", TABLE).status_code == 201  # its own page
    # a guest's request has no cookie to misuse: it passes as before
    assert Browser(server).call("POST", "/api/tables", TABLE).status_code == 201


# -- login limits -------------------------------------------------------------------------------


def test_wrong_passwords_for_one_account_are_limited(server: LiveServer) -> None:
    Browser(server).register("jack")
    for i in range(5):  # each from another address: the account's own limit
        assert Browser(server).log_in("jack", f"wrong pass {i}").status_code == 401
    response = Browser(server).log_in("jack")
    assert response.status_code == 429
    assert response.json()["error"] == "too_many_logins_account"
    assert int(response.headers["retry-after"]) >= 1
    italian = Browser(server).call("POST", "/api/session?lang=it",
                                   {"username": "JACK", "password": "x"})
    assert "riprova tra" in italian.json()["message"]


# -- seats of accounts --------------------------------------------------------------------------


def seat_socket(server: LiveServer, table: str, query: str, browser: Browser | None,
                origin: bool = True) -> JSON:
    """The first frame a table websocket gets (a state, or an error)."""
    headers = {}
    if browser is not None and browser.session is not None:
        headers["Cookie"] = f"mazzo_session={browser.session}"
    if origin:
        headers["Origin"] = server.http
    with connect(f"{server.ws}/ws/tables/{table}?{query}", additional_headers=headers,
                 open_timeout=10) as ws:
        frame: JSON = json.loads(ws.recv(timeout=10))
        if frame["type"] == "error":
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=10)
        return frame


def test_my_tables_come_from_the_server_and_open_by_cookie(server: LiveServer) -> None:
    kim = Browser(server).page()
    kim.register("kim")
    table = kim.call("POST", "/api/tables", {**TABLE, "account_seat": 1}).json()
    elsewhere = Browser(server).page()
    mine = elsewhere.log_in("kim").json()["tables"]
    assert [(t["table"], t["seat"], t["game"], t["status"], t["owner"]) for t in mine] == [
        (table["table"], 1, "cribbage", "waiting", True)]
    assert mine[0]["url"].endswith(f"/tables/{table['table']}?seat=1")
    frame = seat_socket(server, table["table"], "seat=1", elsewhere)
    assert frame["type"] == "state" and frame["seat"] == 1
    assert seat_socket(server, table["table"], "seat=0", elsewhere)["code"] == "not_your_seat"
    assert seat_socket(server, table["table"], "seat=1", None)["code"] == "not_your_seat"
    # from another site's page (or none) the cookie is not used
    assert seat_socket(server, table["table"], "seat=1", elsewhere,
                       origin=False)["code"] == "not_your_seat"
    # the seat tokens work as before, for anyone
    assert seat_socket(server, table["table"], f"token={table['seats'][0]['token']}",
                       None)["seat"] == 0
    # the maker starts its table from any device, without the owner link
    started = elsewhere.call("POST", f"/api/tables/{table['table']}/start", {})
    assert started.status_code == 200 and started.json()["status"] == "playing"
    assert Browser(server).page().call(
        "POST", f"/api/tables/{table['table']}/rematch", {}).status_code == 403


def test_a_guest_hands_its_seats_over_when_it_logs_in(server: LiveServer) -> None:
    guest = Browser(server)
    first = guest.call("POST", "/api/tables", TABLE).json()
    second = guest.call("POST", "/api/tables", TABLE).json()
    Browser(server).register("lia")
    held = [{"table": first["table"], "token": first["seats"][1]["token"]},
            {"table": second["table"], "token": "not a token"},
            {"table": "nonexistent", "token": "x"}]
    me = guest.page().log_in("lia", seats=held).json()
    assert me["claimed"] == [{"table": first["table"], "seat": 1}]
    assert [(t["table"], t["seat"], t["owner"]) for t in me["tables"]] == [
        (first["table"], 1, False)]
    assert server.get(f"/api/tables/{first['table']}").json()["seats"][1]["name"] == "lia"
    # later, from the account page
    later = guest.call("POST", "/api/me/seats", {"seats": [
        {"table": second["table"], "token": second["seats"][0]["token"]}]})
    assert later.json() == {"claimed": [{"table": second["table"], "seat": 0}]}
    bad = guest.call("POST", "/api/me/seats", {"seats": ["x"]})
    assert bad.status_code == 422 and bad.json()["field"] == "seats"


def test_opening_an_invite_link_while_logged_in_takes_the_seat(server: LiveServer) -> None:
    table = Browser(server).call("POST", "/api/tables", TABLE).json()
    mia = Browser(server).page()
    mia.register("mia")
    frame = seat_socket(server, table["table"], f"token={table['seats'][1]['token']}", mia)
    assert frame["seat"] == 1
    assert [t["table"] for t in mia.call("GET", "/api/me").json()["tables"]] == [table["table"]]


# -- passwords are never kept ---------------------------------------------------------------------


def test_no_password_is_stored_or_logged_in_clear(server: LiveServer) -> None:
    first, second = "Zebra-Quartz-7781!", "Yak-Onyx-5519?"
    nora = Browser(server).page()
    assert nora.register("nora", first).status_code == 201
    assert Browser(server).log_in("nora", first).status_code == 200
    assert Browser(server).log_in("nora", "a wrong one here").status_code == 401
    assert nora.call("POST", "/api/me/password", {"old": first, "new": second}).status_code == 200
    assert Browser(server).log_in("nora", second).status_code == 200
    files = sorted(Path(server.home).glob("mazzo.db*"))  # the database, its WAL and shm
    assert files and any(f.name == "mazzo.db" for f in files)
    stored = b"".join(f.read_bytes() for f in files)
    logged = server.log().encode()
    for password in (first, second):
        raw = password.encode()
        for form in (raw, raw.hex().encode(), base64.b64encode(raw),
                     base64.urlsafe_b64encode(raw), base64.b64encode(raw).rstrip(b"=")):
            assert form not in stored, (password, form)
            assert form not in logged, (password, form)
    assert b"$argon2id$v=19$m=19456,t=2,p=1$" in stored


# -- bans ---------------------------------------------------------------------------------------


def test_a_banned_account_cannot_log_in_or_sit(server: LiveServer,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from mazzo.cli.main import main

    olga = Browser(server).page()
    olga.register("olga")
    table = olga.call("POST", "/api/tables", TABLE).json()
    db = f"sqlite:///{server.home / 'mazzo.db'}"
    assert main(["admin", "--db", db, "ban", "olga", "--reason", "test"]) == 0
    assert olga.call("GET", "/api/me").status_code == 401  # its sessions ended
    refused = Browser(server).log_in("olga")
    assert refused.status_code == 403 and refused.json()["error"] == "banned"
    assert Browser(server).log_in("olga", "wrong password").status_code == 401  # no telling
    seat = seat_socket(server, table["table"], f"token={table['seats'][0]['token']}", None)
    assert seat["code"] == "account_banned"
    assert main(["admin", "--db", db, "unban", "olga"]) == 0
    assert Browser(server).log_in("olga").status_code == 200
    assert seat_socket(server, table["table"], f"token={table['seats'][0]['token']}",
                       None)["seat"] == 0
    capsys.readouterr()

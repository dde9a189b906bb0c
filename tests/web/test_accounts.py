"""The account area in the browser: register from the lobby's top bar (a dialog with labelled
fields, refusals shown as text), log out and in again, and "Your tables" listing a table the
account made in another browser (another context: its own cookies and storage), which opens by
the account's cookie at its seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driver import axe_problems

from live_server import LiveServer

PASSWORD = "a long enough one"


def lobby(context: Any, server: LiveServer) -> Any:
    page = context.new_page()
    page.goto(f"{server.http}/?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    return page


def log_in(page: Any, username: str) -> None:
    page.click("#log-in")
    page.fill("#login-username", username)
    page.fill("#login-password", PASSWORD)
    page.keyboard.press("Enter")  # the form submits from the keyboard
    page.wait_for_selector("#account-name")


def test_register_log_out_log_in_and_tables_from_another_browser(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    here = lobby(new_context(viewport={"width": 1280, "height": 800}), server)
    here.click("#register")
    assert here.locator("#register-dialog").get_attribute("open") is not None  # modal
    assert here.evaluate("document.activeElement.id") == "register-username"
    here.fill("#register-username", "x")
    here.fill("#register-password", PASSWORD)
    here.click("#register-submit")
    here.wait_for_function("document.getElementById('register-error').textContent !== ''")
    error = here.locator("#register-error").inner_text()
    assert error.startswith("Username: ") and "3 to 20" in error
    assert axe_problems(here) == []
    here.fill("#register-username", "web_ada")
    here.click("#register-submit")
    here.wait_for_selector("#account-name")
    assert here.locator("#account-name").inner_text() == "web_ada"
    assert here.locator("dialog").count() == 0

    here.click("#account-name")
    assert here.locator("#my-profile").get_attribute("href").startswith("/players/web_ada")
    here.click("#log-out")
    here.wait_for_selector("#log-in")
    assert here.evaluate("fetch('/api/me').then(r => r.status)") == 401

    # another browser: logs in, makes a table with "Play now"
    there = lobby(new_context(viewport={"width": 1280, "height": 800}), server)
    log_in(there, "WEB_ADA")
    there.click("#play-cribbage")
    there.wait_for_selector("body[data-status=playing]")
    made = there.url.split("?")[0].rsplit("/", 1)[1]

    log_in(here, "web_ada")
    entry = here.locator(f".tables li[data-table='{made}']")
    entry.wait_for()
    assert "on your account" in entry.inner_text()
    assert entry.locator("button").count() == 0  # nothing to forget: it lives on the server
    link = entry.locator("a")
    assert link.get_attribute("href").split("?")[1].startswith("seat=0")
    link.click()
    here.wait_for_selector("body[data-status=playing]")
    assert here.evaluate("document.body.dataset.spectator") == "false"  # at its seat, by cookie
    assert here.locator("#account-name").inner_text() == "web_ada"


#: another site's page: as it loads it posts a table to the mazzo server with the visitor's
#: cookie (a "simple" cross-site request, no preflight), and says when it is done
FOREIGN_PAGE = """<!doctype html><title>another site</title><script>
fetch("%s/api/tables", {method: "POST", credentials: "include", mode: "no-cors",
  headers: {"Content-Type": "text/plain"},
  body: JSON.stringify({game: "cribbage", seats: ["human", "medio"], start: true})})
  .finally(() => { document.title = "sent"; });
</script>"""


def test_another_sites_page_cannot_act_with_the_account_cookie(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    """A logged-in person visits another site (another origin: same host, another port, so the
    SameSite=Lax cookie does go along); its page's request to make a table is refused by the
    Origin check and the account holds no new table, while the same request from the lobby
    itself makes one."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    body = (FOREIGN_PAGE % server.http).encode()

    class Foreign(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    foreign = ThreadingHTTPServer(("127.0.0.1", 0), Foreign)
    threading.Thread(target=foreign.serve_forever, daemon=True).start()
    try:
        page = lobby(new_context(viewport={"width": 1280, "height": 800}), server)
        page.click("#register")
        page.fill("#register-username", "web_cora")
        page.fill("#register-password", PASSWORD)
        page.click("#register-submit")
        page.wait_for_selector("#account-name")
        tables = "fetch('/api/me').then(r => r.json()).then(me => me.tables.length)"
        assert page.evaluate(tables) == 0
        made_before = server.get("/api/health").json()["tables"]
        page.goto(f"http://127.0.0.1:{foreign.server_address[1]}/")
        page.wait_for_function("document.title === 'sent'")
        page.goto(f"{server.http}/?lang=en")
        page.wait_for_selector("body[data-ready=true]")
        assert page.evaluate(tables) == 0  # refused: nothing made in the account's name
        assert server.get("/api/health").json()["tables"] == made_before  # nor in anyone's
        made = page.evaluate("""() => fetch('/api/tables', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({game: 'cribbage', seats: ['human', 'medio']})})
            .then(r => r.status)""")
        assert made == 201 and page.evaluate(tables) == 1  # the lobby's own request is taken
    finally:
        foreign.shutdown()

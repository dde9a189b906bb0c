"""Browser tests: Playwright for Python driving Debian's Chromium (``/usr/bin/chromium``; never
``playwright install``) against a live ``mazzo serve``. One browser and one server per test
module run (per xdist worker), many pages. Without Chromium the tests skip with a clear message,
unless ``CI`` is set: then they fail, so CI cannot pass them silently."""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from live_server import LiveServer

#: Debian's Chromium; MAZZO_CHROMIUM points elsewhere (another distribution's path)
CHROMIUM = Path(os.environ.get("MAZZO_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    return None


# module scope, not session: Playwright's sync API keeps an event loop running in its thread,
# and a later test of another module in the same xdist worker (the server tests) must be able to
# call asyncio.run; pytest finalizes a module's fixtures before running another module's test
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    problem = _missing()
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests cannot run in CI: {problem}")
        pytest.skip(f"browser tests skipped: {problem}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    # tables of bots only: finished matches for the replay and end-screen tests
    live = LiveServer(tmp_path_factory.mktemp("web-home"), "--workers-bots", "1",
                      "--allow-bot-tables",
                      "--rate", "10000", "--burst", "10000").start()
    yield live
    live.stop()


@pytest.fixture
def new_context(browser: Any) -> Iterator[Callable[..., Any]]:
    """Makes browser contexts (each its own localStorage; pages may take axe-core's script)
    that close after the test. An uncaught error in any of their pages fails the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(**options: Any) -> Any:
        # no card motion unless a test asks for it: the pages keep up with bots that move at
        # once (a frame waits for the one before it to finish moving)
        options.setdefault("reduced_motion", "reduce")
        context = browser.new_context(bypass_csp=True, **options)
        context.on("weberror", lambda error: errors.append(
            f"{error.page.url if error.page else '?'}: {error.error}"))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def page(new_context: Callable[..., Any]) -> Any:
    """A fresh desktop page in a context of its own."""
    return new_context(viewport={"width": 1280, "height": 800}).new_page()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed test that used the shared server says what the server logged (a stall
    explains itself: a bot that failed, a table that stopped)."""
    report = yield
    live = getattr(item, "funcargs", {}).get("server")
    if report.failed and isinstance(live, LiveServer):
        report.sections.append(("mazzo serve's log, last lines", live.log_tail()))
    return report

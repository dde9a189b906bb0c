"""Test-wide settings: hypothesis runs derandomized so CI is reproducible, and the tiers.

Set ``MAZZO_HYPOTHESIS=explore`` to let hypothesis draw fresh examples (and keep its database)
when hunting for new counterexamples locally.

The tiers: every test that carries a reason to be slow (``soak``, ``e2e``, ``ray``,
``statistical``, or ``server`` and ``browser``, which mark whole directories here so that a new
file there is marked too) carries ``slow`` as well, and ``make check`` runs ``-m "not slow"``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile("explore" if os.environ.get("MAZZO_HYPOTHESIS") == "explore" else "ci")


@pytest.fixture(autouse=True)
def _mazzo_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test saves into its own MAZZO_HOME, never into the user's ~/.mazzo."""
    monkeypatch.setenv("MAZZO_HOME", str(tmp_path_factory.mktemp("mazzo-home")))


#: the directories whose every test is in the slow tier, with the marker that says why: the
#: server's tests start live servers (and PostgreSQL), the browser app's drive Chromium
DIRECTORY_MARKERS = {"server": "server", "web": "browser"}

#: the markers that put a test in the slow tier
SLOW_REASONS = ("soak", "server", "browser", "e2e", "ray", "statistical")

TESTS = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow directories' tests, then every test with a slow reason as ``slow``."""
    for item in items:
        folder = item.path.relative_to(TESTS).parts[0] if item.path.is_relative_to(TESTS) else ""
        if folder in DIRECTORY_MARKERS:
            item.add_marker(DIRECTORY_MARKERS[folder])
        if any(item.get_closest_marker(reason) for reason in SLOW_REASONS):
            item.add_marker("slow")

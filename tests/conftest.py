"""Test-wide settings: hypothesis runs derandomized so CI is reproducible.

Set ``MAZZO_HYPOTHESIS=explore`` to let hypothesis draw fresh examples (and keep its database)
when hunting for new counterexamples locally.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile("explore" if os.environ.get("MAZZO_HYPOTHESIS") == "explore" else "ci")


@pytest.fixture(autouse=True)
def _mazzo_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test saves into its own MAZZO_HOME, never into the user's ~/.mazzo."""
    monkeypatch.setenv("MAZZO_HOME", str(tmp_path_factory.mktemp("mazzo-home")))

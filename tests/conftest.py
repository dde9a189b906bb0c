"""Test-wide settings: hypothesis runs derandomized so CI is reproducible.

Set ``MAZZO_HYPOTHESIS=explore`` to let hypothesis draw fresh examples (and keep its database)
when hunting for new counterexamples locally.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile("explore" if os.environ.get("MAZZO_HYPOTHESIS") == "explore" else "ci")

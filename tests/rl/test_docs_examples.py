"""Every Python example in docs/rl.md runs as written (a reader pastes them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)


def test_the_doc_has_examples() -> None:
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_each_example_runs(index: int) -> None:
    exec(compile(BLOCKS[index], f"docs/rl.md example {index + 1}", "exec"), {})

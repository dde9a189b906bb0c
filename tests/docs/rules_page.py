"""Reading the rules pages in tests: their Markdown tables and their program transcripts."""

from __future__ import annotations

from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def pages(game_id: str) -> dict[str, Path]:
    """The English and Italian page of a game."""
    return {"en": RULES / f"{game_id}.md", "it": RULES / f"{game_id}.it.md"}


def tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """Every Markdown table: its header cells and its body rows (cells stripped)."""
    found: list[tuple[list[str], list[list[str]]]] = []
    rows: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
            continue
        if rows:
            found.append((rows[0], rows[2:]))
            rows = []
    return found


def table_headed(path: Path, head: str) -> list[list[str]]:
    """The body of the one table of ``path`` whose first header cell is ``head``."""
    bodies = [body for header, body in tables(path.read_text(encoding="utf-8"))
              if header[0] == head]
    assert len(bodies) == 1, f"{path.name}: expected one table headed {head!r}"
    assert bodies[0], f"{path.name}: the table headed {head!r} is empty"
    return bodies[0]


def text_blocks(text: str) -> list[list[str]]:
    """The ``text`` fenced blocks, with indented continuation lines joined to the line above."""
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if current is None:
            if line.strip() == "```text":
                current = []
        elif line.strip() == "```":
            blocks.append(current)
            current = None
        elif line.startswith("    ") and current:
            current[-1] += " " + line.strip()
        else:
            current.append(line)
    assert current is None, "a text block is not closed"
    return blocks

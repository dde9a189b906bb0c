"""The observation layout of every game as Markdown, for docs/rl.md.

``python -m mazzo.rl.fields_doc`` prints it; a test checks that docs/rl.md contains it verbatim,
so the documentation and the code cannot drift apart.
"""

from __future__ import annotations

from mazzo.engine import all_games
from mazzo.rl.spaces import spaces_for


def fields_markdown() -> str:
    """Per game (default config): its sizes, then a table of field, offset, length, range,
    meaning."""
    parts: list[str] = []
    for game in all_games():
        config = game.config_class()
        spaces = spaces_for(game, config)
        players = getattr(config, "players", "?")
        parts.append(
            f"#### {game.id} (default config: {players} players)\n\n"
            f"Observation: {spaces.observation_size} floats; action space: "
            f"{spaces.action_size} indices.\n\n"
            "| field | offset | length | range | meaning |\n|---|---:|---:|---|---|\n"
            + "".join(f"| `{f.name}` | {f.start} | {f.length} | {f.low:g} to {f.high:g} "
                      f"| {f.meaning} |\n" for f in spaces.fields())
        )
    return "\n".join(parts)


if __name__ == "__main__":
    print(fields_markdown())

"""Rewrite the golden traces (``make playthroughs``); review the diff before committing."""

from __future__ import annotations

from mazzo.engine import all_games

from golden_trace import FOLDER, path_for, trace


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for game in all_games():
        lines = trace(game)
        path_for(game).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{path_for(game)}: {len(lines) - 1} steps")


if __name__ == "__main__":
    main()

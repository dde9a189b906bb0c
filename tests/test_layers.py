"""The layers import only downward, and each game's knowledge stays in its folder.

Every module's imports are read (``ast``, nothing is run): a module may import its own package
and the packages of lower layers only (docs/architecture.md draws them), and only a game's own
folder, the registry and the per-game folders of the rl layer may import ``mazzo.games.<id>``.
A string naming a module (for ``importlib``) counts as an import. A generic module reaches a game
through the hooks of its ``Game``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

SRC: Final = Path(__file__).parents[1] / "src"

#: each top-level part of the package and its layer: a module may import parts of lower layers
#: (and its own part); parts on the same layer do not import each other
LAYERS: Final[dict[str, int]] = {
    "__init__": 0, "cards": 0, "text": 0, "argtext": 0, "processes": 0,
    "engine": 1,
    "games": 2,
    "bots": 3,
    "arena": 4, "coach": 4,
    "server": 5, "rl": 5,
    "cli": 6,  # the command line starts the server (``mazzo serve``) and the arena
    "web": 7,  # the browser app: package data the server serves, talking to it over HTTP
}
#: modules (and folders, ending in ".") outside ``games/<id>/`` that may import a game's own
#: modules: the games' package, where games may be registered (the engine's registry loads
#: the built-in ones by name), and the rl layer's per-game folders
PER_GAME_PLACES: Final = ("mazzo.games", "mazzo.rl.observations.", "mazzo.rl.games.")


#: a string that is a module's name, with an optional ``:attribute`` ("mazzo.bots.ismcts",
#: "mazzo.games.cribbage.bots:CribbageReader"): a module imported by name counts as imported
NAMED_MODULE: Final = re.compile(r"(mazzo(?:\.[a-z_][a-z0-9_]*)+)(?::[A-Za-z_]\w*)?")


def module_name(root: Path, path: Path) -> str:
    """``mazzo.server.tables`` for ``root/mazzo/server/tables.py`` (a package: its folder's)."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(module: str, is_package: bool, tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Each ``(line, module)`` that ``tree`` imports, relative imports made absolute; a name
    imported from a package counts as its submodule too (``from mazzo.games import cribbage``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".")
                package = package if is_package else package[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            named = NAMED_MODULE.fullmatch(node.value)  # imported later by name (importlib);
            if named and part_of(named[1]) in LAYERS:  # other such names are loggers' names
                yield node.lineno, named[1]


def part_of(module: str) -> str:
    """The top-level part of ``mazzo`` a module belongs to (``mazzo`` itself: ``__init__``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def game_of(module: str) -> str | None:
    """The game id whose own folder ``module`` is in, or names (``mazzo.games.<id>...``)."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["mazzo", "games"] else None


def may_import_games(module: str) -> bool:
    return any(module == place or (place.endswith(".") and module.startswith(place))
               for place in PER_GAME_PLACES)


def problems(root: Path) -> list[str]:
    """Every import under ``root`` (a folder holding the ``mazzo`` package) that runs up or
    across the layers, or reaches into a game from outside its folder (one line each)."""
    found: dict[str, None] = {}  # in order, each once (``from a import b`` reads as a and a.b)
    for path in sorted((root / "mazzo").rglob("*.py")):
        module = module_name(root, path)
        here = f"{path.relative_to(root)}"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, target in imported(module, path.name == "__init__.py", tree):
            if target != "mazzo" and not target.startswith("mazzo."):
                continue
            mine, theirs = part_of(module), part_of(target)
            if theirs not in LAYERS or mine not in LAYERS:
                unknown = theirs if theirs not in LAYERS else mine
                found[f"{here}:{line}: mazzo.{unknown} is a part of mazzo with no layer"] = None
            elif theirs != mine and LAYERS[theirs] >= LAYERS[mine]:
                found[f"{here}:{line}: {mine} imports mazzo.{theirs}, not a lower layer"] = None
            game = game_of(target)
            if game is not None and game_of(module) != game and not may_import_games(module):
                found[f"{here}:{line}: imports mazzo.games.{game} from outside games/{game}/: "
                      "reach the game through a hook of its Game"] = None
    return list(found)


def test_the_package_imports_only_downward_and_each_game_only_from_its_own_places() -> None:
    assert problems(SRC) == []


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {p.stem if p.is_file() else p.name for p in (SRC / "mazzo").iterdir()
             if p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").is_file())}
    assert parts <= set(LAYERS)


#: a fake tree's files (path under the root: source) and the problems expected of it (words
#: each must contain; none: the tree is clean)
FAKE_TREES: Final = [
    pytest.param({"mazzo/server/notes.py": "from mazzo.games.nebraska.text import x\n"},
                 ["outside games/nebraska/"], id="generic-module-names-a-game"),
    pytest.param({"mazzo/server/notes.py": "from mazzo.games import nebraska\n"},
                 ["outside games/nebraska/"], id="game-imported-as-a-name"),
    pytest.param({"mazzo/games/cribbage/bots.py": "import mazzo.games.nebraska.scoring\n"},
                 ["outside games/nebraska/"], id="a-game-imports-another"),
    pytest.param({"mazzo/games/cribbage/bots.py": "from ..nebraska import scoring\n"},
                 ["outside games/nebraska/"], id="relative-import-of-another-game"),
    pytest.param({"mazzo/engine/game.py": "from mazzo.bots.levels import LEVELS\n"},
                 ["engine imports mazzo.bots"], id="engine-imports-up"),
    pytest.param({"mazzo/server/pages.py": "from mazzo.cli.rules_pages import full_rules\n"},
                 ["server imports mazzo.cli"], id="server-imports-the-cli"),
    pytest.param({"mazzo/rl/env.py": "from mazzo.server import tables\n"},
                 ["rl imports mazzo.server"], id="same-layer-across"),
    pytest.param({"mazzo/bots/levels.py": 'EXPERT = "mazzo.games.cribbage.bots:Reader"\n'},
                 ["outside games/cribbage/"], id="game-module-named-in-a-string"),
    pytest.param({"mazzo/plugins/x.py": "import mazzo.engine\n"},
                 ["no layer"], id="part-without-a-layer"),
    pytest.param({"mazzo/rl/games/nebraska.py": "from mazzo.games.nebraska import actions\n",
                  "mazzo/rl/observations/nebraska.py": "import mazzo.games.nebraska.config\n",
                  "mazzo/games/nebraska/game.py": "from mazzo.games.nebraska import text\n"
                                                  "from mazzo.engine.game import Game\n",
                  "mazzo/cli/main.py": "from mazzo.server.app import create_app\n"},
                 [], id="allowed-places"),
]


@pytest.mark.parametrize("files, expected", FAKE_TREES)
def test_a_bad_import_in_a_fake_tree_is_found(tmp_path: Path, files: dict[str, str],
                                              expected: list[str]) -> None:
    for name, source in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    found = problems(tmp_path)
    assert len(found) == len(expected), found
    for problem, words in zip(found, expected, strict=True):
        assert words in problem

"""The built wheel carries everything ``mazzo serve`` needs: built with ``python -m build``,
installed into a fresh virtual environment outside the checkout, its ``mazzo serve`` run from
a folder outside the checkout on a new SQLite database serves the web app, the rules pages and
a lesson, and plays a table over the websocket.

How the environment is made: ``python -m venv --without-pip``, the wheel installed into it by
this interpreter's pip (``pip --python``, ``--no-deps --no-index``), and the dependencies taken
from this interpreter's own site-packages through a ``.pth`` line. Installing them from the
package index instead (a venv with pip, then ``pip install 'mazzo[web]'``: fastapi,
pydantic-core, psycopg...) took 51 s on the 2 shared cores here, against 6 s this way, and
would test pip's resolver more than the wheel. The whole module takes 30 to 45 s there (the
build 3 to 10 s, the server's start 3 to 10 s, as loaded as the machine is). What must come
from the wheel does: the test checks that ``mazzo`` imports from the new environment and that
neither the checkout nor ``PYTHONPATH`` is on its path; a ``.pth`` line adds a folder to the
path without running the ``.pth`` files in it, so an editable install of mazzo there cannot
come back in.
"""

from __future__ import annotations

import asyncio
import os
import site
import subprocess
import sys
import sysconfig
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from mazzo.engine.record import replay
from mazzo.engine.rules_pages import PACKAGED_FOLDER, SOURCE_FOLDER

from live_server import Player, free_port, play_all

ROOT = Path(__file__).resolve().parents[2]
#: one deal of Novantanove decides a match to 1 point: a short whole match
ONE_DEAL = {"players": 3, "target": 1}


@dataclass
class Installed:
    wheel: Path
    venv: Path
    folder: Path  # outside the checkout: the server's cwd and its MAZZO_HOME

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        env["MAZZO_HOME"] = str(self.folder / "home")
        return env


def run(*command: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None
        ) -> str:
    """Run ``command``; its standard output, or a failure with everything it said."""
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True,
                          timeout=300, check=False, cwd=cwd, env=env)
    assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel built from this checkout, installed into a new virtual environment."""
    folder = tmp_path_factory.mktemp("installed")
    assert not folder.is_relative_to(ROOT)
    run(sys.executable, "-m", "build", "--wheel", "--outdir", folder / "dist", ROOT)
    (wheel,) = (folder / "dist").glob("mazzo-*.whl")
    venv = folder / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    run(sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install",
        "--no-deps", "--no-index", "--quiet", wheel)
    purelib = run(venv / "bin" / "python", "-c",
                  "import sysconfig; print(sysconfig.get_path('purelib'))").strip()
    dependencies = [p for p in [*site.getsitepackages(), sysconfig.get_path("purelib")]
                    if Path(p).is_dir()]
    (Path(purelib) / "_test_dependencies.pth").write_text("\n".join(dict.fromkeys(dependencies))
                                                          + "\n")
    return Installed(wheel, venv, folder)


@pytest.fixture(scope="module")
def served(installed: Installed) -> Iterator[str]:
    """``mazzo serve`` of the installed wheel, on a free port; its base URL."""
    port = free_port()
    log = (installed.folder / "serve.log").open("wb")
    process = subprocess.Popen(
        [installed.venv / "bin" / "mazzo", "serve", "--port", str(port), "--db",
         f"sqlite:///{installed.folder / 'club.db'}", "--workers-bots", "0", "--bot-pause", "0"],
        cwd=installed.folder, env=installed.env(), stdout=subprocess.DEVNULL, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, (installed.folder / "serve.log").read_text()
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the installed mazzo serve did not start"
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(10)
        log.close()


def test_mazzo_imports_from_the_installed_wheel(installed: Installed) -> None:
    said = run(installed.python, "-c", "import mazzo, sys; print(mazzo.__file__); "
               "print(*sys.path, sep='\\n')", cwd=installed.folder, env=installed.env())
    where, *path = said.splitlines()
    assert Path(where).is_relative_to(installed.venv)
    # nothing of the checkout but the dependencies' folders (the dev venv may live in it, as
    # `make` makes it: .venv), which the .pth line adds without their own .pth files
    deps = {Path(p).resolve() for p in [*site.getsitepackages(), sysconfig.get_path("purelib")]}
    assert not [p for p in path if p and Path(p).resolve() not in deps
                and Path(p).resolve().is_relative_to(ROOT)]


def test_the_wheel_carries_every_file_of_the_package_and_the_rules_pages(
        installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    package = {f"mazzo/{p.relative_to(ROOT / 'src' / 'mazzo').as_posix()}"
               for p in (ROOT / "src" / "mazzo").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}
    pages = {f"mazzo/{PACKAGED_FOLDER}/{p.name}" for p in (ROOT / SOURCE_FOLDER).glob("*.md")}
    assert len(pages) == 10
    assert package | pages <= names, sorted((package | pages) - names)


def test_the_installed_server_serves_its_pages_and_plays_a_table(served: str) -> None:
    lobby = httpx.get(f"{served}/", timeout=10)
    assert lobby.status_code == 200 and "<html" in lobby.text.lower()
    script = httpx.get(f"{served}/static/games/novantanove.js", timeout=10)
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    rules = httpx.get(f"{served}/rules/novantanove?lang=it", timeout=10)
    assert rules.status_code == 200 and "Novantanove" in rules.text
    lesson = httpx.post(f"{served}/api/lessons/cribbage", timeout=10)
    assert lesson.status_code == 201, lesson.text
    assert httpx.get(f"{served}/api/bot-ratings", timeout=10).json()["cribbage"]
    created = httpx.post(f"{served}/api/tables", timeout=10, json={
        "game": "novantanove", "config": ONE_DEAL, "seats": ["human", "random", "random"],
        "start": True, "options": {"bot_pause_s": 0}}).json()
    player = Player(created["seats"][0]["ws"], seed=1)
    asyncio.run(play_all([player]))
    assert player.frames[-1]["status"] == "over"
    record = httpx.get(f"{served}/api/tables/{created['table']}/record", timeout=10).json()
    assert replay(record).is_terminal

"""``Game.rules_page``: every game's full rules reach any layer through its game, read from
docs/rules by the engine's loader (the packaged copy first), so the table server needs nothing
of the command line's to serve them."""

from __future__ import annotations

from pathlib import Path

import pytest

from mazzo.engine import all_games, get_game, rules_pages
from mazzo.engine.game import MazzoError

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_game_gives_its_page_in_both_languages(game_id: str, lang: str) -> None:
    name = rules_pages.page_name(game_id, lang)
    expected = (ROOT / "docs" / "rules" / name).read_text(encoding="utf-8")
    assert get_game(game_id).rules_page(lang) == expected


def test_the_packaged_copy_comes_first_and_a_missing_page_is_a_clear_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cribbage.md").write_text("# packaged\n", encoding="utf-8")
    monkeypatch.setattr(rules_pages, "packaged_root", lambda: tmp_path)
    assert get_game("cribbage").rules_page("en") == "# packaged\n"
    monkeypatch.setattr(rules_pages, "source_root", lambda: tmp_path / "nowhere")
    with pytest.raises(MazzoError, match=r"no full rules page cribbage\.it\.md"):
        get_game("cribbage").rules_page("it")
    with pytest.raises(MazzoError, match="fr"):
        get_game("cribbage").rules_page("fr")

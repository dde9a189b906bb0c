"""Every registered game can be played at the terminal, in both languages, for every player
count: a scripted human takes the first choice (after some bad input; when picking cards, as
few cards as the rules accept) and the match ends within 400 prompts."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from mazzo.cli.play import play_interactive
from mazzo.engine import Game, all_games
from mazzo.engine.game import Config

from first_choice import FirstChoice

CASES = []
for game in all_games():
    seen: set[int] = set()
    for config in game.test_configs():
        if config.players not in seen:
            seen.add(config.players)
            CASES.append(pytest.param(game, config, id=f"{game.id}-{config.players}p"))


@pytest.mark.e2e
@pytest.mark.parametrize(("game", "config"), CASES)
def test_terminal_play(game: Game, config: Config, tmp_path: Path) -> None:
    prompts = 0
    player = FirstChoice()

    def ask(prompt: str) -> str:
        nonlocal prompts
        prompts += 1
        if prompts == 1:
            return "0"  # out of range (or no cards): re-prompted with the reason
        return "q" if prompts >= 400 else player(prompt)

    for lang in ("it", "en"):
        prompts = 0
        player = FirstChoice()
        out = io.StringIO()
        save = tmp_path / f"{lang}.json"
        state = play_interactive(game, config, 0, ["medio", "random"], lang, seed=3,
                                 save_path=str(save), out=out, ask=ask)
        text = out.getvalue()
        assert ("Nessuna mossa 0" if lang == "it" else "There is no move 0") in text
        assert save.exists()
        assert state.is_terminal, f"the match did not end in {prompts} prompts"
        assert ("Vinc" if lang == "it" else "Winner") in text

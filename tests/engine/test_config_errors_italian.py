"""A bad config is refused in the reader's language: every ConfigError the engine and the CLI
raise for a field (a value out of range or not among the choices, a player count, an unknown
field, a value of the wrong type, a --set written wrong) also says it in Italian, naming the
same field, and ``mazzo --lang it`` prints that. They were English only, whatever --lang said."""

from __future__ import annotations

import pytest

from mazzo.cli.main import main
from mazzo.engine import ConfigError, get_game
from mazzo.engine.overrides import parse_overrides

CRIBBAGE = get_game("cribbage")


@pytest.mark.parametrize(("change", "english", "italian"), [
    ({"target": 5}, "target: 5 is not allowed; choose one of 61, 121",
     "target: 5 non è ammesso; scegli tra 61, 121"),
    ({"games_to_win": 0}, "games_to_win: 0 is out of range; allowed 1..99",
     "games_to_win: 0 è fuori dai limiti; ammesso da 1 a 99"),
    ({"players": 7}, "players: 7 is out of range; cribbage is played by 2–4",
     "players: 7 non va; cribbage si gioca in 2–4"),
    ({"target": "x"}, "target: expected int, got 'x'", "target: serve un numero intero, non 'x'"),
    ({"scoring": 1}, "scoring: unknown field; allowed fields: games_to_win, match_scoring, "
     "muggins, players, target", "scoring: campo sconosciuto; i campi sono: games_to_win, "
     "match_scoring, muggins, players, target"),
])
def test_a_config_error_says_it_in_both_languages(change: dict[str, object], english: str,
                                                  italian: str) -> None:
    with pytest.raises(ConfigError) as caught:
        CRIBBAGE.config_class.from_json({**CRIBBAGE.config_class().to_json(), **change})
    assert str(caught.value) == english == caught.value.text("en")
    assert caught.value.text("it") == italian


def test_a_set_written_wrong_says_it_in_both_languages() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_overrides(CRIBBAGE.config_class, ["target"])
    assert caught.value.text("it") == ("--set 'target': scrivi CAMPO=VALORE, per esempio "
                                       "--set target=10")


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "mazzo: error: target: 5 non è ammesso; scegli tra 61, 121\n"),
    ("en", "mazzo: error: target: 5 is not allowed; choose one of 61, 121\n"),
])
def test_the_cli_prints_a_config_error_in_its_language(capsys: pytest.CaptureFixture[str],
                                                       lang: str, said: str) -> None:
    assert main(["play", "cribbage", "--set", "target=5", "--lang", lang]) == 2
    assert capsys.readouterr().err == said

"""``--help`` pages and argparse's own words in the language of the run: ``mazzo --lang it
--help`` and every subcommand's help said everything in English ("usage:", "options:", each
option's help, "examples:"), and argparse's errors ("unrecognized arguments", "invalid int
value", "the following arguments are required") too. Under ``--lang it`` they are Italian now,
the error line's prefix staying ``mazzo: error:``; English is byte for byte what it was."""

from __future__ import annotations

import argparse
import ast
import inspect

import pytest

from mazzo.argtext import ARGPARSE_IT, ARGPARSE_PLURALS_IT, ItalianArgumentParser
from mazzo.cli.main import build_parser, main


@pytest.fixture(autouse=True)
def _steady(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps to the terminal's width
    monkeypatch.setenv("MAZZO_LANG", "en")  # only --lang says Italian; main may set it: restored


def help_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def error_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """The usage line's start and the error line argparse printed, refusing ``argv``."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    return err.split(" ", 1)[0], err.rstrip("\n").splitlines()[-1]


def flat(text: str) -> str:
    """The text with its wrapping undone (a phrase may be split over two lines)."""
    return " ".join(text.split())


#: a subcommand's argv -> a phrase of its Italian help (an option's, or the description's)
ITALIAN_PAGES: dict[str, tuple[list[str], str]] = {
    "main": ([], "lingua dei testi (predefinita: da MAZZO_LANG o LANG)"),
    "games": (["games"], "mostra questo aiuto ed esci"),
    "rules": (["rules"], "--full la pagina completa delle regole: ogni opzione, gli spareggi"),
    "play": (["play"], "--seat POSTO il tuo posto, contando da 1 (predefinito 1)"),
    "matches": (["matches"], "--all elenca anche le partite concluse"),
    "simulate": (["simulate"], "--matches PARTITE almeno 1 (predefinito 1000)"),
    "replay": (["replay"], "--all stampa ogni passo senza pause"),
    "menu": (["menu"], "mostra questo aiuto ed esci"),
    "serve": (["serve"], "--grace SECONDI secondi prima che un sostituto giochi per una "
                         "persona disconnessa"),
    "verify": (["verify"], "mostra questo aiuto ed esci"),
    "arena": (["arena"], "--quiet niente barra di avanzamento"),
    "cribbage analyze": (["cribbage", "analyze"], "--dealer il crib è tuo (o del tuo compagno)"),
}


@pytest.mark.parametrize("page", list(ITALIAN_PAGES))
def test_every_help_page_speaks_italian(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv, phrase = ITALIAN_PAGES[page]
    shown = help_of(["--lang", "it", *argv, "--help"], capsys)
    prog = " ".join(["mazzo", *argv])
    assert shown.startswith(f"uso: {prog} [-h]")
    assert "\nopzioni:\n  -h, --help" in shown and "mostra questo aiuto ed esci" in shown
    assert phrase in flat(shown)
    for english in ("usage:", "options:", "positional arguments:", "show this help", "default"):
        assert english not in shown


@pytest.mark.parametrize("where", ["first", "last"])
def test_lang_anywhere_or_the_environment_picks_the_help_language(
        where: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--lang", "it", "play", "--help"] if where == "first" else ["play", "--help",
                                                                         "--lang", "it"]
    assert help_of(argv, capsys).startswith("uso: mazzo play [-h] [--resume FILE]")
    monkeypatch.setenv("MAZZO_LANG", "it")
    assert "\nargomenti posizionali:\n  gioco" in help_of(["play", "--help"], capsys)


def test_lang_with_an_equals_sign_is_heard_too(capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang=it`` was taken by argparse and then ignored: the run stayed English."""
    assert main(["--lang=it", "games"]) == 0
    assert capsys.readouterr().out.startswith("gioco ")
    assert help_of(["rules", "--help", "--lang=it"], capsys).startswith("uso: mazzo rules")
    assert error_of(["play", "nebraska", "--lang=en", "--seat", "x"], capsys)[0] == "usage:"


def test_the_main_help_in_italian_has_its_headings_examples_and_game_commands(
        capsys: pytest.CaptureFixture[str]) -> None:
    shown = help_of(["--lang", "it", "--help"], capsys)
    assert shown.startswith("uso: mazzo [-h] [--lang {it,en}] [--no-color] COMANDO ...\n")
    assert "\nargomenti posizionali:\n  COMANDO\n" in shown
    assert "    play          gioca una partita al terminale contro i bot" in shown
    assert "\nesempi:\n  mazzo games\n" in shown
    assert ("\ncomandi dei giochi ('mazzo GIOCO --help' per quelli di un gioco):\n"
            "  mazzo cribbage analyze  Classifica ogni modo di scartare al crib") in shown


def test_the_arena_help_in_italian_has_its_epilog(capsys: pytest.CaptureFixture[str]) -> None:
    shown = help_of(["--lang", "it", "arena", "--help"], capsys)
    assert "\nargomenti posizionali:\n  gioco " in shown
    assert "\nbot: i livelli random, facile, medio, difficile, esperto,\n" in shown
    assert "\nesempio: mazzo arena cribbage" in shown


def test_a_game_page_shows_its_commands_usage_in_italian(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "cribbage"]) == 0
    shown = capsys.readouterr().out
    assert "  analyze  Classifica ogni modo di scartare al crib" in shown
    assert "uso: mazzo cribbage analyze [-h] [--dealer] [--lang {en,it}] carte" in shown


# English: what it always said, byte for byte -----------------------------------------------

RULES_EN = """\
usage: mazzo rules [-h] [--full] game

positional arguments:
  game

options:
  -h, --help  show this help message and exit
  --full      the full rules page: every option, the tie rules, worked
              examples
"""

ANALYZE_EN = """\
usage: mazzo cribbage analyze [-h] [--dealer] [--lang {en,it}]
                              cards [cards ...]

Rank every way to lay away to the crib: exact hand expectation over all
starters, min/max, and the expected crib (added if it is yours).

positional arguments:
  cards           6 cards (two players) or 5 (three or four), e.g. 5H 5D JS QC
                  4S 6D

options:
  -h, --help      show this help message and exit
  --dealer        the crib is yours (or your partner's)
  --lang {en,it}
"""


@pytest.mark.parametrize("lang", [[], ["--lang", "en"]])
def test_english_help_pages_are_unchanged(lang: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert help_of([*lang, "rules", "--help"], capsys) == RULES_EN
    assert help_of([*lang, "cribbage", "analyze", "--help"], capsys) == ANALYZE_EN
    shown = help_of([*lang, "--help"], capsys)
    assert shown.startswith("usage: mazzo [-h] [--lang {it,en}] [--no-color] COMMAND ...\n\n"
                            "Five traditional card games with exact rules, bots and a clean "
                            "engine.\n\npositional arguments:\n  COMMAND\n")
    assert "\nexamples:\n  mazzo games\n" in shown
    assert ("\ngame commands ('mazzo GAME --help' for a game's):\n"
            "  mazzo cribbage analyze  Rank every way to lay away to the crib") in shown
    shown = help_of([*lang, "play", "--help"], capsys)
    assert "  --seat SEAT        your seat, 1-based (default 1)\n" in shown
    shown = help_of([*lang, "arena", "--help"], capsys)
    assert shown.startswith("usage: mazzo arena [-h] --bots BOTS [--matches MATCHES]")
    assert "\nbots: the levels random, facile, medio, difficile, esperto,\n" in shown


# argparse's errors ----------------------------------------------------------------------------

#: argv -> (the error line in English, in Italian)
ERRORS: dict[str, tuple[list[str], str, str]] = {
    "unknown flag": (["play", "nebraska", "--frobnicate"],
                     "mazzo: error: unrecognized arguments: --frobnicate",
                     "mazzo: error: argomenti non riconosciuti: --frobnicate"),
    "unknown command": (["nosuch"],
                        "mazzo: error: argument COMMAND: invalid choice: 'nosuch' (choose from "
                        "'games', 'rules', 'play', 'learn', 'matches', 'simulate', 'arena', "
                        "'admin', 'replay', 'menu', 'serve', 'backup', 'restore', 'verify', "
                        "'review')",
                        "mazzo: error: argomento COMANDO: scelta non valida: 'nosuch' (scegli "
                        "tra 'games', 'rules', 'play', 'learn', 'matches', 'simulate', "
                        "'arena', 'admin', 'replay', 'menu', 'serve', 'backup', 'restore', "
                        "'verify', 'review')"),
    "invalid choice": (["arena", "cribbage", "--bots", "a,b", "--backend", "nope"],
                       "mazzo arena: error: argument --backend: invalid choice: 'nope' (choose "
                       "from 'process', 'ray')",
                       "mazzo arena: error: argomento --backend: scelta non valida: 'nope' "
                       "(scegli tra 'process', 'ray')"),
    "bad int": (["play", "nebraska", "--seat", "x"],
                "mazzo play: error: argument --seat: invalid int value: 'x'",
                "mazzo play: error: argomento --seat: valore non valido: 'x' (serve un numero "
                "intero)"),
    "bad float": (["serve", "--grace", "soon"],
                  "mazzo serve: error: argument --grace: invalid float value: 'soon'",
                  "mazzo serve: error: argomento --grace: valore non valido: 'soon' (serve un "
                  "numero)"),
    "bad seconds": (["serve", "--forget-after", "-1"],
                    "mazzo serve: error: argument --forget-after: seconds must be 0 or more: "
                    "'-1'",
                    "mazzo serve: error: argomento --forget-after: i secondi devono essere 0 "
                    "o più: '-1'"),
    "bad frames": (["serve", "--outbox", "many"],
                   "mazzo serve: error: argument --outbox: not a number of frames: 'many'",
                   "mazzo serve: error: argomento --outbox: non è un numero di frame: 'many'"),
    "missing argument": (["rules"],
                         "mazzo rules: error: the following arguments are required: game",
                         "mazzo rules: error: argomenti obbligatori mancanti: gioco"),
    "missing option": (["arena", "cribbage"],
                       "mazzo arena: error: the following arguments are required: --bots",
                       "mazzo arena: error: argomenti obbligatori mancanti: --bots"),
    "no value": (["play", "nebraska", "--seat"],
                 "mazzo play: error: argument --seat: expected one argument",
                 "mazzo play: error: argomento --seat: serve un valore"),
    "ambiguous": (["simulate", "nebraska", "--s", "1"],
                  "mazzo simulate: error: ambiguous option: --s could match --set, --seed",
                  "mazzo simulate: error: opzione ambigua: --s può essere --set, --seed"),
    "game command": (["cribbage", "analyze", "5H", "--x"],
                     "mazzo cribbage analyze: error: unrecognized arguments: --x",
                     "mazzo cribbage analyze: error: argomenti non riconosciuti: --x"),
    "game command, nothing": (["cribbage", "analyze"],
                              "mazzo cribbage analyze: error: the following arguments are "
                              "required: cards",
                              "mazzo cribbage analyze: error: argomenti obbligatori mancanti: "
                              "carte"),
}


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("case", list(ERRORS))
def test_argparse_says_its_errors_in_the_language(case: str, lang: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    argv, english, italian = ERRORS[case]
    usage, said = error_of(["--lang", lang, *argv], capsys)
    assert usage == ("uso:" if lang == "it" else "usage:")
    assert said == (italian if lang == "it" else english)


def test_an_italian_parser_leaves_argparse_english_for_the_others(
        capsys: pytest.CaptureFixture[str]) -> None:
    error_of(["--lang", "it", "play", "nebraska", "--seat", "x"], capsys)
    help_of(["--lang", "it", "--help"], capsys)
    assert vars(argparse)["_"]("usage: ") == "usage: "
    english = build_parser("en")
    assert english.format_usage().startswith("usage: mazzo [-h]")
    assert "show this help message and exit" in english.format_help()
    assert build_parser("it").format_usage().startswith("uso: mazzo [-h]")
    assert isinstance(build_parser("it"), ItalianArgumentParser)
    assert type(build_parser("en")) is argparse.ArgumentParser


def argparse_msgids() -> tuple[set[str], set[tuple[str, str]]]:
    """Every phrase this Python's argparse looks up through ``_`` and ``ngettext``."""
    single: set[str] = set()
    plural: set[tuple[str, str]] = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        texts = [a.value for a in node.args if isinstance(a, ast.Constant)
                 and isinstance(a.value, str)]
        if node.func.id == "_" and texts:
            single.add(texts[0])
        elif node.func.id == "ngettext" and len(texts) == 2:
            plural.add((texts[0], texts[1]))
    return single, plural


def test_every_phrase_of_this_pythons_argparse_has_its_italian() -> None:
    single, plural = argparse_msgids()
    assert "usage: " in single and "unrecognized arguments: %s" in single  # the walk works
    assert single - set(ARGPARSE_IT) == set()
    assert plural - set(ARGPARSE_PLURALS_IT) == set()
    for msgid, italian in ARGPARSE_IT.items():  # the same placeholders, to be filled the same
        for holder in ("%s", "%r", "%(prog)s", "%(message)s", "%(value)r", "%(type)s",
                       "%(choices)s", "%(option)s", "%(matches)s", "%(argument_name)s"):
            assert msgid.count(holder) == italian.count(holder), msgid

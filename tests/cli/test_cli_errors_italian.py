"""Every error the ``mazzo`` command prints is in the language of ``--lang``: a bad flag, a bad
bot, a missing or damaged save file, a file that is no record, a finished or foreign match, a
record the fairness check refuses, the server's flags. Only config errors said it in Italian
(``mazzo --lang it play cribbage --seat 9`` printed "--seat must be 1..2"); the English texts
stay as they were. argparse's own usage errors: test_cli_help_italian."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from mazzo.bots import RandomAgent
from mazzo.cli.main import main
from mazzo.cli.play import play_interactive
from mazzo.engine import get_game, play_match, save_record

NEBRASKA = get_game("nebraska")
CRIBBAGE = get_game("cribbage")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MAZZO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MAZZO_LANG", "en")  # only --lang says Italian here
    return tmp_path / "home"


def finished(tmp_path: Path) -> Path:
    result = play_match(NEBRASKA, NEBRASKA.config(players=2, hands=1),
                        [RandomAgent(s) for s in range(2)], seed=3)
    path = tmp_path / "finished.json"
    save_record(result.record, path)
    return path


def saved(tmp_path: Path, change: Callable[[dict[str, object]], object] | None = None) -> Path:
    """An unfinished match saved by ``mazzo play`` (then changed by ``change``)."""
    path = tmp_path / "saved.json"
    play_interactive(CRIBBAGE, CRIBBAGE.config(players=2), 0, ["random"], "en", seed=2,
                     save_path=str(path), out=io.StringIO(), ask=lambda _p: "q")
    if change is not None:
        record = json.loads(path.read_text(encoding="utf-8"))
        change(record)
        path.write_text(json.dumps(record), encoding="utf-8")
    return path


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "file.json"
    path.write_text(text, encoding="utf-8")
    return path


def drop_meta(record: dict[str, object]) -> None:
    del record["meta"]


def bad_human_seat(record: dict[str, object]) -> None:
    meta = record["meta"]
    assert isinstance(meta, dict)
    meta["human_seat"] = 7


def bad_seed(record: dict[str, object]) -> None:
    meta = record["meta"]
    assert isinstance(meta, dict)
    meta["seed"] = "x"


#: name -> (the command's arguments after --lang, given the test's folder; English; Italian):
#: the whole line printed on stderr, <FILE> standing for the file the command read
CASES: dict[str, tuple[Callable[[Path], list[str]], str, str]] = {
    "seat": (lambda _t: ["play", "cribbage", "--seat", "9"],
             "--seat must be 1..2",
             "--seat deve essere da 1 a 2"),
    "no game": (lambda _t: ["play"],
                "play: name a game (see 'mazzo games') or use --resume FILE",
                "play: indica un gioco (vedi 'mazzo games') o usa --resume FILE"),
    "resume and a game": (lambda t: ["play", "cribbage", "--resume", str(saved(t))],
                          "play --resume continues the saved match as it was; drop a game",
                          "play --resume riprende la partita salvata com'era; togli il gioco"),
    "unknown game": (lambda _t: ["play", "scopa"],
                     "unknown game 'scopa'; available: burraco, cribbage, nebraska, novantanove, "
                     "poker_italiano",
                     "gioco sconosciuto 'scopa'; disponibili: burraco, cribbage, nebraska, "
                     "novantanove, poker_italiano"),
    "unknown bot": (lambda _t: ["play", "cribbage", "--bots", "furbo"],
                    "--bots: unknown bot 'furbo'; choose from random, facile, medio, difficile, "
                    "esperto, heuristic, uniforme, ricerca, rete",
                    "--bots: bot sconosciuto 'furbo'; scegli tra random, facile, medio, "
                    "difficile, esperto, heuristic, uniforme, ricerca, rete"),
    "too many bots": (lambda _t: ["play", "cribbage", "--bots", "medio,facile"],
                      "--bots: 2 bots named for 1 other seat (2 players); name at most 1",
                      "--bots: 2 bot indicati per 1 altro posto (2 giocatori); indicane al "
                      "massimo 1"),
    "bad search bot": (lambda _t: ["play", "cribbage", "--bots", "ismcts:many"],
                       "bad search bot 'ismcts:many': write ismcts:N[:random][:policy][:guided] "
                       "(N iterations >= 1)",
                       "bot di ricerca scritto male 'ismcts:many': scrivi "
                       "ismcts:N[:random][:policy][:guided] (N iterazioni, almeno 1)"),
    "missing save": (lambda t: ["play", "--resume", str(t / "gone.json")],
                     "cannot read record <FILE>: No such file or directory",
                     "impossibile leggere il record <FILE>: file o cartella inesistente"),
    "not JSON": (lambda t: ["play", "--resume", str(write(t, "{not json"))],
                 "cannot read record <FILE>: not JSON: Expecting property name enclosed in double "
                 "quotes: line 1 column 2 (char 1)",
                 "impossibile leggere il record <FILE>: non è JSON: manca il nome di un campo tra "
                 "virgolette doppie: riga 1 colonna 2 (carattere 1)"),
    "not a record": (lambda t: ["play", "--resume", str(write(t, "[1, 2]"))],
                     "not a mazzo record: expected an object, got a list (in record <FILE>)",
                     "non è un record di mazzo: serve un oggetto, non una lista (nel record "
                     "<FILE>)"),
    "bad field": (lambda t: ["replay", str(write(t, json.dumps(
                      {"game": "cribbage", "version": 1, "config": {}, "seats": None,
                       "history": []})))],
                  "seats: expected a list of names, got None (in record <FILE>)",
                  "seats: serve una lista di nomi, non None (nel record <FILE>)"),
    "finished": (lambda t: ["play", "--resume", str(finished(t))],
                 "<FILE>: this match is over; see it with 'mazzo replay <FILE>'",
                 "<FILE>: questa partita è finita; rivedila con 'mazzo replay <FILE>'"),
    "no meta": (lambda t: ["play", "--resume", str(saved(t, drop_meta))],
                "this record has no 'meta' object: it was not saved by 'mazzo play', so it can "
                "be replayed ('mazzo replay') but not resumed (in record <FILE>)",
                "questo record non ha l'oggetto 'meta': non l'ha salvato 'mazzo play', quindi "
                "si può rivedere ('mazzo replay') ma non riprendere (nel record <FILE>)"),
    "bad meta": (lambda t: ["play", "--resume", str(saved(t, bad_human_seat))],
                 "meta.human_seat: expected a seat 0..1, got 7 (in record <FILE>)",
                 "meta.human_seat: serve un posto da 0 a 1, non 7 (nel record <FILE>)"),
    "bad meta seed": (lambda t: ["play", "--resume", str(saved(t, bad_seed))],
                      'meta.seed: expected an integer or null, got "x" (in record <FILE>)',
                      'meta.seed: serve un intero o null, non "x" (nel record <FILE>)'),
    "replay seat": (lambda t: ["replay", str(finished(t)), "--seat", "5"],
                    "--seat: 5 is not a seat of this match; choose 1 to 2",
                    "--seat: 5 non è un posto di questa partita; scegli da 1 a 2"),
    "no fairness data": (lambda t: ["verify", str(finished(t))],
                         "the record has no 'meta.chance' list of seeds and commitments "
                         "(in record <FILE>)",
                         "il record non ha la lista 'meta.chance' dei seed e degli impegni "
                         "(nel record <FILE>)"),
    "game command": (lambda _t: ["cribbage", "count"],
                     "cribbage has no command 'count' (its commands: analyze; see 'mazzo "
                     "cribbage --help')",
                     "cribbage non ha il comando 'count' (i suoi comandi: analyze; vedi 'mazzo "
                     "cribbage --help')"),
    "variant": (lambda _t: ["play", "cribbage", "--variant", "x"],
                "variant: cribbage has no variants",
                "variant: cribbage non ha varianti"),
    "simulate": (lambda _t: ["simulate", "cribbage", "--matches", "0"],
                 "simulate: --matches must be at least 1, got 0",
                 "simulate: --matches deve essere almeno 1, non 0"),
    "serve port": (lambda _t: ["serve", "--port", "70000"],
                   "--port: 70000 is not a port; give 0 to 65535 (0: any free one)",
                   "--port: 70000 non è una porta; dai da 0 a 65535 (0: una libera qualsiasi)"),
    "serve db": (lambda _t: ["serve", "--db", "mysql://x"],
                 "--db: 'mysql://x' is not sqlite:///PATH or postgresql://...",
                 "--db: 'mysql://x' non è sqlite:///PERCORSO né postgresql://..."),
}


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("case", list(CASES))
def test_the_cli_says_each_error_in_its_language(case: str, lang: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    args, english, italian = CASES[case]
    argv = args(tmp_path)
    capsys.readouterr()  # what making the files printed
    assert main(["--lang", lang, *argv]) == 2
    path = next((a for a in argv if a.startswith(str(tmp_path))), "")
    said = (italian if lang == "it" else english).replace("<FILE>", path)
    assert capsys.readouterr().err == f"mazzo: error: {said}\n"


ARENA: dict[str, tuple[list[str], str, str]] = {
    "one bot": (["--bots", "medio"],
                "--bots needs at least two comma-separated names",
                "--bots vuole almeno due nomi separati da virgole"),
    "same bot twice": (["--bots", "medio,medio"],
                       "bot names must be distinct, got medio, medio",
                       "i nomi dei bot devono essere diversi, non medio, medio"),
    "out under a file": (["--bots", "medio,random", "--quiet", "--out", "<FILE>/x.json"],
                         "--out: <FILE> is a file, not a folder",
                         "--out: <FILE> è un file, non una cartella"),
}


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("case", list(ARENA))
def test_the_arena_says_its_errors_in_the_language_of_the_command(
        case: str, lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args, english, italian = ARENA[case]
    blocker = write(tmp_path, "x")
    argv = [a.replace("<FILE>", str(blocker)) for a in args]
    assert main(["--lang", lang, "arena", "cribbage", *argv]) == 2
    said = (italian if lang == "it" else english).replace("<FILE>", str(blocker))
    assert capsys.readouterr().err == f"mazzo arena: error: {said}\n"


@pytest.mark.parametrize(("lang", "cards", "said"), [
    ("en", ["ZZ"], "cannot read card 'ZZ': write e.g. 5H, 10♥, TD, QS, J★ or '7 giallo'"),
    ("it", ["ZZ"], "non leggo la carta 'ZZ': scrivi per esempio 5H, 10♥, TD, QS"),
    ("en", ["5H", "5D"], "give 6 cards (two players) or 5 (three or four players), not 2"),
    ("it", ["5H", "5D"], "dai 6 carte (due giocatori) o 5 (tre o quattro giocatori), non 2"),
    ("en", ["5H", "5H", "JS", "QC", "4S"], "the cards must all be different"),
    ("it", ["5H", "5H", "JS", "QC", "4S"], "le carte devono essere tutte diverse"),
    ("en", ["5H", "5H'"], "not cards of a standard 52-card deck: 5♥"),
    ("it", ["5H", "5H'"], "non sono carte di un mazzo da 52 carte: 5♥"),
])
def test_cribbage_analyze_says_a_bad_hand_in_the_language_of_the_command(
        lang: str, cards: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", lang, "cribbage", "analyze", *cards]) == 2
    assert capsys.readouterr().err == f"error: {said}\n"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_damaged_save_is_listed_with_the_reason_in_the_language(
        lang: str, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (home / "matches").mkdir(parents=True)
    broken = home / "matches" / "broken.json"
    broken.write_text("[]", encoding="utf-8")
    assert main(["--lang", lang, "matches"]) == 0
    out = capsys.readouterr().out
    assert (f"illeggibile: {broken}: non è un record di mazzo: serve un oggetto, non una lista "
            f"(nel record {broken})" if lang == "it" else
            f"unreadable: {broken}: not a mazzo record: expected an object, got a list "
            f"(in record {broken})") in out


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_move_the_rules_refuse_in_a_record_is_explained_in_the_language(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The refusal inside says why in the player's words, as the table does."""
    record = json.loads(finished(tmp_path).read_text(encoding="utf-8"))
    first = next(i for i, a in enumerate(record["history"]) if a["type"] != "deal")
    record["history"].insert(first, record["history"][first + 1])
    path = write(tmp_path, json.dumps(record))
    assert main(["--lang", lang, "replay", str(path), "--all"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mazzo: error: history[")
    assert (" non si può rigiocare: " in err) == (lang == "it")
    assert (" cannot be replayed: " in err) == (lang == "en")
    assert err.endswith(f" (nel record {path})\n" if lang == "it" else f" (in record {path})\n")

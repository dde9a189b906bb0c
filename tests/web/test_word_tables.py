"""Poker all'italiana's words are the same in the browser and at the terminal: the web board's
tables (``static/games/poker_italiano.js``, read here as text) hold what the game's text module
says, key by key, in both languages. The web log said "passes (passo)", "blind (buio)", "checks
(parola)" while the terminal said "passo (pass)": the Italian term leads, the gloss follows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mazzo.games.poker_italiano import text
from mazzo.games.poker_italiano.scoring import NAMES_IT

SCRIPT = (Path(__file__).resolve().parents[2] / "src" / "mazzo" / "web" / "static" / "games"
          / "poker_italiano.js")


def js_table(name: str) -> dict[str, dict[str, str]]:
    """``const NAME = { it: { key: "text", ... }, en: {...} };`` from the script, as a dict."""
    source = SCRIPT.read_text(encoding="utf-8")
    found = re.search(rf"^const {name} = \{{\n(.*?)^\}};", source, re.S | re.M)
    assert found, f"no table {name} in {SCRIPT}"
    table: dict[str, dict[str, str]] = {}
    for lang, body in re.findall(r"\b(it|en): \{(.*?)\}", found[1], re.S):
        pairs = re.findall(r'(\w+): "([^"]*)"', body)
        keys = re.sub(r'"[^"]*"', "", body).count(":")  # the colons outside the texts
        assert len(pairs) == keys, f"{name}.{lang}: an entry not read: {body}"
        table[lang] = dict(pairs)
    assert set(table) == {"it", "en"}, name
    return table


def python_tables() -> dict[str, dict[str, dict[str, str]]]:
    return {
        "WORDS": {"it": text.WORDS_IT, "en": text.WORDS_EN},
        "PHASES": text.PHASES,
        "ENDS": text.ENDS,
        "CATEGORIES": {"it": dict(NAMES_IT),
                       "en": {key: text.hand_name(key, "en") for key in NAMES_IT}},
    }


@pytest.mark.parametrize("name", ["WORDS", "PHASES", "ENDS", "CATEGORIES"])
def test_the_web_board_says_what_the_terminal_says(name: str) -> None:
    web, terminal = js_table(name), python_tables()[name]
    for lang in ("it", "en"):
        shared = web[lang].keys() & terminal[lang].keys()
        assert shared, (name, lang)
        differ = {key: (web[lang][key], terminal[lang][key]) for key in sorted(shared)
                  if web[lang][key] != terminal[lang][key]}
        assert not differ, f"{name}.{lang}: web vs terminal: {differ}"
    # the betting words are the engine's whole log: every one is in both
    if name == "WORDS":
        assert web["it"].keys() == web["en"].keys() == terminal["en"].keys()


@pytest.mark.parametrize("name", ["WORDS", "PHASES", "ENDS"])
def test_the_italian_term_leads_its_english_gloss(name: str) -> None:
    """An English text that glosses an Italian term is "term (gloss)": the Italian term first,
    as in "passo (pass)", never "passes (passo)"."""
    table = python_tables()[name]
    for key, english in table["en"].items():
        if "(" not in english:
            continue
        term = english.split(" (", 1)[0]
        assert term == table["it"][key], (name, key, english)


I18N = SCRIPT.parents[1] / "i18n.js"


def test_the_lobby_labels_put_the_italian_term_first() -> None:
    """A lobby label whose English glosses the Italian term leads with the term: poker's
    "blinds" option read "blinds (buio)" in English, the board and the terminal "buio (blind)"."""
    source = I18N.read_text(encoding="utf-8")
    fields = re.search(r"^const FIELDS = \{\n(.*?)^\};", source, re.S | re.M)
    assert fields
    labels = re.findall(r'(\w+): \["([^"]*)", "([^"]*)"\]', fields[1])
    assert len(labels) > 20
    behind = [(name, english) for name, italian, english in labels
              if english.endswith(f" ({italian})")]
    assert not behind, behind


#: the Italian terms of the Italian games (poker all'italiana, Burraco) that English texts gloss
ITALIAN_TERMS = ("buio", "controbuio", "servito", "passo", "parola", "cip", "invito", "pulito",
                 "semipulito", "sporco", "pinella", "pozzetto", "matta")


def test_no_web_text_puts_an_italian_term_behind_its_gloss() -> None:
    """Every text of the browser app (i18n.js and each game's script), both languages: an
    Italian term of these games leads its gloss ("servito (stands pat)", "buio (blinds)",
    "burraco sporco (dirty)"), never follows it in brackets ("stands pat (servito)", "Blinds
    (buio)", "dirty burraco (sporco)", as the board and the lobby said)."""
    scripts = [I18N, *sorted(SCRIPT.parent.glob("*.js"))]
    behind = [(path.name, literal) for path in scripts
              for literal in re.findall(r'"([^"]*)"', path.read_text(encoding="utf-8"))
              if re.search(rf"\(({'|'.join(ITALIAN_TERMS)})\)$", literal)]
    assert not behind, behind


def test_a_random_seed_is_never_called_seme_in_italian() -> None:
    """"seme" is a card's suit in every Italian rules page and board; the fairness panel, the
    arena and the CLI called the shuffle's random seed "seme" too ("il seme si svela a mano
    finita", "--seed SEME"). A seed is "seed" in Italian, as in Italian software."""
    from mazzo.arena.text import HELP as ARENA_HELP
    from mazzo.arena.text import WORDS as ARENA_WORDS
    from mazzo.cli.help_text import HELP as CLI_HELP

    web = re.findall(r"\b(?:seed|fairness\w*|verif\w*): (\[[^\]]*\]|\"[^\"]*\")",
                     I18N.read_text(encoding="utf-8"))
    italian = [*web, *ARENA_WORDS["it"].values(), *ARENA_HELP["it"].values(),
               *CLI_HELP["it"].values()]
    assert len(italian) > 20
    seeds = [text for text in italian if "seed" in text.lower()]
    assert seeds, "no Italian text speaks of the seed"
    called_seme = [text for text in italian if re.search(r"\bsem[ei]\b", text, re.I)]
    assert not called_seme, called_seme

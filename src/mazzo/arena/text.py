"""How the arena (``mazzo arena``, ``mazzo simulate``) reads for people, in Italian and English.

One table of words per language; the code lays out the numbers. Only exactly 1 is singular
("0 partite", "0 matches"); "worker" is an Italian loanword and does not change ("2 worker").
Italian writes decimals with a comma ("0,667", never "0.667", which an Italian reads as 667), so
an interval's two ends are parted by a semicolon ("[0,208; 0,939]"). What ``--out`` and
``--records`` write is data, not words: it stays the same in both languages.
"""

from __future__ import annotations

from mazzo.text import noun, plural

#: every phrase the arena prints, per language ({names} are filled in by the code)
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "start": "{game}: {matches} ({rounds} x {lineups}) on {workers} {backend} {worker}",
        "progress": "{elapsed} elapsed, eta {eta}",
        "summary": "{game}: {players}, {matches} ({rounds} of {lineups}), seed {seed}",
        "summary_timing": ", {workers}, {elapsed} s",
        "bot": "bot", "matches": "matches", "win_share": "win share", "ci95": "95% CI",
        "elo": "Elo", "mu": "mu", "sigma": "sigma", "per_move": "s/move",
        "pairing": "pairing", "wdl": "W-D-L", "score": "score", "elo_diff": "Elo diff",
        "versus": "{a} v {b}",
        "interval": "[{low}, {high}]",
        "legend": "win share: matches won (shared on ties); score: wins + half the draws "
                  "against that opponent; Elo: Bradley-Terry fit",
        "legend_anchor": " (random = 0)",
        "legend_skills": "; mu/sigma: Weng-Lin (Plackett-Luce) rating",
        "saved_out": "results saved to {path}",
        "saved_records": "match records saved in {path}/",
    },
    "it": {
        "start": "{game}: {matches} ({rounds} x {lineups}) su {workers} {worker} {backend}",
        "progress": "trascorso {elapsed}, ancora ~{eta}",
        "summary": "{game}: {players}, {matches} ({rounds} di {lineups}), seed {seed}",
        "summary_timing": ", {workers}, {elapsed} s",
        "bot": "bot", "matches": "partite", "win_share": "quota di vittorie",
        "ci95": "IC 95%", "elo": "Elo", "mu": "mu", "sigma": "sigma", "per_move": "s/mossa",
        "pairing": "sfida", "wdl": "V-P-S", "score": "punteggio", "elo_diff": "diff. Elo",
        "versus": "{a} contro {b}",
        "interval": "[{low}; {high}]",
        "legend": "quota di vittorie: partite vinte (divise in parti uguali a pari merito); "
                  "V-P-S: vittorie, pareggi, sconfitte; punteggio: vittorie + metà dei pareggi "
                  "contro quell'avversario; Elo: stima di Bradley-Terry",
        "legend_anchor": " (random = 0)",
        "legend_skills": "; mu/sigma: valutazione Weng-Lin (Plackett-Luce)",
        "saved_out": "risultati salvati in {path}",
        "saved_records": "record delle partite salvati in {path}/",
    },
}

#: ``mazzo arena --help``, per language ({levels}, {games}: filled in by the code; metavars
#: name what goes after an option)
HELP: dict[str, dict[str, str]] = {
    "en": {
        "description": "Play a tournament between bots and report win rates, 95 % CIs and "
                       "ratings.",
        "epilog": """\
bots: the levels {levels},
any bot a game offers (e.g. heuristic), or ismcts:N[:random][:policy][:guided] for a search of
N iterations per move (random rollouts, other seats moved by the rollout policy, heuristic guide).
Seats rotate so every bot plays every seat equally, and every lineup of a round plays the same
deals (duplicate play); --matches is rounded up to whole rounds. More bots than seats is a
round robin of tables: every group of as many bots as there are seats plays, in every rotation.
The same --seed gives the same results with any number of workers.

example: mazzo arena cribbage --bots esperto,medio,random --matches 2000 --seed 7 --workers 2
""",
        "game": "game id: {games}",
        "bots": "comma-separated distinct bot names (at least 2; more than the seats: every "
                "group of them plays a table)",
        "matches": "matches to play (default 100)",
        "seed": "tournament seed (default 0)",
        "workers": "parallel workers (default: every core)",
        "backend": "process pool (default) or a Ray cluster (needs the ray extra)",
        "out": "write the results as JSON to this file",
        "records": "save every match record in this folder",
        "players": "number of players (default: the game's)",
        "variant": "game variant",
        "set": "any other config field, e.g. --set target=61 (repeatable; a list field takes "
               "comma-separated values)",
        "quiet": "no progress bar",
        "m.game": "game", "m.bots": "BOTS", "m.matches": "MATCHES", "m.seed": "SEED",
        "m.workers": "WORKERS", "m.out": "OUT", "m.records": "RECORDS",
        "m.players": "PLAYERS", "m.variant": "VARIANT", "m.field": "FIELD=VALUE",
    },
    "it": {
        "description": "Gioca un torneo tra bot e riporta quote di vittorie, IC 95 % e "
                       "valutazioni.",
        "epilog": """\
bot: i livelli {levels},
ogni bot che un gioco offre (p. es. heuristic), o ismcts:N[:random][:policy][:guided] per una
ricerca di N iterazioni a mossa (simulazioni casuali, gli altri posti mossi dalla politica di
simulazione, guida euristica). I posti ruotano perché ogni bot giochi ogni posto lo stesso numero
di volte, e ogni formazione di un turno gioca le stesse smazzate (gioco duplicato); --matches è
arrotondato a turni interi. Con più bot che posti si gioca un girone di tavoli: ogni gruppo di
tanti bot quanti sono i posti, in ogni rotazione. Lo stesso --seed dà gli stessi risultati con
qualsiasi numero di worker.

esempio: mazzo arena cribbage --bots esperto,medio,random --matches 2000 --seed 7 --workers 2
""",
        "game": "id del gioco: {games}",
        "bots": "nomi di bot diversi separati da virgole (almeno 2; più bot che posti: ogni "
                "loro gruppo gioca un tavolo)",
        "matches": "partite da giocare (predefinito 100)",
        "seed": "seed del torneo (predefinito 0)",
        "workers": "worker in parallelo (predefinito: uno per core)",
        "backend": "pool di processi (predefinito) o un cluster Ray (vuole l'extra ray)",
        "out": "scrivi i risultati in JSON in questo file",
        "records": "salva il record di ogni partita in questa cartella",
        "players": "numero di giocatori (predefinito: quello del gioco)",
        "variant": "variante del gioco",
        "set": "ogni altro campo della configurazione, p. es. --set target=61 (ripetibile; un "
               "campo lista prende valori separati da virgole)",
        "quiet": "niente barra di avanzamento",
        "m.game": "gioco", "m.bots": "BOT", "m.matches": "PARTITE", "m.seed": "SEED",
        "m.workers": "WORKER", "m.out": "FILE", "m.records": "CARTELLA",
        "m.players": "GIOCATORI", "m.variant": "VARIANTE", "m.field": "CAMPO=VALORE",
    },
}

#: what the arena counts, per language: key -> (singular, plural)
NOUNS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "match": ("match", "matches"), "round": ("round", "rounds"),
        "lineup": ("lineup", "lineups"), "worker": ("worker", "workers"),
        "player": ("player", "players"),
    },
    "it": {
        "match": ("partita", "partite"), "round": ("turno", "turni"),
        "lineup": ("formazione", "formazioni"), "worker": ("worker", "worker"),
        "player": ("giocatore", "giocatori"),
    },
}


def _lang(lang: str) -> str:
    return "it" if lang == "it" else "en"


def help_word(key: str, lang: str) -> str:
    """The phrase ``key`` of :data:`HELP` (``mazzo arena --help``) in ``lang``."""
    return HELP[_lang(lang)][key]


def word(key: str, lang: str) -> str:
    """The phrase ``key`` of :data:`WORDS` in ``lang`` (English unless "it")."""
    return WORDS[_lang(lang)][key]


def count(number: float, key: str, lang: str) -> str:
    """``number`` with the noun ``key`` of :data:`NOUNS` in the right number: "1 turno"."""
    return plural(number, *NOUNS[_lang(lang)][key])


def count_noun(number: float, key: str, lang: str) -> str:
    """The noun ``key`` alone, in the number ``number`` calls for (the number laid out apart)."""
    return noun(number, *NOUNS[_lang(lang)][key])


def decimal(value: float, places: int, lang: str) -> str:
    """``value`` with ``places`` decimals, the Italian way under "it": "0,667"."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if _lang(lang) == "it" else text


def interval(low: float, high: float, lang: str) -> str:
    """A 95 % interval's two ends, three decimals each: "[0.208, 0.939]", "[0,208; 0,939]"."""
    return word("interval", lang).format(low=decimal(low, 3, lang), high=decimal(high, 3, lang))

"""The interactive menu that ``make run`` (``mazzo`` alone) opens: game, players, variant, bots;
or a game's guided first hand ("Learn to play", as ``mazzo learn``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from mazzo.bots.levels import LEVELS
from mazzo.cli.moves import typed_number
from mazzo.engine.game import MazzoError
from mazzo.engine.registry import all_games

Ask = Callable[[str], str]

BOT_LEVELS = [level for level in LEVELS if level != "random"] + ["random"]
#: the menu's entry for a game's guided first hand, by language
LEARN = {"it": "Impara a giocare (una mano guidata)",
         "en": "Learn to play (a guided first hand)"}


def choose(title: str, options: Sequence[str], lang: str, ask: Ask, out: TextIO,
           default: int = 0, numbers: Sequence[int] | None = None) -> int:
    """A numbered choice (1..n, or the given ``numbers``); Enter takes the default; bad input
    re-prompts with the reason. Returns the index of the option chosen."""
    it = lang == "it"
    shown = list(numbers) if numbers is not None else list(range(1, len(options) + 1))
    print(f"\n{title}", file=out)
    for i, (number, option) in enumerate(zip(shown, options, strict=True)):
        mark = " *" if i == default else ""
        print(f"  {number}. {option}{mark}", file=out)
    span = _span(shown)
    while True:
        raw = ask(f"Scelta [{span}, Invio = {shown[default]}]: " if it
                  else f"Choice [{span}, Enter = {shown[default]}]: ").strip()
        if not raw:
            return default
        if raw.lower() in ("q", "quit", "esci"):
            raise EOFError
        typed = typed_number(raw)
        if typed is not None and typed in shown:
            return shown.index(typed)
        print(_pick_one_of(shown, lang), file=out)


def _pick_one_of(numbers: Sequence[int], lang: str) -> str:
    it = lang == "it"
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return (f"Scegli un numero da {numbers[0]} a {numbers[-1]}." if it
                else f"Choose a number from {numbers[0]} to {numbers[-1]}.")
    listed = ", ".join(str(n) for n in numbers)
    return f"Scegli uno di: {listed}." if it else f"Choose one of: {listed}."


def _span(numbers: Sequence[int]) -> str:
    """``1-5`` for a run of numbers, else ``2, 4, 6``."""
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)


def run_menu(lang: str = "en", ask: Ask | None = None, out: TextIO | None = None) -> int:
    from mazzo.cli.play import play_interactive

    ask = ask or input
    out = out or sys.stdout
    it = lang == "it"
    print("mazzo — " + ("giochi di carte tradizionali" if it else "traditional card games"),
          file=out)
    try:
        lang = ["it", "en"][choose("Lingua / Language", ["italiano", "English"], lang, ask, out,
                                   0 if it else 1)]
        it = lang == "it"
        if continue_saved(lang, ask, out):
            return 0
        games = all_games()
        # learning comes after the games, so that a game keeps its number
        picked = choose("Gioco" if it else "Game",
                        [*(f"{g.title(lang)} ({g.id})" for g in games), LEARN[lang]], lang,
                        ask, out)
        if picked == len(games):
            return learn_menu(lang, ask, out)
        game = games[picked]
        counts = list(game.player_counts)
        base = game.config_class()
        # numbered by the count itself: typing 4 means four players
        players = counts[choose("Giocatori" if it else "Players",
                                [_players_label(c, lang) for c in counts], lang, ask, out,
                                counts.index(base.players) if base.players in counts else 0,
                                numbers=counts)]
        fields: dict[str, object] = {"players": players}
        if game.variants:
            current = str(getattr(base, "variant", game.variants[0]))
            fields["variant"] = game.variants[choose(
                "Variante" if it else "Variant", list(game.variants), lang, ask, out,
                game.variants.index(current) if current in game.variants else 0)]
        level = BOT_LEVELS[choose("Avversari" if it else "Opponents", BOT_LEVELS, lang, ask,
                                  out, BOT_LEVELS.index("medio"))]
        config = base.replace(**fields)
        play_interactive(game, config, 0, [level], lang, out=out, ask=ask)
    except EOFError:
        print("\nArrivederci!" if it else "\nGoodbye!", file=out)
    except MazzoError as exc:
        print(f"mazzo: {exc.text(lang)}", file=out)
        return 2
    return 0


def learn_menu(lang: str, ask: Ask, out: TextIO) -> int:
    """Choose a game with a lesson and play its guided first hand (``mazzo learn GAME``)."""
    from mazzo.cli.learn import learn

    it = lang == "it"
    games = [g for g in all_games() if g.lesson() is not None]
    game = games[choose("Quale gioco impari?" if it else "Which game to learn?",
                        [f"{g.title(lang)} ({g.id})" for g in games], lang, ask, out)]
    return learn(game, lang, out=out, ask=ask)


def continue_saved(lang: str, ask: Ask, out: TextIO) -> bool:
    """Offer the unfinished saved matches, newest first; True when one was played."""
    from mazzo.cli.play import resume_interactive
    from mazzo.cli.saves import describe_saved, list_saved

    it = lang == "it"
    unfinished = [m for m in list_saved()[0] if m.resumable]
    if not unfinished:
        return False
    count = len(unfinished)
    start = [("Nuova partita" if it else "New match"),
             (f"Continua una partita ({count} salvat{'a' if count == 1 else 'e'})" if it
              else f"Continue a match ({count} saved)")]
    if choose("Partita" if it else "Match", start, lang, ask, out) == 0:
        return False
    picked = unfinished[choose("Partite salvate" if it else "Saved matches",
                               [describe_saved(m, lang) for m in unfinished], lang, ask, out)]
    resume_interactive(str(picked.path), lang, out=out, ask=ask)
    return True


def _players_label(count: int, lang: str) -> str:
    return f"{count} {'giocatori' if lang == 'it' else 'players'}"

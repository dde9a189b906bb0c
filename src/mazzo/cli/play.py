"""Playing at the terminal: a human seat against bots, and stepping through a saved record."""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import random
import re
import secrets
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from mazzo.bots.levels import bot_names, make_agent
from mazzo.bots.snapshot import random_state, restore_random_state
from mazzo.cards import Card
from mazzo.cli.moves import (
    CardTypo,
    candidates,
    matching,
    number_field,
    read_cards,
    selection_field,
    typed_number,
)
from mazzo.cli.rules_pages import show_text, table_rules
from mazzo.cli.saves import (
    SaveFailed,
    default_path,
    meta_of,
    new_match_id,
    now_iso,
    short_json,
    write_match,
)
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.game import (
    CHANCE,
    JSON,
    Action,
    Config,
    Game,
    IllegalAction,
    MazzoError,
    State,
    card_from_token,
    card_token,
)
from mazzo.engine.match import match_rng
from mazzo.engine.record import Record, load_record, make_record, naming_file, replay
from mazzo.text import counted

Ask = Callable[[str], str]
#: lines of the match's story told again when a saved match is resumed
RECAP_LINES = 8

HELP = {
    "it": (
        "Scrivi il numero di una mossa, o la carta (KH, 10D, TD, 7♥, J* o jolly, 7 giallo o\n"
        "7gia; più carte separate da spazi: 5H 5D), o il testo della mossa, poi Invio.\n"
        "Lettere dei semi in inglese: H cuori, D quadri, C fiori, S picche (o il nome: cuo,\n"
        "pic...). Se la carta vale per più mosse ti chiedo quale. Quando scegli delle carte\n"
        "(cambio del poker, crib) scrivi i loro numeri o codici per prenderle o rimetterle,\n"
        "poi Invio o ok; 0 = nessuna. Negli annunci (muggins) il numero è il punteggio.\n"
        "  t  mostra di nuovo il tavolo     r  regole complete     s  salva la partita\n"
        "  ?  questo aiuto                  q  esci"
    ),
    "en": (
        "Type the number of a move, or the card (KH, 10D, TD, 7♥, J* or joker, 7 yellow or\n"
        "7yel; several cards separated by spaces: 5H 5D), or the move's text, then Enter.\n"
        "Suit letters: H hearts, D diamonds, C clubs, S spades (or the name: hea, spa...).\n"
        "If the card fits several moves you are asked which. When you choose cards (poker's\n"
        "draw, the crib) type their numbers or codes to pick or put back, then Enter or ok;\n"
        "0 = none. In announcements (muggins) a number is the points you announce.\n"
        "  t  show the table again     r  full rules     s  save the match\n"
        "  ?  this help                q  quit"
    ),
}
_CONFIRM = ("", "ok", "fatto", "done")
_NONE = ("0", "none", "nessuna", "niente")


class Quit(Exception):
    """The human asked to leave the match."""


def seat_label(seat: int, lang: str) -> str:
    return f"{'Giocatore' if lang == 'it' else 'Player'} {seat + 1}"


class HumanAgent:
    """Reads a choice at the terminal; bad input re-prompts with the reason.

    A move is typed as its number in the list, its card code(s) or its text; a choice among
    tuples of cards (poker's draw, the crib) is made by picking cards; a choice among numbers
    (muggins announcements) by typing the number. With ``autoplay`` a lone legal move is
    played at once, with a line saying so.
    """

    name = "human"

    def __init__(
        self, game: Game, lang: str, out: TextIO, ask: Ask, save: Callable[[], str],
        autoplay: bool = True,
    ) -> None:
        self.game = game
        self.lang = lang
        self.out = out
        self.ask = ask
        self.save = save
        self.autoplay = autoplay

    def act(self, turn: Turn) -> Action:
        it = self.lang == "it"
        if self.autoplay and len(turn.legal) == 1:
            only = self.game.describe_action(turn.legal[0], self.lang)
            self.say(f"{'Unica mossa possibile' if it else 'Only legal move'}: {only}")
            return turn.legal[0]
        self.show_table(turn)
        field = selection_field(turn.legal)
        if field is not None:
            return self._select(turn, field)
        number = number_field(turn.legal)
        if number is not None:
            return self._pick_number(turn, number)
        return self._pick_from_list(turn)

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def show_table(self, turn: Turn) -> None:
        print("", file=self.out)
        print(self.game.render(turn.view, self.lang), file=self.out)

    # -- input common to every prompt ---------------------------------------------------------

    def _read(self, prompt: str) -> str:
        try:
            return self.ask(prompt).strip()
        except EOFError:
            raise Quit() from None

    def _command(self, choice: str, turn: Turn, redraw: Callable[[], None]) -> bool:
        """Run a one-letter command (quit, help, table, rules, save); False if it is none."""
        command = choice.lower()
        if command in ("q", "quit", "esci"):
            raise Quit()
        if command in ("?", "h", "help", "aiuto"):
            self.say(HELP[self.lang])
        elif command in ("t", "table", "tavolo"):
            self.show_table(turn)
            redraw()
        elif command in ("r", "rules", "regole"):
            show_text(table_rules(self.game, self.lang), self.out)
        elif command in ("s", "save", "salva"):
            self.say(self.save())
        else:
            return False
        return True

    def _why_not(self, turn: Turn, tried: Sequence[Action]) -> str | None:
        """The player's-language reason the first refused of ``tried`` is refused, if any."""
        for action in tried:
            refusal = turn.refusal(action)
            if refusal is not None:
                return self.game.explain_illegal(refusal, self.lang)
        return None

    # -- a numbered list of moves ---------------------------------------------------------------

    def _pick_from_list(self, turn: Turn) -> Action:
        it = self.lang == "it"
        labels = [self.game.describe_action(a, self.lang) for a in turn.legal]
        self._print_choices(labels)
        while True:
            choice = self._read(
                f"{'La tua mossa' if it else 'Your move'} [1-{len(labels)}, "
                f"{'carta' if it else 'card'}, ?]: "
            )
            if not choice or self._command(choice, turn, lambda: self._print_choices(labels)):
                continue
            picked = self._match(choice, labels, turn)
            if isinstance(picked, int):
                return turn.legal[picked]
            if picked:
                self.say(picked)

    def _print_choices(self, labels: Sequence[str]) -> None:
        width = len(str(len(labels)))
        for i, label in enumerate(labels, 1):
            print(f"  {i:>{width}}. {label}", file=self.out)

    def _match(self, choice: str, labels: Sequence[str], turn: Turn) -> int | str:
        """The index chosen, or the reason the input was not understood ("" once reported)."""
        it = self.lang == "it"
        number = typed_number(choice)
        if number is not None:
            if 1 <= number <= len(labels):
                return number - 1
            return (
                f"Nessuna mossa {number}: scegli da 1 a {len(labels)}."
                if it
                else f"There is no move {number}: choose 1 to {len(labels)}."
            )
        typo: CardTypo | None = None
        try:
            typed = read_cards(choice)
        except CardTypo as exc:
            typed, typo = [], exc
        if typed:
            hits = matching(turn.legal, typed)
            if hits:
                return self._one_of(hits, labels)
        by_text = _match_text(choice, labels)
        if by_text is not None:
            return by_text
        if typed:
            why = self._why_not(turn, candidates(turn.legal, typed))
            if why is not None:
                return f"{'Non si può' if it else 'Not allowed'}: {why}."
        partial = [i for i, label in enumerate(labels) if choice.casefold() in label.casefold()]
        if partial:
            return (
                f"'{choice}' corrisponde a {len(partial)} mosse: usa il numero."
                if it
                else f"'{choice}' matches {len(partial)} moves: use the number."
            )
        if typo is not None and typo.code not in ("not_a_card", "no_card"):
            # it reads as a card but not exactly one: say what is unclear about it
            help_hint = "Scrivi ? per l'aiuto." if it else "Type ? for help."
            return f"{typo.say(self.lang)}. {help_hint}"
        return (
            f"'{choice}' non è una mossa valida ora. Scrivi ? per l'aiuto."
            if it
            else f"'{choice}' is not a legal move now. Type ? for help."
        )

    def _one_of(self, hits: Sequence[int], labels: Sequence[str]) -> int | str:
        """The move among ``hits`` (the typed cards fit all of them): asked when they differ."""
        it = self.lang == "it"
        distinct: dict[str, int] = {}
        for i in hits:
            distinct.setdefault(labels[i], i)  # twins of Burraco read the same: either will do
        if len(distinct) == 1:
            return hits[0]
        options = list(distinct.values())
        self.say("Quale mossa?" if it else "Which move?")
        self._print_choices([labels[i] for i in options])
        answer = self._read(
            f"[1-{len(options)}, {'Invio = indietro' if it else 'Enter = back'}]: "
        )
        if answer.lower() in ("q", "quit", "esci"):
            raise Quit()
        number = typed_number(answer)
        if number is not None and 1 <= number <= len(options):
            return options[number - 1]
        return ""

    # -- a number that is the move's value (muggins) ----------------------------------------------

    def _pick_number(self, turn: Turn, field: str) -> Action:
        it = self.lang == "it"
        by_value = {getattr(a, field): a for a in turn.legal}
        low, high = min(by_value), max(by_value)
        example = by_value.get(min(max(12, low), high), turn.legal[0])

        def hint() -> None:
            said = self.game.describe_action(example, self.lang)
            self.say(
                f"Scrivi un numero da {low} a {high}: per esempio {getattr(example, field)} = "
                f"«{said}»." if it else
                f"Type a number from {low} to {high}: e.g. {getattr(example, field)} = "
                f"\"{said}\"."
            )

        hint()
        labels = [self.game.describe_action(a, self.lang) for a in turn.legal]
        while True:
            choice = self._read(f"{'Il numero' if it else 'The number'} [{low}-{high}, ?]: ")
            if not choice or self._command(choice, turn, hint):
                continue
            number = typed_number(choice)
            if number is not None:
                found = by_value.get(number)
                if found is not None:
                    return found
                tried = dataclasses.replace(turn.legal[0], **{field: number})
                why = self._why_not(turn, [tried]) or f"{low}-{high}"
                self.say(f"{'Non si può' if it else 'Not allowed'}: {why}.")
                continue
            by_text = _match_text(choice, labels)
            if by_text is not None:
                return turn.legal[by_text]
            self.say(
                f"'{choice}' non è un numero: scrivi da {low} a {high}." if it
                else f"'{choice}' is not a number: type {low} to {high}."
            )

    # -- picking cards (poker's draw, the crib) ------------------------------------------------

    def _select(self, turn: Turn, field: str) -> Action:
        it = self.lang == "it"
        by_cards = {frozenset(getattr(a, field)): a for a in turn.legal}
        # the cards to pick from, in the order the table shows the hand
        pool = _hand_order({c for a in turn.legal for c in getattr(a, field)}, turn.view,
                           self.game.render(turn.view, self.lang), self.lang)
        chosen: list[Card] = []

        def show() -> None:
            self.say(
                "Scegli le carte: scrivi i loro numeri o codici (di nuovo per rimetterle), poi "
                "Invio o ok; 0 = nessuna." if it else
                "Pick the cards: type their numbers or codes (again to put one back), then "
                "Enter or ok; 0 = none."
            )
            self.say("  " + "   ".join(f"{i}. {c.name(self.lang)}" for i, c in enumerate(pool, 1)))

        show()
        while True:
            shown = " ".join(c.name(self.lang) for c in chosen) or ("nessuna" if it else "none")
            choice = self._read(
                f"{'Scelte' if it else 'Chosen'}: {shown} [1-{len(pool)}, ok, ?]: "
            )
            if choice.lower() in _CONFIRM or choice.lower() in _NONE:
                picked = [] if choice.lower() in _NONE else chosen
                found = by_cards.get(frozenset(picked))
                if found is not None:
                    return found
                self.say(self._why_not_picked(turn, field, picked, choice == "0"))
                continue
            if self._command(choice, turn, show):
                continue
            problem = self._toggle(choice, pool, chosen)
            if problem:
                self.say(problem)
            else:
                shown = " ".join(c.name(self.lang) for c in chosen) or ("nessuna" if it else "none")
                self.say(f"{'Scelte' if it else 'Chosen'}: {shown}")

    def _why_not_picked(self, turn: Turn, field: str, picked: list[Card], zero: bool) -> str:
        """Why these cards cannot be the choice (the engine's reason, in the player's words)."""
        it = self.lang == "it"
        tried = dataclasses.replace(turn.legal[0], **{field: tuple(picked)})
        why = self._why_not(turn, [tried]) or ("mossa non valida ora" if it else "not legal now")
        if zero:  # "0" is the move "no cards", which this choice does not offer
            return f"{'Nessuna mossa' if it else 'There is no move'} 0: {why}."
        return f"{'Non si può' if it else 'Not allowed'}: {why}."

    def _toggle(self, choice: str, pool: Sequence[Card], chosen: list[Card]) -> str:
        """Pick or put back the cards named by number or code; the problem, or ""."""
        it = self.lang == "it"
        words = choice.replace(",", " ").split()
        picks: list[Card] = []
        for number in (n for n in map(typed_number, words) if n is not None):
            if not 1 <= number <= len(pool):
                return (f"Nessuna carta {number}: scegli da 1 a {len(pool)}." if it
                        else f"There is no card {number}: choose 1 to {len(pool)}.")
            picks.append(pool[number - 1])
        codes = " ".join(w for w in words if typed_number(w) is None)
        if codes:
            try:
                typed = read_cards(codes)
            except CardTypo as exc:
                return f"{exc.say(self.lang)}. " + ("Scrivi ? per l'aiuto." if it
                                                   else "Type ? for help.")
            for t in typed:
                hit = next((c for c in pool if t.matches(c)), None)
                if hit is None:
                    shown = t.as_card().name(self.lang)
                    return (f"{shown} non è tra le carte che puoi scegliere." if it
                            else f"{shown} is not among the cards you can pick.")
                picks.append(hit)
        for c in picks:
            if c in chosen:
                chosen.remove(c)
            else:
                chosen.append(c)
        return ""


def _match_text(choice: str, labels: Sequence[str]) -> int | None:
    """The one label equal to, or else the one containing, the typed text."""
    wanted = choice.casefold()
    exact = [i for i, label in enumerate(labels) if label.casefold() == wanted]
    if len(exact) == 1:
        return exact[0]
    partial = [i for i, label in enumerate(labels) if wanted in label.casefold()]
    if len(partial) == 1:
        return partial[0]
    return None


def play_interactive(
    game: Game,
    config: Config,
    human_seat: int,
    bot_names: Sequence[str],
    lang: str = "en",
    seed: int | None = None,
    save_path: str | None = None,
    out: TextIO | None = None,
    ask: Ask | None = None,
    autoplay: bool = True,
) -> State:
    """Play a whole match at the terminal, saving it after every move; returns the final (or
    abandoned) state. Quitting saves and says how to resume; a signal saves and re-raises as
    :class:`Interrupted`. With ``autoplay`` the human's only legal move is played unasked."""
    if not 0 <= human_seat < config.players:
        raise MazzoError(f"--seat must be 1..{config.players}",
                         italian=f"--seat deve essere da 1 a {config.players}")
    levels: list[str | None] = []
    bot_iter = iter(bot_names)
    for seat in range(config.players):
        if seat == human_seat:
            levels.append(None)
            continue
        levels.append(next(bot_iter, None) or (bot_names[-1] if bot_names else "medio"))
    match = TerminalMatch.new(game, config, human_seat, levels, seed, lang, save_path)
    return match.run(out or sys.stdout, ask or input, autoplay)


def resume_interactive(
    path: str, lang: str = "en", out: TextIO | None = None, ask: Ask | None = None,
    autoplay: bool = True,
) -> State:
    """Continue the match saved in ``path`` exactly where it stopped."""
    match = TerminalMatch.resume(path, lang)
    return match.run(out or sys.stdout, ask or input, autoplay)


class TerminalMatch:
    """One match at the terminal: the state, who sits where, every random generator, the file."""

    def __init__(self, game: Game, config: Config, human_seat: int,
                 levels: Sequence[str | None], bot_seeds: Sequence[int | None],
                 seed: int | None, lang: str, path: Path, match_id: str) -> None:
        self.game = game
        self.config = config
        self.human_seat = human_seat
        self.levels = list(levels)
        self.bot_seeds = list(bot_seeds)
        self.seed = seed
        self.lang = lang
        self.path = path
        self.match_id = match_id
        self.created = now_iso()
        self.rng = match_rng(seed)
        self.state = game.new_match(config)
        self.agents: list[Agent | None] = [
            None if level is None else make_agent(game, level, bot_seed)
            for level, bot_seed in zip(self.levels, self.bot_seeds, strict=True)
        ]
        self.save_warned = False
        #: why the last save failed (None: the file holds the match as it is now)
        self.save_failed: str | None = None
        #: whether ``path`` is this match's own file (written by it, or the one it resumed):
        #: until then a file already there is someone else's, and a save never replaces it
        self.owns_path = False
        #: continued from a save: the last moves are told again before the first prompt
        self.resumed = False

    @classmethod
    def new(cls, game: Game, config: Config, human_seat: int, levels: Sequence[str | None],
            seed: int | None, lang: str, save_path: str | None) -> TerminalMatch:
        # bots get explicit seeds even in fair play, so a resumed match keeps the same bots
        seeds = [None if level is None else _bot_seed(seed, seat)
                 for seat, level in enumerate(levels)]
        match_id = new_match_id(game.id)
        path = Path(save_path) if save_path else default_path(match_id)
        return cls(game, config, human_seat, levels, seeds, seed, lang, path, match_id)

    @classmethod
    def resume(cls, path: str, lang: str) -> TerminalMatch:
        with naming_file(path):  # every problem found on the way names the file
            return cls._resume(path, lang)

    @classmethod
    def _resume(cls, path: str, lang: str) -> TerminalMatch:
        record = load_record(path)
        state = replay(record)  # validates the record and rebuilds the match
        if state.is_terminal:
            raise MazzoError(f"{path}: this match is over; see it with 'mazzo replay {path}'",
                             italian=f"{path}: questa partita è finita; rivedila con "
                                     f"'mazzo replay {path}'")
        meta = meta_of(record)
        plan = _seat_plan(meta, state)
        match = cls(state.game, state.config, plan.human_seat, plan.levels, plan.seeds,
                    plan.seed, lang, Path(path), plan.match_id)
        match.created = plan.created
        match.state = state
        match.owns_path = True
        match.resumed = True
        if plan.match_rng is not None:
            match.rng.setstate(plan.match_rng)
        for seat, agent in enumerate(match.agents):
            saved = plan.bot_rngs[seat]
            if agent is not None and saved is not None:
                restore_random_state(agent, saved, state.game, f"meta.bot_rngs[{seat}]")
        return match

    # -- saving ---------------------------------------------------------------------------

    def record(self) -> Record:
        seat_names = ["human" if level is None else level for level in self.levels]
        record = make_record(self.state, seat_names)
        seeded = not isinstance(self.rng, random.SystemRandom)
        record["meta"] = {
            "match_id": self.match_id,
            "created": self.created,
            "saved": now_iso(),
            "human_seat": self.human_seat,
            "bots": [None if level is None else {"level": level, "seed": bot_seed}
                     for level, bot_seed in zip(self.levels, self.bot_seeds, strict=True)],
            "seed": self.seed,
            "match_rng": _rng_json(self.rng) if seeded else None,
            "bot_rngs": [None if agent is None else random_state(agent)
                         for agent in self.agents],
            "scores": self.state.scores(),
        }
        return record

    def save(self, out: TextIO) -> bool:
        """Save now; say once, plainly, if the file had to change or nothing could be written."""
        it = self.lang == "it"
        if not self.owns_path and self.path.is_file():  # --save FILE named a file already there:
            kept, self.path = self.path, default_path(self.match_id)  # it stays as it is
            _say(out, (f"{kept} esiste già e resta com'è; salvo la partita in {self.path}." if it
                       else f"{kept} already exists and stays as it is; saving the match to "
                            f"{self.path} instead."))
        try:
            where, problem = write_match(self.record(), self.path, self.match_id, self.lang)
        except SaveFailed as exc:
            self.save_failed = exc.text(self.lang)
            if not self.save_warned:
                _say(out, (f"ATTENZIONE: impossibile salvare ({self.save_failed}); la partita "
                           "resta aperta." if it else
                           f"WARNING: cannot save ({self.save_failed}); the match stays open."))
                self.save_warned = True
            return False
        self.save_failed = None
        self.owns_path = True
        if problem is not None:
            _say(out, (f"Impossibile salvare in {problem}; salvo in {where}." if it
                       else f"Cannot save to {problem}; saving to {where} instead."))
            self.path = where
        return True

    def saved_line(self) -> str:
        """Where the match is saved; or, when the last save failed, that it is not (never
        'saved to PATH' for a file that was not written)."""
        it = self.lang == "it"
        if self.save_failed is not None:
            return (f"ATTENZIONE: partita NON salvata ({self.save_failed})." if it
                    else f"WARNING: match NOT saved ({self.save_failed}).")
        return f"{'Partita salvata in' if it else 'Match saved to'} {self.path}"

    def resume_hint(self) -> str:
        if self.save_failed is not None:
            return self.saved_line()
        it = self.lang == "it"
        return (f"{self.saved_line()}\n"
                f"{'Per riprenderla' if it else 'To resume it'}: mazzo play --resume {self.path}")

    # -- playing --------------------------------------------------------------------------

    def run(self, out: TextIO, ask: Ask, autoplay: bool = True) -> State:
        game, lang, it = self.game, self.lang, self.lang == "it"
        human = HumanAgent(game, lang, out, ask, lambda: self._save_now(out), autoplay)
        intro = ", ".join(
            f"{seat_label(s, lang)}: {'tu' if it else 'you'}" if level is None
            else f"{seat_label(s, lang)}: {level}"
            for s, level in enumerate(self.levels)
        )
        print(f"{game.title(lang)} — {intro}", file=out)
        print(HELP[lang], file=out)
        print(f"{'Salvataggio automatico in' if it else 'Autosaving to'} {self.path}", file=out)
        if self.resumed and self.state.history:
            print(f"\n{'Le ultime mosse' if it else 'The last moves'}:", file=out)
            for line in self.recap():
                print(line, file=out)
        guard = SignalGuard()
        with guard.installed():
            try:
                self._loop(human, guard, out)
            except Quit:
                self.save(out)
                _say(out, self.resume_hint())
                _say(out, "Arrivederci!" if it else "Goodbye!")
                return self.state
            except KeyboardInterrupt as exc:
                # the last completed move is already saved; say where, then exit 128 + signal
                _say(out, "\n" + self.resume_hint())
                raise Interrupted(getattr(exc, "signum", signal.SIGINT)) from None
            except OSError as exc:
                if exc.errno not in (errno.EPIPE, errno.EIO):
                    raise
                # the terminal or the pipe we print to has gone: that is a hang-up
                self.save(out)
                raise Interrupted(signal.SIGHUP) from None
        self.save(out)
        print("", file=out)
        print(game.render(self.state.view(self.human_seat), lang), file=out)
        won = self.state.winners()  # a pair, or a tie: more than one
        winners = ", ".join(seat_label(s, lang) for s in won)
        head = ("Vince", "Vincono") if it else ("Winner", "Winners")
        print(f"\n{head[len(won) > 1]}: {winners}", file=out)
        print(self.saved_line(), file=out)
        return self.state

    def recap(self, lines: int = RECAP_LINES) -> list[str]:
        """The last ``lines`` lines the match told while it was played (the events, and the
        moves no event tells), as the person saw them: another seat's secret move (a discard
        to the crib, a bid) stays unnamed, the person's own is named."""
        game, lang = self.game, self.lang
        state = game.new_match(self.config)
        told: deque[str] = deque(maxlen=lines)
        for action in self.state.history:
            player = state.current_player
            state.apply(action)
            if player != CHANCE and not state.events and (
                    player == self.human_seat or _public_move(action)):
                told.append(f"  {seat_label(player, lang)}: "
                            f"{game.describe_action(action, lang)}")
            told.extend(f"• {game.describe_event(event, lang)}" for event in state.events)
        return list(told)

    def _save_now(self, out: TextIO) -> str:
        self.save(out)
        return self.saved_line()

    def _loop(self, human: HumanAgent, guard: SignalGuard, out: TextIO) -> None:
        game, lang, state = self.game, self.lang, self.state
        while not state.is_terminal:
            player = state.current_player
            agent = None
            if player == CHANCE:
                action = state.sample_chance(self.rng)
            else:
                turn = Turn(player, state.view(player), state.legal_actions(), self.rng, state)
                agent = self.agents[player]
                action = human.act(turn) if agent is None else agent.act(turn)
            with guard.deferred():  # a signal waits until the move is applied and saved
                try:
                    state.apply(action)
                except IllegalAction as exc:  # a bot bug must not kill the human's match
                    raise MazzoError(
                        f"bot {self.levels[player]} chose an illegal move: {exc}",
                        italian=f"il bot {self.levels[player]} ha scelto una mossa non valida: "
                                f"{game.explain_illegal(exc, 'it')}") from exc
                self.save(out)
            if agent is not None and not state.events and _public_move(action):
                # the game's events narrate most moves; say the others plainly
                label = game.describe_action(action, lang)
                print(f"  {seat_label(player, lang)}: {label}", file=out)
            for event in state.events:
                print(f"• {game.describe_event(event, lang)}", file=out)


class Interrupted(KeyboardInterrupt):
    """A signal (Ctrl-C, SIGTERM, SIGHUP) ended the match; the exit code is 128 + signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


class SignalGuard:
    """Turns SIGINT, SIGTERM and SIGHUP into :class:`Interrupted`, held back while a move is
    being applied and saved, so an interruption never leaves a half-made move or file."""

    SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                    if hasattr(signal, name))

    def __init__(self) -> None:
        self.holding = False
        self.pending: int | None = None

    def _handle(self, signum: int, _frame: object) -> None:
        if self.holding:
            self.pending = signum
            return
        raise Interrupted(signum)

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield  # signals reach only the main thread; nothing to install
            return
        previous = {sig: signal.signal(sig, self._handle) for sig in self.SIGNALS}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    @contextlib.contextmanager
    def deferred(self) -> Iterator[None]:
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.pending is not None:
            signum, self.pending = self.pending, None
            raise Interrupted(signum)


#: what a saved match's id may be (``new_match_id``: game, UTC time, 32 random bits); a save
#: that cannot be written falls back to ``matches/ID.json``, so an id with a path in it
#: (``../../x``) from a damaged or crafted file must not get there
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")


@dataclasses.dataclass(frozen=True)
class _SeatPlan:
    match_id: str
    created: str
    human_seat: int
    levels: list[str | None]
    seeds: list[int | None]
    seed: int | None
    match_rng: tuple[Any, ...] | None
    bot_rngs: list[Any]


def _seat_plan(meta: JSON, state: State) -> _SeatPlan:
    """Read and check a saved match's ``meta``; errors name the bad place (``meta.bots[2]``)."""
    players = state.num_players
    human = meta.get("human_seat")
    if type(human) is not int or not 0 <= human < players:
        raise MazzoError(f"meta.human_seat: expected a seat 0..{players - 1}, "
                         f"got {short_json(human)}",
                         italian=f"meta.human_seat: serve un posto da 0 a {players - 1}, "
                                 f"non {short_json(human)}")
    bots = meta.get("bots")
    if not isinstance(bots, list) or len(bots) != players:
        raise MazzoError(f"meta.bots: expected a list of {players} entries",
                         italian=f"meta.bots: serve una lista di {players} voci")
    levels: list[str | None] = []
    seeds: list[int | None] = []
    known = bot_names(state.game)
    for seat, bot in enumerate(bots):
        where = f"meta.bots[{seat}]"
        if seat == human:
            if bot is not None:
                raise MazzoError(f"{where}: the human seat has no bot",
                                 italian=f"{where}: il posto della persona non ha un bot")
            levels.append(None)
            seeds.append(None)
            continue
        if not isinstance(bot, dict):
            raise MazzoError(f"{where}: expected an object with level and seed",
                             italian=f"{where}: serve un oggetto con level e seed")
        level, bot_seed = bot.get("level"), bot.get("seed")
        if not isinstance(level, str) or (level not in known and not level.startswith("ismcts:")):
            raise MazzoError(f"{where}.level: unknown bot {short_json(level)}",
                             italian=f"{where}.level: bot sconosciuto {short_json(level)}")
        if bot_seed is not None and type(bot_seed) is not int:
            raise MazzoError(f"{where}.seed: expected an integer, got {short_json(bot_seed)}",
                             italian=f"{where}.seed: serve un intero, non {short_json(bot_seed)}")
        levels.append(level)
        seeds.append(bot_seed)
    seed = meta.get("seed")
    if seed is not None and type(seed) is not int:
        raise MazzoError(f"meta.seed: expected an integer or null, got {short_json(seed)}",
                         italian=f"meta.seed: serve un intero o null, non {short_json(seed)}")
    match_rng = meta.get("match_rng")
    rng_state = None if match_rng is None else _rng_state(match_rng, "meta.match_rng")
    bot_rngs = meta.get("bot_rngs")
    if not isinstance(bot_rngs, list) or len(bot_rngs) != players:
        raise MazzoError(f"meta.bot_rngs: expected a list of {players} entries",
                         italian=f"meta.bot_rngs: serve una lista di {players} voci")
    # as record() writes them: each bot's generators, null for the human seat (a bot without
    # them would restart from its seed and not play on as it would have)
    for seat, saved in enumerate(bot_rngs):
        if seat == human and saved is not None:
            raise MazzoError(f"meta.bot_rngs[{seat}]: the human seat has no bot, expected null, "
                             f"got {short_json(saved)}",
                             italian=f"meta.bot_rngs[{seat}]: il posto della persona non ha un "
                                     f"bot, serve null, non {short_json(saved)}")
        if seat != human and not isinstance(saved, dict):
            raise MazzoError(f"meta.bot_rngs[{seat}]: expected the bot's generators (an "
                             f"object), got {short_json(saved)}",
                             italian=f"meta.bot_rngs[{seat}]: servono i generatori del bot (un "
                                     f"oggetto), non {short_json(saved)}")
    match_id = meta.get("match_id")
    if not isinstance(match_id, str) or not match_id:
        raise MazzoError(f"meta.match_id: expected a string, got {short_json(match_id)}",
                         italian=f"meta.match_id: serve una stringa, non {short_json(match_id)}")
    if not MATCH_ID.fullmatch(match_id):  # it names the fallback file in the matches folder
        raise MazzoError(f"meta.match_id: {short_json(match_id)} is not a match id (letters, "
                         "digits, _ and - only: it names the file in the matches folder)",
                         italian=f"meta.match_id: {short_json(match_id)} non è un id di partita "
                                 "(solo lettere, cifre, _ e -: dà il nome al file nella cartella "
                                 "delle partite)")
    created = meta.get("created")
    return _SeatPlan(match_id, created if isinstance(created, str) else now_iso(), human,
                     levels, seeds, seed, rng_state, bot_rngs)


def _rng_json(rng: random.Random) -> list[Any]:
    version, words, gauss = rng.getstate()
    return [version, list(words), gauss]


def _rng_state(value: Any, where: str) -> tuple[Any, ...]:
    probe = random.Random()
    try:
        probe.setstate((value[0], tuple(value[1]), value[2]))
    except (TypeError, ValueError, IndexError, KeyError, OverflowError):
        raise MazzoError(f"{where}: not a saved random generator state",
                         italian=f"{where}: non è lo stato salvato di un generatore casuale"
                         ) from None
    return probe.getstate()


def _bot_seed(seed: int | None, seat: int) -> int:
    """Seeded matches give bots seeds derived from the match's; fair play draws fresh ones."""
    return secrets.randbits(63) if seed is None else seed * 31 + seat


def _hand_order(cards: set[Card], view: JSON, shown: str = "", lang: str = "en") -> list[Card]:
    """``cards`` in the order the table ``shown`` just above lists them (the line of the
    rendered table that names them all: cribbage shows the hand by rank, its view lists it as
    dealt), else in the order the view lists the hand (by rank where it does not), so a
    card's number in the picker follows the hand the player reads."""
    for line in shown.splitlines():
        places = [_place(line, card.name(lang)) for card in cards]
        if all(p >= 0 for p in places) and len(set(places)) == len(places):
            return [card for _, card in sorted(zip(places, cards, strict=True),
                                               key=lambda pair: pair[0])]
    hand = view.get("hand")
    tokens = [t for t in hand if isinstance(t, str)] if isinstance(hand, list) else []
    place = {card_token(card_from_token(t)): i for i, t in enumerate(tokens)}
    return sorted(cards, key=lambda c: (place.get(card_token(c), len(place)),
                                        c.rank, c.suit, c.copy))


def _place(line: str, name: str) -> int:
    """Where ``name`` stands in ``line`` as a word of its own (-1: not there)."""
    found = re.search(rf"(?<!\S){re.escape(name)}(?!\S)", line)
    return -1 if found is None else found.start()


def _say(out: TextIO, line: str) -> None:
    """Print, even when the terminal has gone (a closed terminal must not cost the save)."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=out)
        out.flush()


def _public_move(action: Action) -> bool:
    """Whether others may see this move (secret bids and discards are announced, not shown)."""
    return not action.secret


def step_through(
    record: Record,
    seat: int | None,
    lang: str = "en",
    out: TextIO | None = None,
    ask: Ask | None = None,
    interactive: bool = True,
) -> State:
    """Replay a record action by action, showing events and the table as ``seat`` saw it."""
    out = out or sys.stdout
    ask = ask or input
    it = lang == "it"
    final = replay(record)  # validates the whole record first
    if seat is not None and not 0 <= seat < final.num_players:
        raise MazzoError(
            f"seat {seat} is not a seat of this match (0 to {final.num_players - 1})",
            italian=f"il posto {seat} non è un posto di questa partita (da 0 a "
                    f"{final.num_players - 1})")
    game = final.game
    state = game.new_match(final.config)
    total = len(record["history"])
    print(
        f"{game.title(lang)}: {counted(total, 'action', lang)}; "
        + ("Invio = avanti, numero = vai all'azione, q = esci" if it
           else "Enter = next, number = jump to action, q = quit"),
        file=out,
    )
    target = 0
    for index, data in enumerate(record["history"]):
        action = game.action_from_json(data)
        actor = state.current_player
        state.apply(action)
        if actor >= 0:
            who = seat_label(actor, lang)
            shown = (
                game.describe_action(action, lang)
                if seat is None or seat == actor or _public_move(action)
                else ("ha scelto" if it else "has chosen")
            )
            print(f"[{index + 1}/{total}] {who}: {shown}", file=out)
        for event in state.events:
            print(f"  • {game.describe_event(event, lang)}", file=out)
        if not interactive or index + 1 < target:
            continue
        if actor < 0 and index + 1 < total:
            continue
        print(game.render(state.view(seat), lang), file=out)
        try:
            answer = ask("> ").strip().lower()
        except EOFError:
            break
        if answer in ("q", "quit", "esci"):
            break
        number = typed_number(answer)
        if number is not None:
            target = number
    if not interactive:
        print(game.render(state.view(seat), lang), file=out)
    result = record.get("result")
    if result:
        print(f"{'Risultato' if it else 'Result'}: {result}", file=out)
    return state

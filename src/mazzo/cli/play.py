"""Playing at the terminal: a match of a human seat against bots, saved after every move and
resumed exactly where it stopped."""

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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from mazzo.bots.levels import bot_names, make_agent
from mazzo.bots.snapshot import random_state, restore_random_state
from mazzo.cli.human import HELP, Ask, HumanAgent, Quit, public_move, seat_label
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
from mazzo.engine.game import CHANCE, JSON, Config, Game, IllegalAction, MazzoError, State
from mazzo.engine.match import match_rng
from mazzo.engine.record import Record, load_record, make_record, naming_file, replay

#: lines of the match's story told again when a saved match is resumed
RECAP_LINES = 8


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
                    player == self.human_seat or public_move(action)):
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
            if agent is not None and not state.events and public_move(action):
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
    levels, seeds = _seat_bots(bots, human, bot_names(state.game))
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
    _check_bot_rngs(bot_rngs, human)
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


def _seat_bots(bots: list[Any], human: int, known: Sequence[str]
               ) -> tuple[list[str | None], list[int | None]]:
    """Each seat's bot level and seed from ``meta.bots`` (None for the human seat)."""
    levels: list[str | None] = []
    seeds: list[int | None] = []
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
    return levels, seeds


def _check_bot_rngs(bot_rngs: list[Any], human: int) -> None:
    """``meta.bot_rngs`` as record() writes them: each bot's generators, null for the human
    seat (a bot without them would restart from its seed and not play on as it would have)."""
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



def _say(out: TextIO, line: str) -> None:
    """Print, even when the terminal has gone (a closed terminal must not cost the save)."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=out)
        out.flush()

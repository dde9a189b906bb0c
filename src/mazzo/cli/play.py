"""Playing at the terminal: a human seat against bots, and stepping through a saved record."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.game import CHANCE, Action, Config, Game, IllegalAction, MazzoError, State
from mazzo.engine.match import match_rng
from mazzo.engine.record import Record, make_record, replay, save_record

Ask = Callable[[str], str]

HELP = {
    "it": (
        "Scrivi il numero di una mossa (o il suo testo), poi Invio.\n"
        "  t  mostra di nuovo il tavolo     r  regole     s  salva la partita\n"
        "  ?  questo aiuto                  q  esci"
    ),
    "en": (
        "Type the number of a move (or its text), then Enter.\n"
        "  t  show the table again     r  rules     s  save the match\n"
        "  ?  this help                q  quit"
    ),
}


class Quit(Exception):
    """The human asked to leave the match."""


def seat_label(seat: int, lang: str) -> str:
    return f"{'Giocatore' if lang == 'it' else 'Player'} {seat + 1}"


class HumanAgent:
    """Reads a choice at the terminal; bad input re-prompts with the reason."""

    name = "human"

    def __init__(
        self, game: Game, lang: str, out: TextIO, ask: Ask, save: Callable[[], str]
    ) -> None:
        self.game = game
        self.lang = lang
        self.out = out
        self.ask = ask
        self.save = save

    def act(self, turn: Turn) -> Action:
        it = self.lang == "it"
        self.show_table(turn)
        labels = [self.game.describe_action(a, self.lang) for a in turn.legal]
        self._print_choices(labels)
        while True:
            try:
                raw = self.ask(f"{'La tua mossa' if it else 'Your move'} [1-{len(labels)}, ?]: ")
            except EOFError:
                raise Quit() from None
            choice = raw.strip()
            if not choice:
                continue
            command = choice.lower()
            if command in ("q", "quit", "esci"):
                raise Quit()
            if command in ("?", "h", "help", "aiuto"):
                print(HELP[self.lang], file=self.out)
                continue
            if command in ("t", "table", "tavolo"):
                self.show_table(turn)
                self._print_choices(labels)
                continue
            if command in ("r", "rules", "regole"):
                print(self.game.rules_summary(self.lang), file=self.out)
                continue
            if command in ("s", "save", "salva"):
                print(self.save(), file=self.out)
                continue
            picked = self._match(choice, labels)
            if isinstance(picked, int):
                return turn.legal[picked]
            print(picked, file=self.out)

    def show_table(self, turn: Turn) -> None:
        print("", file=self.out)
        print(self.game.render(turn.view, self.lang), file=self.out)

    def _print_choices(self, labels: Sequence[str]) -> None:
        width = len(str(len(labels)))
        for i, label in enumerate(labels, 1):
            print(f"  {i:>{width}}. {label}", file=self.out)

    def _match(self, choice: str, labels: Sequence[str]) -> int | str:
        """The index chosen, or the reason the input was not understood."""
        it = self.lang == "it"
        if choice.isdigit():
            number = int(choice)
            if 1 <= number <= len(labels):
                return number - 1
            return (
                f"Nessuna mossa {number}: scegli da 1 a {len(labels)}."
                if it
                else f"There is no move {number}: choose 1 to {len(labels)}."
            )
        wanted = choice.casefold()
        exact = [i for i, label in enumerate(labels) if label.casefold() == wanted]
        if len(exact) == 1:
            return exact[0]
        partial = [i for i, label in enumerate(labels) if wanted in label.casefold()]
        if len(partial) == 1:
            return partial[0]
        if partial:
            return (
                f"'{choice}' corrisponde a {len(partial)} mosse: usa il numero."
                if it
                else f"'{choice}' matches {len(partial)} moves: use the number."
            )
        return (
            f"'{choice}' non è una mossa valida ora. Scrivi ? per l'aiuto."
            if it
            else f"'{choice}' is not a legal move now. Type ? for help."
        )


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
) -> State:
    """Play a whole match at the terminal; returns the final (or abandoned) state."""
    out = out or sys.stdout
    ask = ask or input
    it = lang == "it"
    if not 0 <= human_seat < config.players:
        raise MazzoError(f"--seat must be 1..{config.players}")
    rng = match_rng(seed)
    state = game.new_match(config)
    seat_names: list[str] = []
    agents: list[Agent | None] = []
    bot_iter = iter(bot_names)
    for seat in range(config.players):
        if seat == human_seat:
            agents.append(None)
            seat_names.append("human")
            continue
        name = next(bot_iter, None) or (bot_names[-1] if bot_names else "medio")
        bot_seed = None if seed is None else seed * 31 + seat
        agents.append(make_agent(game, name, bot_seed))
        seat_names.append(name)

    def save() -> str:
        path = save_path or default_save_path(game.id)
        save_record(make_record(state, seat_names), path)
        return f"{'Partita salvata in' if it else 'Match saved to'} {path}"

    human = HumanAgent(game, lang, out, ask, save)
    intro = ", ".join(
        f"{seat_label(s, lang)}: {'tu' if it else 'you'}" if s == human_seat
        else f"{seat_label(s, lang)}: {seat_names[s]}"
        for s in range(config.players)
    )
    print(f"{game.title(lang)} — {intro}", file=out)
    print(HELP[lang], file=out)
    try:
        while not state.is_terminal:
            player = state.current_player
            agent = None
            if player == CHANCE:
                action = state.sample_chance(rng)
            else:
                turn = Turn(player, state.view(player), state.legal_actions(), rng, state)
                agent = agents[player]
                action = human.act(turn) if agent is None else agent.act(turn)
            try:
                state.apply(action)
            except IllegalAction as exc:  # a bot bug must not kill the human's match
                raise MazzoError(f"bot {seat_names[player]} chose an illegal move: {exc}") from exc
            if agent is not None and not state.events and _public_move(action):
                # the game's events narrate most moves; say the others plainly
                label = game.describe_action(action, lang)
                print(f"  {seat_label(player, lang)}: {label}", file=out)
            for event in state.events:
                print(f"• {game.describe_event(event, lang)}", file=out)
    except Quit:
        print(save(), file=out)
        print("Arrivederci!" if it else "Goodbye!", file=out)
        return state
    print("", file=out)
    print(game.render(state.view(human_seat), lang), file=out)
    winners = ", ".join(seat_label(s, lang) for s in state.winners())
    print(f"\n{'Vince' if it else 'Winner'}: {winners}", file=out)
    if save_path:
        print(save(), file=out)
    return state


def _public_move(action: Action) -> bool:
    """Whether others may see this move (secret bids and discards are announced, not shown)."""
    return not action.secret


def default_save_path(game_id: str) -> str:
    folder = Path.home() / ".mazzo" / "records"
    return str(folder / f"{game_id}-{random.Random().getrandbits(32):08x}.json")


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
        raise MazzoError(f"seat {seat} is not a seat of this match (0 to {final.num_players - 1})")
    game = final.game
    state = game.new_match(final.config)
    total = len(record["history"])
    print(
        f"{game.title(lang)}: {total} {'azioni' if it else 'actions'}; "
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
        if answer.isdigit():
            target = int(answer)
    if not interactive:
        print(game.render(state.view(seat), lang), file=out)
    result = record.get("result")
    if result:
        print(f"{'Risultato' if it else 'Result'}: {result}", file=out)
    return state

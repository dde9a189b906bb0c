"""Stepping through a saved record at the terminal, action by action, as one seat saw it."""

from __future__ import annotations

import sys
from typing import TextIO

from mazzo.cli.human import Ask, public_move, seat_label
from mazzo.cli.moves import typed_number
from mazzo.engine.game import Action, Game, MazzoError, State
from mazzo.engine.record import Record, replay
from mazzo.text import counted


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
            print(f"[{index + 1}/{total}] {_told(game, action, actor, seat, lang)}", file=out)
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


def _told(game: Game, action: Action, actor: int, seat: int | None, lang: str) -> str:
    """Who moved and what, as ``seat`` saw it: a secret move of another seat is only named."""
    shown = (game.describe_action(action, lang)
             if seat is None or seat == actor or public_move(action)
             else ("ha scelto" if lang == "it" else "has chosen"))
    return f"{seat_label(actor, lang)}: {shown}"

"""The human seat at the terminal: reading a move typed as its number, its cards or its text,
and the help that says how."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import TextIO

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
from mazzo.engine.agent import Turn
from mazzo.engine.game import JSON, Action, Game, card_from_token, card_token

Ask = Callable[[str], str]

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



def public_move(action: Action) -> bool:
    """Whether others may see this move (secret bids and discards are announced, not shown)."""
    return not action.secret


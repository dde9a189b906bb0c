"""How Burraco reads for people, in Italian (canonical game terms) and English."""

from __future__ import annotations

import re
from typing import Any

from mazzo.engine.game import JSON, Action, Event, card_token
from mazzo.engine.refusals import translate
from mazzo.games.burraco import events as ev
from mazzo.games.burraco.actions import (
    Attacca,
    Cala,
    Deal,
    Discard,
    Draw,
    TakePile,
    meld_text,
)
from mazzo.text import counted, plural, seat_label

LINE_NAMES = {
    "it": ("burraco", "chiusura", "carte calate", "carte in mano", "pozzetto", "totale"),
    "en": ("burraco", "closing", "melded cards", "cards in hand", "pozzetto", "total"),
}
PHASES = {
    "it": {"deal": "distribuzione", "draw": "pesca o raccogli", "play": "cala, attacca, scarta",
           "over": "partita finita"},
    "en": {"deal": "deal", "draw": "draw or take the pile", "play": "meld, add, discard",
           "over": "match over"},
}


def seat_name(seat: int, lang: str) -> str:
    return seat_label(seat, lang)


def describe_action(action: Action, lang: str = "en") -> str:
    it = lang == "it"
    if isinstance(action, Draw):
        return "pesca dal tallone" if it else "draw from the stock (pesca)"
    if isinstance(action, TakePile):
        return "raccogli gli scarti" if it else "take the discard pile (raccogli)"
    if isinstance(action, Discard):
        return f"{'scarta' if it else 'discard'} {card_token(action.card)}"
    if isinstance(action, Cala):
        return f"{'cala' if it else 'meld'} {meld_text(action.cards, action.wild)}"
    if isinstance(action, Attacca):
        head = (f"attacca {card_token(action.card)} al gioco {action.meld + 1}" if it else
                f"add {card_token(action.card)} to meld {action.meld + 1}")
        if action.wild:
            head += f" ({'matta al posto' if it else 'wild at place'} {action.wild})"
        return head
    if isinstance(action, Deal):
        return "mescola e distribuisci" if it else "shuffle and deal"
    return str(action)


def describe_event(event: Event, lang: str = "en") -> str:
    """The event in words, its cards as a player reads them: the marks that tell the two
    decks' copies apart (3♦', J★'') name the physical card in moves and records; in a
    sentence they are noise, since both copies are the same card in play."""
    return _COPY_MARKS.sub("", _describe_event(event, lang))


_COPY_MARKS = re.compile("(?<=[♠♥♦♣★])'+")


def _describe_event(event: Event, lang: str = "en") -> str:
    """The sentence for one event, in English or Italian. Long by design: one branch per event
    type, kept in one place so the game's events read as one table of sentences."""
    it = lang == "it"
    if isinstance(event, ev.HandDealt):
        sizes = "+".join(str(s) for s in event.pozzetti)
        return (f"Smazzata {event.hand_number}: mazziere {seat_name(event.dealer, lang)}, "
                f"pozzetti {sizes}, prima carta scoperta {card_token(event.up_card)}" if it else
                f"Hand {event.hand_number}: {seat_name(event.dealer, lang)} deals, pozzetti "
                f"{sizes}, up-card {card_token(event.up_card)}")
    if isinstance(event, ev.Drew):
        return (f"{seat_name(event.seat, lang)} pesca (tallone: {event.stock_left})" if it else
                f"{seat_name(event.seat, lang)} draws (stock: {event.stock_left})")
    if isinstance(event, ev.TookPile):
        shown = " ".join(card_token(c) for c in event.cards)
        return (f"{seat_name(event.seat, lang)} raccoglie gli scarti: {shown}" if it else
                f"{seat_name(event.seat, lang)} takes the discard pile: {shown}")
    if isinstance(event, ev.Melded):
        return (f"{seat_name(event.seat, lang)} cala il gioco {event.meld + 1}: {event.layout}"
                if it else
                f"{seat_name(event.seat, lang)} melds (meld {event.meld + 1}): {event.layout}")
    if isinstance(event, ev.Attached):
        return (f"{seat_name(event.seat, lang)} attacca {card_token(event.card)} al gioco "
                f"{event.meld + 1}: {event.layout}" if it else
                f"{seat_name(event.seat, lang)} adds {card_token(event.card)} to meld "
                f"{event.meld + 1}: {event.layout}")
    if isinstance(event, ev.Discarded):
        return f"{seat_name(event.seat, lang)} {'scarta' if it else 'discards'} " + card_token(
            event.card)
    if isinstance(event, ev.PozzettoTaken):
        how = ("al volo" if event.al_volo else "con lo scarto") if it else (
            "al volo (no discard)" if event.al_volo else "by discarding")
        size = counted(event.size, "card", lang)
        return (f"{seat_name(event.seat, lang)} va a pozzetto {how} ({size})" if it
                else f"{seat_name(event.seat, lang)} takes the pozzetto {how} ({size})")
    if isinstance(event, ev.Paired):
        pair = " + ".join(seat_name(s, lang) for s in event.pair)
        return (f"{seat_name(event.solo, lang)} gioca da solo; {pair} fanno coppia" if it else
                f"{seat_name(event.solo, lang)} plays alone; {pair} form a pair")
    if isinstance(event, ev.Closed):
        return f"{seat_name(event.seat, lang)} {'chiude' if it else 'closes (chiusura)'}"
    if isinstance(event, ev.StockExhausted):
        return ("Restano 2 carte nel tallone: la smazzata finisce dopo questo turno" if it else
                "Two cards left in the stock: the hand ends after this turn")
    if isinstance(event, ev.HandScored):
        parts = []
        for seats, line in zip(event.sides, event.lines, strict=True):
            who = " + ".join(seat_name(s, lang) for s in seats)
            detail = ", ".join(f"{n} {v:+d}" for n, v in
                               zip(LINE_NAMES[lang][:5], line[:5], strict=True))
            parts.append(f"{who}: {line[5]} ({detail})")
        head = (f"Punti della smazzata {event.hand_number}: " if it else
                f"Hand {event.hand_number} scores: ")
        return head + "; ".join(parts)
    if isinstance(event, ev.ThreePozzetti):
        return (f"{seat_name(event.seat, lang)} ha raggiunto la soglia: d'ora in poi tre "
                "pozzetti da 11, tutti da soli" if it else
                f"{seat_name(event.seat, lang)} reached the threshold: from now on three "
                "pozzetti of 11, everyone alone")
    if isinstance(event, ev.MatchOver):
        who = ", ".join(seat_name(s, lang) for s in event.winners)
        totals = " / ".join(_num(t) for t in event.totals)
        alone = len(event.winners) == 1
        return (f"Partita finita: {'vince' if alone else 'vincono'} {who} ({totals})" if it else
                f"Match over: {who} {'wins' if alone else 'win'} ({totals})")
    return event.kind


def _num(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def _side_label(seats: list[int], lang: str) -> str:
    return " + ".join(seat_name(s, lang) for s in seats)


def render(view: JSON, lang: str = "en") -> str:
    """The table as one seat sees it: scores, both sides' melds, pile, stock, pozzetti, hand."""
    it = lang == "it"
    seat = view.get("seat")
    lines: list[str] = []
    scores = " | ".join(f"{seat_name(s, lang)} {_num(v)}" for s, v in enumerate(view["scores"]))
    target = view["target"] or (plural(view["hands_to_play"], "smazzata", "smazzate") if it else
                                plural(view["hands_to_play"], "hand", "hands"))
    lines.append(f"Burraco ({view['variant']}) — {'smazzata' if it else 'hand'} "
                 f"{view['hand_number']} — {'punti' if it else 'scores'}: {scores} "
                 f"({'obiettivo' if it else 'target'} {target})")
    lines.append(f"{'Fase' if it else 'Phase'}: {PHASES[lang].get(view['phase'], view['phase'])}"
                 f"; {'tocca a' if it else 'to play'}: "
                 + (seat_name(view["current_player"], lang) if view["current_player"] >= 0
                    else "—"))
    pile = view["pile"]
    top = pile[-1] if pile else "—"
    lines.append(f"{'Tallone' if it else 'Stock'}: {view['stock']}   "
                 f"{'Scarti' if it else 'Discard pile'}: {len(pile)} "
                 f"({'in cima' if it else 'top'} {top})   "
                 f"{'Pozzetti rimasti' if it else 'Pozzetti left'}: "
                 f"{' + '.join(str(p) for p in view['pozzetti']) or '0'}"
                 + (f"   {'ULTIMO GIRO' if it else 'LAST TURN'}" if view["last_turn"] else ""))
    if len(pile) > 1:
        lines.append(f"  {'scarti' if it else 'pile'}: {' '.join(pile)}")
    for seats in view["sides"]:
        lines.extend(_render_side(view, seats, seat, lang))
    if seat is not None and view["hand"] is not None:
        lines.append(f"{'La tua mano' if it else 'Your hand'} ({len(view['hand'])}): "
                     + " ".join(view["hand"]))
        if view["restricted"] and view["current_player"] == seat:
            lines.append(f"  ({'non puoi scartare' if it else 'you may not discard'} "
                         f"{view['restricted']})")
    last = view.get("last_hand") or {}
    if last.get("lines"):
        lines.extend(_render_tally(last, lang))
    return "\n".join(lines)


def _render_side(view: JSON, seats: list[int], me: int | None, lang: str) -> list[str]:
    it = lang == "it"
    side = view["side_of"][seats[0]]
    taken = view["pozzetto_taken"][side]
    counts = ", ".join(
        f"{seat_name(s, lang)}{' (tu)' if it and s == me else ' (you)' if s == me else ''}: "
        f"{counted(view['hand_counts'][s], 'card', lang)}" for s in seats)
    head = (f"— {_side_label(seats, lang)} — {counts}; pozzetto "
            f"{('preso' if taken else 'non preso') if it else ('taken' if taken else 'not taken')}"
            f"; {'sul tavolo' if it else 'on the table'}: {view['running'][side]}")
    out = [head, *_meld_lines(view["melds"][side], lang)]
    for s in seats:
        if view["known"][s] and s != me:
            out.append(f"   {seat_name(s, lang)} {'ha raccolto' if it else 'holds'}: "
                       + " ".join(view["known"][s]))
    return out


def _meld_lines(melds: list[JSON], lang: str) -> list[str]:
    word = "gioco" if lang == "it" else "meld"
    return [f"   {word} {i + 1}: {meld['text']}"
            + (f"  [burraco {meld['burraco']}]" if meld["burraco"] else "")
            for i, meld in enumerate(melds)]


def _render_tally(last: dict[str, Any], lang: str) -> list[str]:
    """The last hand's score lines, and (from its close to the next deal: scoring clears the
    table) each side's melds as the hand closed."""
    it = lang == "it"
    out = ["Ultima smazzata:" if it else "Last hand:"]
    closed = last.get("melds") or [[] for _ in last["sides"]]
    for seats, line, melds in zip(last["sides"], last["lines"], closed, strict=True):
        detail = ", ".join(f"{n} {v:+d}" for n, v in
                           zip(LINE_NAMES[lang][:5], line[:5], strict=True))
        out.append(f"   {_side_label(seats, lang)}: {line[5]} ({detail})")
        out.extend(f"  {text}" for text in _meld_lines(melds, lang))
    return out


RULES_IT = """Burraco — due mazzi francesi con 4 jolly (108 carte). Matte: jolly e pinelle (i 2).
In 4 si gioca a coppie (compagni di fronte), in 2 da soli; in 3 chi va per primo a pozzetto prende
quello da 18 e gioca da solo, gli altri due fanno coppia (dopo 1500 punti: tre pozzetti da 11).
Ognuno riceve 11 carte; due pozzetti da 11; una carta scoperta inizia gli scarti; il resto è il
tallone.
Al proprio turno: pesca dal tallone oppure raccogli TUTTI gli scarti; poi cala combinazioni
(tris di carte uguali o scale dello stesso seme, di almeno 3 carte, con al massimo una matta; la
pinella del seme al suo posto naturale non conta come matta), attacca carte ai giochi della tua
parte; infine scarta. Se hai raccolto uno scarto di una sola carta non puoi riscartarla. Finite
le carte vai a pozzetto: al volo (calando tutto, e continui) o con lo scarto (anche una matta).
Si chiude solo dopo il pozzetto e con almeno un burraco (gioco di 7+ carte), scartando una carta
che non sia una matta.
Punti: chiusura 100, burraco pulito 200, sporco 100 (semipulito 150 nel preset fibur); carte
calate in più, carte in mano in meno (jolly 25, o 30 fibur; pinella 20; asso 15; 8–K 10; 3–7 5);
pozzetto non preso −100. La smazzata finisce anche quando nel tallone restano 2 carte. Vince chi
arriva a 2005.
Nel motore: calare = un tris di 3 carte ("cala"), poi una carta alla volta ("attacca")."""

RULES_EN = """Burraco — two French packs with 4 jokers (108 cards). Wilds: jokers (jolly) and all 2s
(pinelle). Four play in partnerships (partners opposite), two play alone; with three, the first
to reach a pozzetto takes the 18-card one and plays alone while the other two pair up (from 1500
points on: three pozzetti of 11, everyone alone). Each player gets 11 cards; two pozzetti of 11
are set aside; one card face up starts the discard pile; the rest is the stock.
On your turn: draw from the stock or take the WHOLE discard pile; then meld sets (same rank) or
runs (same suit, in sequence) of 3+ cards with at most one wild (a same-suit 2 in its natural
place is not a wild), add cards to your side's melds; then discard. A single-card pile you took
may not be discarded that turn. Out of cards, you take your side's pozzetto: al volo (by
melding, and you play on) or by discarding (even a wild). You may close only after the pozzetto
and with a burraco (a meld of 7+ cards), discarding a card that is not a wild.
Scores: closing 100, clean burraco 200, dirty 100 (semi-clean 150 in the fibur preset); melded
cards plus, cards in hand minus (jolly 25, 30 in fibur; 2s 20; ace 15; 8–K 10; 3–7 5); pozzetto
never taken −100. A hand also ends when 2 cards are left in the stock. First side to 2005 wins.
In this engine a new meld is laid as three cards ("cala"), then cards are added one at a time
("attacca")."""


def rules_summary(lang: str = "en") -> str:
    return RULES_IT if lang == "it" else RULES_EN


_REFUSALS: dict[str, tuple[str, str]] = {
    "take_first": ("prima prendi una carta: pesca dal tallone o raccogli gli scarti",
                   "first take a card: draw from the stock or take the discard pile"),
    "already_taken": ("hai già preso una carta in questo turno: cala, attacca o scarta",
                      "you have already taken a card this turn: meld, add or discard"),
    "no_such_meld": ("la tua squadra non ha il gioco numero {meld}",
                     "your side has no meld number {meld}"),
    "does_not_fit": ("{card} non si attacca al gioco {meld}", "{card} does not fit meld {meld}"),
    "wild_position": ("dopo questa aggiunta la matta può stare solo in: {where}",
                      "after this addition the wild may stand only at: {where}"),
    "no_way_to_end": ("non ti resterebbe un modo valido di finire il turno",
                      "it would leave you no legal way to end the turn"),
    "restricted_discard": ("hai raccolto {card} come unico scarto: non puoi scartarla in "
                           "questo turno",
                           "you took {card} as the only card of the discard pile: you may not "
                           "discard it this turn"),
    "wild_closing": ("non si chiude scartando una matta ({card})",
                     "the closing discard may not be a wild ({card})"),
    "cannot_close": ("non puoi chiudere: alla tua squadra serve prima un burraco (e il pozzetto)",
                     "you cannot close: your side needs a burraco (and its pozzetto) first"),
    "invalid_meld": ("non è un gioco valido (una combinazione o una scala di almeno tre carte, "
                     "al più una matta)",
                     "not a valid meld (a set or run of at least three cards, at most one wild)"),
    "meld_order": ("elenca le carte del gioco nell'ordine del mazzo: {order}",
                   "list the meld's cards in deck order: {order}"),
    "set_exists": ("la tua squadra ha già quella combinazione: attacca le carte lì",
                   "your side already has that set: add the cards to it instead"),
}


def describe_illegal(code: str, params: dict[str, Any], lang: str = "en") -> str | None:
    """A refusal of the rules in words (None: a code the engine's common table explains)."""
    return translate(_REFUSALS, code, params, lang)

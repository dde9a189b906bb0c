"""How Poker all'italiana reads: actions, events, the table and the rules, in Italian and English.

Italian game terms are canonical (passo, parola, buio, piatto di parole); English glosses follow.
"""

from __future__ import annotations

import re
from typing import Any

from mazzo.cards import RANK_TEXT, cards_text
from mazzo.engine.game import JSON, Action, Event
from mazzo.engine.refusals import translate
from mazzo.games.poker_italiano import actions as A
from mazzo.games.poker_italiano import events as E
from mazzo.games.poker_italiano.scoring import NAMES_EN, NAMES_IT
from mazzo.text import counted, counted_noun, noun, plural, seat_label

WORDS_IT = {
    "buio": "buio", "controbuio": "controbuio", "over": "over", "no_blind": "niente buio",
    "cover": "si copre", "no_cover": "non si copre", "pass": "passo", "open": "apre",
    "call": "vede", "raise": "rilancia", "fold": "lascia", "parola": "parola", "stay": "sta",
    "bet": "punta", "draw": "cambia", "servito": "servito",
}
WORDS_EN = {
    "buio": "buio (blind)", "controbuio": "controbuio (counter-blind)", "over": "over",
    "no_blind": "no blind", "cover": "covers", "no_cover": "does not cover", "pass": "passo (pass)",
    "open": "opens", "call": "calls", "raise": "raises", "fold": "folds",
    "parola": "parola (check)", "stay": "stays", "bet": "bets", "draw": "changes",
    "servito": "servito (stands pat)",
}


#: the moves as a player chooses them (menus, buttons, the last move): in Italian the words said
#: at the table, in the first person ("vedo", "apro", "lascio"); in English the imperative, as
#: every game's moves read. The betting log says what a seat did in the third person (above)
MOVES_IT = WORDS_IT | {
    "cover": "mi copro", "no_cover": "non mi copro", "open": "apro", "call": "vedo",
    "raise": "rilancio di", "fold": "lascio", "stay": "sto", "bet": "punto", "draw": "cambio",
}
MOVES_EN = WORDS_EN | {
    "cover": "cover", "no_cover": "do not cover", "open": "open", "call": "call",
    "raise": "raise by", "fold": "fold", "stay": "stay", "bet": "bet", "draw": "change",
    "servito": "servito (stand pat)",
}


def _log_word(entry: JSON) -> str:
    """The key of :data:`WORDS_IT` / :data:`WORDS_EN` for a betting-log entry: a draw of no
    card is "servito", not a bare "cambia"."""
    return "servito" if entry["word"] == "draw" and not entry["amount"] else str(entry["word"])


def seat_name(seat: int, lang: str) -> str:
    """Seats are shown 1-based, as everywhere in mazzo: seat 0 is "Giocatore 1"."""
    return seat_label(seat, lang)


def hand_name(category: str, lang: str) -> str:
    """Hand name; the English text also gives the Italian term."""
    if lang == "it":
        return NAMES_IT[category]
    return f"{NAMES_EN[category]} ({NAMES_IT[category]})"


def describe_action(action: Action, lang: str = "en") -> str:
    it = lang == "it"
    if isinstance(action, A.ChooseDealer):
        return ("primo mazziere: " if it else "first dealer: ") + seat_name(action.seat, lang)
    if isinstance(action, A.Deal):
        cards = counted(len(action.order), "card", lang)
        return f"mescola e distribuisce ({cards})" if it else f"shuffle and deal {cards}"
    if isinstance(action, A.Reshuffle):
        discards = counted(len(action.order), "discard", lang)
        return f"rimescola {discards}" if it else f"reshuffle {discards}"
    if isinstance(action, A.Blind):
        name = A.BLIND_NAMES[action.level]
        return name if it else f"{name} (blind level {action.level})"
    words = MOVES_IT if it else MOVES_EN
    if isinstance(action, A.Draw):
        if not action.cards:
            return words["servito"]
        return f"{words['draw']} {len(action.cards)}: {cards_text(action.cards)}"
    word = words.get(action.kind, action.kind)
    amount = getattr(action, "amount", None)
    if amount is None:
        return word
    cip = " (cip)" if it and isinstance(action, A.Bet) and amount == 1 else ""
    return f"{word} {amount}{cip}"


#: the reasons the engine gives a finished match (``MatchOver.reason``, kept in English in the
#: event and the record), in words for each language
_DEALS_PLAYED = re.compile(r"(\d+) deals played")


def _over_reason(reason: str, lang: str) -> str:
    it = lang == "it"
    if reason == "one player holds every chip":
        return "un giocatore ha tutte le fiches" if it else reason
    played = _DEALS_PLAYED.fullmatch(reason)
    if played is None:
        return reason
    deals = int(played[1])
    return (plural(deals, "mano giocata", "mani giocate") if it
            else f"{plural(deals, 'deal', 'deals')} played")

def describe_event(event: Event, lang: str = "en") -> str:
    """The sentence for one event, in English or Italian. Long by design: one branch per event
    type, kept in one place so the game's events read as one table of sentences."""
    it = lang == "it"
    if isinstance(event, E.DealerChosen):
        return ("Mazziere: " if it else "Dealer: ") + seat_name(event.seat, lang)
    if isinstance(event, E.HandStarted):
        need = RANK_TEXT[event.min_pair]
        if it:
            kind = "piatto di parole, " if event.parole else ""
            dealer = seat_name(event.dealer, lang)
            cards = counted(event.deck_size, "card", lang)
            return (f"Mano {event.hand}: mazziere {dealer}, {cards}, "
                    f"{kind}si apre con coppia di {need} o meglio; piatto {event.pot}")
        kind = "piatto di parole (frozen pot), " if event.parole else ""
        dealer = seat_name(event.dealer, lang)
        return (f"Hand {event.hand}: dealer {dealer}, {counted(event.deck_size, 'card', lang)}, "
                f"{kind}opening needs a pair of {need}s or better; pot {event.pot}")
    if isinstance(event, E.AntePaid):
        ante = counted(event.amount, "chip", lang)
        return (f"{seat_name(event.seat, lang)} mette l'invito ({ante})" if it
                else f"{seat_name(event.seat, lang)} antes {ante}")
    if isinstance(event, E.Spoke):
        word = (WORDS_IT if it else WORDS_EN).get(event.word, event.word)
        amount = f" {event.amount}" if event.amount else ""
        allin = (" (tutto)" if it else " (all-in)") if event.all_in else ""
        return f"{seat_name(event.seat, lang)}: {word}{amount}{allin}"
    if isinstance(event, E.Dealt):
        dealer = seat_name(event.dealer, lang)
        players = counted(event.players, "player", lang)
        return (f"Il mazziere ({dealer}) dà 5 carte a {players}" if it
                else f"The dealer ({dealer}) deals 5 cards to {players}")
    if isinstance(event, E.Drew):
        if it:
            return f"{seat_name(event.seat, lang)}: " + (
                "servito" if event.count == 0 else f"cambia {event.count}")
        return f"{seat_name(event.seat, lang)}: " + (
            "stands pat" if event.count == 0 else f"changes {event.count}")
    if isinstance(event, E.Reshuffled):
        discards = counted(event.count, "discard", lang)
        return (f"Mazzo finito: {noun(event.count, 'rimescolato', 'rimescolati')} {discards}" if it
                else f"Stock ran out: {discards} reshuffled")
    if isinstance(event, E.DeadDeal):
        return (f"Nessuno apre: mano morta, il piatto ({event.pot}) resta" if it
                else f"Nobody opens: dead deal, the pot ({event.pot}) stays")
    if isinstance(event, E.VoidHand):
        return ("Tutti passo: mano nulla, ognuno ritira le sue fiches" if it
                else "Everybody passo: void hand, everyone takes his chips back")
    if isinstance(event, E.Refund):
        back = counted(event.amount, "chip", lang)
        return (f"{seat_name(event.seat, lang)} ritira {back}" if it
                else f"{seat_name(event.seat, lang)} takes back {back}")
    if isinstance(event, E.PiattoDiParole):
        return (f"Piatto di parole: il piatto ({event.pot}) si congela, si apre con i re" if it
                else f"Piatto di parole: the pot ({event.pot}) is frozen; kings or better to open")
    if isinstance(event, E.Shown):
        return (f"{seat_name(event.seat, lang)} {'mostra' if it else 'shows'} "
                f"{cards_text(event.cards)}: {hand_name(event.category, lang)}")
    if isinstance(event, E.Mucked):
        return (f"{seat_name(event.seat, lang)} non mostra" if it
                else f"{seat_name(event.seat, lang)} concedes without showing")
    if isinstance(event, E.PotWon):
        pot = ("il piatto" if event.pot == 0 else f"il piatto laterale {event.pot}") if it else (
            "the pot" if event.pot == 0 else f"side pot {event.pot}")
        how = "" if event.shown else (" senza mostrare" if it else " without showing")
        won = counted(event.amount, "chip", lang)
        return (f"{seat_name(event.seat, lang)} vince {pot}: {won}{how}" if it
                else f"{seat_name(event.seat, lang)} wins {pot}: {won}{how}")
    if isinstance(event, E.PotSplit):
        share = counted(event.amount, "chip", lang)
        return (f"{seat_name(event.seat, lang)} riceve {share} dal piatto rimasto" if it
                else f"{seat_name(event.seat, lang)} gets {share} of the pot left over")
    if isinstance(event, E.Busted):
        return (f"{seat_name(event.seat, lang)} ha finito le fiches ed esce" if it
                else f"{seat_name(event.seat, lang)} is out of chips and leaves")
    if isinstance(event, E.MatchOver):
        return (f"Partita finita: {_over_reason(event.reason, lang)}" if it
                else f"Match over: {_over_reason(event.reason, lang)}")
    return event.kind


def _seat_line(view: JSON, s: int, lang: str) -> str:
    it = lang == "it"
    marks = []
    if s == view["dealer"]:
        marks.append("mazziere" if it else "dealer")
    if s == view["opener"]:
        marks.append("apre" if it else "opener")
    for b in view["blinds"]:
        if b["seat"] == s:
            marks.append(b["name"] + ("+" if b["covered"] else ""))
    if not view["in_match"][s]:
        marks.append("fuori" if it else "out")
    elif view["folded"][s] and view["hand_counts"][s]:
        marks.append("lascia" if it else "folded")
    draw = view["draws"][s]
    if draw >= 0:
        marks.append(("servito" if it else "pat") if draw == 0 else
                     (f"cambia {draw}" if it else f"drew {draw}"))
    turn = "→ " if view["current_player"] == s else "  "
    chips = view["scores"][s]
    chip_word = counted_noun(chips, "chip", lang)
    return (f"{turn}{seat_name(s, lang)}: {chips:>6.0f} "
            f"{chip_word}, {'nel piatto' if it else 'in pot'} "
            f"{view['contrib'][s]:>4}  {', '.join(marks)}")


PHASES = {
    "it": {"start": "inizio", "deal": "distribuzione", "blinds": "buio", "opening": "apertura",
           "betting": "puntate", "draw": "cambio", "second_round": "secondo giro di puntate",
           "over": "partita finita"},
    "en": {"start": "start", "deal": "deal", "blinds": "buio (blinds)", "opening": "opening",
           "betting": "betting", "draw": "cambio (draw)", "second_round": "second betting round",
           "over": "match over"},
}


def render(view: JSON, lang: str = "en") -> str:
    it = lang == "it"
    phase = PHASES["it" if it else "en"].get(view["phase"], view["phase"])
    cards = counted(view["deck_size"], "card", lang)
    head = (f"Poker all'italiana — mano {view['hand_number']}, {cards}, fase: {phase}" if it else
            f"Poker all'italiana — hand {view['hand_number']}, {cards}, phase: {phase}")
    need = view["opening_requirement"]
    lines = [head]
    parole = " — piatto di parole" if view["parole"] else ""
    lines.append((f"piatto {view['pot']} (di cui fermo {view['carried']}), si apre con "
                  f"coppia di {need}{parole}") if it else
                 (f"pot {view['pot']} (carried {view['carried']}), opening needs a pair of "
                  f"{need}s{parole}"))
    pots = view.get("pots", [])
    if len(pots) > 1 and 0 in view["chips"]:  # side pots matter only once someone is all-in
        names = [("piatto" if it else "main pot") if i == 0 else
                 (f"laterale {i}" if it else f"side pot {i}") for i in range(len(pots))]
        lines.append(", ".join(
            f"{name} {p['amount']} ({' '.join(str(x + 1) for x in p['seats'])})"
            for name, p in zip(names, pots, strict=True)))
    for s in range(len(view["chips"])):
        lines.append(_seat_line(view, s, lang))
    if view["log"]:
        words = WORDS_IT if it else WORDS_EN
        said = [f"{seat_name(e['seat'], lang)} {words.get(_log_word(e), e['word'])}"
                + (f" {e['amount']}" if e["amount"] else "") for e in view["log"][-12:]]
        lines.append(("si è detto: " if it else "said: ") + "; ".join(said))
    if view.get("hand"):
        lines.append(("le tue carte: " if it else "your hand: ") + " ".join(view["hand"]))
    last = view.get("last_hand") or {}
    if last.get("shown"):
        lines.append("ultima mano:" if it else "last hand:")
        for seat, info in last["shown"].items():
            name = hand_name(info["category"], lang)
            lines.append(f"  {seat_name(int(seat), lang)}: {' '.join(info['cards'])} — {name}")
    if last.get("end") == "showdown":
        won = ", ".join(seat_name(w, lang) for w in dict.fromkeys(last["winners"]))
        lines.append(("  vince: " if it else "  won by: ") + won)
    if last.get("end") and last.get("end") != "showdown":
        lines.append(("ultima mano: " if it else "last hand: ") + ENDS[lang][last["end"]])
    if view["current_player"] >= 0:
        who, match = ("tocca a", "da vedere") if it else ("to act:", "to match")
        mode = _MODES[lang].get(view.get("mode", ""), view.get("mode", ""))
        lines.append(f"{who} {seat_name(view['current_player'], lang)} ({mode}, "
                     f"{match} {view['to_match']})")
    elif "over" in view:
        lines.append(("partita finita: " if it else "match over: ")
                     + _over_reason(view["over"], lang))
    return "\n".join(lines)


_MODES: dict[str, dict[str, str]] = {
    "it": {"open": "apertura", "respond": "rispondi alla puntata", "call_only": "vedi o lascia",
           "stay": "stai o rilancia", "second": "parola, cip, puntata o passo",
           "blinds": "buio", "draw": "cambio"},
    "en": {"open": "opening", "respond": "answer the bet", "call_only": "call or fold",
           "stay": "stay or raise", "second": "parola, cip, bet or passo",
           "blinds": "blind", "draw": "draw"},
}

#: how a hand ended (``last_hand.end`` but a showdown), as the web board says it too
ENDS: dict[str, dict[str, str]] = {
    "it": {"uncontested": "vinta senza mostrare", "dead_deal": "nessuno apre: mano morta",
           "void": "tutti passo: mano nulla", "parole": "piatto di parole"},
    "en": {"uncontested": "won without a showdown", "dead_deal": "nobody opens: dead deal",
           "void": "everybody passo: void hand", "parole": "piatto di parole (frozen pot)"},
}

RULES_IT = """\
Poker all'italiana (poker coperto con mazzo corto).
Mazzo: 4 giocatori 32 carte (7–A), 5 giocatori 36 (6–A), 6 giocatori 40 (5–A): il rango più
basso è 11 meno il numero dei giocatori.
Semi: Cuori > Quadri > Fiori > Picche ("Come Quando Fuori Piove").
Ogni mano: tutti mettono l'invito; il primo di mano può fare il buio (2 volte il piatto), il
successivo il controbuio (4 volte), con 5-6 giocatori il successivo l'over (8 volte); chi ha fatto
un buio può coprirsi. Si danno 5 carte. Senza buio si apre con coppia vestita (J o meglio) o con 4
carte di scala reale bilaterale; si apre di piatto. Chi parla dopo può lasciare, vedere o rilanciare
(rilancio immediato, al massimo il piatto). Se nessuno apre la mano è morta e il piatto resta.
Cambio: da 0 a 4 carte (chi ne cambia 4 riceve la quarta per ultima). Secondo giro: parola, cip,
puntata o passo. Tutti passo: mano nulla. Due o più parola: piatto di parole, si rigioca e si apre
con i re. Combinazioni: scala reale, poker, colore, full, scala, tris, doppia coppia, coppia, carta
alta; il colore batte il full; la scala minima (A-7-8-9-10 con 32 carte) è la più bassa.
A parità di punti decide il seme della carta decisiva. Piatti laterali per chi è "tutto dentro".
"""

RULES_EN = """\
Poker all'italiana (Italian draw poker with a short deck).
Deck: 4 players 32 cards (7–A), 5 players 36 (6–A), 6 players 40 (5–A): the lowest rank is 11 minus
the number of players. Suits: hearts > diamonds > clubs > spades ("Come Quando Fuori Piove").
Each hand everybody antes; the player left of the dealer may go buio (blind, 2× the pot), the next
controbuio (4×), with 5-6 players the next over (8×); earlier blinds may cover. Five cards each.
Without blinds you open with a pair of jacks or better (coppia vestita) or a 4-card bilateral
straight flush, betting at most the pot. Then each may fold, call or raise (immediately, at most
the pot). If nobody opens the deal is dead and the pot stays. Draw 0 to 4 cards (a 4-card change
gets the 4th card last). Second round: parola (check), cip, bet or passo. All passo: void hand,
chips returned. Two or more parola: piatto di parole, the pot is frozen and the replay needs kings.
Ranking: straight flush, four of a kind, flush, full house, straight, three of a kind, two pair,
pair, high card; flush beats full house; the ace-low straight is the lowest. Equal ranks are decided
by the suit of the deciding card. Side pots for all-in players; busted players leave.
"""


def rules_summary(lang: str = "en") -> str:
    return RULES_IT if lang == "it" else RULES_EN


_REFUSALS: dict[str, tuple[str, str]] = {
    "already_open": ("il piatto è già aperto (o non è il giro d'apertura): non puoi aprire",
                     "the pot is already open (or this is not the opening): you cannot open"),
    "cannot_open": ("non puoi aprire: serve almeno una coppia di {pair} (o una scala colore "
                    "bilaterale di 4 carte)",
                    "you cannot open: you need a pair of {pair}s or better (or a 4-card "
                    "bilateral straight flush)"),
    "amount_not_offered": ("importi possibili: {amounts}", "the amounts you may choose: {amounts}"),
    "no_raise": ("ora non puoi rilanciare", "you may not raise now"),
    "no_bet": ("si punta solo al secondo giro, prima che qualcuno abbia puntato",
               "a bet is only made in the second round before anybody has bet"),
    "must_draw": ("ora cambia da 0 a 4 carte", "change 0 to 4 cards now"),
    "draw_too_many": ("puoi cambiare al massimo {most} carte (mai tutte e cinque)",
                      "you may change at most {most} cards (never all five)"),
    "draw_duplicate": ("indica ogni carta da cambiare una volta sola",
                       "name each card to change once"),
    "draw_order": ("elenca le carte da cambiare nell'ordine del mazzo: {order}",
                   "list the cards to change in deck order: {order}"),
}


def describe_illegal(code: str, params: dict[str, Any], lang: str = "en") -> str | None:
    """A refusal of the rules in words (None: a code the engine's common table explains)."""
    if code == "answer_offer":
        offer = A.BLIND_NAMES[int(params["level"])]
        return f"ora rispondi all'offerta di {offer}" if lang == "it" else (
            f"answer the {offer} offer now"
        )
    if code == "amount_not_offered":
        params = params | {"amounts": ", ".join(str(a) for a in params["amounts"])}
    return translate(_REFUSALS, code, params, lang)

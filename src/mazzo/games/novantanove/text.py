"""How Novantanove reads for people, in Italian (canonical game terms) and English."""

from __future__ import annotations

from typing import Any

from mazzo.engine.game import JSON, Action, Event
from mazzo.engine.refusals import translate
from mazzo.games.novantanove import events as ev
from mazzo.games.novantanove.actions import (
    BidCard,
    ChooseDealer,
    Deal,
    Declare,
    Pass,
    Play,
    Reveal,
)
from mazzo.text import counted, plural, seat_label

SUIT_WORD = {
    "it": {"♥": "cuori", "♦": "quadri", "♣": "fiori", "♠": "picche"},
    "en": {"♥": "hearts", "♦": "diamonds", "♣": "clubs", "♠": "spades"},
}
_SUIT_BY_ID = {0: "♥", 1: "♦", 2: "♣", 3: "♠"}

_WORDS: dict[str, dict[str, str]] = {
    "it": {
        "dummy": "Morto", "no_trump": "senza briscola",
        "trump": "briscola", "pass": "passo", "declare": "dichiaro",
        "reveal": "scopro (gioco a carte scoperte)", "play": "gioca {}",
        "bid_card": "metti {} tra le carte scommessa", "first_dealer": "primo mazziere: {}",
        "deal": "distribuzione del mazzo", "you": "tu", "hand_no": "mano", "game_no": "partita",
        "dealer": "mazziere", "target": "obiettivo", "turn": "tocca a", "from_dummy": "dal morto",
        "table": "presa in tavola", "last_trick": "ultima presa", "your_hand": "la tua mano",
        "bid": "scommessa", "tricks": "prese", "score": "punti", "offer": "offerta",
        "turn_up": "carta scoperta", "games_won": "partite vinte",
        "over": "incontro finito, vince {}", "last_deal": "mano precedente",
        "ok": "compiuto", "ko": "fallito", "declared": "dichiara", "revealed": "scopre",
        "rubber": "rubber", "phase_bid": "scommesse", "phase_premium": "dichiarazioni",
        "phase_play": "gioco delle prese", "phase_deal": "distribuzione", "phase_cut": "sorteggio",
    },
    "en": {
        "dummy": "Dummy", "no_trump": "no trump",
        "trump": "trump", "pass": "pass", "declare": "declare",
        "reveal": "reveal (play with the hand face up)", "play": "play {}",
        "bid_card": "lay {} as a bid card", "first_dealer": "first dealer: {}",
        "deal": "deal the pack", "you": "you", "hand_no": "deal", "game_no": "game",
        "dealer": "dealer", "target": "target", "turn": "to play", "from_dummy": "from dummy",
        "table": "trick on the table", "last_trick": "last trick", "your_hand": "your hand",
        "bid": "bid", "tricks": "tricks", "score": "score", "offer": "offer",
        "turn_up": "turn-up", "games_won": "games won",
        "over": "match over, {} wins", "last_deal": "previous deal",
        "ok": "made", "ko": "failed", "declared": "declares", "revealed": "reveals",
        "rubber": "rubber", "phase_bid": "bidding", "phase_premium": "premium bids",
        "phase_play": "trick play", "phase_deal": "dealing", "phase_cut": "cutting",
    },
}


def _w(lang: str) -> dict[str, str]:
    return _WORDS["it" if lang == "it" else "en"]


def hand_name(hand: int, players: int, lang: str = "en") -> str:
    """``Giocatore 1`` / ``Player 1`` (seats count from 1 for people, as in the CLI); hand 2
    with two players is the dummy (morto)."""
    if players == 2 and hand == 2:
        return _w(lang)["dummy"]
    return seat_label(hand, lang)


def trump_text(symbol: str | None, lang: str = "en") -> str:
    if symbol is None:
        return _w(lang)["no_trump"]
    return f"{_w(lang)['trump']} {symbol} ({SUIT_WORD['it' if lang == 'it' else 'en'][symbol]})"


def describe_action(action: Action, lang: str = "en") -> str:
    w = _w(lang)
    if isinstance(action, Play):
        return w["play"].format(action.card)
    if isinstance(action, BidCard):
        return w["bid_card"].format(action.card)
    if isinstance(action, Pass):
        return w["pass"]
    if isinstance(action, Declare):
        return w["declare"]
    if isinstance(action, Reveal):
        return w["reveal"]
    if isinstance(action, ChooseDealer):
        return w["first_dealer"].format(hand_name(action.seat, 0, lang))
    if isinstance(action, Deal):
        return w["deal"]
    return str(action)


def describe_event(event: Event, lang: str = "en") -> str:
    it = lang == "it"
    w = _w(lang)
    def seat(s: int) -> str:
        return hand_name(s, 0, lang)

    if isinstance(event, ev.DealerChosen):  # the move's words, as a sentence
        said = w["first_dealer"].format(seat(event.seat))
        return said[:1].upper() + said[1:]
    if isinstance(event, ev.Dealt):
        trump = trump_text(_SUIT_BY_ID.get(event.trump), lang)
        up = f", {w['turn_up']} {event.turn_up}" if event.turn_up is not None else ""
        return (
            f"{w['hand_no'].capitalize()} {event.hand_number}: {w['dealer']} "
            f"{seat(event.dealer)}, {trump}{up}"
        )
    if isinstance(event, ev.BidCardLaid):
        return (
            f"{seat(event.seat)} mette una carta scommessa coperta ({event.count}/3)"
            if it
            else f"{seat(event.seat)} lays a bid card face down ({event.count}/3)"
        )
    if isinstance(event, ev.PremiumOffer):
        return f"{seat(event.seat)}: {w[event.offer]}"
    if isinstance(event, ev.OfferWithdrawn):
        return (
            f"La dichiarazione di {seat(event.seat)} è superata da chi scopre"
            if it
            else f"{seat(event.seat)}'s declaration is overcalled by a reveal"
        )
    if isinstance(event, ev.BidExposed):
        cards = " ".join(str(c) for c in event.cards)
        verb = w["declared"] if event.premium == "declare" else w["revealed"]
        return f"{seat(event.seat)} {verb}: {cards} = {event.bid}"
    if isinstance(event, ev.HandExposed):
        cards = " ".join(str(c) for c in event.cards)
        return f"{_hand_word(event.hand, event.dummy, lang)}: {cards or '—'}"
    return _describe_late_event(event, lang)


def _describe_late_event(event: Event, lang: str) -> str:
    it = lang == "it"
    w = _w(lang)
    def seat(s: int) -> str:
        return hand_name(s, 0, lang)

    if isinstance(event, ev.CardPlayed):
        src = f" ({w['from_dummy']})" if event.hand != event.seat else ""
        return f"{seat(event.seat)}{src}: {event.card}"
    if isinstance(event, ev.TrickWon):
        cards = " ".join(str(c) for c in event.cards)
        who = _hand_word(event.hand, event.dummy, lang)
        return (
            f"Presa {event.number} ({cards}) a {who}"
            if it
            else f"Trick {event.number} ({cards}) won by {who}"
        )
    if isinstance(event, ev.DealScored):
        cards = " ".join(str(c) for c in event.bid_cards)
        status = w["ok"] if event.success else w["ko"]
        return (
            f"{_hand_word(event.hand, event.dummy, lang)}: {w['bid']} {cards} = {event.bid}, "
            f"{w['tricks']} {event.tricks} ({status}), +{event.points}"
        )
    if isinstance(event, ev.GameOver):
        bonus = ", ".join(f"{seat(s)} +{b}" for s, b in enumerate(event.bonuses) if b)
        return (
            f"Partita {event.game_number} vinta da {seat(event.winner)}; premi: {bonus}"
            if it
            else f"Game {event.game_number} won by {seat(event.winner)}; bonuses: {bonus}"
        )
    if isinstance(event, ev.TieContinues):
        return (
            "Parità in testa: si gioca un'altra mano"
            if it
            else "Tie for the lead: one more deal"
        )
    if isinstance(event, ev.RubberOver):
        return (
            f"Rubber vinto da {seat(event.winner)} in {counted(event.games_played, 'game', lang)}, "
            f"+{event.bonus}"
            if it
            else f"Rubber won by {seat(event.winner)} in "
            f"{counted(event.games_played, 'game', lang)}, +{event.bonus}"
        )
    return event.kind


def _hand_word(hand: int, dummy: bool, lang: str) -> str:
    return _w(lang)["dummy"] if dummy else hand_name(hand, 0, lang)


# --- the table -----------------------------------------------------------------------------


def render(view: JSON, lang: str = "en") -> str:
    """The table as ``view``'s seat sees it: scores, trump, bids, tricks, the trick, the hand."""
    w = _w(lang)
    n = view["players"]
    seat = view["seat"]
    lines = [_header(view, lang)]
    lines.append(
        f"{'':18}{w['score']:>6}  {w['tricks']:>6}  {w['bid']:<22}{w['offer']}"
    )
    for entry in view["hands"]:
        lines.append(_hand_line(entry, n, seat, view, lang))
    for entry in view["hands"]:
        if entry["cards"] is not None and entry["hand"] != seat:
            name = hand_name(entry["hand"], n, lang)
            lines.append(f"{name}: {' '.join(entry['cards'])}")
    lines.append(f"{w['table']}: {_trick_text(view['trick'], n, lang) or '—'}")
    if view["tricks"]:
        last = view["tricks"][-1]
        won = hand_name(last["winner"], n, lang)
        lines.append(f"{w['last_trick']}: {_trick_text(last['cards'], n, lang)} → {won}")
    if view.get("last_deal") and view["phase"] in ("deal", "over", "bid"):
        lines.append(_last_deal_text(view["last_deal"], n, lang))
    if seat is not None and view["hand"] is not None:
        lines.append(f"{w['your_hand']}: {' '.join(view['hand']) or '—'}")
    lines.append(_turn_line(view, lang))
    return "\n".join(lines)


def _header(view: JSON, lang: str) -> str:
    w = _w(lang)
    title = "Novantanove" if lang == "it" else "Ninety-Nine (Novantanove)"
    parts = [
        title,
        f"{w['game_no']} {view['game_number']}",
        f"{w['hand_no']} {view['hand_number']}",
    ]
    if view["dealer"] >= 0:
        parts.append(f"{w['dealer']}: {hand_name(view['dealer'], view['players'], lang)}")
    if view["phase"] != "cut" and view["hand_number"] > 0:
        parts.append(trump_text(view["trump"], lang))
    if view["turn_up"]:
        parts.append(f"{w['turn_up']}: {view['turn_up']}")
    parts.append(f"{w['target']} {view['target']}")
    if any(view["games_won"]):
        won = " ".join(str(g) for g in view["games_won"])
        parts.append(f"{w['games_won']}: {won}")
    return " — ".join(parts)


def _hand_line(entry: dict[str, Any], n: int, seat: int | None, view: JSON, lang: str) -> str:
    w = _w(lang)
    h = entry["hand"]
    name = hand_name(h, n, lang) + (f" ({w['you']})" if h == seat else "")
    if entry["bid_cards"] is not None:
        bid = " ".join(entry["bid_cards"])
        if entry["bid"] is not None:
            bid += f" = {entry['bid']}"
    else:
        bid = _hidden_bid_cards(entry["bid_count"], lang) if entry["bid_count"] else "—"
    target = entry["bid"] if entry["bid"] is not None else "?"
    score = view["dummy_score"] if entry["dummy"] else view["game_scores"][h]
    offer = w[entry["offer"]].split(" ")[0] if entry["offer"] else ""
    tricks = f"{entry['tricks']}/{target}"
    return f"{name:<18}{score:>6}  {tricks:>6}  {bid:<22}{offer}".rstrip()


def _hidden_bid_cards(count: int, lang: str) -> str:
    """How many bid cards lie face down: "1 carta coperta", "3 carte coperte"."""
    if lang == "it":
        return plural(count, "carta coperta", "carte coperte")
    return plural(count, "card face down", "cards face down")


def _trick_text(cards: list[list[Any]], n: int, lang: str) -> str:
    return "  ".join(f"{hand_name(h, n, lang)} {c}" for h, c in cards)


def _last_deal_text(deal: JSON, n: int, lang: str) -> str:
    w = _w(lang)
    parts = []
    for h, points in enumerate(deal["points"]):
        status = w["ok"] if deal["success"][h] else w["ko"]
        parts.append(
            f"{hand_name(h, n, lang)} {deal['tricks'][h]}/{deal['bids'][h]} {status} +{points}"
        )
    return f"{w['last_deal']}: " + ", ".join(parts)


def _turn_line(view: JSON, lang: str) -> str:
    w = _w(lang)
    n = view["players"]
    player = view["current_player"]
    if view["phase"] == "over":
        best = max(range(n), key=lambda s: view["scores"][s])
        return w["over"].format(hand_name(best, n, lang))
    if player < 0:
        return f"{w['turn']}: —"
    who = hand_name(player, n, lang)
    if view.get("playing_hand") is not None and view["playing_hand"] != player:
        who += f" ({w['from_dummy']})"
    return f"{w['turn']}: {who} [{w['phase_' + view['phase']]}]"


# --- rules ---------------------------------------------------------------------------------

_RULES_IT = """Novantanove (David Parlett) — gioco di prese per 3 giocatori (2 con il morto, o 4).
Mazzo di 36 carte (6–A; 52 o 48 carte in 4), tutto distribuito: 12 carte a testa (13 con 52).
Ognuno scommette il numero esatto di prese che farà mettendo da parte 3 carte coperte, il cui
seme vale: fiori 3, cuori 2, picche 1, quadri 0 (es. ♣♦♦ = 3). Poi, a partire dalla sinistra
del mazziere, ciascuno può dichiarare (carte scommessa scoperte, premio 30) o scoprire (anche
tutta la mano scoperta sul tavolo, premio 60); uno solo per mano, lo scoprire batte il
dichiarare. La prima mano di ogni partita è senza briscola; poi la briscola dipende da quanti
hanno compiuto il contratto nella mano precedente: 0 quadri, 1 picche, 2 cuori, 3 fiori, 4
senza briscola. Si deve rispondere al seme; vince la briscola più alta o la carta più alta del
seme di uscita; chi prende esce. Punti: 1 per presa; chi fa esattamente le prese scommesse
prende 30 se è il solo, 20 se sono in due, 10 se in tre (0 se in quattro); il premio va al
dichiarante riuscito, altrimenti a ciascun avversario. Partita a 100 punti: vince il più alto
(+100, e +100 a chiunque altro abbia raggiunto 100); in caso di parità si gioca un'altra mano.
In 2 si gioca con il morto: 3 sue carte a caso sono la sua scommessa, le altre 9 scoperte; lo
gioca chi è di mano. Variante classica: 37 carte con il jolly e briscola dalla carta voltata."""

_RULES_EN = """Ninety-Nine (Novantanove, David Parlett) — a trick game for 3 (2 with a dummy, or 4).
36 cards (6–A; 52 or 48 with four players), all dealt: 12 each (13 with 52). Each player bids
an exact number of tricks by laying aside 3 cards face down whose suits count: clubs 3, hearts
2, spades 1, diamonds 0 (e.g. ♣♦♦ = 3). Then, from the dealer's left, each may declare (bid
cards face up, premium 30) or reveal (the whole hand face up as well, premium 60); only one per
deal, a reveal beats a declaration. The first deal of each game is at no trump; later the trump
is set by how many made their bid in the previous deal: 0 diamonds, 1 spades, 2 hearts, 3 clubs,
4 no trump. Follow suit if able; the highest trump, else the highest card of the suit led, wins;
the winner leads. Score 1 per trick; each player who made the bid exactly gets 30 if alone, 20
if two, 10 if three (0 if four); the premium goes to a successful bidder, else to each opponent.
A game is 100 points: the highest total wins (+100, and +100 to anyone else who reached 100); a
tie for the lead plays one more deal. Two players use a dummy: 3 of its cards at random are its
bid, the other 9 lie face up; the trick's leader plays it. Classic variant: 37 cards with a joker,
trump by the turned-up card; rubber mode: first to three games."""


def rules_summary(lang: str = "en") -> str:
    return _RULES_IT if lang == "it" else _RULES_EN


_REFUSALS: dict[str, tuple[str, str]] = {
    "must_follow": ("devi rispondere a {suit}: {card} non è {suit}",
                    "you must follow {suit}: {card} is not {suit}"),
    "lay_bid_card": ("ora metti una carta scommessa coperta ({laid} su 3 già messe)",
                     "lay a bid card face down now ({laid} of 3 laid)"),
    "play_a_card": ("si giocano le prese: gioca una carta", "tricks are being played: play a card"),
    "not_in_dummy": ("ora giochi dal morto, e {card} non è nel morto",
                     "you play from the dummy now, and {card} is not in the dummy"),
    "play_from_hand": ("ora giochi dalla tua mano, non dal morto ({card})",
                       "you play from your own hand now, not from the dummy ({card})"),
    "answer_premium": ("ora rispondi: passo, dichiaro o scopro",
                       "answer now: pass, declare or reveal"),
    "no_reveal_two": ("in due non si può scoprire (solo dichiarare)",
                      "in the 2-player game nobody may reveal (only declare)"),
    "already_offered": ("il Giocatore {seat} ha già offerto di {offer}",
                        "Player {seat} has already offered to {offer}"),
}
_OFFER_VERB = {"declare": ("dichiarare", "declare"), "reveal": ("scoprire", "reveal")}


def describe_illegal(code: str, params: dict[str, Any], lang: str = "en") -> str | None:
    """A refusal of the rules in words (None: a code the engine's common table explains)."""
    if code == "already_offered":
        verbs = _OFFER_VERB.get(str(params.get("offer")), ("?", "?"))
        params = params | {"offer": verbs[0] if lang == "it" else verbs[1]}
    return translate(_REFUSALS, code, params, lang)

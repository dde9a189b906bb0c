"""How Nebraska reads for people, in Italian and English."""

from __future__ import annotations

import functools
from typing import Any, Final

from mazzo.cards import RANK_TEXT, Card
from mazzo.engine.game import JSON, Action, Event, card_from_token
from mazzo.engine.refusals import translate
from mazzo.games.nebraska import events as ev
from mazzo.games.nebraska.actions import Bid, ChooseDealer, Deal, Promote, Reject
from mazzo.games.nebraska.scoring import (
    POKER_KINDS,
    Combination,
    card_matches,
    poker_combinations,
    valid_cards,
)
from mazzo.text import counted, plural, seat_label

VARIANT_NAMES = {
    "it": {"family": "Nebraska-family", "expert": "Nebraska-expert", "poker": "Nebraska-poker"},
    "en": {"family": "Nebraska-family", "expert": "Nebraska-expert", "poker": "Nebraska-poker"},
}
REASONS = {
    "it": {
        "complete": "cinque carte comuni sul tavolo",
        "stock_short": "carte insufficienti per rifornire tutti dopo lo scarto",
        "stock_empty": "mazzo esaurito, nessuna nuova candidata",
    },
    "en": {
        "complete": "five common cards on the table",
        "stock_short": "too few cards left to replace after the rejection",
        "stock_empty": "stock exhausted, no new candidate",
    },
}


#: "manche" is invariant in Italian
HANDS = {"it": ("manche", "manche"), "en": ("hand", "hands")}
#: what family and expert count: valid cards, and matches between personal and common cards
COUNT_NOUNS = {
    "it": {"family": ("carta valida", "carte valide"),
           "expert": ("corrispondenza", "corrispondenze")},
    "en": {"family": ("valid card", "valid cards"), "expert": ("match", "matches")},
}


def count_text(count: int, variant: str, lang: str) -> str:
    """A family or expert count with its noun: "1 carta valida", "3 matches"."""
    return plural(count, *COUNT_NOUNS[lang if lang in COUNT_NOUNS else "en"][variant])


def token_name(token: str, lang: str) -> str:
    return card_from_token(token).name(lang)


def cards_line(items: list[str], lang: str) -> str:
    return ", ".join(token_name(t, lang) for t in items) if items else "—"


def seat_name(seat: int, lang: str) -> str:
    return seat_label(seat, lang)


def describe_action(action: Action, lang: str = "en") -> str:
    it = lang == "it"
    if isinstance(action, Bid):
        return f"{'punta' if it else 'bid'} {action.card.name(lang)}"
    if isinstance(action, Promote):
        return "promuovi la candidata" if it else "promote the candidate"
    if isinstance(action, Reject):
        return "respingi la candidata" if it else "reject the candidate"
    if isinstance(action, ChooseDealer):
        return f"{'primo mazziere' if it else 'first dealer'}: {seat_name(action.seat, lang)}"
    if isinstance(action, Deal):
        return "mescola il mazzo" if it else "shuffle the deck"
    return str(action)


def describe_event(event: Event, lang: str = "en") -> str:
    it = lang == "it"
    if isinstance(event, ev.DealerChosen):
        return f"{seat_name(event.seat, lang)} {'è il primo mazziere' if it else 'deals first'}"
    if isinstance(event, ev.HandDealt):
        return (
            f"Manche {event.hand_number}: {seat_name(event.dealer, lang)} distribuisce 10 carte"
            if it
            else f"Hand {event.hand_number}: {seat_name(event.dealer, lang)} deals 10 cards each"
        )
    if isinstance(event, ev.CandidateTurned):
        return f"{'Candidata' if it else 'Candidate'}: {event.card.name(lang)}"
    if isinstance(event, ev.BidPlaced):
        return f"{seat_name(event.seat, lang)} {'ha puntato' if it else 'has bid'}"
    if isinstance(event, ev.BidsRevealed):
        shown = ", ".join(c.name(lang) for c in event.bids)
        who = seat_name(event.decider, lang)
        return (
            f"Puntate scoperte: {shown} — decide {who}"
            if it
            else f"Bids revealed: {shown} — {who} decides"
        )
    if isinstance(event, ev.Decided):
        verb = (
            ("promuove", "respinge") if it else ("promotes", "rejects")
        )[0 if event.promoted else 1]
        return f"{seat_name(event.seat, lang)} {verb} {event.card.name(lang)}"
    if isinstance(event, ev.ReplacementsDealt):
        return "Una nuova carta a ciascuno" if it else "One replacement card to each player"
    if isinstance(event, ev.HandEnded):
        head = "Fine della manche" if it else "End of the hand"
        return f"{head}: {REASONS[lang if lang in REASONS else 'en'][event.reason]}"
    if isinstance(event, ev.HandScored):
        parts = ", ".join(
            f"{seat_name(s, lang)} +{p}" for s, p in enumerate(event.points) if p
        ) or ("nessun punto" if it else "no points")
        head = "Punti della manche" if it else "Hand points"
        if event.by_tiebreak:
            head += " (spareggio)" if it else " (tie-break)"
        return f"{head}: {parts}"
    if isinstance(event, ev.MatchOver):
        names = ", ".join(seat_name(s, lang) for s in event.winners)
        verb = ("Vincono la partita" if len(event.winners) > 1 else "Vince la partita") if it \
            else "Match won by"
        return f"{verb}: {names}"
    return str(event)


def render(view: JSON, lang: str = "en") -> str:
    """The table as one seat sees it, as text. Long by design: one block per part of the
    table, in the order the terminal prints them, so the layout reads top to bottom."""
    it = lang == "it"
    seat = view["seat"]
    n = view["players"]
    lines = [
        f"Nebraska — {VARIANT_NAMES['en'][view['variant']]} — "
        + (f"{'manche' if it else 'hand'} {view['hand_number']}")
        + (
            f", {'obiettivo' if it else 'target'} {view['target']}"
            if view["target"]
            else f", {plural(view['hands_to_play'], *HANDS[lang if lang in HANDS else 'en'])}"
        ),
    ]
    lines.append(
        f"{'Carte comuni' if it else 'Common cards'}: {cards_line(view['common'], lang)}"
    )
    if view["candidate"]:
        lines.append(
            f"{'Candidata' if it else 'Candidate'}: {token_name(view['candidate'], lang)}"
            f"   ({'mazzo' if it else 'stock'}: {view['stock']})"
        )
    if view["rejected"]:
        lines.append(f"{'Respinte' if it else 'Rejected'}: {cards_line(view['rejected'], lang)}")
    lines.append("")
    for s in range(n):
        marks = []
        if s == view["dealer"]:
            marks.append("mazziere" if it else "dealer")
        if s == seat:
            marks.append("tu" if it else "you")
        bid = view["bids"][s]
        if bid is True:
            bid_text = "puntata coperta" if it else "bid face down"
        elif bid:
            bid_text = f"{'punta' if it else 'bids'} {token_name(bid, lang)}"
        else:
            bid_text = ""
        tag = f" ({', '.join(marks)})" if marks else ""
        lines.append(
            f"  {seat_name(s, lang)}{tag}: {counted(view['scores'][s], 'pt', lang)}, "
            f"{counted(view['hand_sizes'][s], 'card', lang)}"
            + (f", {bid_text}" if bid_text else "")
        )
        if view["spent_bids"][s]:
            lines.append(
                f"      {'puntate giocate' if it else 'spent bids'}: "
                f"{cards_line(view['spent_bids'][s], lang)}"
            )
    if view["hand"] is not None:
        lines.append("")
        lines.append(f"{'La tua mano' if it else 'Your hand'}: {cards_line(view['hand'], lang)}")
        if view.get("received"):  # the replacement after a rejection: only its owner sees it
            lines.append(
                f"{'Hai ricevuto' if it else 'You received'} {cards_line(view['received'], lang)}"
            )
        if view["phase"] in ("bid", "decide"):
            lines.extend(counting_now(view, lang))
    if view["decider"] is not None:
        lines.append(
            f"{'Decide' if it else 'Deciding'}: {seat_name(view['decider'], lang)}"
        )
    last = view.get("last_hand")
    starting = not view["common"] and not any(view["spent_bids"])
    if last and (view["phase"] == "over" or starting):
        lines.append("")
        lines.extend(render_hand_result(last, view["variant"], lang))
    return "\n".join(lines)


def render_hand_result(last: dict[str, Any], variant: str, lang: str) -> list[str]:
    it = lang == "it"
    lines = [
        f"{'Risultato della manche' if it else 'Result of hand'} {last['hand_number']}: "
        f"{cards_line(last['common'], lang)}"
    ]
    for s, cards in enumerate(last["personal"]):
        extra = ""
        if "counts" in last:
            extra = f" — {count_text(last['counts'][s], variant, lang)}"
        else:
            extra = " — " + ", ".join(
                f"{kind} {last[kind]['points'][s]}" for kind in ("valore", "colore", "sequenza")
            )
        lines.append(
            f"  {seat_name(s, lang)}: {cards_line(cards, lang)}{extra} → +{last['points'][s]}"
        )
    if last.get("tiebreak"):
        lines.append("  " + tiebreak_text(last["tiebreak"], lang))
    return lines


def counting_now(view: JSON, lang: str) -> list[str]:
    """Which of the seat's personal cards count with the common cards on the table now, under
    the variant's scoring (the scoring module decides; this only words it)."""
    return _counting_lines(view["variant"], _counted(view), lang)


def view_notes(view: JSON, lang: str) -> JSON | None:
    """The notes of a seat's view (``Game.notes``): :func:`counting_now`'s lines and the seat's
    cards that count now, in the hand's order; None for a view without a hand (a spectator's)."""
    hand = view.get("hand")
    if hand is None:
        return None
    lines, cards = _notes(tuple(hand), tuple(view["common"]), view["variant"],
                          bool(view.get("ace_low_in_runs")), lang)
    return {"lines": list(lines), "cards": list(cards)}


#: notes kept for the seats' cards last seen: the server builds them for every frame of a seat,
#: and most frames (another player's bid) leave the seat's cards and the common ones as they were
NOTES_CACHE: Final = 1024


@functools.lru_cache(maxsize=NOTES_CACHE)
def _notes(hand: tuple[str, ...], common: tuple[str, ...], variant: str, ace_low: bool,
           lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """:func:`view_notes` of the only parts of a view it reads (the scoring runs once for the
    lines and the cards)."""
    view = {"hand": hand, "common": common, "variant": variant, "ace_low_in_runs": ace_low}
    cards, counted = _counted(view)
    if variant == "family":
        counting = set(counted)
    elif variant == "expert":
        counting = {c for c, n in counted if n}
    else:
        counting = {c for kind in POKER_KINDS if (combo := counted[kind]) is not None
                    for c in combo[0]}
    lines = _counting_lines(variant, (cards, counted), lang)
    return tuple(lines), tuple(t for t, c in zip(hand, cards, strict=True) if c in counting)


def _counted(view: JSON) -> tuple[list[Card], Any]:
    """The seat's hand and what counts of it under the view's variant: the valid cards
    (family), each card with the common cards it matches (expert), the combinations (poker)."""
    hand = [card_from_token(t) for t in view["hand"]]
    common = [card_from_token(t) for t in view["common"]]
    variant = view["variant"]
    if variant == "family":
        return hand, valid_cards(hand, common)
    if variant == "expert":
        return hand, [(c, card_matches(c, common)) for c in hand]
    return hand, poker_combinations(hand, common, bool(view.get("ace_low_in_runs")))


def _counting_lines(variant: str, counted: tuple[list[Card], Any], lang: str) -> list[str]:
    """:func:`_counted`'s answer in words."""
    it = lang == "it"
    head = "Contano ora" if it else "Counting now"
    found = counted[1]
    if variant == "family":
        names = ", ".join(c.name(lang) for c in found)
        return [f"{head}: {count_text(len(found), variant, lang)}{_listing(names)}"]
    if variant == "expert":
        total = sum(n for _, n in found)
        names = ", ".join(f"{c.name(lang)} ({n})" for c, n in found if n)
        return [f"{head}: {count_text(total, variant, lang)}{_listing(names)}"]
    lines = [f"{'Combinazioni ora' if it else 'Combinations now'}:"]
    for kind in POKER_KINDS:
        lines.append(f"  {kind}: {combination_text(found[kind], lang)}")
    return lines


def _listing(names: str) -> str:
    return f" — {names}" if names else ""


def combination_text(combo: Combination | None, lang: str) -> str:
    """"3 carte — tue: 3 rosso; comuni: 3 giallo, 3 azzurro", or "nessuna" when none counts."""
    it = lang == "it"
    if combo is None:
        return "nessuna" if it else "none"
    mine, table = combo
    size = counted(len(mine) + len(table), "card", lang)
    own = ", ".join(c.name(lang) for c in mine)
    shared = ", ".join(c.name(lang) for c in table)
    if it:
        return f"{size} — tue: {own}; comuni: {shared}"
    return f"{size} — yours: {own}; common: {shared}"


def ordinal(place: int, lang: str) -> str:
    """1-based ordinal of a compared card: "1ª", "2ª" / "1st", "2nd", "3rd", "4th"."""
    if lang == "it":
        return f"{place}ª"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place < 20 else place % 10, "th")
    return f"{place}{suffix}"


def tiebreak_text(tb: dict[str, Any], lang: str) -> str:
    """How the tie for the most was settled: "Giocatore 1 vince allo spareggio: alla 1ª carta
    J contro 10 (Giocatore 2)", or that the tie stands and every tied player scores."""
    it = lang == "it"
    winners = ", ".join(seat_name(s, lang) for s in tb["winners"])
    alone = len(tb["winners"]) == 1
    if tb["place"] < 0:
        return (f"Pari anche allo spareggio: {winners} prendono il punto" if it
                else f"Still level after the tie-break: {winners} each score")
    place = tb["place"]
    ranks = dict(zip(tb["tied"], tb["ranks"], strict=True))

    def rank_at(seat: int) -> str:
        held = ranks[seat]
        if place < len(held):
            return RANK_TEXT[held[place]]
        return "nessuna carta" if it else "no card"

    mine, theirs = rank_at(tb["winners"][0]), rank_at(tb["rival"])
    rival = seat_name(tb["rival"], lang)
    if it:
        verb = "vince" if alone else "vincono"
        return (f"{winners} {verb} allo spareggio: alla {ordinal(place + 1, lang)} carta "
                f"{mine} contro {theirs} ({rival})")
    verb = "wins" if alone else "win"
    return (f"{winners} {verb} on the tie-break: at the {ordinal(place + 1, lang)} card "
            f"{mine} against {theirs} ({rival})")


RULES = {
    "it": """\
Nebraska (Dal Negro, Colovini & De Toffoli) — 2–7 giocatori, 104 carte: 13 valori (A alto … 2)
in 8 semi di colore: giallo, verde, verde scuro, blu, azzurro, rosso, rosa, oro.

Ogni giocatore riceve 10 carte personali. Ogni manche è una serie di "elezioni":
  1. si scopre la prima carta del mazzo: la candidata;
  2. ognuno punta una carta coperta dalla propria mano;
  3. si scoprono le puntate: la più alta (valore, poi ordine dei semi) decide se la candidata è
     promossa (diventa carta comune) o respinta (scartata; ognuno riceve una nuova carta).
Le carte puntate restano scoperte e fuori gioco. Con 5 carte comuni la manche finisce; se dopo
uno scarto non ci sono carte per tutti, finisce subito con meno carte comuni.

Family: una carta personale è valida se ha il colore o il valore di una carta comune; vince chi
ne ha di più. Expert: ogni carta personale vale quante carte comuni abbina; vince il totale più
alto. Pareggi: vince la carta più alta, poi la seconda… Il vincitore prende 1 punto.
Poker: per valore, colore e sequenza (almeno una carta personale e una comune) la migliore
combinazione prende 3 punti, la seconda 1; pari al primo posto 2 ciascuno.
Obiettivo: family/expert 6 (2–3 giocatori), 4 (4–5), 3 (6–7); poker 31, 21, 16.""",
    "en": """\
Nebraska (Dal Negro, Colovini & De Toffoli) — 2–7 players, 104 cards: 13 ranks (A high … 2) in
8 colour suits: yellow (giallo), green (verde), dark green (verde scuro), blue (blu), light blue
(azzurro), red (rosso), pink (rosa), gold (oro).

Each player gets 10 personal cards. A hand is a series of "elections":
  1. the top stock card is turned up: the candidate;
  2. everyone bids one card from hand, face down;
  3. bids are revealed: the highest (rank, then the suit order) decides whether the candidate is
     promoted (becomes a common card) or rejected (discarded; everyone draws a replacement).
Bid cards stay face up and out of play. With 5 common cards the hand ends; if after a rejection
there are not enough cards for everyone, it ends at once with fewer common cards.

Family: a personal card is valid if it shares colour or rank with a common card; most valid
cards wins. Expert: each personal card counts the common cards it matches; highest total wins.
Ties: highest card wins, then the second… The winner scores 1 point.
Poker: in rank groups (valore), colour groups (colore) and runs (sequenza), each with at least one
personal and one common card, the best combination scores 3, the second 1; a tie for first 2 each.
Target: family/expert 6 (2–3 players), 4 (4–5), 3 (6–7); poker 31, 21, 16.""",
}


def rules_summary(lang: str = "en") -> str:
    return RULES["it" if lang == "it" else "en"]


_REFUSALS: dict[str, tuple[str, str]] = {
    "must_bid": ("ora punta una carta della tua mano", "bid a card from your hand now"),
    "promote_or_reject": ("hai vinto la puntata: promuovi o respingi la candidata",
                          "you won the bid: promote or reject the candidate"),
}


def describe_illegal(code: str, params: dict[str, Any], lang: str = "en") -> str | None:
    """A refusal of the rules in words (None: a code the engine's common table explains)."""
    return translate(_REFUSALS, code, params, lang)

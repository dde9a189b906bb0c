"""How cribbage reads for people, in Italian and English: actions, events (with the spoken
count, "fifteen 2, fifteen 4, a pair is 6…"), the table and a rules summary."""

from __future__ import annotations

from typing import Any

from mazzo.cards import Card
from mazzo.engine.game import JSON, Action, Event, card_from_token
from mazzo.engine.refusals import translate
from mazzo.games.cribbage import events as ev
from mazzo.games.cribbage.actions import (
    Announce,
    Claim,
    Cut,
    CutForDeal,
    Deal,
    Decline,
    Discard,
    Play,
)
from mazzo.games.cribbage.scoring import fifteen_count
from mazzo.text import counted, named_seats, noun, plural, seat_label


def seat_name(seat: int, lang: str) -> str:
    return seat_label(seat, lang)


def side_name(seat: int, players: int, lang: str) -> str:
    """A side is named by its players (partners in the 4-player game)."""
    if players == 4:
        if named_seats() is not None:  # nicknames: "Ada+Bea"
            return f"{seat_name(seat % 2, lang)}+{seat_name(seat % 2 + 2, lang)}"
        first, second = seat % 2 + 1, seat % 2 + 3
        return f"{'Giocatori' if lang == 'it' else 'Players'} {first}+{second}"
    return seat_name(seat, lang)


def cards_str(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)


def describe_action(action: Action, lang: str = "en") -> str:
    it = lang == "it"
    if isinstance(action, Play):
        return f"{'gioca' if it else 'play'} {action.card}"
    if isinstance(action, Discard):
        return f"{'metti nel crib' if it else 'lay away to the crib'} {cards_str(action.cards)}"
    if isinstance(action, Announce):
        return f"{'annuncia' if it else 'announce'} {action.points}"
    if isinstance(action, Claim):
        if it:
            return "muggins! (prendi i punti dimenticati)"
        return "muggins! (take the overlooked points)"
    if isinstance(action, Decline):
        return "niente muggins" if it else "no muggins"
    if isinstance(action, Deal):
        return "mescola e distribuisci" if it else "shuffle and deal"
    if isinstance(action, Cut):
        return f"{'starter (carta girata)' if it else 'starter'} {action.card}"
    if isinstance(action, CutForDeal):
        return f"{'taglio per il mazziere' if it else 'cut for deal'} {cards_str(action.cards)}"
    return str(action)


# --- the spoken count --------------------------------------------------------------------------

_PAIR_WORDS = {
    "en": {1: "a pair", 2: "two pairs", 3: "three pairs", 4: "four pairs", 6: "six pairs"},
    "it": {1: "una coppia", 2: "due coppie", 3: "tre coppie", 4: "quattro coppie",
           6: "sei coppie"},
}
_NUM_WORDS = {
    "en": {2: "two", 3: "three", 4: "four", 5: "five", 8: "eight"},
    "it": {2: "due", 3: "tre", 4: "quattro", 5: "cinque", 8: "otto"},
}


def spoken_count(e: ev.Counted, lang: str) -> str:
    """The traditional count of a hand: each fifteen, then pairs, runs, flush and nobs, always
    saying the running total."""
    it = lang == "it"
    cards = (*e.cards, e.starter)
    words: list[str] = []
    running = 0
    for _ in range(fifteen_count(cards)):
        running += 2
        words.append(f"{'quindici' if it else 'fifteen'} {running}")
    verb = "fa" if it else "is"
    if e.pairs:
        running += e.pairs
        words.append(f"{_PAIR_WORDS[lang][e.pairs // 2]} {verb} {running}")
    if e.runs:
        running += e.runs
        runs = e.runs // e.run_length
        n = _NUM_WORDS[lang].get(runs, str(runs))
        length = _NUM_WORDS[lang].get(e.run_length, str(e.run_length))
        if it:
            what = f"una scala di {length}" if runs == 1 else f"{n} scale di {length}"
        else:
            what = f"a run of {length}" if runs == 1 else f"{n} runs of {length}"
        words.append(f"{what} {verb} {running}")
    if e.flush:
        running += e.flush
        words.append(f"{'colore di' if it else 'a flush of'} {e.flush} {verb} {running}")
    if e.nobs:
        running += 1
        words.append(f"{'uno per il fante (nobs)' if it else 'one for his nobs'} {verb} {running}")
    if not words:
        return "diciannove! (zero punti)" if it else "nineteen! (no points)"
    return ", ".join(words)


_SCORED = {
    "en": {
        "his_heels": "two for his heels", "fifteen": "fifteen for two",
        "thirty_one": "thirty-one for two", "pair": "a pair for two",
        "pair_royal": "pair royal for six", "double_pair_royal": "double pair royal for twelve",
        "go": "one for the go", "last_card": "one for last card",
    },
    "it": {
        "his_heels": "due per il fante girato (his heels)", "fifteen": "quindici per due",
        "thirty_one": "trentuno per due", "pair": "coppia per due",
        "pair_royal": "tris per sei", "double_pair_royal": "poker per dodici",
        "go": "uno per il go", "last_card": "uno per l'ultima carta",
    },
}


def reason_text(reason: str, points: int, lang: str) -> str:
    if reason == "run":
        if lang == "it":
            return f"scala di {points} per {points}"
        return f"a run of {points} for {points}"
    return _SCORED[lang].get(reason, reason)


_SKUNK = {
    "en": {0: "", 1: " (skunk)", 2: " (double skunk)", 3: " (triple skunk)"},
    "it": {0: "", 1: " (cappotto / skunk)", 2: " (doppio skunk)", 3: " (triplo skunk)"},
}


def describe_event(event: Event, lang: str = "en") -> str:
    """The sentence for one event, in English or Italian. Long by design: one branch per event
    type, kept in one place so the game's events read as one table of sentences."""
    it = lang == "it"
    e = event
    if isinstance(e, ev.Laid):
        return f"{seat_name(e.seat, lang)} {'gioca' if it else 'plays'} {e.card} — {e.count}"
    if isinstance(e, ev.Scored):
        total = f"({'totale' if it else 'total'} {e.total})"
        return f"{seat_name(e.seat, lang)}: {reason_text(e.reason, e.points, lang)} {total}"
    if isinstance(e, ev.Go):
        return f"{seat_name(e.seat, lang)}: go ({'conteggio' if it else 'count'} {e.count})"
    if isinstance(e, ev.CountReset):
        return (f"Il conteggio torna a 0; attacca {seat_name(e.seat, lang)}" if it
                else f"The count goes back to 0; {seat_name(e.seat, lang)} leads")
    if isinstance(e, ev.Counted):
        return _counted(e, lang)
    if isinstance(e, ev.Discarded):
        if it:
            return f"{seat_name(e.seat, lang)} mette {counted(e.count, 'card', lang)} nel crib"
        return f"{seat_name(e.seat, lang)} lays away {counted(e.count, 'card', lang)} to the crib"
    if isinstance(e, ev.StarterCut):
        if it:
            return f"{seat_name(e.seat, lang)} taglia: lo starter è {e.card}"
        return f"{seat_name(e.seat, lang)} cuts: the starter is {e.card}"
    if isinstance(e, ev.Dealt):
        if it:
            return (f"Mano {e.hand_number} (partita {e.game_number}): distribuisce "
                    f"{seat_name(e.dealer, lang)}")
        return f"Hand {e.hand_number} (game {e.game_number}): {seat_name(e.dealer, lang)} deals"
    if isinstance(e, ev.CutForDealt):
        cuts = ", ".join(f"{seat_name(s, lang)} {c}" for s, c in enumerate(e.cards))
        if e.dealer < 0:
            return f"{'Taglio' if it else 'Cut'}: {cuts} — " + (
                "carte più basse uguali, si taglia di nuovo" if it else "equal lowest, cut again")
        who = seat_name(e.dealer, lang)
        return f"{'Taglio' if it else 'Cut'}: {cuts} — " + (
            f"la carta più bassa: distribuisce {who}" if it else f"lowest card: {who} deals")
    if isinstance(e, ev.Announced):
        what = _WHAT[lang][e.what]
        fix = ""
        if e.claimed != e.points:
            fix = f", {'corretti a' if it else 'corrected to'} {e.points}"
        if it:
            return (f"{seat_name(e.seat, lang)} annuncia {e.claimed} per {what}{fix} "
                    f"(totale {e.total})")
        return (f"{seat_name(e.seat, lang)} announces {e.claimed} for {what}{fix} "
                f"(total {e.total})")
    if isinstance(e, ev.Claimed):
        if it:
            forgotten = plural(e.points, "punto dimenticato", "punti dimenticati")
            return (f"{seat_name(e.seat, lang)}: muggins! prende {forgotten} da "
                    f"{seat_name(e.owner, lang)} (totale {e.total})")
        return (f"{seat_name(e.seat, lang)}: muggins! takes {counted(e.points, 'point', lang)} "
                f"{seat_name(e.owner, lang)} overlooked (total {e.total})")
    if isinstance(e, ev.Declined):
        return f"{seat_name(e.seat, lang)}: {'niente muggins' if it else 'no muggins'}"
    if isinstance(e, ev.PegWorth):
        parts = ", ".join(reason_text(r, p, lang) for r, p in zip(e.reasons, e.points, strict=True))
        worth = sum(e.points)
        if it:
            return (f"La carta di {seat_name(e.seat, lang)} valeva {worth}: {parts} "
                    f"({noun(e.announced, 'annunciato', 'annunciati')} {e.announced})")
        return (f"{seat_name(e.seat, lang)}'s card was worth {worth}: {parts} "
                f"(announced {e.announced})")
    if isinstance(e, ev.GameWon):
        players = e.players
        score = "–".join(str(s) for s in e.scores)
        who = side_name(e.seat, players, lang)
        skunk = _SKUNK[lang][e.skunk]
        if it:
            verb = "vincono" if players == 4 else "vince"
            return (f"{who} {verb} la partita {e.game_number}, {score}{skunk}: "
                    f"{plural(e.match_points, 'punto match', 'punti match')}")
        return (f"{who} win{'s' if players != 4 else ''} game {e.game_number}, {score}{skunk}: "
                f"{plural(e.match_points, 'match point', 'match points')}")
    if isinstance(e, ev.MatchWon):
        games = "–".join(str(g) for g in e.games_won)
        points = "–".join(str(p) for p in e.match_points)
        who = side_name(e.seat, e.players, lang)
        if it:
            verb = "vincono" if e.players == 4 else "vince"
            return f"{who} {verb} il match (partite {games}, punti match {points})"
        verb = "win" if e.players == 4 else "wins"
        return f"{who} {verb} the match (games {games}, match points {points})"
    return str(e)


_WHAT = {
    "en": {"hand": "the hand", "crib": "the crib", "peg": "the card"},
    "it": {"hand": "la mano", "crib": "il crib", "peg": "la carta"},
}


def _counted(e: ev.Counted, lang: str) -> str:
    it = lang == "it"
    owner = seat_name(e.seat, lang)
    whose = (f"Mano di {owner}" if e.what == "hand" else f"Crib di {owner}") if it else (
        f"{owner}'s {'hand' if e.what == 'hand' else 'crib'}")
    head = f"{whose}: {cards_str(e.cards)} + {e.starter}"
    count = spoken_count(e, lang)
    if e.announced < 0:
        return f"{head} — {count} → {e.points} ({'totale' if it else 'total'} {e.total})"
    return (f"{head} — {count} → {e.points} "
            f"({noun(e.announced, 'annunciato', 'annunciati') if it else 'announced'} "
            f"{e.announced}, "
            f"{'totale' if it else 'total'} {e.total})")


# --- the table ---------------------------------------------------------------------------------


def _board_line(view: JSON, seat: int, lang: str) -> str:
    target = view["target"]
    score = view["scores"][seat]
    width = 30
    filled = min(width, score * width // target)
    bar = "█" * filled + "·" * (width - filled)
    line = view.get("skunk_line")
    mark = ""
    if line is not None:
        pos = (line - 1) * width // target
        bar = bar[:pos] + ("|" if filled <= pos else "┃") + bar[pos + 1:]
        mark = ""
    return f"{bar} {score:>3}{mark}"


def render(view: JSON, lang: str = "en") -> str:
    """The table as one seat sees it, as text. Long by design: one block per part of the
    table, in the order the terminal prints them, so the layout reads top to bottom."""
    it = lang == "it"
    n = view["players"]
    me = view.get("seat")
    lines: list[str] = []
    title = "Cribbage"
    head = (f"{title} — {'partita' if it else 'game'} {view['game_number']}, "
            f"{'mano' if it else 'hand'} {view['hand_number']}, "
            f"{'a' if it else 'to'} {view['target']}")
    if view.get("skunk_line") is not None:
        head += f" ({'linea skunk' if it else 'skunk line'} {view['skunk_line']})"
    if view.get("muggins"):
        head += " — muggins"
    lines.append(head)
    seen_sides: set[int] = set()
    for s in range(n):
        side = s % 2 if n == 4 else s
        if side in seen_sides:
            continue
        seen_sides.add(side)
        name = side_name(s, n, lang)
        games = view["games_won"][s]
        mp = view["match_points"][s]
        extra = (f"  {'partite' if it else 'games'} {games}, "
                 f"{'punti match' if it else 'match pts'} {mp}")
        lines.append(f"  {name:<14} {_board_line(view, s, lang)}{extra}")
    dealer = view["dealer"]
    if dealer >= 0:
        crib = view.get("crib")
        crib_text = (cards_line(crib) if crib
                     else counted(view["crib_count"], "card", lang))
        lines.append(f"{'Mazziere' if it else 'Dealer'}: {seat_name(dealer, lang)}   "
                     f"crib: {crib_text}")
    if view.get("starter"):
        lines.append(f"Starter: {view['starter']}")
    if view["phase"] in ("pegging", "announce", "muggins") or view["sequence"]:
        seq = cards_line(view["sequence"]) or "—"
        lines.append(f"{'Conteggio' if it else 'Count'}: {view['count']}   "
                     f"{'carte giocate' if it else 'cards laid'}: {seq}")
        if view["go"]:
            lines.append("go: " + ", ".join(seat_name(s, lang) for s in view["go"]))
    for s in range(n):
        laid = cards_line(view["laid"][s])
        held = view["hand_counts"][s]
        label = seat_name(s, lang) + (" *" if s == view["current_player"] else "")
        lines.append(f"  {label:<14} {'giocate' if it else 'laid'}: {laid or '—':<16} "
                     f"{'in mano' if it else 'in hand'}: {held}")
    for item in view["shown"]:
        what = ("mano" if item["what"] == "hand" else "crib") if it else item["what"]
        points = "" if item["points"] is None else f" = {item['points']}"  # None: not announced
        lines.append(f"  {seat_name(item['seat'], lang)} {what}: {cards_line(item['cards'])}"
                     f"{points}")
    pend = view.get("pending")
    if pend:
        if pend["announced"] >= 0:
            said = noun(pend["announced"], "annunciato", "annunciati") if it else "announced"
            worth = f"{said} {pend['announced']}"
        else:
            worth = "in attesa dell'annuncio" if it else "awaiting the announcement"
        lines.append(f"Muggins: {seat_name(pend['owner'], lang)} ({_WHAT[lang][pend['what']]}), "
                     f"{worth}")
    if me is not None:
        hand = sorted((card_from_token(t) for t in view["hand"]),
                      key=lambda c: (c.rank % 14, c.suit))
        lines.append(f"{'La tua mano' if it else 'Your hand'} ({seat_name(me, lang)}): "
                     f"{cards_str(hand) or '—'}")
        if view["discards"]:
            lines.append(f"{'Nel crib hai messo' if it else 'You laid away'}: "
                         f"{cards_line(view['discards'])}")
    player = view["current_player"]
    if player >= 0:
        who = seat_name(player, lang)
        phase = _PHASES[lang].get(view["phase"], view["phase"])
        lines.append(f"{'Tocca a' if it else 'To move'}: {who} ({phase})")
    elif view["phase"] == "over":
        lines.append("Match finito" if it else "Match over")
    return "\n".join(lines)


#: the phases in which someone is to move, as the table names them
_PHASES: dict[str, dict[str, str]] = {
    "it": {"discard": "scarto nel crib", "pegging": "pegging", "announce": "annuncio",
           "muggins": "muggins"},
    "en": {"discard": "discard", "pegging": "pegging", "announce": "announce",
           "muggins": "muggins"},
}


def cards_line(items: list[str] | None) -> str:
    return " ".join(items) if items else ""


def rules_summary(lang: str = "en") -> str:
    if lang == "it":
        return RULES_IT
    return RULES_EN


RULES_EN = """Cribbage (2 players; 3; 4 in two partnerships), one 52-card deck,
ace low (A=1, courts 10).
Deal: the lowest cut deals first. 2 players get 6 cards and lay away 2 to the crib; 3 players
get 5, lay away 1, and one card from the deck starts the crib; 4 players get 5 and lay away 1.
The crib (4 cards) belongs to the dealer. The player at the dealer's left cuts the starter; a
jack gives the dealer 2 for his heels.
The play: from the dealer's left, each lays a card and says the count, never over 31. You must
play if you can, else say go; the last to lay a card scores 1 (2 at exactly 31), then the count
restarts from the next player. 15 or 31 = 2; pair 2, pair royal 6, double pair royal 12; run of
n = n.
The show: from the dealer's left, each hand with the starter, the dealer last, then the crib:
fifteens 2 each, pairs 2 each, runs (every combination), flush 4 (5 with the starter; the crib
only 5), his nobs (jack of the starter's suit) 1. The game ends the instant a side reaches 121
(or 61).
Match: the first to win two games (or as many as the option games_to_win says); a win is worth
2 match points, 3 if the loser did not reach 91 (skunk) under ACC scoring; other schemes: long,
free, free_triple. Muggins (option): you announce your own points and an opponent may claim what
you overlook."""

RULES_IT = """Cribbage (2 giocatori; 3; 4 in due coppie), un mazzo da 52 carte,
asso basso (A=1, figure 10).
Distribuzione: distribuisce chi taglia la carta più bassa. In 2 si ricevono 6 carte e se ne
mettono 2 nel crib; in 3 si ricevono 5 carte, se ne mette 1 e una carta dal mazzo apre il crib;
in 4 si ricevono 5 carte e se ne mette 1. Il crib (4 carte) è del mazziere. Il giocatore alla
sinistra del mazziere taglia lo starter (carta girata); un fante dà al mazziere 2 punti (his
heels).
Il gioco: dalla sinistra del mazziere ognuno gioca una carta e dice il conteggio, mai oltre 31.
Chi può giocare deve farlo, altrimenti dice go; l'ultimo a giocare segna 1 (2 a 31 esatto) e il
conteggio riparte dal giocatore successivo. 15 o 31 = 2; coppia 2, tris 6, poker 12; scala di n
= n.
Il conteggio delle mani: dalla sinistra del mazziere, ogni mano con lo starter, il mazziere per
ultimo, poi il crib: ogni quindici 2, ogni coppia 2, le scale (ogni combinazione), colore 4 (5
con lo starter; il crib solo 5), nobs (fante del seme dello starter) 1. La partita finisce
appena una parte arriva a 121 (o 61).
Match: vince chi vince per primo due partite (o quante ne dice l'opzione games_to_win); una
vittoria vale 2 punti match, 3 se il perdente non ha raggiunto 91 (skunk) nel punteggio ACC;
altri schemi: long, free, free_triple. Muggins (opzione): ognuno annuncia i propri punti e un
avversario può prendere quelli dimenticati."""


_REFUSALS: dict[str, tuple[str, str]] = {
    "over_31": ("{card} porterebbe il conto a {count}: supereresti 31",
                "{card} would bring the count to {count}: that would pass 31"),
    "not_pegging": ("ora non si gioca al conto", "cards are not being pegged now"),
    "crib_complete": ("il crib è già completo", "the crib is already complete"),
    "crib_twice": ("metti nel crib due carte diverse", "lay away two different cards"),
    "nothing_to_announce": ("ora non c'è niente da annunciare", "there is nothing to announce now"),
    "announce_range": ("annuncia da 0 a {top} punti", "announce 0 to {top} points"),
    "no_muggins": ("ora non ci sono punti dimenticati da reclamare",
                   "there are no overlooked points to claim now"),
}


def describe_illegal(code: str, params: dict[str, Any], lang: str = "en") -> str | None:
    """A refusal of the rules in words (None: a code the engine's common table explains)."""
    if code == "crib_count":
        need = int(params["need"])
        if lang == "it":
            return f"metti nel crib esattamente {need} {'carte' if need > 1 else 'carta'}"
        return f"lay away exactly {need} {'cards' if need > 1 else 'card'} to the crib"
    return translate(_REFUSALS, code, params, lang)

"""The guided first hand of Nebraska (``mazzo learn nebraska``): four players, the Family
variant, you are Player 1.

The line (``lesson.json``) is one hand played by the medio bot at every seat; the texts say why
each of your moves is good. Most of them are one of three kinds of decision, so the texts are
made by three functions naming the card (its colour always said, never shown alone).
Departures are priced in points.
"""

from __future__ import annotations

from collections.abc import Sequence

from mazzo.engine.game import JSON, Event
from mazzo.engine.lessons import Lesson, Words, load_line
from mazzo.games.nebraska import text
from mazzo.games.nebraska.config import NebraskaConfig

INTRO = Words(
    "Nebraska, Family variant, four players: 104 cards in 8 colours, 10 personal cards each. "
    "A hand is a series of elections: a candidate card is turned up, everyone bids one card "
    "face down, and the highest bid decides whether the candidate becomes a common card or is "
    "rejected. A personal card is valid if it shares colour or rank with a common card; with 5 "
    "common cards (or an empty stock) the hand ends, and the most valid cards scores 1 point.",
    "Nebraska, variante Family, in quattro: 104 carte in 8 colori, 10 carte personali a testa. "
    "Una manche è una serie di elezioni: si gira una carta candidata, ognuno offre una carta "
    "coperta, e l'offerta più alta decide se la candidata diventa una carta comune o viene "
    "scartata. Una carta personale è valida se ha il colore o il valore di una carta comune; "
    "con 5 carte comuni (o il mazzo vuoto) la manche finisce, e chi ha più carte valide fa 1 "
    "punto.",
)

PHASES = {
    "bid": Words(
        "The bid: offer one card from your hand, face down. The highest card (rank, then the "
        "order of colours) decides; every bid card leaves your hand for good.",
        "L'offerta: offri una carta della tua mano, coperta. Decide la carta più alta (valore, "
        "poi l'ordine dei colori); ogni carta offerta lascia per sempre la tua mano.",
    ),
    "decide": Words(
        "You won the election: promote the candidate to a common card, or reject it (it is "
        "discarded and everyone draws a replacement card).",
        "Hai vinto l'elezione: promuovi la candidata a carta comune, oppure scartala (tutti "
        "pescano una carta in sostituzione).",
    ),
}


def _name(token: str) -> Words:
    return Words(text.token_name(token, "en"), text.token_name(token, "it"))


def bid_high(token: str) -> Words:
    """The highest of the cards that count for nothing, when the election matters."""
    card = _name(token)
    return Words(
        f"Bid {card.en}: it shares neither colour nor rank with a common card, so it counts for "
        f"nothing and costs nothing to give up. This election matters to you, so spend your "
        f"highest such card to win the decision.",
        f"Offri {card.it}: non ha né il colore né il valore di una carta comune, quindi non conta "
        f"e non costa nulla cederla. Questa elezione conta per te, quindi spendi la più alta di "
        f"queste carte per vincere la decisione.",
    )


def bid_low(token: str) -> Words:
    """The lowest card that counts for nothing, when the election hardly matters."""
    card = _name(token)
    return Words(
        f"Bid {card.en}: it counts for nothing in your hand, and this candidate would change "
        f"little for you, so there is no reason to spend a high card; keep those for an "
        f"election that matters.",
        f"Offri {card.it}: nella tua mano non conta, e questa candidata cambierebbe poco per te, "
        f"quindi non serve spendere una carta alta; tienile per un'elezione che conta.",
    )


def reject(token: str) -> Words:
    """Rejecting a candidate that helps the others' hands more than yours."""
    card = _name(token)
    return Words(
        f"Reject {card.en}: promoted, it would make few of your cards valid, and on average more "
        f"of the others' (their hands are three times yours). Rejected, it is gone and everyone "
        f"draws a card.",
        f"Scarta {card.it}: promossa, renderebbe valide poche tue carte, e in media più carte "
        f"degli altri (le loro mani sono tre volte la tua). Scartata, esce dal gioco e tutti "
        f"pescano una carta.",
    )


WHY = (
    bid_high("K azzurro"), bid_high("Q giallo"), bid_low("2 blu"), bid_high("10 giallo"),
    reject("3 verde scuro"), bid_low("2 rosso"), bid_low("2 oro"), bid_low("3 oro"),
    bid_low("4 blu"), bid_low("4 oro"), bid_high("10 rosa"), bid_high("9 azzurro"),
    bid_low("4 azzurro"), bid_low("2 azzurro"), bid_high("9 rosso"), bid_low("3 blu"),
    bid_low("5 rosa"),
)

CLOSING = Words(
    "The hand's result, as the engine counted it (valid cards of each player against the "
    "common cards):",
    "Il risultato della manche, come l'ha contato il motore (le carte valide di ognuno contro "
    "le carte comuni):",
)


def sheet(view: JSON, closing: Sequence[Event], lang: str) -> list[str]:
    """The common cards, each player's valid cards and points, the tie-break."""
    return text.render_hand_result(view["last_hand"], view["variant"], lang)


LESSON = Lesson(
    config=NebraskaConfig(),
    intro=INTRO,
    phases=PHASES,
    line=load_line(__package__ or "mazzo.games.nebraska"),
    why=WHY,
    closing=CLOSING,
    sheet=sheet,
)

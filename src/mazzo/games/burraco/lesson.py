"""The guided first hand of Burraco (``mazzo learn burraco``): four players in two sides, you
are Player 1, partner of Player 3.

The line (``lesson.json``) is one hand played by the medio bot at every seat; the texts say why
each of your moves is good. It is an honest hand, not a won one: the other side closes first,
and the closing sheet shows what a pozzetto never taken costs. Departures are priced in points.
"""

from __future__ import annotations

from collections.abc import Sequence

from mazzo.engine.game import JSON, Event
from mazzo.engine.lessons import Lesson, Words, load_line
from mazzo.games.burraco import text
from mazzo.games.burraco.config import BurracoConfig

INTRO = Words(
    "Burraco for four, in two sides (partners sit opposite): two packs with 4 jokers, 11 "
    "cards each, two pozzetti of 11 set aside. On your turn you draw from the stock or take "
    "the whole discard pile, then meld sets (same rank) or runs (same suit) of 3 or more cards "
    "with at most one wild (a jolly or a pinella, a 2), add cards to your side's melds, and "
    "discard. Out of cards, you take your side's pozzetto; a side closes after its pozzetto, "
    "with a burraco (a meld of 7 or more).",
    "Burraco in quattro, in due coppie (i compagni stanno di fronte): due mazzi con 4 jolly, 11 "
    "carte a testa, due pozzetti da 11 messi da parte. Al tuo turno peschi dal tallone o "
    "raccogli tutti gli scarti, poi cali combinazioni (stesso valore) o scale (stesso seme) di "
    "3 o più carte con al massimo una matta (un jolly o una pinella, un 2), attacchi carte "
    "alle combinazioni della tua coppia, e scarti. Finite le carte prendi il pozzetto della tua "
    "coppia; una coppia chiude dopo il pozzetto, con un burraco (una combinazione di 7 o più).",
)

PHASES = {
    "draw": Words(
        "The draw: take the top card of the stock (pesca), or the whole discard pile "
        "(raccogli).",
        "La pesca: prendi la prima carta del tallone (pesca), oppure tutti gli scarti "
        "(raccogli).",
    ),
    "play": Words(
        "Your play: meld three cards (cala), add a card to one of your side's melds (attacca), "
        "or discard one card, which ends your turn.",
        "La giocata: cala tre carte, attacca una carta a una combinazione della tua coppia, "
        "oppure scarta una carta, e il turno finisce.",
    ),
}

WHY = (
    Words(
        "Take the pile: it is one card, 10♠, and you hold 10♥ 10♣ 10♣: with it you can meld "
        "four 10s at once. The stock would be a blind draw.",
        "Raccogli: gli scarti sono una carta, 10♠, e tu hai 10♥ 10♣ 10♣: con quella cali "
        "quattro 10 in una volta. Il tallone sarebbe una pesca alla cieca.",
    ),
    Words(
        "Meld the three 10s (10♥ 10♣ 10♣): a set of the same rank, 30 points on the table and "
        "three cards out of your hand.",
        "Cala i tre 10 (10♥ 10♣ 10♣): una combinazione dello stesso valore, 30 punti in tavola "
        "e tre carte in meno in mano.",
    ),
    Words(
        "Add 10♠ to the 10s: 10 more points, and the card you took from the pile could not be "
        "discarded this turn anyway.",
        "Attacca 10♠ ai 10: altri 10 punti, e la carta raccolta non si potrebbe comunque "
        "scartare in questo turno.",
    ),
    Words(
        "Meld 6♥ 6♣ with the pinella 2♦ as the wild (one wild per meld): three more cards out "
        "of your hand, on the way to the pozzetto.",
        "Cala 6♥ 6♣ con la pinella 2♦ come matta (una matta per combinazione): altre tre carte "
        "fuori dalla mano, verso il pozzetto.",
    ),
    Words(
        "Discard J♣: it goes with none of your cards (no other jack, no club near it), so it is "
        "the least useful card to keep.",
        "Scarta J♣: non lega con nessuna tua carta (nessun altro fante, nessun fiori vicino), "
        "quindi è la carta meno utile da tenere.",
    ),
    Words(
        "The pile is one card, 3♦, and it fits nothing you hold: draw from the stock.",
        "Gli scarti sono una carta, 3♦, che non lega con nessuna tua carta: pesca dal tallone.",
    ),
    Words(
        "Discard K♦: no other king, too far from 4♦ for a run, and 10 points against you if it "
        "stays in your hand when the hand ends.",
        "Scarta K♦: nessun altro re, troppo lontano dal 4♦ per una scala, e 10 punti contro di "
        "te se resta in mano a fine smazzata.",
    ),
    Words(
        "4♠ on the pile would make no meld with your cards now: draw from the stock.",
        "Il 4♠ negli scarti non farebbe ora nessuna combinazione con le tue carte: pesca dal "
        "tallone.",
    ),
    Words(
        "Discard 9♠: it fits nothing, while 5♥ and 5♠ are a pair waiting for a third 5.",
        "Scarta 9♠: non lega con niente, mentre 5♥ e 5♠ sono una coppia che aspetta un terzo 5.",
    ),
    Words(
        "The pile's five cards make no meld with yours and would fill your hand far from the "
        "pozzetto: draw from the stock.",
        "Le cinque carte degli scarti non fanno combinazioni con le tue e riempirebbero la mano "
        "lontano dal pozzetto: pesca dal tallone.",
    ),
    Words(
        "The third 5 came: meld 5♥ 5♥ 5♠, 15 points, and you are down to 2 cards, close to the "
        "pozzetto.",
        "È arrivato il terzo 5: cala 5♥ 5♥ 5♠, 15 punti, e ti restano 2 carte, vicino al "
        "pozzetto.",
    ),
    Words(
        "Two single cards: discard 4♦ and keep Q♣, which can be added if your side melds queens; "
        "the 4 joins nothing on your side's table.",
        "Due carte spaiate: scarta 4♦ e tieni Q♣, che si potrà attaccare se la tua coppia cala "
        "le donne; il 4 non lega con niente sul tavolo della tua coppia.",
    ),
    Words(
        "One card left: draw from the stock; the pile's nine cards would fill your hand again.",
        "Ti resta una carta: pesca dal tallone; i nove scarti ti riempirebbero di nuovo la mano.",
    ),
    Words(
        "Two singles again: discard 8♥ and keep Q♣ for a meld of queens. No discard is safe "
        "with a long pile: here Player 2 takes it with the 8♥, lays it down and closes, which is "
        "what a big pile is worth to the side that takes it.",
        "Di nuovo due carte spaiate: scarta 8♥ e tieni Q♣ per una combinazione di donne. Con "
        "tanti scarti nessuna carta è sicura: qui il Giocatore 2 li raccoglie con l'8♥, cala e "
        "chiude, ed è quanto vale un mucchio di scarti per la coppia che lo prende.",
    ),
)

CLOSING = Words(
    "The hand's score, as the engine counted it for each side:",
    "Il punteggio della smazzata, come l'ha contato il motore per ogni coppia:",
)


def sheet(view: JSON, closing: Sequence[Event], lang: str) -> list[str]:
    """Each side's burraco, closing, melded cards, cards in hand and pozzetto."""
    return text._render_tally(view["last_hand"], lang)


LESSON = Lesson(
    config=BurracoConfig(),
    intro=INTRO,
    phases=PHASES,
    line=load_line(__package__ or "mazzo.games.burraco"),
    why=WHY,
    closing=CLOSING,
    sheet=sheet,
)

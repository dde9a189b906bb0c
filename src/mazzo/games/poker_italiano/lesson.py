"""The guided first hand of poker all'italiana (``mazzo learn poker_italiano``): four players,
32 cards, you are Player 1 and are dealt three aces (a tris).

The line (``lesson.json``) is one hand played by the medio bot at every seat; the texts say why
each of your moves is good. Departures are priced in chips.
"""

from __future__ import annotations

from mazzo.engine.lessons import Lesson, Words, load_line
from mazzo.games.poker_italiano.config import PokerItalianoConfig

INTRO = Words(
    "Poker all'italiana: five-card draw with a short deck (32 cards, 7 to ace, for four "
    "players). Everyone antes 1 chip; a player may open only with a pair of jacks or better. "
    "After the first betting round each player still in changes up to 4 cards (the cambio), "
    "then a second betting round; at the showdown the best hand takes the pot.",
    "Poker all'italiana: poker a cinque carte con il mazzo corto (32 carte, dal 7 all'asso, in "
    "quattro). Tutti mettono 1 fiche di invito; si può aprire solo con una coppia di fanti o "
    "meglio. Dopo il primo giro di puntate chi è ancora in gioco cambia fino a 4 carte (il "
    "cambio), poi un secondo giro di puntate; allo showdown il punto più alto vince il piatto.",
)

PHASES = {
    "betting": Words(
        "The first betting round: someone has opened, so you may fold (lascia), call (vedi) "
        "the bet, or raise (rilancia) by one of the amounts listed.",
        "Il primo giro di puntate: qualcuno ha aperto, quindi puoi lasciare, vedere la puntata "
        "o rilanciare di una delle somme elencate.",
    ),
    "draw": Words(
        "The cambio: change up to 4 of your cards for new ones from the deck, or stand pat "
        "(servito) and keep all five.",
        "Il cambio: cambia fino a 4 carte con altre del mazzo, oppure resta servito e tieni "
        "tutte e cinque.",
    ),
    "second_round": Words(
        "The second betting round, after the cambio: answer the bet by folding, calling or "
        "raising.",
        "Il secondo giro di puntate, dopo il cambio: rispondi alla puntata lasciando, vedendo o "
        "rilanciando.",
    ),
}

WHY = (
    Words(
        "Call: three aces (A♥ A♣ A♠) beat the opener's likely pair of jacks or better, and "
        "calling keeps Player 3 and the others in the pot instead of warning them with a raise.",
        "Vedi: tre assi (A♥ A♣ A♠) battono la probabile coppia di fanti o meglio di chi ha "
        "aperto, e vedere tiene nel piatto il Giocatore 3 e gli altri invece di metterli in "
        "guardia con un rilancio.",
    ),
    Words(
        "Change 8♦ 9♦ and keep the three aces: two new cards give two chances at a full house "
        "or a poker (four of a kind), and the tris stays whatever comes.",
        "Cambia 8♦ 9♦ e tieni i tre assi: due carte nuove danno due possibilità di full o di "
        "poker, e il tris resta comunque.",
    ),
    Words(
        "Call the bet of 6: Player 3 changed one card, so he may hold two pair or be drawing "
        "to a straight or flush; your aces beat two pair, and calling wins the pot without "
        "risking more against a hand that did fill.",
        "Vedi la puntata di 6: il Giocatore 3 ha cambiato una carta, quindi può avere una "
        "doppia coppia o cercare scala o colore; i tuoi assi battono la doppia coppia, e vedere "
        "vince il piatto senza rischiare di più contro un punto che si è chiuso.",
    ),
)

CLOSING = Words(
    "The showdown, as the engine scored it:",
    "Lo showdown, come l'ha valutato il motore:",
)


LESSON = Lesson(
    config=PokerItalianoConfig(),
    intro=INTRO,
    phases=PHASES,
    line=load_line(__package__ or "mazzo.games.poker_italiano"),
    why=WHY,
    closing=CLOSING,
    units=(Words("chip", "fiche"), Words("chips", "fiches")),
)

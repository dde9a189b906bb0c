"""The guided first hand of cribbage (``mazzo learn cribbage``): two players, you deal.

The line (``lesson.json``) is one hand played by the medio bot at both seats; the texts say why
each of your moves is good. Departures are priced in the lead on the board (your points less the
opponent's), because a point pegged by the opponent costs as much as one of yours is worth.
"""

from __future__ import annotations

from collections.abc import Sequence

from mazzo.engine.game import JSON, Event, State
from mazzo.engine.lessons import Lesson, Words, load_line
from mazzo.games.cribbage import events, text
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.state import CribbageState

INTRO = Words(
    "Cribbage for two: each player gets 6 cards and lays 2 away into the crib, which belongs to "
    "the dealer. Then the play (pegging): in turn you lay a card and call the running count, "
    "scoring for fifteen, 31, pairs and runs. Last comes the show: each hand, with the starter "
    "card, is counted for fifteens, pairs, runs, flush and nobs, the crib for the dealer. You "
    "deal this hand, so the crib is yours.",
    "Cribbage a due: ognuno riceve 6 carte e ne mette 2 nel crib, che è del mazziere. Poi il "
    "gioco (pegging): a turno si cala una carta e si dice il conto, segnando per quindici, 31, "
    "coppie e scale. Infine lo show: ogni mano, con la carta girata (starter), si conta per "
    "quindici, coppie, scale, colore e nobs, e il crib per il mazziere. In questa mano fai tu il "
    "mazziere, quindi il crib è tuo.",
)

PHASES = {
    "discard": Words(
        "The discard: you lay away 2 of your 6 cards into the crib. Any 2 are allowed; the crib "
        "is yours, so what you lay there is counted for you.",
        "Lo scarto: metti nel crib 2 delle tue 6 carte. Sono ammesse tutte le coppie di carte; il "
        "crib è tuo, quindi quello che ci metti conta per te.",
    ),
    "pegging": Words(
        "The play (pegging): lay one card; the count may not pass 31, and if no card fits you "
        "say go. 15 and 31 score 2, a pair 2, three of a kind 6, a run of 3 or more a point a "
        "card; the last card scores 1.",
        "Il gioco (pegging): cala una carta; il conto non può superare 31, e se nessuna carta ci "
        "sta dici go. 15 e 31 valgono 2, una coppia 2, un tris 6, una scala di 3 o più un punto a "
        "carta; l'ultima carta vale 1.",
    ),
}

WHY = (
    Words(
        "Lay away 2♥ 2♠: a pair in your own crib is 2 points already. You keep A♦ 6♥ 6♠ 9♣: the "
        "6s are a pair (2) and each 6 makes fifteen with the 9 (2 + 2), so 6 points before the "
        "starter is even cut.",
        "Metti nel crib 2♥ 2♠: una coppia nel tuo crib vale già 2 punti. Tieni A♦ 6♥ 6♠ 9♣: i 6 "
        "sono una coppia (2) e ognuno fa quindici con il 9 (2 + 2): 6 punti prima ancora che si "
        "giri lo starter.",
    ),
    Words(
        "Play 9♣: the count goes to 13, and only a 2 makes fifteen from there; two of the four "
        "2s are in your crib. A 6 (count 10) would let any 5 make fifteen, and the ace (count 5) "
        "any of the sixteen cards worth 10.",
        "Gioca 9♣: il conto va a 13, e da lì fa quindici solo un 2; due dei quattro 2 sono nel "
        "tuo crib. Un 6 (conto 10) lascerebbe fare quindici a qualsiasi 5, e l'asso (conto 5) a "
        "una qualsiasi delle sedici carte che valgono 10.",
    ),
    Words(
        "Play A♦: 16 scores nothing for either side, and your two 6s stay together, so the "
        "second can pair the first later.",
        "Gioca A♦: 16 non dà punti a nessuno, e i tuoi due 6 restano insieme, così il secondo "
        "potrà fare coppia con il primo.",
    ),
    Words(
        "Play a 6 (the two are alike here): 25 gives nothing, and your other 6 then makes 31 "
        "exactly, with a pair.",
        "Gioca un 6 (qui sono uguali): 25 non dà punti, e poi il tuo altro 6 fa 31 esatto, con "
        "la coppia.",
    ),
    Words(
        "Your last card, and the best one: 6♥ makes 31 (2 points) and pairs the 6♠ (2 more).",
        "La tua ultima carta, ed è la migliore: 6♥ fa 31 (2 punti) e fa coppia con il 6♠ (altri "
        "2).",
    ),
)

CLOSING = Words(
    "The show, as the engine counted it (the starter counts with every hand and the crib):",
    "Lo show, come l'ha contato il motore (lo starter conta con ogni mano e con il crib):",
)


def sheet(view: JSON, closing: Sequence[Event], lang: str) -> list[str]:
    """Each hand and the crib counted, fifteen by fifteen, as the show's events say it."""
    lines = [text.describe_event(event, lang) for event in closing
             if isinstance(event, events.Counted)]
    return [*lines, f"Starter: {view['starter']}"]


def lead(state: State) -> list[float]:
    """Each side's lead on the board: its points less the other's."""
    assert isinstance(state, CribbageState)
    board = state.board
    return [float(board[side] - board[1 - side]) for side in range(2)]


LESSON = Lesson(
    config=CribbageConfig(players=2),
    intro=INTRO,
    phases=PHASES,
    line=load_line(__package__ or "mazzo.games.cribbage"),
    why=WHY,
    closing=CLOSING,
    sheet=sheet,
    points=lead,
    units=(Words("point of lead", "punto di vantaggio"),
           Words("points of lead", "punti di vantaggio")),
)

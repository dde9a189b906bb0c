"""The guided first hand of Novantanove (``mazzo learn novantanove``): three players, no trump
in the first deal, you are Player 1 and bid 3 tricks.

The line (``lesson.json``) is one deal played by the medio bot at every seat; the texts say why
each of your moves is good. Departures are priced in points.
"""

from __future__ import annotations

from mazzo.engine.lessons import Lesson, Words, load_line
from mazzo.games.novantanove.config import NovantanoveConfig

INTRO = Words(
    "Novantanove for three: 36 cards (6 to ace), 12 each. You bid an exact number of tricks by "
    "laying aside 3 cards whose suits count (♣ 3, ♥ 2, ♠ 1, ♦ 0); the other 9 cards are "
    "played in 9 tricks. Follow suit if you can; the highest card of the suit led wins (the "
    "first deal has no trump). A trick is 1 point, and making your bid exactly adds 30 if you "
    "are the only one, 20 if two, 10 if three.",
    "Novantanove in tre: 36 carte (dal 6 all'asso), 12 a testa. Si dichiara un numero esatto "
    "di prese mettendo da parte 3 carte i cui semi contano (♣ 3, ♥ 2, ♠ 1, ♦ 0); le altre 9 "
    "carte si giocano in 9 prese. Si risponde al seme se si può; vince la carta più alta del "
    "seme di uscita (la prima smazzata è senza briscola). Ogni presa vale 1 punto, e fare "
    "esattamente la dichiarazione aggiunge 30 se ci riesci solo tu, 20 se in due, 10 se in tre.",
)

PHASES = {
    "bid": Words(
        "The bid: lay aside one of your cards, face down; three of them make your bid, each "
        "counting by its suit (♣ 3, ♥ 2, ♠ 1, ♦ 0). Any card may go.",
        "La dichiarazione: metti da parte una delle tue carte, coperta; tre di esse fanno la tua "
        "dichiarazione, ognuna per il suo seme (♣ 3, ♥ 2, ♠ 1, ♦ 0). Va bene qualsiasi carta.",
    ),
    "premium": Words(
        "The premium: you may declare (show your bid cards, premium 30), reveal (show your hand "
        "too, premium 60), or pass.",
        "Il premio: puoi dichiarare (mostrare le carte della dichiarazione, premio 30), "
        "scoprire (mostrare anche la mano, premio 60) o passare.",
    ),
    "play": Words(
        "The play: lay a card on the trick. You must follow the suit led if you can; if you "
        "cannot, any card may go.",
        "Il gioco: cala una carta sulla presa. Devi rispondere al seme di uscita se puoi; se non "
        "puoi, va bene qualsiasi carta.",
    ),
}

WHY = (
    Words(
        "Your tricks will come from the hearts (A♥, Q♥, 10♥ and their length): about 3. Start "
        "the bid with 6♥ (counts 2), your lowest heart, a card that would win nothing.",
        "Le tue prese verranno dai cuori (A♥, Q♥, 10♥ e la loro lunghezza): circa 3. Comincia la "
        "dichiarazione con 6♥ (vale 2), il tuo cuori più basso, una carta che non prenderebbe "
        "nulla.",
    ),
    Words(
        "7♦ counts 0 and is your only diamond: laid aside, it leaves you void in diamonds, so "
        "when they are led you may throw any card.",
        "7♦ vale 0 ed è il tuo unico quadri: messo da parte, resti senza quadri, e quando "
        "escono puoi scartare qualsiasi carta.",
    ),
    Words(
        "10♠ counts 1, so the bid is 2 + 0 + 1 = 3 tricks; it is your only spade, and you are "
        "void in spades too.",
        "10♠ vale 1, quindi la dichiarazione è 2 + 0 + 1 = 3 prese; è il tuo unico picche, e "
        "resti senza picche.",
    ),
    Words(
        "Pass: declaring would show your bid to the others, who could then make you miss it; "
        "3 tricks from nine cards is a good bid, not a sure one.",
        "Passa: dichiarando mostreresti la tua dichiarazione agli altri, che potrebbero "
        "fartela sbagliare; 3 prese su nove carte è una buona dichiarazione, non una certa.",
    ),
    Words(
        "You have no diamond, so any card may go. Throw 6♣, a club that would never win: the "
        "hearts stay for your three tricks.",
        "Non hai quadri, quindi va bene qualsiasi carta. Scarta 6♣, un fiori che non "
        "prenderebbe mai: i cuori restano per le tue tre prese.",
    ),
    Words(
        "No spade again. Throw 7♥, your lowest heart: A♥ Q♥ 10♥ 8♥ are still enough for three "
        "tricks, and Q♠ wins this one anyway.",
        "Di nuovo niente picche. Scarta 7♥, il tuo cuori più basso: A♥ Q♥ 10♥ 8♥ bastano ancora "
        "per tre prese, e questa la vince comunque Q♠.",
    ),
    Words(
        "Clubs were led and you hold clubs, so you must follow. The A♣ wins anyway: play a low "
        "club, 7♣.",
        "È uscito fiori e tu ne hai, quindi devi rispondere. L'A♣ vince comunque: gioca un fiori "
        "basso, 7♣.",
    ),
    Words(
        "No diamond: throw 8♥. You keep A♥ Q♥ 10♥, three hearts for three tricks.",
        "Niente quadri: scarta 8♥. Tieni A♥ Q♥ 10♥, tre cuori per tre prese.",
    ),
    Words(
        "Hearts were led: follow with A♥, which cannot be beaten. Your first trick.",
        "È uscito cuori: rispondi con A♥, che nessuno può battere. La tua prima presa.",
    ),
    Words(
        "You lead. A♥ and K♥ have gone, so Q♥ is the highest heart left: your second trick.",
        "Esci tu. A♥ e K♥ sono usciti, quindi Q♥ è il cuori più alto rimasto: la tua seconda "
        "presa.",
    ),
    Words(
        "J♥ fell in the last trick, so 10♥ is now the highest heart: your third trick.",
        "J♥ è caduto nell'ultima presa, quindi ora 10♥ è il cuori più alto: la tua terza presa.",
    ),
    Words(
        "You have your 3 tricks; now you must lose the rest. Lead 8♣, a low club that the "
        "others can beat.",
        "Hai le tue 3 prese; ora devi perdere le altre. Esci con 8♣, un fiori basso che gli "
        "altri possono battere.",
    ),
    Words(
        "Your last card: 10♣ on a diamond lead cannot win. Exactly 3 tricks: the bid is made.",
        "La tua ultima carta: 10♣ su un'uscita a quadri non può vincere. Esattamente 3 prese: "
        "dichiarazione fatta.",
    ),
)

CLOSING = Words(
    "The deal's score, as the engine counted it (tricks, bids and premiums):",
    "Il punteggio della smazzata, come l'ha contato il motore (prese, dichiarazioni e premi):",
)


LESSON = Lesson(
    config=NovantanoveConfig(),
    intro=INTRO,
    phases=PHASES,
    line=load_line(__package__ or "mazzo.games.novantanove"),
    why=WHY,
    closing=CLOSING,
)

"""``mazzo cribbage analyze CARDS [--dealer]``: the exact discard table for a cribbage hand."""

from __future__ import annotations

import sys

from mazzo.argtext import lang_in, parser_class
from mazzo.cards import FRENCH_SUITS, Card, parse_card
from mazzo.engine.game import MazzoError
from mazzo.games.cribbage.scoring import DiscardOption, discard_analysis
from mazzo.text import default_lang

#: ``mazzo cribbage analyze``'s help page, per language ("summary": its line in ``mazzo --help``)
HELP: dict[str, dict[str, str]] = {
    "en": {
        "summary": "Rank every way to lay away to the crib: exact hand and crib expectations.",
        "description": "Rank every way to lay away to the crib: exact hand expectation over all "
                       "starters, min/max, and the expected crib (added if it is yours).",
        "cards": "6 cards (two players) or 5 (three or four), e.g. 5H 5D JS QC 4S 6D",
        "dealer": "the crib is yours (or your partner's)",
        "m.cards": "cards",
    },
    "it": {
        "summary": "Classifica ogni modo di scartare al crib: attese esatte di mano e crib.",
        "description": "Classifica ogni modo di scartare al crib: valore atteso esatto della "
                       "mano su tutti gli starter, minimo/massimo, e il crib atteso (sommato "
                       "se è tuo).",
        "cards": "6 carte (due giocatori) o 5 (tre o quattro), p. es. 5H 5D JS QC 4S 6D",
        "dealer": "il crib è tuo (o del tuo compagno)",
        "m.cards": "carte",
    },
}

_HEAD = {
    "en": ("lay away", "keep", "hand avg", "min", "max", "crib", "net"),
    "it": ("al crib", "tieni", "media mano", "min", "max", "crib", "netto"),
}


def format_table(cards: list[Card], options: list[DiscardOption], dealer: bool,
                 lang: str = "en") -> str:
    """The analysis as a text table, best option first."""
    it = lang == "it"
    whose = ("crib tuo (mazziere)" if dealer else "crib avversario") if it else (
        "your crib (dealer)" if dealer else "opponent's crib")
    title = "Analisi dello scarto" if it else "Discard analysis"
    lines = [f"{title}: {' '.join(str(c) for c in cards)} — {whose}"]
    head = _HEAD[lang]
    sign = "+" if dealer else "−"
    lines.append(f"{'#':>2}  {head[0]:<9} {head[1]:<13} {head[2]:>10} {head[3]:>4} {head[4]:>4} "
                 f"{head[5]:>7} {head[6]:>7}")
    for i, o in enumerate(options, 1):
        away = " ".join(str(c) for c in o.discard)
        keep = " ".join(str(c) for c in o.keep)
        lines.append(f"{i:>2}  {away:<9} {keep:<13} {o.hand_mean:>10.3f} {o.hand_min:>4} "
                     f"{o.hand_max:>4} {sign}{o.crib_mean:>6.3f} {o.net:>7.3f}")
    note = ("media esatta su tutti gli starter; crib dalla tabella (carte restanti casuali)" if it
            else "exact mean over every starter; crib from the table (other crib cards random)")
    lines.append(note)
    return "\n".join(lines)


def _analysis(args: list[str], dealer: bool) -> tuple[list[Card], list[DiscardOption]]:
    """The cards named and their analysis; a :class:`MazzoError` says in both languages what
    is wrong with them."""
    tokens = [t for arg in args for t in arg.replace(",", " ").split()]
    cards = []
    for token in tokens:
        try:
            cards.append(parse_card(token))
        except ValueError as exc:
            raise MazzoError(str(exc), italian=f"non leggo la carta {token!r}: scrivi per "
                                               "esempio 5H, 10♥, TD, QS") from None
    foreign = " ".join(str(c) for c in cards if c.suit not in FRENCH_SUITS or c.copy)
    if foreign:
        raise MazzoError(f"not cards of a standard 52-card deck: {foreign}",
                         italian=f"non sono carte di un mazzo da 52 carte: {foreign}")
    try:
        return cards, discard_analysis(cards, dealer)
    except ValueError as exc:
        if len(cards) not in (5, 6):
            said = (f"dai 6 carte (due giocatori) o 5 (tre o quattro giocatori), non "
                    f"{len(cards)}")
        elif len(set(cards)) != len(cards):
            said = "le carte devono essere tutte diverse"
        else:
            said = str(exc)
        raise MazzoError(str(exc), italian=said) from None


def analyze_main(argv: list[str]) -> int:
    """Rank every way to lay away to the crib: exact hand and crib expectations."""
    lang = lang_in(argv, default_lang())  # the help page and argparse's errors speak it too
    h = HELP[lang]
    parser = parser_class(lang)(prog="mazzo cribbage analyze", description=h["description"])
    parser.add_argument("cards", nargs="+", metavar=h["m.cards"], help=h["cards"])
    parser.add_argument("--dealer", action="store_true", help=h["dealer"])
    parser.add_argument("--lang", choices=("en", "it"), default=lang)
    args = parser.parse_args(argv)
    try:
        cards, options = _analysis(args.cards, args.dealer)
    except MazzoError as exc:
        print(f"error: {exc.text(args.lang)}", file=sys.stderr)
        return 2
    print(format_table(cards, options, args.dealer, args.lang))
    return 0

"""Nicknames that would pass for something else on the board. Texts name the seats by their
nicknames ("Ada gioca 7 giallo") and bots by their level ("Bot esperto"), so a person called
"Bot esperto" could pass for a bot (a stand-in nobody need wait for), and one called "A♠" or
"7 giallo" would read as a card in every line that names them. Such names are refused, with
the reason; so are ones that only look like them (full-width letters, Greek or Cyrillic
look-alikes, other spacing or case)."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Final

from mazzo.cards import (
    FRENCH_SUITS,
    RANK_TEXT,
    SUIT_NAME_EN,
    SUIT_NAME_IT,
    burraco_deck,
    french_deck,
    nebraska_deck,
    parse_card,
)
from mazzo.engine.game import card_token

#: how every bot is labelled in texts, in both languages: "Bot medio" (history.seat_labels)
BOT_WORD: Final = "bot"
#: Greek and Cyrillic letters drawn like the Latin ones of "bot" and of card ranks: NFKC
#: leaves them apart ("Вот" is not "Bot" to Unicode, but it is to the eye)
LOOK_ALIKES: Final = str.maketrans({
    "а": "a", "в": "b", "е": "e", "к": "k", "о": "o", "т": "t", "ј": "j", "ԛ": "q",
    "α": "a", "β": "b", "ε": "e", "κ": "k", "ο": "o", "τ": "t", "ι": "i", "ь": "b",
})


def folded(text: str) -> str:
    """``text`` as compared: NFKC (full-width and styled letters to plain ones), case folded,
    look-alike letters to Latin ones, runs of spaces to one."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().translate(LOOK_ALIKES)
                    .split())


@cache
def card_words() -> frozenset[str]:
    """Every card as the games write it, folded: each token and name (``A♠``, ``7 giallo``,
    ``9 green``, ``J★``) of every deck, and the French cards spelt out in both languages
    (``10 di cuori``, ``10 of hearts``)."""
    words: set[str] = set()
    for card in {*french_deck(), *burraco_deck(), *nebraska_deck()}:
        words.update(folded(w) for w in (card_token(card), card.name("it"), card.name("en")))
    for suit in FRENCH_SUITS:
        for rank in set(RANK_TEXT.values()):
            words.add(folded(f"{rank} di {SUIT_NAME_IT[suit]}"))
            words.add(folded(f"{rank} of {SUIT_NAME_EN[suit]}"))
    return frozenset(words)


def _reads_as_card(name: str) -> bool:
    if name in card_words():
        return True
    if re.fullmatch(r"[a-z0-9]+", name):  # "5h", "as", "kd": initials, not what boards show
        return False
    try:
        parse_card(name)  # other spellings of a card: "7♡", "10♥'", "q verde scuro"
    except ValueError:
        return False
    return True


def impersonation(name: str) -> tuple[str, str] | None:
    """Why a nickname cannot be taken, (English, Italian); None when it can."""
    name = folded(name)
    words = re.findall(r"[^\W_]+", name)
    if words and words[0] == BOT_WORD:
        return ("reads as a bot's label (Bot ...): the server names its bots",
                "sembra il nome di un bot (Bot ...): i bot li chiama il server")
    if _reads_as_card(name):
        return ("reads as a card: texts would seem to speak of a card",
                "sembra una carta: i testi parrebbero parlare di una carta")
    return None

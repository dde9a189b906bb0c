"""Novantanove configuration: players, deck, variant, first-deal trump, target and mode.

Defaults follow the rules (docs/rules/novantanove.md): 3 players, the revised game (no joker,
first deal at no trump, later trumps by the previous deal's successes), a game to 100 points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.engine.game import Config, ConfigError, check_choice, check_range

VARIANTS = ("revised", "classic")
FIRST_TRUMPS = ("none", "diamonds")
MODES = ("game", "rubber")
#: deck sizes allowed for each player count (0 in the config means the first one)
DECKS = {2: (36,), 3: (36,), 4: (52, 48)}


@dataclass(frozen=True)
class NovantanoveConfig(Config):
    """``deck`` 0 means the rules' deck for the player count (36; 52 with 4 players).

    ``variant`` "classic" is Parlett's original: 37 cards with a joker, trump by the turned-up
    37th card (2 or 3 players). ``first_trump`` "diamonds" starts each game with ♦ trumps
    instead of no trump. ``mode`` "rubber" plays games until someone has won three.
    """

    game_id: ClassVar[str] = "novantanove"
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    italian_docs: ClassVar[dict[str, str]] = {
        "variant": "revised: il gioco del 1990; classic: l'originale, 37 carte con il jolly (2 o "
                   "3 giocatori)",
        "deck": "carte nel mazzo; 0: il mazzo delle regole per i giocatori (36; 52 in 4)",
        "first_trump": "la briscola della prima mano di ogni partita: nessuna, o quadri",
        "target": "i punti che vincono una partita",
        "mode": "una partita, o un rubber: partite finché qualcuno ne ha vinte tre",
    }
    value_labels: ClassVar[dict[str, dict[str, tuple[str, str]]]] = {"variant": {
        "revised": ("revised: la versione rivista (1990)", "revised: the revised game (1990)"),
        "classic": ("classic: l'originale, 37 carte con il jolly",
                    "classic: the original, 37 cards with a joker"),
    }}

    players: int = 3
    #: revised: the 1990 game; classic: the original, 37 cards with a joker (2 or 3 players)
    variant: str = "revised"
    #: cards in the pack; 0: the rules' pack for the players (36; 52 with 4 players)
    deck: int = 0
    #: trumps of each game's first deal: none, or diamonds
    first_trump: str = "none"
    #: points that win a game
    target: int = 100
    #: one game, or a rubber: games until someone has won three
    mode: str = "game"

    def validate(self) -> None:
        super().validate()
        check_choice("variant", self.variant, VARIANTS)
        check_choice("deck", self.deck, (0, *DECKS[self.players]))
        check_choice("first_trump", self.first_trump, FIRST_TRUMPS)
        check_range("target", self.target, 1, 100_000)
        check_choice("mode", self.mode, MODES)
        if self.variant == "classic" and self.players == 4:
            raise ConfigError("variant: 'classic' (37 cards with a joker) is for 2 or 3 players",
                              italian="'classic' (37 carte con un jolly) è per 2 o 3 giocatori")
        if self.variant == "classic" and self.first_trump != "none":
            raise ConfigError(
                "first_trump: must be 'none' with variant 'classic' (the turn-up sets trumps)",
                italian="con la variante 'classic' non c'è (la briscola la fa la carta girata)")

    @property
    def deck_size(self) -> int:
        """Cards in the French part of the pack (the classic joker is extra)."""
        return self.deck or DECKS[self.players][0]

    @property
    def hands(self) -> int:
        """Hands dealt: one per player, plus the dummy (morto) with 2 players."""
        return 3 if self.players == 2 else self.players

    @property
    def hand_size(self) -> int:
        return self.deck_size // self.hands

    @property
    def tricks(self) -> int:
        """Tricks per deal: the hand size less the three bid cards."""
        return self.hand_size - 3

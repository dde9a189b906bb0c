"""Configuration of Poker all'italiana (defaults from docs/rules/poker_italiano.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.engine.game import Config, ConfigError, check_choice, check_range

RAISE_LIMITS = ("pot", "none")
BET_MENUS = ("pot_fractions", "all")


@dataclass(frozen=True)
class PokerItalianoConfig(Config):
    """Every option of the rules file; ``players`` picks the deck (lowest rank 11 − players)."""

    game_id: ClassVar[str] = "poker_italiano"
    player_counts: ClassVar[tuple[int, ...]] = (3, 4, 5, 6, 7, 8, 9)
    italian_docs: ClassVar[dict[str, str]] = {
        "ante": "l'invito: lo paga ogni giocatore nel piatto prima di ogni mano",
        "cip": "l'unità minima di puntata",
        "stack": "le fiches iniziali di ogni giocatore (si gioca con quelle in tavola); a "
                 "credito, il massimo che si rischia per mano",
        "raise_limit": "pot: un rilancio non supera il piatto dopo aver visto; none: fino a "
                       "tutte le proprie fiches",
        "open_exact_pot": "l'apertura deve essere pari al piatto invece che al massimo il piatto",
        "blind_base": "il buio paga blind_base × P₀, il controbuio il doppio, l'over il quadruplo",
        "blinds": "ammette buio, controbuio e over",
        "max_hands": "il numero massimo di mani (la partita finisce anche quando uno ha tutte "
                     "le fiches)",
        "escalate_opening": "dopo ogni mano morta l'apertura chiede QQ, poi KK (finché il "
                            "piatto non è vinto)",
        "suit_before_kickers": "confronta il seme della combinazione prima delle carte spaiate",
        "flush_by_suit": "tra due colori vince senz'altro il seme più alto",
        "cyclic_straight_flush": "tra esattamente due scale colore: minima > massima > media > "
                                 "minima",
        "credit": "niente fiches fisse: i saldi possono andare sotto zero; in ogni mano si "
                  "rischia al massimo stack",
        "bet_menu": "le puntate proposte: un breve elenco esatto (minimo, ¼ ½ ¾ del piatto, "
                    "massimo) o ogni somma",
    }

    players: int = 4
    #: "invito": paid by every player into the pot before each deal
    ante: int = 1
    #: the minimum bet unit
    cip: int = 1
    #: starting chips per player (table stakes); in credit mode the most one may risk per deal
    stack: int = 200
    #: ``pot``: a raise may not exceed the pot after calling; ``none``: up to the stack
    raise_limit: str = "pot"
    #: the opening bet must equal the pot instead of being at most the pot
    open_exact_pot: bool = False
    #: a buio pays blind_base × P₀, the controbuio twice that, the over four times (seed 2, pagat 1)
    blind_base: int = 2
    #: allow buio / controbuio / over
    blinds: bool = True
    #: match length cap in deals (the match also ends when one player holds every chip)
    max_hands: int = 50
    #: after each dead deal the opening needs QQ, then KK (stays until the pot is won)
    escalate_opening: bool = False
    #: compare the suit of the leading group before the kickers
    suit_before_kickers: bool = False
    #: between two flushes the higher suit wins outright
    flush_by_suit: bool = False
    #: between exactly two straight flushes: minima > massima > media > minima
    cyclic_straight_flush: bool = False
    #: no stacks: balances may go negative; every deal each player may risk up to ``stack``
    credit: bool = False
    #: which bet sizes are offered: a short exact menu (min, ¼ ½ ¾ pot, max) or every amount
    bet_menu: str = "pot_fractions"

    def validate(self) -> None:
        super().validate()
        check_range("ante", self.ante, 1, 1000)
        check_range("cip", self.cip, 1, 1000)
        check_range("stack", self.stack, 1, 100_000)
        check_choice("raise_limit", self.raise_limit, RAISE_LIMITS)
        check_choice("blind_base", self.blind_base, (1, 2))
        check_range("max_hands", self.max_hands, 1, 100_000)
        check_choice("bet_menu", self.bet_menu, BET_MENUS)
        if self.stack < self.ante:
            raise ConfigError(f"stack: {self.stack} must be at least the ante ({self.ante})",
                              italian=f"{self.stack} è meno dell'invito ({self.ante})")

    @property
    def deck_size(self) -> int:
        """Deck of the full table: lowest rank 11 − players, i.e. 4 × (players + 4) cards."""
        return deck_size_for(self.players)

    @property
    def max_amount(self) -> int:
        """No bet can exceed every chip at the table: the bound of the amount action space."""
        return self.players * self.stack


def deck_size_for(players: int) -> int:
    """Cards for ``players`` players: lowest rank 11 − players (4 → 32, 5 → 36, 6 → 40)."""
    return 4 * (15 - (11 - players))

"""Burraco's RL action space: melds and attaches chosen one card at a time (326 indices).

First step: 0 draw (``pesca``), 1 take the pile (``raccogli``), 2 + c discard deck card ``c``
(0..107, twins distinct), 110 + c start a meld (``cala``) whose first card in deck order is ``c``,
218 + c attach (``attacca``) card ``c``. A meld then asks for its second and third cards (their
deck index, in deck order), then the wild's run position (0..14) if that is still a choice; an
attach asks for the meld (0..35, the side's meld number), then the wild's position if that is a
choice. Each step offers only what extends to a legal move, so nothing illegal is reachable.
"""

from __future__ import annotations

from typing import Final

from mazzo.engine.game import Action, Config, Game, IllegalAction
from mazzo.games.burraco.actions import (
    DECK,
    DECK_INDEX,
    MAX_MELDS,
    Attacca,
    Cala,
    Discard,
    Draw,
    TakePile,
)
from mazzo.rl.actions import TokenCoder, Tokens
from mazzo.rl.spaces import Field, Observation, Pending

CARDS: Final = len(DECK)
DISCARD_BASE: Final = 2
MELD_BASE: Final = DISCARD_BASE + CARDS
ATTACH_BASE: Final = MELD_BASE + CARDS
SIZE: Final = ATTACH_BASE + CARDS


def burraco_tokens(action: Action) -> Tokens:
    if isinstance(action, Draw):
        return (0,)
    if isinstance(action, TakePile):
        return (1,)
    if isinstance(action, Discard):
        return (DISCARD_BASE + DECK_INDEX[action.card],)
    if isinstance(action, Cala):
        first, second, third = sorted(DECK_INDEX[c] for c in action.cards)
        return (MELD_BASE + first, second, third, action.wild)
    if isinstance(action, Attacca):
        return (ATTACH_BASE + DECK_INDEX[action.card], action.meld, action.wild)
    raise IllegalAction(f"{action!r} is not a Burraco player action")


class BurracoCoder(TokenCoder):
    pending_size = 2 + CARDS + MAX_MELDS

    def __init__(self, game: Game, config: Config) -> None:
        super().__init__(game, config, SIZE, burraco_tokens)

    def encode_pending(self, pending: Pending, out: Observation) -> None:
        first, rest = pending.picks[0], pending.picks[1:]
        if first < ATTACH_BASE:  # a meld: first card, then up to two more
            out[0] = 1.0
            out[2 + first - MELD_BASE] = 1.0
            for card in rest[:2]:
                out[2 + card] = 1.0
            return
        out[1] = 1.0
        out[2 + first - ATTACH_BASE] = 1.0
        if rest:
            out[2 + CARDS + rest[0]] = 1.0

    def pending_fields(self, start: int) -> list[Field]:
        return [
            Field("pending_kind", start, 2, "one-hot: a meld (cala) / an attach (attacca) is open"),
            Field("pending_cards", start + 2, CARDS,
                  "one per deck card (twins distinct): the cards chosen so far"),
            Field("pending_meld", start + 2 + CARDS, MAX_MELDS,
                  "one-hot: the meld chosen for the attach (then its wild's position is asked)"),
        ]


def coder(game: Game, config: Config) -> TokenCoder:
    """Burraco's action coder (see the module's docstring)."""
    return BurracoCoder(game, config)

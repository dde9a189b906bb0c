"""The stages of a deal, the cards' plain suit and rank tables and the names of offers and suits:
what the rules (state.py), their views (views.py) and fast random moves (fast_moves.py) read."""

from __future__ import annotations

from mazzo.games.novantanove.scoring import DECLARE_PREMIUM
from mazzo.games.novantanove.scoring import REVEAL_PREMIUM as REVEAL_POINTS

CUT, DEAL, BID_STAGE, PREMIUM, PLAY_STAGE, OVER = "cut", "deal", "bid", "premium", "play", "over"
#: the stages where the seats move
SEATS_MOVE = frozenset((BID_STAGE, PREMIUM, PLAY_STAGE))
#: bid cards each player lays
BID_CARDS = 3
#: suit and rank of every card id; a classic deal copies these with the joker's entries changed
BASE_SUIT: list[int] = [(i >> 4) & 15 for i in range(256)]
BASE_RANK: list[int] = [i & 15 for i in range(256)]
#: a premium offer's name by its points
OFFER_NAME = {0: "pass", DECLARE_PREMIUM: "declare", REVEAL_POINTS: "reveal"}
#: a trump suit's symbol by suit
SUIT_TEXT = {0: "♥", 1: "♦", 2: "♣", 3: "♠"}

"""The stages of a deal and the cards' plain suit and rank tables: what the rules (state.py) and
their fast random moves (fast_moves.py) both read."""

from __future__ import annotations

CUT, DEAL, BID_STAGE, PREMIUM, PLAY_STAGE, OVER = "cut", "deal", "bid", "premium", "play", "over"
#: the stages where the seats move
SEATS_MOVE = frozenset((BID_STAGE, PREMIUM, PLAY_STAGE))
#: bid cards each player lays
BID_CARDS = 3
#: suit and rank of every card id; a classic deal copies these with the joker's entries changed
BASE_SUIT: list[int] = [(i >> 4) & 15 for i in range(256)]
BASE_RANK: list[int] = [i & 15 for i in range(256)]

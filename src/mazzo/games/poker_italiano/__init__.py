"""Poker all'italiana: short-deck five-card draw, coppia vestita, buio, piatto di parole."""

from mazzo.games.poker_italiano.game import PokerItalianoGame

GAME = PokerItalianoGame()

__all__ = ["GAME", "PokerItalianoGame"]

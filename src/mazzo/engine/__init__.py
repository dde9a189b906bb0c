"""The engine: protocol, match runner, records and registry."""

from mazzo.engine.agent import Agent, Turn
from mazzo.engine.game import (
    CHANCE,
    TERMINAL,
    Action,
    Config,
    ConfigError,
    Event,
    Game,
    IllegalAction,
    MazzoError,
    State,
)
from mazzo.engine.match import MatchResult, play_match, random_playout
from mazzo.engine.record import load_record, make_record, replay, save_record
from mazzo.engine.registry import all_games, get_game, register

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Agent", "Config", "ConfigError", "Event", "Game",
    "IllegalAction", "MatchResult", "MazzoError", "State", "Turn", "all_games", "get_game",
    "load_record", "make_record", "play_match", "random_playout", "register", "replay",
    "save_record",
]

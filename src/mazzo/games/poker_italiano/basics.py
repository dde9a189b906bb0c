"""What the poker rules' modules (state, betting, draw, showdown, worlds) share: the hand's sizes,
the betting modes, and the events and log entries made once and shared."""

from __future__ import annotations

from mazzo.engine.frozen import FrozenDict
from mazzo.engine.game import Event
from mazzo.games.poker_italiano.events import Spoke

HAND_SIZE = 5
MAX_DISCARD = 4

# betting modes of the seat to speak
M_OPEN = "open"  # before the opening: pass or open
M_RESPOND = "respond"  # facing a bet: fold, call, raise
M_CALL_ONLY = "call_only"  # blind steps (a)/(b): fold or call
M_STAY = "stay"  # blind steps (c)/(d): stay or raise
M_SECOND = "second"  # second round before any bet: parola, bet, passo

MADE_KEPT = 100_000  # (the bound of every cache of this module)
#: the events made once and shared (betting words, antes, a deal's start), by class and fields
MADE: dict[tuple[type[Event], tuple[int | bool | str, ...]], Event] = {}


def made(cls: type[Event], fields: tuple[int | bool | str, ...]) -> Event:
    """The event ``cls(*fields)``: events are immutable values, so each is made once and shared,
    cheaper than making a frozen dataclass at every bet and deal of a search's rollouts."""
    key = (cls, fields)
    found = MADE.get(key)
    if found is None:
        if len(MADE) >= MADE_KEPT:
            MADE.clear()
        found = MADE[key] = cls(*fields)
    return found


#: the words said (bets, draws), by (seat, word, amount, all-in): the event and the log's entry,
#: made once and shared (the entries read-only: every view and clone shares them); see betting.say
SPOKEN: dict[tuple[int, str, int, bool], tuple[Event, FrozenDict]] = {}


def spoken(key: tuple[int, str, int, bool]) -> tuple[Event, FrozenDict]:
    if len(SPOKEN) >= MADE_KEPT:
        SPOKEN.clear()
    seat, word, amount, all_in = key
    found = SPOKEN[key] = (
        Spoke(*key), FrozenDict({"seat": seat, "word": word, "amount": amount, "all_in": all_in}))
    return found

"""What a game tells the generic difficulty levels (``mazzo.bots.levels``) about itself.

A game declares, through ``Game.bot_levels``, how the search levels search it (rollout policy,
iterations per move, an opponent model, an esperto of its own) and the bots it has that are no
level, so the levels module never names a game.

Iterations per move give about the levels' target seconds a move (0.2 s difficile, 1 s esperto)
on the reference machine. They are set by instructions a move against novantanove's difficile on
the same positions (``python -m benchmarks level-cost`` under callgrind, then alternated CPU
time), because seconds drift with the machine and its load; docs/performance.md ("Levels:
iterations a move") has the figures. Each time the search got cheaper a budget rose to keep the
time a move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

#: draws one determinization for a turn (``mazzo.bots.ismcts.WorldSampler``); typed loosely here
#: because the engine does not import the bots layer
Worlds = Callable[..., Any]
#: a game's own esperto, built as ``make(seed, fallback=search)``: it plays what it knows better
#: and hands the rest to the search esperto
ExpertFactory = Callable[..., Any]


@dataclasses.dataclass(frozen=True)
class SearchSetting:
    """How the search levels search one game: rollout policy and iterations per move."""

    rollout: str  # "heuristic" or "random"
    difficile: int
    esperto: int
    opponents: str = "tree"  # or "policy": other seats move by the rollout policy
    #: draws the search's worlds (an opponent model); None: uniform worlds
    worlds: Worlds | None = None
    #: the search levels that play the heuristic's move unless the search clearly finds better
    guided: tuple[str, ...] = ("difficile", "esperto")
    #: the game's own esperto (None: the search alone)
    expert: ExpertFactory | None = None
    #: one line on how ``expert`` plays, for tables and help
    expert_text: str = ""

    def world_sampler(self) -> Worlds | None:
        """The function drawing the search's worlds, or None for uniform worlds."""
        return self.worlds


@dataclasses.dataclass(frozen=True)
class ExtraBot:
    """A bot of the game that is no level, by name: seeded like any bot (``make(seed)``)."""

    make: Callable[[int | None], Any]
    #: one line on how it plays, for tables and help
    text: str


@dataclasses.dataclass(frozen=True)
class BotLevels:
    """A game's search setting and its bots that are no level."""

    search: SearchSetting
    extra: Mapping[str, ExtraBot] = dataclasses.field(default_factory=dict)

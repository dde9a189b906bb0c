"""An agent's random state as JSON, so a saved match resumes with its bots exactly where they were.

Every mazzo agent draws its randomness from one ``random.Random`` named ``rng`` and, for wrappers,
from the agents it wraps (``base`` of the levels' wrappers, the guide of a guided search). Bots keep
no other memory between turns (they read everything from the view), so restoring these generators
makes a resumed match play on exactly as it would have without the pause.
"""

from __future__ import annotations

import random
from typing import Any

from mazzo.bots.ismcts import ISMCTSAgent
from mazzo.engine.game import JSON, Game, MazzoError

#: ``random.Random.getstate()`` is (version, 625 words, gauss_next)
_STATE_WORDS = 625


def random_state(agent: object) -> JSON:
    """The state of every generator ``agent`` draws from (nested for wrapped agents)."""
    out: JSON = {}
    rng = getattr(agent, "rng", None)
    if isinstance(rng, random.Random) and not isinstance(rng, random.SystemRandom):
        version, words, gauss = rng.getstate()
        out["rng"] = [version, list(words), gauss]
    base = getattr(agent, "base", None)
    if base is not None:
        out["base"] = random_state(base)
    if isinstance(agent, ISMCTSAgent) and agent.has_guide_agent:
        out["guide"] = random_state(agent.guide_agent(None))
    return out


def restore_random_state(agent: object, data: Any, game: Game, where: str = "rng") -> None:
    """Put back what :func:`random_state` saved; bad ``data`` raises MazzoError at ``where``."""
    if not isinstance(data, dict):
        raise MazzoError(f"{where}: expected an object, got {type(data).__name__}",
                         italian=f"{where}: serve un oggetto, non {type(data).__name__}")
    if "rng" in data:
        rng = getattr(agent, "rng", None)
        if not isinstance(rng, random.Random):
            raise MazzoError(f"{where}.rng: this bot has no random generator to restore",
                             italian=f"{where}.rng: questo bot non ha un generatore casuale da "
                                     "ripristinare")
        rng.setstate(_decode_state(data["rng"], f"{where}.rng"))
    if "base" in data:
        restore_random_state(getattr(agent, "base", None), data["base"], game, f"{where}.base")
    if "guide" in data:
        if not isinstance(agent, ISMCTSAgent):
            raise MazzoError(f"{where}.guide: this bot is not a guided search",
                             italian=f"{where}.guide: questo bot non è una ricerca guidata")
        restore_random_state(agent.guide_agent(game), data["guide"], game, f"{where}.guide")


def _decode_state(value: Any, where: str) -> tuple[Any, ...]:
    ok = (
        isinstance(value, list)
        and len(value) == 3
        and type(value[0]) is int
        and isinstance(value[1], list)
        and len(value[1]) == _STATE_WORDS
        and all(type(w) is int and 0 <= w < 2**32 for w in value[1])
        and (value[2] is None or type(value[2]) is float)
    )
    if not ok:
        raise MazzoError(f"{where}: not a saved random generator state",
                         italian=f"{where}: non è lo stato salvato di un generatore casuale")
    return (value[0], tuple(value[1]), value[2])

"""Reinforcement-learning environments for every mazzo game (the ``rl`` extra).

- :func:`aec_env`: a PettingZoo ``AECEnv`` (all seats learn or are driven from outside);
- :func:`gym_env`: a Gymnasium env for one seat, the other seats played by mazzo bots;
- ``import mazzo.rl.openspiel``: registers ``mazzo_<game>`` games with OpenSpiel.

(The Gymnasium env lives in ``mazzo.rl.gymnasium_env``: a submodule named ``gym_env`` would
replace the function ``gym_env`` on this package once imported.)

Nothing else in mazzo imports this package, and the functions here import PettingZoo and
Gymnasium only when called, so mazzo runs without the extra installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mazzo.engine.game import Config, Game

if TYPE_CHECKING:
    from mazzo.rl.gymnasium_env import MazzoGymEnv
    from mazzo.rl.pettingzoo_env import MazzoAECEnv

__all__ = ["aec_env", "gym_env"]


def aec_env(
    game: Game | str,
    render_mode: str | None = None,
    illegal: str = "raise",
    rewards: str = "final",
    *,
    config: Config | None = None,
    lang: str = "en",
    **fields: Any,
) -> MazzoAECEnv:
    """A PettingZoo AEC environment of ``game``: agents ``player_0..``, chance inside.

    ``fields`` are the game's config fields (``players=3``, ``target=...``), or pass a whole
    ``config``. ``illegal="penalize"`` ends the match with -1 for the agent that played a masked
    index (the default raises IllegalAction); ``rewards="hand"`` pays score changes as they
    happen instead of ``returns()`` at the end. ``render_mode="ansi"`` renders the table as the
    seat to move sees it, in ``lang`` (``"it"`` or ``"en"``).
    """
    from mazzo.rl.pettingzoo_env import MazzoAECEnv

    return MazzoAECEnv(game, render_mode=render_mode, illegal=illegal, rewards=rewards,
                       config=config, lang=lang, **fields)


def gym_env(
    game: Game | str,
    seat: int = 0,
    opponents: str | list[str] = "medio",
    *,
    render_mode: str | None = None,
    illegal: str = "raise",
    rewards: str = "final",
    config: Config | None = None,
    lang: str = "en",
    **fields: Any,
) -> MazzoGymEnv:
    """A Gymnasium environment for ``seat``; every other seat is a mazzo bot.

    ``opponents`` is one bot level for all (``random``, ``facile``, ``medio``, ``difficile``,
    ``esperto``, a game bot name, ``ismcts:N``) or one per other seat, in seat order.
    ``action_masks()`` gives the legal indices (for sb3-contrib's MaskablePPO).
    """
    from mazzo.rl.gymnasium_env import MazzoGymEnv

    return MazzoGymEnv(game, seat=seat, opponents=opponents, render_mode=render_mode,
                       illegal=illegal, rewards=rewards, config=config, lang=lang, **fields)

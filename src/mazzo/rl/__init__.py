"""Reinforcement-learning environments for every mazzo game (the ``rl`` extra).

- :func:`aec_env`: a PettingZoo ``AECEnv`` (all seats learn or are driven from outside);
- :func:`parallel_env`: the same as a PettingZoo ``ParallelEnv`` (turn-based: only the agent to
  move acts in each step);
- :func:`gym_env`: a Gymnasium env for one seat, the other seats played by mazzo bots, also as
  ``gymnasium.make("mazzo/Cribbage-v0", ...)`` (ids registered below when Gymnasium is there);
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

__all__ = ["GYM_IDS", "aec_env", "gym_env", "parallel_env"]


def aec_env(
    game: Game | str,
    render_mode: str | None = None,
    illegal: str = "raise",
    rewards: str = "final",
    *,
    config: Config | None = None,
    lang: str = "en",
    max_cycles: int | None = None,
    **fields: Any,
) -> MazzoAECEnv:
    """A PettingZoo AEC environment of ``game``: agents ``player_0..``, chance inside.

    ``fields`` are the game's config fields (``players=3``, ``target=...``), or pass a whole
    ``config``. ``illegal="penalize"`` ends the match with -1 for the agent that played a masked
    index (the default raises IllegalAction); ``rewards="hand"`` pays score changes as they
    happen instead of ``returns()`` at the end. ``render_mode="ansi"`` returns the table as the
    seat to move sees it, in ``lang`` (``"it"`` or ``"en"``); ``"human"`` prints it.
    ``max_cycles`` truncates the match after that many moves (agent steps; default never).
    """
    from mazzo.rl.pettingzoo_env import MazzoAECEnv

    return MazzoAECEnv(game, render_mode=render_mode, illegal=illegal, rewards=rewards,
                       config=config, lang=lang, max_cycles=max_cycles, **fields)


def parallel_env(game: Game | str, **options: Any) -> Any:
    """:func:`aec_env` (same options) as a PettingZoo ``ParallelEnv``: the games are turn-based,
    so each step takes the action of the one agent to move (``turn_based_aec_to_parallel``); the
    others' entries in an action dict are ignored."""
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    return turn_based_aec_to_parallel(aec_env(game, **options))


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


#: the Gymnasium ids, ``mazzo/<Game>-v0`` per built-in game: ``gymnasium.make(id, seat=...,
#: opponents=..., config=... or config fields)`` builds :func:`gym_env`'s env
GYM_IDS: dict[str, str] = {
    game_id: "mazzo/" + "".join(part.title() for part in game_id.split("_")) + "-v0"
    for game_id in ("nebraska", "novantanove", "poker_italiano", "cribbage", "burraco")
}


def _register_gym_ids() -> None:
    """Register :data:`GYM_IDS` with Gymnasium when it is installed (the ``rl`` extra)."""
    import importlib.util

    if importlib.util.find_spec("gymnasium") is None:
        return
    from gymnasium.envs.registration import register, registry

    for game_id, env_id in GYM_IDS.items():
        if env_id not in registry:
            register(env_id, entry_point="mazzo.rl.gymnasium_env:MazzoGymEnv",
                     kwargs={"game": game_id})


_register_gym_ids()

"""Difficulty levels for every game, named for players: facile, medio, difficile, esperto.

- ``random``: uniformly random legal moves (the baseline).
- ``facile``: the game's heuristic bot, but a random legal move 30 % of the time.
- ``medio``: the game's heuristic bot.
- ``difficile``: ISMCTS, about 0.2 s per move on one core.
- ``esperto``: ISMCTS, about 1 s per move on one core; a game may have its own esperto instead
  (``SearchSetting.expert``: two-player cribbage plays to the board, docs/cribbage.md; poker
  plays for the match, docs/poker_italiano.md).

Both search levels are guided by the heuristic: they play its move unless the search finds a
move whose value is clearly (one-sided 95 %) higher.

The ISMCTS levels search a fixed number of iterations per move (``Game.bot_levels``, measured per
game so that a move takes about the target time on a reference machine), because only an
iteration budget makes a seeded tournament reproducible. ``make_agent(..., timed=True)`` uses the
clock instead (for interactive play). A game without a heuristic bot still gets every level; see
:func:`level_note` for what replaces the heuristic there.
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from mazzo.bots.ismcts import ISMCTSAgent
from mazzo.bots.random_bot import RandomAgent
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.bot_levels import BotLevels, ExtraBot, SearchSetting
from mazzo.engine.game import Action, Game, MazzoError
from mazzo.engine.registry import get_game

LEVELS: Final = ("random", "facile", "medio", "difficile", "esperto")

#: share of ``facile`` moves chosen at random instead of by the heuristic
MISTAKE_RATE: Final = 0.3
#: target seconds per move of the search levels (used as is with ``timed=True``)
LEVEL_SECONDS: Final = {"difficile": 0.2, "esperto": 1.0}


class _Settings(dict[str, SearchSetting]):
    """Search settings by game id: a game's own (``Game.bot_levels``) unless one was put here in
    its place (a benchmark trying other budgets, ``python -m benchmarks level-cost``)."""

    def __missing__(self, game_id: str) -> SearchSetting:
        return _declared(get_game(game_id)).search


#: search settings put in place of a game's own; reading a registered game's id not put here
#: gives the game's own
LEVEL_SEARCH: Final[dict[str, SearchSetting]] = _Settings()
#: the esperto search of a game whose esperto is its own (``SearchSetting.expert``), by name:
#: the bot that level was before, kept for comparisons and the uses that want a search
SEARCH_ESPERTO: Final = "ricerca"
#: games that declare no levels (e.g. added later, not yet measured)
DEFAULT_SEARCH: Final = SearchSetting("heuristic", 200, 1000)
#: without a heuristic bot, ``medio`` is a small random-rollout search of this many iterations
FALLBACK_MEDIO_ITERATIONS: Final = 50


@dataclass(frozen=True)
class AddedBot:
    """A bot an upper layer adds to a game's names (the rl layer's ``rete``): how to make it
    from a seed, and one line on what it is."""

    make: Callable[[int | None], Agent]
    text: str


#: bots added by upper layers (:func:`register_bot`), by game id then name; the bots layer
#: imports none of them, so a name appears only once its layer has been imported
ADDED_BOTS: Final[dict[str, dict[str, AddedBot]]] = {}


#: the environment variable naming (comma-separated) the modules that added bots: a worker
#: process started by spawn or forkserver (an arena's) imports them again to know the names
ADDED_BOTS_ENV: Final = "MAZZO_BOT_MODULES"


def register_bot(game_id: str, name: str, make: Callable[[int | None], Agent],
                 text: str, module: str | None = None) -> None:
    """Add bot ``name`` to ``game_id``'s names: :func:`bot_names` lists it and
    :func:`make_agent` makes it with ``make(seed)``. A level's name is refused; registering
    again replaces. ``module`` (the registering module, which registers at import) is noted in
    the environment, for the worker processes started from now on."""
    if name in LEVELS or name == SEARCH_ESPERTO or name.startswith("ismcts:"):
        raise ValueError(f"bot name {name!r} is taken by a level")
    ADDED_BOTS.setdefault(game_id, {})[name] = AddedBot(make, text)
    noted = [m for m in os.environ.get(ADDED_BOTS_ENV, "").split(",") if m]
    if module is not None and module not in noted:
        os.environ[ADDED_BOTS_ENV] = ",".join([*noted, module])


def _import_adding_modules() -> None:
    """Import the modules noted in :data:`ADDED_BOTS_ENV` (a worker process of a parent that
    imported them), so that their bots are known here too."""
    for module in os.environ.get(ADDED_BOTS_ENV, "").split(","):
        if module:
            importlib.import_module(module)


def added_bot(game: Game, name: str) -> AddedBot | None:
    """The bot an upper layer added to ``game`` as ``name``, if any."""
    return ADDED_BOTS.get(game.id, {}).get(name)


class MistakeAgent:
    """Plays like ``base`` but picks a uniformly random legal move with probability ``rate``."""

    def __init__(self, base: Agent, rate: float, seed: int | None, name: str) -> None:
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"mistake rate must be in 0..1, got {rate}")
        self.base = base
        self.rate = rate
        self.rng = random.Random(seed)
        self.name = name

    def act(self, turn: Turn) -> Action:
        if self.rng.random() < self.rate:
            return turn.legal[self.rng.randrange(len(turn.legal))]
        return self.base.act(turn)


class Renamed:
    """``base`` under another name (records and tables show the level, not the class)."""

    def __init__(self, base: Agent, name: str) -> None:
        self.base = base
        self.name = name

    def act(self, turn: Turn) -> Action:
        return self.base.act(turn)


def has_heuristic(game: Game) -> bool:
    return "heuristic" in game.bots()


def level_note(game: Game, level: str) -> str:
    """What differs from the level's description for this game (empty when nothing does)."""
    if has_heuristic(game) or level in ("random",):
        return ""
    if level in ("facile", "medio"):
        search = f"a {FALLBACK_MEDIO_ITERATIONS}-iteration random-rollout ISMCTS"
        extra = " with 30 % random moves" if level == "facile" else ""
        return f"{game.id} has no heuristic bot yet: {level} is {search}{extra}"
    return f"{game.id} has no heuristic bot yet: {level} uses random rollouts"


def describe_search(game: Game, level: str) -> str:
    """One line on how a search level (or an extra bot) plays ``game``, for tables and help."""
    extra = _declared(game).extra.get(level)
    if extra is not None:
        return extra.text
    added = added_bot(game, level)
    if added is not None:
        return added.text
    setting = search_setting(game)
    if level == SEARCH_ESPERTO:  # esperto's search, without the game's own esperto
        level = "esperto"
        setting = replace(setting, expert=None)
    heuristic = has_heuristic(game)
    rollout = setting.rollout if heuristic else "random"
    text = f"{level_iterations(game, level)} iterations per move, {rollout} rollouts"
    if level == "esperto" and setting.expert is not None:
        text = setting.expert_text + text
    if setting.opponents == "policy":
        text += ", other seats moved by the rollout policy"
    if setting.worlds is not None:
        text += ", opponents' hidden cards weighted by what their actions reveal"
    return text + (", guided by the heuristic" if heuristic and level in setting.guided else "")


def search_setting(game: Game) -> SearchSetting:
    """How the search levels search ``game``: one put in :data:`LEVEL_SEARCH`, else its own."""
    setting = LEVEL_SEARCH.get(game.id)
    return setting if setting is not None else _declared(game).search


def _declared(game: Game) -> BotLevels:
    """What ``game`` declares for the levels, or the default search and no extra bots."""
    return game.bot_levels() or BotLevels(DEFAULT_SEARCH)


def level_iterations(game: Game, level: str) -> int:
    setting = search_setting(game)
    return setting.difficile if level == "difficile" else setting.esperto


def bot_names(game: Game) -> list[str]:
    """Every name :func:`make_agent` accepts for ``game`` (besides ``ismcts:N``)."""
    extra = list(_declared(game).extra)
    if search_setting(game).expert is not None:
        extra.append(SEARCH_ESPERTO)
    extra += [name for name in ADDED_BOTS.get(game.id, {}) if name not in extra]
    return list(LEVELS) + [b for b in [*game.bots(), *extra] if b not in LEVELS]


def make_agent(
    game: Game | str, level: str, seed: int | None = None, *, timed: bool = False
) -> Agent:
    """An agent of ``level`` for ``game``.

    ``level`` is one of :data:`LEVELS`, a name from ``game.bots()`` (e.g. ``heuristic``), or
    ``ismcts:N[:random][:policy][:guided]`` for a search of N iterations (heuristic rollouts unless
    ``random``; see :func:`_custom_ismcts`). ``timed`` budgets difficile/esperto by seconds
    instead of iterations.
    """
    if isinstance(game, str):
        game = get_game(game)
    factories = game.bots()
    if level == "random":
        return RandomAgent(seed)
    if level in ("facile", "medio"):
        base = _medio(game, seed)
        if level == "medio":
            return Renamed(base, "medio")
        return MistakeAgent(base, MISTAKE_RATE, seed, "facile")
    if level in LEVEL_SECONDS or level == SEARCH_ESPERTO:
        setting = search_setting(game)
        searched = "esperto" if level == SEARCH_ESPERTO else level
        guide = "heuristic" if has_heuristic(game) and searched in setting.guided else None
        seconds = LEVEL_SECONDS[searched] if timed else None
        iterations = None if timed else level_iterations(game, searched)
        search = ISMCTSAgent(seed, iterations=iterations, seconds=seconds,
                             rollout=setting.rollout, guide=guide,
                             opponents=setting.opponents, worlds=setting.world_sampler(),
                             name=level)
        if level == "esperto" and setting.expert is not None:
            expert: Agent = setting.expert(seed, fallback=search)
            return expert
        return search
    if level.startswith("ismcts:"):
        return _custom_ismcts(level, seed)
    extra: ExtraBot | None = _declared(game).extra.get(level)
    if extra is not None:
        made: Agent = extra.make(seed)
        return made
    if level in factories:
        agent: Agent = factories[level](seed)
        return agent
    if added_bot(game, level) is None:
        _import_adding_modules()
    added = added_bot(game, level)
    if added is not None:
        return added.make(seed)
    raise MazzoError(
        f"unknown bot {level!r} for {game.id}; choose one of {', '.join(bot_names(game))}"
        " or ismcts:N[:random][:policy][:guided]",
        italian=f"bot sconosciuto {level!r} per {game.id}; scegli tra "
                f"{', '.join(bot_names(game))} o ismcts:N[:random][:policy][:guided]",
    )


def _medio(game: Game, seed: int | None) -> Agent:
    factory = game.bots().get("heuristic")
    if factory is not None:
        agent: Agent = factory(seed)
        return agent
    return ISMCTSAgent(seed, iterations=FALLBACK_MEDIO_ITERATIONS, rollout="random", name="medio")


def _custom_ismcts(spec: str, seed: int | None) -> Agent:
    """``ismcts:N`` plus options: ``random``/``heuristic`` rollouts, ``policy`` opponents,
    ``guided`` by the heuristic; e.g. ``ismcts:2000:random:guided``."""
    parts = spec.split(":")
    options = set(parts[2:])
    known = {"random", "heuristic", "policy", "tree", "guided"}
    try:
        iterations = int(parts[1])
        if iterations < 1 or not options <= known or {"random", "heuristic"} <= options:
            raise ValueError(spec)
    except ValueError:
        raise MazzoError(
            f"bad search bot {spec!r}: write ismcts:N[:random][:policy][:guided] "
            "(N iterations >= 1)",
            italian=f"bot di ricerca scritto male {spec!r}: scrivi "
                    "ismcts:N[:random][:policy][:guided] (N iterazioni, almeno 1)",
        ) from None
    return ISMCTSAgent(
        seed,
        iterations=iterations,
        rollout="random" if "random" in options else "heuristic",
        opponents="policy" if "policy" in options else "tree",
        guide="heuristic" if "guided" in options else None,
        name=spec,
    )

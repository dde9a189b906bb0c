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

The ISMCTS levels search a fixed number of iterations per move (:data:`LEVEL_SEARCH`, measured per
game so that a move takes about the target time on a reference machine), because only an
iteration budget makes a seeded tournament reproducible. ``make_agent(..., timed=True)`` uses the
clock instead (for interactive play). A game without a heuristic bot still gets every level; see
:func:`level_note` for what replaces the heuristic there.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, replace
from typing import Final

from mazzo.bots.ismcts import ISMCTSAgent, WorldSampler
from mazzo.bots.random_bot import RandomAgent
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.game import Action, Game, MazzoError
from mazzo.engine.registry import get_game

LEVELS: Final = ("random", "facile", "medio", "difficile", "esperto")

#: share of ``facile`` moves chosen at random instead of by the heuristic
MISTAKE_RATE: Final = 0.3
#: target seconds per move of the search levels (used as is with ``timed=True``)
LEVEL_SECONDS: Final = {"difficile": 0.2, "esperto": 1.0}


@dataclass(frozen=True)
class SearchSetting:
    """How the search levels search one game: rollout policy and iterations per move."""

    rollout: str  # "heuristic" or "random"
    difficile: int
    esperto: int
    opponents: str = "tree"  # or "policy": other seats move by the rollout policy
    #: "module:function" drawing the search's worlds (an opponent model); None: uniform worlds
    worlds: str | None = None
    #: the search levels that play the heuristic's move unless the search clearly finds better
    guided: tuple[str, ...] = ("difficile", "esperto")
    #: "module:Class" of a game's own esperto, built as ``Class(seed, fallback=search)``: it plays
    #: what it knows better and hands the rest to the search esperto (None: the search alone)
    expert: str | None = None
    #: one line on how ``expert`` plays, for tables and help
    expert_text: str = ""

    def world_sampler(self) -> WorldSampler | None:
        """The ``worlds`` function, imported only when a search level is built."""
        if self.worlds is None:
            return None
        module, _, name = self.worlds.partition(":")
        sampler: WorldSampler = getattr(importlib.import_module(module), name)
        return sampler


#: Per game: the rollout policy that played best against medio at equal time, and the iterations
#: per move giving about LEVEL_SECONDS of CPU per searched move on the reference machine
#: (``python -m benchmarks.bench_ismcts --levels difficile,esperto`` times the levels in play;
#: ``scripts/strength.py`` reports the mean time per move, forced moves included).
LEVEL_SEARCH: Final[dict[str, SearchSetting]] = {
    # Budgets are set by instructions a move against novantanove's difficile on the same
    # positions (``benchmarks.level_cost`` under callgrind, then alternated CPU time), because
    # seconds drift with the machine and its load; docs/performance.md ("Levels: iterations a
    # move") has the figures. Each time the search got cheaper the budget rose to keep the time
    # a move.
    "nebraska": SearchSetting("random", 2000, 9800),
    "novantanove": SearchSetting("random", 2200, 9600),
    # poker: opponents' cards weighted by what their bets and draws reveal; unguided difficile
    # measured stronger (10/16 against medio, guided 7/16). The esperto plays for the match
    # (``expert``: 59.1 % of 862 against medio at ~0.3 s a move); its search, now ``ricerca``,
    # keeps 3750 because its strength row was measured at that budget (58.1 % of 172, 0.9 s).
    # partita2 (64.5 % of 600) is not the esperto: it plays the seat two places on as its
    # partner (collusion at a table of people) and wins by the arena's rule, not by chips.
    "poker_italiano": SearchSetting("heuristic", 860, 3750, "policy",
                                    "mazzo.games.poker_italiano.bots:likely_world",
                                    guided=("esperto",),
                                    expert="mazzo.games.poker_italiano.expert:MatchExpert",
                                    expert_text="plays for the match (partita): rollouts against "
                                    "a model of each opponent (a solid player's frequencies moved "
                                    "by the last deal's actions, read from the view), a deal's "
                                    "end valued by the chance to finish with the biggest stack, "
                                    "192 worlds per candidate, ~0.3 s per move; ricerca, the "
                                    "search it replaced: "),
    # cribbage: esperto plays two-player games to 121 by the board table and reads the
    # opponent's hand from his discard and plays (56.9 % of 800 against medio, where the same
    # player with uniform worlds, ``uniforme``, scored 51.4 % on the same deals); the search
    # esperto (3 and 4 players, ``ricerca``) keeps 5000: the level timer measures the
    # two-player esperto, not the search.
    "cribbage": SearchSetting("heuristic", 2700, 5000,
                              expert="mazzo.games.cribbage.bots:CribbageReader",
                              expert_text="two players to 121: lays away for the best chance to "
                              "win the game (board table), searches the play in sampled "
                              "worlds weighted by what his discard and his plays tell, "
                              "answering for him as a textbook pegger; "
                              "other tables: "),
    # Burraco: 105 read 1.08 of novantanove's difficile, 750 5.2 of it (1 s / 0.195 s = 5.13)
    "burraco": SearchSetting("heuristic", 100, 750),
}
#: Per game, bots that are no level, by name: "module:Class" (seeded like any bot). Poker's
#: ``modello`` models each opponent from the match and plays rollouts against the model: it
#: wins chips per deal from medio but did not win more matches than the search, so it is not
#: the esperto (docs/poker_italiano.md). ``partita`` is modello playing for the match (a
#: deal's end valued by the chance to finish with the biggest stack), the esperto's player by
#: its own name; ``partita2``, the same for the arena's two-level rule (its side's best seat
#: on top), scored 64.5 % of 600 but is no level: it plays the seats of its parity as a team,
#: right only in the arena. Cribbage's ``uniforme`` is its esperto without reading the
#: opponent's hand (the play's worlds drawn uniformly), kept to measure what the reading adds.
EXTRA_BOTS: Final[dict[str, dict[str, str]]] = {
    "poker_italiano": {"modello": "mazzo.games.poker_italiano.expert:PokerExpert",
                       "partita": "mazzo.games.poker_italiano.expert:MatchPlayer",
                       "partita2": "mazzo.games.poker_italiano.expert:TeamMatchPlayer"},
    "cribbage": {"uniforme": "mazzo.games.cribbage.bots:CribbageExpert"},
}
#: one line on how each of them plays, for tables and help
EXTRA_TEXT: Final = {
    "modello": "rollouts against a model of each opponent learnt from the match (action "
    "frequencies, ranges), ~0.05 s per move",
    "partita": "modello valuing a deal's end by its chance to win the match (the biggest stack "
    "at the end), not by chips, ~0.06 s per move (poker's esperto)",
    "partita2": "partita for the arena's two-level rule (its side's best seat on top; the side "
    "sits in alternate seats, so it counts the seat two places on as its partner: for "
    "measurement, not for tables of people), ~0.05 s per move",
    "uniforme": "cribbage's esperto before its inference: the play searched in worlds "
    "drawn uniformly (only his goes respected), ~0.01 s per move",
}
#: the esperto search of a game whose esperto is its own (``SearchSetting.expert``), by name:
#: the bot that level was before, kept for comparisons and the uses that want a search
SEARCH_ESPERTO: Final = "ricerca"
#: games not in LEVEL_SEARCH (e.g. added later)
DEFAULT_SEARCH: Final = SearchSetting("heuristic", 200, 1000)
#: without a heuristic bot, ``medio`` is a small random-rollout search of this many iterations
FALLBACK_MEDIO_ITERATIONS: Final = 50


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
    if level in EXTRA_BOTS.get(game.id, {}):
        return EXTRA_TEXT.get(level, level)
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
    return LEVEL_SEARCH.get(game.id, DEFAULT_SEARCH)


def level_iterations(game: Game, level: str) -> int:
    setting = search_setting(game)
    return setting.difficile if level == "difficile" else setting.esperto


def bot_names(game: Game) -> list[str]:
    """Every name :func:`make_agent` accepts for ``game`` (besides ``ismcts:N``)."""
    extra = list(EXTRA_BOTS.get(game.id, {}))
    if search_setting(game).expert is not None:
        extra.append(SEARCH_ESPERTO)
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
            return _expert(setting.expert, seed, search)
        return search
    if level.startswith("ismcts:"):
        return _custom_ismcts(level, seed)
    extra = EXTRA_BOTS.get(game.id, {}).get(level)
    if extra is not None:
        module, _, name = extra.partition(":")
        made: Agent = getattr(importlib.import_module(module), name)(seed)
        return made
    if level in factories:
        agent: Agent = factories[level](seed)
        return agent
    raise MazzoError(
        f"unknown bot {level!r} for {game.id}; choose one of {', '.join(bot_names(game))}"
        " or ismcts:N[:random][:policy][:guided]",
        italian=f"bot sconosciuto {level!r} per {game.id}; scegli tra "
                f"{', '.join(bot_names(game))} o ismcts:N[:random][:policy][:guided]",
    )


def _expert(spec: str, seed: int | None, fallback: Agent) -> Agent:
    module, _, name = spec.partition(":")
    agent: Agent = getattr(importlib.import_module(module), name)(seed, fallback=fallback)
    return agent


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

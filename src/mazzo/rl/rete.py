"""The ``rete`` bot level: a policy trained by imitation and self-play, played with numpy alone.

A MaskablePPO ``MlpPolicy`` (``python -m mazzo.rl.selfplay``, or ``mazzo.rl.imitate``'s clone) is
exported from torch to a small ``.npz``: the policy network's layers (weights, biases,
activations) and the action head, with the game and the config it was trained on. sb3 feeds a
``Box`` observation to the network as it is (a flatten, no scaling), so the forward pass needs
nothing else. The bot picks the legal index of highest logit, as MaskablePPO's
``predict(..., deterministic=True)`` does, and steps a multi-step choice (a Burraco meld, a
poker amount) one index at a time like every RL agent.

Importing this module registers ``rete`` (:func:`mazzo.bots.levels.register_bot`) for each game
whose weights ship in :data:`WEIGHTS`; the command line imports it where bots are named. A rete
plays any config of its game whose observation and action sizes equal the trained config's
(the vectors then mean the same thing, although the policy has only seen its own config);
another config raises a :class:`MazzoError` that names the trained one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from mazzo.bots.levels import register_bot
from mazzo.engine.agent import Turn
from mazzo.engine.game import Action, Config, Game, MazzoError
from mazzo.engine.registry import get_game
from mazzo.rl.spaces import NO_PENDING, GameSpaces, Mask, Observation, spaces_for

#: where each game's shipped weights are: ``<game id>.npz`` (package data)
WEIGHTS: Final = Path(__file__).parent / "games" / "rete"
#: the activations an exported network may use, by the name torch gives their module
ACTIVATIONS: Final[dict[str, Callable[[npt.NDArray[np.float32]], npt.NDArray[np.float32]]]] = {
    "Tanh": np.tanh,
    "ReLU": lambda x: np.maximum(x, np.float32(0.0)),
    "Identity": lambda x: x,
}
#: the logit sb3's masked distribution gives an illegal index (any legal one is far above)
MASKED_LOGIT: Final = -1e8
#: what ``rete`` is, for help and tables
RETE_TEXT: Final = ("a small neural network trained to imitate medio (and, in some games, on "
                    "by self-play), played with numpy")


class NumpyPolicy:
    """A feed-forward policy: ``layers`` of ``(weights, bias, activation)``, then the action head
    (its logits). ``meta`` holds what it was trained on (``game``, ``config``, sizes, steps)."""

    def __init__(self, layers: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], str]],
                 meta: dict[str, Any]) -> None:
        for _, _, activation in layers:
            if activation not in ACTIVATIONS:
                raise MazzoError(f"rete: unknown activation {activation!r}",
                                 italian=f"rete: attivazione sconosciuta {activation!r}")
        self.layers = layers
        self.meta = meta

    @property
    def observation_size(self) -> int:
        return int(self.layers[0][0].shape[1])

    @property
    def action_size(self) -> int:
        return int(self.layers[-1][0].shape[0])

    def logits(self, observation: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The action head's logits for one observation (or a batch, one per row)."""
        x = np.asarray(observation, dtype=np.float32)
        for weights, bias, activation in self.layers:
            x = ACTIVATIONS[activation](x @ weights.T + bias)
        return x

    def choose(self, observation: Observation, mask: Mask) -> int:
        """The legal index of highest logit (the first of equals, as torch's argmax)."""
        legal = np.asarray(mask, dtype=bool)
        if not legal.any():
            raise MazzoError("rete: no legal index to choose", italian="rete: nessuna mossa legale")
        logits = np.where(legal, self.logits(observation), np.float32(MASKED_LOGIT))
        return int(np.argmax(logits))

    def save(self, path: Path | str) -> None:
        arrays: dict[str, Any] = {"meta": np.array(json.dumps(self.meta, sort_keys=True))}
        for i, (weights, bias, activation) in enumerate(self.layers):
            arrays[f"w{i}"] = weights.astype(np.float32)
            arrays[f"b{i}"] = bias.astype(np.float32)
            arrays[f"a{i}"] = np.array(activation)
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, path: Path | str) -> NumpyPolicy:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            count = sum(1 for name in data.files if name.startswith("w"))
            layers = [(data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32),
                       str(data[f"a{i}"])) for i in range(count)]
        return cls(layers, meta)


class _LegalOnly:
    """What the action space reads of a state, made from a Turn: its legal moves and phase."""

    is_chance = False
    is_terminal = False

    def __init__(self, turn: Turn) -> None:
        self.phase = str(turn.view.get("phase", ""))
        self._legal = turn.legal

    def legal_actions(self) -> list[Action]:
        return self._legal


#: ``(observation, mask) -> index``: how a policy picks one index of the RL action space
Chooser = Callable[[Observation, Mask], int]


class PolicyAgent:
    """A policy over the RL action space as an ordinary mazzo agent: it sees only its seat's
    view, and a multi-step choice asks the policy once per step. The spaces are built for the
    config of the match it plays (read at its first turn), unless one is given."""

    def __init__(self, choose: Chooser, game: Game | str, config: Config | None = None,
                 name: str = "policy") -> None:
        self.choose = choose
        self.game = get_game(game) if isinstance(game, str) else game
        self.name = name
        self._spaces: dict[str, GameSpaces] = {}
        if config is not None:
            self._spaces[_key(config)] = spaces_for(self.game, config)

    def spaces(self, config: Config) -> GameSpaces:
        key = _key(config)
        if key not in self._spaces:
            self._spaces[key] = self.check(spaces_for(self.game, config), config)
        return self._spaces[key]

    def check(self, spaces: GameSpaces, config: Config) -> GameSpaces:
        """``spaces`` if this agent can play them (a subclass refuses other sizes)."""
        return spaces

    def act(self, turn: Turn) -> Action:
        config = turn.config
        assert isinstance(config, Config)
        spaces = self.spaces(config)
        legal: Any = _LegalOnly(turn)
        pending = NO_PENDING
        while True:
            observation = spaces.observe(turn.view, pending)
            index = self.choose(observation, spaces.mask(legal, pending))
            pending, action = spaces.advance(legal, pending, index)
            if action is not None:
                return action


def _key(config: Config) -> str:
    return json.dumps(config.to_json(), sort_keys=True)


class ReteAgent(PolicyAgent):
    """A :class:`NumpyPolicy` as a mazzo agent, on configs of its game's sizes only."""

    def __init__(self, policy: NumpyPolicy, game: Game | str, name: str = "rete") -> None:
        super().__init__(policy.choose, game, None, name)
        self.policy = policy

    def check(self, spaces: GameSpaces, config: Config) -> GameSpaces:
        sizes = (spaces.observation_size, spaces.action_size)
        if sizes != (self.policy.observation_size, self.policy.action_size):
            trained = json.dumps(self.policy.meta.get("config", {}), sort_keys=True)
            raise MazzoError(
                f"rete for {self.game.id} was trained on {trained}: this config's observation "
                f"and action sizes {sizes} differ from its "
                f"{(self.policy.observation_size, self.policy.action_size)}",
                italian=f"rete per {self.game.id} è stata addestrata su {trained}: le dimensioni "
                        f"di osservazione e azioni di questa configurazione {sizes} sono diverse "
                        f"dalle sue {(self.policy.observation_size, self.policy.action_size)}",
            )
        return spaces


def shipped() -> list[str]:
    """The ids of the games whose ``rete`` weights ship, sorted."""
    return sorted(path.stem for path in WEIGHTS.glob("*.npz"))


def load(game_id: str) -> NumpyPolicy:
    """The shipped policy of ``game_id`` (loaded once)."""
    if game_id not in _LOADED:
        _LOADED[game_id] = NumpyPolicy.load(WEIGHTS / f"{game_id}.npz")
    return _LOADED[game_id]


_LOADED: dict[str, NumpyPolicy] = {}


def _factory(game_id: str) -> Callable[[int | None], ReteAgent]:
    def make(seed: int | None) -> ReteAgent:  # deterministic: the seed is not needed
        return ReteAgent(load(game_id), game_id)
    return make


def register() -> None:
    """Add ``rete`` to the bots of every game whose weights ship (done at import)."""
    for game_id in shipped():
        register_bot(game_id, "rete", _factory(game_id), RETE_TEXT, __name__)


register()

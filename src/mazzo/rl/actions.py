"""Bounded RL action spaces: every engine move is a short sequence of indices ("tokens").

A game's *tokenizer* spells each legal move as a tuple of indices below the space's size. The
seat to move picks one token per step; the open prefix is the :class:`~mazzo.rl.spaces.Pending`
selection. The mask of a step allows exactly the tokens that extend the prefix towards some legal
move, and a move completes as soon as the prefix leaves only one candidate (a forced step is never
asked for). So every legal move stays reachable and nothing illegal is: the reachable set is
``legal_actions()`` by construction, which the tests check by enumerating the step tree.

- Nebraska, Novantanove, Cribbage: one token, the game's own ``action_index`` (≤ 1,462).
- Poker all'italiana: simple moves and bet amounts as they are when they fit (one token);
  with larger stacks an amount is its kind, then its digits in base 1,000. A draw is "change k",
  then the k discards one at a time in deck order.
- Burraco: draw, take the pile, discard a card: one token. A meld (``cala``): its first card,
  then its second and third cards (deck order), then where the wild stands if that is a choice.
  An attach (``attacca``): the card, then the meld, then the wild's position if there is a choice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import itemgetter

import numpy as np

from mazzo.engine.game import Action, Config, Game, IllegalAction, State
from mazzo.rl.games import game_part
from mazzo.rl.spaces import MAX_ACTIONS, NO_PENDING, Field, Mask, Observation, Pending

Tokens = tuple[int, ...]
Tokenizer = Callable[[Action], Tokens]
#: one legal move: its token sequence and the engine action
Move = tuple[Tokens, Action]


class TokenCoder:
    """An action space whose moves are token sequences (see the module docstring).

    No legal move's sequence may be a proper prefix of another's; tokenizers guarantee it by
    fixing the length of a sequence by its first token.

    The legal moves of a decision are listed and spelt once (:class:`Decision`) and reused by
    every ``mask`` and ``advance`` of that decision: an env asks for the mask in ``last()`` and
    then advances in ``step``, and a multi-step move asks again at every step.
    """

    pending_size = 0

    def __init__(self, game: Game, config: Config, size: int, tokenize: Tokenizer) -> None:
        if size > MAX_ACTIONS:
            raise ValueError(f"{game.id}: {size} action indices exceed {MAX_ACTIONS}")
        self.game = game
        self.config = config
        self.size = size
        self._tokenize = tokenize
        self._tokens: dict[Action, Tokens] = {}
        self._decisions: dict[int, Decision] = {}

    def tokens(self, action: Action) -> Tokens:
        """The token sequence of one engine move (cached: actions are hashable and immutable)."""
        found = self._tokens.get(action)
        if found is None:
            found = self._tokenize(action)
            if len(self._tokens) < 200_000:
                self._tokens[action] = found
        return found

    def decision(self, state: State) -> Decision:
        """The legal moves of the seat to move now, spelt as token sequences (cached).

        The cache knows a state by identity and the length of its ``history``, which every
        ``apply`` extends (the engine's contract): a state that moved on is spelt afresh. An
        object without a history (a stand-in exposing only ``legal_actions``) is never cached.
        """
        history = getattr(state, "history", None)
        if history is None:
            return Decision(state, -1, self._moves(state))
        decisions = self._decisions
        key = id(state)
        found = decisions.get(key)
        if found is not None and found.state is state and found.length == len(history):
            return found
        if len(decisions) >= DECISIONS_KEPT:
            decisions.clear()
        # the entry holds the state, so its id cannot be reused by another while it is kept
        found = decisions[key] = Decision(state, len(history), self._moves(state))
        return found

    def _moves(self, state: State) -> list[Move]:
        """The legal moves of the seat to move with their token sequences."""
        if state.is_terminal or state.is_chance:
            return []
        legal = state.legal_actions()
        return list(zip(map(self.tokens, legal), legal, strict=True))

    def candidates(self, state: State, prefix: Tokens) -> list[Move]:
        """The legal moves of the seat to move whose sequence starts with ``prefix``."""
        return list(self.decision(state).node(prefix).moves)

    def mask(self, state: State, pending: Pending) -> Mask:
        return self.decision(state).node(pending.picks).mask(self.size)

    def advance(
        self, state: State, pending: Pending, index: int
    ) -> tuple[Pending, Action | None]:
        found = None
        if 0 <= index < self.size:
            found = self.decision(state).node(pending.picks).branch(int(index))
        if not found:
            raise IllegalAction(self._refusal(state, pending, index), code="rl_index")
        if len(found) == 1:
            return NO_PENDING, found[0][1]
        prefix = (*pending.picks, int(index))
        for seq, action in found:  # a complete move never shares its prefix (kept for safety)
            if seq == prefix:
                return NO_PENDING, action
        return Pending(prefix), None

    def _refusal(self, state: State, pending: Pending, index: int) -> str:
        where = "terminal" if state.is_terminal else "chance" if state.is_chance else state.phase
        step = f" after picks {list(pending.picks)}" if pending.is_open else ""
        allowed = np.flatnonzero(self.mask(state, pending)).tolist()
        shown = ", ".join(map(str, allowed[:12])) + (", ..." if len(allowed) > 12 else "")
        return (
            f"{self.game.id}: action index {index} is not legal in phase {where!r}{step}"
            f" (legal indices: {shown or 'none'})"
        )

    def encode_pending(self, pending: Pending, out: Observation) -> None:
        """Games with one-token moves never have an open selection."""

    def pending_fields(self, start: int) -> list[Field]:
        return []


_FIRST = itemgetter(0)
#: decisions a coder keeps (one per state object; all dropped when full): several envs of one
#: config may alternate
DECISIONS_KEPT = 32


class Node:
    """The legal moves sharing one prefix (``depth`` tokens long)."""

    __slots__ = ("depth", "moves")

    def __init__(self, moves: list[Move], depth: int) -> None:
        self.moves = moves
        self.depth = depth

    def mask(self, size: int) -> Mask:
        """A fresh int8 mask of the tokens that extend this prefix."""
        depth = self.depth
        mask = np.zeros(size, dtype=np.int8)
        if depth:
            mask[[seq[depth] for seq, _ in self.moves if len(seq) > depth]] = 1
        else:  # every sequence has a first token
            mask[list(map(_FIRST, map(_FIRST, self.moves)))] = 1
        return mask

    def branch(self, token: int) -> list[Move]:
        """The moves whose next token is ``token``."""
        depth = self.depth
        return [move for move in self.moves if len(move[0]) > depth and move[0][depth] == token]


class Decision:
    """One decision's legal moves as token sequences; a :class:`Node` per prefix, built once."""

    __slots__ = ("length", "nodes", "state")

    def __init__(self, state: State, length: int, moves: list[Move]) -> None:
        self.state = state
        self.length = length
        self.nodes: dict[Tokens, Node] = {(): Node(moves, 0)}

    def node(self, prefix: Tokens) -> Node:
        """The moves starting with ``prefix`` (none for a prefix that no legal move has)."""
        found = self.nodes.get(prefix)
        if found is None:
            parent = self.node(prefix[:-1])
            found = self.nodes[prefix] = Node(parent.branch(prefix[-1]), len(prefix))
        return found


# --- one-token games -----------------------------------------------------------------------------


class FlatCoder(TokenCoder):
    """One token per move, so no selection is ever open: the mask is the legal moves' tokens and
    ``advance`` finds the move with that token. For a handful of moves two plain passes cost
    less than building and keeping a :class:`Decision`."""

    def mask(self, state: State, pending: Pending) -> Mask:
        out = np.zeros(self.size, dtype=np.int8)
        if not pending.is_open and not state.is_terminal and not state.is_chance:
            tokens = self.tokens
            for action in state.legal_actions():
                out[tokens(action)[0]] = 1
        return out

    def advance(
        self, state: State, pending: Pending, index: int
    ) -> tuple[Pending, Action | None]:
        if (not pending.is_open and 0 <= index < self.size
                and not state.is_terminal and not state.is_chance):
            tokens = self.tokens
            for action in state.legal_actions():
                if tokens(action)[0] == index:
                    return NO_PENDING, action
        raise IllegalAction(self._refusal(state, pending, index), code="rl_index")


@dataclasses.dataclass(frozen=True)
class GameIndex:
    """The game's own action index as the single token of a move: a class rather than a
    closure, so that a coder, and every env holding one, pickles (vector envs, Ray)."""

    game: Game
    config: Config

    def __call__(self, action: Action) -> Tokens:
        return (self.game.action_index(self.config, action),)


def flat_coder(game: Game, config: Config) -> TokenCoder:
    """The game's own action index as the single token of every move."""
    return FlatCoder(game, config, game.action_space(config), GameIndex(game, config))


def action_coder(game: Game, config: Config) -> TokenCoder:
    """The bounded action space of a game and config: the game's own coder in
    ``mazzo.rl.games.<game id>`` where it has one, else :func:`flat_coder`."""
    coder = game_part(game, "coder")
    if coder is None:
        return flat_coder(game, config)
    made: TokenCoder = coder(game, config)
    return made


def digits_needed(largest: int, base: int) -> int:
    """How many base-``base`` digits write every number in ``0..largest``."""
    count, reach = 1, base
    while reach <= largest:
        count, reach = count + 1, reach * base
    return count

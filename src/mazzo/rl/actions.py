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

from collections.abc import Callable

import numpy as np

from mazzo.engine.game import Action, Config, Game, IllegalAction, State
from mazzo.rl.spaces import MAX_ACTIONS, NO_PENDING, Field, Mask, Observation, Pending

Tokens = tuple[int, ...]
Tokenizer = Callable[[Action], Tokens]


class TokenCoder:
    """An action space whose moves are token sequences (see the module docstring).

    No legal move's sequence may be a proper prefix of another's; tokenizers guarantee it by
    fixing the length of a sequence by its first token.
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

    def tokens(self, action: Action) -> Tokens:
        """The token sequence of one engine move (cached: actions are hashable and immutable)."""
        found = self._tokens.get(action)
        if found is None:
            found = self._tokenize(action)
            if len(self._tokens) < 200_000:
                self._tokens[action] = found
        return found

    def candidates(self, state: State, prefix: Tokens) -> list[tuple[Tokens, Action]]:
        """The legal moves of the seat to move whose sequence starts with ``prefix``."""
        if state.is_terminal or state.is_chance:
            return []
        depth = len(prefix)
        out = []
        for action in state.legal_actions():
            seq = self.tokens(action)
            if seq[:depth] == prefix:
                out.append((seq, action))
        return out

    def mask(self, state: State, pending: Pending) -> Mask:
        out = np.zeros(self.size, dtype=np.int8)
        depth = len(pending.picks)
        for seq, _ in self.candidates(state, pending.picks):
            if len(seq) > depth:
                out[seq[depth]] = 1
        return out

    def advance(
        self, state: State, pending: Pending, index: int
    ) -> tuple[Pending, Action | None]:
        prefix = (*pending.picks, int(index))
        found = self.candidates(state, prefix) if 0 <= index < self.size else []
        if not found:
            raise IllegalAction(self._refusal(state, pending, index), code="rl_index")
        if len(found) == 1:
            return NO_PENDING, found[0][1]
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


# --- one-token games -----------------------------------------------------------------------------


def flat_coder(game: Game, config: Config) -> TokenCoder:
    """The game's own action index as the single token of every move."""

    def tokenize(action: Action) -> Tokens:
        return (game.action_index(config, action),)

    return TokenCoder(game, config, game.action_space(config), tokenize)


def action_coder(game: Game, config: Config) -> TokenCoder:
    """The bounded action space of a game and config."""
    if game.id == "burraco":
        from mazzo.rl.burraco_actions import BurracoCoder

        return BurracoCoder(game, config)
    if game.id == "poker_italiano":
        from mazzo.rl.poker_actions import PokerCoder

        return PokerCoder(game, config)
    return flat_coder(game, config)


def digits_needed(largest: int, base: int) -> int:
    """How many base-``base`` digits write every number in ``0..largest``."""
    count, reach = 1, base
    while reach <= largest:
        count, reach = count + 1, reach * base
    return count

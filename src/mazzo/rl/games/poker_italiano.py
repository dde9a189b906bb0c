"""Poker all'italiana's RL action space: amounts flat when they fit, draws card by card.

First step (indices): the simple moves (the game's own indices 0..10), then the amounts of
``Open``/``Bet``/``Raise`` — one index per amount while ``3 × players × stack`` fits in the space,
else one index per kind followed by the amount's digits (amount − 1, base 1,000, most significant
first) — then "change k cards" for k = 0..4. After "change k" come the k discards, one index per
card (its position in the table's deck), in deck order.
"""

from __future__ import annotations

from typing import Final

from mazzo.cards import short_deck
from mazzo.engine.game import Action, Config, Game
from mazzo.games.poker_italiano.actions import Bet, Draw, Open, Raise
from mazzo.games.poker_italiano.config import PokerItalianoConfig
from mazzo.rl.actions import TokenCoder, Tokens, digits_needed
from mazzo.rl.spaces import MAX_ACTIONS, Field, Observation, Pending

SIMPLE_COUNT: Final = 11  # NoBlind, Blind 1-3, Cover, NoCover, Pass, Parola, Stay, Call, Fold
AMOUNT_KINDS: Final = (Open, Bet, Raise)
DIGIT_BASE: Final = 1000
MAX_DRAW: Final = 4


class PokerCoder(TokenCoder):
    def __init__(self, game: Game, config: Config) -> None:
        assert isinstance(config, PokerItalianoConfig)
        self.deck_size = config.deck_size
        self.max_amount = config.max_amount
        self.positions = {c: i for i, c in enumerate(short_deck(self.deck_size))}
        self.flat_amounts = SIMPLE_COUNT + 3 * self.max_amount + MAX_DRAW + 1 <= MAX_ACTIONS
        self.digits = 0 if self.flat_amounts else digits_needed(self.max_amount - 1, DIGIT_BASE)
        amount_span = 3 * self.max_amount if self.flat_amounts else 3
        self.draw_base = SIMPLE_COUNT + amount_span
        size = self.draw_base + MAX_DRAW + 1
        if not self.flat_amounts:
            size = max(size, DIGIT_BASE)
        self.codec_index = game.action_index
        super().__init__(game, config, max(size, self.deck_size), self._tokenize_poker)
        amount_pending = 0 if self.flat_amounts else 3 + self.digits
        self.pending_size = MAX_DRAW + 1 + self.deck_size + amount_pending

    def _tokenize_poker(self, action: Action) -> Tokens:
        if isinstance(action, Draw):
            positions = sorted(self.positions[c] for c in action.cards)
            return (self.draw_base + len(positions), *positions)
        if isinstance(action, AMOUNT_KINDS):
            slot = AMOUNT_KINDS.index(type(action))
            if self.flat_amounts:
                return (SIMPLE_COUNT + slot * self.max_amount + action.amount - 1,)
            return (SIMPLE_COUNT + slot, *self._digits_of(action.amount - 1))
        index = self.codec_index(self.config, action)
        assert index < SIMPLE_COUNT, f"{action} is not a simple poker move"
        return (index,)

    def _digits_of(self, value: int) -> Tokens:
        out = []
        for _ in range(self.digits):
            value, digit = divmod(value, DIGIT_BASE)
            out.append(digit)
        return tuple(reversed(out))

    def encode_pending(self, pending: Pending, out: Observation) -> None:
        first, rest = pending.picks[0], pending.picks[1:]
        if first >= self.draw_base:
            out[first - self.draw_base] = 1.0
            for position in rest:
                out[MAX_DRAW + 1 + position] = 1.0
            return
        base = MAX_DRAW + 1 + self.deck_size
        out[base + first - SIMPLE_COUNT] = 1.0
        for i, digit in enumerate(rest):
            out[base + 3 + i] = digit / (DIGIT_BASE - 1)

    def pending_fields(self, start: int) -> list[Field]:
        fields = [
            Field("pending_draw_count", start, MAX_DRAW + 1,
                  "one-hot: the number of cards chosen to change (a draw being chosen)"),
            Field("pending_discards", start + MAX_DRAW + 1, self.deck_size,
                  "one per deck card: the discards chosen so far"),
        ]
        if not self.flat_amounts:
            base = start + MAX_DRAW + 1 + self.deck_size
            fields += [
                Field("pending_amount_kind", base, 3,
                      "one-hot open / bet / raise: an amount being chosen digit by digit"),
                Field("pending_amount_digits", base + 3, self.digits,
                      f"the digits of amount - 1 chosen so far (base {DIGIT_BASE}, /"
                      f"{DIGIT_BASE - 1}), most significant first"),
            ]
        return fields


def coder(game: Game, config: Config) -> TokenCoder:
    """Poker's action coder (see the module's docstring)."""
    return PokerCoder(game, config)


def utility_bounds(config: Config) -> tuple[float, float]:
    """Bounds of ``returns()``, chips won: a seat loses at most its stack and wins at most the
    others'; on credit a seat can lose more than a stack, so the bound is a loose one."""
    assert isinstance(config, PokerItalianoConfig)
    stack, players = float(config.stack), float(config.players)
    if config.credit:
        bound = stack * players * float(config.max_hands)
        return -bound, bound
    return -stack, stack * (players - 1)

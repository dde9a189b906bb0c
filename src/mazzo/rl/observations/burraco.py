"""Burraco's observation: hand, the pile, known cards, every side's melds, pozzetti and scores.

Cards are one-hot over the 108-card deck with twins distinct. Sides are written observer's side
first; each side has :data:`MAX_MELDS` meld slots in table order.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

import numpy as np

from mazzo.cards import JOKER_RANK, burraco_deck
from mazzo.engine.game import JSON, Config
from mazzo.games.burraco.actions import MAX_MELDS
from mazzo.rl.observations.layout import (
    Layout,
    card_table,
    offset_table,
    put_sparse_seat,
    relative,
)
from mazzo.rl.spaces import Field, Observation, squash

PHASES = ("draw", "play")
KINDS = ("sporco", "pulito")
SCORE_SCALE = 1000.0
#: per meld: run, natural suit (4), set rank A..K (13), lo, length, wild, wild position, kind (2)
MELD_FEATURES: Final = 1 + 4 + 13 + 1 + 1 + 1 + 1 + len(KINDS)
_CARDS: Final = itemgetter("cards")
_LAYOUT: Final = itemgetter("lo", "wild", "run", "burraco")
#: sides' meld blocks an encoder keeps (a side's melds change only when it melds or attaches)
SIDES_KEPT: Final = 4096


class BurracoEncoder:
    def __init__(self, players: int) -> None:
        self.players = n = players
        deck = burraco_deck()
        self.table = card_table(deck)
        self.rank_suit = {token: (deck[i].rank, deck[i].suit) for token, i in self.table.items()}
        cards = len(self.table)
        self.side_slots = 2 if n == 4 else n
        lay = Layout()
        self.phase = lay.add("phase", len(PHASES) + 1, "one-hot: draw, play, other")
        self.hand = lay.add("hand", cards, "own hand, one per card of the 108 (twins distinct)")
        self.pile = lay.add("pile", cards, "the discard pile")
        self.pile_top = lay.add("pile_top", cards, "the pile's top card")
        self.pile_size = lay.add("pile_size", 1, "cards in the pile / 108")
        self.restricted = lay.add("restricted", cards,
                                  "the card just taken that may not be discarded at once")
        self.known = lay.add("known", n * cards,
                             "per seat (observer first): cards known to be in its hand")
        self.counts = lay.add("hand_counts", n, "per seat: squash(cards in hand / 11)")
        self.melds = lay.add("melds", self.side_slots * MAX_MELDS * MELD_FEATURES,
                             f"per side (observer's first), per meld slot: run, one-hot natural "
                             f"suit ♥ ♦ ♣ ♠, one-hot set rank A..K, lowest position / 14, cards "
                             f"/ 14, has a wild, wild position / 14, burraco sporco, pulito "
                             f"({MELD_FEATURES} each)")
        self.melded = lay.add("melded", self.side_slots * cards,
                              "per side: every card it has melded")
        self.running = lay.add("running", self.side_slots,
                               f"per side: squash(points on the table / {SCORE_SCALE:g})",
                               low=-1.0)
        self.taken = lay.add("pozzetto_taken", n, "per seat: its side has taken its pozzetto")
        self.pozzetti = lay.add("pozzetti", 1, "pozzetti still untaken / 3")
        self.stock = lay.add("stock", 1, "cards in the stock / 108")
        self.flags = lay.add("flags", 2, "last turn before the stock runs out, three pozzetti")
        self.scores = lay.add("scores", n, f"per seat: squash(match score / {SCORE_SCALE:g})",
                              low=-1.0)
        self.dealer = lay.add("dealer", n, "one-hot seat of the dealer")
        self.to_move = lay.add("current_player", n, "one-hot seat to move")
        self.layout = lay
        self.size = lay.size
        self.phase_slot = {name: self.phase + i for i, name in enumerate(PHASES)}
        self.hand_at = offset_table(self.table, self.hand)
        self.pile_at = offset_table(self.table, self.pile)
        self.pile_top_at = offset_table(self.table, self.pile_top)
        self.restricted_at = offset_table(self.table, self.restricted)
        self.known_at = [offset_table(self.table, self.known + slot * cards) for slot in range(n)]
        self._sides: dict[tuple[object, ...], tuple[Observation, Observation]] = {}
        self._side_orders: dict[tuple[int, tuple[int, ...]], list[int]] = {}

    def side_order(self, view: JSON) -> list[int]:
        """Side ids, the observer's first, then by the turn order of their first seat."""
        seat, n, side_of = view["seat"], self.players, view["side_of"]
        key = (seat, tuple(side_of))
        found = self._side_orders.get(key)
        if found is None:
            first: dict[int, int] = {}
            for other in sorted(range(n), key=lambda s: relative(seat, s, n)):
                first.setdefault(side_of[other], other)
            found = self._side_orders[key] = list(first)[: self.side_slots]
        return found

    def encode(self, view: JSON, out: Observation) -> None:
        # The cards (dozens of them) are gathered by C-level maps over precomputed slot tables
        # and set in one numpy assignment; the few numbers are stored directly, the seats'
        # loops inlined. Each side's melds come ready-made from a cache, since they change only
        # when that side melds or attaches.
        seat, n = view["seat"], self.players
        ones: list[int] = [self.phase_slot.get(view["phase"], self.phase + len(PHASES))]
        ones += map(self.hand_at.__getitem__, view["hand"] or ())
        pile = view["pile"]
        ones += map(self.pile_at.__getitem__, pile)
        if pile:
            ones.append(self.pile_top_at[pile[-1]])
        out[self.pile_size] = len(pile) / 108.0
        if view["restricted"] is not None:
            ones.append(self.restricted_at[view["restricted"]])
        counts, taken, scores = self.counts, self.taken, self.scores
        for other, (known, held, has_taken, score) in enumerate(zip(
                view["known"], view["hand_counts"], view["pozzetto_taken"], view["scores"],
                strict=True)):
            slot = (other - seat) % n
            ones += map(self.known_at[slot].__getitem__, known or ())
            out[counts + slot] = held / (held + 11.0)  # squash(held / 11)
            out[taken + slot] = float(has_taken)
            out[scores + slot] = squash(score / SCORE_SCALE)
        for slot, side in enumerate(self.side_order(view)):
            out[self.running + slot] = squash(view["running"][side] / SCORE_SCALE)
            melds = view["melds"][side]
            if melds:
                block, melded = self._side_blocks(melds)
                start = self.melds + slot * MAX_MELDS * MELD_FEATURES
                out[start:start + len(block)] = block
                start = self.melded + slot * len(self.table)
                out[start:start + len(melded)] = melded
        out[self.pozzetti] = len(view["pozzetti"]) / 3.0
        out[self.stock] = view["stock"] / 108.0
        out[self.flags] = float(bool(view["last_turn"]))
        out[self.flags + 1] = float(bool(view["three_pozzetti"]))
        put_sparse_seat(ones, self.dealer, seat, view["dealer"], n)
        put_sparse_seat(ones, self.to_move, seat, view["current_player"], n)
        out[ones] = 1.0

    def _side_blocks(self, melds: list[JSON]) -> tuple[Observation, Observation]:
        """A side's meld slots as one float32 block (melds in table order, up to
        :data:`MAX_MELDS`) and its ``melded`` field up to the last card it has melded, both
        cached by the melds' content."""
        melds = melds[:MAX_MELDS]
        # the key is built by C-level maps: a Python loop over the melds would cost as much as
        # encoding them
        key = (tuple(map(tuple, map(_CARDS, melds))), tuple(map(_LAYOUT, melds)))
        found = self._sides.get(key)
        if found is None:
            block = np.zeros(len(melds) * MELD_FEATURES, dtype=np.float32)
            for i, meld in enumerate(melds):
                self._encode_meld(meld, block, i * MELD_FEATURES)
            melded = np.zeros(len(self.table), dtype=np.float32)
            for meld in melds:
                for token in meld["cards"]:
                    melded[self.table[token]] = 1.0
            found = (block, melded[: int(np.flatnonzero(melded)[-1]) + 1])
            if len(self._sides) >= SIDES_KEPT:
                self._sides.clear()
            self._sides[key] = found
        return found

    def _encode_meld(self, meld: JSON, out: Observation, base: int) -> None:
        tokens, lo, wild, run = meld["cards"], meld["lo"], meld["wild"], meld["run"]
        natural = self._natural(tokens, lo, wild, run)
        rank, suit = self.rank_suit[natural]
        out[base] = float(run)
        if run and 0 <= suit < 4:
            out[base + 1 + suit] = 1.0
        if not run:
            out[base + 5 + (0 if rank == 14 else rank - 1)] = 1.0
        out[base + 18] = lo / 14.0
        out[base + 19] = len(tokens) / 14.0
        out[base + 20] = float(wild > 0)
        out[base + 21] = wild / 14.0 if run else 0.0
        if meld["burraco"] in KINDS:
            out[base + 22 + KINDS.index(meld["burraco"])] = 1.0

    def _natural(self, tokens: list[str], lo: int, wild: int, run: bool) -> str:
        """A card of the meld that stands for itself (its suit or rank names the meld)."""
        for i, token in enumerate(tokens):
            rank = self.rank_suit[token][0]
            if run and lo + i != wild:
                return token
            if not run and rank not in (2, JOKER_RANK):
                return token
        return tokens[0]

    def fields(self) -> list[Field]:
        return list(self.layout.fields)


def encoder(config: Config) -> BurracoEncoder:
    return BurracoEncoder(config.players)

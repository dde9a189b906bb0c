"""Burraco's observation: hand, the pile, known cards, every side's melds, pozzetti and scores.

Cards are one-hot over the 108-card deck with twins distinct. Sides are written observer's side
first; each side has :data:`MAX_MELDS` meld slots in table order.
"""

from __future__ import annotations

from typing import Final

from mazzo.cards import JOKER_RANK, burraco_deck
from mazzo.engine.game import JSON, Config
from mazzo.games.burraco.actions import MAX_MELDS
from mazzo.rl.observations.layout import (
    Layout,
    card_table,
    put_cards,
    put_one_hot,
    put_per_seat,
    put_seat,
    relative,
)
from mazzo.rl.spaces import Field, Observation

PHASES = ("draw", "play")
KINDS = ("sporco", "pulito")
SCORE_SCALE = 1000.0
#: per meld: run, natural suit (4), set rank A..K (13), lo, length, wild, wild position, kind (2)
MELD_FEATURES: Final = 1 + 4 + 13 + 1 + 1 + 1 + 1 + len(KINDS)


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
        self.counts = lay.add("hand_counts", n, "per seat: cards in hand / 22")
        self.melds = lay.add("melds", self.side_slots * MAX_MELDS * MELD_FEATURES,
                             f"per side (observer's first), per meld slot: run, one-hot natural "
                             f"suit ♥ ♦ ♣ ♠, one-hot set rank A..K, lowest position / 14, cards "
                             f"/ 14, has a wild, wild position / 14, burraco sporco, pulito "
                             f"({MELD_FEATURES} each)")
        self.melded = lay.add("melded", self.side_slots * cards,
                              "per side: every card it has melded")
        self.running = lay.add("running", self.side_slots,
                               f"per side: points on the table / {SCORE_SCALE:g}")
        self.taken = lay.add("pozzetto_taken", n, "per seat: its side has taken its pozzetto")
        self.pozzetti = lay.add("pozzetti", 1, "pozzetti still untaken / 3")
        self.stock = lay.add("stock", 1, "cards in the stock / 108")
        self.flags = lay.add("flags", 2, "last turn before the stock runs out, three pozzetti")
        self.scores = lay.add("scores", n, f"per seat: match score / {SCORE_SCALE:g}")
        self.dealer = lay.add("dealer", n, "one-hot seat of the dealer")
        self.to_move = lay.add("current_player", n, "one-hot seat to move")
        self.layout = lay
        self.size = lay.size

    def side_order(self, view: JSON) -> list[int]:
        """Side ids, the observer's first, then by the turn order of their first seat."""
        seat, n, side_of = view["seat"], self.players, view["side_of"]
        first: dict[int, int] = {}
        for other in sorted(range(n), key=lambda s: relative(seat, s, n)):
            first.setdefault(side_of[other], other)
        return list(first)

    def encode(self, view: JSON, out: Observation) -> None:
        seat, n, table, cards = view["seat"], self.players, self.table, len(self.table)
        put_one_hot(out, self.phase, PHASES, view["phase"])
        put_cards(out, self.hand, view["hand"], table)
        pile = view["pile"]
        put_cards(out, self.pile, pile, table)
        if pile:
            out[self.pile_top + table[pile[-1]]] = 1.0
        out[self.pile_size] = len(pile) / 108.0
        if view["restricted"] is not None:
            out[self.restricted + table[view["restricted"]]] = 1.0
        for other, known in enumerate(view["known"]):
            put_cards(out, self.known + relative(seat, other, n) * cards, known, table)
        put_per_seat(out, self.counts, seat, view["hand_counts"], 22.0)
        for slot, side in enumerate(self.side_order(view)[: self.side_slots]):
            for i, meld in enumerate(view["melds"][side][:MAX_MELDS]):
                self._encode_meld(meld, out, self.melds + (slot * MAX_MELDS + i) * MELD_FEATURES)
                put_cards(out, self.melded + slot * cards, meld["cards"], table)
            out[self.running + slot] = view["running"][side] / SCORE_SCALE
        put_per_seat(out, self.taken, seat, view["pozzetto_taken"], 1.0)
        out[self.pozzetti] = len(view["pozzetti"]) / 3.0
        out[self.stock] = view["stock"] / 108.0
        out[self.flags] = float(bool(view["last_turn"]))
        out[self.flags + 1] = float(bool(view["three_pozzetti"]))
        put_per_seat(out, self.scores, seat, view["scores"], SCORE_SCALE)
        put_seat(out, self.dealer, seat, view["dealer"], n)
        put_seat(out, self.to_move, seat, view["current_player"], n)

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

"""Nebraska's observation: hands, the candidate and common cards, bids, sizes and scores."""

from __future__ import annotations

from mazzo.cards import nebraska_deck
from mazzo.engine.game import JSON, Config
from mazzo.rl.observations.layout import (
    Layout,
    card_table,
    put_cards,
    put_one_hot,
    put_per_seat_squashed,
    put_seat,
    relative,
)
from mazzo.rl.spaces import Field, Observation, squash

PHASES = ("bid", "decide")
SCORE_SCALE = 100.0


class NebraskaEncoder:
    def __init__(self, players: int) -> None:
        self.players = n = players
        self.table = card_table(nebraska_deck())
        cards = len(self.table)
        lay = Layout()
        self.phase = lay.add("phase", len(PHASES) + 1, "one-hot: bid, decide, other (over)")
        self.hand = lay.add("hand", cards, "own hand, one per card of the 8x13 deck")
        self.received = lay.add("received", cards, "cards received this hand")
        self.candidate = lay.add("candidate", cards, "the candidate card")
        self.common = lay.add("common", cards, "the common cards")
        self.rejected = lay.add("rejected", cards, "the rejected cards")
        self.spent = lay.add("spent_bids", n * cards,
                             "per seat (observer first): its earlier bids, face up")
        self.bid_made = lay.add("bid_made", n, "per seat: has bid this round")
        self.bids = lay.add("bid_cards", n * cards, "per seat: its bid card once visible")
        self.sizes = lay.add("hand_sizes", n, "per seat: squash(cards in hand / 20)")
        self.stock = lay.add("stock", 1, "cards in the stock / 104")
        self.scores = lay.add("scores", n, f"per seat: squash(match score / {SCORE_SCALE:g})",
                              low=-1.0)
        self.dealer = lay.add("dealer", n, "one-hot seat of the dealer")
        self.to_move = lay.add("current_player", n, "one-hot seat to move")
        self.decider = lay.add("decider", n, "one-hot seat who decides (once bids are shown)")
        self.hand_number = lay.add("hand_number", 1, "squash(hand number / 100)")
        self.layout = lay
        self.size = lay.size

    def encode(self, view: JSON, out: Observation) -> None:
        seat, n, table, cards = view["seat"], self.players, self.table, len(self.table)
        put_one_hot(out, self.phase, PHASES, view["phase"])
        put_cards(out, self.hand, view["hand"], table)
        put_cards(out, self.received, view["received"], table)
        if view["candidate"] is not None:
            out[self.candidate + table[view["candidate"]]] = 1.0
        put_cards(out, self.common, view["common"], table)
        put_cards(out, self.rejected, view["rejected"], table)
        for other in range(n):
            slot = relative(seat, other, n)
            put_cards(out, self.spent + slot * cards, view["spent_bids"][other], table)
            bid = view["bids"][other]
            if bid is not None:
                out[self.bid_made + slot] = 1.0
                if isinstance(bid, str):
                    out[self.bids + slot * cards + table[bid]] = 1.0
        put_per_seat_squashed(out, self.sizes, seat, view["hand_sizes"], 20.0)
        out[self.stock] = view["stock"] / 104.0
        put_per_seat_squashed(out, self.scores, seat, view["scores"], SCORE_SCALE)
        put_seat(out, self.dealer, seat, view["dealer"], n)
        put_seat(out, self.to_move, seat, view["current_player"], n)
        put_seat(out, self.decider, seat, view["decider"], n)
        out[self.hand_number] = squash(view["hand_number"] / 100.0)

    def fields(self) -> list[Field]:
        return list(self.layout.fields)


def encoder(config: Config) -> NebraskaEncoder:
    return NebraskaEncoder(config.players)

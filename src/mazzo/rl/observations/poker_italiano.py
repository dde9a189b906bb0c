"""Poker all'italiana's observation: hand, stacks, bets, the pot, blinds, draws and the betting log.

Chip amounts are divided by every chip at the table (``players × stack``); the betting log keeps
the hand's latest :data:`LOG_ENTRIES` words (seat, word, amount, all-in).
"""

from __future__ import annotations

from mazzo.cards import short_deck
from mazzo.engine.game import JSON, Config
from mazzo.games.poker_italiano.config import PokerItalianoConfig
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

PHASES = ("blinds", "opening", "draw", "betting", "second_round")
MODES = ("blinds", "open", "respond", "stay", "call_only", "draw", "second")
WORDS = ("no_blind", "buio", "controbuio", "over", "cover", "no_cover", "pass", "open", "parola",
         "stay", "bet", "call", "raise", "fold", "draw")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
LOG_ENTRIES = 24


class PokerEncoder:
    def __init__(self, config: PokerItalianoConfig) -> None:
        self.players = n = config.players
        self.chips_scale = float(config.max_amount)
        self.table = card_table(short_deck(config.deck_size))
        cards = len(self.table)
        lay = Layout()
        self.phase = lay.add("phase", len(PHASES) + 1,
                             "one-hot: blinds, opening, draw, betting, second_round, other")
        self.mode = lay.add("mode", len(MODES) + 1, "one-hot: what the seat to move may do "
                            "(blinds, open, respond, stay, call_only, draw, second, other)")
        self.hand = lay.add("hand", cards, f"own hand, one per card of the {cards}-card deck")
        self.discarded = lay.add("discarded", cards, "own cards changed at the draw")
        self.chips = lay.add("chips", n, "per seat (observer first): chips / table chips")
        self.in_match = lay.add("in_match", n, "per seat: still in the match")
        self.folded = lay.add("folded", n, "per seat: out of this hand")
        self.contrib = lay.add("contrib", n, "per seat: chips put in this hand / table chips")
        self.round_bets = lay.add("round_bets", n, "per seat: bet this round / table chips")
        self.counts = lay.add("hand_counts", n, "per seat: cards held / 5")
        self.draws = lay.add("draws", n * 6, "per seat: one-hot not drawn yet, changed 0..4")
        self.blinds = lay.add("blinds", n * 4,
                              "per seat: one-hot blind level buio / controbuio / over, covered")
        self.pot = lay.add("pot", 3, "pot, carried over, amount to match / table chips")
        self.opener = lay.add("opener", n, "one-hot seat that opened")
        self.dealer = lay.add("dealer", n, "one-hot seat of the dealer")
        self.to_move = lay.add("current_player", n, "one-hot seat to move")
        self.requirement = lay.add("opening_requirement", len(RANKS),
                                   "one-hot: the lowest pair that may open")
        self.parole = lay.add("parole", 1, "1 when the second round is played with parole")
        self.stock = lay.add("stock", 1, "cards in the stock / deck size")
        self.hand_number = lay.add("hand_number", 1, "hand number / 100")
        entry = n + len(WORDS) + 1 + 3
        self.entry = entry
        self.log = lay.add("log", LOG_ENTRIES * entry,
                           f"the hand's latest {LOG_ENTRIES} words, oldest first: one-hot seat, "
                           "one-hot word (or other), amount / table chips, all-in, present")
        self.layout = lay
        self.size = lay.size

    def encode(self, view: JSON, out: Observation) -> None:
        seat, n, scale = view["seat"], self.players, self.chips_scale
        put_one_hot(out, self.phase, PHASES, view["phase"])
        put_one_hot(out, self.mode, MODES, view.get("mode"))
        put_cards(out, self.hand, view["hand"], self.table)
        put_cards(out, self.discarded, view["discarded"], self.table)
        put_per_seat(out, self.chips, seat, view["chips"], scale)
        put_per_seat(out, self.in_match, seat, view["in_match"], 1.0)
        put_per_seat(out, self.folded, seat, view["folded"], 1.0)
        put_per_seat(out, self.contrib, seat, view["contrib"], scale)
        put_per_seat(out, self.round_bets, seat, view["round_bets"], scale)
        put_per_seat(out, self.counts, seat, view["hand_counts"], 5.0)
        for other, drawn in enumerate(view["draws"]):
            out[self.draws + relative(seat, other, n) * 6 + drawn + 1] = 1.0
        for blind in view["blinds"]:
            base = self.blinds + relative(seat, blind["seat"], n) * 4
            out[base + blind["level"] - 1] = 1.0
            out[base + 3] = float(bool(blind["covered"]))
        out[self.pot] = view["pot"] / scale
        out[self.pot + 1] = view["carried"] / scale
        out[self.pot + 2] = view["to_match"] / scale
        put_seat(out, self.opener, seat, view["opener"], n)
        put_seat(out, self.dealer, seat, view["dealer"], n)
        put_seat(out, self.to_move, seat, view["current_player"], n)
        put_one_hot(out, self.requirement, RANKS, view["opening_requirement"])
        out[self.parole] = float(bool(view["parole"]))
        out[self.stock] = view["stock"] / len(self.table)
        out[self.hand_number] = view["hand_number"] / 100.0
        self._encode_log(view["log"][-LOG_ENTRIES:], seat, out)

    def _encode_log(self, log: list[JSON], seat: int, out: Observation) -> None:
        n = self.players
        for i, entry in enumerate(log):
            base = self.log + i * self.entry
            out[base + relative(seat, entry["seat"], n)] = 1.0
            put_one_hot(out, base + n, WORDS, entry["word"])
            rest = base + n + len(WORDS) + 1
            out[rest] = entry["amount"] / self.chips_scale
            out[rest + 1] = float(bool(entry["all_in"]))
            out[rest + 2] = 1.0

    def fields(self) -> list[Field]:
        return list(self.layout.fields)


def encoder(config: Config) -> PokerEncoder:
    assert isinstance(config, PokerItalianoConfig)
    return PokerEncoder(config)

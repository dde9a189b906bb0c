"""Poker all'italiana's observation: hand, stacks, bets, the pot, blinds, draws and the betting log.

Chip amounts are divided by every chip at the table (``players × stack``); the betting log keeps
the hand's latest :data:`LOG_ENTRIES` words (seat, word, amount, all-in). On credit (``credit``)
each deal brings up to ``stack`` a player afresh while a frozen pot is carried on, so the pot and
what is carried over have no bound: those two are squashed (:func:`~mazzo.rl.spaces.squash`).
"""

from __future__ import annotations

from mazzo.cards import short_deck
from mazzo.engine.game import JSON, Config
from mazzo.games.poker_italiano.config import PokerItalianoConfig
from mazzo.rl.observations.layout import (
    Layout,
    card_table,
    offset_table,
    put_seat,
)
from mazzo.rl.spaces import Field, Observation, squash

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
        self.credit = config.credit
        self.pot = lay.add("pot", 3, "squash(pot, carried over / table chips), amount to match / "
                           "table chips" if config.credit else
                           "pot, carried over, amount to match / table chips")
        self.opener = lay.add("opener", n, "one-hot seat that opened")
        self.dealer = lay.add("dealer", n, "one-hot seat of the dealer")
        self.to_move = lay.add("current_player", n, "one-hot seat to move")
        self.requirement = lay.add("opening_requirement", len(RANKS),
                                   "one-hot: the lowest pair that may open")
        self.parole = lay.add("parole", 1, "1 when the second round is played with parole")
        self.stock = lay.add("stock", 1, "cards in the stock / deck size")
        self.hand_number = lay.add("hand_number", 1, "squash(hand number / 100)")
        entry = n + len(WORDS) + 1 + 3
        self.entry = entry
        self.log = lay.add("log", LOG_ENTRIES * entry,
                           f"the hand's latest {LOG_ENTRIES} words, oldest first: one-hot seat, "
                           "one-hot word (or other), amount / table chips, all-in, present")
        self.layout = lay
        self.size = lay.size
        self.rest = n + len(WORDS) + 1  # an entry's amount, all-in and present, after the words
        self.phase_slot = {name: self.phase + i for i, name in enumerate(PHASES)}
        self.mode_slot: dict[object, int] = {name: self.mode + i for i, name in enumerate(MODES)}
        self.requirement_slot = {rank: self.requirement + i for i, rank in enumerate(RANKS)}
        self.word_slot = {word: i for i, word in enumerate(WORDS)}
        self.hand_at = offset_table(self.table, self.hand)
        self.discarded_at = offset_table(self.table, self.discarded)

    def encode(self, view: JSON, out: Observation) -> None:
        # Direct stores with the seats' loops inlined and every slot table precomputed: at this
        # size a Python call per field costs more than the stores themselves.
        seat, n, scale = view["seat"], self.players, self.chips_scale
        out[self.phase_slot.get(view["phase"], self.phase + len(PHASES))] = 1.0
        out[self.mode_slot.get(view.get("mode"), self.mode + len(MODES))] = 1.0
        for token in view["hand"] or ():
            out[self.hand_at[token]] = 1.0
        for token in view["discarded"] or ():
            out[self.discarded_at[token]] = 1.0
        chips, contrib, round_bets = self.chips, self.contrib, self.round_bets
        in_match, folded, counts, draws = self.in_match, self.folded, self.counts, self.draws
        for other, (stack, playing, out_of_hand, put_in, bet, held, drawn) in enumerate(zip(
                view["chips"], view["in_match"], view["folded"], view["contrib"],
                view["round_bets"], view["hand_counts"], view["draws"], strict=True)):
            slot = (other - seat) % n
            out[chips + slot] = stack / scale
            out[in_match + slot] = float(playing)
            out[folded + slot] = float(out_of_hand)
            out[contrib + slot] = put_in / scale
            out[round_bets + slot] = bet / scale
            out[counts + slot] = held / 5.0
            out[draws + slot * 6 + drawn + 1] = 1.0
        for blind in view["blinds"]:
            base = self.blinds + (blind["seat"] - seat) % n * 4
            out[base + blind["level"] - 1] = 1.0
            out[base + 3] = float(bool(blind["covered"]))
        if self.credit:  # unbounded on credit: a frozen pot grows deal after deal
            out[self.pot] = squash(view["pot"] / scale)
            out[self.pot + 1] = squash(view["carried"] / scale)
        else:
            out[self.pot] = view["pot"] / scale
            out[self.pot + 1] = view["carried"] / scale
        out[self.pot + 2] = view["to_match"] / scale
        put_seat(out, self.opener, seat, view["opener"], n)
        put_seat(out, self.dealer, seat, view["dealer"], n)
        put_seat(out, self.to_move, seat, view["current_player"], n)
        out[self.requirement_slot.get(view["opening_requirement"],
                                      self.requirement + len(RANKS))] = 1.0
        out[self.parole] = float(bool(view["parole"]))
        out[self.stock] = view["stock"] / len(self.table)
        out[self.hand_number] = squash(view["hand_number"] / 100.0)
        self._encode_log(view["log"][-LOG_ENTRIES:], seat, out)

    def _encode_log(self, log: list[JSON], seat: int, out: Observation) -> None:
        n, scale, word_slot, other_word = self.players, self.chips_scale, self.word_slot, len(WORDS)
        base, rest = self.log, self.rest
        for entry in log:
            out[base + (entry["seat"] - seat) % n] = 1.0
            out[base + n + word_slot.get(entry["word"], other_word)] = 1.0
            out[base + rest] = entry["amount"] / scale
            out[base + rest + 1] = float(bool(entry["all_in"]))
            out[base + rest + 2] = 1.0
            base += self.entry

    def fields(self) -> list[Field]:
        return list(self.layout.fields)


def encoder(config: Config) -> PokerEncoder:
    assert isinstance(config, PokerItalianoConfig)
    return PokerEncoder(config)

"""Cribbage's observation: hand, discards, starter, the pegging count and run, cards laid,
what has been shown, the board and who owes an announcement.

The shown hands and crib are those of this hand's show once it starts, else the last hand's
(the view's ``last_show``): a show is never a decision without muggins, so a field reading only
this hand's would be empty at every decision."""

from __future__ import annotations

from mazzo.cards import french_deck
from mazzo.engine.game import JSON, Config
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.rl.observations.layout import (
    Layout,
    card_table,
    put_cards,
    put_one_hot,
    put_per_seat,
    put_per_seat_squashed,
    put_seat,
    relative,
)
from mazzo.rl.spaces import Field, Observation

PHASES = ("discard", "pegging", "announce", "muggins")
SHOWN = ("hand", "crib")
PENDING = ("peg", "hand", "crib")


class CribbageEncoder:
    def __init__(self, players: int, target: int) -> None:
        self.players = n = players
        self.target = float(target)
        self.table = card_table(french_deck())
        cards = len(self.table)
        lay = Layout()
        self.phase = lay.add("phase", len(PHASES) + 1,
                             "one-hot: discard, pegging, announce, muggins, other")
        self.hand = lay.add("hand", cards, "own hand, one per card of the 52")
        self.discards = lay.add("discards", cards, "own cards given to the crib")
        self.starter = lay.add("starter", cards, "the starter card once cut")
        self.crib = lay.add("crib", cards, "the crib once turned up, else the last hand's")
        self.count = lay.add("count", 1, "the pegging count / 31")
        self.sequence = lay.add("sequence", cards, "cards of the current pegging run (to 31)")
        self.sequence_length = lay.add("sequence_length", 1, "cards in the current run / 13 "
                                      "(A A A A 2 2 2 2 3 3 3 3 4: the most a run to 31 holds)")
        self.laid = lay.add("laid", n * cards, "per seat (observer first): cards it has pegged")
        self.go = lay.add("go", n, "per seat: has said go in this run")
        self.counts = lay.add("hand_counts", n, "per seat: cards in hand / 6")
        self.crib_count = lay.add("crib_count", 1, "cards in the crib / 4")
        self.shown = lay.add("shown", n * len(SHOWN),
                             "per seat: its hand / crib shown at the show (this hand's "
                             "once it starts, else the last hand's)")
        self.shown_cards = lay.add("shown_cards", cards,
                                   "every card shown at that show (the crib's included)")
        self.scores = lay.add("scores", n, "per seat: board points / target (at most 1)")
        self.games_won = lay.add("games_won", n, "per seat: squash(games won / 3)")
        self.match_points = lay.add("match_points", n, "per seat: squash(match points / 10)")
        self.dealer = lay.add("dealer", n, "one-hot seat of the dealer")
        self.to_move = lay.add("current_player", n, "one-hot seat to move")
        self.owner = lay.add("pending_owner", n, "one-hot seat whose count is being announced")
        self.pending_what = lay.add("pending_what", len(PENDING), "one-hot: peg, hand, crib")
        self.announced = lay.add("announced", 2,
                                 "points announced / 29, and points overlooked / 29 (muggins)")
        self.layout = lay
        self.size = lay.size

    def encode(self, view: JSON, out: Observation) -> None:
        seat, n, table, cards = view["seat"], self.players, self.table, len(self.table)
        put_one_hot(out, self.phase, PHASES, view["phase"])
        put_cards(out, self.hand, view["hand"], table)
        put_cards(out, self.discards, view["discards"], table)
        if view["starter"] is not None:
            out[self.starter + table[view["starter"]]] = 1.0
        put_cards(out, self.crib, view["crib"], table)
        out[self.count] = view["count"] / 31.0
        put_cards(out, self.sequence, view["sequence"], table)
        out[self.sequence_length] = len(view["sequence"]) / 13.0
        for other, laid in enumerate(view["laid"]):
            put_cards(out, self.laid + relative(seat, other, n) * cards, laid, table)
        for goer in view["go"]:
            put_seat(out, self.go, seat, goer, n)
        put_per_seat(out, self.counts, seat, view["hand_counts"], 6.0)
        out[self.crib_count] = view["crib_count"] / 4.0
        for shown in view["shown"] or view["last_show"]:
            slot = relative(seat, shown["seat"], n)
            what = shown["what"]
            out[self.shown + slot * len(SHOWN) + SHOWN.index(what)] = 1.0
            put_cards(out, self.shown_cards, shown["cards"], table)
            if what == "crib":
                put_cards(out, self.crib, shown["cards"], table)
        target = self.target
        for other, points in enumerate(view["scores"]):  # the winning peg may pass the target
            out[self.scores + (other - seat) % n] = min(points, target) / target
        put_per_seat_squashed(out, self.games_won, seat, view["games_won"], 3.0)
        put_per_seat_squashed(out, self.match_points, seat, view["match_points"], 10.0)
        put_seat(out, self.dealer, seat, view["dealer"], n)
        put_seat(out, self.to_move, seat, view["current_player"], n)
        pending = view["pending"]
        if pending is not None:
            put_seat(out, self.owner, seat, pending["owner"], n)
            out[self.pending_what + PENDING.index(pending["what"])] = 1.0
            out[self.announced] = max(pending["announced"], 0) / 29.0
            if pending["overlooked"] is not None:
                out[self.announced + 1] = pending["overlooked"] / 29.0

    def fields(self) -> list[Field]:
        return list(self.layout.fields)


def encoder(config: Config) -> CribbageEncoder:
    assert isinstance(config, CribbageConfig)
    return CribbageEncoder(config.players, config.target)

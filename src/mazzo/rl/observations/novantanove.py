"""Novantanove's observation: trump, own and exposed hands, bids, the trick, tricks won, scores.

Hands are written observer first (its own hand in slot 0); the dummy hand of the two-player
game, which belongs to nobody, keeps the last slot.
"""

from __future__ import annotations

from mazzo.engine.game import JSON, Config
from mazzo.games.novantanove.actions import deck_for
from mazzo.games.novantanove.config import NovantanoveConfig
from mazzo.rl.observations.layout import (
    Layout,
    card_table,
    put_cards,
    put_one_hot,
    put_per_seat_squashed,
)
from mazzo.rl.spaces import Field, Observation, squash

PHASES = ("bid", "premium", "play")
TRUMPS = ("♥", "♦", "♣", "♠")
OFFERS = ("declare", "reveal")
SCORE_SCALE = 100.0


class NovantanoveEncoder:
    def __init__(self, config: NovantanoveConfig) -> None:
        self.players = config.players
        self.hands_count = h = config.hands
        self.tricks = config.tricks
        self.table = card_table(deck_for(config))
        cards = len(self.table)
        lay = Layout()
        self.phase = lay.add("phase", len(PHASES) + 1, "one-hot: bid, premium, play, other")
        self.trump = lay.add("trump", len(TRUMPS) + 1, "one-hot trump suit ♥ ♦ ♣ ♠, or none")
        self.turn_up = lay.add("turn_up", cards, "the turned-up card, if any")
        self.hand = lay.add("hand", cards, "own hand, one per card of the pack")
        self.exposed = lay.add("exposed_hands", h * cards,
                               "per hand (observer first, dummy last): its cards when exposed")
        self.counts = lay.add("hand_counts", h,
                              "per hand: cards left / (tricks per deal + 3 bid cards)")
        self.bid_cards = lay.add("bid_cards", h * cards, "per hand: its bid cards once visible")
        self.bid_counts = lay.add("bid_counts", h, "per hand: bid cards laid / 3")
        self.bids = lay.add("bids", h, "per hand: its bid (tricks) / tricks per deal, once shown")
        self.bid_known = lay.add("bid_known", h, "per hand: 1 when its bid is shown")
        self.won = lay.add("tricks_won", h, "per hand: tricks won this deal / tricks per deal")
        self.offers = lay.add("offers", h * len(OFFERS), "per hand: one-hot declare / reveal")
        self.is_dummy = lay.add("dummy", h, "per hand: 1 for the dummy")
        self.trick = lay.add("trick", h * cards,
                             "the trick so far: per position (leader first) the card played")
        self.trick_hands = lay.add("trick_hands", h * h,
                                   "the trick so far: per position the hand that played")
        self.played = lay.add("played", cards, "every card of this deal's finished tricks")
        self.scores = lay.add("scores", self.players,
                              f"per seat: squash(match score / {SCORE_SCALE:g})", low=-1.0)
        self.game_scores = lay.add("game_scores", h,
                                   f"per hand: squash(game score / {SCORE_SCALE:g})", low=-1.0)
        self.games_won = lay.add("games_won", self.players, "per seat: squash(games won / 10)")
        self.to_play = lay.add("playing_hand", h, "one-hot hand to play (play phase)")
        self.dealer = lay.add("dealer", h, "one-hot hand of the dealer")
        self.layout = lay
        self.size = lay.size

    def slot(self, seat: int, hand: int) -> int:
        """Observer first among the seats' hands; a dummy hand (no seat) keeps its number."""
        n = self.players
        return (hand - seat) % n if hand < n else hand

    def encode(self, view: JSON, out: Observation) -> None:
        seat, table, cards = view["seat"], self.table, len(self.table)
        per_deal, dealt = float(self.tricks), float(self.tricks + 3)
        put_one_hot(out, self.phase, PHASES, view["phase"])
        put_one_hot(out, self.trump, TRUMPS, view["trump"])
        if view["turn_up"] is not None:
            out[self.turn_up + table[view["turn_up"]]] = 1.0
        put_cards(out, self.hand, view["hand"], table)
        for info in view["hands"]:
            slot = self.slot(seat, info["hand"])
            put_cards(out, self.exposed + slot * cards, info["cards"], table)
            out[self.counts + slot] = info["count"] / dealt
            put_cards(out, self.bid_cards + slot * cards, info["bid_cards"], table)
            out[self.bid_counts + slot] = info["bid_count"] / 3.0
            if info["bid"] is not None:
                out[self.bids + slot] = info["bid"] / per_deal
                out[self.bid_known + slot] = 1.0
            out[self.won + slot] = info["tricks"] / per_deal
            if info["offer"] is not None:
                out[self.offers + slot * len(OFFERS) + OFFERS.index(info["offer"])] = 1.0
            out[self.is_dummy + slot] = float(info["dummy"])
            out[self.game_scores + slot] = squash(info["game_score"] / SCORE_SCALE)
        for position, (hand, token) in enumerate(view["trick"]):
            out[self.trick + position * cards + table[token]] = 1.0
            out[self.trick_hands + position * self.hands_count + self.slot(seat, hand)] = 1.0
        for trick in view["tricks"]:
            for _, token in trick["cards"]:
                out[self.played + table[token]] = 1.0
        put_per_seat_squashed(out, self.scores, seat, view["scores"], SCORE_SCALE)
        put_per_seat_squashed(out, self.games_won, seat, view["games_won"], 10.0)
        playing = view.get("playing_hand")
        if playing is not None and playing >= 0:
            out[self.to_play + self.slot(seat, playing)] = 1.0
        if view["dealer"] is not None and view["dealer"] >= 0:
            out[self.dealer + self.slot(seat, view["dealer"])] = 1.0

    def fields(self) -> list[Field]:
        return list(self.layout.fields)


def encoder(config: Config) -> NovantanoveEncoder:
    assert isinstance(config, NovantanoveConfig)
    return NovantanoveEncoder(config)

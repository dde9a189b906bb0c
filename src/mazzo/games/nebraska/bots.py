"""Nebraska heuristic bot: wants the candidate promoted when it helps its own hand more than it
helps an average opponent's, and bids high only when the decision matters to it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from mazzo.cards import Card
from mazzo.engine.agent import ReadsState, Turn
from mazzo.engine.chance import sample
from mazzo.engine.game import Action, card_from_token
from mazzo.games.nebraska.actions import BID, DECK, PROMOTE, REJECT
from mazzo.games.nebraska.scoring import (
    best_colore,
    best_sequenza,
    best_valore,
    expert_count,
    family_count,
)

SAMPLES = 6  # random opponent hands drawn to estimate what a candidate gives the others


def utility(variant: str, hand: Sequence[Card], common: Sequence[Card]) -> float:
    """A rough value of ``hand`` against ``common`` for the variant (higher is better)."""
    if variant == "family":
        return family_count(hand, common)
    if variant == "expert":
        return expert_count(hand, common)
    value = 0.0
    for key in (best_valore(hand, common), best_colore(hand, common), best_sequenza(hand, common)):
        if key is not None:
            value += key[0] + key[1] / 20
    return value


def promotion_gain(variant: str, common: list[Card],
                   candidate: Card) -> Callable[[Sequence[Card]], float]:
    """``hand -> utility(variant, hand, common + [candidate]) - utility(variant, hand,
    common)``: the same number, with what depends only on the table worked out once (the bot
    asks it of six sampled hands per decision). In the family count a promoted candidate adds
    the hand's cards that match it and no common card; in the expert count, each card's match
    with it; the poker variant's value is computed as it is."""
    rank, colour = candidate & 15, candidate >> 4
    if variant == "family":
        ranks = {c & 15 for c in common}
        colours = {c >> 4 for c in common}
        return lambda hand: sum(1 for c in hand if (c & 15) not in ranks
                                and (c >> 4) not in colours
                                and ((c & 15) == rank or (c >> 4) == colour))
    if variant == "expert":
        return lambda hand: sum(1 for c in hand if (c & 15) == rank or (c >> 4) == colour)
    promoted = common + [candidate]
    return lambda hand: utility(variant, hand, promoted) - utility(variant, hand, common)


def bid_loss(variant: str, hand: list[Card], common: list[Card]) -> Callable[[Card], float]:
    """``card -> utility(variant, hand, common) - utility(variant, hand without card,
    common)``: the same number, worked out from the table once per decision. Nebraska's 104
    cards are all different, so a card leaves the family count when it matches a common card
    and takes its own matches out of the expert count; the poker variant's value is computed
    as it is."""
    if variant == "family":
        ranks = {c & 15 for c in common}
        colours = {c >> 4 for c in common}
        return lambda card: 1 if (card & 15) in ranks or (card >> 4) in colours else 0
    if variant == "expert":
        return lambda card: sum(1 for c in common
                                if (c & 15) == (card & 15) or (c >> 4) == (card >> 4))
    base = utility(variant, hand, common)
    return lambda card: base - utility(variant, [c for c in hand if c != card], common)


class NebraskaHeuristic:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> Action:
        view = turn.view
        hand = [card_from_token(t) for t in view["hand"]]
        common = [card_from_token(t) for t in view["common"]]
        candidate = card_from_token(view["candidate"])
        gone = [card_from_token(t) for t in view["rejected"]]
        for spent in view["spent_bids"]:
            gone += [card_from_token(t) for t in spent]
        return self.decide(view["variant"], view["phase"] == "decide", hand, common, candidate,
                           gone)

    def decide(self, variant: str, deciding: bool, hand: list[Card], common: list[Card],
               candidate: Card, gone: list[Card]) -> Action:
        """The move for ``hand`` with ``candidate`` on offer over ``common``, ``gone`` the
        rejected cards and every seat's spent bids: promote or reject when ``deciding``, else
        the card to bid. What :meth:`act` reads off the view, and the search's rollouts off the
        state (:mod:`.rollout`)."""
        want = self._promotion_value(variant, hand, common, candidate, gone)
        if deciding:
            return PROMOTE if want > 0 else REJECT
        return BID[self._choose_bid(variant, hand, common, abs(want))]

    #: what :meth:`act` plays, read off the state (the searches' rollouts: :mod:`.rollout`)
    rollout_move = ReadsState("mazzo.games.nebraska.rollout")

    def _promotion_value(
        self, variant: str, hand: list[Card], common: list[Card], candidate: Card,
        gone: list[Card],
    ) -> float:
        """My gain from promoting minus an average opponent's gain (Monte Carlo)."""
        gain = promotion_gain(variant, common, candidate)
        mine = gain(hand)
        unseen = self._unseen(hand, common, candidate, gone)
        size = len(hand)
        theirs = 0.0
        if unseen and size:
            for _ in range(SAMPLES):
                # rng.sample's hand and draws, cheaper (a decision draws six)
                theirs += gain(sample(unseen, min(size, len(unseen)), self.rng))
            theirs /= SAMPLES
        return mine - theirs

    @staticmethod
    def _unseen(hand: list[Card], common: list[Card], candidate: Card,
                gone: list[Card]) -> list[Card]:
        seen = set(hand) | set(common) | {candidate}
        seen.update(gone)
        return [c for c in DECK if c not in seen]

    @staticmethod
    def _choose_bid(variant: str, hand: list[Card], common: list[Card], stake: float) -> Card:
        """The cheapest card to give up; when the decision matters, the highest cheap card."""
        loss = bid_loss(variant, hand, common)
        losses = {c: loss(c) for c in hand}
        cheapest = min(losses.values())
        cheap = [c for c in hand if losses[c] <= cheapest + 1e-9]
        if stake >= 0.5:
            # winning the decision is worth a high card; spend the highest cheap one
            return max(cheap, key=lambda c: (c & 15, -c))
        return min(cheap, key=lambda c: (c & 15, c))

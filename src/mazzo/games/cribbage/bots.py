"""Cribbage bots that use only the view and the legal actions.

``CribbageHeuristic``: lays away by the exact :func:`discard_analysis` (hand expectation plus or
minus the crib table), pegs by immediate points minus the expected reply (a 15 or 31, a pair, a run)
given the cards it has not seen, avoids leaving a count of 5 or 21, leads low, keeps its low cards
for later (go points), always announces its full score and always calls muggins.

``CribbageExpert`` (esperto, two players to 121): plays to the board (:mod:`.board`): lays away
the cards that maximise its chance to win the game, and searches the play to the end of the deal
in sampled worlds, valuing each end by the board table. Other configurations: a fallback agent.
Its options (off by default: measured on duplicate deals, not in games; docs/cribbage.md) weigh
the worlds by his discard and his plays (:mod:`.infer`) and model his pegging in the search.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from mazzo.cards import Card
from mazzo.engine.agent import Agent, ReadsState, Turn
from mazzo.engine.game import JSON, Action, card_from_token
from mazzo.games.cribbage.actions import ANNOUNCE, DECK, Announce, Claim, Discard, Play
from mazzo.games.cribbage.board import (
    TARGET,
    Opponent,
    PlayPosition,
    pegger_opponent,
    play_worlds,
    rank_discards,
    search_play,
    textbook_opponent,
)
from mazzo.games.cribbage.joint_play import search_play_joint
from mazzo.games.cribbage.pegging import best_pegs, counted_peg_scores, unseen_counts
from mazzo.games.cribbage.scoring import CRANK, VALUE, discard_analysis, peg_total, score_show


def _cards(items: list[str]) -> list[Card]:
    return [card_from_token(t) for t in items]


def _seen(view: JSON) -> set[Card]:
    seen = set(_cards(view.get("hand", [])))
    seen.update(_cards(view.get("discards", [])))
    for laid in view["laid"]:
        seen.update(_cards(laid))
    if view["starter"]:
        seen.add(card_from_token(view["starter"]))
    if view.get("crib"):
        seen.update(_cards(view["crib"]))
    return seen


class CribbageHeuristic:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> Action:
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, Discard):
            return self.discard(turn.seat, turn.view, legal)
        if isinstance(first, Play):
            return self.peg(turn.seat, turn.view, legal)
        if isinstance(first, Announce):
            return ANNOUNCE[self.true_score(turn.seat, turn.view)]
        return next((a for a in legal if isinstance(a, Claim)), legal[0])

    @staticmethod
    def true_score(seat: int, view: JSON) -> int:
        """Count our own pending score from the view (muggins: announce it all)."""
        pend = view["pending"]
        starter = card_from_token(view["starter"])
        if pend["what"] == "hand":
            return score_show(_cards(view["laid"][seat]), starter).total
        if pend["what"] == "crib":
            return score_show(_cards(view["crib"]), starter, crib=True).total
        return pegged_score(seat, view["count"], _cards(view["sequence"]),
                            _cards(view["hand"]), view["hand_counts"], view["go"])

    def discard(self, seat: int, view: JSON, legal: list[Action]) -> Action:
        n = view["players"]
        ours = (view["dealer"] % 2 == seat % 2) if n == 4 else view["dealer"] == seat
        return best_discard(_cards(view["hand"]), ours, legal)

    def peg(self, seat: int, view: JSON, legal: list[Action]) -> Action:
        seen = _seen(view)
        held = view["hand_counts"][(seat + 1) % view["players"]]
        return self.peg_among(view["count"], _cards(view["sequence"]), seen, held, legal)

    def peg_among(self, count: int, sequence: list[Card], seen: Collection[Card], held: int,
                  legal: list[Action]) -> Action:
        """The play among ``legal`` (every one a Play) at ``count`` after ``sequence`` (the
        cards since the reset), when the next player holds ``held`` cards among those not in
        ``seen``; ties drawn from this bot's generator. What :meth:`peg` reads off the view,
        and the search's rollouts off the state (:mod:`.rollout`)."""
        return self.peg_ranked(count, [CRANK[c & 15] for c in sequence], seen, held, legal)

    def peg_ranked(self, count: int, ranks: list[int], seen: Collection[Card], held: int,
                   legal: list[Action]) -> Action:
        """:meth:`peg_among` from the ranks of the cards since the reset (a state keeps them)."""
        by_value, by_rank, unseen = unseen_counts(seen)
        cards = [a.card for a in legal if isinstance(a, Play)]
        assert len(cards) == len(legal)
        scores = counted_peg_scores(count, ranks, by_value, by_rank, unseen, held, cards)
        best = best_pegs(scores)
        return legal[best[self.rng.randrange(len(best))]]

    #: what :meth:`act` plays, read off the state (the searches' rollouts: :mod:`.rollout`)
    rollout_move = ReadsState("mazzo.games.cribbage.rollout")


def pegged_score(seat: int, count: int, sequence: list[Card], hand: list[Card],
                 hand_counts: list[int], goers: list[int]) -> int:
    """The points ``seat`` pegged with the last card of ``sequence`` (now at ``count``), the
    go or the last card included when every other seat is out of cards or said go and its own
    ``hand`` cannot play."""
    points = peg_total([CRANK[c & 15] for c in sequence], count)
    if count == 31:
        return points
    others_stuck = all(hand_counts[s] == 0 or s in goers
                       for s in range(len(hand_counts)) if s != seat)
    room = 31 - count
    if others_stuck and all(VALUE[c & 15] > room for c in hand):
        points += 1  # the go, or the last card
    return points


def best_discard(hand: list[Card], ours: bool, legal: list[Action]) -> Action:
    """The lay-away of ``legal`` that :func:`discard_analysis` ranks first for ``hand`` (the
    crib ``ours`` or not); the first legal move if none matches."""
    wanted = set(discard_analysis(hand, ours)[0].discard)
    for action in legal:
        if isinstance(action, Discard) and set(action.cards) == wanted:
            return action
    return legal[0]


#: worlds sampled per move of the play, by the cards left in both hands (fewer cards: a smaller
#: tree, so more worlds fit in the same time)
PLAY_WORLDS: dict[int, int] = {8: 16, 7: 20, 6: 30, 5: 40, 4: 60}
#: the search replaces medio's card only when its mean is higher by more than this
PLAY_MARGIN = 1e-6


class CribbageExpert:
    """esperto for two players to 121: the board-driven discard and the searched play; any
    other table (3 or 4 players, the game to 61) is played by ``fallback`` (medio if none)."""

    name = "esperto"

    def __init__(self, seed: int | None = None, fallback: Agent | None = None, *,
                 board_discard: bool = True, search: bool = True, play_aware: bool = True,
                 temperature: float | None = None, model: str | None = None,
                 play: float | None = None, joint: bool = False) -> None:
        self.rng = random.Random(seed)
        self.medio = CribbageHeuristic(seed)
        self.fallback: Agent = fallback or self.medio
        #: either half can be switched off (medio's instead) to measure what each is worth
        self.board_discard = board_discard
        self.search = search
        self.play_aware = play_aware
        #: the play's worlds weighted by his discard at this temperature (None: uniform)
        self.temperature = temperature
        #: in the search he plays as a pegger who does not see our cards ("pegger": the simple
        #: one, "textbook": medio's rules), not minimax (None)
        self.opponent = OPPONENTS[model] if model else None
        #: his plays weigh the worlds too, at this temperature (None: only his goes count)
        self.play_temperature = play
        #: with an opponent model: one card per group of worlds we cannot tell apart, not per
        #: world (no strategy fusion, :mod:`.joint_play`)
        self.joint = joint

    def act(self, turn: Turn) -> Action:
        view = turn.view
        if view["players"] != 2 or view["target"] != TARGET:
            return self.fallback.act(turn)
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Discard) and self.board_discard:
            return self.discard(turn.seat, view, legal)
        if isinstance(legal[0], Play) and self.search:
            return self.play(turn)
        return self.medio.act(turn)

    def discard(self, seat: int, view: JSON, legal: list[Action]) -> Action:
        scores = view["scores"]
        best = rank_discards(_cards(view["hand"]), scores[seat], scores[1 - seat],
                             view["dealer"] == seat, self.play_aware)[0]
        wanted = set(best.discard)
        return next(a for a in legal if isinstance(a, Discard) and set(a.cards) == wanted)

    def play(self, turn: Turn) -> Action:
        pos = play_position(turn.seat, turn.view)
        moves = [a.card for a in turn.legal if isinstance(a, Play)]
        worlds = PLAY_WORLDS.get(len(pos.hand) + pos.their_left, 60)
        if self.joint and self.opponent is not None:
            drawn = play_worlds(pos, self.rng, worlds, self.temperature, self.play_temperature)
            values = search_play_joint(pos, moves, drawn, self.opponent)
        else:
            values = search_play(pos, moves, self.rng, worlds, self.temperature, self.opponent,
                                 self.play_temperature)
        usual = self.medio.peg(turn.seat, turn.view, turn.legal)
        assert isinstance(usual, Play)
        best = max(range(len(moves)), key=lambda i: values[i])
        if values[best] > values[moves.index(usual.card)] + PLAY_MARGIN:
            return PLAY_ACTION[moves[best]]
        return usual


PLAY_ACTION: dict[Card, Play] = {c: Play(c) for c in DECK}
OPPONENTS: dict[str, Opponent] = {"pegger": pegger_opponent, "textbook": textbook_opponent}


def play_position(seat: int, view: JSON) -> PlayPosition:
    """What a two-player seat knows in the play, read from its view."""
    opponent = 1 - seat
    hand = tuple(_cards(view["hand"]))
    laid = tuple(_cards(view["laid"][seat]))
    scores = view["scores"]
    return PlayPosition(
        hand=hand,
        kept=(*laid, *hand),
        discards=tuple(_cards(view.get("discards", []))),
        their_laid=tuple(_cards(view["laid"][opponent])),
        their_left=view["hand_counts"][opponent],
        their_min_value=_go_floor(seat, view),
        starter=card_from_token(view["starter"]),
        sequence=tuple(_cards(view["sequence"])),
        count=view["count"],
        dealer=view["dealer"] == seat,
        me=scores[seat],
        them=scores[opponent],
    )


def _go_floor(seat: int, view: JSON) -> int:
    """The least count value the opponent's cards can have: after his go at count c, 32 - c.
    He said go right after the first of the cards we laid since his last one."""
    if (1 - seat) not in view["go"]:
        return 0
    sequence = _cards(view["sequence"])
    ours = set(_cards(view["laid"][seat]))
    start = len(sequence)
    while start > 0 and sequence[start - 1] in ours:
        start -= 1
    if start == len(sequence):
        return 0
    return 32 - sum(VALUE[c & 15] for c in sequence[: start + 1])


class CribbageReader(CribbageExpert):
    """The esperto, reading the opponent's hand: the play's worlds weighted
    by how likely a competent player kept his four (his keep at temperature 0.5) and by his
    plays so far (temperature 1), and in the search he answers as a textbook pegger who cannot
    see our cards. Beliefs a player who is not exactly medio still fits (docs/cribbage.md)."""

    def __init__(self, seed: int | None = None, fallback: Agent | None = None) -> None:
        super().__init__(seed, fallback, temperature=0.5, play=1.0, model="textbook")


"""The play solved over all sampled worlds at once, one card per thing we can tell apart.

:func:`.board.search_play` solves each world alone: at our later turns it picks the best card
for *that* world, as if by then we would know his cards (strategy fusion), and averages those
values. Here the worlds stay together. At our turn one card is chosen for every world we cannot
tell apart (all those that agree with what he has laid since), by its weighted sum over them;
at his turn each world's card comes from his policy (a pegger who does not see our cards: his
card depends on his hand and the public play only), and the worlds split by the card he lays or
by his go. What is public (the count, the cards laid, the scores) is the same for every world of
a group; only his hand, his show and the crib differ. The value is then exactly the chance to win
of a player who decides on what it will have seen, against that model of him.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mazzo.cards import Card
from mazzo.games.cribbage.board import TARGET, Opponent, PlayPosition, Reply, win_chance
from mazzo.games.cribbage.infer import World
from mazzo.games.cribbage.scoring import CRANK, VALUE, peg_total, show_total


@dataclass(frozen=True, slots=True)
class _World:
    """One world as the play goes on: its weight, his unplayed cards, his policy and what the
    show adds once the play is over (his hand; the crib, counted for the dealer)."""

    weight: float
    hand: tuple[Card, ...]
    reply: Reply
    their_show: int
    crib: int


Group = list[_World]


def search_play_joint(pos: PlayPosition, moves: Sequence[Card], drawn: dict[World, int],
                      opponent: Opponent) -> list[float]:
    """Our chance to win after each card of ``moves``: the worlds ``drawn`` (each with how
    often it was drawn) solved together, our later cards chosen per group of worlds we cannot
    tell apart, his by ``opponent``'s policy in each world."""
    our_show = show_total(pos.kept, pos.starter)
    group = [
        _World(float(n), hand, opponent(pos, hand, away),
               show_total((*pos.their_laid, *hand), pos.starter),
               show_total((*pos.discards, *away), pos.starter, crib=True))
        for (hand, away), n in drawn.items()
    ]
    total = sum(w.weight for w in group)
    solver = _Joint(pos.dealer, our_show)
    ranks = tuple(CRANK[c & 15] for c in pos.sequence)
    return [solver.after_card(pos.hand, pos.their_left, group, 0, card, pos.count, ranks,
                              (pos.me, pos.them)) / total
            for card in moves]


class _Joint:
    """The recursion, with what is the same everywhere: who deals and our show."""

    def __init__(self, dealer: bool, our_show: int) -> None:
        self.dealer = dealer
        self.our_show = our_show

    def leaf(self, group: Group, me: int, them: int) -> float:
        """After the play, summed over the worlds: the pone counts, then the dealer's hand and
        crib, then the board (as :func:`.board._solve`'s leaf)."""
        value = 0.0
        for w in group:
            if self.dealer:
                his = them + w.their_show
                if his >= TARGET:
                    continue
                mine = me + self.our_show + w.crib
                value += w.weight * (1.0 if mine >= TARGET else 1.0 - win_chance(his, mine))
            else:
                mine = me + self.our_show
                if mine >= TARGET:
                    value += w.weight
                    continue
                his = them + w.their_show + w.crib
                value += w.weight * (0.0 if his >= TARGET else win_chance(mine, his))
        return value

    def after_card(self, ours: tuple[Card, ...], theirs: int, group: Group, player: int,
                   card: Card, count: int, ranks: tuple[int, ...],
                   scores: tuple[int, int]) -> float:
        """Once ``player`` (0 us, 1 him) lays ``card``: ``ours`` and ``theirs`` (how many he
        holds, the same in every world) are the hands before it; ``group``'s hands already
        lack it."""
        count += VALUE[card & 15]
        ranks = (*ranks, CRANK[card & 15])
        points = peg_total(ranks, count)
        if player == 0:
            ours = tuple(c for c in ours if c != card)
        else:
            theirs -= 1
        if not ours and not theirs and count != 31:
            points += 1  # the last card
        if points:
            scores = _add(scores, player, points)
            if scores[player] >= TARGET:
                return _weight(group) if player == 0 else 0.0
        if count == 31:  # reset at once; the other player leads if he can
            return self.turn(ours, theirs, group, 1 - player, 0, (), player, scores)
        return self.turn(ours, theirs, group, 1 - player, count, ranks, player, scores)

    def turn(self, ours: tuple[Card, ...], theirs: int, group: Group, player: int, count: int,
             ranks: tuple[int, ...], last: int, scores: tuple[int, int]) -> float:
        """``player`` to lay a card or say go; ``last`` laid the previous card."""
        if not ours and not theirs:
            return self.leaf(group, *scores)
        room = 31 - count
        if player == 0:
            playable = [c for c in ours if VALUE[c & 15] <= room]
            if playable:
                return max(self.after_card(ours, theirs, group, 0, card, count, ranks, scores)
                           for card in playable)
            able: Group = []
            stuck: Group = []
            for w in group:
                (able if any(VALUE[c & 15] <= room for c in w.hand) else stuck).append(w)
            value = self.turn(ours, theirs, able, 1, count, ranks, last, scores) if able else 0.0
            if stuck:
                value += self.nobody(ours, theirs, stuck, count, last, scores)
            return value
        return self.his_turn(ours, theirs, group, count, ranks, last, scores)

    def his_turn(self, ours: tuple[Card, ...], theirs: int, group: Group, count: int,
                 ranks: tuple[int, ...], last: int, scores: tuple[int, int]) -> float:
        """His turn: each world's card by his policy, the worlds split by it (and by his go)."""
        room = 31 - count
        branches: dict[Card, Group] = {}
        stuck: Group = []
        for w in group:
            playable = [c for c in w.hand if VALUE[c & 15] <= room]
            if not playable:
                stuck.append(w)
                continue
            for card, chance in w.reply(playable, count, ranks, ours):
                rest = tuple(c for c in w.hand if c != card)
                branches.setdefault(card, []).append(
                    _World(w.weight * chance, rest, w.reply, w.their_show, w.crib))
        value = sum(self.after_card(ours, theirs, branch, 1, card, count, ranks, scores)
                    for card, branch in branches.items())
        if stuck:  # his go: we play on if we can, else nobody can
            if any(VALUE[c & 15] <= room for c in ours):
                value += self.turn(ours, theirs, stuck, 0, count, ranks, last, scores)
            else:
                value += self.nobody(ours, theirs, stuck, count, last, scores)
        return value

    def nobody(self, ours: tuple[Card, ...], theirs: int, group: Group, count: int, last: int,
               scores: tuple[int, int]) -> float:
        """Nobody can lay a card: a go for the last player, and a new count."""
        if count:
            scores = _add(scores, last, 1)
            if scores[last] >= TARGET:
                return _weight(group) if last == 0 else 0.0
        holds = theirs if last == 0 else len(ours)
        leader = 1 - last if holds else last
        return self.turn(ours, theirs, group, leader, 0, (), last, scores)


def _add(scores: tuple[int, int], player: int, points: int) -> tuple[int, int]:
    return (scores[0] + points, scores[1]) if player == 0 else (scores[0], scores[1] + points)


def _weight(group: Group) -> float:
    return sum(w.weight for w in group)

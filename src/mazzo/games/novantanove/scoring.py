"""Novantanove scoring as pure, table-driven functions (rules §3, §4, §7, §8).

Public API: :func:`bid_value` and :func:`score_deal`; the rest (successes, trump for the next
deal, trick winner, game end and bonuses) is what the state machine uses.
"""

from __future__ import annotations

from collections.abc import Sequence

from mazzo.cards import CLUBS, DIAMONDS, HEARTS, JOKER_SUIT, SPADES, Card

NO_TRUMP = -1
#: tricks bid by one bid card of each suit: ♣ 3, ♥ 2, ♠ 1, ♦ 0 (index = suit id)
SUIT_CODE: tuple[int, ...] = tuple(
    {CLUBS: 3, HEARTS: 2, SPADES: 1, DIAMONDS: 0}[s] for s in range(4)
)
#: trump suit of the next deal by the number of successes in this one (4: no trump)
TRUMP_BY_SUCCESSES: tuple[int, ...] = (DIAMONDS, SPADES, HEARTS, CLUBS, NO_TRUMP)
#: bonus to each successful player by the number of successful players
SUCCESS_BONUS: tuple[int, ...] = (0, 30, 20, 10, 0)
DECLARE_PREMIUM = 30
REVEAL_PREMIUM = 60
PREMIUMS = (0, DECLARE_PREMIUM, REVEAL_PREMIUM)
GAME_BONUS = 100
RUBBER_GAMES = 3


def bid_value(cards: Sequence[Card], joker_suit: int | None = None) -> int:
    """Tricks bid by these bid cards: the sum of their suit codes.

    In the classic game the joker counts as the turned-up card: pass that card's suit as
    ``joker_suit`` (``None`` when a joker cannot be among the cards).
    """
    total = 0
    for c in cards:
        suit = (c >> 4) & 15
        if suit == JOKER_SUIT:
            if joker_suit is None:
                raise ValueError("the joker's bid value needs the turn-up suit (joker_suit)")
            suit = joker_suit
        total += SUIT_CODE[suit]
    return total


def successes(
    bids: Sequence[int], tricks: Sequence[int], dummy: int | None = None
) -> list[bool]:
    """Who succeeded: exactly the bid; the 2-player dummy also when it won fewer than bid."""
    out = [b == t for b, t in zip(bids, tricks, strict=True)]
    if dummy is not None:
        out[dummy] = tricks[dummy] <= bids[dummy]
    return out


def next_trump(success_count: int) -> int:
    """Trump suit of the next deal (``NO_TRUMP`` when all four succeeded)."""
    return TRUMP_BY_SUCCESSES[success_count]


def score_deal(
    bids: Sequence[int],
    tricks: Sequence[int],
    premium: Sequence[int] | None = None,
    dummy: int | None = None,
) -> list[int]:
    """Each hand's points for one deal.

    ``premium[i]`` is 30 if hand ``i`` declared, 60 if it revealed, else 0 (``None``: nobody).
    ``dummy`` is the dummy's hand index in the 2-player game: it succeeds with fewer tricks than
    bid, and with exactly its bid it also scores the declare premium. Premiums of failed bidders
    go to every other hand, except that two failed declarers do not pay each other.
    """
    n = len(bids)
    if len(tricks) != n or (premium is not None and len(premium) != n):
        raise ValueError("bids, tricks and premium need one entry per hand")
    prem = list(premium) if premium is not None else [0] * n
    if any(p not in PREMIUMS for p in prem):
        raise ValueError(f"a premium is one of {PREMIUMS}")
    if dummy is None and sum(1 for p in prem if p) > 1:
        raise ValueError("only one player per deal may make a premium bid")
    return deal_points(bids, tricks, prem, dummy, successes(bids, tricks, dummy))


def deal_points(
    bids: Sequence[int], tricks: Sequence[int], premium: Sequence[int], dummy: int | None,
    ok: Sequence[bool],
) -> list[int]:
    """:func:`score_deal` of arguments known valid, given their :func:`successes` ``ok`` (the
    state scores every deal of a search's rollouts, and needs both)."""
    bonus = SUCCESS_BONUS[sum(ok)]
    points = [t + bonus if s else t for t, s in zip(tricks, ok, strict=True)]
    if dummy is not None and tricks[dummy] == bids[dummy]:
        points[dummy] += DECLARE_PREMIUM
    if not any(premium):
        return points
    failed = [bool(p) and not s for p, s in zip(premium, ok, strict=True)]
    for i, p in enumerate(premium):
        if not p:
            continue
        if ok[i]:
            points[i] += p
            continue
        for j in range(len(points)):
            if j != i and not failed[j]:
                points[j] += p
    return points


def trick_winner(
    cards: Sequence[Card], trump: int, suit_of: Sequence[int], rank_of: Sequence[int]
) -> int:
    """Index in ``cards`` (in play order) of the trick's winner.

    ``suit_of``/``rank_of`` map a card id to its suit and rank in this deal (the classic joker
    takes the turn-up's); the highest trump wins, otherwise the highest card of the suit led.
    """
    best = 0
    best_suit = suit_of[cards[0]]
    best_rank = rank_of[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        s = suit_of[c]
        if s == best_suit:
            if rank_of[c] > best_rank:
                best, best_rank = i, rank_of[c]
        elif s == trump:
            best, best_suit, best_rank = i, s, rank_of[c]
    return best


def game_winner(totals: Sequence[int], target: int) -> int | None:
    """The game's winner once someone reached ``target``; ``None`` if nobody did or the highest
    totals are equal (then one more deal is played)."""
    best = max(totals)
    if best < target or list(totals).count(best) > 1:
        return None
    return list(totals).index(best)


def game_bonuses(totals: Sequence[int], target: int, winner: int) -> list[int]:
    """The 100 game bonus: to the winner and to every other player at ``target`` or more."""
    return [GAME_BONUS if i == winner or t >= target else 0 for i, t in enumerate(totals)]


def rubber_bonus(games_played: int) -> int:
    """100 for each game fewer than eight, e.g. 500 for three straight wins ([D] never negative:
    four players can need nine games)."""
    return max(0, 100 * (8 - games_played))

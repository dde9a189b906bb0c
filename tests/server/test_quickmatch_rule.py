"""The quick match's rule, alone: who may sit with whom as the rating window widens, how a
table forms around the longest waiting ticket, and when bots fill the rest."""

from __future__ import annotations

import math

from mazzo.server.quickmatch import WINDOW_OPEN_S, WINDOW_START, groups, window
from mazzo.server.storage.base import QueueTicket


def ticket(name: str, rating: float, created: float = 0.0, bots_after_s: float | None = None,
           account: str | None = None) -> QueueTicket:
    return QueueTicket(name, "cribbage", 2, account, name, rating, bots_after_s, created,
                       created)


def names(formed: list[list[QueueTicket]]) -> list[list[str]]:
    return [[t.ticket for t in group] for group in formed]


def test_the_window_widens_with_the_wait_and_opens_at_last() -> None:
    assert window(0) == WINDOW_START
    assert window(20) == WINDOW_START + 5
    assert window(WINDOW_OPEN_S) == math.inf


def test_near_ratings_pair_at_once_and_far_ones_after_a_wait() -> None:
    near = [ticket("ada", 25), ticket("bea", 26.5)]
    assert names(groups(near, 2, now=0)) == [["ada", "bea"]]
    far = [ticket("ada", 25), ticket("bea", 35)]
    assert groups(far, 2, now=0) == []
    assert groups(far, 2, now=31) == []  # ten points apart: each must reach 10
    assert names(groups(far, 2, now=32)) == [["ada", "bea"]]
    # a newcomer's narrow window keeps a long waiting one from taking them at once
    waited = [ticket("ada", 25, created=0), ticket("bea", 35, created=60)]
    assert groups(waited, 2, now=60) == []
    assert names(groups(waited, 2, now=WINDOW_OPEN_S + 1)) == [["ada", "bea"]]


def test_the_longest_waiting_ticket_is_seated_first_and_younger_ones_pair_meanwhile() -> None:
    queue = [ticket("ada", 10, created=0), ticket("bea", 30, created=1),
             ticket("cleo", 30.5, created=2), ticket("dario", 10.5, created=3)]
    assert names(groups(queue, 2, now=3)) == [["ada", "dario"], ["bea", "cleo"]]
    lonely = [ticket("ada", 10, created=0), ticket("bea", 30, created=1),
              ticket("cleo", 30.5, created=2)]
    assert names(groups(lonely, 2, now=3)) == [["bea", "cleo"]]


def test_one_account_never_sits_twice() -> None:
    twice = [ticket("ada", 25, account="a"), ticket("ada-phone", 25, account="a")]
    assert groups(twice, 2, now=0) == []


def test_bots_fill_once_the_wait_is_over_and_only_for_those_who_asked() -> None:
    queue = [ticket("ada", 25, bots_after_s=30), ticket("bea", 40, bots_after_s=None)]
    assert groups(queue, 3, now=29) == []
    assert names(groups(queue, 3, now=30)) == [["ada"]]  # bea never wants bots
    both = [ticket("ada", 25, bots_after_s=0), ticket("bea", 25.5, bots_after_s=0)]
    assert names(groups(both, 3, now=0)) == [["ada", "bea"]]  # two people and one bot

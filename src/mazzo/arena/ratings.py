"""Confidence intervals and ratings, in pure Python.

- :func:`wilson`: the 95 % Wilson score interval of a proportion (draws count as half a win).
- :func:`elo_ratings`: Bradley–Terry maximum likelihood over every pairwise result, on the Elo
  scale (400·log10 of the strength ratio; +100 ≈ 64 % expected score). Each pair gets one virtual
  drawn game so that a bot that never lost still has a finite rating.
- :func:`weng_lin`: the Weng–Lin (2011) Bayesian approximation of the Plackett–Luce model, the
  rating used by openskill: every match is a ranking of its sides; each side has a Gaussian skill
  (mu, sigma) updated in match order. Used when matches have three or more sides.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

Z95: Final = 1.959963984540054


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95 % Wilson interval for ``score`` successes (may be fractional) out of ``n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = score / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_difference(score: float) -> float:
    """Elo difference implied by an expected score in 0..1 (clamped to ±1200)."""
    s = min(max(score, 1e-3), 1 - 1e-3)
    return max(-1200.0, min(1200.0, 400 * math.log10(s / (1 - s))))


def elo_ratings(
    names: Sequence[str],
    wins: dict[tuple[str, str], float],
    anchor: str | None = None,
    iterations: int = 2000,
) -> dict[str, float]:
    """Bradley–Terry strengths on the Elo scale.

    ``wins[(a, b)]`` is a's score against b (wins + half the draws). The result is shifted so that
    ``anchor`` (e.g. ``random``) is 0, or so that the mean is 0 when there is no anchor.
    """
    names = list(names)
    score = {a: 0.0 for a in names}
    games: dict[tuple[str, str], float] = {}
    for a in names:
        for b in names:
            if a >= b:
                continue
            ab, ba = wins.get((a, b), 0.0), wins.get((b, a), 0.0)
            if ab + ba == 0:
                continue
            games[(a, b)] = ab + ba + 1.0  # one virtual draw keeps ratings finite
            score[a] += ab + 0.5
            score[b] += ba + 0.5
    gamma = {a: 1.0 for a in names}
    for _ in range(iterations):
        new = {}
        for a in names:
            denom = 0.0
            for (x, y), n in games.items():
                if a in (x, y):
                    other = y if a == x else x
                    denom += n / (gamma[a] + gamma[other])
            new[a] = score[a] / denom if denom > 0 else gamma[a]
        norm = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {a: v / norm for a, v in new.items()}
        change = max(abs(new[a] - gamma[a]) for a in names)
        gamma = new
        if change < 1e-10:
            break
    elo = {a: 400 * math.log10(gamma[a]) for a in names}
    shift = elo[anchor] if anchor in elo else sum(elo.values()) / len(elo)
    return {a: round(v - shift, 1) for a, v in elo.items()}


@dataclass
class Skill:
    """A Weng–Lin rating: mean and standard deviation of the skill; ``ordinal`` = mu − 3·sigma."""

    mu: float = 25.0
    sigma: float = 25.0 / 3

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def weng_lin_update(
    skills: Sequence[Skill], ranks: Sequence[int], beta: float = 25.0 / 6, kappa: float = 1e-4
) -> list[Skill]:
    """New skills after one match; ``ranks[i]`` is side i's place (0 = first, ties share)."""
    c = math.sqrt(sum(s.sigma**2 + beta**2 for s in skills))
    strength = [math.exp(s.mu / c) for s in skills]
    # sum of strengths of the sides placed at or below each side (the Plackett–Luce denominators)
    below = [sum(e for e, r in zip(strength, ranks, strict=True) if r >= rq) for rq in ranks]
    ties = [sum(1 for r in ranks if r == rq) for rq in ranks]
    out = []
    for i, skill in enumerate(skills):
        omega = delta = 0.0
        for q in range(len(skills)):
            if ranks[q] > ranks[i]:
                continue
            share = strength[i] / below[q]
            omega += ((1.0 if q == i else 0.0) - share) / ties[q]
            delta += share * (1 - share) / ties[q]
        var = skill.sigma**2
        gamma = skill.sigma / c
        mu = skill.mu + omega * var / c
        sigma = math.sqrt(var * max(1 - delta * gamma * var / c**2, kappa))
        out.append(Skill(mu, sigma))
    return out


def weng_lin(
    names: Sequence[str], matches: Sequence[Sequence[tuple[str, int]]]
) -> dict[str, Skill]:
    """Ratings after every match in order; a match is a list of (side name, rank)."""
    skills = {a: Skill() for a in names}
    for match in matches:
        sides = [name for name, _ in match]
        updated = weng_lin_update([skills[n] for n in sides], [r for _, r in match])
        for name, skill in zip(sides, updated, strict=True):
            skills[name] = skill
    return skills

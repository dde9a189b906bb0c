"""Confidence intervals and ratings.

- :func:`wilson`: the 95 % Wilson score interval of a proportion (draws count as half a win).
- :func:`elo_ratings`: Bradley–Terry maximum likelihood over every pairwise result, on the Elo
  scale (400·log10 of the strength ratio; +100 ≈ 64 % expected score). Each pair gets one virtual
  drawn game so that a bot that never lost still has a finite rating.
- :func:`weng_lin`: the Weng–Lin (2011) Bayesian approximation of the Plackett–Luce model, from
  the ``openskill`` library: every match is a ranking of its sides; each side has a Gaussian
  skill (mu, sigma) updated in match order. The arena uses it when matches have three or more
  sides; rated tables of people use it for every match (:func:`rate_match`).
- :func:`shown`: the number a player sees, the conservative mu − 3·sigma on an Elo-like scale
  (docs/ratings.md says why these constants).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce, PlackettLuceRating

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


#: a new player's skill: openskill's defaults (mu 25, sigma 25/3, so mu − 3·sigma = 0)
DEFAULT_MU: Final = 25.0
DEFAULT_SIGMA: Final = 25.0 / 3
#: the skill noise added before each match of a person (openskill's default, 25/300): people
#: learn, so a rating never freezes; bots do not, so the arena adds none
PEOPLE_TAU: Final = 25.0 / 300
#: shown points per unit of mu: with settled ratings Plackett–Luce gives a side ``d`` mu ahead
#: the odds exp(d/√2β) (β = 25/6), which is Elo's odds at 29.5·d points; rounded to 30
SCALE: Final = 30
#: shown points of a player of mu 25 (the average newcomer) with no uncertainty left, as Elo's 1500
CENTRE: Final = 1500
#: matches under which a rating is provisional (shown with a mark): by then a two-player
#: newcomer of even results against settled players has sigma 5.1 (from 8.3), the doubt that
#: separates its shown number (about 1,050) from its skill (1,500) down by a third
#: (docs/ratings.md)
PROVISIONAL_MATCHES: Final = 10


@dataclass
class Skill:
    """A Weng–Lin rating: mean and standard deviation of the skill; ``ordinal`` = mu − 3·sigma."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def model(tau: float = PEOPLE_TAU) -> PlackettLuce:
    """The Plackett–Luce model of every rating here (openskill's defaults but ``tau``)."""
    return PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA, tau=tau)


def rate_match(
    sides: Sequence[Sequence[Skill]], ranks: Sequence[int], tau: float = PEOPLE_TAU
) -> list[list[Skill]]:
    """New skills after one match. ``sides[i]`` are the players of side i (one, or a pair that
    shares its result), ``ranks[i]`` its place (0 = first, ties share a place)."""
    if len(sides) != len(ranks) or len(sides) < 2 or not all(sides):
        raise ValueError("a match needs two or more sides of at least one player, one rank each")
    teams = [[PlackettLuceRating(s.mu, s.sigma) for s in side] for side in sides]
    rated = model(tau).rate(teams, ranks=[float(r) for r in ranks])
    return [[Skill(r.mu, r.sigma) for r in team] for team in rated]


def weng_lin(
    names: Sequence[str], matches: Sequence[Sequence[tuple[str, int]]]
) -> dict[str, Skill]:
    """Ratings after every match in order; a match is a list of (side name, rank). Bots do not
    learn, so no noise is added between matches (tau 0)."""
    skills = {a: Skill() for a in names}
    for match in matches:
        sides = [name for name, _ in match]
        updated = rate_match([[skills[n]] for n in sides], [r for _, r in match], tau=0.0)
        for name, (skill,) in zip(sides, updated, strict=True):
            skills[name] = skill
    return skills


def shown(mu: float, sigma: float) -> int:
    """The rating a player sees: the conservative mu − 3·sigma (the skill is above it with 99.9 %
    confidence), on the Elo-like scale: ``CENTRE + SCALE·(mu − 3·sigma − 25)``. A newcomer
    shows 750 and rises as matches make the rating surer."""
    return round(CENTRE + SCALE * (mu - 3 * sigma - DEFAULT_MU))


def shown_reference(mu: float) -> int:
    """A bot level's reference on the same scale: its measured mu with no uncertainty, what a
    player of the same skill shows once settled."""
    return round(CENTRE + SCALE * (mu - DEFAULT_MU))


def provisional(matches: int) -> bool:
    """Whether a rating of ``matches`` matches is still provisional (shown with a mark)."""
    return matches < PROVISIONAL_MATCHES

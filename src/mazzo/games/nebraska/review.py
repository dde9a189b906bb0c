"""How the esperto's review values Nebraska: the hand's points against the other seats'."""

from __future__ import annotations

from mazzo.engine.review import ReviewRules

#: losses in points of the hand (a hand moves a seat's score by about one point): a tenth is
#: good, a quarter an inaccuracy, half a point a mistake
RULES = ReviewRules(thresholds=(0.1, 0.25, 0.5), worlds=24)
